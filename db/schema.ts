import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import {
  ROLES,
  SUBSCRIPTION_TIERS,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_PLANS,
  GAMES,
  CONTENT_TYPES,
  DIFFICULTIES,
  REQUIRED_TIERS,
  VIDEO_PROVIDERS,
  COMMENT_TARGETS,
  BLOG_CATEGORIES,
  TIP_STATUSES,
  OAUTH_PROVIDERS,
  TOKEN_PURPOSES,
  SEARCH_KINDS,
  PATCH_STATUSES,
  STATUS_ITEM_KINDS,
  PROGRESS_STAGES,
  AUDIT_ACTIONS,
  GAMEPLAN_SITUATIONS,
} from "./enums.ts";

export * from "./enums.ts";

const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(CAST(unixepoch('subsec') * 1000 AS INTEGER))`);
const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(CAST(unixepoch('subsec') * 1000 AS INTEGER))`);

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    role: text("role", { enum: ROLES }).notNull().default("user"),
    profileImageUrl: text("profile_image_url"),
    passwordHash: text("password_hash"),
    emailConfirmedAt: integer("email_confirmed_at", { mode: "timestamp_ms" }),
    // Sessions created before this instant are void (password change or reset).
    sessionsValidAfter: integer("sessions_valid_after", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`0`),
    subscriptionTier: text("subscription_tier", { enum: SUBSCRIPTION_TIERS }).notNull().default("free"),
    subscriptionStatus: text("subscription_status", { enum: SUBSCRIPTION_STATUSES })
      .notNull()
      .default("inactive"),
    subscriptionPlan: text("subscription_plan", { enum: SUBSCRIPTION_PLANS }),
    subscriptionStartDate: integer("subscription_start_date", { mode: "timestamp_ms" }),
    subscriptionEndDate: integer("subscription_end_date", { mode: "timestamp_ms" }),
    cancelAtPeriodEnd: integer("cancel_at_period_end", { mode: "boolean" }).notNull().default(false),
    accessExpiresAt: integer("access_expires_at", { mode: "timestamp_ms" }),
    stripeCustomerId: text("stripe_customer_id"),
    stripeSubscriptionId: text("stripe_subscription_id"),
    // Notifications (Account Settings, 'Notifications' card): the daily e-mail digest, the bell, and
    // the games whose new content goes into the digest.
    notifyDigest: integer("notify_digest", { mode: "boolean" }).notNull().default(true),
    notifyInSite: integer("notify_in_site", { mode: "boolean" }).notNull().default(true),
    followGames: text("follow_games", { mode: "json" }).$type<Game[]>().notNull().default(sql`'[]'`),
    // 'Mark all as read': every notification up to this instant is read.
    notificationsReadAt: integer("notifications_read_at", { mode: "timestamp_ms" }).notNull().default(sql`0`),
    // The instant the member's last digest covers changes up to (null: never sent one).
    digestThrough: integer("digest_through", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("users_email_unique").on(table.email),
    uniqueIndex("users_stripe_customer_unique").on(table.stripeCustomerId),
    index("users_stripe_subscription_idx").on(table.stripeSubscriptionId),
    index("users_created_at_idx").on(table.createdAt),
    index("users_access_expires_idx").on(table.subscriptionTier, table.accessExpiresAt),
    index("users_status_idx").on(table.subscriptionStatus),
  ],
);

export const oauthAccounts = sqliteTable(
  "oauth_accounts",
  {
    provider: text("provider", { enum: OAUTH_PROVIDERS }).notNull(),
    providerUserId: text("provider_user_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.providerUserId] }),
    index("oauth_accounts_user_idx").on(table.userId),
  ],
);

// Single-use tokens (e-mail confirmation, password reset): only the SHA-256 of the token is stored.
export const authTokens = sqliteTable(
  "auth_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: TOKEN_PURPOSES }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("auth_tokens_user_purpose_idx").on(table.userId, table.purpose)],
);

export const content = sqliteTable(
  "content",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    type: text("type", { enum: CONTENT_TYPES }).notNull().default("meta-scheme"),
    game: text("game", { enum: GAMES }).notNull().default("college"),
    thumbnailUrl: text("thumbnail_url"),
    videoUrl: text("video_url"),
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    difficulty: text("difficulty", { enum: DIFFICULTIES }).notNull().default("beginner"),
    requiredTier: text("required_tier", { enum: REQUIRED_TIERS }).notNull().default("premium"),
    isPublished: integer("is_published", { mode: "boolean" }).notNull().default(true),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    views: integer("views").notNull().default(0),
    runtime: text("runtime"),
    // Where it stands against its game's title updates is in content_status (contentStatuses, below).
    // When it was first published (null for a draft never published): the digest's 'new in the
    // games you follow' goes by it, so a draft published later reaches every follower once.
    publishedAt: integer("published_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("content_slug_unique").on(table.slug),
    index("content_game_published_at_idx").on(table.game, table.isPublished, table.publishedAt),
    index("content_game_listing_idx").on(table.game, table.isPublished, table.createdAt),
    index("content_game_type_listing_idx").on(table.game, table.type, table.isPublished, table.createdAt),
    index("content_type_listing_idx").on(table.type, table.isPublished, table.createdAt),
    index("content_published_idx").on(table.isPublished, table.createdAt),
    index("content_author_idx").on(table.authorId),
    index("content_created_at_idx").on(table.createdAt),
    // Our own uploaded intro videos: whether one is used (who may play it, the staff's video list).
    index("content_own_video_idx").on(table.videoUrl).where(sql`video_url LIKE '/media/%'`),
  ],
);

/**
 * Where an item or a play stands against its game's title updates: its status, the update it names,
 * the staff note and the link to what to use instead, and when it last changed (the editors'
 * revision). The same five columns in content_status and play_status, each table's own builders.
 */
function patchStatusColumns() {
  return {
    status: text("status", { enum: PATCH_STATUSES }).notNull().default("verified"),
    statusUpdateId: integer("status_update_id").references(() => titleUpdates.id, { onDelete: "set null" }),
    statusNote: text("status_note"),
    statusAlternative: text("status_alternative"),
    statusChangedAt: integer("status_changed_at", { mode: "timestamp_ms" }),
  };
}

/**
 * Where a content item stands against its game's title updates (the patch tracker,
 * app/server/patch.server.ts): one row per item, made by a trigger when the item is and deleted with
 * it (migrations/0020_content_status.sql). A narrow table of its own, as play_status is for plays, so
 * that patch day's bulk re-test of a game's items (50,000 at volume size) rewrites rows of a few
 * dozen bytes, not the items' whole rows. It carries copies of the item's game, type, published flag
 * and creation time, kept by a trigger on every change of theirs, so that 'Works on current update'
 * listings, their totals, the queue and patch day read this table's indexes alone.
 */
export const contentStatuses = sqliteTable(
  "content_status",
  {
    contentId: integer("content_id")
      .primaryKey()
      .references(() => content.id, { onDelete: "cascade" }),
    game: text("game", { enum: GAMES }).notNull(),
    type: text("type", { enum: CONTENT_TYPES }).notNull(),
    isPublished: integer("is_published", { mode: "boolean" }).notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    ...patchStatusColumns(),
  },
  (table) => [
    // The re-test queue and patch day by game and status; with is_published and type it also counts a
    // 'Works on current update' listing from the index alone.
    index("content_status_game_status_idx").on(table.game, table.status, table.isPublished, table.type),
    // 'Works on current update' listings (app/server/content.server.ts worksOnCurrentUpdate).
    index("content_status_working_idx").on(table.game, table.isPublished, table.createdAt).where(sql`status IN ('verified', 'adjusted')`),
    index("content_status_working_type_idx").on(table.game, table.type, table.isPublished, table.createdAt).where(sql`status IN ('verified', 'adjusted')`),
  ],
);

// An item's earlier slugs. A new title can give an item a new slug; links to the old one (shared,
// bookmarked, in e-mails already sent) lead to its page instead of a 404. A slug taken by a live
// item is never looked up here, and an item's removal removes its rows.
export const contentSlugRedirects = sqliteTable(
  "content_slug_redirects",
  {
    oldSlug: text("old_slug").primaryKey(),
    contentId: integer("content_id")
      .notNull()
      .references(() => content.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [index("content_slug_redirects_content_idx").on(table.contentId)],
);

// A formation's old slug within its scheme, leading to the formation it was renamed from (its id
// is kept: decision 0021). Read only where the formation page would be a 404 (decision 0020).
export const sectionSlugRedirects = sqliteTable(
  "section_slug_redirects",
  {
    contentId: integer("content_id")
      .notNull()
      .references(() => content.id, { onDelete: "cascade" }),
    oldSlug: text("old_slug").notNull(),
    sectionId: integer("section_id")
      .notNull()
      .references(() => contentSections.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.contentId, table.oldSlug] }), index("section_slug_redirects_section_idx").on(table.sectionId)],
);

// A formation of a scheme.
export const contentSections = sqliteTable(
  "content_sections",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    contentId: integer("content_id")
      .notNull()
      .references(() => content.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    description: text("description"),
    imageUrl: text("image_url"),
    position: integer("position").notNull().default(0),
  },
  (table) => [
    uniqueIndex("content_sections_content_slug_unique").on(table.contentId, table.slug),
    index("content_sections_content_position_idx").on(table.contentId, table.position),
    index("content_sections_image_idx").on(table.imageUrl),
  ],
);

export const contentPlays = sqliteTable(
  "content_plays",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    sectionId: integer("section_id")
      .notNull()
      .references(() => contentSections.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    description: text("description"),
    imageUrl: text("image_url"),
    videoProvider: text("video_provider", { enum: VIDEO_PROVIDERS }).notNull().default("youtube"),
    videoUrl: text("video_url"),
    runtime: text("runtime"),
    // Situations a play suits ('vs blitz', 'red zone'...), searchable and offered as filters.
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    position: integer("position").notNull().default(0),
  },
  (table) => [
    uniqueIndex("content_plays_section_slug_unique").on(table.sectionId, table.slug),
    index("content_plays_section_position_idx").on(table.sectionId, table.position),
    index("content_plays_image_idx").on(table.imageUrl),
    index("content_plays_video_idx").on(table.videoUrl),
  ],
);

/**
 * Where a play stands against its game's title updates (the patch tracker, app/server/patch.server.ts):
 * one row per play, made by a trigger when the play is (migrations/0011_play_status.sql) and deleted
 * with it. A narrow table of its own, so that patch day's bulk re-test of every play of a game
 * rewrites rows of a few bytes, not the plays' whole rows (180,000 of them at volume size).
 */
export const playStatuses = sqliteTable(
  "play_status",
  {
    playId: integer("play_id")
      .primaryKey()
      .references(() => contentPlays.id, { onDelete: "cascade" }),
    ...patchStatusColumns(),
  },
  (table) => [
    // The re-test queue's plays; a partial index, so a patch day's bulk re-test only adds to it.
    index("play_status_retest_idx").on(table.status).where(sql`status = 'needs-retest'`),
  ],
);

export const contentRatings = sqliteTable(
  "content_ratings",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    contentId: integer("content_id")
      .notNull()
      .references(() => content.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.contentId] }),
    index("content_ratings_content_idx").on(table.contentId, table.rating),
    check("content_ratings_rating_range", sql`${table.rating} BETWEEN 1 AND 5`),
  ],
);

// A comment belongs to either a content item or a blog post; each target has its own foreign key
// so that deleting the target removes its comments.
export const comments = sqliteTable(
  "comments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // Null once the author deleted their account: the words stay, under 'Former member'.
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    contentType: text("content_type", { enum: COMMENT_TARGETS }).notNull(),
    contentId: integer("content_id").references(() => content.id, { onDelete: "cascade" }),
    blogPostId: integer("blog_post_id").references(() => blogPosts.id, { onDelete: "cascade" }),
    comment: text("comment").notNull(),
    authorName: text("author_name").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("comments_content_idx").on(table.contentId, table.createdAt),
    index("comments_blog_post_idx").on(table.blogPostId, table.createdAt),
    index("comments_user_idx").on(table.userId),
    check(
      "comments_one_target",
      sql`(${table.contentType} = 'content' AND ${table.contentId} IS NOT NULL AND ${table.blogPostId} IS NULL) OR (${table.contentType} = 'blog' AND ${table.blogPostId} IS NOT NULL AND ${table.contentId} IS NULL)`,
    ),
  ],
);

export const favorites = sqliteTable(
  "favorites",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    contentId: integer("content_id")
      .notNull()
      .references(() => content.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("favorites_user_content_unique").on(table.userId, table.contentId),
    index("favorites_user_created_idx").on(table.userId, table.createdAt),
    index("favorites_content_idx").on(table.contentId),
  ],
);

export const blogPosts = sqliteTable(
  "blog_posts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    excerpt: text("excerpt"),
    // Markdown source; rendered to sanitised HTML on the server.
    content: text("content").notNull(),
    category: text("category", { enum: BLOG_CATEGORIES }).notNull().default("updates"),
    featuredImage: text("featured_image"),
    isPublished: integer("is_published", { mode: "boolean" }).notNull().default(false),
    publishedAt: integer("published_at", { mode: "timestamp_ms" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("blog_posts_slug_unique").on(table.slug),
    index("blog_posts_published_idx").on(table.isPublished, table.publishedAt),
    index("blog_posts_category_published_idx").on(table.isPublished, table.category, table.publishedAt),
    index("blog_posts_created_at_idx").on(table.createdAt),
  ],
);

// A post's earlier slugs (staff edit the slug in the blog form): links to one lead to the post.
export const blogSlugRedirects = sqliteTable(
  "blog_slug_redirects",
  {
    oldSlug: text("old_slug").primaryKey(),
    postId: integer("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [index("blog_slug_redirects_post_idx").on(table.postId)],
);

export const testimonials = sqliteTable(
  "testimonials",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    title: text("title"),
    content: text("content").notNull(),
    rating: integer("rating").notNull().default(5),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (table) => [
    index("testimonials_sort_order_idx").on(table.sortOrder),
    check("testimonials_rating_range", sql`${table.rating} BETWEEN 1 AND 5`),
  ],
);

export const userTips = sqliteTable(
  "user_tips",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    formationName: text("formation_name").notNull(),
    playName: text("play_name").notNull(),
    playbook: text("playbook").notNull(),
    gameType: text("game_type", { enum: GAMES }).notNull().default("madden"),
    tipDescription: text("tip_description").notNull(),
    status: text("status", { enum: TIP_STATUSES }).notNull().default("pending"),
    adminNotes: text("admin_notes"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("user_tips_user_created_idx").on(table.userId, table.createdAt),
    index("user_tips_created_idx").on(table.createdAt),
    index("user_tips_status_idx").on(table.status),
  ],
);

export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject"),
    message: text("message").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [index("contact_messages_created_idx").on(table.createdAt)],
);

// One row per Stripe event id, written in the same batch as the event's effect.
export const stripeEvents = sqliteTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  processedAt: createdAt(),
});

// Exact counts kept up to date by triggers (see the custom migration), so that tab counts and
// member counts never scan a whole table.
export const counters = sqliteTable("counters", {
  name: text("name").primaryKey(),
  value: integer("value").notNull().default(0),
});

// What the search finds: one row per content item, formation, play and blog post, written only by
// the triggers of migration 0004 (in the same statement as the row it mirrors) and indexed by the
// FTS5 table search_fts. A premium item's formation and play write-ups go to `locked`, which only
// viewers who may open premium content search (see app/server/search.server.ts).
export const searchDocuments = sqliteTable(
  "search_documents",
  {
    id: integer("id").primaryKey(),
    kind: text("kind", { enum: SEARCH_KINDS }).notNull(),
    refId: integer("ref_id").notNull(),
    contentId: integer("content_id"),
    sectionId: integer("section_id"),
    game: text("game", { enum: GAMES }),
    type: text("type", { enum: CONTENT_TYPES }),
    difficulty: text("difficulty", { enum: DIFFICULTIES }),
    isPublished: integer("is_published", { mode: "boolean" }).notNull(),
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    title: text("title").notNull(),
    tagText: text("tag_text").notNull().default(""),
    body: text("body").notNull().default(""),
    locked: text("locked").notNull().default(""),
    publishedAt: integer("published_at", { mode: "timestamp_ms" }),
  },
  (table) => [uniqueIndex("search_documents_kind_ref_unique").on(table.kind, table.refId), index("search_documents_content_idx").on(table.contentId)],
);

// Searches that found nothing, counted per normalised query and day (no user id): staff see the
// most frequent of the last 30 days.
export const searchMisses = sqliteTable(
  "search_misses",
  {
    query: text("query").notNull(),
    day: text("day").notNull(),
    count: integer("count").notNull().default(1),
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.query, table.day] }), index("search_misses_day_idx").on(table.day)],
);

// A game's title updates (patches). The newest release of a game is its current update; recording
// one that touches gameplay sends every verified or adjusted item of the game back to re-test.
export const titleUpdates = sqliteTable(
  "title_updates",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    game: text("game", { enum: GAMES }).notNull(),
    version: text("version").notNull(),
    // A calendar date, YYYY-MM-DD.
    releasedOn: text("released_on").notNull(),
    notesUrl: text("notes_url"),
    summary: text("summary").notNull().default(""),
    gameplay: integer("gameplay", { mode: "boolean" }).notNull(),
    // When the update took effect: recorded on or after its release day, at once; dated ahead
    // (scheduled), by the scheduled job on its release day (UTC). Null while scheduled: only an
    // applied update can be a game's current one, and its re-test runs as it is applied.
    appliedAt: integer("applied_at", { mode: "timestamp_ms" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("title_updates_game_version_unique").on(table.game, table.version),
    index("title_updates_game_released_idx").on(table.game, table.releasedOn, table.id),
  ],
);

// Every status change of a content item or a play: who, when, from, to, against which update, and
// the note. Members are notified of the rows marked `notify` on items they follow (favourites).
export const statusChanges = sqliteTable(
  "status_changes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    itemKind: text("item_kind", { enum: STATUS_ITEM_KINDS }).notNull(),
    // No foreign keys on the item columns: a gameplay update inserts a history row for every item
    // and play of the game (230,000 at volume size), and checking each against content and
    // content_plays took a fifth of patch day's D1 time. Every insert selects its ids from those
    // tables, and triggers (migration 0012) delete an item's or a play's history with it, as the
    // cascade did.
    contentId: integer("content_id").notNull(),
    playId: integer("play_id"),
    fromStatus: text("from_status", { enum: PATCH_STATUSES }),
    toStatus: text("to_status", { enum: PATCH_STATUSES }).notNull(),
    updateId: integer("update_id").references(() => titleUpdates.id, { onDelete: "set null" }),
    note: text("note"),
    changedBy: text("changed_by").references(() => users.id, { onDelete: "set null" }),
    notify: integer("notify", { mode: "boolean" }).notNull().default(true),
    changedAt: integer("changed_at", { mode: "timestamp_ms" }).notNull(),
    // A title update's re-test row keeps the rest of the status it replaced (fromStatus is its
    // status), so deleting a mistaken update, or turning its 'touches gameplay' off, gives the items
    // nobody has touched since their status back whole (patch.server.ts, undoRetestStatements).
    // No foreign key: an update it names may be deleted since; the undo reads it through title_updates.
    fromUpdateId: integer("from_update_id"),
    fromNote: text("from_note"),
    fromAlternative: text("from_alternative"),
    fromChangedAt: integer("from_changed_at", { mode: "timestamp_ms" }),
  },
  (table) => [
    index("status_changes_content_idx").on(table.contentId, table.changedAt),
    index("status_changes_play_idx").on(table.playId),
    // What staff verified, adjusted or nerfed after an update (/updates); the bulk re-test rows stay out.
    index("status_changes_update_idx").on(table.updateId).where(sql`to_status <> 'needs-retest'`),
  ],
);

// Notifications a member marked read one by one ('Mark all as read' moves users.notifications_read_at).
export const notificationReads = sqliteTable(
  "notification_reads",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    changeId: integer("change_id")
      .notNull()
      .references(() => statusChanges.id, { onDelete: "cascade" }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.changeId] }),
    // A history row's delete (an update's re-test undone, an item deleted) cascades here: without
    // it each row deleted read the whole table (500 rows against 200,000 read marks: 13 s).
    index("notification_reads_change_idx").on(table.changeId),
  ],
);

// Each daily digest, written (with the member's digest_through moved on) before it is sent, so a
// run that fails half-way sends only what is still unsent when it runs again.
export const notificationDigests = sqliteTable(
  "notification_digests",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    toEmail: text("to_email").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    createdAt: createdAt(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
  },
  (table) => [index("notification_digests_unsent_idx").on(table.sentAt, table.createdAt), index("notification_digests_user_idx").on(table.userId)],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Content = typeof content.$inferSelect;
export type NewContent = typeof content.$inferInsert;
export type ContentSection = typeof contentSections.$inferSelect;
export type ContentPlay = typeof contentPlays.$inferSelect;
export type BlogPost = typeof blogPosts.$inferSelect;
export type Testimonial = typeof testimonials.$inferSelect;
export type UserTip = typeof userTips.$inferSelect;
export type Comment = typeof comments.$inferSelect;
export type Role = (typeof ROLES)[number];
export type Game = (typeof GAMES)[number];
export type ContentType = (typeof CONTENT_TYPES)[number];
export type PatchStatus = (typeof PATCH_STATUSES)[number];
export type TitleUpdate = typeof titleUpdates.$inferSelect;
export type StatusChange = typeof statusChanges.$inferSelect;

/**
 * A member's progress with one play (the install tracker, app/server/progress.server.ts): its stage,
 * and where they stopped in a self-hosted video. content_id is the play's scheme, kept on the row so
 * that a scheme's bar, /home's 'Continue' row and the notifications read one member's rows by index.
 */
export const playProgress = sqliteTable(
  "play_progress",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    playId: integer("play_id")
      .notNull()
      .references(() => contentPlays.id, { onDelete: "cascade" }),
    contentId: integer("content_id")
      .notNull()
      .references(() => content.id, { onDelete: "cascade" }),
    stage: text("stage", { enum: PROGRESS_STAGES }).notNull().default("not-started"),
    /** Seconds into the self-hosted video; null when none was saved. */
    positionSeconds: integer("position_seconds"),
    /** When the position was last written (a flood of saves is limited per play by this). */
    positionSavedAt: integer("position_saved_at", { mode: "timestamp_ms" }),
    /** When the member first moved past 'Not started' (notifications about the play count from then). */
    startedAt: integer("started_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.playId] }),
    index("play_progress_user_content_idx").on(table.userId, table.contentId),
    index("play_progress_user_updated_idx").on(table.userId, table.updatedAt),
    index("play_progress_play_idx").on(table.playId),
    index("play_progress_content_idx").on(table.contentId),
    check("play_progress_position_check", sql`position_seconds IS NULL OR position_seconds >= 0`),
  ],
);

export type PlayProgress = typeof playProgress.$inferSelect;

/**
 * A member's Discord account, linked from Account Settings with the scopes `identify guilds.join`
 * (app/server/discord.server.ts): one per site account and the other way round. The tokens let the
 * bot put the member into the guild; they never leave the server. role_granted is what the last
 * answer from Discord said about the members' role; needs_reconnect: the member left the guild or
 * revoked the app, and only a new Connect can bring them back.
 */
export const discordLinks = sqliteTable(
  "discord_links",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    discordUserId: text("discord_user_id").notNull(),
    discordUsername: text("discord_username").notNull(),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    accessTokenExpiresAt: integer("access_token_expires_at", { mode: "timestamp_ms" }),
    roleGranted: integer("role_granted", { mode: "boolean" }).notNull().default(false),
    needsReconnect: integer("needs_reconnect", { mode: "boolean" }).notNull().default(false),
    /** When Discord last confirmed the role state (null: never). */
    syncedAt: integer("synced_at", { mode: "timestamp_ms" }),
    linkedAt: integer("linked_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [uniqueIndex("discord_links_discord_user_unique").on(table.discordUserId), index("discord_links_synced_idx").on(table.syncedAt)],
);

/**
 * Discord role work still to do, one row per Discord account: at run time the job reads the link
 * and the access rule and gives or removes the role (no link: removes it). Queued in the same D1
 * batch as the change of access, drained by the request's waitUntil and by the scheduled job.
 * generation grows with every re-queue, so a run only deletes the row it actually served.
 */
export const discordJobs = sqliteTable(
  "discord_jobs",
  {
    discordUserId: text("discord_user_id").primaryKey(),
    // Not a foreign key: the job outlives a deleted account (its role must still go).
    userId: text("user_id"),
    generation: integer("generation").notNull().default(1),
    attempts: integer("attempts").notNull().default(0),
    runAfter: integer("run_after", { mode: "timestamp_ms" }).notNull(),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (table) => [index("discord_jobs_run_after_idx").on(table.runAfter), index("discord_jobs_user_idx").on(table.userId)],
);

export type DiscordLink = typeof discordLinks.$inferSelect;
export type DiscordJob = typeof discordJobs.$inferSelect;

/**
 * The staff audit trail: every staff change to access, money or someone else's words, written in the
 * same batch as the change (app/server/audit.server.ts). Append-only: triggers of migration 0007
 * refuse UPDATE and DELETE. No foreign keys, so an entry outlives the accounts it names.
 */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    actorId: text("actor_id").notNull(),
    actorEmail: text("actor_email").notNull(),
    action: text("action", { enum: AUDIT_ACTIONS }).notNull(),
    targetUserId: text("target_user_id"),
    /** What the change was made to, for people: an e-mail, a slug, a comment's first words. */
    targetLabel: text("target_label").notNull().default(""),
    before: text("before", { mode: "json" }).$type<Record<string, unknown> | null>(),
    after: text("after", { mode: "json" }).$type<Record<string, unknown> | null>(),
    createdAt: createdAt(),
  },
  (table) => [
    index("audit_log_created_idx").on(table.createdAt, table.id),
    index("audit_log_actor_idx").on(table.actorId, table.createdAt),
    index("audit_log_target_user_idx").on(table.targetUserId, table.createdAt),
  ],
);

export type AuditEntry = typeof auditLog.$inferSelect;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * R2 objects that may no longer be used (an image replaced, or left by deleted content, a post, an
 * avatar, an account), queued in the same batch as the change that dropped them. Deleted at once
 * after the batch; the scheduled job retries what a failed request left, and never deletes an object
 * that a row still points at (app/server/orphans.server.ts).
 */
export const mediaDeletions = sqliteTable("media_deletions", {
  key: text("key").primaryKey(),
  createdAt: createdAt(),
});

/**
 * A member's gameplan for one game: plays grouped under the fixed situations, printed as a call
 * sheet. `share_token` is set while the owner shares it read-only (docs/decisions/0012-gameplans.md).
 */
export const gameplans = sqliteTable(
  "gameplans",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    game: text("game", { enum: GAMES }).notNull(),
    shareToken: text("share_token"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("gameplans_user_created_idx").on(table.userId, table.createdAt), uniqueIndex("gameplans_share_token_unique").on(table.shareToken)],
);

/**
 * A play in a gameplan, at a place in one situation. Positions run 0, 1, 2... within a situation
 * (kept dense by every write of app/server/gameplans.server.ts; a play deleted by staff leaves a gap
 * that the next write closes). content_id is the play's scheme, kept on the row so the
 * notifications read a member's followed plays without joining the formations.
 */
export const gameplanPlays = sqliteTable(
  "gameplan_plays",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    gameplanId: integer("gameplan_id")
      .notNull()
      .references(() => gameplans.id, { onDelete: "cascade" }),
    playId: integer("play_id")
      .notNull()
      .references(() => contentPlays.id, { onDelete: "cascade" }),
    contentId: integer("content_id")
      .notNull()
      .references(() => content.id, { onDelete: "cascade" }),
    situation: text("situation", { enum: GAMEPLAN_SITUATIONS }).notNull(),
    position: integer("position").notNull(),
    note: text("note"),
    /** When the play was added (notifications about it count from then). */
    addedAt: integer("added_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(CAST(unixepoch('subsec') * 1000 AS INTEGER))`),
  },
  (table) => [
    uniqueIndex("gameplan_plays_slot_unique").on(table.gameplanId, table.situation, table.position),
    uniqueIndex("gameplan_plays_situation_play_unique").on(table.gameplanId, table.situation, table.playId),
    index("gameplan_plays_play_idx").on(table.playId),
    index("gameplan_plays_content_idx").on(table.contentId),
  ],
);

/**
 * A play our team deleted while it was in a member's gameplan (a play taken out of its scheme, its
 * formation removed, the item deleted): what the board said, so the member is told what went and
 * where it was, until they dismiss it. Written by a trigger on content_plays (migration 0022), one
 * row per entry, so every path that deletes plays tells them; a member's own 'Remove' and a
 * deleted gameplan write none. entry_id is the gone gameplan_plays row's id (never reused).
 */
export const gameplanRemovals = sqliteTable(
  "gameplan_removals",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    gameplanId: integer("gameplan_id")
      .notNull()
      .references(() => gameplans.id, { onDelete: "cascade" }),
    entryId: integer("entry_id").notNull(),
    situation: text("situation", { enum: GAMEPLAN_SITUATIONS }).notNull(),
    playTitle: text("play_title").notNull(),
    formation: text("formation"),
    contentTitle: text("content_title"),
    /** The member's own note on the entry (migration 0023): it goes with the play, so the notice shows it. */
    note: text("note"),
    /** The game the play's item moved to (migration 0023; staff changed its game), or null: deleted. */
    movedTo: text("moved_to", { enum: GAMES }),
    removedAt: integer("removed_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(CAST(unixepoch('subsec') * 1000 AS INTEGER))`),
  },
  (table) => [uniqueIndex("gameplan_removals_entry_unique").on(table.entryId), index("gameplan_removals_gameplan_idx").on(table.gameplanId)],
);

export type Gameplan = typeof gameplans.$inferSelect;
export type GameplanPlay = typeof gameplanPlays.$inferSelect;

/**
 * A form copy's claim and, once it succeeded, its answer (decision 0025): a second identical copy
 * of a staff or account form from the same session within 30 s gets this answer instead of being
 * done again. `key` is the SHA-256 of the session token, address and body; `answer` is sealed with a
 * key derived from the session token, which is not stored. Swept after 10 minutes.
 */
export const formResends = sqliteTable("form_resends", {
  key: text("key").primaryKey(),
  claimedAt: integer("claimed_at").notNull(),
  answer: text("answer"),
});

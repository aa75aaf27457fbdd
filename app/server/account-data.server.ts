import { asc, eq, sql } from "drizzle-orm";
import {
  discordLinks,
  gameplanPlays,
  gameplanRemovals,
  gameplans,
  blogPosts,
  comments,
  contactMessages,
  content,
  contentPlays,
  contentRatings,
  contentSections,
  favorites,
  notificationDigests,
  notificationReads,
  oauthAccounts,
  playProgress,
  statusChanges,
  users,
  userTips,
} from "../../db/schema.ts";
import type { Database } from "./db.server.ts";
import { tipColumns } from "./tips.server.ts";

// 'Download my data' (GDPR article 20): everything we hold about one member, read in one D1 batch.
// Each section is one reader of the member's own rows; a feature that stores more about a member
// adds its reader here (one line), and account deletion (account-deletion.server.ts) removes its rows
// through the users foreign key. No secret leaves: no password hash, no tokens, no session.

type SectionReader = (db: Database, userId: string) => { then: unknown } & object;

// The columns of a batch's selects need distinct names (see db.server.ts): joined slugs are aliased.
export const ACCOUNT_DATA_SECTIONS = {
  profile: (db, userId) =>
    db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        role: users.role,
        profileImageUrl: users.profileImageUrl,
        emailConfirmedAt: users.emailConfirmedAt,
        hasPassword: sql<number>`${users.passwordHash} IS NOT NULL`.mapWith(Boolean),
        subscriptionTier: users.subscriptionTier,
        subscriptionStatus: users.subscriptionStatus,
        subscriptionPlan: users.subscriptionPlan,
        subscriptionStartDate: users.subscriptionStartDate,
        subscriptionEndDate: users.subscriptionEndDate,
        cancelAtPeriodEnd: users.cancelAtPeriodEnd,
        accessExpiresAt: users.accessExpiresAt,
        notifyDigest: users.notifyDigest,
        notifyInSite: users.notifyInSite,
        followGames: users.followGames,
        notificationsReadAt: users.notificationsReadAt,
        createdAt: users.createdAt,
        updatedAt: users.updatedAt,
      })
      .from(users)
      .where(eq(users.id, userId)),
  linkedAccounts: (db, userId) =>
    db.select({ provider: oauthAccounts.provider, linkedAt: oauthAccounts.createdAt }).from(oauthAccounts).where(eq(oauthAccounts.userId, userId)),
  comments: (db, userId) =>
    db
      .select({
        id: comments.id,
        on: comments.contentType,
        contentSlug: sql<string | null>`${content.slug}`.as("content_slug"),
        blogPostSlug: sql<string | null>`${blogPosts.slug}`.as("blog_post_slug"),
        comment: comments.comment,
        authorName: comments.authorName,
        createdAt: comments.createdAt,
        updatedAt: comments.updatedAt,
      })
      .from(comments)
      .leftJoin(content, eq(content.id, comments.contentId))
      .leftJoin(blogPosts, eq(blogPosts.id, comments.blogPostId))
      .where(eq(comments.userId, userId))
      .orderBy(comments.createdAt),
  ratings: (db, userId) =>
    db
      .select({ contentSlug: content.slug, rating: contentRatings.rating, createdAt: contentRatings.createdAt, updatedAt: contentRatings.updatedAt })
      .from(contentRatings)
      .innerJoin(content, eq(content.id, contentRatings.contentId))
      .where(eq(contentRatings.userId, userId)),
  favorites: (db, userId) =>
    db
      .select({ contentSlug: content.slug, createdAt: favorites.createdAt })
      .from(favorites)
      .innerJoin(content, eq(content.id, favorites.contentId))
      .where(eq(favorites.userId, userId)),
  tips: (db, userId) =>
    db
      .select(tipColumns)
      .from(userTips)
      .where(eq(userTips.userId, userId)),
  progress: (db, userId) =>
    db
      .select({
        schemeSlug: sql<string>`${content.slug}`.as("scheme_slug"),
        formationSlug: sql<string>`${contentSections.slug}`.as("formation_slug"),
        playSlug: sql<string>`${contentPlays.slug}`.as("play_slug"),
        stage: playProgress.stage,
        positionSeconds: playProgress.positionSeconds,
        startedAt: playProgress.startedAt,
        updatedAt: playProgress.updatedAt,
      })
      .from(playProgress)
      .innerJoin(contentPlays, eq(contentPlays.id, playProgress.playId))
      .innerJoin(contentSections, eq(contentSections.id, contentPlays.sectionId))
      .innerJoin(content, eq(content.id, playProgress.contentId))
      .where(eq(playProgress.userId, userId)),
  notificationsRead: (db, userId) =>
    db
      .select({ changeId: notificationReads.changeId, toStatus: statusChanges.toStatus, changedAt: statusChanges.changedAt })
      .from(notificationReads)
      .innerJoin(statusChanges, eq(statusChanges.id, notificationReads.changeId))
      .where(eq(notificationReads.userId, userId)),
  digests: (db, userId) =>
    db
      .select({ to: notificationDigests.toEmail, subject: notificationDigests.subject, text: notificationDigests.text, createdAt: notificationDigests.createdAt, sentAt: notificationDigests.sentAt })
      .from(notificationDigests)
      .where(eq(notificationDigests.userId, userId)),
  // Gameplans with their plays by situation, one row per play (a gameplan without plays: one row
  // without a play), in board order; the id tells two gameplans of one name apart. The share token
  // is a secret of its own: left out.
  gameplans: (db, userId) =>
    db
      .select({
        gameplanId: gameplans.id,
        gameplan: gameplans.name,
        game: gameplans.game,
        createdAt: gameplans.createdAt,
        updatedAt: gameplans.updatedAt,
        shared: sql<number>`${gameplans.shareToken} IS NOT NULL`.mapWith(Boolean),
        situation: gameplanPlays.situation,
        position: gameplanPlays.position,
        schemeSlug: sql<string | null>`${content.slug}`.as("gameplan_scheme_slug"),
        playTitle: sql<string | null>`${contentPlays.title}`.as("gameplan_play_title"),
        note: gameplanPlays.note,
        addedAt: gameplanPlays.addedAt,
      })
      .from(gameplans)
      .leftJoin(gameplanPlays, eq(gameplanPlays.gameplanId, gameplans.id))
      .leftJoin(contentPlays, eq(contentPlays.id, gameplanPlays.playId))
      .leftJoin(content, eq(content.id, gameplanPlays.contentId))
      .where(eq(gameplans.userId, userId))
      .orderBy(asc(gameplans.id), asc(gameplanPlays.situation), asc(gameplanPlays.position)),
  // The plays our team deleted from the member's gameplans, as the gameplan's notice shows them
  // (with the member's note on each), until the member dismisses it.
  gameplanRemovals: (db, userId) =>
    db
      .select({
        gameplanId: gameplanRemovals.gameplanId,
        situation: gameplanRemovals.situation,
        playTitle: gameplanRemovals.playTitle,
        formation: gameplanRemovals.formation,
        scheme: gameplanRemovals.contentTitle,
        note: gameplanRemovals.note,
        movedTo: gameplanRemovals.movedTo,
        removedAt: gameplanRemovals.removedAt,
      })
      .from(gameplanRemovals)
      .innerJoin(gameplans, eq(gameplans.id, gameplanRemovals.gameplanId))
      .where(eq(gameplans.userId, userId))
      .orderBy(asc(gameplanRemovals.id)),
  // The linked Discord account: its name and role state, never its tokens.
  discord: (db, userId) =>
    db
      .select({
        discordUserId: discordLinks.discordUserId,
        discordUsername: discordLinks.discordUsername,
        roleGranted: discordLinks.roleGranted,
        needsReconnect: discordLinks.needsReconnect,
        linkedAt: discordLinks.linkedAt,
        syncedAt: discordLinks.syncedAt,
      })
      .from(discordLinks)
      .where(eq(discordLinks.userId, userId)),
  contactMessages: (db, userId) =>
    db
      .select({ name: contactMessages.name, email: contactMessages.email, subject: contactMessages.subject, message: contactMessages.message, createdAt: contactMessages.createdAt })
      .from(contactMessages)
      .where(eq(contactMessages.userId, userId)),
} satisfies Record<string, SectionReader>;

type Sections = typeof ACCOUNT_DATA_SECTIONS;
export type AccountData = { format: string; exportedAt: string; profile: Awaited<ReturnType<Sections["profile"]>>[number] | null } & {
  [K in Exclude<keyof Sections, "profile">]: Awaited<ReturnType<Sections[K]>>;
};

/** Every section of one member's data, in one D1 round trip. */
export async function readAccountData(db: Database, userId: string, now = new Date()): Promise<AccountData> {
  const names = Object.keys(ACCOUNT_DATA_SECTIONS) as (keyof Sections)[];
  const statements = names.map((name) => ACCOUNT_DATA_SECTIONS[name](db, userId));
  const results = await db.batch(statements as unknown as Parameters<Database["batch"]>[0]);
  const data: Record<string, unknown> = { format: "gridiron-playbook-account-export/1", exportedAt: now.toISOString() };
  names.forEach((name, index) => {
    const rows = results[index] as unknown[];
    data[name] = name === "profile" ? (rows[0] ?? null) : rows;
  });
  return data as AccountData;
}

/** The file's name: the site and the day, never the address. */
export function accountDataFileName(now = new Date()) {
  return `gridiron-playbook-my-data-${now.toISOString().slice(0, 10)}.json`;
}

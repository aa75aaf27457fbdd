import { count, eq, inArray } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema.ts";
import {
  SEED_BLOG_POSTS,
  SEED_COMMENTS,
  SEED_CONTENT,
  SEED_FAVORITES,
  SEED_GAMEPLANS,
  SEED_PROGRESS,
  SEED_RATINGS,
  SEED_STATUS_EVENTS,
  SEED_TESTIMONIALS,
  SEED_TITLE_UPDATES,
  SEED_TIPS,
} from "./seed-data.ts";

// The demo data (README.md lists the accounts). Every step is idempotent: running the seed twice changes nothing.

export const DEMO_PASSWORD = "Gridiron#Play26";

export const DEMO_ACCOUNTS = {
  superadmin: { email: "superadmin@example.com", firstName: "Sam", lastName: "Rivera", role: "superadmin" },
  admin: { email: "admin@example.com", firstName: "Alex", lastName: "Morgan", role: "admin" },
  premium: { email: "premium@example.com", firstName: "Jordan", lastName: "Blake", role: "user" },
  expired: { email: "expired@example.com", firstName: "Casey", lastName: "Nguyen", role: "user" },
  free: { email: "free@example.com", firstName: "Taylor", lastName: "Brooks", role: "user" },
} as const;

export type DemoRole = keyof typeof DEMO_ACCOUNTS;

const DAY = 24 * 60 * 60 * 1000;
const YEAR = 365 * DAY;

export type SeedOptions = {
  d1: D1Database;
  media: R2Bucket;
  /** Bytes of a file in db/seed-images. */
  readImage: (fileName: string) => Promise<Uint8Array>;
  hashPassword: (password: string) => Promise<string>;
  now?: Date;
};

const CONTENT_TYPES_BY_EXTENSION: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
  mp4: "video/mp4",
};

/** Media keys of seeded files; the same names the staff upload code uses for its folders. */
export function seedMediaKey(folder: "thumbnail" | "formationart" | "playart" | "videos", fileName: string) {
  return `${folder}/seed-${fileName}`;
}

export function mediaUrl(key: string) {
  return `/media/${key}`;
}

async function uploadOnce(options: SeedOptions, key: string, fileName: string) {
  if (await options.media.head(key)) return;
  const extension = fileName.split(".").pop()?.toLowerCase() ?? "";
  await options.media.put(key, await options.readImage(fileName), {
    httpMetadata: {
      contentType: CONTENT_TYPES_BY_EXTENSION[extension] ?? "application/octet-stream",
      cacheControl: "public, max-age=31536000, immutable",
    },
  });
}

export async function isDatabaseSeeded(d1: D1Database): Promise<boolean> {
  const db = drizzle(d1, { schema });
  const [row] = await db.select({ value: count() }).from(schema.users);
  return (row?.value ?? 0) > 0;
}

export async function seedDatabase(options: SeedOptions) {
  const db = drizzle(options.d1, { schema });
  const now = options.now ?? new Date();
  const ago = (days: number) => new Date(now.getTime() - days * DAY);

  // Media first, so that no row ever points at a missing object.
  const images = new Set<string>();
  for (const item of SEED_CONTENT) {
    images.add(`thumbnail:${item.thumbnail}`);
    for (const formation of item.formations) {
      images.add(`formationart:${formation.image}`);
      for (const play of formation.plays) images.add(`playart:${play.image}`);
    }
  }
  for (const post of SEED_BLOG_POSTS) images.add(`thumbnail:${post.image}`);
  for (const entry of images) {
    const [folder, fileName] = entry.split(":") as ["thumbnail" | "formationart" | "playart", string];
    await uploadOnce(options, seedMediaKey(folder, fileName), fileName);
  }
  await uploadOnce(options, "videos/sample-play.mp4", "sample-play.mp4");

  // Demo accounts.
  const passwordHashes = await Promise.all(
    Object.keys(DEMO_ACCOUNTS).map(() => options.hashPassword(DEMO_PASSWORD)),
  );
  const accountRows = (Object.entries(DEMO_ACCOUNTS) as [DemoRole, (typeof DEMO_ACCOUNTS)[DemoRole]][]).map(
    ([key, account], index) => {
      const row: schema.NewUser = {
        id: crypto.randomUUID(),
        email: account.email,
        firstName: account.firstName,
        lastName: account.lastName,
        role: account.role,
        passwordHash: passwordHashes[index],
        emailConfirmedAt: now,
        createdAt: ago(120 - index * 10),
      };
      if (key === "premium") {
        Object.assign(row, {
          subscriptionTier: "premium",
          subscriptionStatus: "active",
          subscriptionPlan: "yearly",
          subscriptionStartDate: now,
          subscriptionEndDate: new Date(now.getTime() + YEAR),
          accessExpiresAt: new Date(now.getTime() + YEAR),
        });
      }
      if (key === "expired") {
        Object.assign(row, {
          subscriptionTier: "premium",
          subscriptionStatus: "cancelled",
          subscriptionPlan: "monthly",
          subscriptionStartDate: ago(70),
          subscriptionEndDate: ago(10),
          accessExpiresAt: ago(10),
        });
      }
      return row;
    },
  );
  await db.batch(
    accountRows.map((row) => db.insert(schema.users).values(row).onConflictDoNothing()) as [any, ...any[]],
  );
  const accounts = await db
    .select({ id: schema.users.id, email: schema.users.email, firstName: schema.users.firstName })
    .from(schema.users)
    .where(inArray(schema.users.email, Object.values(DEMO_ACCOUNTS).map((account) => account.email)));
  const accountByRole = (role: DemoRole) => {
    const account = accounts.find((row) => row.email === DEMO_ACCOUNTS[role].email);
    if (!account) throw new Error(`Demo account ${role} is missing`);
    return account;
  };
  const authorId = accountByRole("admin").id;

  // Content, then its formations and plays.
  await db.batch(
    SEED_CONTENT.map((item) =>
      db
        .insert(schema.content)
        .values({
          slug: item.slug,
          title: item.title,
          description: item.description,
          type: item.type,
          game: item.game,
          thumbnailUrl: mediaUrl(seedMediaKey("thumbnail", item.thumbnail)),
          videoUrl: item.videoUrl || null,
          tags: item.tags,
          difficulty: item.difficulty,
          requiredTier: item.requiredTier,
          isPublished: item.isPublished,
          authorId,
          views: item.views,
          runtime: item.runtime,
          publishedAt: item.isPublished ? ago(item.daysAgo) : null,
          createdAt: ago(item.daysAgo),
          updatedAt: ago(item.daysAgo),
        })
        .onConflictDoNothing(),
    ) as [any, ...any[]],
  );
  const contentRows = await db
    .select({ id: schema.content.id, slug: schema.content.slug })
    .from(schema.content)
    .where(inArray(schema.content.slug, SEED_CONTENT.map((item) => item.slug)));
  const contentIdBySlug = new Map(contentRows.map((row) => [row.slug, row.id]));

  const sectionInserts = SEED_CONTENT.flatMap((item) =>
    item.formations.map((formation, position) =>
      db
        .insert(schema.contentSections)
        .values({
          contentId: contentIdBySlug.get(item.slug)!,
          slug: formation.slug,
          title: formation.title,
          description: formation.description,
          imageUrl: mediaUrl(seedMediaKey("formationart", formation.image)),
          position,
        })
        .onConflictDoNothing(),
    ),
  );
  if (sectionInserts.length) await db.batch(sectionInserts as [any, ...any[]]);
  const sectionRows = await db
    .select({ id: schema.contentSections.id, contentId: schema.contentSections.contentId, slug: schema.contentSections.slug })
    .from(schema.contentSections)
    .where(inArray(schema.contentSections.contentId, [...contentIdBySlug.values()]));
  const sectionId = (contentSlug: string, sectionSlug: string) =>
    sectionRows.find((row) => row.contentId === contentIdBySlug.get(contentSlug) && row.slug === sectionSlug)!.id;

  const playInserts = SEED_CONTENT.flatMap((item) =>
    item.formations.flatMap((formation) =>
      formation.plays.map((play, position) =>
        db
          .insert(schema.contentPlays)
          .values({
            sectionId: sectionId(item.slug, formation.slug),
            slug: play.slug,
            title: play.title,
            description: play.description,
            imageUrl: mediaUrl(seedMediaKey("playart", play.image)),
            videoProvider: play.videoProvider,
            videoUrl: play.videoProvider === "custom" ? mediaUrl("videos/sample-play.mp4") : play.videoUrl,
            runtime: play.runtime,
            tags: play.tags,
            position,
          })
          .onConflictDoNothing(),
      ),
    ),
  );
  if (playInserts.length) await db.batch(playInserts as [any, ...any[]]);

  // Ratings and favourites have natural keys: conflicts are ignored.
  const ratingInserts = SEED_RATINGS.map((rating) =>
    db
      .insert(schema.contentRatings)
      .values({ userId: accountByRole(rating.author).id, contentId: contentIdBySlug.get(rating.contentSlug)!, rating: rating.rating })
      .onConflictDoNothing(),
  );
  const favoriteInserts = SEED_FAVORITES.map((favorite, index) =>
    db
      .insert(schema.favorites)
      .values({ userId: accountByRole(favorite.author).id, contentId: contentIdBySlug.get(favorite.contentSlug)!, createdAt: ago(10 + index) })
      .onConflictDoNothing(),
  );
  if (ratingInserts.length + favoriteInserts.length) {
    await db.batch([...ratingInserts, ...favoriteInserts] as [any, ...any[]]);
  }

  // Blog posts (slug is unique).
  await db.batch(
    SEED_BLOG_POSTS.map((post) =>
      db
        .insert(schema.blogPosts)
        .values({
          slug: post.slug,
          title: post.title,
          excerpt: post.excerpt,
          content: post.content,
          category: post.category,
          featuredImage: mediaUrl(seedMediaKey("thumbnail", post.image)),
          isPublished: post.isPublished,
          publishedAt: post.isPublished ? ago(post.daysAgo) : null,
          authorId: accountByRole("superadmin").id,
          createdAt: ago(post.daysAgo),
          updatedAt: ago(post.daysAgo),
        })
        .onConflictDoNothing(),
    ) as [any, ...any[]],
  );
  const blogRows = await db.select({ id: schema.blogPosts.id, slug: schema.blogPosts.slug }).from(schema.blogPosts);
  const blogIdBySlug = new Map(blogRows.map((row) => [row.slug, row.id]));

  // Rows without a natural key are seeded only into an empty table.
  const [commentCount] = await db.select({ value: count() }).from(schema.comments);
  const [testimonialCount] = await db.select({ value: count() }).from(schema.testimonials);
  const [tipCount] = await db.select({ value: count() }).from(schema.userTips);
  const rest: any[] = [];
  if (!commentCount?.value) {
    for (const entry of SEED_COMMENTS) {
      const author = accountByRole(entry.author);
      rest.push(
        db.insert(schema.comments).values({
          userId: author.id,
          contentType: entry.contentSlug ? "content" : "blog",
          contentId: entry.contentSlug ? contentIdBySlug.get(entry.contentSlug)! : null,
          blogPostId: entry.blogSlug ? blogIdBySlug.get(entry.blogSlug)! : null,
          comment: entry.comment,
          authorName: author.firstName || author.email || "User",
          createdAt: ago(entry.daysAgo),
          updatedAt: ago(entry.daysAgo),
        }),
      );
    }
  }
  if (!testimonialCount?.value) {
    for (const testimonial of SEED_TESTIMONIALS) rest.push(db.insert(schema.testimonials).values(testimonial));
  }
  if (!tipCount?.value) {
    for (const tip of SEED_TIPS) {
      const { author, daysAgo, ...fields } = tip;
      rest.push(
        db.insert(schema.userTips).values({
          ...fields,
          userId: accountByRole(author).id,
          createdAt: ago(daysAgo),
          updatedAt: ago(Math.max(0, daysAgo - (tip.status === "pending" ? 0 : 1))),
        }),
      );
    }
  }
  if (rest.length) await db.batch(rest as [any, ...any[]]);

  await seedPatchTracker(options.d1, now, authorId);
  await seedProgress(options.d1, now, accountByRole("premium").id);
  await seedGameplans(options.d1, now, accountByRole("premium").id);
}

/** The premium demo member's gameplans (SEED_GAMEPLANS), seeded only when they have none, in one batch. */
async function seedGameplans(d1: D1Database, now: Date, userId: string) {
  const existing = await d1.prepare("SELECT count(*) AS total FROM gameplans WHERE user_id = ?").bind(userId).first<{ total: number }>();
  if (existing?.total) return;
  const statements: D1PreparedStatement[] = [];
  for (const plan of SEED_GAMEPLANS) {
    const at = now.getTime() - plan.daysAgo * DAY;
    statements.push(d1.prepare("INSERT INTO gameplans (user_id, name, game, created_at, updated_at) VALUES (?, ?, ?, ?, ?)").bind(userId, plan.name, plan.game, at, at));
    const positions = new Map<string, number>();
    for (const entry of plan.plays) {
      const [sectionSlug, playSlug] = entry.play.split("/");
      const position = positions.get(entry.situation) ?? 0;
      positions.set(entry.situation, position + 1);
      statements.push(
        d1
          .prepare(
            `INSERT INTO gameplan_plays (gameplan_id, play_id, content_id, situation, position, note, added_at)
             SELECT (SELECT id FROM gameplans WHERE user_id = ? AND name = ?), p.id, c.id, ?, ?, ?, ? FROM content c
             JOIN content_sections s ON s.content_id = c.id AND s.slug = ?
             JOIN content_plays p ON p.section_id = s.id AND p.slug = ?
             WHERE c.slug = ?`,
          )
          .bind(userId, plan.name, entry.situation, position, entry.note ?? null, at, sectionSlug, playSlug, entry.contentSlug),
      );
    }
  }
  await d1.batch(statements);
}

/** The premium demo member's install tracker (SEED_PROGRESS), seeded only when they have none. */
async function seedProgress(d1: D1Database, now: Date, userId: string) {
  const existing = await d1.prepare("SELECT count(*) AS total FROM play_progress WHERE user_id = ?").bind(userId).first<{ total: number }>();
  if (existing?.total) return;
  await d1.batch(
    SEED_PROGRESS.map((entry) => {
      const [sectionSlug, playSlug] = entry.play.split("/");
      const at = now.getTime() - entry.daysAgo * 86_400_000;
      return d1
        .prepare(
          `INSERT OR IGNORE INTO play_progress (user_id, play_id, content_id, stage, position_seconds, position_saved_at, started_at, created_at, updated_at)
           SELECT ?, p.id, c.id, ?, ?, ?, ?, ?, ? FROM content c
           JOIN content_sections s ON s.content_id = c.id AND s.slug = ?
           JOIN content_plays p ON p.section_id = s.id AND p.slug = ?
           WHERE c.slug = ?`,
        )
        .bind(userId, entry.stage, entry.positionSeconds ?? null, entry.positionSeconds == null ? null : at, at, at, at, sectionSlug, playSlug, entry.contentSlug);
    }),
  );
}

/**
 * Title updates and the statuses staff recorded after them, replayed in order as the dashboard
 * would have written them (the re-test of a gameplay update, then each change with its history
 * row), in one batch. Seeded only into an empty title_updates table.
 */
async function seedPatchTracker(d1: D1Database, now: Date, staffId: string) {
  const existing = await d1.prepare("SELECT count(*) AS total FROM title_updates").first<{ total: number }>();
  if (existing?.total) return;
  const at = (daysAgo: number) => now.getTime() - daysAgo * DAY;
  const day = (daysAgo: number) => new Date(at(daysAgo)).toISOString().slice(0, 10);
  const updateId = "(SELECT id FROM title_updates WHERE game = ? AND version = ?)";
  const gameOf = new Map(SEED_CONTENT.map((item) => [item.slug, item.game]));
  const statements: D1PreparedStatement[] = SEED_TITLE_UPDATES.map((update) =>
    d1
      .prepare("INSERT INTO title_updates (game, version, released_on, summary, gameplay, notes_url, applied_at, created_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
      .bind(update.game, update.version, day(update.daysAgo), update.summary, update.gameplay ? 1 : 0, `https://www.ea.com/games/${update.game === "college" ? "ea-sports-college-football" : "madden-nfl"}/news`, at(update.daysAgo), staffId, at(update.daysAgo), at(update.daysAgo)),
  );
  // Every item starts verified on the update that was current when it was published (content_status
  // carries the item's game and creation time).
  const currentAt = "(SELECT u.id FROM title_updates u WHERE u.game = c.game AND u.released_on <= date(c.created_at / 1000, 'unixepoch') ORDER BY u.released_on DESC, u.id DESC LIMIT 1)";
  statements.push(
    d1.prepare(`UPDATE content_status AS c SET status = 'verified', status_update_id = ${currentAt}, status_changed_at = c.created_at`),
    d1.prepare(
      `UPDATE play_status AS ps SET status = 'verified',
         status_changed_at = (SELECT c.created_at FROM content_plays p JOIN content_sections s ON s.id = p.section_id JOIN content c ON c.id = s.content_id WHERE p.id = ps.play_id),
         status_update_id = (SELECT ${currentAt} FROM content_plays p JOIN content_sections s ON s.id = p.section_id JOIN content c ON c.id = s.content_id WHERE p.id = ps.play_id)`,
    ),
    // Their first history row (from nothing, not notified), as the editor writes for a new item
    // (patch.server.ts firstStatusStatements): /updates lists them under that update, as their badges say.
    d1
      .prepare(
        `INSERT INTO status_changes (item_kind, content_id, from_status, to_status, update_id, changed_by, notify, changed_at)
         SELECT 'content', content_id, NULL, 'verified', status_update_id, ?, 0, status_changed_at FROM content_status`,
      )
      .bind(staffId),
    d1
      .prepare(
        `INSERT INTO status_changes (item_kind, content_id, play_id, from_status, to_status, update_id, changed_by, notify, changed_at)
         SELECT 'play', s.content_id, p.id, NULL, 'verified', ps.status_update_id, ?, 0, ps.status_changed_at
         FROM play_status ps JOIN content_plays p ON p.id = ps.play_id JOIN content_sections s ON s.id = p.section_id`,
      )
      .bind(staffId),
  );
  type Moment = { daysAgo: number; order: number; build: () => D1PreparedStatement[] };
  const moments: Moment[] = [];
  for (const update of SEED_TITLE_UPDATES.filter((entry) => entry.gameplay)) {
    const when = at(update.daysAgo);
    const ref = [update.game, update.version];
    moments.push({
      daysAgo: update.daysAgo,
      order: 0,
      build: () => [
        d1
          .prepare(
            `INSERT INTO status_changes (item_kind, content_id, from_status, to_status, update_id, changed_by, notify, changed_at, from_update_id, from_note, from_alternative, from_changed_at)
             SELECT 'content', content_id, status, 'needs-retest', ${updateId}, ?, 1, ?, status_update_id, status_note, status_alternative, status_changed_at
             FROM content_status WHERE game = ? AND created_at <= ? AND status IN ('verified', 'adjusted')`,
          )
          .bind(...ref, staffId, when, update.game, when),
        d1
          .prepare(
            `INSERT INTO status_changes (item_kind, content_id, play_id, from_status, to_status, update_id, changed_by, notify, changed_at, from_update_id, from_note, from_alternative, from_changed_at)
             SELECT 'play', c.id, p.id, ps.status, 'needs-retest', ${updateId}, ?, 0, ?, ps.status_update_id, ps.status_note, ps.status_alternative, ps.status_changed_at
             FROM content c JOIN content_sections s ON s.content_id = c.id JOIN content_plays p ON p.section_id = s.id JOIN play_status ps ON ps.play_id = p.id
             WHERE c.game = ? AND c.created_at <= ? AND ps.status IN ('verified', 'adjusted')`,
          )
          .bind(...ref, staffId, when, update.game, when),
        d1
          .prepare(`UPDATE content_status SET status = 'needs-retest', status_update_id = ${updateId}, status_note = NULL, status_alternative = NULL, status_changed_at = ? WHERE game = ? AND created_at <= ? AND status IN ('verified', 'adjusted')`)
          .bind(...ref, when, update.game, when),
        d1
          .prepare(
            `UPDATE play_status SET status = 'needs-retest', status_update_id = ${updateId}, status_note = NULL, status_alternative = NULL, status_changed_at = ?
             WHERE status IN ('verified', 'adjusted')
               AND play_id IN (SELECT p.id FROM content_plays p JOIN content_sections s ON s.id = p.section_id JOIN content c ON c.id = s.content_id WHERE c.game = ? AND c.created_at <= ?)`,
          )
          .bind(...ref, when, update.game, when),
      ],
    });
  }
  SEED_STATUS_EVENTS.forEach((event, index) => {
    const when = at(event.daysAgo);
    const ref = [gameOf.get(event.contentSlug)!, event.version];
    const fields = [event.status, ...ref, event.note ?? null, event.alternative ?? null, when] as const;
    moments.push({
      daysAgo: event.daysAgo,
      order: 1 + index,
      build: () => {
        if (!event.play) {
          return [
            d1
              .prepare(
                `INSERT INTO status_changes (item_kind, content_id, from_status, to_status, update_id, note, changed_by, notify, changed_at)
                 SELECT 'content', content_id, status, ?, ${updateId}, ?, ?, 1, ? FROM content_status WHERE content_id = (SELECT id FROM content WHERE slug = ?)`,
              )
              .bind(event.status, ...ref, event.note ?? null, staffId, when, event.contentSlug),
            d1
              .prepare(`UPDATE content_status SET status = ?, status_update_id = ${updateId}, status_note = ?, status_alternative = ?, status_changed_at = ? WHERE content_id = (SELECT id FROM content WHERE slug = ?)`)
              .bind(...fields, event.contentSlug),
          ];
        }
        const [sectionSlug, playSlug] = event.play.split("/");
        const play = `(SELECT p.id FROM content_plays p JOIN content_sections s ON s.id = p.section_id JOIN content c ON c.id = s.content_id WHERE c.slug = ? AND s.slug = ? AND p.slug = ?)`;
        const playRef = [event.contentSlug, sectionSlug, playSlug];
        return [
          d1
            .prepare(
              `INSERT INTO status_changes (item_kind, content_id, play_id, from_status, to_status, update_id, note, changed_by, notify, changed_at)
               SELECT 'play', (SELECT id FROM content WHERE slug = ?), play_id, status, ?, ${updateId}, ?, ?, 1, ? FROM play_status WHERE play_id = ${play}`,
            )
            .bind(event.contentSlug, event.status, ...ref, event.note ?? null, staffId, when, ...playRef),
          d1
            .prepare(`UPDATE play_status SET status = ?, status_update_id = ${updateId}, status_note = ?, status_alternative = ?, status_changed_at = ? WHERE play_id = ${play}`)
            .bind(...fields, ...playRef),
        ];
      },
    });
  });
  moments.sort((a, b) => b.daysAgo - a.daysAgo || a.order - b.order);
  for (const moment of moments) statements.push(...moment.build());
  // The premium demo member read what came before five days ago, follows Madden's new content, and has unread notifications.
  statements.push(
    d1
      .prepare(`UPDATE users SET notifications_read_at = ?, follow_games = '["madden"]' WHERE email = ?`)
      .bind(at(5), DEMO_ACCOUNTS.premium.email),
  );
  await d1.batch(statements);
}

/** Looks a demo account up by role (tests and tools). */
export async function findDemoUserId(d1: D1Database, role: DemoRole): Promise<string | null> {
  const db = drizzle(d1, { schema });
  const [row] = await db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, DEMO_ACCOUNTS[role].email));
  return row?.id ?? null;
}

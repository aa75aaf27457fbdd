import { count, eq, inArray } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema.ts";
import {
  SEED_BLOG_POSTS,
  SEED_COMMENTS,
  SEED_CONTENT,
  SEED_FAVORITES,
  SEED_RATINGS,
  SEED_TESTIMONIALS,
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
      .values({ userId: accountByRole(favorite.author).id, contentId: contentIdBySlug.get(favorite.contentSlug)!, createdAt: ago(index) })
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

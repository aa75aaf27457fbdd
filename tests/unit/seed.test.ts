import { count, eq, and, sql } from "drizzle-orm";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDatabase } from "../../db/seed";
import { createDatabase } from "~/server/db.server";
import { hashPassword, verifyPassword } from "~/server/password.server";
import { tinyPng } from "./helpers";

const db = createDatabase(env.DB);

async function seed() {
  await seedDatabase({
    d1: env.DB,
    media: env.MEDIA,
    hashPassword,
    readImage: async () => tinyPng(),
    now: new Date("2026-11-01T12:00:00Z"),
  });
}

async function tableCounts() {
  const tables = [
    schema.users, schema.content, schema.contentSections, schema.contentPlays, schema.contentRatings,
    schema.comments, schema.favorites, schema.blogPosts, schema.testimonials, schema.userTips,
    schema.titleUpdates, schema.statusChanges,
  ];
  return Promise.all(tables.map(async (table) => (await db.select({ value: count() }).from(table))[0].value));
}

describe("seed", () => {
  beforeAll(seed);

  it("records both games' title updates and items in every status, with notes and history", async () => {
    const updates = await db.select().from(schema.titleUpdates);
    expect(new Set(updates.map((row) => row.game))).toEqual(new Set(["college", "madden"]));
    const statuses = await db.select({ status: schema.contentStatuses.status, note: schema.contentStatuses.statusNote }).from(schema.contentStatuses);
    const playStatuses = await db.select({ status: schema.playStatuses.status, note: schema.playStatuses.statusNote }).from(schema.playStatuses);
    const all = [...statuses, ...playStatuses];
    for (const status of schema.PATCH_STATUSES) expect(all.some((row) => row.status === status), status).toBe(true);
    expect(all.filter((row) => row.status === "adjusted" || row.status === "nerfed").every((row) => row.note)).toBe(true);
    // The premium member has status changes on favourites since the last time they read them.
    const unread = await db.all<{ total: number }>(sql`
      SELECT count(*) AS total FROM status_changes c JOIN favorites f ON f.content_id = c.content_id JOIN users u ON u.id = f.user_id
      WHERE u.email = ${DEMO_ACCOUNTS.premium.email} AND c.notify = 1 AND c.changed_at > f.created_at AND c.changed_at > u.notifications_read_at`);
    expect(unread[0].total).toBeGreaterThan(2);
  });

  it("creates the five demo accounts (DEMO_ACCOUNTS), confirmed, with the demo password", async () => {
    const rows = await db.select().from(schema.users);
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const user = rows.find((row) => row.email === account.email);
      expect(user, account.email).toBeDefined();
      expect(user!.role).toBe(account.role);
      expect(user!.emailConfirmedAt).not.toBeNull();
      expect(await verifyPassword(DEMO_PASSWORD, user!.passwordHash!)).toBe(true);
    }
    const premium = rows.find((row) => row.email === "premium@example.com")!;
    expect(premium.subscriptionTier).toBe("premium");
    expect(premium.subscriptionStatus).toBe("active");
    expect(premium.accessExpiresAt!.getTime()).toBeGreaterThan(new Date("2027-10-01").getTime());
    const expired = rows.find((row) => row.email === "expired@example.com")!;
    expect(expired.subscriptionTier).toBe("premium");
    expect(expired.accessExpiresAt!.getTime()).toBeLessThan(new Date("2026-11-01T12:00:00Z").getTime());
    expect(rows.find((row) => row.email === "free@example.com")!.subscriptionTier).toBe("free");
  });

  it("gives each game two meta schemes and an off-meta scheme, each with 3+ formations of 3+ plays", async () => {
    for (const game of schema.GAMES) {
      const schemes = await db
        .select()
        .from(schema.content)
        .where(and(eq(schema.content.game, game), sql`${schema.content.type} in ('meta-scheme', 'off-meta-scheme')`));
      expect(schemes.filter((item) => item.type === "meta-scheme").length).toBeGreaterThanOrEqual(2);
      expect(schemes.filter((item) => item.type === "off-meta-scheme").length).toBeGreaterThanOrEqual(1);
      for (const item of schemes) {
        const sections = await db.select().from(schema.contentSections).where(eq(schema.contentSections.contentId, item.id));
        expect(sections.length, item.slug).toBeGreaterThanOrEqual(3);
        for (const section of sections) {
          expect(section.imageUrl).toMatch(/^\/media\/formationart\//);
          const plays = await db.select().from(schema.contentPlays).where(eq(schema.contentPlays.sectionId, section.id));
          expect(plays.length, `${item.slug}/${section.slug}`).toBeGreaterThanOrEqual(3);
          for (const play of plays) {
            expect(play.description!.length).toBeGreaterThan(80);
            expect(play.imageUrl).toMatch(/^\/media\/playart\//);
          }
        }
      }
    }
  });

  it("gives each game 3+ pro tips, gameplay and lab sessions, some of them free", async () => {
    for (const game of schema.GAMES) {
      for (const type of ["pro-tip", "gameplay", "lab-sessions"] as const) {
        const [row] = await db
          .select({ value: count() })
          .from(schema.content)
          .where(and(eq(schema.content.game, game), eq(schema.content.type, type), eq(schema.content.isPublished, true)));
        expect(row.value, `${game} ${type}`).toBeGreaterThanOrEqual(3);
      }
      const [free] = await db
        .select({ value: count() })
        .from(schema.content)
        .where(and(eq(schema.content.game, game), eq(schema.content.requiredTier, "free")));
      expect(free.value).toBeGreaterThanOrEqual(1);
    }
  });

  it("uploads every referenced image to R2", async () => {
    const rows = await db.select({ url: schema.content.thumbnailUrl }).from(schema.content);
    const plays = await db.select({ url: schema.contentPlays.imageUrl }).from(schema.contentPlays);
    for (const { url } of [...rows, ...plays]) {
      const object = await env.MEDIA.head(url!.replace(/^\/media\//, ""));
      expect(object, url!).not.toBeNull();
    }
  });

  it("seeds blog posts over all three categories with a draft, testimonials, comments, ratings, favourites and tips in each status", async () => {
    const posts = await db.select().from(schema.blogPosts);
    expect(posts.length).toBeGreaterThanOrEqual(6);
    expect(new Set(posts.map((post) => post.category))).toEqual(new Set(schema.BLOG_CATEGORIES));
    expect(posts.filter((post) => !post.isPublished).length).toBeGreaterThanOrEqual(1);
    expect(posts.filter((post) => !post.isPublished).every((post) => post.publishedAt === null)).toBe(true);
    expect((await db.select().from(schema.testimonials)).length).toBeGreaterThanOrEqual(5);
    expect((await db.select().from(schema.comments)).length).toBeGreaterThan(0);
    expect((await db.select().from(schema.contentRatings)).length).toBeGreaterThan(0);
    expect((await db.select().from(schema.favorites)).length).toBeGreaterThan(0);
    const tips = await db.select().from(schema.userTips);
    expect(new Set(tips.map((tip) => tip.status))).toEqual(new Set(schema.TIP_STATUSES));
  });

  it("keeps the trigger-maintained counters equal to the real counts", async () => {
    const counters = Object.fromEntries((await db.select().from(schema.counters)).map((row) => [row.name, row.value]));
    const [published] = await db.select({ value: count() }).from(schema.content).where(eq(schema.content.isPublished, true));
    expect(counters["content:published"]).toBe(published.value);
    const [users] = await db.select({ value: count() }).from(schema.users);
    expect(counters["users:all"]).toBe(users.value);
    const [proTips] = await db
      .select({ value: count() })
      .from(schema.content)
      .where(and(eq(schema.content.game, "madden"), eq(schema.content.type, "pro-tip"), eq(schema.content.isPublished, true)));
    expect(counters["content:madden:pro-tip"]).toBe(proTips.value);
  });

  it("is idempotent: seeding again changes nothing", async () => {
    const before = await tableCounts();
    await seed();
    expect(await tableCounts()).toEqual(before);
  });
});

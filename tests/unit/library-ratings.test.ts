import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { SEED_CONTENT, SEED_RATINGS } from "../../db/seed-data";
import { createDatabase } from "~/server/db.server";
import { ratingSummaryQuery, saveRating, toRatingSummary } from "~/server/library.server";
import { seedDemoData } from "./helpers";

const db = createDatabase(env.DB);

async function contentIdOf(slug: string) {
  const [row] = await db.select({ id: schema.content.id }).from(schema.content).where(eq(schema.content.slug, slug));
  return row.id;
}

/** Raters with unique ids, so that each test adds its own ratings. */
async function newRaters(count: number) {
  const ids = Array.from({ length: count }, () => crypto.randomUUID());
  await db.insert(schema.users).values(ids.map((id) => ({ id, email: `${id}@example.com`, firstName: "Rater" })));
  return ids;
}

async function rate(slug: string, ratings: number[]) {
  const contentId = await contentIdOf(slug);
  const raters = await newRaters(ratings.length);
  for (const [index, rating] of ratings.entries()) await saveRating(db, raters[index], contentId, rating);
  return raters;
}

const summaryOf = async (slug: string) => toRatingSummary(await ratingSummaryQuery(db, slug));

/** A published scheme without seeded ratings (a fresh one is inserted when the seed has none). */
async function unratedScheme() {
  const slug = `unit-unrated-${crypto.randomUUID().slice(0, 8)}`;
  await db.insert(schema.content).values({ slug, title: "Unrated scheme", type: "meta-scheme", game: "college" });
  return slug;
}

beforeAll(seedDemoData);

describe("toRatingSummary", () => {
  it("rounds the average to 2 decimals and keeps the count", () => {
    expect(toRatingSummary([{ average: "4.333333333", total: 3 }])).toEqual({ average: 4.33, total: 3 });
    expect(toRatingSummary([{ average: "4.666666667", total: 3 }])).toEqual({ average: 4.67, total: 3 });
    expect(toRatingSummary([{ average: "2.5", total: 2 }])).toEqual({ average: 2.5, total: 2 });
    expect(toRatingSummary([{ average: "5", total: 1 }])).toEqual({ average: 5, total: 1 });
    expect(toRatingSummary([{ average: "1.125", total: 8 }])).toEqual({ average: 1.13, total: 8 });
  });

  it("has no average without ratings", () => {
    expect(toRatingSummary([])).toEqual({ average: null, total: 0 });
    expect(toRatingSummary([{ average: null, total: 0 }])).toEqual({ average: null, total: 0 });
  });
});

describe("ratingSummaryQuery on the seeded D1", () => {
  it("gives every seeded item the average and count of its seeded ratings", async () => {
    for (const item of SEED_CONTENT) {
      const values = SEED_RATINGS.filter((rating) => rating.contentSlug === item.slug).map((rating) => rating.rating);
      const expected = values.length
        ? { average: Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 100) / 100, total: values.length }
        : { average: null, total: 0 };
      expect(await summaryOf(item.slug), item.slug).toEqual(expected);
    }
  });

  it("answers no ratings for an unknown slug", async () => {
    expect(await summaryOf("no-such-content")).toEqual({ average: null, total: 0 });
  });

  it("averages to 2 decimals, rounding thirds down and up", async () => {
    const down = await unratedScheme();
    await rate(down, [5, 4, 4]);
    expect(await summaryOf(down)).toEqual({ average: 4.33, total: 3 });

    const up = await unratedScheme();
    await rate(up, [5, 5, 4]);
    expect(await summaryOf(up)).toEqual({ average: 4.67, total: 3 });

    const low = await unratedScheme();
    await rate(low, [1, 1, 2, 1, 1, 1]);
    expect(await summaryOf(low)).toEqual({ average: 1.17, total: 6 });
  });

  it("adds new ratings to the seeded ones", async () => {
    const slug = "cfb26-335-tite-defense";
    const seeded = SEED_RATINGS.filter((rating) => rating.contentSlug === slug).map((rating) => rating.rating);
    const before = await summaryOf(slug);
    expect(before.total).toBe(seeded.length);
    await rate(slug, [1, 2]);
    const values = [...seeded, 1, 2];
    expect(await summaryOf(slug)).toEqual({
      average: Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 100) / 100,
      total: values.length,
    });
  });

  it("keeps one rating per member: a new rating replaces the old one", async () => {
    const slug = await unratedScheme();
    const [rater] = await rate(slug, [2]);
    const contentId = await contentIdOf(slug);
    await saveRating(db, rater, contentId, 5);
    await saveRating(db, rater, contentId, 4);
    const rows = await db
      .select()
      .from(schema.contentRatings)
      .where(and(eq(schema.contentRatings.userId, rater), eq(schema.contentRatings.contentId, contentId)));
    expect(rows.map((row) => row.rating)).toEqual([4]);
    expect(await summaryOf(slug)).toEqual({ average: 4, total: 1 });
  });

  it("refuses ratings outside 1 to 5 in the database itself", async () => {
    const slug = await unratedScheme();
    const contentId = await contentIdOf(slug);
    const [rater] = await newRaters(1);
    for (const bad of [0, 6, -1]) {
      await expect(saveRating(db, rater, contentId, bad), String(bad)).rejects.toThrow();
    }
    expect(await summaryOf(slug)).toEqual({ average: null, total: 0 });
  });
});

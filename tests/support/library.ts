// Expectations for the library tests, computed from the seed data (db/seed-data.ts), readers for
// the server-rendered HTML of the library pages, and what the library stored (ratings, favourites,
// views, comments) read from the test state.
import { and, asc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { comments, content, contentPlays, contentRatings, contentSections, favorites } from "../../db/schema.ts";
import { SEED_CONTENT, SEED_RATINGS, type SeedContent, type SeedPlay } from "../../db/seed-data.ts";
import { DEMO_ACCOUNTS, type DemoRole } from "../../db/seed.ts";
import { demoUserId } from "./accounts.ts";
import { decodeEntities, textOf } from "./html.ts";
import { testState } from "./test-state.ts";

export type Game = "college" | "madden";
export type ContentType = SeedContent["type"];

export const GAMES: Game[] = ["college", "madden"];
export const TAB_TYPES: ContentType[] = ["meta-scheme", "off-meta-scheme", "gameplay", "lab-sessions", "pro-tip"];
export const SCHEME_TYPES: ContentType[] = ["meta-scheme", "off-meta-scheme"];

export function seedItem(slug: string): SeedContent {
  const item = SEED_CONTENT.find((entry) => entry.slug === slug);
  if (!item) throw new Error(`No seed content ${slug}`);
  return item;
}

/** Published seed items of a game (and type), newest first (daysAgo ascending). */
export function publishedSeed(game: Game, type: ContentType | null = null): SeedContent[] {
  return SEED_CONTENT.filter((item) => item.game === game && item.isPublished && (!type || item.type === type)).sort(
    (a, b) => a.daysAgo - b.daysAgo,
  );
}

export function isScheme(item: SeedContent) {
  return SCHEME_TYPES.includes(item.type);
}

export const premiumSchemes = () => SEED_CONTENT.filter((item) => item.isPublished && item.requiredTier === "premium" && isScheme(item));
export const freeSchemes = () => SEED_CONTENT.filter((item) => item.isPublished && item.requiredTier === "free" && isScheme(item));
export const unpublishedItems = () => SEED_CONTENT.filter((item) => !item.isPublished);

/** The self-hosted ('custom') plays: scheme, formation and play slugs. */
export function customPlays() {
  return SEED_CONTENT.flatMap((item) =>
    item.formations.flatMap((formation) =>
      formation.plays.filter((play) => play.videoProvider === "custom").map((play) => ({ item, formation, play })),
    ),
  );
}

/** Seed ratings of an item as [role, rating] pairs. */
export function seedRatings(slug: string) {
  return SEED_RATINGS.filter((rating) => rating.contentSlug === slug);
}

export function averageOf(values: number[]) {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** The id that identifies a video URL in any rendering of it (YouTube id, Vimeo number, file path). */
export function videoIdOf(url: string): string {
  const youtube = /[?&]v=([A-Za-z0-9_-]{11})/.exec(url);
  if (youtube) return youtube[1];
  const vimeo = /vimeo\.com\/(\d+)/.exec(url);
  if (vimeo) return vimeo[1];
  return url.replace(/^\/?/, "/");
}

/**
 * Runs of 'plain' characters (letters, digits, spaces, commas, full stops) of at least `min`
 * characters from a text that may contain HTML: such a run appears verbatim in the page's HTML and
 * in its data response if the text was sent at all.
 */
export function plainFragments(text: string, min = 30): string[] {
  const fragments: string[] = [];
  for (const segment of text.split(/<[^>]*>/)) {
    for (const match of segment.matchAll(/[A-Za-z0-9 ,.]+/g)) {
      const run = match[0].trim();
      if (run.length >= min) fragments.push(run);
    }
  }
  return fragments;
}

/** Every premium string of a scheme: write-ups of formations and plays, and play video ids. */
export function premiumStringsOf(item: SeedContent) {
  const writeUps = item.formations.flatMap((formation) => [
    ...plainFragments(formation.description),
    ...formation.plays.flatMap((play) => plainFragments(play.description)),
  ]);
  const videos = item.formations.flatMap((formation) => formation.plays.map((play) => videoIdOf(play.videoUrl)));
  return { writeUps, videos };
}

export function playWriteUp(play: SeedPlay) {
  const fragments = plainFragments(play.description);
  if (!fragments.length) throw new Error(`Play ${play.slug} has no plain fragment to look for`);
  return fragments[0];
}

export function firstNameOf(role: keyof typeof DEMO_ACCOUNTS) {
  return DEMO_ACCOUNTS[role].firstName;
}

// ---------------------------------------------------------------------------------------------
// HTML readers of the library pages (textOf and decodeEntities: ./html.ts)
// ---------------------------------------------------------------------------------------------

export function count(haystack: string, needle: string) {
  return haystack.split(needle).length - 1;
}

/** Titles of the content cards, in page order. */
export function cardTitles(html: string) {
  return [...html.matchAll(/<h3[^>]*>([\s\S]*?)<\/h3>/g)].map((match) => textOf(match[1]));
}

/** The count shown on each tab card. */
export function tabCounts(html: string): Record<string, number> {
  return Object.fromEntries(
    [...html.matchAll(/data-testid="count-([a-z-]+)">(\d+)</g)].map((match) => [match[1], Number(match[2])]),
  );
}

/** The href of the link that carries an attribute (e.g. aria-current="page") inside a nav. */
export function navLinks(html: string, label: string) {
  const nav = new RegExp(`<nav aria-label="${label}"[\\s\\S]*?</nav>`).exec(html)?.[0] ?? "";
  return [...nav.matchAll(/<a ([^>]*)>([\s\S]*?)<\/a>/g)].map((match) => ({
    href: decodeEntities(/href="([^"]*)"/.exec(match[1])?.[1] ?? ""),
    current: /aria-current="page"/.test(match[1]),
    label: /aria-label="([^"]*)"/.exec(match[1])?.[1] ?? null,
    rel: /rel="([^"]*)"/.exec(match[1])?.[1] ?? null,
    text: textOf(match[2]),
  }));
}

export function sortToggle(html: string) {
  const match = /<a ([^>]*aria-label="Sorted by [^"]*"[^>]*)>([\s\S]*?)<\/a>/.exec(html);
  if (!match) return null;
  return { href: decodeEntities(/href="([^"]*)"/.exec(match[1])![1]), label: /aria-label="([^"]*)"/.exec(match[1])![1], text: textOf(match[2]) };
}

export function viewsShown(html: string): number {
  const match = /data-testid="views"[^>]*>([\d,]+)</.exec(html);
  if (!match) throw new Error("No views on the page");
  return Number(match[1].replaceAll(",", ""));
}

export function ratingSummaryText(html: string) {
  const match = /data-testid="rating-summary"[^>]*>([\s\S]*?)<\/p>/.exec(html);
  return match ? textOf(match[1]) : null;
}

export type RenderedComment = { id: number; author: string; text: string; canEdit: boolean; html: string };

export function renderedComments(html: string): RenderedComment[] {
  return [...html.matchAll(/<li id="comment-(\d+)"[^>]*>([\s\S]*?)<\/li>/g)].map((match) => {
    const body = match[2];
    return {
      id: Number(match[1]),
      // The list styles its items' parts (app/components/comments.tsx): the author is the header's
      // paragraph, the text the paragraph after the header.
      author: textOf(/<header><p>([\s\S]*?)<\/p>/.exec(body)?.[1] ?? ""),
      text: decodeEntities(/<\/header><p>([\s\S]*?)<\/p>/.exec(body)?.[1] ?? ""),
      canEdit: /\?editComment=/.test(body),
      html: body,
    };
  });
}

export function alertText(html: string) {
  return [...html.matchAll(/<p role="alert"[^>]*>([\s\S]*?)<\/p>/g)].map((match) => textOf(match[1]));
}

// ---------------------------------------------------------------------------------------------
// What the library stored, read from the test state
// ---------------------------------------------------------------------------------------------

export async function contentId(slug: string): Promise<number> {
  const { db } = await testState();
  const [row] = await db.select({ id: content.id }).from(content).where(eq(content.slug, slug));
  if (!row) throw new Error(`Content ${slug} missing from the test database`);
  return row.id;
}

/** A demo member's stored rating of an item, or null. */
export async function storedRating(role: DemoRole, slug: string): Promise<number | null> {
  const { db } = await testState();
  const [row] = await db
    .select({ rating: contentRatings.rating })
    .from(contentRatings)
    .where(and(eq(contentRatings.userId, await demoUserId(role)), eq(contentRatings.contentId, await contentId(slug))));
  return row?.rating ?? null;
}

export async function isFavorite(role: DemoRole, slug: string): Promise<boolean> {
  const { db } = await testState();
  const rows = await db
    .select({ id: favorites.id })
    .from(favorites)
    .where(and(eq(favorites.userId, await demoUserId(role)), eq(favorites.contentId, await contentId(slug))));
  return rows.length > 0;
}

export async function storedViews(slug: string): Promise<number> {
  const { db } = await testState();
  const [row] = await db.select({ views: content.views }).from(content).where(eq(content.slug, slug));
  if (!row) throw new Error(`Content ${slug} missing from the test database`);
  return row.views;
}

/** A play's id by its page's slugs (scheme, formation, play). */
export async function storedPlayId(slug: string, sectionSlug: string, play: string): Promise<number> {
  const { db } = await testState();
  const [row] = await db
    .select({ id: contentPlays.id })
    .from(contentPlays)
    .innerJoin(contentSections, eq(contentSections.id, contentPlays.sectionId))
    .innerJoin(content, eq(content.id, contentSections.contentId))
    .where(and(eq(content.slug, slug), eq(contentSections.slug, sectionSlug), eq(contentPlays.slug, play)));
  if (!row) throw new Error(`Play ${slug}/${sectionSlug}/${play} missing from the test database`);
  return row.id;
}

/**
 * Views are written after the answer, coalesced per isolate (app/server/views.server.ts VIEW_FLUSH_MS):
 * the stored figure once it reaches `expected`, or what it is after five seconds. The flush comes a
 * second after the view; the margin is for a two-core machine running the browser tests alongside
 * (a full run once saw a view land after the old three-second deadline).
 */
export async function viewsReaching(slug: string, expected: number): Promise<number> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const views = await storedViews(slug);
    if (views >= expected || Date.now() > deadline) return views;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The stored figure once a view that should not count would have landed (twice the flush delay). */
export async function settledViews(slug: string): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  return storedViews(slug);
}

const storedCommentColumns = {
  id: comments.id,
  userId: comments.userId,
  comment: comments.comment,
  authorName: comments.authorName,
  contentId: comments.contentId,
};

export type StoredComment = { id: number; userId: string | null; comment: string; authorName: string; contentId: number | null };

/** An item's comments as stored, oldest first. */
export async function commentsOf(slug: string): Promise<StoredComment[]> {
  const { db } = await testState();
  return db
    .select(storedCommentColumns)
    .from(comments)
    .where(eq(comments.contentId, await contentId(slug)))
    .orderBy(asc(comments.createdAt), asc(comments.id));
}

export async function commentById(id: number): Promise<StoredComment | undefined> {
  const { db } = await testState();
  const [row] = await db.select(storedCommentColumns).from(comments).where(eq(comments.id, id));
  return row;
}

// Assertions on whole pages that print the needle, not the page, when they fail.
export function expectToContain(body: string, needle: string, label = "") {
  expect(body.includes(needle), `${label} should contain ${JSON.stringify(needle)}`).toBe(true);
}

export function expectNotToContain(body: string, needle: string, label = "") {
  expect(body.includes(needle), `${label} should not contain ${JSON.stringify(needle)}`).toBe(false);
}

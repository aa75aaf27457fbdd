import { like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { content } from "../../db/schema";
import type { DemoRole } from "../../db/seed";
import { SEED_CONTENT } from "../../db/seed-data";
import {
  cardTitles,
  count,
  GAMES,
  isScheme,
  navLinks,
  premiumSchemes,
  publishedSeed,
  sortToggle,
  TAB_TYPES,
  tabCounts,
  type ContentType,
  type Game,
  expectNotToContain,
  expectToContain,
} from "../support/library";
import { get, signIn } from "../support/http";
import { testState } from "../support/test-state";

const LOCKED_VIEWERS = ["visitor", "free", "expired"] as const;
const OPEN_VIEWERS = ["premium", "admin", "superadmin"] as const;
type Viewer = (typeof LOCKED_VIEWERS)[number] | (typeof OPEN_VIEWERS)[number];

const cookies = {} as Record<Viewer, string | undefined>;
beforeAll(async () => {
  for (const role of [...LOCKED_VIEWERS, ...OPEN_VIEWERS]) {
    cookies[role] = role === "visitor" ? undefined : await signIn(role as DemoRole);
  }
});

async function page(path: string, viewer: Viewer = "visitor") {
  const response = await get(path, { cookie: cookies[viewer] });
  return { status: response.status, html: await response.text() };
}

function expectedCounts(game: Game) {
  const counts: Record<string, number> = { all: publishedSeed(game).length };
  for (const type of TAB_TYPES) counts[type] = publishedSeed(game, type).length;
  return counts;
}

describe("/college and /madden tab counts", () => {
  it.each(GAMES)("%s shows the number of published seed items per tab, the same for every viewer", async (game) => {
    const expected = expectedCounts(game);
    for (const viewer of [...LOCKED_VIEWERS, ...OPEN_VIEWERS]) {
      const { status, html } = await page(`/${game}`, viewer);
      expect(status, viewer).toBe(200);
      expect(tabCounts(html), `${game} as ${viewer}`).toEqual(expected);
    }
  });

  it.each(GAMES)("%s lists exactly the published items of the selected tab", async (game) => {
    for (const type of [null, ...TAB_TYPES] as (ContentType | null)[]) {
      const { html } = await page(type ? `/${game}?type=${type}` : `/${game}`, "admin");
      const expected = publishedSeed(game, type).map((item) => item.title);
      expect(cardTitles(html), `${game} ${type ?? "all"}`).toEqual(expected);
      const tabs = navLinks(html, "Content types");
      expect(tabs.filter((tab) => tab.current).map((tab) => tab.href)).toEqual([type ? `/${game}?type=${type}` : `/${game}`]);
    }
  });

  it("never lists or counts drafts, even for staff", async () => {
    for (const game of GAMES) {
      const drafts = SEED_CONTENT.filter((item) => item.game === game && !item.isPublished);
      expect(drafts.length, `the seed has a ${game} draft`).toBeGreaterThan(0);
      for (const viewer of ["visitor", "superadmin"] as const) {
        const { html } = await page(`/${game}?type=${drafts[0].type}`, viewer);
        const titles = cardTitles(html);
        for (const draft of drafts) expect(titles, viewer).not.toContain(draft.title);
        expect(tabCounts(html)[drafts[0].type]).toBe(publishedSeed(game, drafts[0].type).length);
      }
    }
  });
});

describe("locked cards", () => {
  it.each(LOCKED_VIEWERS)("show 'Premium Content', 'Unlock Premium' and, on schemes only, 'View Preview' to %s", async (viewer) => {
    for (const game of GAMES) {
      const items = publishedSeed(game);
      const premium = items.filter((item) => item.requiredTier === "premium");
      const free = items.filter((item) => item.requiredTier === "free");
      const { html } = await page(`/${game}`, viewer);
      expect(premium.length).toBeGreaterThan(0);
      expect(count(html, "Premium Content</p>"), `${game} ${viewer}`).toBe(premium.length);
      expect(count(html, ">Unlock Premium</a>"), `${game} ${viewer}`).toBe(premium.length);
      expect(count(html, ">View Preview</a>"), `${game} ${viewer}`).toBe(premium.filter(isScheme).length);
      for (const item of premium) {
        expectNotToContain(html, `href="/content/${item.slug}"`, item.slug);
        expect(html.includes(`href="/scheme/${item.slug}"`), item.slug).toBe(isScheme(item));
      }
      for (const item of free) expectToContain(html, `href="/content/${item.slug}"`, item.slug);
      expect(count(html, 'href="/subscribe"')).toBeGreaterThanOrEqual(premium.length);
    }
  });

  it.each(OPEN_VIEWERS)("are not shown to %s: every card opens its content page", async (viewer) => {
    for (const game of GAMES) {
      const { html } = await page(`/${game}`, viewer);
      expect(count(html, "Premium Content</p>")).toBe(0);
      expect(count(html, ">Unlock Premium</a>")).toBe(0);
      expect(count(html, ">View Preview</a>")).toBe(0);
      expectNotToContain(html, 'href="/scheme/');
      for (const item of publishedSeed(game)) expectToContain(html, `href="/content/${item.slug}"`, item.slug);
    }
  });
});

describe("sorting", () => {
  it.each(GAMES)("%s lists newest first by default and oldest first with ?sort=oldest", async (game) => {
    const newestFirst = publishedSeed(game).map((item) => item.title);
    const latest = await page(`/${game}`);
    expect(cardTitles(latest.html)).toEqual(newestFirst);
    const oldest = await page(`/${game}?sort=oldest`);
    expect(cardTitles(oldest.html)).toEqual([...newestFirst].reverse());
  });

  it("offers a toggle link to the other order that keeps the tab, and tabs that keep the order", async () => {
    const latest = await page("/madden?type=pro-tip");
    expect(sortToggle(latest.html)).toMatchObject({ href: "/madden?type=pro-tip&sort=oldest", text: expect.stringContaining("Latest") });
    const oldest = await page("/madden?type=pro-tip&sort=oldest");
    expect(sortToggle(oldest.html)).toMatchObject({ href: "/madden?type=pro-tip", text: expect.stringContaining("Oldest") });
    expect(cardTitles(oldest.html)).toEqual(publishedSeed("madden", "pro-tip").map((item) => item.title).reverse());
    const tabs = navLinks(oldest.html, "Content types").map((tab) => tab.href);
    expect(tabs).toEqual(["/madden?sort=oldest", ...TAB_TYPES.map((type) => `/madden?type=${type}&sort=oldest`)]);
    expect(navLinks(latest.html, "Content types").map((tab) => tab.href)).toEqual(["/madden", ...TAB_TYPES.map((type) => `/madden?type=${type}`)]);
  });

  it("treats an unknown sort value as latest", async () => {
    const { status, html } = await page("/college?sort=sideways");
    expect(status).toBe(200);
    expect(cardTitles(html)).toEqual(publishedSeed("college").map((item) => item.title));
  });
});

describe("bad listing parameters", () => {
  it.each([
    "?type=garbage",
    "?type=",
    "?type=tip",
    "?type=%00%27%22<script>",
    "?type=meta-scheme&type=pro-tip",
    "?page=-1",
    "?page=0",
    "?page=abc",
    "?page=1.5",
    "?page=1e9",
    "?page=",
    "?sort=oldest&page=-5&type=nope",
  ])("answers %s with a listing, never a 500", async (query) => {
    for (const game of GAMES) {
      const { status, html } = await page(`/${game}${query}`);
      expect(status, `${game}${query}`).toBe(200);
      expect(tabCounts(html)).toEqual(expectedCounts(game));
    }
  });

  it("an address in other capitals leads to the game's own listing, the query kept", async () => {
    for (const [path, to] of [
      ["/MADDEN", "/madden"],
      ["/Madden?type=pro-tip", "/madden?type=pro-tip"],
      ["/College?sort=oldest", "/college?sort=oldest"],
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(301);
      expect(response.headers.get("Location"), path).toBe(to);
    }
    // The listing's own data (a client-side navigation) is not sent round again.
    for (const path of ["/college.data", "/madden.data?type=pro-tip&_routes=routes%2Flibrary%2Fgame-listing"]) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      await response.body?.cancel();
    }
  });

  it("falls back to the All Content tab for an unknown type", async () => {
    const { html } = await page("/college?type=garbage");
    expect(navLinks(html, "Content types").find((tab) => tab.current)?.href).toBe("/college");
    expect(cardTitles(html)).toEqual(publishedSeed("college").map((item) => item.title));
  });

  it("shows the first page for a negative or non-numeric page", async () => {
    for (const query of ["?page=-1", "?page=abc", "?page=0"]) {
      const { html } = await page(`/madden${query}`);
      expect(cardTitles(html), query).toEqual(publishedSeed("madden").map((item) => item.title));
    }
  });

  it("says a page beyond the last one does not exist (404) and links to the last, without page links", async () => {
    for (const game of GAMES) {
      const beyond = await page(`/${game}?page=99999999999999999999`);
      expect(beyond.status, game).toBe(404);
      expect(tabCounts(beyond.html), game).toEqual(expectedCounts(game));
    }
    const { status, html } = await page("/college?page=7&sort=oldest");
    expect(status).toBe(404);
    expect(cardTitles(html)).toEqual([]);
    const plain = html.replaceAll("<!-- -->", "");
    expectToContain(plain, "There is no page 7");
    expect(plain).toMatch(/<a [^>]*href="\/college\?sort=oldest"[^>]*>Go to page 1<\/a>/);
    // Not the empty library's words: the library is not empty.
    expectNotToContain(html, "No content available");
    expectNotToContain(html, 'aria-label="Pagination"');
  });

  it("shows no page links when everything fits on one page", async () => {
    const { html } = await page("/college");
    expect(publishedSeed("college").length).toBeLessThanOrEqual(24);
    expectNotToContain(html, 'aria-label="Pagination"');
  });
});

// The seed has fewer items than a page holds: this block adds 30 published lab sessions to Madden
// (directly in the test server's D1, so the counter triggers run) and removes them afterwards.
describe("pagination", () => {
  const EXTRA = 30;
  const DAY = 24 * 60 * 60 * 1000;
  const BASE = Date.UTC(2001, 0, 1);
  const extraSlug = (index: number) => `zz-pagination-fixture-${String(index).padStart(2, "0")}`;
  const extraTitle = (index: number) => `Pagination Fixture ${String(index).padStart(2, "0")}`;

  const fixtures = like(content.slug, "zz-pagination-fixture-%");

  beforeAll(async () => {
    const { db } = await testState();
    // Index 0 is the oldest (Jan 01, 2001); all are older than every seed item.
    const inserts = Array.from({ length: EXTRA }, (_, index) =>
      db.insert(content).values({
        slug: extraSlug(index),
        title: extraTitle(index),
        description: "Fixture for the pagination tests.",
        type: "lab-sessions",
        game: "madden",
        requiredTier: "premium",
        isPublished: true,
        views: 0,
        createdAt: new Date(BASE + index * DAY),
        updatedAt: new Date(BASE + index * DAY),
      }),
    );
    await db.batch([db.delete(content).where(fixtures), ...inserts]);
  });
  afterAll(async () => {
    const { db } = await testState();
    await db.delete(content).where(fixtures);
  });

  const seedLabs = () => publishedSeed("madden", "lab-sessions").map((item) => item.title);
  const extrasNewestFirst = () => Array.from({ length: EXTRA }, (_, index) => extraTitle(EXTRA - 1 - index));

  it("counts the new items on the tabs (trigger-maintained counters)", async () => {
    const { html } = await page("/madden");
    expect(tabCounts(html)["lab-sessions"]).toBe(publishedSeed("madden", "lab-sessions").length + EXTRA);
    expect(tabCounts(html).all).toBe(publishedSeed("madden").length + EXTRA);
  });

  it("splits a tab into pages of 24, newest first, without gaps or repeats", async () => {
    const all = [...seedLabs(), ...extrasNewestFirst()];
    const first = await page("/madden?type=lab-sessions");
    const second = await page("/madden?type=lab-sessions&page=2");
    expect(cardTitles(first.html)).toEqual(all.slice(0, 24));
    expect(cardTitles(second.html)).toEqual(all.slice(24));
    const third = await page("/madden?type=lab-sessions&page=3");
    expect(third.status).toBe(404);
    expect(cardTitles(third.html)).toEqual([]);
    expect(third.html.replaceAll("<!-- -->", "")).toMatch(/<a [^>]*href="\/madden\?type=lab-sessions&amp;page=2"[^>]*>Go to page 2<\/a>/);
  });

  it("pages in the oldest-first order too", async () => {
    const all = [...seedLabs(), ...extrasNewestFirst()].reverse();
    const first = await page("/madden?type=lab-sessions&sort=oldest");
    expect(cardTitles(first.html)).toEqual(all.slice(0, 24));
    expect(first.html).toContain("Jan 01, 2001");
    const second = await page("/madden?type=lab-sessions&sort=oldest&page=2");
    expect(cardTitles(second.html)).toEqual(all.slice(24));
  });

  it("links pages with the tab and order kept, marks the current one, and offers Previous/Next", async () => {
    const first = navLinks((await page("/madden?type=lab-sessions&sort=oldest")).html, "Pagination");
    expect(first.map((link) => [link.text, link.href])).toEqual([
      ["1", "/madden?type=lab-sessions&sort=oldest"],
      ["2", "/madden?type=lab-sessions&sort=oldest&page=2"],
      ["Next", "/madden?type=lab-sessions&sort=oldest&page=2"],
    ]);
    expect(first.find((link) => link.current)?.text).toBe("1");
    expect(first.find((link) => link.text === "Next")?.rel).toBe("next");

    const second = navLinks((await page("/madden?type=lab-sessions&sort=oldest&page=2")).html, "Pagination");
    expect(second.map((link) => [link.text, link.href])).toEqual([
      ["Previous", "/madden?type=lab-sessions&sort=oldest"],
      ["1", "/madden?type=lab-sessions&sort=oldest"],
      ["2", "/madden?type=lab-sessions&sort=oldest&page=2"],
    ]);
    expect(second.find((link) => link.current)?.text).toBe("2");
    expect(second.find((link) => link.text === "Previous")?.rel).toBe("prev");
  });

  it("keeps the page out of the tab and sort links (they start again at page 1)", async () => {
    const { html } = await page("/madden?type=lab-sessions&page=2");
    expect(navLinks(html, "Content types").every((tab) => !tab.href.includes("page="))).toBe(true);
    expect(sortToggle(html)?.href).toBe("/madden?type=lab-sessions&sort=oldest");
  });

  it("paginates the All Content tab of the game", async () => {
    const total = publishedSeed("madden").length + EXTRA;
    const first = await page("/madden");
    const second = await page("/madden?page=2");
    expect(cardTitles(first.html)).toHaveLength(24);
    expect(cardTitles(second.html)).toHaveLength(total - 24);
    expect(new Set([...cardTitles(first.html), ...cardTitles(second.html)]).size).toBe(total);
    expect(cardTitles(first.html).slice(0, publishedSeed("madden").length)).toEqual(publishedSeed("madden").map((item) => item.title));
  });

  it("opens an item without an author, naming the author 'Unknown'", async () => {
    const { status, html } = await page(`/content/${extraSlug(3)}`, "premium");
    expect(status).toBe(200);
    expect(html).toMatch(/Author<\/dt><dd[^>]*>Unknown<\/dd>/);
  });

  it("does not touch the other game", async () => {
    const { html } = await page("/college");
    expect(tabCounts(html)).toEqual(expectedCounts("college"));
    expectNotToContain(html, 'aria-label="Pagination"');
  });
});

describe("/scheme/:slug teaser", () => {
  it("shows a premium scheme's counts and a call to subscribe to visitors, free and expired members", async () => {
    const scheme = premiumSchemes()[0];
    const plays = scheme.formations.reduce((sum, formation) => sum + formation.plays.length, 0);
    for (const viewer of LOCKED_VIEWERS) {
      const { status, html } = await page(`/scheme/${scheme.slug}`, viewer);
      expect(status, viewer).toBe(200);
      expectToContain(html, ">Unlock Premium</a>");
      expectNotToContain(html, `href="/content/${scheme.slug}"`);
      // A member signed out logs in from here and lands on the full scheme; a signed-in one is not asked.
      const login = `href="/auth?redirectTo=/content/${scheme.slug}"`;
      if (viewer === "visitor") expectToContain(html, login);
      else expectNotToContain(html, login);
      expect(html).toMatch(new RegExp(`Formations</dt><dd[^>]*>${scheme.formations.length}<`));
      expect(html).toMatch(new RegExp(`Plays</dt><dd[^>]*>${plays}<`));
    }
  });

  it("links members and staff to the full scheme", async () => {
    const scheme = premiumSchemes()[0];
    for (const viewer of OPEN_VIEWERS) {
      const { html } = await page(`/scheme/${scheme.slug}`, viewer);
      expectToContain(html, `href="/content/${scheme.slug}"`, viewer);
      expectToContain(html, "Open the full scheme", viewer);
    }
  });

  it("answers 404 for unknown slugs and for content that is not a scheme", async () => {
    const proTip = publishedSeed("college", "pro-tip")[0];
    for (const path of ["/scheme/no-such-scheme", `/scheme/${proTip.slug}`, "/scheme/%E2%80%AE", `/scheme/${"x".repeat(3000)}`]) {
      const { status, html } = await page(path);
      expect(status, path).toBe(404);
      expectToContain(html, "Content not found");
    }
  });
});

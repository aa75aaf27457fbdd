import { and, count, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { comments, contentRatings, favorites } from "../../db/schema";
import type { DemoRole } from "../../db/seed";
import { demoUserId } from "../support/accounts";
import { textOf } from "../support/html";
import {
  alertText,
  averageOf,
  contentId,
  expectNotToContain,
  expectToContain,
  freeSchemes,
  isFavorite,
  ratingSummaryText,
  seedItem,
  seedRatings,
  storedRating,
  unpublishedItems,
} from "../support/library";
import { baseUrl, get, postForm, signIn, url } from "../support/http";
import { testState } from "../support/test-state";

// Items used here and nowhere else in the suite (favourites and ratings are per user, and the
// tests of all files share one database):
const FAVORITE_SCHEME = "cfb26-335-tite-defense"; // superadmin's favourite toggles
const FREE_TIP = "madden26-coverage-shell-reads"; // free pro-tip: the free member's favourite
const PREMIUM_TIP = "madden26-hot-route-menu"; // premium pro-tip: not a scheme, gated
const RATED_SCHEME = "madden26-pistol-power-run"; // admin and superadmin ratings
const BAD_RATING_SCHEME = "cfb26-335-tite-defense"; // refused ratings by the premium member
const DRAFT = unpublishedItems()[0].slug;

const ROLES = ["free", "expired", "premium", "admin", "superadmin"] as const;
const cookies = {} as Record<(typeof ROLES)[number], string>;
beforeAll(async () => {
  for (const role of ROLES) cookies[role] = await signIn(role as DemoRole);
});

async function html(path: string, cookie?: string) {
  const response = await get(path, { cookie });
  return response.text();
}

async function favoritesOnHome(role: (typeof ROLES)[number]) {
  const page = await html("/home", cookies[role]);
  const section = /<section aria-labelledby="favorites-title"[\s\S]*?<\/section>/.exec(page)?.[0] ?? "";
  expect(section, "the /home favourites section").not.toBe("");
  return section;
}

function favorite(slug: string, on: boolean, cookie?: string) {
  return postForm(`/content/${slug}`, { intent: "favorite", favorite: on ? "on" : "off" }, { cookie });
}

function rate(slug: string, rating: string, cookie?: string) {
  return postForm(`/content/${slug}`, { intent: "rate", rating }, { cookie });
}

async function favoritesCount() {
  const { db } = await testState();
  return (await db.select({ n: count() }).from(favorites))[0].n;
}

async function ratingsOf(slug: string) {
  const { db } = await testState();
  return db.select({ userId: contentRatings.userId, rating: contentRatings.rating }).from(contentRatings).where(eq(contentRatings.contentId, await contentId(slug)));
}

describe("favourites", () => {
  it("toggle on and off with the star's form, and show on the member's /home", async () => {
    const item = seedItem(FAVORITE_SCHEME);
    expect(await isFavorite("superadmin", FAVORITE_SCHEME)).toBe(false);
    expectNotToContain(await favoritesOnHome("superadmin"), `href="/content/${FAVORITE_SCHEME}"`);
    expectToContain(await html(`/content/${FAVORITE_SCHEME}`, cookies.superadmin), 'aria-label="Add to favorites"');

    const on = await favorite(FAVORITE_SCHEME, true, cookies.superadmin);
    expect(on.status).toBe(302);
    expect(new URL(on.headers.get("Location")!, baseUrl()).pathname).toBe(`/content/${FAVORITE_SCHEME}`);
    expect(await isFavorite("superadmin", FAVORITE_SCHEME)).toBe(true);
    const page = await html(`/content/${FAVORITE_SCHEME}`, cookies.superadmin);
    expectToContain(page, 'aria-label="Remove from favorites"');
    // The label says what a press does, without aria-pressed beside it (the two read as a contradiction).
    expect(/<button[^>]*aria-label="Remove from favorites"[^>]*>/.exec(page)?.[0]).not.toContain("aria-pressed");
    const home = await favoritesOnHome("superadmin");
    expectToContain(home, `href="/content/${FAVORITE_SCHEME}"`);
    expectToContain(textOf(home), item.title);

    // Toggling on twice keeps one favourite.
    expect((await favorite(FAVORITE_SCHEME, true, cookies.superadmin)).status).toBe(302);
    const { db } = await testState();
    const [{ n }] = await db
      .select({ n: count() })
      .from(favorites)
      .where(and(eq(favorites.userId, await demoUserId("superadmin")), eq(favorites.contentId, await contentId(FAVORITE_SCHEME))));
    expect(n).toBe(1);

    const off = await favorite(FAVORITE_SCHEME, false, cookies.superadmin);
    expect(off.status).toBe(302);
    expect(await isFavorite("superadmin", FAVORITE_SCHEME)).toBe(false);
    expectToContain(await html(`/content/${FAVORITE_SCHEME}`, cookies.superadmin), 'aria-label="Add to favorites"');
    expectNotToContain(await favoritesOnHome("superadmin"), `href="/content/${FAVORITE_SCHEME}"`);
  });

  it("answers a data request (JavaScript on) with data instead of a redirect", async () => {
    const response = await postForm(`/content/${FAVORITE_SCHEME}.data`, { intent: "favorite", favorite: "on" }, { cookie: cookies.admin });
    expect(response.status).toBe(200);
    expect(await isFavorite("admin", FAVORITE_SCHEME)).toBe(true);
    await postForm(`/content/${FAVORITE_SCHEME}.data`, { intent: "favorite", favorite: "off" }, { cookie: cookies.admin });
    expect(await isFavorite("admin", FAVORITE_SCHEME)).toBe(false);
  });

  it("are open to a free member on free content", async () => {
    expect((await favorite(FREE_TIP, true, cookies.free)).status).toBe(302);
    expect(await isFavorite("free", FREE_TIP)).toBe(true);
    expectToContain(await favoritesOnHome("free"), `href="/content/${FREE_TIP}"`);
    expect((await favorite(FREE_TIP, false, cookies.free)).status).toBe(302);
    expect(await isFavorite("free", FREE_TIP)).toBe(false);
  });

  it("show no star to visitors, or to members on content they cannot open", async () => {
    expectNotToContain(await html(`/content/${freeSchemes()[0].slug}`), "to favorites");
    expectNotToContain(await html(`/content/${FAVORITE_SCHEME}`, cookies.free), "to favorites");
    expectToContain(await html(`/content/${FREE_TIP}`, cookies.free), 'aria-label="Add to favorites"');
  });

  it("refuse a visitor with 401", async () => {
    const before = await favoritesCount();
    const response = await favorite(FREE_TIP, true);
    expect(response.status).toBe(401);
    expect(await favoritesCount()).toBe(before);
  });

  it.each(["free", "expired"] as const)("refuse a forged favourite of gated content by the %s member with 403, storing nothing", async (role) => {
    for (const slug of [FAVORITE_SCHEME, PREMIUM_TIP]) {
      const response = await favorite(slug, true, cookies[role]);
      expect(response.status, slug).toBe(403);
      expectToContain(await response.text(), "You must be a premium member to save favorites.");
      expect(await isFavorite(role, slug)).toBe(false);
      expectNotToContain(await favoritesOnHome(role), `href="/content/${slug}"`);
    }
  });

  it("let a member whose access lapsed take off a favourite saved while they had it (its star stays on the locked page)", async () => {
    const { db } = await testState();
    const expiredId = await demoUserId("expired");
    const target = await contentId(PREMIUM_TIP);
    await db.insert(favorites).values({ userId: expiredId, contentId: target }).onConflictDoNothing();
    // On /home its card is locked ('Unlock Premium'); on its own page the star takes it off.
    expectToContain(await favoritesOnHome("expired"), seedItem(PREMIUM_TIP).title);
    expectToContain(await html(`/content/${PREMIUM_TIP}`, cookies.expired), 'aria-label="Remove from favorites"');
    const response = await favorite(PREMIUM_TIP, false, cookies.expired);
    expect(response.status).toBe(302);
    expect(await isFavorite("expired", PREMIUM_TIP)).toBe(false);
    expectNotToContain(await favoritesOnHome("expired"), seedItem(PREMIUM_TIP).title);
    expectNotToContain(await html(`/content/${PREMIUM_TIP}`, cookies.expired), "to favorites");
  });

  it.each(["free", "premium"] as const)("refuse a forged favourite of a draft by the %s member with 404, storing nothing", async (role) => {
    const response = await favorite(DRAFT, true, cookies[role]);
    expect(response.status).toBe(404);
    expect(await isFavorite(role, DRAFT)).toBe(false);
  });

  it("answer 404 for an unknown slug and 400 for an unknown intent", async () => {
    expect((await favorite("no-such-content", true, cookies.premium)).status).toBe(404);
    const unknown = await postForm(`/content/${FREE_TIP}`, { intent: "launch-missiles" }, { cookie: cookies.premium });
    expect(unknown.status).toBe(400);
  });
});

describe("ratings", () => {
  // Re-runs against a kept database start from the seed's ratings again.
  beforeAll(async () => {
    const { db } = await testState();
    await db
      .delete(contentRatings)
      .where(and(eq(contentRatings.contentId, await contentId(RATED_SCHEME)), inArray(contentRatings.userId, [await demoUserId("admin"), await demoUserId("superadmin")])));
  });
  const seeded = () => seedRatings(RATED_SCHEME).map((entry) => entry.rating);
  const expectedSummary = (extra: number[]) => {
    const values = [...seeded(), ...extra];
    return `${averageOf(values).toFixed(2)} / 5 · ${values.length} ${values.length === 1 ? "rating" : "ratings"}`;
  };

  it("start from the seed: average with 2 decimals and the count", async () => {
    expect(seedRatings(RATED_SCHEME).every((entry) => entry.author !== "admin" && entry.author !== "superadmin")).toBe(true);
    expect(ratingSummaryText(await html(`/content/${RATED_SCHEME}`, cookies.premium))).toBe(expectedSummary([]));
  });

  it("are stored from 1 to 5, one per member, a new rating replacing the old", async () => {
    const first = await rate(RATED_SCHEME, "5", cookies.admin);
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toMatch(new RegExp(`/content/${RATED_SCHEME}#rating$`));
    expect(await storedRating("admin", RATED_SCHEME)).toBe(5);
    let page = await html(`/content/${RATED_SCHEME}`, cookies.admin);
    expect(ratingSummaryText(page)).toBe(expectedSummary([5]));
    expectToContain(page, "Your rating: 5 of 5");

    expect((await rate(RATED_SCHEME, "2", cookies.superadmin)).status).toBe(302);
    expect(ratingSummaryText(await html(`/content/${RATED_SCHEME}`, cookies.premium))).toBe(expectedSummary([5, 2]));

    expect((await rate(RATED_SCHEME, "1", cookies.admin)).status).toBe(302);
    expect(await storedRating("admin", RATED_SCHEME)).toBe(1);
    const adminId = await demoUserId("admin");
    expect((await ratingsOf(RATED_SCHEME)).filter((row) => row.userId === adminId)).toHaveLength(1);
    page = await html(`/content/${RATED_SCHEME}`, cookies.admin);
    expect(ratingSummaryText(page)).toBe(expectedSummary([1, 2]));
    expectToContain(page, "Your rating: 1 of 5");
    // The average is also what the public teaser shows.
    expectToContain(await html(`/scheme/${RATED_SCHEME}`), `>${averageOf([...seeded(), 1, 2]).toFixed(2)}<`);

    for (const value of ["1", "2", "3", "4", "5"]) {
      expect((await rate(RATED_SCHEME, value, cookies.superadmin)).status, value).toBe(302);
      expect(await storedRating("superadmin", RATED_SCHEME)).toBe(Number(value));
    }
    expect(ratingSummaryText(await html(`/content/${RATED_SCHEME}`, cookies.premium))).toBe(expectedSummary([1, 5]));
  });

  it.each(["0", "6", "3.5", "abc", "", "-1", "05", " 3", "1e0", "3,5"])("refuse a rating of %j with a message, storing nothing", async (value) => {
    const before = await storedRating("premium", BAD_RATING_SCHEME);
    const summaryBefore = ratingSummaryText(await html(`/content/${BAD_RATING_SCHEME}`, cookies.premium));
    const response = await rate(BAD_RATING_SCHEME, value, cookies.premium);
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(alertText(page)).toContain("Choose a rating from 1 to 5 stars.");
    expect(await storedRating("premium", BAD_RATING_SCHEME)).toBe(before);
    expect(ratingSummaryText(await html(`/content/${BAD_RATING_SCHEME}`, cookies.premium))).toBe(summaryBefore);
  });

  it("refuse a rating without a value", async () => {
    const response = await postForm(`/content/${BAD_RATING_SCHEME}`, { intent: "rate" }, { cookie: cookies.premium });
    expect(response.status).toBe(400);
  });

  it("refuse to rate content that is not a scheme", async () => {
    const before = (await ratingsOf(PREMIUM_TIP)).length;
    const response = await rate(PREMIUM_TIP, "4", cookies.premium);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Only schemes can be rated.");
    expect(await ratingsOf(PREMIUM_TIP)).toHaveLength(before);
    expectNotToContain(await html(`/content/${PREMIUM_TIP}`, cookies.premium), 'id="rating"');
  });

  it("ask visitors to log in, and refuse their POST with 401", async () => {
    const scheme = freeSchemes()[0].slug;
    const page = await html(`/content/${scheme}`);
    expectToContain(page, "Log in to rate this scheme.");
    expectNotToContain(page, 'aria-label="Rate 1 star"');
    const before = (await ratingsOf(scheme)).length;
    expect((await rate(scheme, "5")).status).toBe(401);
    expect(await ratingsOf(scheme)).toHaveLength(before);
  });

  it.each(["free", "expired"] as const)("refuse the %s member (403), even on a free scheme, storing nothing", async (role) => {
    for (const slug of [freeSchemes()[0].slug, BAD_RATING_SCHEME]) {
      const before = (await ratingsOf(slug)).length;
      const response = await rate(slug, "5", cookies[role]);
      expect(response.status, slug).toBe(403);
      expect(await response.text()).toContain("You must be a premium member to rate.");
      expect(await ratingsOf(slug)).toHaveLength(before);
      expect(await storedRating(role, slug)).toBeNull();
    }
    const page = await html(`/content/${freeSchemes()[0].slug}`, cookies[role]);
    expectToContain(page, "Premium members can rate schemes.");
    expectNotToContain(page, 'aria-label="Rate 1 star"');
  });

  it.each(["premium", "admin"] as const)("refuse a forged rating of a draft by %s, storing nothing", async (role) => {
    const response = await rate(DRAFT, "5", cookies[role]);
    // Staff can see drafts, but the seed's drafts are not schemes; either way nothing is stored.
    expect([400, 404]).toContain(response.status);
    if (role === "premium") expect(response.status).toBe(404);
    expect(await ratingsOf(DRAFT)).toHaveLength(0);
  });
});

describe("cross-site posts to content pages", () => {
  // The refusal answers without reading the request body. Under wrangler dev that breaks the local
  // proxy's connection, and the next POST with a body through it fails with 500 "Network connection
  // lost" (workers-sdk#15203; see the report). A same-origin POST sent right after takes that hit,
  // so that the tests of other files running in parallel do not.
  async function crossSite(slug: string, fields: Record<string, string>, cookie: string, headers: Record<string, string>) {
    const response = await fetch(url(`/content/${slug}`), {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, ...headers },
      body: new URLSearchParams(fields),
    });
    await response.text();
    await (await postForm(`/content/${slug}`, { intent: "absorb-the-broken-connection" })).text();
    return response;
  }

  it.each<Record<string, string>>([
    { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" },
    { Origin: "https://evil.example" },
    { "Sec-Fetch-Site": "same-site", Origin: "https://sub.localhost" },
  ])("are refused with 403 and change nothing (%j)", async (headers) => {
    const slug = "madden26-user-the-middle";
    const favorite = await crossSite(slug, { intent: "favorite", favorite: "on" }, cookies.premium, headers);
    expect(favorite.status).toBe(403);
    expect(await isFavorite("premium", slug)).toBe(false);

    const rating = await crossSite(RATED_SCHEME, { intent: "rate", rating: "1" }, cookies.premium, headers);
    expect(rating.status).toBe(403);
    expect(await storedRating("premium", RATED_SCHEME)).toBe(seedRatings(RATED_SCHEME).find((entry) => entry.author === "premium")?.rating ?? null);

    const text = `Cross-site comment ${crypto.randomUUID()}`;
    const comment = await crossSite(slug, { intent: "create-comment", comment: text }, cookies.premium, headers);
    expect(comment.status).toBe(403);
    const { db } = await testState();
    expect(await db.select({ n: count() }).from(comments).where(eq(comments.comment, text))).toEqual([{ n: 0 }]);
  });
});

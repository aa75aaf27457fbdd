import { beforeAll, describe, expect, it } from "vitest";
import { seedItem, settledViews, storedViews, unpublishedItems, viewsReaching, viewsShown } from "../support/library";
import { get, postForm, signIn, url } from "../support/http";

// Items opened here and nowhere else in the suite, so that view counts only change by our requests.
// A view written while the database is busy: tests/http/faults.test.ts (a server of its own, since
// holding this server's database busy would fail other files' requests meanwhile).
const VIEWED = "cfb26-lab-wear-and-tear"; // premium lab session (locked for visitors: views count anyway)
const PLAYED = "madden26-lab-pass-types"; // premium lab session, for the play-view intent
const PAGE = () => url(`/content/${VIEWED}`);

let premium: string;
let admin: string;
beforeAll(async () => {
  premium = await signIn("premium");
  admin = await signIn("admin");
});

async function open(path: string, headers: Record<string, string> = {}, cookie?: string) {
  const response = await get(path, { headers, cookie });
  expect(response.status, path).toBe(200);
  return response.text();
}

describe("page views", () => {
  it("start from the seed's figure", async () => {
    expect(await storedViews(VIEWED)).toBeGreaterThanOrEqual(seedItem(VIEWED).views);
  });

  it("count one view when a page is opened (a GET without Referer)", async () => {
    const before = await settledViews(VIEWED);
    await open(`/content/${VIEWED}`);
    expect(await viewsReaching(VIEWED, before + 1)).toBe(before + 1);
    await open(`/content/${VIEWED}`, {}, premium);
    expect(await viewsReaching(VIEWED, before + 2)).toBe(before + 2);
  });

  it("show the stored number of views, including the one just counted (written after the answer)", async () => {
    const before = await settledViews(VIEWED);
    const html = await open(`/content/${VIEWED}`);
    expect(viewsShown(html)).toBe(before + 1);
    expect(await viewsReaching(VIEWED, before + 1)).toBe(before + 1);
  });

  it("coalesce a burst of views of one item into one write, and lose none", async () => {
    const before = await settledViews(VIEWED);
    await Promise.all(Array.from({ length: 40 }, () => open(`/content/${VIEWED}`)));
    expect(await viewsReaching(VIEWED, before + 40)).toBe(before + 40);
    expect(await settledViews(VIEWED)).toBe(before + 40);
  });

  it("count a view when coming from another page or another site", async () => {
    const before = await settledViews(VIEWED);
    await open(`/content/${VIEWED}`, { Referer: url("/college") });
    await open(`/content/${VIEWED}`, { Referer: "https://www.google.com/" });
    await open(`/content/${VIEWED}`, { Referer: url(`/content/${VIEWED}-not-the-same`) });
    expect(await viewsReaching(VIEWED, before + 3)).toBe(before + 3);
  });

  it("do not count the reload that follows an action on the same page (Referer = the page)", async () => {
    await open(`/content/${VIEWED}`, {}, admin);
    const before = await settledViews(VIEWED);

    const action = await postForm(`/content/${VIEWED}`, { intent: "favorite", favorite: "on" }, { cookie: admin });
    expect(action.status).toBe(302);
    await open(action.headers.get("Location")!, { Referer: PAGE() }, admin);
    expect(await settledViews(VIEWED)).toBe(before);

    // The data request of a client-side revalidation has the page as Referer too.
    await open(`/content/${VIEWED}.data`, { Referer: PAGE() }, admin);
    await open(`/content/${VIEWED}?editComment=1`, { Referer: PAGE() }, admin);
    expect(await settledViews(VIEWED)).toBe(before);

    await postForm(`/content/${VIEWED}`, { intent: "favorite", favorite: "off" }, { cookie: admin });
  });

  it("show the same figure on that reload as on the page before the action", async () => {
    const opened = await open(`/content/${VIEWED}`, {}, admin);
    // Once the opening view has been written (a second later at most).
    expect(await viewsReaching(VIEWED, viewsShown(opened))).toBe(viewsShown(opened));
    const reload = await open(`/content/${VIEWED}`, { Referer: PAGE() }, admin);
    expect(viewsShown(reload)).toBe(viewsShown(opened));
  });

  it("count a client-side navigation from another page (data request)", async () => {
    const before = await settledViews(VIEWED);
    await open(`/content/${VIEWED}.data`, { Referer: url("/college") });
    expect(await viewsReaching(VIEWED, before + 1)).toBe(before + 1);
  });

  it("are not counted for drafts, even when staff open them", async () => {
    const draft = unpublishedItems()[0];
    const before = await settledViews(draft.slug);
    await open(`/content/${draft.slug}`, {}, admin);
    expect((await get(`/content/${draft.slug}`)).status).toBe(404);
    expect(await settledViews(draft.slug)).toBe(before);
  });

  it("are not counted for pages that do not exist", async () => {
    const before = await settledViews(VIEWED);
    for (const path of [`/content/${VIEWED}/section/no-such-formation`, `/content/${VIEWED}/section/x/play/y`]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
    }
    expect(await settledViews(VIEWED)).toBe(before);
  });
});

describe("play views", () => {
  // As the player sends it: a fetcher POST (data request) from the page itself.
  const playView = (slug: string, cookie?: string, suffix = ".data") =>
    postForm(`/content/${slug}${suffix}`, { intent: "play-view" }, { cookie, headers: { Referer: url(`/content/${slug}`) } });

  it("count one view for a 'play-view' POST by a member who can open the content", async () => {
    const before = await settledViews(PLAYED);
    const response = await playView(PLAYED, premium);
    expect(response.status).toBe(200);
    expect(await viewsReaching(PLAYED, before + 1)).toBe(before + 1);
    // The same intent posted as a plain form (JavaScript off) counts one view too.
    expect((await playView(PLAYED, premium, "")).status).toBe(200);
    expect(await viewsReaching(PLAYED, before + 2)).toBe(before + 2);
  });

  it("are not counted for content the visitor cannot open", async () => {
    const before = await settledViews(PLAYED);
    const response = await playView(PLAYED);
    expect(response.status).toBeLessThan(500);
    expect(await settledViews(PLAYED)).toBe(before);
  });

  it("are not counted for drafts or unknown content", async () => {
    const draft = unpublishedItems()[0];
    const before = await settledViews(draft.slug);
    expect((await playView(draft.slug, premium)).status).toBe(404);
    await playView(draft.slug, admin);
    expect(await settledViews(draft.slug)).toBe(before);
    expect((await playView("no-such-content")).status).toBe(404);
  });
});

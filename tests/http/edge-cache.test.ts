import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../../db/seed";
import { testState, useStateDir } from "../support/test-state";
import { startTestServer, TEST_PORT, type TestServer } from "../support/test-server";

// The edge cache for visitors (app/server/edge-cache.server.ts), on a server of its own with the
// cache on (the main test server turns it off: its tests change rows directly). A visitor's page is
// served from the Workers Cache API with a fresh nonce; signed-in pages never are; a staff write is
// seen by the next visitor; a page served from the cache still counts its view.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ port: TEST_PORT + 3, stateDir: ".wrangler/test-state-edge-cache", vars: { EDGE_CACHE: "on" } });
  // Its rows are read as the other tests read theirs: a statement that meets the server's write
  // (the views counted after an answer) is tried again instead of failing on SQLITE_BUSY.
  useStateDir(server.stateDir);
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

function get(path: string, headers: Record<string, string> = {}) {
  return fetch(`${server.baseUrl}${path}`, { redirect: "manual", headers });
}

function post(path: string, fields: Record<string, string>, cookie?: string) {
  return fetch(`${server.baseUrl}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseUrl, "Sec-Fetch-Site": "same-origin", ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(fields),
  });
}

async function signIn(role: "admin" | "premium") {
  const response = await post("/auth", { intent: "login", email: DEMO_ACCOUNTS[role].email, password: DEMO_PASSWORD });
  const cookie = response.headers.getSetCookie().map((value) => value.split(";")[0]).find((pair) => pair.startsWith("session="));
  if (!cookie) throw new Error(`No session for ${role}`);
  return cookie;
}

const noncesOf = (html: string) => [...new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]))];
const withoutNonces = (html: string) => html.replaceAll(/ ?nonce="[^"]+"/g, "").replaceAll(/\s+/g, " ").replaceAll(" />", "/>").replaceAll(" >", ">");

async function views(slug: string) {
  const { d1 } = await testState();
  const row = await d1.prepare("SELECT views FROM content WHERE slug = ?").bind(slug).first<{ views: number }>();
  return row!.views;
}

describe("a visitor's page", () => {
  it("is served from the cache after the first visit, each time with a fresh nonce that the CSP names", async () => {
    const first = await get("/college");
    expect(first.headers.get("X-Edge-Cache")).toBe("miss");
    const firstHtml = await first.text();
    const second = await get("/college");
    const third = await get("/college");
    for (const response of [second, third]) {
      expect(response.status).toBe(200);
      expect(response.headers.get("X-Edge-Cache")).toBe("hit");
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    }
    const [secondHtml, thirdHtml] = [await second.text(), await third.text()];
    const nonces = [firstHtml, secondHtml, thirdHtml].map(noncesOf);
    for (const list of nonces) expect(list).toHaveLength(1);
    expect(new Set(nonces.flat()).size).toBe(3);
    expect(second.headers.get("Content-Security-Policy")).toContain(`'nonce-${nonces[1][0]}'`);
    expect(withoutNonces(secondHtml)).toBe(withoutNonces(firstHtml));
  });

  it("is never cached for a signed-in member, nor for auth and account pages, nor with a message to show", async () => {
    const premium = await signIn("premium");
    for (let index = 0; index < 2; index += 1) {
      const response = await get("/college", { Cookie: premium });
      expect(response.headers.get("X-Edge-Cache")).toBeNull();
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      expect(await response.text()).toContain("Jordan");
    }
    for (let index = 0; index < 2; index += 1) {
      const auth = await get("/auth");
      expect(auth.headers.get("X-Edge-Cache")).toBeNull();
      await auth.body?.cancel();
    }
    const toast = await get("/college", { Cookie: "toast=eyJraW5kIjoiaW5mbyIsInRpdGxlIjoiSGkifQ" });
    expect(toast.headers.get("X-Edge-Cache")).toBeNull();
    await toast.body?.cancel();
  });

  it("shows a staff write to the next visitor (a new title update on /updates)", async () => {
    const before = await get("/updates");
    await before.body?.cancel();
    const cached = await get("/updates");
    expect(cached.headers.get("X-Edge-Cache")).toBe("hit");
    expect(await cached.text()).not.toContain("Edge 9.91");
    const admin = await signIn("admin");
    const saved = await post(
      "/admin/updates",
      { intent: "save-update", game: "madden", version: "Edge 9.91", releasedOn: new Date().toISOString().slice(0, 10), summary: "Recorded by the edge cache test." },
      admin,
    );
    expect(saved.status).toBe(302);
    const after = await get("/updates");
    expect(after.headers.get("X-Edge-Cache")).toBe("miss");
    expect(await after.text()).toContain("Edge 9.91");
  });

  it("shows a staff write to the next visitor under any host name the site answers to, not only the one staff used", async () => {
    const otherHost = server.baseUrl.replace("localhost", "127.0.0.1");
    const fromOtherHost = () => fetch(`${otherHost}/updates`, { redirect: "manual" });
    await (await fromOtherHost()).body?.cancel();
    const cached = await fromOtherHost();
    expect(cached.headers.get("X-Edge-Cache")).toBe("hit");
    await cached.body?.cancel();
    const admin = await signIn("admin");
    const saved = await post(
      "/admin/updates",
      { intent: "save-update", game: "college", version: "Edge 8.82", releasedOn: new Date().toISOString().slice(0, 10), summary: "Recorded under the other host name." },
      admin,
    );
    expect(saved.status).toBe(302);
    const after = await fromOtherHost();
    expect(after.headers.get("X-Edge-Cache")).toBe("miss");
    expect(await after.text()).toContain("Edge 8.82");
  });

  it("counts the views of a content page served from the cache", async () => {
    const slug = "madden26-top-100-gun-bunch";
    const first = await get(`/content/${slug}`);
    await first.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const before = await views(slug);
    for (let index = 0; index < 5; index += 1) {
      const response = await get(`/content/${slug}`);
      expect(response.headers.get("X-Edge-Cache")).toBe("hit");
      await response.body?.cancel();
    }
    const deadline = Date.now() + 3_000;
    while ((await views(slug)) < before + 5 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await views(slug)).toBe(before + 5);
  });

  it("shows each visitor served the cached copy the views counted since it was stored, theirs included", async () => {
    const slug = "cfb26-flexbone-triple-option";
    const shown = async (headers: Record<string, string> = {}) => {
      const response = await get(`/content/${slug}`, headers);
      const html = await response.text();
      expect(response.headers.get("X-Edge-Views")).toBeNull();
      const [, raw, text] = /data-views="(\d+)"[^>]*>([^<]*)</.exec(html)!;
      expect(text).toBe(Number(raw).toLocaleString("en-US"));
      return { cache: response.headers.get("X-Edge-Cache"), views: Number(raw) };
    };
    const first = await shown();
    expect(first.cache).toBe("miss");
    const counts = [];
    for (let index = 0; index < 3; index += 1) counts.push(await shown());
    expect(counts).toEqual([1, 2, 3].map((more) => ({ cache: "hit", views: first.views + more })));
    // A reload after a rating or a comment (the page itself as Referer) is not a new view: the count stays.
    expect(await shown({ Referer: `${server.baseUrl}/content/${slug}` })).toEqual({ cache: "hit", views: first.views + 3 });
  });

  it("counts a search without results for every visitor served the cached page, once a day per address", async () => {
    const word = `zzedge${Date.now().toString(36)}`;
    const search = async (address: string) => {
      const response = await get(`/search?q=${word}`, { "CF-Connecting-IP": address });
      expect(response.headers.get("X-Edge-Search-Miss")).toBeNull();
      await response.body?.cancel();
      return response.headers.get("X-Edge-Cache");
    };
    expect(await search("10.9.0.1")).toBe("miss");
    for (const address of ["10.9.0.2", "10.9.0.3", "10.9.0.3"]) expect(await search(address)).toBe("hit");
    const { d1 } = await testState();
    const counted = async () => (await d1.prepare("SELECT coalesce(sum(count), 0) AS total FROM search_misses WHERE query = ?").bind(word).first<{ total: number }>())!.total;
    const deadline = Date.now() + 5_000;
    while ((await counted()) < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await counted()).toBe(3);
  });
});

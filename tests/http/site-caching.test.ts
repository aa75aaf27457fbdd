import { describe, expect, it } from "vitest";
import { SEED_BLOG_POSTS } from "../../db/seed-data";
import { tags } from "../support/html";
import { cookiesFrom, get, postForm, signIn, url } from "../support/http";

// HTTP caching (docs/decisions/0006-page-caching-and-csp-nonce.md): public pages may sit in a shared cache for visitors only, briefly;
// nothing that depends on a session is ever stored by a shared cache.

const post = SEED_BLOG_POSTS.find((entry) => entry.isPublished)!;
const PUBLIC_PAGES = ["/", "/blog", "/blog?category=news", `/blog/${post.slug}`, "/contact", "/terms-of-service", "/privacy-policy"];
const PRIVATE_PAGES = ["/home", "/account-settings", "/admin", "/auth", "/reset-password"];

function directives(response: Response) {
  const header = response.headers.get("Cache-Control") ?? "";
  const map = new Map<string, string | true>();
  for (const part of header.split(",")) {
    const [name, value] = part.trim().toLowerCase().split("=");
    if (name) map.set(name, value ?? true);
  }
  return { header, map };
}

function varies(response: Response) {
  return (response.headers.get("Vary") ?? "").split(",").map((value) => value.trim().toLowerCase());
}

/** Not storable by a shared cache: explicitly private or no-store, never public or s-maxage. */
function expectNeverShared(response: Response, label: string) {
  const { header, map } = directives(response);
  expect(map.has("private") || map.has("no-store"), `${label}: Cache-Control "${header}"`).toBe(true);
  expect(map.has("public"), `${label}: Cache-Control "${header}"`).toBe(false);
  expect(map.has("s-maxage"), `${label}: Cache-Control "${header}"`).toBe(false);
}

describe("HTTP caching of pages", () => {
  it("public pages are publicly cacheable for visitors, briefly, with stale-while-revalidate and Vary: Cookie", async () => {
    for (const path of PUBLIC_PAGES) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      const { header, map } = directives(response);
      const label = `${path}: Cache-Control "${header}"`;
      expect(map.has("public"), label).toBe(true);
      expect(map.has("private") || map.has("no-store"), label).toBe(false);
      const shared = Number(map.get("s-maxage"));
      expect(shared, label).toBeGreaterThan(0);
      expect(shared, label).toBeLessThanOrEqual(600);
      expect(Number(map.get("stale-while-revalidate")), label).toBeGreaterThan(0);
      expect(varies(response), `${path}: Vary`).toContain("cookie");
    }
  });

  it("HEAD gets the headers GET gets (type, cache policy, Vary), without a body, for visitors and members", async () => {
    const member = await signIn("free");
    for (const path of ["/college", "/blog", "/"]) {
      for (const cookie of [undefined, member]) {
        const [full, head] = [await get(path, { cookie }), await fetch(url(path), { method: "HEAD", headers: cookie ? { Cookie: cookie } : {} })];
        await full.arrayBuffer();
        for (const header of ["Content-Type", "Cache-Control", "Vary"]) expect(head.headers.get(header), `${path} ${header}${cookie ? " (member)" : ""}`).toBe(full.headers.get(header));
        expect(await head.text()).toBe("");
      }
    }
  });

  it("the same pages are private and not stored when requested with a session", async () => {
    for (const role of ["free", "premium"] as const) {
      const cookie = await signIn(role);
      for (const path of PUBLIC_PAGES) {
        const response = await get(path, { cookie });
        expect(response.status, path).toBe(200);
        const { header, map } = directives(response);
        const label = `${path} as ${role}: Cache-Control "${header}"`;
        expect(map.has("private"), label).toBe(true);
        expect(map.has("no-store"), label).toBe(true);
        expectNeverShared(response, `${path} as ${role}`);
      }
    }
  });

  it("account, staff and sign-in pages are never publicly cacheable, for visitors or members", async () => {
    const cookies = { visitor: undefined, free: await signIn("free"), superadmin: await signIn("superadmin") };
    for (const path of PRIVATE_PAGES) {
      for (const [who, cookie] of Object.entries(cookies)) expectNeverShared(await get(path, { cookie }), `${path} as ${who}`);
    }
  });

  it("a visitor's page carrying a one-time message is never publicly cacheable", async () => {
    const sent = await postForm(
      "/contact",
      { name: "Cache Test", email: "cache@example.com", message: "Testing the cache policy." },
      { headers: { "CF-Connecting-IP": `10.250.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` } },
    );
    expect(sent.status).toBe(302);
    const toast = cookiesFrom(sent).find((pair) => pair.startsWith("toast="));
    expect(toast).toBeDefined();
    const response = await get("/contact", { cookie: toast });
    expect(await response.text()).toContain("Message Sent!");
    expectNeverShared(response, "/contact with a flash message");
  });
});

describe("HTTP caching of files", () => {
  it("serves the hashed build assets as immutable for a year", async () => {
    const html = await (await get("/")).text();
    const assets = [
      ...tags(html, "script").map((attributes) => attributes.src),
      ...tags(html, "link").map((attributes) => attributes.href),
    ].filter((href): href is string => Boolean(href?.startsWith("/assets/")));
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of new Set(assets)) {
      const response = await get(asset);
      expect(response.status, asset).toBe(200);
      const { header, map } = directives(response);
      expect(map.has("immutable"), `${asset}: ${header}`).toBe(true);
      expect(Number(map.get("max-age")), `${asset}: ${header}`).toBeGreaterThanOrEqual(31536000);
    }
  });

  it("serves media from R2 with an ETag and a long cache lifetime", async () => {
    const image = `/media/thumbnail/seed-${post.image}`;
    const response = await get(image);
    expect(response.status).toBe(200);
    expect(response.headers.get("ETag")).toMatch(/^(W\/)?".+"$/);
    expect(Number(directives(response).map.get("max-age"))).toBeGreaterThanOrEqual(31536000);
    const again = await get(image, { headers: { "If-None-Match": response.headers.get("ETag")! } });
    expect(again.status).toBe(304);
  });
});

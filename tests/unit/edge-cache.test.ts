import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { lookUpPage, rememberedPageStats, startNewGeneration } from "~/server/edge-cache.server";

// The isolate's memory in front of the Workers Cache API (the real one of this workerd): pages come
// back with the nonce of the request that asks, a staff write's new generation is never answered
// from memory, and the memory stays under its cap however many pages pass through it.

const ORIGIN = "http://edge-cache.test";
const edgeCache = (caches as unknown as { default: Cache }).default;

function page(nonce: string, filler = "") {
  return new Response(`<!doctype html><html><head><script nonce="${nonce}">window.x="${nonce}"</script></head><body>${filler}</body></html>`, {
    status: 200,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, max-age=0, s-maxage=60" },
  });
}

async function visit(path: string, nonce: string, render: () => Response) {
  const lookup = await lookUpPage(new Request(`${ORIGIN}${path}`), nonce, { cache: edgeCache });
  if (lookup.hit) return { hit: true, html: await lookup.hit.text() };
  const context = createExecutionContext();
  const response = render();
  lookup.store(response, context);
  await waitOnExecutionContext(context);
  return { hit: false, html: await response.text() };
}

describe("the edge cache's memory", () => {
  it("answers a hit with this request's nonce everywhere the rendered one was", async () => {
    const first = await visit("/college", "rendered-nonce-1", () => page("rendered-nonce-1"));
    expect(first.hit).toBe(false);
    const second = await visit("/college", "fresh-nonce-2", () => page("never-rendered"));
    expect(second).toEqual({ hit: true, html: first.html.replaceAll("rendered-nonce-1", "fresh-nonce-2") });
    expect(second.html).not.toContain("rendered-nonce-1");
  });

  it("never answers from memory after a new generation", async () => {
    await visit("/madden", "n-1", () => page("n-1", "old"));
    expect((await visit("/madden", "n-2", () => page("n-2", "old"))).hit).toBe(true);
    await startNewGeneration(ORIGIN, edgeCache);
    const after = await visit("/madden", "n-3", () => page("n-3", "new"));
    expect(after).toMatchObject({ hit: false });
    expect(after.html).toContain("new");
    expect(await visit("/madden", "n-4", () => page("n-4", "newer"))).toMatchObject({ hit: true, html: expect.stringContaining("new") });
  });

  it("never answers with a page of another build (its CSS and JavaScript are gone after a deploy)", async () => {
    const visitBuild = async (build: string, nonce: string, body: string) => {
      const lookup = await lookUpPage(new Request(`${ORIGIN}/blog`), nonce, { cache: edgeCache, build });
      if (lookup.hit) return { hit: true, html: await lookup.hit.text() };
      const context = createExecutionContext();
      const response = page(nonce, body);
      lookup.store(response, context);
      await waitOnExecutionContext(context);
      return { hit: false, html: await response.text() };
    };
    expect((await visitBuild("build-a", "a-1", "assets of build a")).hit).toBe(false);
    expect(await visitBuild("build-a", "a-2", "unused")).toMatchObject({ hit: true, html: expect.stringContaining("assets of build a") });
    const next = await visitBuild("build-b", "b-1", "assets of build b");
    expect(next).toMatchObject({ hit: false, html: expect.stringContaining("assets of build b") });
    expect(await visitBuild("build-b", "b-2", "unused")).toMatchObject({ hit: true, html: expect.stringContaining("assets of build b") });
  });

  it("stays under its cap, the newest pages kept", async () => {
    const filler = "x".repeat(100_000);
    for (let index = 0; index < 40; index += 1) await visit(`/blog?page=${index}`, `nonce-${index}`, () => page(`nonce-${index}`, filler));
    const stats = rememberedPageStats();
    expect(stats.chars).toBeLessThanOrEqual(stats.limit);
    expect(stats.pages).toBeGreaterThan(0);
    expect(stats.pages).toBeLessThan(40);
    expect((await visit("/blog?page=39", "again", () => page("unused"))).hit).toBe(true);
  });
});

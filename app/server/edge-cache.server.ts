import { isPrivatePath } from "./security.server.ts";

// Visitors' pages from the Workers Cache API (docs/decisions/0015-edge-cache-views-and-read-replicas.md).
// A page that is the same for every visitor is kept for the 60 seconds our Cache-Control already
// allows shared caches; on the way out of the cache its CSP nonce is replaced by this request's.
// The key carries a generation that a staff write moves on, so that what staff change is what the
// next visitor in this location sees. Signed-in requests never touch it.
//
// The isolate also keeps the pages it served last in memory, already cut at their nonce (a cached
// page names the nonce it was rendered with), under the same generation key and for no longer than
// the cache entry lives: a hit then costs one Cache API read (the generation) and a string join,
// instead of two reads and an HTML parse. The memory is capped (MEMORY_LIMIT_CHARS).

/** How long a visitor's page is kept (the s-maxage the Worker sends). */
export const EDGE_CACHE_SECONDS = 60;
const GENERATION_PATH = "/__edge-cache/generation";
const GENERATION_PARAM = "__generation";
const BUILD_PARAM = "__build";
/**
 * This build's id (vite.config.ts). A page names its build's hashed CSS and JavaScript, which the
 * next deploy no longer serves: keyed by build, a deploy never hands out a page of the last one.
 */
const THIS_BUILD = import.meta.env.BUILD_ID ?? "dev";
/** Headers the cached copy carries for the isolate's memory (never sent to the browser). */
const NONCE_HEADER = "X-Edge-Nonce";
const STORED_HEADER = "X-Edge-Stored";
/** At most this many characters of page text in the isolate's memory (a listing is about 50,000). */
const MEMORY_LIMIT_CHARS = 2_000_000;

type RememberedPage = { parts: string[]; headers: [string, string][]; until: number; chars: number };
const rememberedPages = new Map<string, RememberedPage>();
let rememberedChars = 0;

function forgetPage(key: string) {
  const entry = rememberedPages.get(key);
  if (!entry) return;
  rememberedPages.delete(key);
  rememberedChars -= entry.chars;
}

function rememberPage(key: string, html: string, nonce: string, headers: Headers, storedAt: number) {
  forgetPage(key);
  const until = storedAt + EDGE_CACHE_SECONDS * 1000;
  if (!nonce || html.length > MEMORY_LIMIT_CHARS || until <= Date.now()) return;
  const kept: [string, string][] = [];
  headers.forEach((value, name) => {
    if (name !== NONCE_HEADER.toLowerCase() && name !== STORED_HEADER.toLowerCase()) kept.push([name, value]);
  });
  // Oldest first: expired pages, then as many as the cap needs.
  for (const [oldest, entry] of rememberedPages) {
    if (entry.until > Date.now() && rememberedChars + html.length <= MEMORY_LIMIT_CHARS) break;
    forgetPage(oldest);
  }
  rememberedPages.set(key, { parts: html.split(nonce), headers: kept, until, chars: html.length });
  rememberedChars += html.length;
}

function recallPage(key: string, nonce: string): Response | null {
  const entry = rememberedPages.get(key);
  if (!entry) return null;
  if (Date.now() >= entry.until) {
    forgetPage(key);
    return null;
  }
  return new Response(entry.parts.join(nonce), { status: 200, headers: entry.headers });
}

/** For tests: what the isolate's memory holds (never above its cap). */
export function rememberedPageStats() {
  return { pages: rememberedPages.size, chars: rememberedChars, limit: MEMORY_LIMIT_CHARS };
}

type EdgeCache = Pick<Cache, "match" | "put">;

function defaultCache(): EdgeCache | null {
  return typeof caches === "undefined" ? null : (caches as unknown as { default: Cache }).default;
}

/**
 * A request whose answer may come from, and go to, the shared cache: a visitor's GET of a page.
 * EDGE_CACHE=off turns the cache off (the main test server does: its tests change rows directly).
 */
export function isCacheableRequest(request: Request, env: Pick<Env, "EDGE_CACHE">): boolean {
  if (env.EDGE_CACHE === "off" || request.method !== "GET") return false;
  // The cookie first: a signed-in request (most of those that get here uncached) stops without parsing its URL.
  if (/(?:^|;\s*)(session|toast)=/.test(request.headers.get("Cookie") ?? "")) return false;
  const { pathname } = new URL(request.url);
  if (pathname.endsWith(".data") || pathname.startsWith("/media/") || pathname.startsWith("/assets/")) return false;
  return !isPrivatePath(pathname);
}

async function currentGeneration(cache: EdgeCache, origin: string) {
  const stored = await cache.match(new Request(`${origin}${GENERATION_PATH}`));
  return stored ? await stored.text() : "0";
}

function pageKey(request: Request, generation: string, build: string) {
  const url = new URL(request.url);
  url.searchParams.set(GENERATION_PARAM, generation);
  url.searchParams.set(BUILD_PARAM, build);
  return new Request(url.toString(), { method: "GET" });
}

/** `store`'s `keep`: headers the cached copy carries for the Worker's next hit (never sent to a browser). */
export type CacheLookup = { hit: Response | null; store: (response: Response, executionContext: ExecutionContext, keep?: Record<string, string>) => void };

/**
 * Looks the visitor's page up. `hit` is the cached page with this request's nonce written in;
 * `store` keeps a fresh answer (a 200 HTML page the cache policy made public) for the next visitor.
 */
export async function lookUpPage(
  request: Request,
  nonce: string,
  { site = new URL(request.url).origin, cache = defaultCache(), build = THIS_BUILD }: { site?: string; cache?: EdgeCache | null; build?: string } = {},
): Promise<CacheLookup> {
  const none: CacheLookup = { hit: null, store: () => {} };
  if (!cache) return none;
  try {
    const generation = await currentGeneration(cache, new URL(site).origin);
    const key = pageKey(request, generation, build);
    const remembered = recallPage(key.url, nonce);
    if (remembered) return { hit: remembered, store: () => {} };
    const cached = await cache.match(key);
    return {
      hit: cached ? await withNonce(key.url, cached, nonce) : null,
      store(response, executionContext, keep = {}) {
        if (!isStorable(response)) return;
        const headers = new Headers(response.headers);
        for (const [name, value] of Object.entries(keep)) headers.set(name, value);
        headers.set("Cache-Control", `public, max-age=${EDGE_CACHE_SECONDS}`);
        headers.delete("Set-Cookie");
        headers.delete("Vary");
        const storedAt = Date.now();
        headers.set(NONCE_HEADER, nonce);
        headers.set(STORED_HEADER, String(storedAt));
        const copy = response.clone();
        executionContext.waitUntil(
          copy
            .text()
            .then((html) => {
              rememberPage(key.url, html, nonce, headers, storedAt);
              return cache.put(key, new Response(html, { status: 200, headers }));
            })
            .catch((error) => console.error("Edge cache put", error)),
        );
      },
    };
  } catch (error) {
    console.error("Edge cache lookup", error);
    return none;
  }
}

function isStorable(response: Response) {
  return (
    response.status === 200 &&
    (response.headers.get("Content-Type") ?? "").startsWith("text/html") &&
    (response.headers.get("Cache-Control") ?? "").startsWith("public") &&
    !response.headers.has("Set-Cookie")
  );
}

/**
 * The cached page with the nonce it was rendered with replaced by this request's (everywhere it
 * occurs: attributes and any script text), kept in the isolate's memory for the next hit.
 */
async function withNonce(key: string, cached: Response, nonce: string) {
  const html = await cached.text();
  const rendered = cached.headers.get(NONCE_HEADER);
  const storedAt = Number(cached.headers.get(STORED_HEADER));
  if (!rendered) {
    // Stored without its nonce's name (by an older version): not served from here.
    return null;
  }
  rememberPage(key, html, rendered, cached.headers, Number.isFinite(storedAt) ? storedAt : 0);
  const headers = new Headers(cached.headers);
  headers.delete(NONCE_HEADER);
  headers.delete(STORED_HEADER);
  return new Response(html.replaceAll(rendered, nonce), { status: 200, headers });
}

/**
 * A staff write changed what visitors may see: the pages cached so far in this location are not
 * served again (their keys name the old generation; they expire on their own). One generation for
 * the site (SITE_URL's origin), whichever of its host names a page was asked under.
 */
export async function startNewGeneration(origin: string, cache: EdgeCache | null = defaultCache()) {
  if (!cache) return;
  await cache.put(
    new Request(`${origin}${GENERATION_PATH}`),
    new Response(`${Date.now()}-${crypto.randomUUID().slice(0, 8)}`, { headers: { "Cache-Control": "public, max-age=31536000" } }),
  );
}

import { isPrivatePath } from "./security.server.ts";

// Visitors' pages from the Workers Cache API (docs/decisions/0015-edge-cache-views-and-read-replicas.md).
// A page that is the same for every visitor is kept for the 60 seconds our Cache-Control already
// allows shared caches; on the way out of the cache its CSP nonce is replaced by this request's
// (HTMLRewriter). The key carries a generation that a staff write moves on, so that what staff
// change is what the next visitor in this location sees. Signed-in requests never touch it.

/** How long a visitor's page is kept (the s-maxage the Worker sends). */
export const EDGE_CACHE_SECONDS = 60;
const GENERATION_PATH = "/__edge-cache/generation";
const GENERATION_PARAM = "__generation";

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
  const url = new URL(request.url);
  if (url.pathname.endsWith(".data") || url.pathname.startsWith("/media/") || url.pathname.startsWith("/assets/")) return false;
  if (isPrivatePath(url.pathname)) return false;
  const cookie = request.headers.get("Cookie") ?? "";
  return !/(?:^|;\s*)(session|toast)=/.test(cookie);
}

async function currentGeneration(cache: EdgeCache, origin: string) {
  const stored = await cache.match(new Request(`${origin}${GENERATION_PATH}`));
  return stored ? await stored.text() : "0";
}

function pageKey(request: Request, generation: string) {
  const url = new URL(request.url);
  url.searchParams.set(GENERATION_PARAM, generation);
  return new Request(url.toString(), { method: "GET" });
}

export type CacheLookup = { hit: Response | null; store: (response: Response, executionContext: ExecutionContext) => void };

/**
 * Looks the visitor's page up. `hit` is the cached page with this request's nonce written in;
 * `store` keeps a fresh answer (a 200 HTML page the cache policy made public) for the next visitor.
 */
export async function lookUpPage(request: Request, nonce: string, cache: EdgeCache | null = defaultCache()): Promise<CacheLookup> {
  const none: CacheLookup = { hit: null, store: () => {} };
  if (!cache) return none;
  try {
    const generation = await currentGeneration(cache, new URL(request.url).origin);
    const key = pageKey(request, generation);
    const cached = await cache.match(key);
    return {
      hit: cached ? withNonce(cached, nonce) : null,
      store(response, executionContext) {
        if (!isStorable(response)) return;
        const headers = new Headers(response.headers);
        headers.set("Cache-Control", `public, max-age=${EDGE_CACHE_SECONDS}`);
        headers.delete("Set-Cookie");
        headers.delete("Vary");
        executionContext.waitUntil(
          cache.put(key, new Response(response.clone().body, { status: 200, headers })).catch((error) => console.error("Edge cache put", error)),
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

/** The cached page with every nonce attribute set to this request's. */
function withNonce(cached: Response, nonce: string) {
  const rewritten = new HTMLRewriter()
    .on("[nonce]", {
      element(element) {
        element.setAttribute("nonce", nonce);
      },
    })
    .transform(cached);
  return new Response(rewritten.body, { status: 200, headers: cached.headers });
}

/**
 * A staff write changed what visitors may see: the pages cached so far in this location are not
 * served again (their keys name the old generation; they expire on their own).
 */
export async function startNewGeneration(origin: string, cache: EdgeCache | null = defaultCache()) {
  if (!cache) return;
  await cache.put(
    new Request(`${origin}${GENERATION_PATH}`),
    new Response(`${Date.now()}-${crypto.randomUUID().slice(0, 8)}`, { headers: { "Cache-Control": "public, max-age=31536000" } }),
  );
}

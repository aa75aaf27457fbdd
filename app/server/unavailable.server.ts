import { hasErrorMessage } from "./db.server.ts";

// When D1 or KV cannot answer, a request that needed them ends in a 503 with Retry-After: the
// browser, a crawler or Stripe comes back later, and since a D1 batch is all or nothing, nothing
// of the request was half written. Only failures of the service count; a SQL error (a constraint,
// a bug) stays a 500. See docs/decisions/0016-soak-and-faults.md.

export const RETRY_AFTER_SECONDS = 30;

// D1's documented transient errors, KV answering 429 or 5xx ("KV GET failed: 503 ..."), and the
// local D1 meeting another process's write lock (`wrangler d1 execute --local` on the running site):
// SQLite's "database is locked", which D1's sessions report as "Failed to get session commit token".
const UNAVAILABLE =
  /Network connection lost|D1 DB is overloaded|transient issue on remote node|caused object to be reset|D1 DB(?:'s isolate)? exceeded its (?:memory|CPU time) limit|\bKV [A-Z_]+ failed: (?:429|5\d\d)\b|SQLITE_BUSY|database is locked|Failed to get session commit token/;

/** True when an error (or one it wraps, as drizzle does) is D1 or KV failing to answer. */
export function isServiceUnavailable(error: unknown): boolean {
  return hasErrorMessage(error, UNAVAILABLE);
}

/** The 503: a small page of its own for a browser's page request (it needs neither D1 nor KV), plain text otherwise. */
export function unavailableResponse(request: Request, siteName: string): Response {
  const headers = new Headers({ "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" });
  const url = new URL(request.url);
  const page = (request.headers.get("Accept") ?? "").includes("text/html") && !url.pathname.endsWith(".data");
  if (!page) {
    headers.set("Content-Type", "text/plain; charset=utf-8");
    return new Response(`${siteName} is briefly unavailable. Please try again in ${RETRY_AFTER_SECONDS} seconds.`, { status: 503, headers });
  }
  headers.set("Content-Type", "text/html; charset=utf-8");
  const name = siteName.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);
  const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Back in a moment | ${name}</title>
<style>
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #020617; color: #e2e8f0; font: 16px/1.6 system-ui, sans-serif; }
main { max-width: 32rem; padding: 2rem; text-align: center; }
h1 { color: #fff; font-size: 1.875rem; margin: 0 0 1rem; }
a { color: #fbbf24; }
</style>
</head>
<body>
<main>
<h1>Back in a moment</h1>
<p>${name} is briefly unavailable.</p>
<p>Please <a href="${escapeAttribute(url.pathname + url.search)}">try again</a> in ${RETRY_AFTER_SECONDS} seconds.</p>
</main>
</body>
</html>
`;
  return new Response(request.method === "HEAD" ? null : html, { status: 503, headers });
}

function escapeAttribute(value: string) {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

// The bench's measure of what a signed-in page cannot avoid. Inert unless the Worker's BENCH_PROBES
// var is "on", which only `npm run bench` sets on its own servers (never wrangler.toml, never
// production). Then GET /__bench/signed-in-io does a signed-in page's I/O and nothing else: the
// stored session (this isolate's memory or KV, as a page reads it) and one D1 batch of the session
// user's row and nine one-row selects, ten statements as the scheme page sends. No routing, no
// loader, no rendering: its p50 against the static floor is the part of the 2.5x budget that the
// runtime's I/O takes before any page work starts.
import { createDatabase } from "./db.server.ts";
import { openD1Session } from "./d1-session.server.ts";
import { readSession, readSessionToken, sessionUserQuery } from "./session.server.ts";

export const SIGNED_IN_IO_PATH = "/__bench/signed-in-io";
export const SIGNED_IN_IO_STATEMENTS = 10;

/** Whether this request is the probe: never unless probes are on (one comparison for every other request). */
export function isBenchProbe(request: Request, env: Pick<Env, "BENCH_PROBES">): boolean {
  return env.BENCH_PROBES === "on" && request.method === "GET" && new URL(request.url).pathname === SIGNED_IN_IO_PATH;
}

/** The probe's answer, for a request isBenchProbe admitted. */
export async function benchProbe(request: Request, env: Env): Promise<Response> {
  const token = readSessionToken(request);
  const session = token ? await readSession(env.KV, token) : null;
  if (!session) return new Response("No session", { status: 401 });
  // Through a D1 session, as every request's reads go (d1-session.server.ts).
  const d1 = openD1Session(request, env.DB).database;
  const user = sessionUserQuery(createDatabase(d1), session.userId).statement();
  const others = Array.from({ length: SIGNED_IN_IO_STATEMENTS - 1 }, () => d1.prepare("SELECT value FROM counters WHERE name = ?").bind("content:all"));
  const results = await d1.batch([user, ...others]);
  return new Response(`${results.length} statements`, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

import { readCookie } from "./http.server.ts";

// Reads near the reader: every request works through a D1 session (the Sessions API), so that its
// reads may be answered by a read replica, while a member who just wrote reads their own write: the
// bookmark of their last write travels in a cookie and anchors the next request's session there
// (docs/decisions/0015-edge-cache-views-and-read-replicas.md). Locally there are no replicas and
// the session behaves like the database itself.

export const BOOKMARK_COOKIE = "d1_bookmark";
const BOOKMARK_MAX_AGE = 60 * 60;
/** A D1 bookmark: four groups of hex digits (00000000-0000000e-00000000-<32 digits>); anything else is ignored. */
const BOOKMARK_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/i;

export type D1Session = { database: D1Database; bookmark(): string | null; startedFrom: string | null };

/**
 * The request's D1: a session from the bookmark the member carries (their last write), or one that
 * may start on any replica. The returned database sends prepare and batch through the session.
 */
export function openD1Session(request: Request, d1: D1Database): D1Session {
  const carried = readCookie(request, BOOKMARK_COOKIE);
  const startedFrom = carried && BOOKMARK_PATTERN.test(carried) ? carried : null;
  const session = d1.withSession(startedFrom ?? "first-unconstrained");
  const database = new Proxy(d1, {
    get(target, property) {
      if (property === "prepare") return (query: string) => session.prepare(query);
      if (property === "batch") return (statements: D1PreparedStatement[]) => session.batch(statements);
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { database, bookmark: () => session.getBookmark(), startedFrom };
}

/**
 * After a write, the cookie that makes the member's next requests read at least what it wrote;
 * null when nothing needs saying (a read, or the bookmark they already carry).
 */
export function bookmarkCookie(request: Request, session: D1Session): string | null {
  if (request.method === "GET" || request.method === "HEAD") return null;
  const bookmark = session.bookmark();
  if (!bookmark || bookmark === session.startedFrom || !BOOKMARK_PATTERN.test(bookmark)) return null;
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${BOOKMARK_COOKIE}=${bookmark}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${BOOKMARK_MAX_AGE}${secure}`;
}

import { formatCount } from "../lib/format.ts";
import { createDatabase, writeWhileBusy } from "./db.server.ts";
import { countViewStatement } from "./library.server.ts";

// Page views, counted after the answer and coalesced per isolate: the views of one item within a
// second become one UPDATE (views + n), so a page that goes viral is not one D1 write per visit,
// and a page served from the edge cache (which runs no loader) is counted all the same.

/** Views wait this long in the isolate before they are written (a reader who reloads sees theirs within two seconds). */
export const VIEW_FLUSH_MS = 1_000;
/** The pending items an isolate keeps at most; one more writes them at once. */
export const MAX_PENDING_VIEWS = 5_000;

export type ViewedPlace = { slug: string; sectionSlug: string | null; playSlug: string | null };

const pending = new Map<string, ViewedPlace & { count: number }>();
let scheduled = false;

/**
 * The views this isolate counted of each item since it started (by slug; the least recently
 * counted dropped past MAX_PENDING_VIEWS). A page the edge cache keeps is stamped with its item's
 * tally when it was drawn, so that a visitor served the cached copy sees the views counted since,
 * their own included, and not the number it was stored with (withViewsSinceStored).
 */
const tallies = new Map<string, number>();
let isolateId: string | null = null;

/** The header that carries the stamp on the edge cache's copy (never sent to a browser). */
export const VIEWS_STAMP_HEADER = "X-Edge-Views";

function tallyView(slug: string) {
  const next = (tallies.get(slug) ?? 0) + 1;
  tallies.delete(slug);
  tallies.set(slug, next);
  if (tallies.size > MAX_PENDING_VIEWS) tallies.delete(tallies.keys().next().value!);
}

/** This isolate and its tally of the item's views so far: what a page drawn now already shows. */
export function viewsStamp(slug: string): string {
  // Random values cannot be drawn in a Worker's global scope: the id is made on first use.
  isolateId ??= crypto.randomUUID();
  return `${isolateId}:${tallies.get(slug) ?? 0}`;
}

/**
 * A content page from the edge cache with its views brought up to date: those this isolate counted
 * since the page was drawn, this visit's included; from a copy another isolate drew, this visit's
 * own view. The page marks its count with data-views (app/components/library/content-page.tsx).
 */
export function withViewsSinceStored(page: Response, slug: string, counted: boolean): Response {
  const [isolate, tallyThen] = (page.headers.get(VIEWS_STAMP_HEADER) ?? "").split(":");
  const headers = new Headers(page.headers);
  headers.delete(VIEWS_STAMP_HEADER);
  const now = tallies.get(slug);
  const more = isolate && isolate === isolateId && now !== undefined ? Math.max(0, now - Number(tallyThen)) : counted ? 1 : 0;
  const plain = new Response(page.body, { status: page.status, headers });
  if (!more) return plain;
  return new HTMLRewriter()
    .on("[data-views]", {
      element(element) {
        const shown = Number(element.getAttribute("data-views")) + more;
        if (!Number.isFinite(shown)) return;
        element.setAttribute("data-views", String(shown));
        element.setInnerContent(formatCount(shown));
      },
    })
    .transform(plain);
}

/**
 * One view of an item (or of one of its formations or plays: it counts only while that exists).
 * Returns the item's stamp after it (viewsStamp).
 */
export function countView(env: Pick<Env, "DB">, executionContext: Pick<ExecutionContext, "waitUntil">, place: ViewedPlace): string {
  tallyView(place.slug);
  const key = `${place.slug}\n${place.sectionSlug ?? ""}\n${place.playSlug ?? ""}`;
  const entry = pending.get(key);
  if (entry) entry.count += 1;
  else pending.set(key, { ...place, count: 1 });
  if (pending.size >= MAX_PENDING_VIEWS) {
    executionContext.waitUntil(flushViews(env));
  } else if (!scheduled) {
    scheduled = true;
    executionContext.waitUntil(new Promise((resolve) => setTimeout(resolve, VIEW_FLUSH_MS)).then(() => flushViews(env)));
  }
  return viewsStamp(place.slug);
}

/** Writes the pending views, one UPDATE per item and place, in one batch. */
export async function flushViews(env: Pick<Env, "DB">) {
  scheduled = false;
  const entries = [...pending.values()];
  pending.clear();
  if (!entries.length) return;
  const db = createDatabase(env.DB);
  const statements = entries.map((entry) => countViewStatement(db, entry.slug, entry, entry.count));
  try {
    await writeWhileBusy(() => db.batch(statements as [(typeof statements)[number], ...typeof statements]));
  } catch (error) {
    console.error(`${entries.length} page views not counted`, error);
  }
}

/** The item, formation and play a content page's path names (for the pages the edge cache serves). */
export function viewedPlaceOf(pathname: string): ViewedPlace | null {
  const match = /^\/content\/([^/]+)(?:\/section\/([^/]+)(?:\/play\/([^/]+))?)?\/?$/.exec(pathname);
  if (!match) return null;
  const decode = (value: string | undefined) => (value === undefined ? null : decodeURIComponent(value));
  try {
    return { slug: decode(match[1])!, sectionSlug: decode(match[2]), playSlug: decode(match[3]) };
  } catch {
    return null;
  }
}

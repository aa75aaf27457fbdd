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

/** One view of an item (or of one of its formations or plays: it counts only while that exists). */
export function countView(env: Pick<Env, "DB">, executionContext: Pick<ExecutionContext, "waitUntil">, place: ViewedPlace) {
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

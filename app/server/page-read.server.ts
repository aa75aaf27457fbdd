// How a loader reads its page: everything it needs, asked for by name, in one D1 round trip that it
// shares with the session check.
//
//   const { item, sections, own } = await readPage(app, (userId) => ({
//     item: contentBySlugQuery(db, slug),
//     sections: sectionsWithCountsQuery(db, slug),
//     own: userId ? viewerRatingQuery(db, slug, userId) : none,
//   }));
//
// Each name gets its statement's own result (typed as awaiting the statement would), `none` gets
// null. Adding or removing a read can never shift another's answer.
import type { AppContext } from "./context.server.ts";
import type { Statement } from "./db.server.ts";

class NoRead {
  readonly skipped = true;
}
/** A read left out of this page (for this viewer, this URL): its name comes back as null. */
export const none = new NoRead();

export type ReadPlan = Record<string, Statement | NoRead>;
type ResultOf<T> = T extends NoRead ? null : Awaited<T>;
export type PageData<P extends ReadPlan> = { [K in keyof P]: ResultOf<P[K]> };

/**
 * `build` gets the signed-in member's id as the stored session names it, before D1 has confirmed
 * it (the confirmation is read in the same batch). When the confirmation disagrees (a revoked
 * session, a deleted account), the page is read again for the confirmed viewer, so rows read for
 * one viewer never reach anyone else.
 */
export async function readPage<P extends ReadPlan>(app: AppContext, build: (userId: string | null) => P): Promise<PageData<P>> {
  let plan: P | undefined;
  const [{ userId, results }, session] = await Promise.all([
    app.readWithSession((userId) => statementsOf((plan = build(userId)))),
    app.getSession(),
  ]);
  const confirmed = session?.user.id ?? null;
  if (confirmed === userId) return named(plan!, results);
  const fresh = build(confirmed);
  return named(fresh, (await app.readWithSession(() => statementsOf(fresh))).results);
}

function statementsOf(plan: ReadPlan): Statement[] {
  return Object.values(plan).filter((entry): entry is Statement => entry !== none);
}

function named<P extends ReadPlan>(plan: P, results: unknown[]): PageData<P> {
  const data: Record<string, unknown> = {};
  let next = 0;
  for (const [name, entry] of Object.entries(plan)) data[name] = entry === none ? null : results[next++];
  return data as PageData<P>;
}

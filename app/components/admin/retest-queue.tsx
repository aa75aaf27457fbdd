// The re-test queue: what needs re-testing after each game's latest update, most favourited first.
// Each row has its own 'Verified' form; the checkboxes belong to the 'Mark verified' form by their
// `form` attribute (forms cannot nest), so a selection is verified in one post without JavaScript.
import { Form } from "react-router";
import { Link } from "~/components/link";
import { useFocusAfterSave } from "~/components/use-focus-on-arrival";
import { StatusBadge } from "~/components/library/status-badge";
import { GAME_LABELS, type Game } from "~/lib/patch";
import type { UpdatesActionData, UpdatesLoaderData } from "~/routes/admin/updates";

const BULK_FORM = "mark-verified-form";

/** The queue for a game (or all) and a page: at the queue, not the top of the screen (the actions come back here too). */
export function queueHref(game: Game | null, page = 1) {
  const params = new URLSearchParams();
  if (game) params.set("game", game);
  if (page > 1) params.set("page", String(page));
  return `/admin/updates${params.size ? `?${params}` : ""}#queue`;
}

export function RetestQueue({
  queue,
  counts,
  actionData,
}: {
  queue: UpdatesLoaderData["queue"];
  counts: UpdatesLoaderData["counts"];
  actionData: UpdatesActionData;
}) {
  const total = (counts.college ?? 0) + (counts.madden ?? 0);
  // A row verified leaves the queue with its button: the keyboard goes on to the row that takes its place.
  const aimFocus = useFocusAfterSave();
  const values = queue.rows.map((row) => `${row.kind}:${row.id}`);
  const verifyId = (value: string) => `verify-${value.replace(":", "-")}`;
  const aimAfter = (index: number) => () => aimFocus([values[index + 1], values[index - 1]].filter(Boolean).map(verifyId).concat("queue-heading"));
  const bulkError = actionData?.intent === "mark-verified" ? actionData.error : null;
  const filters: { game: Game | null; label: string; count: number }[] = [
    { game: null, label: "All games", count: total },
    { game: "college", label: GAME_LABELS.college, count: counts.college ?? 0 },
    { game: "madden", label: GAME_LABELS.madden, count: counts.madden ?? 0 },
  ];
  return (
    <section id="queue" aria-labelledby="queue-heading" className="mt-12 scroll-mt-4">
      <h2 id="queue-heading" tabIndex={-1} className="font-display text-2xl font-black text-white">Re-test queue</h2>
      <p className="mt-1 text-sm text-slate-400">Schemes and plays that need a re-test on their game's latest update, the most favourited first.</p>
      <nav aria-label="Queue by game" className="mt-4 flex flex-wrap gap-2">
        {filters.map((filter) => (
          <Link
            key={filter.label}
            to={queueHref(filter.game)}
            aria-current={filter.game === queue.game ? "page" : undefined}
            className={`rounded-full border px-3 py-1.5 text-sm font-semibold ${filter.game === queue.game ? "border-turf bg-turf text-field-950" : "border-field-600 text-slate-200 hover:bg-field-800"}`}
          >
            {filter.label} ({filter.count})
          </Link>
        ))}
      </nav>
      {queue.rows.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-dashed border-field-600 p-8 text-center text-slate-300">Nothing needs re-testing.</p>
      ) : (
        <>
          {/* Posted to the queue's anchor: without JavaScript a refusal ('Select at least one item.') opens there, beside the button. */}
          <Form method="post" action={queueHref(queue.game, queue.page)} preventScrollReset id={BULK_FORM} className="mt-6 flex flex-wrap items-center gap-3">
            <input type="hidden" name="intent" value="mark-verified" />
            <input type="hidden" name="basis" value={queue.basis} />
            <button type="submit" className="btn-primary btn-sm">
              Mark verified
            </button>
            <span className="text-sm text-slate-400">the selected items, on their game's current update.</span>
            {bulkError ? (
              <p role="alert" className="field-error w-full">
                {bulkError}
              </p>
            ) : null}
          </Form>
          <div className="relative mt-4 overflow-x-auto rounded-2xl border border-field-700">
            {/* On a phone the game, favourites and status go under the item's name, so 'Verified' is in view without scrolling sideways. */}
            <table className="w-full text-left text-sm md:min-w-[720px]">
              <thead className="bg-field-800 text-xs uppercase tracking-wider text-slate-400">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    <span className="sr-only">Select</span>
                  </th>
                  <th scope="col" className="px-4 py-3">Item</th>
                  <th scope="col" className="hidden px-4 py-3 md:table-cell">Game</th>
                  <th scope="col" className="hidden px-4 py-3 md:table-cell">Favourites</th>
                  <th scope="col" className="hidden px-4 py-3 md:table-cell">Status</th>
                  <th scope="col" className="px-4 py-3">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-field-700">
                {queue.rows.map((row, index) => {
                  const value = values[index];
                  const name = row.kind === "play" ? `${row.title} (${row.sectionTitle})` : row.title;
                  const href = row.kind === "play" ? `/content/${row.slug}/section/${row.sectionSlug}/play/${row.playSlug}` : `/content/${row.slug}`;
                  return (
                    <tr key={value} className="bg-field-900">
                      <td className="px-4 py-3">
                        <input type="checkbox" name="items" value={value} form={BULK_FORM} aria-label={`Select ${name}`} className="h-4 w-4 accent-lime-400" />
                      </td>
                      <td className="px-4 py-3">
                        <Link to={href} className="font-semibold text-white underline decoration-slate-500 underline-offset-2 hover:decoration-white">
                          {name}
                        </Link>
                        {row.kind === "play" ? <span className="block text-xs text-slate-400">{row.contentTitle}</span> : null}
                        <span className="mt-1 block text-xs text-slate-400 md:hidden">
                          {GAME_LABELS[row.game]} · {row.favorites} {row.favorites === 1 ? "favourite" : "favourites"}
                        </span>
                        <span className="mt-2 block md:hidden">
                          <StatusBadge status="needs-retest" version={row.version} />
                        </span>
                      </td>
                      <td className="hidden px-4 py-3 text-slate-300 md:table-cell">{GAME_LABELS[row.game]}</td>
                      <td className="hidden px-4 py-3 tabular-nums text-slate-300 md:table-cell">{row.favorites}</td>
                      <td className="hidden px-4 py-3 md:table-cell">
                        <StatusBadge status="needs-retest" version={row.version} />
                      </td>
                      <td className="px-3 py-3 md:px-4">
                        <div className="flex flex-col items-end gap-3 md:flex-row md:flex-wrap md:items-center md:justify-end">
                          <Link to={`/admin/content/${row.slug}#status-${row.kind}-${row.id}`} className="text-link">
                            Set status<span className="sr-only"> of {name}</span>
                          </Link>
                          <Form method="post" onSubmit={aimAfter(index)}>
                            <input type="hidden" name="intent" value="mark-verified" />
                            <input type="hidden" name="items" value={value} />
                            <input type="hidden" name="basis" value={queue.basis} />
                            <button type="submit" id={verifyId(value)} className="btn-secondary btn-sm" aria-label={`Verified: ${name}`}>
                              Verified
                            </button>
                          </Form>
                          {row.playsToRetest > 0 ? (
                            // Staff test a scheme with its plays: one click for all of them.
                            <Form method="post" onSubmit={aimAfter(index)}>
                              <input type="hidden" name="intent" value="mark-scheme-verified" />
                              <input type="hidden" name="contentId" value={row.id} />
                              <input type="hidden" name="basis" value={queue.basis} />
                              <button type="submit" className="btn-secondary btn-sm" aria-label={`Verified with its ${row.playsToRetest} ${row.playsToRetest === 1 ? "play" : "plays"}: ${name}`}>
                                Verified with its {row.playsToRetest} {row.playsToRetest === 1 ? "play" : "plays"}
                              </button>
                            </Form>
                          ) : null}
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {queue.pageCount > 1 ? (
            <nav aria-label="Queue pages" className="mt-6 flex items-center justify-between text-sm">
              {queue.page > 1 ? <Link to={queueHref(queue.game, queue.page - 1)} className="btn-secondary btn-sm">Previous</Link> : <span />}
              <span className="text-slate-400">
                Page {queue.page} of {queue.pageCount}
              </span>
              {queue.page < queue.pageCount ? <Link to={queueHref(queue.game, queue.page + 1)} className="btn-secondary btn-sm">Next</Link> : <span />}
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}

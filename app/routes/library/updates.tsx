import { Link } from "~/components/link";
import type { Route } from "./+types/updates";
import { StatusBadge } from "~/components/library/status-badge";
import { formatCount } from "~/lib/format";
import { formatUpdateDate, GAME_LABELS, type Game, type PatchStatus } from "~/lib/patch";
import { pageMeta } from "~/lib/seo";
import { getApp } from "~/server/context.server";
import { readPage } from "~/server/page-read.server";
import { stillToRetestQuery, titleUpdatesQuery, updateOutcomesQuery, withStanding } from "~/server/patch.server";

// /updates: each game's title updates, newest first, each with what the site verified, adjusted or
// marked nerfed after it. Public: the statuses sell the library (the staff notes stay on the items).

const GAMES: Game[] = ["college", "madden"];
const OUTCOMES: { status: Exclude<PatchStatus, "needs-retest">; heading: string }[] = [
  { status: "verified", heading: "Verified" },
  { status: "adjusted", heading: "Works with adjustment" },
  { status: "nerfed", heading: "Nerfed" },
];
/**
 * Items listed per outcome of one update, up to `listed` behind 'and N more', beyond that counted.
 * The current update's outcomes are what works now; an earlier update's are its history, shorter.
 */
const CURRENT_LISTS = { shown: 12, listed: 100 };
const EARLIER_LISTS = { shown: 5, listed: 10 };

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    matches,
    title: "Title Updates: What Still Works",
    description: "Every College Football 26 and Madden NFL 26 title update, and which schemes and plays we verified, adjusted or marked nerfed after it.",
    path: "/updates",
  });
}

/** An item's address is its key too: one item or play has one address. */
type OutcomeItem = { title: string; place: string | null; href: string };

export async function loader({ context }: Route.LoaderArgs) {
  const app = getApp(context);
  const { updates, outcomes, stillToRetest } = await readPage(app, () => ({
    updates: titleUpdatesQuery(app.db),
    outcomes: updateOutcomesQuery(app.db),
    stillToRetest: stillToRetestQuery(app.db),
  }));
  const byUpdate = new Map<number, Record<string, OutcomeItem[]>>();
  for (const row of outcomes) {
    if (row.updateId === null) continue;
    const groups = byUpdate.get(row.updateId) ?? {};
    byUpdate.set(row.updateId, groups);
    const play = row.itemKind === "play" && row.playSlug && row.sectionSlug;
    (groups[row.toStatus] ??= []).push({
      title: play ? (row.playTitle ?? "") : row.contentTitle,
      place: play ? row.contentTitle : null,
      href: play ? `/content/${row.contentSlug}/section/${row.sectionSlug}/play/${row.playSlug}` : `/content/${row.contentSlug}`,
    });
  }
  const standing = withStanding(updates);
  const games = GAMES.map((game) => ({
    game,
    stillToRetest: stillToRetest[0]?.[game] ?? 0,
    updates: standing
      .filter((update) => update.game === game)
      .map((update) => ({
        ...update,
        outcomes: OUTCOMES.map(({ status }) => {
          const items = byUpdate.get(update.id)?.[status] ?? [];
          const { shown, listed } = update.current ? CURRENT_LISTS : EARLIER_LISTS;
          return { status, total: items.length, items: items.slice(0, shown), more: items.slice(shown, listed) };
        }),
      })),
  }));
  return { games };
}

export default function Updates({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <header>
        <p className="text-sm font-bold uppercase tracking-[0.2em] text-turf">Patch tracker</p>
        <h1 className="mt-2 font-display text-4xl font-black text-white">Title Updates</h1>
        <p className="mt-3 max-w-3xl text-slate-300">
          Every title update of both games, and what we verified, adjusted or marked nerfed on it: what we re-tested after it, and what we
          published while it was current. When an update touches gameplay, every scheme and play goes back to re-test until our staff have
          run it again on the new version.
        </p>
        <nav aria-label="Games" className="mt-5 flex flex-wrap gap-3">
          {loaderData.games.map(({ game }) => (
            <a key={game} href={`#${game}`} className="btn-secondary btn-sm">
              {GAME_LABELS[game]}
            </a>
          ))}
        </nav>
      </header>

      {loaderData.games.map(({ game, updates, stillToRetest }) => (
        <section key={game} id={game} aria-labelledby={`${game}-heading`} className="mt-12 scroll-mt-4">
          <h2 id={`${game}-heading`} className="font-display text-2xl font-black text-white">{GAME_LABELS[game]}</h2>
          {updates.length === 0 ? (
            <p className="mt-4 text-slate-400">No title updates recorded yet.</p>
          ) : (
            <ol className="mt-6 space-y-6 border-l-2 border-field-700 pl-5">
              {updates.map((update) => (
                <li key={update.id} className="relative">
                  <span aria-hidden="true" className={`absolute -left-[29px] top-2 h-3.5 w-3.5 rounded-full border-2 ${update.current ? "border-turf bg-turf" : "border-field-600 bg-field-900"}`} />
                  <article className="card p-5" aria-labelledby={`update-${update.id}`}>
                    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                      <h3 id={`update-${update.id}`} className="text-xl font-bold text-white">Title Update {update.version}</h3>
                      {update.current ? <span className="badge bg-turf text-field-950">Current</span> : null}
                      {update.scheduled ? <span className="badge bg-sky-300 text-sky-950">Coming</span> : null}
                      <span className={`badge ${update.gameplay ? "bg-amber-400 text-amber-950" : "bg-field-700 text-slate-200"}`}>
                        {update.gameplay ? "Gameplay changes" : "No gameplay changes"}
                      </span>
                    </div>
                    <p className="mt-1 text-sm text-slate-400">
                      <time dateTime={update.releasedOn}>{formatUpdateDate(update.releasedOn)}</time>
                      {update.notesUrl ? (
                        <>
                          {" · "}
                          <a href={update.notesUrl} className="text-link" rel="noopener noreferrer" target="_blank">
                            Official notes<span className="sr-only"> for {GAME_LABELS[game]} {update.version} (opens in a new tab)</span>
                          </a>
                        </>
                      ) : null}
                    </p>
                    {update.summary ? <p className="mt-3 text-slate-200">{update.summary}</p> : null}
                    {update.scheduled ? (
                      <p className="mt-4 text-sm text-slate-300">
                        {update.gameplay
                          ? `Out on ${formatUpdateDate(update.releasedOn)}. It changes gameplay: that day every scheme and play of this game goes back to re-test until our staff have run it on the new version.`
                          : `Out on ${formatUpdateDate(update.releasedOn)}. No gameplay changes: every status carries over.`}
                      </p>
                    ) : (
                      <>
                        {update.current && stillToRetest > 0 ? <StillToRetest game={game} count={stillToRetest} fromEarlier={!update.gameplay} /> : null}
                        <Outcomes outcomes={update.outcomes} gameplay={update.gameplay} current={update.current} />
                      </>
                    )}
                  </article>
                </li>
              ))}
            </ol>
          )}
        </section>
      ))}
    </div>
  );
}

/** Patch day's progress on the current update: how many of the game's items are still to re-test, and a way to what works now. */
function StillToRetest({ game, count, fromEarlier }: { game: Game; count: number; fromEarlier: boolean }) {
  // A current update without gameplay changes re-tests nothing itself: what waits comes from an earlier one.
  return (
    <p className="mt-4 text-sm text-slate-200" data-testid="still-to-retest">
      <strong className="text-white">
        Still to re-test{fromEarlier ? " from an earlier update" : ""}: {formatCount(count)} {count === 1 ? "scheme or video" : "schemes and videos"}.
      </strong>{" "}
      Each says 'Needs re-test' until our staff have run it on this version.{" "}
      <Link to={`/${game}?works=current`} className="text-link">
        What works now<span className="sr-only"> in {GAME_LABELS[game]}</span>
      </Link>
    </p>
  );
}

type UpdateOutcome = { status: Exclude<PatchStatus, "needs-retest">; total: number; items: OutcomeItem[]; more: OutcomeItem[] };

function OutcomeLink({ item }: { item: OutcomeItem }) {
  return (
    <li>
      <Link to={item.href} className="outcome-link">
        {item.title}
      </Link>
      {item.place ? <span className="text-slate-400">{` · ${item.place}`}</span> : null}
    </li>
  );
}

function Outcomes({ outcomes, gameplay, current }: { outcomes: UpdateOutcome[]; gameplay: boolean; current: boolean }) {
  const found = outcomes.filter((outcome) => outcome.total > 0);
  if (!found.length) {
    // An earlier update without results was followed by another before any re-test, or recorded
    // after a later one for the record: none will come.
    return (
      <p className="mt-4 text-sm text-slate-400">
        {!gameplay
          ? "This update sent nothing to re-test: every status carried over."
          : current
            ? "Re-testing is under way: results appear here as our staff verify each scheme and play."
            : "No results were recorded on this update: a later one came before our staff re-tested on it."}
      </p>
    );
  }
  return (
    <div className="mt-4 grid gap-4 md:grid-cols-3">
      {found.map(({ status, total, items, more }) => (
        <div key={status}>
          <h4 className="flex items-center gap-2 text-sm font-bold text-white">
            <StatusBadge status={status} version={null} />
            <span className="text-slate-400">{total}</span>
            <span className="sr-only">{OUTCOMES.find((outcome) => outcome.status === status)?.heading}</span>
          </h4>
          <ul className="mt-2 space-y-2 text-sm">
            {items.map((item) => (
              <OutcomeLink key={item.href} item={item} />
            ))}
          </ul>
          {more.length ? (
            // The rest on a tap, without JavaScript too.
            <details className="mt-1 text-sm">
              <summary className="cursor-pointer py-1 text-link">
                and {total - items.length} more<span className="sr-only"> {OUTCOMES.find((outcome) => outcome.status === status)?.heading.toLowerCase()}</span>
              </summary>
              <ul className="mt-1 space-y-2">
                {more.map((item) => (
                  <OutcomeLink key={item.href} item={item} />
                ))}
                {total > items.length + more.length ? <li className="text-slate-400">and {total - items.length - more.length} more</li> : null}
              </ul>
            </details>
          ) : null}
        </div>
      ))}
    </div>
  );
}

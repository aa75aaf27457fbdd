// The dashboard's 'Updates' tab: each game's title updates and what waits in the re-test queue. The
// forms live on the Title Updates screen (/admin/updates).
import { Link } from "~/components/link";
import { formatUpdateDate, GAME_LABELS } from "~/lib/patch";
import type { DashboardLoaderData } from "~/routes/admin/dashboard";

export function UpdatesTab({ data }: { data: DashboardLoaderData["updates"] }) {
  return (
    <section id="updates" aria-labelledby="updates-heading" className="scroll-mt-4">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="updates-heading" tabIndex={-1} className="text-2xl font-bold text-white">Title Updates</h2>
        <div className="flex flex-wrap gap-3">
          <Link to="/admin/updates" className="btn-primary btn-sm">Record a title update</Link>
          <Link to="/admin/updates#queue" className="btn-secondary btn-sm">
            Re-test queue ({data.retest.college + data.retest.madden})
          </Link>
        </div>
      </div>
      <dl className="mt-4 grid gap-3 sm:grid-cols-2">
        {(["college", "madden"] as const).map((game) => (
          <div key={game} className="card p-4">
            <dt className="text-sm font-semibold text-slate-400">{GAME_LABELS[game]}: current update</dt>
            <dd className="mt-1 text-white">
              {data.current[game] ? (
                <>
                  <span className="text-xl font-black">{data.current[game]!.version}</span>{" "}
                  <span className="text-sm text-slate-400">since {formatUpdateDate(data.current[game]!.releasedOn)}</span>
                </>
              ) : (
                <span className="text-slate-400">None recorded</span>
              )}
              <span className="block text-sm text-amber-300">{data.retest[game]} need re-test</span>
              {data.next[game] ? (
                <span className="block text-sm text-sky-300">
                  Next: {data.next[game]!.version} on {formatUpdateDate(data.next[game]!.releasedOn)}
                </span>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
      {data.rows.length === 0 ? (
        <p className="mt-6 text-slate-400">No title updates recorded yet.</p>
      ) : (
        <div className="relative mt-6 overflow-x-auto">
          {/* Short columns fit a phone: no sideways scroll, so Edit stays in view. */}
          <table className="data-table min-w-0!">
            <thead>
              <tr>
                <th scope="col">Game</th>
                <th scope="col">Version</th>
                <th scope="col">Released</th>
                <th scope="col" className="hidden sm:table-cell">Gameplay</th>
                <th scope="col"><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row) => (
                <tr key={row.id}>
                  <td>{GAME_LABELS[row.game]}</td>
                  <td className="cell-title">
                    {row.version}
                    {/* On a phone the Gameplay column gives way (so that Edit stays in view): said here instead. */}
                    <span className="block text-xs font-normal text-slate-400 sm:hidden">{row.gameplay ? "Gameplay" : "No gameplay"}</span>
                  </td>
                  <td>
                    {formatUpdateDate(row.releasedOn)}
                    {row.scheduled ? <span className="block text-xs text-sky-300">Scheduled</span> : null}
                  </td>
                  <td className="hidden sm:table-cell">{row.gameplay ? "Yes" : "No"}</td>
                  <td>
                    <Link to={`/admin/updates?edit=${row.id}`} className="text-link">
                      {`Edit`}<span className="sr-only">{` ${GAME_LABELS[row.game]} ${row.version}`}</span>
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

import { data } from "react-router";
import type { Route } from "./+types/wristband";
import { WristbandCard } from "~/components/gameplans/call-sheet";
import { GameplanErrorBoundary } from "~/components/gameplans/gameplan-missing";
import { Link } from "~/components/link";
import { useHydrated } from "~/components/use-hydrated";
import { getApp } from "~/server/context.server";
import { gameplanEntriesQuery, gameplanIdOf, gameplanQuery, toGameplanEntries } from "~/server/gameplans.server";
import { requireUser } from "~/server/guards.server";
import { readPage } from "~/server/page-read.server";

// A gameplan's wristband: the openers and the 3rd-down plays on a small numbered card, printed on
// its own. Only the owner reaches it.

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Wristband: ${loaderData?.gameplan.name ?? "Gameplan not found"} | Gridiron Playbook` }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const id = gameplanIdOf(params.id) ?? 0;
  const [user, read] = await Promise.all([
    requireUser(context, request),
    readPage(app, (userId) => ({ plan: gameplanQuery(app.db, userId ?? "", id), entries: gameplanEntriesQuery(app.db, userId ?? "", id) })),
  ]);
  const plan = read.plan[0];
  if (!plan) throw data("Gameplan not found", { status: 404 });
  return { gameplan: { id: plan.id, name: plan.name }, entries: toGameplanEntries(read.entries, user) };
}

export default function Wristband({ loaderData }: Route.ComponentProps) {
  const { gameplan, entries } = loaderData;
  const hydrated = useHydrated();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 print:p-0">
      <div className="print:hidden">
        <Link to={`/gameplans/${gameplan.id}`} className="inline-flex max-w-full items-center gap-2 text-sm font-semibold text-slate-300 hover:text-white">
          <span aria-hidden="true">←</span> <span className="min-w-0 break-words">{gameplan.name}</span>
        </Link>
        <h1 className="mt-4 font-display text-3xl font-black text-white">Wristband</h1>
        <p className="mt-2 text-slate-300">Your openers and 3rd-down calls, numbered, to print, cut out and keep by the controller.</p>
        <div className="mt-4">
          {hydrated ? (
            <button type="button" className="btn-primary" onClick={() => window.print()}>Print wristband</button>
          ) : (
            <p className="text-sm text-slate-400">Print this page from your browser's menu: only the card is printed.</p>
          )}
        </div>
      </div>
      <div className="mt-6 print:mt-0">
        <WristbandCard name={gameplan.name} entries={entries} />
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <GameplanErrorBoundary error={error} />;
}

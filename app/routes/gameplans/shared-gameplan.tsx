import { data, isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/shared-gameplan";
import { Link } from "~/components/link";
import { GAMEPLAN_SITUATIONS } from "../../../db/enums";
import { GAME_LABELS } from "~/lib/format";
import { SITUATION_LABELS } from "~/lib/gameplans";
import { getApp } from "~/server/context.server";
import { isShareToken, sharedEntriesQuery, sharedGameplanQuery } from "~/server/gameplans.server";
import { none, readPage } from "~/server/page-read.server";

// A gameplan shared read-only by its owner: its name, situations and the names of its plays, with
// a call to join. Nothing else of a play is read, so no write-up, video or art can reach the page.
// A revoked or made-up token gets the same 404 page.

const NO_LONGER_SHARED = "This gameplan is no longer shared";

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? `${loaderData.gameplan.name}: a shared gameplan` : NO_LONGER_SHARED;
  return [{ title: `${title} | Gridiron Playbook` }, { name: "robots", content: "noindex" }];
}

// The owner can revoke the link at any moment: no shared cache may keep the page.
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const token = isShareToken(params.token) ? params.token : null;
  const [session, read] = await Promise.all([
    app.getSession(),
    readPage(app, () => ({
      plan: token ? sharedGameplanQuery(app.db, token) : none,
      entries: token ? sharedEntriesQuery(app.db, token) : none,
    })),
  ]);
  const plan = read.plan?.[0];
  if (!plan) throw data(NO_LONGER_SHARED, { status: 404 });
  return {
    gameplan: { name: plan.name, game: plan.game },
    situations: GAMEPLAN_SITUATIONS.map((situation) => ({
      situation,
      plays: (read.entries ?? []).filter((entry) => entry.situation === situation).map((entry) => ({ id: entry.id, title: entry.playTitle, formation: entry.formation })),
    })),
    signedIn: Boolean(session),
  };
}

function JoinCall({ signedIn }: { signedIn: boolean }) {
  return (
    <section aria-labelledby="join-title" className="card mt-10 border-turf/40 bg-gradient-to-br from-field-800 to-field-900 p-6 text-center">
      <h2 id="join-title" className="font-display text-2xl font-black text-white">Build your own gameplan</h2>
      <p className="mx-auto mt-2 max-w-xl text-slate-300">
        Every play here comes from the Gridiron Playbook library: videos, diagrams and write-ups for College Football 26 and Madden NFL 26.
        Script your own call sheet from the plays you study.
      </p>
      <div className="mt-5 flex flex-wrap justify-center gap-3">
        {signedIn ? (
          <Link to="/gameplans" className="btn-primary">Make a gameplan</Link>
        ) : (
          <>
            <Link to="/subscribe" className="btn-primary">Join Gridiron Playbook</Link>
            <Link to="/auth?mode=register" className="btn-secondary">Create a free account</Link>
          </>
        )}
      </div>
    </section>
  );
}

export default function SharedGameplan({ loaderData }: Route.ComponentProps) {
  const { gameplan, situations } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <p className="text-xs font-semibold uppercase tracking-wider text-slate-400">Shared gameplan · {GAME_LABELS[gameplan.game]}</p>
      <h1 className="mt-1 break-words font-display text-3xl font-black text-white">{gameplan.name}</h1>
      <p className="mt-2 text-sm text-slate-400">A read-only copy: the situations and the names of the plays.</p>
      <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {situations.map(({ situation, plays }) => (
          <section key={situation} aria-labelledby={`shared-${situation}`} className="card min-w-0 p-4">
            <h2 id={`shared-${situation}`} className="text-base font-bold text-white">{SITUATION_LABELS[situation]}</h2>
            {plays.length ? (
              <ol className="mt-2 space-y-2 text-sm">
                {plays.map((play, index) => (
                  <li key={play.id} className="flex gap-2">
                    <span className="w-5 shrink-0 text-right font-black tabular-nums text-turf">{index + 1}</span>
                    <span className="min-w-0 break-words">
                      <span className="block font-semibold text-white">{play.title}</span>
                      <span className="block text-xs text-slate-400">{play.formation}</span>
                    </span>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="mt-2 text-sm text-slate-400">No plays.</p>
            )}
          </section>
        ))}
      </div>
      <JoinCall signedIn={loaderData.signedIn} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const gone = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="font-display text-3xl font-black text-white">{gone ? NO_LONGER_SHARED : "Something went wrong"}</h1>
      <p className="mt-4 text-slate-300">
        {gone ? "Its owner stopped sharing it, or the link is not complete. Ask them for a new link." : "We could not load this gameplan. Please try again in a moment."}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/subscribe" className="btn-primary">Join Gridiron Playbook</Link>
        <Link to="/" className="btn-secondary">Home page</Link>
      </div>
    </section>
  );
}

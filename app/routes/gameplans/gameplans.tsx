import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { Route } from "./+types/gameplans";
import { CreateGameplanForm } from "~/components/gameplans/gameplan-forms";
import { Link } from "~/components/link";
import { GAMES } from "../../../db/enums";
import { GAME_LABELS } from "~/lib/format";
import { gameplanReturnPath, MAX_GAMEPLAN_PLAYS, MAX_GAMEPLANS } from "~/lib/gameplans";
import { createGameplanSchema } from "~/lib/schemas/gameplans";
import { getApp } from "~/server/context.server";
import { createGameplan, gameplansOfMemberQuery } from "~/server/gameplans.server";
import { requireUser } from "~/server/guards.server";
import { readForm } from "~/server/http.server";
import { keepReadFormIfSignedOut, keptSubmission, takeKeptForm } from "~/server/kept-forms.server";
import { readPage } from "~/server/page-read.server";
import { redirectWithToast } from "~/server/toast.server";

// /gameplans: the member's gameplans and the form that starts a new one. Any signed-in member may
// plan; what they may add is decided play by play (app/server/gameplans.server.ts).

export function meta() {
  return [{ title: "Gameplans | Gridiron Playbook" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const [, read] = await Promise.all([
    requireUser(context, request),
    readPage(app, (userId) => ({ plans: gameplansOfMemberQuery(app.db, userId ?? "") })),
  ]);
  const query = new URL(request.url).searchParams;
  const game = GAMES.find((value) => value === query.get("game")) ?? null;
  const page = {
    game,
    returnTo: gameplanReturnPath(query.get("from")),
    gameplans: read.plans.map((plan) => ({ id: plan.id, name: plan.name, game: plan.game, plays: Number(plan.plays), shared: Boolean(plan.shared), removed: Number(plan.removed) })),
    restored: null as ReturnType<typeof keptSubmission>["result"] | null,
  };
  // A new gameplan sent after the session had ended comes back in its form after the login.
  const kept = await takeKeptForm(app, request);
  if (!kept) return page;
  return data({ ...page, restored: keptSubmission(kept, createGameplanSchema).result }, { headers: { "Set-Cookie": kept.setCookie } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  // Typed while the session ran out: back through the login to this form (on a phone it is below the list).
  await keepReadFormIfSignedOut(context, request, form, "#create-gameplan");
  const user = await requireUser(context, request);
  const { db } = getApp(context);
  const submission = parseWithZod(form, { schema: createGameplanSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const created = await createGameplan(db, user.id, submission.value);
  if (!created.ok) {
    const errors = created.status === 409 ? { fieldErrors: { name: [created.error] } } : { formErrors: [created.error] };
    return data({ result: submission.reply(errors) }, { status: created.status });
  }
  // Started from a play: back to it, where 'Add to gameplan' now offers the new one.
  const returnTo = gameplanReturnPath(String(form.get("returnTo") ?? ""));
  if (returnTo) {
    return redirectWithToast(`${returnTo}#add-to-gameplan`, {
      kind: "success",
      title: "Gameplan created",
      description: `${submission.value.name} is ready: choose a situation and press 'Add to gameplan'.`,
    });
  }
  return redirectWithToast(`/gameplans/${created.id}`, {
    kind: "success",
    title: "Gameplan created",
    description: `${submission.value.name} is ready. Open any play and use 'Add to gameplan'.`,
  });
}

export default function Gameplans({ loaderData, actionData }: Route.ComponentProps) {
  const { gameplans } = loaderData;
  const full = gameplans.length >= MAX_GAMEPLANS;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="font-display text-3xl font-black text-white">Gameplans</h1>
      <p className="mt-2 max-w-2xl text-slate-300">
        Script your openers and your calls for every situation from the plays you study here, then print the call sheet or a
        wristband to keep next to the controller.
      </p>
      <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_320px]">
        <section aria-labelledby="my-gameplans-title">
          <h2 id="my-gameplans-title" className="text-xl font-bold text-white">
            My gameplans <span className="text-sm font-semibold text-slate-400">({gameplans.length} of {MAX_GAMEPLANS})</span>
          </h2>
          {gameplans.length === 0 ? (
            <p className="mt-4 rounded-xl border border-dashed border-field-600 p-6 text-slate-400">
              No gameplans yet. Create one, then add plays to it from any play page.
            </p>
          ) : (
            <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2">
              {gameplans.map((plan) => (
                <li key={plan.id}>
                  <Link to={`/gameplans/${plan.id}`} className="card flex h-full flex-col gap-1 p-4 transition-colors hover:border-turf/60">
                    <span className="min-w-0 break-words text-lg font-bold text-white">{plan.name}</span>
                    <span className="text-sm text-slate-400">{GAME_LABELS[plan.game]}</span>
                    <span className="mt-2 text-xs font-semibold text-slate-300">
                      {plan.plays} of {MAX_GAMEPLAN_PLAYS} plays{plan.shared ? " · Shared" : ""}
                    </span>
                    {plan.removed ? (
                      <span className="text-xs font-semibold text-red-200">
                        {plan.removed === 1 ? "A play removed by our team" : "Plays removed by our team"}
                      </span>
                    ) : null}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="new-gameplan-title" className="card h-fit p-5">
          <h2 id="new-gameplan-title" className="text-lg font-bold text-white">New gameplan</h2>
          {full ? <p className="mt-2 text-sm text-amber-200">You have {MAX_GAMEPLANS} gameplans, the most you can keep. Delete one to make room.</p> : null}
          <div className="mt-4">
            <CreateGameplanForm lastResult={actionData?.result ?? loaderData.restored} game={loaderData.game} full={full} returnTo={loaderData.returnTo} />
          </div>
        </section>
      </div>
    </div>
  );
}

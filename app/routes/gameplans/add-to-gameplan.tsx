import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { Route } from "./+types/add-to-gameplan";
import { Link } from "~/components/link";
import { SITUATION_LABELS } from "~/lib/gameplans";
import { addToGameplanSchema } from "~/lib/schemas/gameplans";
import { getApp } from "~/server/context.server";
import { addPlayToGameplan } from "~/server/gameplans.server";
import { getOptionalUser, requireUser, SESSION_ENDED_TOAST } from "~/server/guards.server";
import { isDataRequest, readForm } from "~/server/http.server";
import { redirectWithToast } from "~/server/toast.server";

// 'Add to gameplan', posted from a play page. With JavaScript the play page shows the answer in
// place; without it a success goes back to the play with a toast, and a refusal is shown here
// with its status (this page has nothing else to show).

export function meta() {
  return [{ title: "Add to gameplan | Gridiron Playbook" }, { name: "robots", content: "noindex" }];
}

// Also runs after a form post without JavaScript (a redirect here would hide the refusal).
export function loader() {
  return null;
}

/** The play page the form came from, or null (a path of this site's play pages only). */
function playPathOf(value: FormDataEntryValue | null) {
  return typeof value === "string" && /^\/content\/[a-z0-9-]+\/section\/[a-z0-9-]+\/play\/[a-z0-9-]+$/.test(value) ? value : null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const back = playPathOf(formData.get("back"));
  // A session that ended meanwhile: after logging in, back to the play (not to this address).
  if (!(await getOptionalUser(context))) throw redirectWithToast(`/auth?redirectTo=${encodeURIComponent(`${back ?? "/gameplans"}#add-to-gameplan`)}`, SESSION_ENDED_TOAST);
  const user = await requireUser(context, request);
  const { db } = getApp(context);
  const submission = parseWithZod(formData, { schema: addToGameplanSchema });
  if (submission.status !== "success") {
    const error = Object.values(submission.error ?? {}).flat()[0] ?? "Choose a gameplan and a situation.";
    return data({ ok: false as const, error, back }, { status: 400 });
  }
  const added = await addPlayToGameplan(db, user, submission.value);
  if (!added.ok) return data({ ok: false as const, error: added.error, back }, { status: added.status });
  const situation = SITUATION_LABELS[submission.value.situation];
  const message = added.already
    ? `${added.playTitle} is already in ${situation} of ${added.gameplanName}.`
    : `${added.playTitle} is in ${added.gameplanName} under ${situation}.`;
  if (isDataRequest(request)) return { ok: true as const, message, error: null, back };
  return redirectWithToast(`${back ?? "/gameplans"}#add-to-gameplan`, { kind: "success", title: added.already ? "Already in gameplan" : "Added to gameplan", description: message });
}

export default function AddToGameplan({ actionData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="font-display text-3xl font-black text-white">{actionData ? "Not added to a gameplan" : "Add to gameplan"}</h1>
      {actionData ? (
        <p role="alert" className="mt-4 text-slate-300">{actionData.error}</p>
      ) : (
        <p className="mt-4 text-slate-300">Open a play and use 'Add to gameplan' to choose one of your gameplans and a situation.</p>
      )}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {actionData?.back ? <Link to={actionData.back} className="btn-primary">Back to the play</Link> : null}
        <Link to="/gameplans" className="btn-secondary">Your gameplans</Link>
      </div>
    </section>
  );
}

import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/gameplan";
import { CallSheet } from "~/components/gameplans/call-sheet";
import { GameplanBoard, GameplanPatchNote, type BoardAnswer } from "~/components/gameplans/gameplan-board";
import { DeleteGameplan, RenameGameplanForm, ShareGameplan } from "~/components/gameplans/gameplan-forms";
import { GameplanErrorBoundary } from "~/components/gameplans/gameplan-missing";
import { RemovedPlaysNotice } from "~/components/gameplans/removed-plays";
import { useFocusAfterSave } from "~/components/use-focus-on-arrival";
import { Link } from "~/components/link";
import { useHydrated } from "~/components/use-hydrated";
import { GAME_LABELS } from "~/lib/format";
import { GAMEPLAN_NOTE_MAX, MAX_GAMEPLAN_PLAYS, SITUATION_LABELS } from "~/lib/gameplans";
import { GAMEPLAN_SITUATIONS } from "../../../db/enums";
import { entryMoveSchema, entryNoteSchema, renameGameplanSchema } from "~/lib/schemas/gameplans";
import { getApp } from "~/server/context.server";
import {
  deleteGameplan,
  dismissRemovals,
  gameplanEntriesQuery,
  gameplanIdOf,
  gameplanQuery,
  gameplanRemovalsQuery,
  rearrangeGameplan,
  renameGameplan,
  saveEntryNote,
  shareGameplan,
  toGameplanEntries,
  unshareGameplan,
  type Outcome,
} from "~/server/gameplans.server";
import { requireUser } from "~/server/guards.server";
import { isDataRequest, readForm } from "~/server/http.server";
import { keepReadFormIfSignedOut, keptSubmission, takeKeptForm } from "~/server/kept-forms.server";
import { readPage } from "~/server/page-read.server";
import { redirectWithToast } from "~/server/toast.server";

// A gameplan: its situations and plays (reordered, moved, noted, removed), its name, share link
// and deletion, and the call sheet it prints as. Only its owner reaches it; anyone else gets a 404.

const NOT_FOUND = "Gameplan not found";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.gameplan.name ?? NOT_FOUND} | Gameplans | Gridiron Playbook` }, { name: "robots", content: "noindex" }];
}

const UNSAVED_NOTE = "Not saved: your session had ended. Your note is here; save it now.";

/** A note sent after the session had ended (kept through the login), for its own entry only. */
function unsavedNoteOf(kept: FormData | null, entryIds: number[]) {
  if (kept?.get("intent") !== "note") return null;
  const entryId = Number(kept.get("entryId"));
  const note = String(kept.get("note") ?? "");
  return entryIds.includes(entryId) ? { entryId, note: note.slice(0, GAMEPLAN_NOTE_MAX) } : null;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const id = gameplanIdOf(params.id) ?? 0;
  const [user, read] = await Promise.all([
    requireUser(context, request),
    readPage(app, (userId) => ({
      plan: gameplanQuery(app.db, userId ?? "", id),
      entries: gameplanEntriesQuery(app.db, userId ?? "", id),
      removals: gameplanRemovalsQuery(app.db, userId ?? "", id),
    })),
  ]);
  const plan = read.plan[0];
  if (!plan) throw data(NOT_FOUND, { status: 404 });
  const url = new URL(request.url);
  const kept = await takeKeptForm(app, request);
  const renaming = kept?.formData.get("intent") === "rename" ? keptSubmission(kept, renameGameplanSchema).result : null;
  const page = {
    gameplan: { id: plan.id, name: plan.name, game: plan.game, shareUrl: plan.shareToken ? `${url.origin}/gameplans/shared/${plan.shareToken}` : null },
    entries: toGameplanEntries(read.entries, user),
    removals: read.removals,
    confirmingDelete: url.searchParams.get("delete") === "1",
    // A note not saved because the session had ended (see the action), for its own entry only.
    unsaved: unsavedNoteOf(kept?.formData ?? null, read.entries.map((entry) => entry.id)),
    renaming,
  };
  return kept ? data(page, { headers: { "Set-Cookie": kept.setCookie } }) : page;
}

type Answer = NonNullable<BoardAnswer>;

export async function action({ request, params, context }: Route.ActionArgs) {
  const id = gameplanIdOf(params.id);
  if (!id) throw data(NOT_FOUND, { status: 404 });
  const formData = await readForm(request);
  // A note or a new name typed while the session ran out goes through the login and comes back in
  // its form (the note at its play), unsaved, to be saved in one tap.
  const intent = String(formData.get("intent") ?? "");
  if (intent === "note") await keepReadFormIfSignedOut(context, request, formData, `#entry-${Number(formData.get("entryId")) || 0}`);
  if (intent === "rename") await keepReadFormIfSignedOut(context, request, formData, "#rename-gameplan");
  const user = await requireUser(context, request);
  const { db } = getApp(context);
  const page = `/gameplans/${id}`;
  const refuse = (answer: Omit<Answer, "intent">, status: number) => data<Answer>({ intent, ...answer }, { status });
  const answer = (outcome: Outcome, to: string, title: string, description: string, entryId: number | null = null) =>
    outcome.ok
      ? redirectWithToast(isDataRequest(request) ? to.replace(/#.*$/, "") : to, { kind: "success", title, description })
      : refuse({ entryId, error: outcome.error, result: null }, outcome.status);

  if (intent === "rename") {
    const submission = parseWithZod(formData, { schema: renameGameplanSchema });
    if (submission.status !== "success") return refuse({ entryId: null, error: null, result: submission.reply() }, 400);
    const { name } = submission.value;
    const renamed = await renameGameplan(db, user.id, id, name);
    // A name another of the member's gameplans of this game has: said under the box, as typed.
    if (!renamed.ok && renamed.status === 409) return refuse({ entryId: null, error: null, result: submission.reply({ fieldErrors: { name: [renamed.error] } }) }, 409);
    return answer(renamed, page, "Gameplan renamed", `It is now called ${name}.`);
  }
  if (intent === "dismiss-removals") {
    // The removals the notice showed (at most a gameplan's plays): a forged list dismisses only the member's own.
    const shown = String(formData.get("removals") ?? "")
      .split(",")
      .map(Number)
      .filter((value) => Number.isSafeInteger(value) && value > 0)
      .slice(0, MAX_GAMEPLAN_PLAYS);
    return answer(await dismissRemovals(db, user.id, id, shown), page, "Notice dismissed", "The list of plays our team removed is cleared.");
  }
  if (intent === "delete") return answer(await deleteGameplan(db, user.id, id), "/gameplans", "Gameplan deleted", "The gameplan and its share link are gone.");
  if (intent === "share") return answer(await shareGameplan(db, user.id, id), `${page}#share`, "Share link created", "Anyone with the link sees the play names and situations.");
  if (intent === "unshare") return answer(await unshareGameplan(db, user.id, id), `${page}#share`, "Sharing stopped", "The old link now says the gameplan is no longer shared.");

  if (intent === "note") {
    const submission = parseWithZod(formData, { schema: entryNoteSchema });
    const entryId = Number(formData.get("entryId")) || null;
    if (submission.status !== "success") return refuse({ entryId, error: null, result: submission.reply() }, 400);
    const saved = await saveEntryNote(db, user.id, id, submission.value.entryId, submission.value.note);
    return answer(saved, `${page}#entry-${submission.value.entryId}`, "Note saved", submission.value.note ? "The note is on the call sheet." : "The note is cleared.", entryId);
  }

  if (intent === "move" || intent === "place" || intent === "remove") {
    const submission = parseWithZod(formData, { schema: entryMoveSchema });
    const entryId = Number(formData.get("entryId")) || null;
    if (submission.status !== "success") {
      const message = Object.values(submission.error ?? {}).flat()[0] ?? "Choose a valid move.";
      return refuse({ entryId, error: message, result: null }, 400);
    }
    const move = submission.value;
    const change =
      move.intent === "move"
        ? { kind: "move" as const, direction: move.direction }
        : move.intent === "place"
          ? { kind: "place" as const, situation: move.situation, index: move.index ?? Number.MAX_SAFE_INTEGER }
          : { kind: "remove" as const };
    const outcome = await rearrangeGameplan(db, user.id, id, move.entryId, change);
    // Without JavaScript the page opens again where the member was: the play, or the situation it went to or left.
    const target = move.intent === "place" ? `#situation-${move.situation}` : `#entry-${move.entryId}`;
    if (move.intent === "remove") {
      const from = GAMEPLAN_SITUATIONS.find((situation) => situation === formData.get("from"));
      return answer(outcome, from ? `${page}#situation-${from}` : page, "Play removed", "The play is off this gameplan.", entryId);
    }
    const where = move.intent === "place" ? `The play is in ${SITUATION_LABELS[move.situation]}.` : "The play has its new place.";
    // A move that changes nothing (dropped where it was, or already at the end it moves to) says so.
    if (outcome.ok && !outcome.moved) return answer(outcome, `${page}${target}`, "Play not moved", "It was already there.", entryId);
    return answer(outcome, `${page}${target}`, "Play moved", where, entryId);
  }

  return refuse({ entryId: null, error: "Unknown action.", result: null }, 400);
}

/**
 * A change refused because the board changed elsewhere (a play removed or moved in another tab: 404,
 * 409) reads the board again, so the next try is made from what is there; other refusals (a note
 * too long) keep the page as it is.
 */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (actionStatus === 404 || actionStatus === 409) return true;
  return defaultShouldRevalidate;
}

export default function Gameplan({ loaderData, actionData }: Route.ComponentProps) {
  const { gameplan, entries } = loaderData;
  const unsaved = loaderData.unsaved;
  const aimFocus = useFocusAfterSave();
  // The unsaved note shows in its entry's form, opened, until something else answers.
  const answer = (actionData as BoardAnswer) ??
    (unsaved
      ? {
          intent: "note",
          entryId: unsaved.entryId,
          error: UNSAVED_NOTE,
          result: { status: "error" as const, initialValue: { intent: "note", entryId: String(unsaved.entryId), note: unsaved.note }, error: { note: [UNSAVED_NOTE] } },
        }
      : undefined);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 print:max-w-none print:p-0">
      <div className="print:hidden">
        <Link to="/gameplans" className="inline-flex items-center gap-2 text-sm font-semibold text-slate-300 hover:text-white">
          <span aria-hidden="true">←</span> Gameplans
        </Link>
        <header className="mt-4 flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0">
            <p className="text-xs font-semibold uppercase tracking-wider text-slate-400">{GAME_LABELS[gameplan.game]}</p>
            <h1 id="gameplan-title" tabIndex={-1} className="break-words font-display text-3xl font-black text-white focus:outline-none">{gameplan.name}</h1>
            <p className="mt-1 text-sm text-slate-400">{entries.length} of {MAX_GAMEPLAN_PLAYS} plays</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <PrintButton />
            <Link to={`/gameplans/${gameplan.id}/wristband`} className="btn-secondary">Wristband</Link>
          </div>
        </header>
        {/* A refusal about no play, or about a play no longer on the board (removed in another tab), shows here. */}
        {answer?.error && (answer.entryId === null || !entries.some((entry) => entry.id === answer.entryId)) ? (
          <p role="alert" className="field-error mt-4">{answer.error}</p>
        ) : null}
        <RemovedPlaysNotice removals={loaderData.removals} aim={aimFocus} />
        <GameplanPatchNote entries={entries} />
        {entries.length === 0 ? (
          <p className="mt-6 rounded-xl border border-dashed border-field-600 p-6 text-slate-300">
            No plays yet. Open a play from <Link to={gameplan.game === "college" ? "/college" : "/madden"} className="text-link">{GAME_LABELS[gameplan.game]}</Link> and
            use 'Add to gameplan' to put it under a situation.
          </p>
        ) : null}
        <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_300px]">
          <GameplanBoard gameplanId={gameplan.id} entries={entries} answer={answer} />
          <aside className="space-y-6">
            <section aria-labelledby="rename-title" className="card p-5">
              <h2 id="rename-title" className="text-lg font-bold text-white">Rename</h2>
              <div className="mt-3">
                <RenameGameplanForm key={gameplan.name} name={gameplan.name} lastResult={answer?.intent === "rename" ? answer.result : loaderData.renaming} />
              </div>
            </section>
            <section id="share" aria-labelledby="share-title" className="card scroll-mt-4 p-5">
              <h2 id="share-title" className="text-lg font-bold text-white">Share</h2>
              <div className="mt-3">
                <ShareGameplan shareUrl={gameplan.shareUrl} />
              </div>
            </section>
            <section id="delete" aria-labelledby="delete-title" className="card scroll-mt-4 p-5">
              <h2 id="delete-title" className="text-lg font-bold text-white">Delete</h2>
              <div className="mt-3">
                <DeleteGameplan id={gameplan.id} name={gameplan.name} confirming={loaderData.confirmingDelete} />
              </div>
            </section>
          </aside>
        </div>
      </div>
      <CallSheet name={gameplan.name} game={gameplan.game} entries={entries} />
    </div>
  );
}

/** 'Print call sheet' with JavaScript; without it, the browser's own Print prints the same sheet. */
function PrintButton() {
  const hydrated = useHydrated();
  if (!hydrated) return <p className="max-w-48 self-center text-xs text-slate-400">Print this page from your browser's menu for the call sheet.</p>;
  return (
    <button type="button" className="btn-primary" onClick={() => window.print()}>
      Print call sheet
    </button>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <GameplanErrorBoundary error={error} />;
}

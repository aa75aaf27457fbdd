// The gameplan page's situations with their plays. Every change is a POST form ('Move up', 'Move
// down', 'Move to', the note, 'Remove'), so it works without JavaScript; with it, plays are also
// dragged within and between situations, shown in their new place while the move is saved.
import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, useState, type DragEvent, type FormEvent } from "react";
import { Form, useFetcher, useLocation, useNavigation } from "react-router";
import { CHECK_ON_SEND, FieldErrors } from "~/components/forms";
import { Link } from "~/components/link";
import { StatusBadge } from "~/components/library/status-badge";
import { useHydrated } from "~/components/use-hydrated";
import { useStickyOpen } from "~/components/use-sticky-open";
import { useFocusOnArrival } from "~/components/use-focus-on-arrival";
import { GAMEPLAN_SITUATIONS } from "../../../db/enums";
import { applySlots, GAMEPLAN_NOTE_MAX, isSituation, placeEntry, SITUATION_LABELS, type Situation } from "~/lib/gameplans";
import { entryNoteSchema } from "~/lib/schemas/gameplans";
import type { GameplanEntry } from "~/server/gameplans.server";

export type BoardAnswer = { intent: string; entryId: number | null; error: string | null; result: SubmissionResult<string[]> | null } | undefined;

const DRAG_TYPE = "application/x-gameplan-entry";

/**
 * Where keyboard focus goes once a move or removal is saved (JavaScript on). The button pressed is
 * gone or moved by then (a play moved to the bottom has no 'Move down', a removed play has no
 * buttons at all), and focus would fall back to the top of the page.
 */
type FocusAfter = { entryId: number; intent: "move" | "place" | "remove"; direction: string | null; neighbourId: number | null; situation: Situation };

function focusTargetOf(after: FocusAfter): HTMLElement | null {
  const item = document.getElementById(`entry-${after.entryId}`);
  if (after.intent === "remove") {
    const neighbour = after.neighbourId === null ? null : document.getElementById(`entry-${after.neighbourId}`);
    return neighbour?.querySelector("summary") ?? document.getElementById(`situation-${after.situation}-title`);
  }
  if (!item) return document.getElementById(`situation-${after.situation}-title`);
  const buttons = [...item.querySelectorAll<HTMLButtonElement>('button[name="direction"]')].filter((button) => !button.disabled);
  if (after.intent === "move") return buttons.find((button) => button.value === after.direction) ?? buttons[0] ?? item.querySelector("summary");
  return item.querySelector("summary");
}

export function GameplanBoard({ gameplanId, entries, answer }: { gameplanId: number; entries: GameplanEntry[]; answer: BoardAnswer }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher();
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<Situation | null>(null);
  const navigation = useNavigation();
  const focusAfter = useRef<FocusAfter | null>(null);
  useEffect(() => {
    if (navigation.state !== "idle" || !focusAfter.current) return;
    const target = focusTargetOf(focusAfter.current);
    focusAfter.current = null;
    target?.focus();
  }, [navigation.state, entries]);

  // A drop the server refused (the play is already there, or was removed in another tab): the play
  // goes back to its place, and the reason shows above the board until the next change.
  const [dropError, setDropError] = useState<string | null>(null);
  useEffect(() => {
    if (fetcher.state === "idle") setDropError((fetcher.data as BoardAnswer)?.error ?? null);
  }, [fetcher.state, fetcher.data]);
  useEffect(() => {
    if (navigation.state === "submitting") setDropError(null);
  }, [navigation.state]);

  const pending = fetcher.formData;
  const pendingSituation = pending?.get("situation");
  const moving = pending && pending.get("intent") === "place" && isSituation(pendingSituation) ? placeEntry(entries, Number(pending.get("entryId")), pendingSituation, Number(pending.get("index"))) : null;
  const shown = moving ? applySlots(entries, moving) : entries;

  function drop(event: DragEvent<HTMLElement>, situation: Situation) {
    event.preventDefault();
    setOver(null);
    const entryId = Number(event.dataTransfer.getData(DRAG_TYPE) || dragging);
    setDragging(null);
    if (!entryId) return;
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>("li[data-entry]")].filter((item) => item.dataset.entry !== String(entryId));
    const index = items.findIndex((item) => {
      const box = item.getBoundingClientRect();
      return event.clientY < box.top + box.height / 2;
    });
    fetcher.submit(
      { intent: "place", entryId: String(entryId), situation, index: String(index < 0 ? items.length : index) },
      { method: "post", action: `/gameplans/${gameplanId}`, preventScrollReset: true },
    );
  }

  return (
    <>
      {dropError ? (
        <p role="alert" className="field-error mb-4 print:hidden">
          {dropError}
        </p>
      ) : null}
      <div className="grid gap-4 md:grid-cols-2 print:hidden">
        {GAMEPLAN_SITUATIONS.map((situation) => {
          const plays = shown.filter((entry) => entry.situation === situation);
          return (
            <section
              key={situation}
              id={`situation-${situation}`}
              aria-labelledby={`situation-${situation}-title`}
              data-situation={situation}
              className={`card min-w-0 scroll-mt-4 p-4 ${over === situation ? "border-turf" : ""}`}
              onDragOver={(event) => {
                if (dragging === null) return;
                event.preventDefault();
                setOver(situation);
              }}
              onDragLeave={() => setOver((current) => (current === situation ? null : current))}
              onDrop={(event) => drop(event, situation)}
            >
              <h2 id={`situation-${situation}-title`} tabIndex={-1} className="flex items-baseline justify-between gap-2 text-lg font-bold text-white">
                {SITUATION_LABELS[situation]}
                <span className="text-xs font-semibold text-slate-400">{plays.length} {plays.length === 1 ? "play" : "plays"}</span>
              </h2>
              {plays.length === 0 ? (
                <p className="mt-3 rounded-lg border border-dashed border-field-600 p-4 text-sm text-slate-400">
                  {hydrated ? "No plays yet. Drag one here or use 'Move to'." : "No plays yet."}
                </p>
              ) : (
                <ol className="mt-3 space-y-2">
                  {plays.map((entry, index) => (
                    <EntryItem
                      key={entry.id}
                      entry={entry}
                      index={index}
                      count={plays.length}
                      draggable={hydrated}
                      onDrag={(on) => setDragging(on ? entry.id : null)}
                      onChange={(intent, direction) => {
                        const neighbour = plays[index + 1] ?? plays[index - 1] ?? null;
                        focusAfter.current = { entryId: entry.id, intent, direction, neighbourId: neighbour?.id ?? null, situation };
                      }}
                      answer={answer?.entryId === entry.id ? answer : undefined}
                    />
                  ))}
                </ol>
              )}
            </section>
          );
        })}
      </div>
    </>
  );
}

function EntryItem(props: {
  entry: GameplanEntry;
  index: number;
  count: number;
  draggable: boolean;
  onDrag: (on: boolean) => void;
  /** A move, 'Move to' or removal is being sent (where focus goes after it). */
  onChange: (intent: FocusAfter["intent"], direction: string | null) => void;
  answer: BoardAnswer;
}) {
  const { entry, index, count, answer } = props;
  const title = entry.playTitle;
  // Without JavaScript the answer is a new page: one that refuses a change (shown under the play)
  // opens at the play, as one that makes it does. With JavaScript the page stays where it is.
  const { pathname, search } = useLocation();
  const atEntry = useHydrated() ? undefined : `${pathname}#entry-${entry.id}`;
  // 'Remove' on a play with a note asks first (?remove=<entry>): the note would go with it.
  const params = new URLSearchParams(search);
  const confirmingRemove = Boolean(entry.note) && params.get("remove") === String(entry.id);
  // Open for a refusal or the question, and kept open after it: back from 'Keep it' (?opened=<entry>
  // without JavaScript, where the page is drawn again), on 'Remove'.
  const entryDetails = useStickyOpen(Boolean(answer?.error || answer?.result?.status === "error" || confirmingRemove || params.get("opened") === String(entry.id)));
  const sent = (intent: FocusAfter["intent"]) => (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    props.onChange(intent, submitter?.value ?? null);
  };
  return (
    <li
      id={`entry-${entry.id}`}
      data-entry={entry.id}
      draggable={props.draggable}
      onDragStart={(event) => {
        event.dataTransfer.setData(DRAG_TYPE, String(entry.id));
        event.dataTransfer.effectAllowed = "move";
        props.onDrag(true);
      }}
      onDragEnd={() => props.onDrag(false)}
      className={`scroll-mt-4 rounded-xl border border-field-700 bg-field-950/60 p-3 ${props.draggable ? "cursor-grab active:cursor-grabbing" : ""}`}
    >
      <div className="flex items-start gap-3">
        <span className="w-6 shrink-0 text-right text-sm font-black tabular-nums text-turf">{index + 1}</span>
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-400">{entry.formation}</p>
          <p className="break-words font-bold text-white">
            {entry.href ? (
              <Link to={entry.href} className="hover:text-turf">{title}</Link>
            ) : (
              <>
                {title}{" "}
                {entry.locked === "unpublished" ? (
                  <span className="badge ml-1 bg-field-700 text-slate-200" title="The team has taken this play's scheme off the site for now.">Unpublished</span>
                ) : (
                  <span className="badge ml-1 bg-field-700 text-slate-200" title="Premium members can open this play.">Locked</span>
                )}
              </>
            )}
          </p>
          <p className="mt-1">
            <StatusBadge status={entry.status} version={entry.version} />
          </p>
          {entry.note ? <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-300" data-testid="entry-note">{entry.note}</p> : null}
        </div>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2 sm:pl-9">
        {count > 1 ? (
          <Form method="post" action={atEntry} preventScrollReset className="flex gap-2" onSubmit={sent("move")}>
            <input type="hidden" name="intent" value="move" />
            <input type="hidden" name="entryId" value={entry.id} />
            <button type="submit" name="direction" value="up" disabled={index === 0} className="btn-secondary btn-sm">
              Move up<span className="sr-only"> ({title})</span>
            </button>
            <button type="submit" name="direction" value="down" disabled={index === count - 1} className="btn-secondary btn-sm">
              Move down<span className="sr-only"> ({title})</span>
            </button>
          </Form>
        ) : null}
        <details className="w-full" {...entryDetails}>
          {/* 40 px tall or more: a thumb's target on a phone. */}
          <summary className="cursor-pointer py-2.5 text-sm text-link">
            Note, move or remove<span className="sr-only"> ({title})</span>
          </summary>
          <div className="mt-3 space-y-4">
            {answer?.error && answer.intent !== "note" ? <p role="alert" className="field-error">{answer.error}</p> : null}
            {/* Keyed by the saved note: the form starts again from it after a save (a form's first values are kept otherwise). */}
            <NoteForm key={entry.note ?? ""} entry={entry} lastResult={answer?.intent === "note" ? answer.result : null} atEntry={atEntry} />
            <Form method="post" action={atEntry} preventScrollReset className="flex flex-wrap items-end gap-2" onSubmit={sent("place")}>
              <input type="hidden" name="intent" value="place" />
              <input type="hidden" name="entryId" value={entry.id} />
              <div className="min-w-0 flex-1">
                <label htmlFor={`move-to-${entry.id}`} className="label">
                  Move to<span className="sr-only"> (for {title})</span>
                </label>
                <select id={`move-to-${entry.id}`} name="situation" className="input py-2 text-base sm:text-sm" defaultValue="">
                  <option value="" disabled>Choose a situation</option>
                  {GAMEPLAN_SITUATIONS.filter((situation) => situation !== entry.situation).map((situation) => (
                    <option key={situation} value={situation}>{SITUATION_LABELS[situation]}</option>
                  ))}
                </select>
              </div>
              <button type="submit" className="btn-secondary btn-sm">Move<span className="sr-only"> ({title})</span></button>
            </Form>
            {confirmingRemove ? (
              <RemoveConfirmation entry={entry} action={atEntry ?? pathname} onSubmit={sent("remove")} />
            ) : entry.note ? (
              <RemoveLink entry={entry} href={`${pathname}?remove=${entry.id}#entry-${entry.id}`} />
            ) : (
              <Form method="post" action={atEntry} preventScrollReset onSubmit={sent("remove")}>
                <RemoveFields entry={entry} />
                <button type="submit" className="min-h-10 px-1 text-sm text-link-danger">
                  Remove<span className="sr-only"> ({title})</span>
                </button>
              </Form>
            )}
          </div>
        </details>
      </div>
    </li>
  );
}

function RemoveFields({ entry }: { entry: GameplanEntry }) {
  return (
    <>
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="entryId" value={entry.id} />
      {/* Where the page opens again without JavaScript: the situation the play leaves. */}
      <input type="hidden" name="from" value={entry.situation} />
    </>
  );
}

/** 'Remove' on a play with a note: a link to the question (back from 'Keep it', the keyboard is on it again). */
function RemoveLink({ entry, href }: { entry: GameplanEntry; href: string }) {
  const focusRef = useFocusOnArrival<HTMLAnchorElement>();
  return (
    <Link ref={focusRef} to={href} preventScrollReset className="inline-flex min-h-10 items-center px-1 text-sm text-link-danger">
      Remove<span className="sr-only"> ({entry.playTitle})</span>
    </Link>
  );
}

/** In place of 'Remove', the keyboard on its answer (which reads the question with it). */
function RemoveConfirmation({ entry, action, onSubmit }: { entry: GameplanEntry; action: string; onSubmit: (event: FormEvent<HTMLFormElement>) => void }) {
  const focusRef = useFocusOnArrival<HTMLButtonElement>();
  const { pathname } = useLocation();
  const warningId = `remove-warning-${entry.id}`;
  return (
    <Form method="post" action={action} preventScrollReset onSubmit={onSubmit} className="rounded-lg border border-red-400/40 bg-red-950/30 p-3">
      <RemoveFields entry={entry} />
      <p id={warningId} className="text-sm text-slate-200">
        Remove <strong>{entry.playTitle}</strong> from this gameplan? Its note goes with it.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button ref={focusRef} type="submit" className="btn-danger btn-sm" aria-describedby={warningId}>
          Yes, remove
        </button>
        <Link to={`${pathname}?opened=${entry.id}#entry-${entry.id}`} replace preventScrollReset className="btn-secondary btn-sm">
          Keep it
        </Link>
      </div>
    </Form>
  );
}

function NoteForm({ entry, lastResult, atEntry }: { entry: GameplanEntry; lastResult: SubmissionResult<string[]> | null; atEntry: string | undefined }) {
  // Rebuilt with the saved note: the keyboard stays on 'Save note'.
  const focusRef = useFocusOnArrival<HTMLButtonElement>();
  const [form, fields] = useForm({
    id: `note-${entry.id}`,
    lastResult: lastResult ?? undefined,
    defaultValue: { note: entry.note ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: entryNoteSchema }),
    ...CHECK_ON_SEND,
  });
  return (
    <Form method="post" action={atEntry} preventScrollReset {...getFormProps(form)} className="space-y-2">
      <input type="hidden" name="intent" value="note" />
      <input type="hidden" name="entryId" value={entry.id} />
      <label htmlFor={fields.note.id} className="label">
        Note<span className="sr-only"> for {entry.playTitle}</span>
      </label>
      <textarea {...getTextareaProps(fields.note)} rows={2} maxLength={GAMEPLAN_NOTE_MAX} className="input text-base sm:text-sm" />
      <FieldErrors id={fields.note.errorId} errors={fields.note.errors} />
      <p className="text-xs text-slate-400">At most {GAMEPLAN_NOTE_MAX} characters, e.g. "Motion the slot, hot route the TE".</p>
      <button ref={focusRef} type="submit" className="btn-secondary btn-sm">Save note<span className="sr-only"> ({entry.playTitle})</span></button>
    </Form>
  );
}

/** Above the board: the plays that no longer work as they did on the game's current title update. */
export function GameplanPatchNote({ entries }: { entries: readonly Pick<GameplanEntry, "playId" | "status">[] }) {
  // Plays, not places: a play called in two situations counts once.
  const playsWith = (status: GameplanEntry["status"]) => new Set(entries.filter((entry) => entry.status === status).map((entry) => entry.playId)).size;
  const nerfed = playsWith("nerfed");
  const retest = playsWith("needs-retest");
  if (!nerfed && !retest) return null;
  return (
    <div className="mt-4 space-y-1 rounded-xl border border-amber-400/40 bg-amber-950/30 p-4 text-sm text-slate-200" data-testid="gameplan-patch-note">
      {nerfed ? (
        <p>
          <strong className="text-white">{nerfed === 1 ? "1 play is nerfed" : `${nerfed} plays are nerfed`}</strong> on the current title update: open{" "}
          {nerfed === 1 ? "it" : "them"} for our staff's note on what changed.
        </p>
      ) : null}
      {retest ? (
        <p>
          {retest === 1 ? "1 play needs" : `${retest} plays need`} a re-test: our staff have not run {retest === 1 ? "it" : "them"} on the current title update yet.
        </p>
      ) : null}
    </div>
  );
}

// The staff's title updates: the form that records or edits one, and the list with edit and delete.
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { CHECK_ON_SEND, Field, FieldErrors, FormAlert } from "~/components/forms";
import { Link } from "~/components/link";
import { showToast } from "~/components/toaster";
import { useHydrated } from "~/components/use-hydrated";
import { formatUpdateDate, GAME_LABELS, isoDay, UPDATE_MAX_DAYS_AHEAD, UPDATE_VERSION_MAX } from "~/lib/patch";
import { titleUpdateSchema } from "~/lib/schemas/patch";
import type { UpdatesActionData, UpdatesLoaderData } from "~/routes/admin/updates";

type TitleUpdate = UpdatesLoaderData["updates"][number];

export function TitleUpdateForm({ editing, actionData, aimFocus }: { editing: TitleUpdate | null; actionData: UpdatesActionData; aimFocus: (ids: string[]) => void }) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "save-update";
  const reply = actionData && actionData.intent === "save-update" ? actionData.result : undefined;
  const [form, fields] = useForm({
    id: "title-update",
    lastResult: reply ?? undefined,
    defaultValue: {
      game: editing?.game ?? "madden",
      version: editing?.version ?? "",
      releasedOn: editing?.releasedOn ?? isoDay(Date.now()),
      notesUrl: editing?.notesUrl ?? "",
      summary: editing?.summary ?? "",
      gameplay: editing ? (editing.gameplay ? "on" : "") : "on",
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: titleUpdateSchema }),
    ...CHECK_ON_SEND,
  });
  const formProps = getFormProps(form);
  // Not this form's own refusals (said at its fields), nor 'Mark verified''s (said beside its button).
  const error = actionData && actionData.intent !== "save-update" && actionData.intent !== "mark-verified" ? actionData.error : null;
  // The form is drawn anew for 'Edit' (keyed by what it edits): the keyboard follows it to its
  // heading from the list's 'Edit'. Never on the page's first load. After a save, the page's
  // aimFocus sends it there too (the button pressed went with the old form).
  const heading = useRef<HTMLHeadingElement>(null);
  const afterLoad = useRef(useHydrated());
  useEffect(() => {
    if (afterLoad.current && editing) heading.current?.focus();
  }, []);
  useEffect(() => {
    if (error) showToast({ kind: "error", title: "Error", description: error });
  }, [error]);

  return (
    <section aria-labelledby="title-update-heading" className="card h-fit p-5">
      <h2 id="title-update-heading" ref={heading} tabIndex={-1} className="text-lg font-bold text-white">
        {editing ? `Edit ${GAME_LABELS[editing.game]} ${editing.version}` : "Record a title update"}
      </h2>
      <Form
        method="post"
        {...formProps}
        onSubmit={(event) => {
          formProps.onSubmit(event);
          // Sent (not stopped by the form's own checks): the keyboard meets the form again after the save.
          if (!event.defaultPrevented) aimFocus(["title-update-heading"]);
        }}
        className="mt-4 space-y-4"
      >
        <input type="hidden" name="intent" value="save-update" />
        {editing ? <input type="hidden" name="updateId" value={editing.id} /> : null}
        {editing ? (
          // Refused as saved meanwhile by someone else, the form carries their revision: a second save replaces it knowingly.
          <input type="hidden" name="revision" value={(actionData && "revision" in actionData && actionData.revision) || new Date(editing.updatedAt).getTime()} />
        ) : null}
        <FormAlert errors={form.errors} />
        {editing ? (
          <>
            <input type="hidden" name="game" value={editing.game} />
            <p className="text-sm text-slate-400" data-testid="update-game-note">
              The game cannot change here. Recorded for the wrong game? Delete it (what it sent to re-test gets its earlier status back) and record it again.
            </p>
          </>
        ) : (
          <Field label="Game" htmlFor={fields.game.id} errors={fields.game.errors} errorId={fields.game.errorId}>
            <select {...getSelectProps(fields.game)} className="input">
              <option value="madden">{GAME_LABELS.madden}</option>
              <option value="college">{GAME_LABELS.college}</option>
            </select>
          </Field>
        )}
        <Field label="Version" htmlFor={fields.version.id} errors={fields.version.errors} errorId={fields.version.errorId} hint={`As EA names it, e.g. 1.08 (at most ${UPDATE_VERSION_MAX} characters).`}>
          <input {...getInputProps(fields.version, { type: "text" })} className="input" autoComplete="off" />
        </Field>
        <Field
          label="Release date"
          htmlFor={fields.releasedOn.id}
          errors={fields.releasedOn.errors}
          errorId={fields.releasedOn.errorId}
          hint={editing && !editing.scheduled ? "It is in effect: its date can be today or earlier." : `A later date (up to ${UPDATE_MAX_DAYS_AHEAD} days ahead) schedules it: it takes effect on that day.`}
        >
          <input {...getInputProps(fields.releasedOn, { type: "date" })} className="input" />
        </Field>
        <Field label="Official notes (link)" htmlFor={fields.notesUrl.id} errors={fields.notesUrl.errors} errorId={fields.notesUrl.errorId}>
          <input {...getInputProps(fields.notesUrl, { type: "url" })} className="input" placeholder="https://www.ea.com/..." />
        </Field>
        <Field label="Summary" htmlFor={fields.summary.id} errors={fields.summary.errors} errorId={fields.summary.errorId}>
          <textarea {...getTextareaProps(fields.summary)} rows={3} className="input" />
        </Field>
        <div>
          <label className="flex items-start gap-3 text-sm text-slate-200">
            <input {...getInputProps(fields.gameplay, { type: "checkbox", value: "on" })} className="mt-0.5 h-4 w-4 accent-lime-400" />
            <span>
              <span className="font-semibold text-white">Touches gameplay</span>
              <span className="block text-slate-400">
                Every verified or adjusted item of the game goes back to re-test.
                {editing?.gameplay && !editing.scheduled
                  ? editing.laterGameplay
                    ? ` Turned off, what nobody has re-tested since still needs it, after ${editing.laterGameplay} (it touched gameplay later).`
                    : " Turned off, what nobody has re-tested since gets its earlier status back."
                  : ""}
              </span>
            </span>
          </label>
          <FieldErrors id={fields.gameplay.errorId} errors={fields.gameplay.errors} />
        </div>
        <div className="flex flex-wrap gap-3">
          {/* aria-disabled, not disabled: the keyboard's focus stays on the button through the save. */}
          <button type="submit" className="btn-primary" aria-disabled={saving || undefined} onClick={(event) => saving && event.preventDefault()}>
            {saving ? "Saving..." : editing ? "Save update" : "Record update"}
          </button>
          {editing ? (
            <Link to="/admin/updates" className="btn-secondary">
              Cancel
            </Link>
          ) : null}
        </div>
      </Form>
    </section>
  );
}

export function TitleUpdateList({ updates, aimFocus }: { updates: TitleUpdate[]; aimFocus: (ids: string[]) => void }) {
  // A deleted update takes its row and button with it: the keyboard goes to the list's heading.
  return (
    <section aria-labelledby="title-update-list-heading">
      <h2 id="title-update-list-heading" tabIndex={-1} className="text-lg font-bold text-white">
        Recorded updates
      </h2>
      {updates.length === 0 ? (
        <p className="mt-4 text-slate-400">No title updates recorded yet.</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {updates.map((update) => (
            <li key={update.id} className="card p-4" data-update={`${update.game}-${update.version}`}>
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-bold text-white">
                  {GAME_LABELS[update.game]} {update.version}
                </span>
                {update.current ? <span className="badge bg-turf text-field-950">Current</span> : null}
                {update.scheduled ? <span className="badge bg-sky-300 text-sky-950">Scheduled</span> : null}
                <span className={`badge ${update.gameplay ? "bg-amber-400 text-amber-950" : "bg-field-700 text-slate-200"}`}>
                  {update.gameplay ? "Gameplay" : "No gameplay changes"}
                </span>
                <span className="text-sm text-slate-400">
                  {update.scheduled ? `Takes effect ${formatUpdateDate(update.releasedOn)}` : formatUpdateDate(update.releasedOn)}
                </span>
              </div>
              {update.summary ? <p className="mt-2 wrap-anywhere text-sm text-slate-300">{update.summary}</p> : null}
              <div className="mt-3 flex flex-wrap items-center gap-4 text-sm">
                {update.notesUrl ? (
                  <a href={update.notesUrl} className="text-link" rel="noopener noreferrer" target="_blank">
                    Official notes<span className="sr-only"> of {update.version}</span>
                  </a>
                ) : null}
                <Link to={`/admin/updates?edit=${update.id}`} className="text-link">
                  Edit<span className="sr-only"> {GAME_LABELS[update.game]} {update.version}</span>
                </Link>
                <details>
                  <summary className="cursor-pointer font-semibold text-red-400">
                    Delete<span className="sr-only"> {GAME_LABELS[update.game]} {update.version}</span>
                  </summary>
                  <Form method="post" onSubmit={() => aimFocus(["title-update-list-heading"])} className="mt-2 rounded-lg border border-red-500/40 bg-red-950/30 p-3">
                    <input type="hidden" name="intent" value="delete-update" />
                    <input type="hidden" name="updateId" value={update.id} />
                    <p className="text-slate-200">
                      {!update.gameplay || update.scheduled
                        ? "Statuses that name this update keep their status. Delete it?"
                        : update.laterGameplay
                          ? `Items it sent to re-test that nobody has re-tested since still need it, after ${update.laterGameplay} (it touched gameplay later); statuses set since keep theirs. Delete it?`
                          : "Items it sent to re-test that nobody has re-tested since get their earlier status back; statuses set since keep theirs. Delete it?"}
                    </p>
                    <button type="submit" className="btn-danger btn-sm mt-2">
                      Delete {update.version}
                    </button>
                  </Form>
                </details>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

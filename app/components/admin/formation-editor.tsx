// The content editor's formations and their plays: each a disclosure with its fields, added,
// removed and moved by conform list intents (answered by the server when JavaScript is off).
import {
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
  type FormMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { createContext, useContext, useEffect, useRef, type MouseEvent, type ReactNode } from "react";
import { useStickyOpen } from "~/components/use-sticky-open";
import { Field, FieldErrors } from "~/components/forms";
import { EMPTY_PLAY, VIDEO_PROVIDER_OPTIONS, type ContentFormInput } from "~/lib/schemas/content";
import { slugify } from "~/lib/slug";
import { VideoUploadControl } from "~/components/admin/video-upload";
import { formatPosition } from "~/lib/progress";
import { ImageInput } from "~/components/admin/content-fields";


/**
 * Without JavaScript a list intent (add, move, remove) reloads the editor: its button posts to the
 * form's own action with the anchor of the entry it leaves in view, so the page opens there rather
 * than at its top. The context holds that action ("" for the page's own address). With JavaScript
 * conform answers the intent in place and the address is not used.
 */
const IntentAction = createContext("");
export const IntentActionProvider = IntentAction.Provider;

/**
 * '+ Add Play' and '+ Add Formation' with JavaScript: the new entry opens above the button, which
 * the page then pushes down; the keyboard goes to the new entry's first text field (its title).
 */
export function focusAddedEntry(event: MouseEvent<HTMLButtonElement>) {
  const list = event.currentTarget.parentElement;
  if (!list) return;
  const before = list.querySelectorAll(":scope > details").length;
  window.setTimeout(() => {
    const entries = list.querySelectorAll<HTMLDetailsElement>(":scope > details");
    if (entries.length <= before) return;
    const added = entries[entries.length - 1];
    const field = added.open ? added.querySelector<HTMLElement>('input[type="text"], input:not([type]), textarea') : null;
    (field ?? added.querySelector<HTMLElement>("summary"))?.focus();
  }, 0);
}

/** The anchor of a formation or play entry (`formations[0].plays[1]`). */
export const entryAnchor = (name: string) => `entry-${name}`;

/** The anchor of the content editor's formations section (a formations list emptied leaves it in view). */
export const FORMATIONS_ANCHOR = "formations-list";

/** A list intent button's formAction: the form's action, opening at this anchor. */
function useIntentAction() {
  const action = useContext(IntentAction);
  return (anchor: string) => ({ formAction: `${action}#${anchor}` });
}

/**
 * The formation or play that a list intent answered by the server (JavaScript off) added or moved:
 * it is shown open, with the formation that holds it.
 */
export function intentTarget(result: SubmissionResult<string[]> | null | undefined): string | null {
  const intent = result?.intent;
  if (!intent) return null;
  if (intent.type === "insert") {
    const list = getListLength(result.initialValue, intent.payload.name);
    return `${intent.payload.name}[${intent.payload.index ?? Math.max(0, list - 1)}]`;
  }
  if (intent.type === "reorder") return `${intent.payload.name}[${intent.payload.to}]`;
  return null;
}

function getListLength(value: unknown, name: string): number {
  let current: unknown = value;
  for (const part of name.split(/\.|\[|\]/).filter(Boolean)) {
    if (current === null || typeof current !== "object") return 0;
    current = (current as Record<string, unknown>)[part];
  }
  return Array.isArray(current) ? current.length : 0;
}

function isWithin(target: string | null, name: string) {
  return target !== null && (target === name || target.startsWith(`${name}.`) || target.startsWith(`${name}[`));
}

type FormationInput = NonNullable<ContentFormInput["formations"]>[number];
type PlayInput = NonNullable<FormationInput["plays"]>[number];
type ContentForm = FormMetadata<ContentFormInput>;

function hasErrors(field: { allErrors: Record<string, string[]> }) {
  return Object.keys(field.allErrors).length > 0;
}

export function Select({ options, ...props }: React.ComponentProps<"select"> & { options: { value: string; label: string }[] }) {
  return (
    <select {...props} className="input">
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

const iconButton = "rounded-md border border-field-600 px-2.5 py-1.5 text-xs font-semibold text-slate-200 hover:bg-field-700 disabled:opacity-40";

function ListActions({
  form,
  listName,
  index,
  count,
  noun,
  label,
}: {
  form: ContentForm;
  listName: string;
  index: number;
  count: number;
  noun: string;
  label: string;
}) {
  // Moved to the top or the bottom, the button pressed turns disabled and the keyboard's focus falls
  // to the page: it goes to the other direction's button of the same entry. Only the entry whose
  // button was pressed takes it: its neighbour changes place too (and comes first, when the entry
  // went down).
  const up = useRef<HTMLButtonElement>(null);
  const down = useRef<HTMLButtonElement>(null);
  const shownIndex = useRef(index);
  const pressed = useRef(false);
  useEffect(() => {
    // The browser moves the focus off a disabled button only at its next rendering step: a disabled
    // element that still holds it counts as lost.
    const active = document.activeElement;
    const lost = !active || active === document.body || (active instanceof HTMLButtonElement && active.disabled);
    if (shownIndex.current !== index && pressed.current && lost) (index === 0 ? down : up).current?.focus({ preventScroll: true });
    if (shownIndex.current !== index) pressed.current = false;
    shownIndex.current = index;
  }, [index]);
  const press = () => {
    pressed.current = true;
  };
  // Removed, the entry is gone with the focused button: the keyboard goes to the entry that took its
  // place (its heading), else the one before, else the list's add button.
  const removeAndRefocus = (event: MouseEvent<HTMLButtonElement>) => {
    const entry = event.currentTarget.closest("details");
    const list = entry?.parentElement;
    if (!entry || !list) return;
    window.setTimeout(() => {
      if (entry.isConnected) return;
      const entries = list.querySelectorAll<HTMLElement>(":scope > details > summary");
      const next = entries[Math.min(index, entries.length - 1)] ?? list.querySelector<HTMLElement>(":scope > button");
      next?.focus();
    }, 0);
  };
  const at = useIntentAction();
  // Removed, the page opens at the entry that takes its place, else the one before, else at what
  // holds the list (a play's formation, or the formations section).
  const holder = listName.endsWith(".plays") ? entryAnchor(listName.slice(0, -".plays".length)) : FORMATIONS_ANCHOR;
  const afterRemoval = at(count > 1 ? entryAnchor(`${listName}[${Math.min(index, count - 2)}]`) : holder);
  return (
    <div className="flex flex-wrap gap-2">
      <button ref={up} {...form.reorder.getButtonProps({ name: listName, from: index, to: index - 1 })} {...at(entryAnchor(`${listName}[${index - 1}]`))} onClick={press} className={iconButton} disabled={index === 0} aria-label={`Move up: ${label}`}>
        Move up
      </button>
      <button ref={down} {...form.reorder.getButtonProps({ name: listName, from: index, to: index + 1 })} {...at(entryAnchor(`${listName}[${index + 1}]`))} onClick={press} className={iconButton} disabled={index === count - 1} aria-label={`Move down: ${label}`}>
        Move down
      </button>
      <button
        {...form.remove.getButtonProps({ name: listName, index })}
        {...afterRemoval}
        onClick={removeAndRefocus}
        className="rounded-md border border-red-500/50 px-2.5 py-1.5 text-xs font-semibold text-red-300 hover:bg-red-950/50"
        aria-label={`Remove ${label}`}
      >
        Remove {noun}
      </button>
    </div>
  );
}

/**
 * A formation or play that opens when the form asks (an error inside it, a list change aimed at it)
 * and closes only when staff close it: an error being corrected clears as it is typed, and the
 * section must not fold shut under the keyboard then.
 */
function Disclosure({ name, open, summary, children, level }: { name: string; open: boolean; summary: ReactNode; children: ReactNode; level: "formation" | "play" }) {
  const sticky = useStickyOpen(open);
  return (
    <details
      id={entryAnchor(name)}
      {...sticky}
      className={
        level === "formation"
          ? "group/formation scroll-mt-20 rounded-xl border border-field-600 bg-field-950/40"
          : "group/play scroll-mt-20 rounded-xl border border-field-700 bg-field-900"
      }
    >
      <summary className="flex cursor-pointer items-center gap-3 rounded-xl px-3 py-3 hover:bg-field-800/60 sm:px-4">
        <svg
          viewBox="0 0 20 20"
          className={`h-4 w-4 shrink-0 text-slate-400 transition-transform ${level === "formation" ? "group-open/formation:rotate-90" : "group-open/play:rotate-90"}`}
          aria-hidden="true"
          fill="currentColor"
        >
          <path d="M7.3 4.3a1 1 0 0 1 1.4 0l5 5a1 1 0 0 1 0 1.4l-5 5a1 1 0 0 1-1.4-1.4L11.6 10 7.3 5.7a1 1 0 0 1 0-1.4Z" />
        </svg>
        {summary}
      </summary>
      <div className="space-y-5 border-t border-field-700 px-3 py-4 sm:px-4">{children}</div>
    </details>
  );
}

function PlayEditor({
  form,
  play,
  playsName,
  index,
  count,
  formationNumber,
  imageError,
  target,
}: {
  form: ContentForm;
  target: string | null;
  play: FieldMetadata<PlayInput, ContentFormInput>;
  playsName: string;
  index: number;
  count: number;
  formationNumber: number;
  imageError: { field: string; message: string } | null;
}) {
  const fields = play.getFieldset();
  const label = `play ${index + 1} of formation ${formationNumber}`;
  const imageName = `${play.name}.image`;
  return (
    <Disclosure
      name={play.name}
      level="play"
      open={index === 0 || !fields.title.initialValue || hasErrors(play) || imageError?.field === imageName || isWithin(target, play.name)}
      summary={
        <span className="min-w-0 flex-1 truncate text-sm font-semibold text-slate-100">
          Play {index + 1}: {fields.title.value?.trim() || "Untitled play"}
          {hasErrors(play) ? <span className="ml-2 text-red-400">(needs attention)</span> : null}
        </span>
      }
    >
      <ListActions form={form} listName={playsName} index={index} count={count} noun="play" label={label} />
      <input {...getInputProps(fields.slug, { type: "hidden" })} />
      <input {...getInputProps(fields.runtime, { type: "hidden" })} />
      <input {...getInputProps(fields.imageUrl, { type: "hidden" })} />
      <Field label="Play title" htmlFor={fields.title.id} errors={fields.title.errors} errorId={fields.title.errorId}>
        <input {...getInputProps(fields.title, { type: "text" })} className="input" />
      </Field>
      <ImageInput id={`${play.id}-image`} name={imageName} label="Play image" currentUrl={fields.imageUrl.value} error={imageError?.field === imageName ? imageError.message : fields.imageUrl.errors?.[0]} />
      <Field label="Play description" htmlFor={fields.description.id} errors={fields.description.errors} errorId={fields.description.errorId} hint="Plain text or simple HTML.">
        <textarea {...getTextareaProps(fields.description)} rows={4} className="input" />
      </Field>
      <div className="grid gap-5 sm:grid-cols-[12rem_1fr]">
        <Field label="Video provider" htmlFor={fields.videoProvider.id} errors={fields.videoProvider.errors} errorId={fields.videoProvider.errorId}>
          <Select {...getSelectProps(fields.videoProvider)} options={VIDEO_PROVIDER_OPTIONS} />
        </Field>
        <Field label="Video URL" htmlFor={fields.videoUrl.id} errors={fields.videoUrl.errors} errorId={fields.videoUrl.errorId}>
          <input {...getInputProps(fields.videoUrl, { type: "url" })} className="input" placeholder="https://www.youtube.com/watch?v=..." />
        </Field>
      </div>
      <VideoUploadControl
        id={`${play.id}-video-upload`}
        onUploaded={(url, seconds) => {
          // Our own file: 'Custom' as its provider, its address as the play's video, and its own
          // length as the runtime (the old video's would refuse the player's saves past it).
          form.update({ name: fields.videoProvider.name, value: "custom" });
          form.update({ name: fields.videoUrl.name, value: url });
          form.update({ name: fields.runtime.name, value: seconds ? formatPosition(seconds) : "" });
        }}
      />
      <Field label="Play tags" htmlFor={fields.tags.id} errors={fields.tags.errors} errorId={fields.tags.errorId} hint="Situations it suits, separated by commas: vs man, red zone, 3rd and long.">
        <input {...getInputProps(fields.tags, { type: "text" })} className="input" />
      </Field>
    </Disclosure>
  );
}

export function FormationEditor({
  form,
  formation,
  listName,
  index,
  count,
  imageError,
  target,
}: {
  form: ContentForm;
  target: string | null;
  formation: FieldMetadata<FormationInput, ContentFormInput>;
  listName: string;
  index: number;
  count: number;
  imageError: { field: string; message: string } | null;
}) {
  const fields = formation.getFieldset();
  const plays = fields.plays.getFieldList();
  const number = index + 1;
  const imageName = `${formation.name}.image`;
  const derivedSlug = slugify(fields.title.value ?? "");
  const at = useIntentAction();
  const imageErrorInside = Boolean(imageError?.field.startsWith(`${formation.name}.`));
  return (
    <Disclosure
      name={formation.name}
      level="formation"
      open={index === 0 || !fields.title.initialValue || hasErrors(formation) || imageErrorInside || isWithin(target, formation.name)}
      summary={
        <span className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-3">
          <span className="truncate font-bold text-white">
            Formation {number}: {fields.title.value?.trim() || "Untitled formation"}
          </span>
          <span className="text-xs text-slate-400">
            {plays.length} {plays.length === 1 ? "play" : "plays"}
          </span>
          {hasErrors(formation) ? <span className="text-xs text-red-400">(needs attention)</span> : null}
        </span>
      }
    >
      <ListActions form={form} listName={listName} index={index} count={count} noun="formation" label={`formation ${number}`} />
      <input {...getInputProps(fields.imageUrl, { type: "hidden" })} />
      {/* A stored formation keeps its plays (and their progress, statuses and gameplans) when its slug changes. */}
      <input {...getInputProps(fields.id, { type: "hidden" })} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Formation title" htmlFor={fields.title.id} errors={fields.title.errors} errorId={fields.title.errorId}>
          <input
            {...getInputProps(fields.title, { type: "text" })}
            className="input"
            onChange={(event) => {
              // The slug follows the title until it is edited by hand.
              const slug = fields.slug.value ?? "";
              if (!slug || slug === slugify(fields.title.value ?? "")) {
                form.update({ name: fields.slug.name, value: slugify(event.currentTarget.value) });
              }
            }}
          />
        </Field>
        <Field
          label="Formation slug"
          htmlFor={fields.slug.id}
          errors={fields.slug.errors}
          errorId={fields.slug.errorId}
          hint={derivedSlug ? `Left empty, it will be "${derivedSlug}".` : "Derived from the title when left empty."}
        >
          <input {...getInputProps(fields.slug, { type: "text" })} className="input font-mono" />
        </Field>
      </div>
      <ImageInput id={`${formation.id}-image`} name={imageName} label="Formation image" currentUrl={fields.imageUrl.value} error={imageError?.field === imageName ? imageError.message : fields.imageUrl.errors?.[0]} />
      <Field label="Formation description" htmlFor={fields.description.id} errors={fields.description.errors} errorId={fields.description.errorId} hint="Plain text or simple HTML.">
        <textarea {...getTextareaProps(fields.description)} rows={4} className="input" />
      </Field>

      <fieldset className="min-w-0 space-y-3">
        <legend className="mb-2 text-sm font-bold uppercase tracking-wide text-slate-300">Plays</legend>
        <FieldErrors errors={fields.plays.errors} />
        {plays.length === 0 ? <p className="text-sm text-slate-400">No plays yet.</p> : null}
        {plays.map((play, playIndex) => (
          <PlayEditor
            key={play.key ?? play.id}
            form={form}
            play={play}
            playsName={fields.plays.name}
            index={playIndex}
            count={plays.length}
            formationNumber={number}
            imageError={imageError}
            target={target}
          />
        ))}
        <button {...form.insert.getButtonProps({ name: fields.plays.name, defaultValue: EMPTY_PLAY })} {...at(entryAnchor(`${fields.plays.name}[${plays.length}]`))} onClick={focusAddedEntry} className="btn-secondary text-xs">
          + Add Play
        </button>
      </fieldset>
    </Disclosure>
  );
}

/** The whole editor: the content fields, then its formations with their plays (schemes only). */

// The content editor's form and widgets (/admin/content/new and /admin/content/{slug}). Every part
// works without JavaScript: formations and plays are added, removed and moved with conform list
// intents, which the action answers with the changed form; JavaScript adds live validation, the
// slug check, tag chips and image checks before upload.
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type FormMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import { Link } from "~/components/link";
import type { ContentFormAnswer, ContentFormData } from "~/routes/admin/content-form";
import { Field, FieldErrors, FilesNotKept, FormAlert, hintIdOf } from "~/components/forms";
import { showToast } from "~/components/toaster";
import {
  CONTENT_TYPE_OPTIONS,
  contentFormSchema,
  DIFFICULTY_OPTIONS,
  EMPTY_FORMATION,
  EMPTY_PLAY,
  FALLBACK_CONTENT_SLUG,
  GAME_OPTIONS,
  isSchemeContentType,
  MAX_TAG_LENGTH,
  parseTags,
  REQUIRED_TIER_OPTIONS,
  SLUG_TOO_SHORT,
  VIDEO_PROVIDER_OPTIONS,
  type ContentFormInput,
} from "~/lib/schemas/content";
import { MIN_SLUG_LENGTH, slugify, slugOrFallback } from "~/lib/slug";
import { IMAGE_ACCEPT, IMAGE_INVALID_TYPE, IMAGE_TOO_LARGE, MAX_IMAGE_MEGABYTES } from "~/lib/uploads";
import { useHydrated } from "~/components/use-hydrated";
import { VideoUploadControl } from "~/components/admin/video-upload";
import { formatPosition } from "~/lib/progress";

/** Scroll position kept across window blur and focus (switching tabs or apps while editing). */
function useScrollMemory() {
  const { pathname } = useLocation();
  useEffect(() => {
    const key = `scroll:${pathname}`;
    const save = () => {
      try {
        sessionStorage.setItem(key, String(window.scrollY));
      } catch {
        // Storage unavailable (private mode): nothing to remember.
      }
    };
    const restore = () => {
      try {
        const saved = sessionStorage.getItem(key);
        if (saved !== null) window.scrollTo({ top: Number(saved) });
      } catch {
        // As above.
      }
    };
    window.addEventListener("blur", save);
    window.addEventListener("focus", restore);
    return () => {
      window.removeEventListener("blur", save);
      window.removeEventListener("focus", restore);
    };
  }, [pathname]);
}

type SlugCheckState = { slug: string; status: "short" | "free" | "taken"; suggestion: string };

/** The live slug hint: the derived slug at once, the checks after a 500 ms pause. */
function useSlugCheck(slug: string, current: string | null) {
  const [check, setCheck] = useState<SlugCheckState | null>(null);
  useEffect(() => {
    if (!slug) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      if (slug.length < MIN_SLUG_LENGTH) {
        setCheck({ slug, status: "short", suggestion: slug });
        return;
      }
      if (slug === current) {
        setCheck({ slug, status: "free", suggestion: slug });
        return;
      }
      try {
        const query = new URLSearchParams({ slug, ...(current ? { current } : {}) });
        const response = await fetch(`/admin/slug-check?${query}`, { signal: controller.signal, headers: { Accept: "application/json" } });
        if (!response.ok) throw new Error(`Slug check failed: ${response.status}`);
        const body = (await response.json()) as { available: boolean; suggestion: string };
        setCheck({ slug, status: body.available ? "free" : "taken", suggestion: body.suggestion || `${slug}-1` });
      } catch {
        if (controller.signal.aborted) return;
        // A failed check counts as not unique.
        setCheck({ slug, status: "taken", suggestion: `${slug}-1` });
      }
    }, 500);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [slug, current]);
  return check?.slug === slug ? check : null;
}

function SlugHint({ title, current }: { title: string; current: { slug: string; title: string } | null }) {
  const derived = title.trim() ? slugOrFallback(title, FALLBACK_CONTENT_SLUG) : "";
  // An edited item keeps its slug while its title's slug stays the same.
  const slug = current && derived === slugOrFallback(current.title, FALLBACK_CONTENT_SLUG) ? current.slug : derived;
  const check = useSlugCheck(slug, current?.slug ?? null);
  if (!slug) return <div aria-live="polite" />;
  const taken = check?.status === "taken";
  return (
    <div aria-live="polite" className="mt-1 space-y-1 text-xs">
      {taken ? (
        <p className="font-semibold text-amber-300" data-testid="slug-warning">
          {`Slug "${slug}" already exists. Will be auto-generated as "${check.suggestion}"`}
        </p>
      ) : (
        <p className="text-slate-400" data-testid="slug-hint">
          Slug will be: <span className="font-mono text-slate-200">{slug}</span>
        </p>
      )}
      {check?.status === "short" ? (
        <p className="font-semibold text-amber-300" data-testid="slug-warning">
          {SLUG_TOO_SHORT}
        </p>
      ) : null}
    </div>
  );
}

/** A file input with the current image, a preview of the chosen one and the upload checks. */
function ImageInput({
  id,
  name,
  label,
  currentUrl,
  error,
}: {
  id: string;
  name: string;
  label: string;
  currentUrl: string | null | undefined;
  error?: string | null;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);
  const shown = preview ?? currentUrl ?? null;
  const message = clientError ?? error ?? null;
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <div className="flex flex-wrap items-center gap-4">
        {shown ? (
          <img src={shown} alt="" className="h-20 w-32 shrink-0 rounded-lg border border-field-600 bg-field-800 object-cover" />
        ) : (
          <div className="flex h-20 w-32 shrink-0 items-center justify-center rounded-lg border border-dashed border-field-600 text-xs text-slate-400">
            No image
          </div>
        )}
        <input
          id={id}
          name={name}
          type="file"
          accept={IMAGE_ACCEPT}
          aria-describedby={`${id}-hint${message ? ` ${id}-error` : ""}`}
          aria-invalid={message ? true : undefined}
          className="min-w-0 max-w-full text-sm text-slate-300 file:mr-3 file:rounded-md file:border-0 file:bg-field-700 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-white"
          onChange={(event) => {
            const input = event.currentTarget;
            const file = input.files?.[0];
            setPreview(null);
            setClientError(null);
            if (!file) return;
            const problem = !file.type.startsWith("image/")
              ? IMAGE_INVALID_TYPE
              : file.size > MAX_IMAGE_MEGABYTES * 1024 * 1024
                ? IMAGE_TOO_LARGE
                : null;
            if (problem) {
              input.value = "";
              setClientError(problem.description);
              showToast({ kind: "error", ...problem });
              return;
            }
            setPreview(URL.createObjectURL(file));
          }}
        />
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-400">
        {currentUrl ? "Leave empty to keep the current image. " : ""}JPG, PNG, GIF or WebP. Max {MAX_IMAGE_MEGABYTES}MB.
      </p>
      <FieldErrors id={`${id}-error`} errors={message ? [message] : null} />
    </div>
  );
}

/** Tags: chips with Enter or the plus button when JavaScript runs, a comma-separated field otherwise. */
function TagsInput({ name, id, initial, errors }: { name: string; id: string; initial: string; errors?: string[] }) {
  const hydrated = useHydrated();
  const [tags, setTags] = useState(() => parseTags(initial));
  const [draft, setDraft] = useState("");
  const box = useRef<HTMLInputElement>(null);
  const chips = useRef<HTMLUListElement>(null);
  const removedAt = useRef<number | null>(null);
  useEffect(() => {
    const index = removedAt.current;
    if (index === null) return;
    removedAt.current = null;
    const buttons = chips.current?.querySelectorAll("button") ?? [];
    (buttons[Math.min(index, buttons.length - 1)] ?? box.current)?.focus();
  }, [tags]);
  // The hint's id is the one Field gives its hint (hintIdOf).
  const hintId = hintIdOf(id);
  // A refused tag ('A tag needs a letter or a digit') is read with the box it belongs to.
  const errorId = `${id}-error`;
  const described = { "aria-describedby": errors?.length ? `${hintId} ${errorId}` : hintId, "aria-invalid": errors?.length ? true : undefined };

  if (!hydrated) {
    return (
      <Field label="Tags" htmlFor={id} errors={errors} errorId={errorId} hint="Separate tags with commas.">
        <input id={id} name={name} type="text" defaultValue={initial} {...described} className="input" placeholder="e.g. zone beater, red zone" />
      </Field>
    );
  }

  const add = () => {
    const added = parseTags([...tags, draft].join(","));
    setTags(added);
    setDraft("");
  };
  const remove = (index: number) => {
    setTags(tags.filter((_, at) => at !== index));
    // The keyboard stays in the list: on the tag that took the removed one's place, else the box.
    removedAt.current = index;
  };
  return (
    <div>
      <label htmlFor={id} className="label">
        Tags
      </label>
      {/* A tag typed but not yet added is saved too: the save must not drop what is in the box. */}
      <input type="hidden" name={name} value={parseTags([...tags, draft].join(",")).join(",")} />
      <div className="flex gap-2">
        <input
          ref={box}
          id={id}
          type="text"
          value={draft}
          maxLength={MAX_TAG_LENGTH}
          {...described}
          className="input"
          placeholder="Type a tag and press Enter"
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className="btn-secondary shrink-0 px-3" onClick={add} aria-label="Add tag">
          <svg viewBox="0 0 20 20" className="h-5 w-5" aria-hidden="true" fill="currentColor">
            <path d="M10 4a1 1 0 0 1 1 1v4h4a1 1 0 1 1 0 2h-4v4a1 1 0 1 1-2 0v-4H5a1 1 0 1 1 0-2h4V5a1 1 0 0 1 1-1Z" />
          </svg>
        </button>
      </div>
      <p id={hintId} className="mt-1 text-xs text-slate-400">
        Press Enter or the plus button to add a tag.
      </p>
      {tags.length ? (
        <ul ref={chips} className="mt-2 flex flex-wrap gap-2" aria-label="Tags added">
          {tags.map((tag, index) => (
            <li key={tag} className="inline-flex items-center gap-1 rounded-full bg-field-700 py-1 pl-3 pr-1 text-sm text-slate-100">
              {tag}
              <button
                type="button"
                className="rounded-full p-1 text-slate-400 hover:bg-field-600 hover:text-white"
                aria-label={`Remove tag ${tag}`}
                onClick={() => remove(index)}
              >
                <svg viewBox="0 0 20 20" className="h-3.5 w-3.5" aria-hidden="true" fill="currentColor">
                  <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}

/**
 * The formation or play that a list intent answered by the server (JavaScript off) added or moved:
 * it is shown open, with the formation that holds it.
 */
function intentTarget(result: SubmissionResult<string[]> | null | undefined): string | null {
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

function Select({ options, ...props }: React.ComponentProps<"select"> & { options: { value: string; label: string }[] }) {
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
  return (
    <div className="flex flex-wrap gap-2">
      <button ref={up} {...form.reorder.getButtonProps({ name: listName, from: index, to: index - 1 })} onClick={press} className={iconButton} disabled={index === 0} aria-label={`Move up: ${label}`}>
        Move up
      </button>
      <button ref={down} {...form.reorder.getButtonProps({ name: listName, from: index, to: index + 1 })} onClick={press} className={iconButton} disabled={index === count - 1} aria-label={`Move down: ${label}`}>
        Move down
      </button>
      <button
        {...form.remove.getButtonProps({ name: listName, index })}
        onClick={removeAndRefocus}
        className="rounded-md border border-red-500/50 px-2.5 py-1.5 text-xs font-semibold text-red-300 hover:bg-red-950/50"
        aria-label={`Remove ${label}`}
      >
        Remove {noun}
      </button>
    </div>
  );
}

function Disclosure({ open, summary, children, level }: { open: boolean; summary: ReactNode; children: ReactNode; level: "formation" | "play" }) {
  return (
    <details
      open={open}
      className={
        level === "formation"
          ? "group/formation rounded-xl border border-field-600 bg-field-950/40"
          : "group/play rounded-xl border border-field-700 bg-field-900"
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

function FormationEditor({
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
  const imageErrorInside = Boolean(imageError?.field.startsWith(`${formation.name}.`));
  return (
    <Disclosure
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
        <button {...form.insert.getButtonProps({ name: fields.plays.name, defaultValue: EMPTY_PLAY })} className="btn-secondary text-xs">
          + Add Play
        </button>
      </fieldset>
    </Disclosure>
  );
}

/** The whole editor: the content fields, then its formations with their plays (schemes only). */
export function ContentEditor({ loaderData, actionData }: { loaderData: ContentFormData; actionData: ContentFormAnswer }) {
  const { defaultValue } = loaderData;
  // An item deleted by someone else while this editor was open: what was typed is saved as a new one
  // (its images left storage with it).
  const deleted = Boolean(actionData && "deleted" in actionData && actionData.deleted);
  const mode = deleted ? "create" : loaderData.mode;
  const current = deleted ? null : loaderData.current;
  const thumbnailUrl = deleted ? null : loaderData.thumbnailUrl;
  // The stored revision this form goes on from: a refused save over someone else's brings the newer one.
  const revision = deleted ? null : ((actionData && "revision" in actionData ? actionData.revision : null) ?? loaderData.revision);
  const navigation = useNavigation();
  // Busy until the page after the save has loaded (a second press meanwhile would be refused as stale).
  const saving = navigation.state !== "idle" && navigation.formData !== undefined && !navigation.formData.has("__intent__");
  const idPrefix = useId();
  useScrollMemory();

  const [form, fields] = useForm({
    id: "content-form",
    lastResult: actionData?.result ?? undefined,
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contentFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const formations = fields.formations.getFieldList();
  const imageError = actionData?.imageError ?? null;
  const target = intentTarget(actionData?.result);

  const lastToast = useRef<unknown>(null);
  useEffect(() => {
    if (actionData?.toast && actionData !== lastToast.current) {
      lastToast.current = actionData;
      showToast(actionData.toast);
    }
  }, [actionData]);

  const heading = mode === "edit" ? "Edit Content" : "Create New Content";

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <Link to="/admin#content" className="text-sm font-semibold text-slate-400 hover:text-white">
        ← Back to dashboard
      </Link>
      <h1 className="mt-3 font-display text-3xl font-black text-white sm:text-4xl">{heading}</h1>

      <Form
        method="post"
        action={deleted ? "/admin/content/new" : undefined}
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="mt-8 space-y-8 [&:not(:has([name=type]_option[value$=-scheme]:checked))_[data-formations]]:hidden"
      >
        {/* Enter in a text field submits with the first submit button: let that be the save. */}
        <button type="submit" className="sr-only" tabIndex={-1} aria-hidden="true">
          {mode === "edit" ? "Update Content" : "Create Content"}
        </button>
        <FormAlert errors={form.errors} />
        {revision !== null ? <input type="hidden" name="revision" value={revision} /> : null}
        <FilesNotKept show={Boolean(actionData && "imagesDropped" in actionData && actionData.imagesDropped)} many />

        <section aria-labelledby={`${idPrefix}-basics`} className="card space-y-5 p-4 sm:p-6">
          <h2 id={`${idPrefix}-basics`} className="text-lg font-bold text-white">
            Basic information
          </h2>
          <div>
            <Field label="Title" htmlFor={fields.title.id} errors={fields.title.errors} errorId={fields.title.errorId}>
              <input {...getInputProps(fields.title, { type: "text" })} required className="input" />
            </Field>
            <SlugHint title={fields.title.value ?? ""} current={current} />
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="Content type" htmlFor={fields.type.id} errors={fields.type.errors} errorId={fields.type.errorId}>
              <Select
                {...getSelectProps(fields.type)}
                options={CONTENT_TYPE_OPTIONS}
                onChange={(event) => {
                  const next = event.currentTarget.value;
                  if (isSchemeContentType(next)) {
                    if (formations.length === 0) form.insert({ name: fields.formations.name, defaultValue: EMPTY_FORMATION });
                  } else if (formations.length > 0) {
                    form.update({ name: fields.formations.name, value: [] });
                  }
                }}
              />
            </Field>
            <Field label="Game" htmlFor={fields.game.id} errors={fields.game.errors} errorId={fields.game.errorId}>
              <Select {...getSelectProps(fields.game)} options={GAME_OPTIONS} />
            </Field>
          </div>
          <Field label="Description" htmlFor={fields.description.id} errors={fields.description.errors} errorId={fields.description.errorId}>
            <textarea {...getTextareaProps(fields.description)} rows={5} className="input" />
          </Field>
          <ImageInput id={`${idPrefix}-thumbnail`} name="thumbnail" label="Thumbnail image" currentUrl={thumbnailUrl} error={imageError?.field === "thumbnail" ? imageError.message : null} />
          <Field
            label="Intro video URL"
            htmlFor={fields.videoUrl.id}
            errors={fields.videoUrl.errors}
            errorId={fields.videoUrl.errorId}
            hint="A YouTube or Vimeo link (video platform link)."
          >
            <input {...getInputProps(fields.videoUrl, { type: "url" })} className="input" placeholder="https://www.youtube.com/watch?v=..." />
          </Field>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="Difficulty" htmlFor={fields.difficulty.id} errors={fields.difficulty.errors} errorId={fields.difficulty.errorId}>
              <Select {...getSelectProps(fields.difficulty)} options={DIFFICULTY_OPTIONS} />
            </Field>
            <Field label="Required tier" htmlFor={fields.requiredTier.id} errors={fields.requiredTier.errors} errorId={fields.requiredTier.errorId}>
              <Select {...getSelectProps(fields.requiredTier)} options={REQUIRED_TIER_OPTIONS} />
            </Field>
          </div>
          <TagsInput name={fields.tags.name} id={fields.tags.id} initial={String(fields.tags.initialValue ?? "")} errors={fields.tags.errors} />
        </section>

        <section data-formations aria-labelledby={`${idPrefix}-formations`} className="card space-y-4 p-4 sm:p-6">
          <div>
            <h2 id={`${idPrefix}-formations`} className="text-lg font-bold text-white">
              Formations &amp; Plays
            </h2>
            <p className="mt-1 text-sm text-slate-400">Only saved for Meta (scheme) and Off-Meta (scheme) content.</p>
            <noscript>
              <p className="mt-2 text-sm text-amber-300">
                Adding, removing or moving a formation or play reloads the form: choose image files last.
              </p>
            </noscript>
          </div>
          <FieldErrors errors={fields.formations.errors} />
          {formations.length === 0 ? <p className="text-sm text-slate-400">No formations yet.</p> : null}
          {formations.map((formation, index) => (
            <FormationEditor key={formation.key ?? formation.id} form={form} formation={formation} listName={fields.formations.name} index={index} count={formations.length} imageError={imageError} target={target} />
          ))}
          <button {...form.insert.getButtonProps({ name: fields.formations.name, defaultValue: EMPTY_FORMATION })} className="btn-secondary">
            + Add Formation
          </button>
        </section>

        <section aria-labelledby={`${idPrefix}-publishing`} className="card p-4 sm:p-6">
          <h2 id={`${idPrefix}-publishing`} className="text-lg font-bold text-white">
            Publishing
          </h2>
          <label htmlFor={fields.isPublished.id} className="mt-4 flex cursor-pointer items-center gap-3">
            <input {...getInputProps(fields.isPublished, { type: "checkbox" })} role="switch" className="peer sr-only" />
            <span
              aria-hidden="true"
              className="relative h-6 w-11 shrink-0 rounded-full bg-field-600 transition-colors after:absolute after:left-0.5 after:top-0.5 after:h-5 after:w-5 after:rounded-full after:bg-white after:transition-transform peer-checked:bg-turf peer-checked:after:translate-x-5 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-turf"
            />
            <span className="font-semibold text-slate-100">Publish immediately</span>
          </label>
          <p className="mt-2 text-sm text-slate-400">When off, the content is saved as a draft that only staff can see.</p>
        </section>

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Link to="/admin" className="btn-secondary">
            Cancel
          </Link>
          <button type="submit" className="btn-primary" aria-disabled={saving || undefined} onClick={(event) => saving && event.preventDefault()}>
            {saving ? "Saving..." : mode === "edit" ? "Update Content" : "Create Content"}
          </button>
        </div>
      </Form>
    </div>
  );
}

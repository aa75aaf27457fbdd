// The content editor's own inputs: the slug's availability hint, an image with its checks before
// upload, and tags as chips. Each works as a plain input without JavaScript.
import { useEffect, useRef, useState } from "react";
import { Field, FieldErrors, hintIdOf } from "~/components/forms";
import { showToast } from "~/components/toaster";
import { FALLBACK_CONTENT_SLUG, MAX_TAG_LENGTH, parseTags, SLUG_TOO_SHORT } from "~/lib/schemas/content";
import { MIN_SLUG_LENGTH, slugOrFallback } from "~/lib/slug";
import { IMAGE_ACCEPT, IMAGE_INVALID_TYPE, IMAGE_TOO_LARGE, MAX_IMAGE_MEGABYTES } from "~/lib/uploads";
import { useHydrated } from "~/components/use-hydrated";


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

export function SlugHint({ title, current }: { title: string; current: { slug: string; title: string } | null }) {
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
export function ImageInput({
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
export function TagsInput({ name, id, initial, errors }: { name: string; id: string; initial: string; errors?: string[] }) {
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

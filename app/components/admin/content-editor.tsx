// The content editor's form and widgets (/admin/content/new and /admin/content/{slug}). Every part
// works without JavaScript: formations and plays are added, removed and moved with conform list
// intents, which the action answers with the changed form; JavaScript adds live validation, the
// slug check, tag chips and image checks before upload.
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useId, useRef } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import { Link } from "~/components/link";
import type { ContentFormAnswer, ContentFormData } from "~/routes/admin/content-form";
import { CHECK_ON_SEND, Field, FieldErrors, FilesNotKept, FormAlert, revealFirstInvalid } from "~/components/forms";
import { showToast } from "~/components/toaster";
import {
  CONFIRM_REMOVAL,
  type PlayInGameplans,
  CONTENT_TYPE_OPTIONS,
  contentFormSchema,
  DIFFICULTY_OPTIONS,
  EMPTY_FORMATION,
  GAME_OPTIONS,
  isSchemeContentType,
  REQUIRED_TIER_OPTIONS,
} from "~/lib/schemas/content";

import { ImageInput, SlugHint, TagsInput } from "~/components/admin/content-fields";
import { fieldPlace, inFormOrder } from "~/lib/content-form-fields";
import { formatCount } from "~/lib/format";
import { entryAnchor, focusAddedEntry, FORMATIONS_ANCHOR, FormationEditor, IntentActionProvider, intentTarget, Select } from "~/components/admin/formation-editor";

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

/**
 * A refused save's fields, named and linked at the top of the form: a long scheme's one wrong field
 * can sit a screen or more below (without JavaScript the answer opens at the top of the page).
 */
function ErrorSummary({ formId, errors }: { formId: string; errors: Record<string, string[]> | undefined }) {
  const names = Object.entries(errors ?? {})
    .filter(([name, messages]) => name !== "" && messages.length > 0)
    .map(([name]) => name)
    .sort(inFormOrder);
  if (names.length === 0) return null;
  return (
    <div id={`${formId}-summary`} className="rounded-lg border border-red-500/50 bg-red-950/40 px-4 py-3 text-sm text-red-300">
      <p className="font-semibold">Not saved: {names.length === 1 ? "1 field needs" : `${names.length} fields need`} attention.</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {names.map((name) => (
          <li key={name}>
            <a href={`#${formId}-${name}`} className="underline underline-offset-2 hover:text-red-200">
              {fieldPlace(name)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A save refused because plays it deletes are in members' gameplans: which, in how many, and the box
 * that lets it go ahead (its value names exactly those plays: one removed since needs its own tick).
 */
type GameplanRemovalAnswer = { ids: string; plays: PlayInGameplans[] };
function GameplanRemoval({ removal }: { removal: GameplanRemovalAnswer | null }) {
  // With JavaScript the answer leaves the page where 'Update Content' was: the box to tick comes into
  // view with the keyboard's focus (without it, the page opens at the top, where the box is).
  const confirm = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (removal) confirm.current?.focus();
  }, [removal]);
  if (!removal) return null;
  const one = removal.plays.length === 1;
  return (
    <section aria-labelledby="gameplan-removal-heading" className="rounded-xl border border-amber-400/50 bg-amber-950/30 p-4 text-sm text-slate-200" data-testid="gameplan-removal">
      <h2 id="gameplan-removal-heading" className="font-bold text-white">
        {one ? "Members keep this play in their gameplans" : "Members keep these plays in their gameplans"}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {removal.plays.map((play) => (
          <li key={play.id}>
            {play.title} ({play.formation}): in {formatCount(play.gameplans)} {play.gameplans === 1 ? "gameplan" : "gameplans"}
          </li>
        ))}
      </ul>
      <p className="mt-2">Saving deletes {one ? "it" : "them"}, and {one ? "it leaves" : "they leave"} those gameplans and their call sheets.</p>
      <label className="mt-3 flex items-center gap-2 font-semibold text-white">
        <input ref={confirm} type="checkbox" name={CONFIRM_REMOVAL} value={removal.ids} className="h-4 w-4 accent-lime-400" />
        Remove from members' gameplans
      </label>
    </section>
  );
}

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
    ...CHECK_ON_SEND,
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
  // Where the form posts ("" for this page's own address): list intents add their entry's anchor to it.
  const intentAction = deleted ? "/admin/content/new" : "";
  const formProps = getFormProps(form);

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
        {...formProps}
        onSubmit={(event) => {
          formProps.onSubmit(event);
          // Refused here (not a list's add, move or remove, which conform also keeps from the server).
          const submitter = (event.nativeEvent as SubmitEvent).submitter;
          if (event.defaultPrevented && submitter?.getAttribute("name") !== "__intent__") revealFirstInvalid(event.currentTarget);
        }}
        className="mt-8 space-y-8 [&:not(:has([name=type]_option[value$=-scheme]:checked))_[data-formations]]:hidden"
      >
        {/* Enter in a text field submits with the first submit button: let that be the save. */}
        <button type="submit" className="sr-only" tabIndex={-1} aria-hidden="true">
          {mode === "edit" ? "Update Content" : "Create Content"}
        </button>
        <FormAlert errors={form.errors} />
        <ErrorSummary formId={form.id} errors={form.allErrors} />
        {revision !== null ? <input type="hidden" name="revision" value={revision} /> : null}
        <FilesNotKept show={Boolean(actionData && "imagesDropped" in actionData && actionData.imagesDropped)} many />
        <GameplanRemoval removal={(actionData as { removal?: GameplanRemovalAnswer } | undefined)?.removal ?? null} />

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

        <IntentActionProvider value={intentAction}>
        <section id={FORMATIONS_ANCHOR} data-formations aria-labelledby={`${idPrefix}-formations`} className="card scroll-mt-20 space-y-4 p-4 sm:p-6">
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
          {/* Without JavaScript the editor opens again at the new formation (see IntentActionProvider). */}
          <button
            {...form.insert.getButtonProps({ name: fields.formations.name, defaultValue: EMPTY_FORMATION })}
            formAction={`${intentAction}#${entryAnchor(`${fields.formations.name}[${formations.length}]`)}`}
            onClick={focusAddedEntry}
            className="btn-secondary"
          >
            + Add Formation
          </button>
        </section>
        </IntentActionProvider>

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

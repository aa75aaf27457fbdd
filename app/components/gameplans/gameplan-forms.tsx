// The gameplan's own forms: a new gameplan (/gameplans), its name, its share link and its deletion
// (the gameplan page). Each is a POST form that works without JavaScript.
import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useLocation, useNavigation } from "react-router";
import { useCopiedFlag } from "~/components/copy-link";
import { CHECK_ON_SEND, Field, FormAlert } from "~/components/forms";
import { Link } from "~/components/link";
import { useFocusOnArrival } from "~/components/use-focus-on-arrival";
import { useHydrated } from "~/components/use-hydrated";
import { GAME_LABELS } from "~/lib/format";
import { GAMEPLAN_NAME_MAX } from "~/lib/gameplans";
import { createGameplanSchema, renameGameplanSchema } from "~/lib/schemas/gameplans";

type Game = keyof typeof GAME_LABELS;

function useSubmitting(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

/**
 * Without JavaScript a refused form comes back as a new page: the address takes the browser to the
 * form and its message (on a phone it is screens below the top). With JavaScript the page stays
 * where it is.
 */
function useAtForm(formId: string, keepQuery = false) {
  const { pathname, search } = useLocation();
  return useHydrated() ? undefined : `${pathname}${keepQuery ? search : ""}#${formId}`;
}

/** `returnTo`: the play it was started from, where the member goes back once it is created. */
export function CreateGameplanForm({ lastResult, game, full, returnTo = null }: { lastResult: SubmissionResult<string[]> | null; game: Game | null; full: boolean; returnTo?: string | null }) {
  const saving = useSubmitting("create");
  const [form, fields] = useForm({
    id: "create-gameplan",
    lastResult: lastResult ?? undefined,
    defaultValue: { name: "", game: game ?? "madden" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createGameplanSchema }),
    ...CHECK_ON_SEND,
  });
  const action = useAtForm(form.id, true);
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="create" />
      {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
      <FormAlert errors={form.errors} />
      {returnTo ? <p className="text-sm text-slate-300">Once it is created, you go back to the play to add it.</p> : null}
      <Field label="Name" htmlFor={fields.name.id} errors={fields.name.errors} errorId={fields.name.errorId} hint={`At most ${GAMEPLAN_NAME_MAX} characters, e.g. "Ranked weekend".`}>
        <input {...getInputProps(fields.name, { type: "text" })} maxLength={GAMEPLAN_NAME_MAX} autoComplete="off" className="input" />
      </Field>
      <Field label="Game" htmlFor={fields.game.id} errors={fields.game.errors} errorId={fields.game.errorId}>
        <select {...getSelectProps(fields.game)} className="input">
          <option value="madden">{GAME_LABELS.madden}</option>
          <option value="college">{GAME_LABELS.college}</option>
        </select>
      </Field>
      <button type="submit" className="btn-primary" disabled={saving || full}>
        {saving ? "Creating..." : "Create gameplan"}
      </button>
    </Form>
  );
}

export function RenameGameplanForm({ name, lastResult }: { name: string; lastResult: SubmissionResult<string[]> | null }) {
  const saving = useSubmitting("rename");
  // Rebuilt with the new name after a save: the keyboard stays on 'Rename'.
  const focusRef = useFocusOnArrival<HTMLButtonElement>();
  const [form, fields] = useForm({
    id: "rename-gameplan",
    lastResult: lastResult ?? undefined,
    defaultValue: { name },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: renameGameplanSchema }),
    ...CHECK_ON_SEND,
  });
  const action = useAtForm(form.id);
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-3" preventScrollReset>
      <input type="hidden" name="intent" value="rename" />
      <FormAlert errors={form.errors} />
      <Field label="Name" htmlFor={fields.name.id} errors={fields.name.errors} errorId={fields.name.errorId}>
        <input {...getInputProps(fields.name, { type: "text" })} maxLength={GAMEPLAN_NAME_MAX} autoComplete="off" className="input" />
      </Field>
      {/* aria-disabled, not disabled: a disabled button drops the keyboard's focus to the page. */}
      <button ref={focusRef} type="submit" className="btn-secondary btn-sm" aria-disabled={saving || undefined} onClick={(event) => saving && event.preventDefault()}>
        Rename
      </button>
    </Form>
  );
}

/** The share link while the gameplan is shared, with 'Stop sharing'; otherwise the button that creates it. */
export function ShareGameplan({ shareUrl }: { shareUrl: string | null }) {
  const busy = useSubmitting(shareUrl ? "unshare" : "share");
  return (
    <div className="space-y-3 text-sm">
      <p className="text-slate-300">
        {shareUrl
          ? "Anyone with this link sees the gameplan's name, situations and play names (never the videos or write-ups)."
          : "A read-only link shows the gameplan's name, situations and play names to anyone you send it to."}
      </p>
      {shareUrl ? (
        <>
          <label htmlFor="gameplan-share-link" className="label">Share link</label>
          <input id="gameplan-share-link" readOnly value={shareUrl} className="input text-base sm:text-sm" />
          <CopyButton url={shareUrl} />
        </>
      ) : null}
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value={shareUrl ? "unshare" : "share"} />
        <button
          type="submit"
          className={shareUrl ? "btn-danger btn-sm" : "btn-primary btn-sm"}
          aria-disabled={busy || undefined}
          onClick={(event) => busy && event.preventDefault()}
        >
          {shareUrl ? "Stop sharing" : "Create share link"}
        </button>
      </Form>
    </div>
  );
}

function CopyButton({ url }: { url: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useCopiedFlag();
  if (!hydrated) return null;
  return (
    <button
      type="button"
      className="btn-secondary btn-sm"
      onClick={() => navigator.clipboard.writeText(url).then(() => setCopied(true), () => window.prompt("Copy this link:", url))}
    >
      {copied ? "Link copied!" : "Copy link"}
    </button>
  );
}

/** 'Delete gameplan' asks first, on the page itself (?delete=1), so it works the same without JavaScript. */
export function DeleteGameplan({ id, name, confirming }: { id: number; name: string; confirming: boolean }) {
  if (!confirming) return <DeleteGameplanLink id={id} />;
  return <DeleteGameplanConfirmation id={id} name={name} />;
}

/** Back from 'Cancel', the keyboard is on the link again. */
function DeleteGameplanLink({ id }: { id: number }) {
  const focusRef = useFocusOnArrival<HTMLAnchorElement>();
  return (
    <Link ref={focusRef} to={`/gameplans/${id}?delete=1#delete`} preventScrollReset className="btn-secondary btn-sm">
      Delete gameplan
    </Link>
  );
}

/** In place of the link, the keyboard on its answer (which reads the question with it). */
function DeleteGameplanConfirmation({ id, name }: { id: number; name: string }) {
  const deleting = useSubmitting("delete");
  const focusRef = useFocusOnArrival<HTMLButtonElement>();
  return (
    <Form method="post" action={`/gameplans/${id}`} className="rounded-lg border border-red-400/40 bg-red-950/30 p-4">
      <input type="hidden" name="intent" value="delete" />
      <p className="text-sm text-slate-200" id="delete-gameplan-warning">
        Delete <strong>{name}</strong>? Its plays, notes and share link go with it. The plays stay in the library.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          ref={focusRef}
          type="submit"
          className="btn-danger btn-sm"
          aria-describedby="delete-gameplan-warning"
          aria-disabled={deleting || undefined}
          onClick={(event) => deleting && event.preventDefault()}
        >
          Yes, delete gameplan
        </button>
        <Link to={`/gameplans/${id}`} preventScrollReset className="btn-secondary btn-sm">
          Cancel
        </Link>
      </div>
    </Form>
  );
}

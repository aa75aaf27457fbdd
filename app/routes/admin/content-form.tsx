import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { EditorError } from "~/components/admin/editor-error";
import type { Route } from "./+types/content-form";
import { ContentEditor } from "~/components/admin/content-editor";
import { PatchStatusCard } from "~/components/admin/patch-status-card";
import {
  CONFIRM_REMOVAL,
  CONTENT_DEFAULTS,
  contentFormSchema,
  EMPTY_FORMATION,
  GAMEPLAN_PLAY_REMOVED,
  GAMEPLAN_PLAYS_MOVED,
  GAMEPLAN_PLAYS_REMOVED,
  type ContentFormInput,
} from "~/lib/schemas/content";
import { IMAGE_TOO_LARGE } from "~/lib/uploads";
import { staffContext } from "~/server/admin.server";
import { movedContentSlug } from "~/server/library.server";
import {
  findContentForEdit,
  findContentForSave,
  gameplanPlaysRemovedBy,
  missingUploadedVideos,
  NO_UPLOADED_VIDEO,
  saveContent,
  withOwnMediaPaths,
  type ContentImageFiles,
} from "~/server/admin-content.server";
import { isDataRequest, readForm, revisionOf } from "~/server/http.server";
import { itemStatusesQuery } from "~/server/item-status.server";
import { itemHistoryQuery } from "~/server/patch.server";
import { statusSavedToast, submitStatusForm } from "~/server/status-form.server";
import { redirectWithToast } from "~/server/toast.server";
import { isRequestTooLarge } from "~/server/uploads.server";
import { getApp } from "~/server/context.server";
import { DELETED, deletedMeanwhile, DUPLICATE_SLUG, editorValue, REPEATED_FIELD, SAVE_FAILED, staleToast } from "~/server/content-editor.server";
import { withSingleValues } from "~/server/form-shape.server";
import { keepFormIfSignedOut, keptSubmission, takeKeptForm } from "~/server/kept-forms.server";

// The content editor (/admin/content/new and /admin/content/{slug}); its form is
// app/components/admin/content-editor.tsx.

/** A whole scheme with its images: every image is checked against its own 5 MB limit. */
const MAX_CONTENT_FORM_BYTES = 40 * 1024 * 1024;

export function meta({ loaderData, error }: Route.MetaArgs) {
  // A refused or failed page names itself (its error page sets the title).
  if (error) return [{ name: "robots", content: "noindex" }];
  // Two editors open in two tabs are told apart by the item's title.
  const heading = loaderData?.mode === "edit" && loaderData.current ? `Edit Content: ${loaderData.current.title}` : "Create New Content";
  return [{ title: `${heading} | Gridiron Playbook` }, { name: "robots", content: "noindex" }];
}

function createPage() {
  const defaultValue: ContentFormInput = {
    title: "",
    type: CONTENT_DEFAULTS.type,
    description: "",
    videoUrl: "",
    game: CONTENT_DEFAULTS.game,
    difficulty: CONTENT_DEFAULTS.difficulty,
    requiredTier: CONTENT_DEFAULTS.requiredTier,
    tags: "",
    isPublished: CONTENT_DEFAULTS.isPublished,
    // The default type is a scheme: it starts with one empty formation holding one empty play.
    formations: [EMPTY_FORMATION],
  };
  return { mode: "create" as const, current: null, revision: null, thumbnailUrl: null, defaultValue, patch: null };
}

/** A status refused as changed since (409) shows its item's new status and revision; an editor conflict keeps the screen as typed. */
export function shouldRevalidate({ actionStatus, formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return (actionStatus === 409 && formData?.get("intent") === "set-status") || defaultShouldRevalidate;
}

/** The editor, with the form sent while the session had ended put back once after the login (kept-forms.server.ts). */
export async function loader(args: Route.LoaderArgs) {
  const page = await editorPage(args);
  const kept = await takeKeptForm(getApp(args.context), args.request);
  if (!kept || kept.formData.get("intent") === "set-status") return { ...page, restored: null };
  const restored = { ...keptSubmission(kept, contentFormSchema), imageError: null, imagesDropped: kept.filesDropped };
  return data({ ...page, restored }, { headers: { "Set-Cookie": kept.setCookie } });
}

async function editorPage({ request, context, params }: Route.LoaderArgs) {
  const { app, user } = await staffContext(context, request);
  if (!params.slug) return createPage();
  let item = await findContentForEdit(app.db, params.slug);
  if (!item) {
    // A bookmark of the editor under the item's earlier slug (its title changed since).
    const moved = await movedContentSlug(app.db, user, params.slug);
    // After a save refused because someone renamed the item meanwhile (posted without JavaScript),
    // the page shows the form as sent, here: a redirect would drop what was typed.
    if (moved && app.method === "GET") throw redirect(`/admin/content/${moved}`, 301);
    item = moved ? await findContentForEdit(app.db, moved) : null;
    // A save posted without JavaScript after someone deleted the item: the action keeps the form as
    // sent, to be created again; the page around it is the create page.
    if (!item && app.method !== "GET") return createPage();
    if (!item) throw data("Content not found", { status: 404 });
  }
  const [statuses, history] = await Promise.all([itemStatusesQuery(app.db, item.id), itemHistoryQuery(app.db, item.id)]);
  return {
    mode: "edit" as const,
    current: { slug: item.slug, title: item.title },
    // Sent back with the form: a save over someone else's newer one is refused (saveContent).
    revision: item.updatedAt.getTime(),
    thumbnailUrl: item.thumbnailUrl,
    defaultValue: editorValue(item),
    patch: { statuses, history: history.map((row) => ({ ...row, changedAt: row.changedAt.getTime() })) },
  };
}

/** A patch status sent after the session ended is not kept: the login leads back to its form and says it was not saved. */
function statusFormPlace(form: FormData) {
  if (form.get("intent") !== "set-status") return null;
  const kind = form.get("itemKind");
  const id = Number(form.get("itemId"));
  return (kind === "content" || kind === "play") && Number.isSafeInteger(id) && id > 0 ? `#status-${kind}-${id}` : "";
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await keepFormIfSignedOut(context, request, statusFormPlace);
  const { user, app } = await staffContext(context, request);
  if (isRequestTooLarge(request, MAX_CONTENT_FORM_BYTES)) {
    return data(
      { result: null, imageError: null, toast: { kind: "error" as const, ...IMAGE_TOO_LARGE } },
      { status: 413 },
    );
  }
  const formData = await readForm(request);
  if (formData.get("intent") === "set-status") {
    // A 'Save status' form of the 'Patch status' card (edit only): refused entries come back here,
    // next to their item, as typed.
    if (!params.slug) throw data("Content not found", { status: 404 });
    const outcome = await submitStatusForm(app.db, formData, user.id, app.env.SITE_URL, params.slug);
    if (outcome.ok) return redirectWithToast(`/admin/content/${params.slug}`, statusSavedToast(outcome));
    return data(
      {
        result: null,
        imageError: null,
        toast: { kind: "error" as const, title: "Status not saved", description: outcome.error },
        statusForm: { item: outcome.item, error: outcome.error, fields: outcome.fields },
      },
      { status: outcome.httpStatus },
    );
  }
  const sentRevision = revisionOf(formData);
  // Without JavaScript a form that comes back has lost the files chosen in it (a browser never fills
  // a file field again): the editor says so.
  const imagesDropped = !isDataRequest(request) && [...formData.values()].some((entry) => typeof entry !== "string" && entry.size > 0);
  // Every answer that keeps the form on the page carries the revision it goes on from.
  const kept = <T extends object>(body: T, status: number, revision = sentRevision) => data({ ...body, revision, imagesDropped }, { status });
  const sent = withSingleValues(formData, (name) => name === "tags");
  if (sent.repeated.length) {
    const refused = parseWithZod(sent.formData, { schema: contentFormSchema });
    return kept({ result: refused.reply({ formErrors: [REPEATED_FIELD] }), imageError: null, toast: null }, 400);
  }
  const submission = parseWithZod(formData, { schema: contentFormSchema });
  if (submission.status !== "success") {
    // A list intent (add, remove, move) or invalid input: the form comes back as sent.
    return kept({ result: submission.reply(), imageError: null, toast: null }, submission.status === "error" ? 400 : 200);
  }
  // Our own video given by its full address (copied from the browser's bar) is kept as /media/...:
  // the videos page then sees it in use, and the address works on any host the site answers.
  withOwnMediaPaths(submission.value, [new URL(request.url).origin, app.env.SITE_URL]);
  // An uploaded video that is not there would reach members as a dead player.
  const missing = await missingUploadedVideos(app.env.MEDIA, submission.value);
  if (missing.length) {
    return kept({ result: submission.reply({ fieldErrors: Object.fromEntries(missing.map((name) => [name, [NO_UPLOADED_VIDEO]])) }), imageError: null, toast: null }, 400);
  }
  let current = params.slug ? await findContentForSave(app.db, params.slug) : null;
  if (params.slug && !current) {
    // Renamed by someone else while this editor was open: the item is found under its new slug
    // (and the save below is refused as stale, the form kept, so nothing typed is lost).
    const moved = await movedContentSlug(app.db, user, params.slug);
    current = moved ? await findContentForSave(app.db, moved) : null;
  }
  if (params.slug && !current) return deletedMeanwhile(submission.reply({ formErrors: [DELETED.description!] }), imagesDropped);

  const value = submission.value;
  // Plays that members keep in their gameplans leave those gameplans with the save: only once staff
  // have seen which, and ticked 'Remove from members' gameplans' for exactly those plays.
  if (current) {
    const removing = await gameplanPlaysRemovedBy(app.db, current, value);
    const confirmed = new Set(String(formData.get(CONFIRM_REMOVAL) ?? "").split(",").map(Number));
    if (removing.some((play) => !confirmed.has(play.id))) {
      const message = current.game !== value.game ? GAMEPLAN_PLAYS_MOVED : removing.length === 1 ? GAMEPLAN_PLAY_REMOVED : GAMEPLAN_PLAYS_REMOVED;
      return kept(
        {
          result: submission.reply({ formErrors: [`Not saved: ${message}`] }),
          imageError: null,
          toast: { kind: "error" as const, title: "Not saved", description: message },
          removal: { ids: removing.map((play) => play.id).join(","), plays: removing },
        },
        409,
      );
    }
  }
  const files: ContentImageFiles = {
    thumbnail: formData.get("thumbnail"),
    formations: value.formations.map((formation, index) => ({
      image: formData.get(`formations[${index}].image`),
      plays: formation.plays.map((_, playIndex) => formData.get(`formations[${index}].plays[${playIndex}].image`)),
    })),
  };
  const outcome = await saveContent(
    { db: app.db, bucket: app.env.MEDIA },
    { authorId: user.id, current, revision: sentRevision, value, files },
  );

  switch (outcome.status) {
    case "saved":
      return redirectWithToast(
        "/admin#content",
        current
          ? { kind: "success", title: "Content Updated", description: `Successfully updated "${value.title}"` }
          : { kind: "success", title: "Content Created", description: `Successfully created "${value.title}"` },
      );
    case "stale": {
      const toast = staleToast(outcome.slug, outcome.slug !== params.slug);
      return kept({ result: submission.reply({ formErrors: [toast.description!] }), imageError: null, toast }, 409, outcome.revision);
    }
    case "invalid-image":
      return kept(
        {
          result: submission.reply({ formErrors: [`${outcome.title}: ${outcome.description}`] }),
          imageError: { field: outcome.field, message: outcome.description },
          toast: { kind: "error" as const, title: outcome.title, description: outcome.description },
        },
        outcome.title === "File too large" ? 413 : 400,
      );
    case "duplicate-slug":
      return kept({ result: submission.reply({ formErrors: [DUPLICATE_SLUG.description!] }), imageError: null, toast: DUPLICATE_SLUG }, 409);
    case "not-found":
      return deletedMeanwhile(submission.reply({ formErrors: [DELETED.description!] }), imagesDropped);
    default: {
      const message = outcome.message ?? SAVE_FAILED;
      return kept({ result: submission.reply({ formErrors: [message] }), imageError: null, toast: { kind: "error" as const, title: "Error", description: message } }, 500);
    }
  }
}

export type ContentFormData = Route.ComponentProps["loaderData"];
export type ContentFormAnswer = Route.ComponentProps["actionData"];

export default function ContentFormPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <ContentEditor loaderData={loaderData} actionData={actionData ?? loaderData.restored ?? undefined} />
      {loaderData.patch && loaderData.current && !(actionData && "deleted" in actionData) ? (
        <PatchStatusCard
          slug={loaderData.current.slug}
          {...loaderData.patch}
          refused={actionData && "statusForm" in actionData ? actionData.statusForm : null}
        />
      ) : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <EditorError
      error={error}
      notFound={{ heading: "Content not found", message: "This item does not exist or was deleted. If you were saving it, nothing was saved." }}
      failed="We could not load the content editor. Please try again in a moment."
      back="/admin#content"
    />
  );
}

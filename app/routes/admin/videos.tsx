import { useRef } from "react";
import { data, Form, redirect, useNavigate, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/videos";
import { EditorError } from "~/components/admin/editor-error";
import { UploadStatus, useVideoUpload } from "~/components/admin/video-upload";
import { FormAlert } from "~/components/forms";
import { Link } from "~/components/link";
import { useFocusAfterSave } from "~/components/use-focus-on-arrival";
import { useHydrated } from "~/components/use-hydrated";
import { formatShortDate } from "~/lib/format";
import { formatBytes, MAX_FORM_VIDEO_BYTES, VIDEO_ACCEPT, VIDEO_FORM_TOO_LARGE, VIDEO_INVALID_TYPE } from "~/lib/videos";
import { staffContext } from "~/server/admin.server";
import { readForm } from "~/server/http.server";
import { redirectWithToast } from "~/server/toast.server";
import { discardRequestBody, isRequestTooLarge } from "~/server/uploads.server";
import { deleteVideo, listVideos, storeFormVideo } from "~/server/videos.server";

// The staff's videos (/admin/videos): upload a play video to our own storage, see which items use
// each one, delete one nobody uses. With JavaScript the upload goes in parts (any size up to 2 GB,
// app/components/admin/video-upload.tsx); without it the form posts the file whole (up to 32 MB).

export function meta({ error }: Route.MetaArgs) {
  // A refused or failed page names itself (its error page sets the title).
  if (error) return [{ name: "robots", content: "noindex" }];
  return [{ title: "Videos | Gridiron Playbook" }, { name: "robots", content: "noindex" }];
}

/** A delete refused because an item uses the video (taken meanwhile) reads the list again: its row then says which. */
export function shouldRevalidate({ actionStatus, formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return (actionStatus === 409 && formData?.get("intent") === "delete") || defaultShouldRevalidate;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app } = await staffContext(context, request);
  const url = new URL(request.url);
  const cursor = url.searchParams.get("cursor")?.slice(0, 1000) || undefined;
  const { videos, cursor: next } = await listVideos(app.db, app.env.MEDIA, cursor);
  const uploadedKey = url.searchParams.get("uploaded");
  // The one just uploaded, looked up on its own: it may not be on this page of the list.
  const uploaded = uploadedKey?.startsWith("videos/") ? ((await app.env.MEDIA.head(uploadedKey)) ? `/media/${uploadedKey}` : null) : null;
  return { videos, next, uploaded, paged: Boolean(cursor) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { app } = await staffContext(context, request);
  if (isRequestTooLarge(request, MAX_FORM_VIDEO_BYTES + 512 * 1024)) {
    // Read to its end (up to the platform's 100 MB): a body cut off loses the answer with it.
    await discardRequestBody(request, 128 * 1024 * 1024);
    return data({ error: `${VIDEO_FORM_TOO_LARGE.title}. ${VIDEO_FORM_TOO_LARGE.description}` }, { status: 413 });
  }
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "");

  if (intent === "upload") {
    const file = formData.get("video");
    if (!(file instanceof File) || file.size === 0) return data({ error: "Choose a video file to upload." }, { status: 400 });
    if (file.size > MAX_FORM_VIDEO_BYTES) return data({ error: `${VIDEO_FORM_TOO_LARGE.title}. ${VIDEO_FORM_TOO_LARGE.description}` }, { status: 413 });
    const stored = await storeFormVideo(app.env.MEDIA, file);
    if (!stored.ok) return data({ error: `${VIDEO_INVALID_TYPE.title}. ${VIDEO_INVALID_TYPE.description}` }, { status: 415 });
    const key = stored.url.slice("/media/".length);
    // The page says 'Video uploaded' with the address to copy (as after an upload in parts).
    return redirect(`/admin/videos?uploaded=${encodeURIComponent(key)}`);
  }

  if (intent === "delete") {
    const key = String(formData.get("key") ?? "");
    const deleted = await deleteVideo(app.db, app.env.MEDIA, key);
    if (!deleted.ok && deleted.reason === "missing") {
      // Deleted from another tab meanwhile: the list is read again without it.
      return redirectWithToast("/admin/videos", { kind: "info", title: "Already deleted", description: "That video is no longer stored." });
    }
    if (!deleted.ok) {
      return data({ error: `Not deleted: ${deleted.uses === 1 ? "an item uses" : `${deleted.uses} items use`} this video. Give them another video first.`, key }, { status: 409 });
    }
    return redirectWithToast("/admin/videos", { kind: "success", title: "Video deleted", description: `/media/${key} is no longer stored.` });
  }

  return data({ error: "Unknown action." }, { status: 400 });
}

function UploadForm({ error }: { error: string | null }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const input = useRef<HTMLInputElement>(null);
  const { state, upload, cancel } = useVideoUpload((url) => {
    if (input.current) input.current.value = "";
    navigate(`/admin/videos?uploaded=${encodeURIComponent(url.slice("/media/".length))}`);
  });
  const busy = state.kind === "uploading" || navigation.state !== "idle";
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="card space-y-4 p-5"
      onSubmit={(event) => {
        // With JavaScript the file goes in parts (no 32 MB limit), not in this post.
        event.preventDefault();
        const file = input.current?.files?.[0];
        if (file && !busy) void upload(file);
      }}
    >
      <h2 className="text-lg font-bold text-white">Upload a video</h2>
      <input type="hidden" name="intent" value="upload" />
      <div>
        <label htmlFor="video-file" className="label">
          Video file
        </label>
        <input
          ref={input}
          id="video-file"
          name="video"
          type="file"
          required
          accept={VIDEO_ACCEPT}
          aria-describedby="video-file-hint"
          className="min-w-0 max-w-full text-sm text-slate-300 file:mr-3 file:rounded-md file:border-0 file:bg-field-700 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-white"
        />
        <p id="video-file-hint" className="mt-1 text-xs text-slate-400">
          MP4 or WebM, up to {hydrated ? "2 GB" : `${formatBytes(MAX_FORM_VIDEO_BYTES)} (without JavaScript)`}.
        </p>
      </div>
      {error ? <FormAlert errors={[error]} /> : null}
      {hydrated && state.kind !== "done" ? (
        <UploadStatus
          id="video-upload-status"
          state={state}
          onCancel={() => {
            cancel();
            input.current?.focus();
          }}
        />
      ) : null}
      {/* Not disabled while busy (focus would drop to the page): a second press waits for the first. */}
      <button type="submit" className="btn-primary" aria-disabled={busy || undefined}>
        Upload video
      </button>
    </Form>
  );
}

export default function AdminVideos({ loaderData, actionData }: Route.ComponentProps) {
  const { videos, next, uploaded, paged } = loaderData;
  // A refused delete: the row's Delete goes when the list is read again; the keyboard goes to why.
  const aimFocus = useFocusAfterSave();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <Link to="/admin#content" className="text-sm font-semibold text-slate-300 hover:text-white">
        <span aria-hidden="true">←</span> Back to Dashboard
      </Link>
      <h1 className="mt-4 font-display text-3xl font-black text-white">Videos</h1>
      <p className="mt-1 text-sm text-slate-400">
        Play videos kept in our own storage. Only members with premium access (and staff) can watch them, and the player remembers where each member
        stopped. To use one, give a play 'Custom' as its video provider and the video's address as its Video URL.
      </p>
      {uploaded ? (
        <div role="status" className="mt-6 rounded-lg border border-turf/50 bg-lime-950/40 px-4 py-3 text-sm text-lime-200">
          <p className="font-bold">Video uploaded</p>
          <label htmlFor="uploaded-address" className="mt-2 block">
            Its address (paste it as the play's Video URL):
          </label>
          <input id="uploaded-address" readOnly value={uploaded} className="input mt-1 font-mono text-base sm:text-sm" onFocus={(event) => event.currentTarget.select()} />
        </div>
      ) : null}
      <div className="mt-6 grid gap-8 *:min-w-0 lg:grid-cols-[340px_1fr]">
        <UploadForm error={actionData && !("key" in actionData) ? actionData.error : null} />
        <section aria-labelledby="stored-videos">
          <h2 id="stored-videos" className="text-lg font-bold text-white">
            Stored videos
          </h2>
          {videos.length === 0 ? (
            <p className="mt-3 text-sm text-slate-400">{paged ? "No more videos." : "No videos uploaded yet."}</p>
          ) : (
            <ul className="mt-3 space-y-3">
              {videos.map((video) => (
                <li key={video.key} className="card p-4 text-sm">
                  <p className="break-all font-mono text-slate-100">{video.url}</p>
                  {/* A delete refused here (an item took the video meanwhile) is said by the video; the list is read again, its uses with it. */}
                  {actionData && "key" in actionData && actionData.key === video.key ? (
                    <p id={`video-refused-${video.key}`} role="alert" tabIndex={-1} className="field-error outline-none">
                      {actionData.error}
                    </p>
                  ) : null}
                  <p className="mt-1 text-slate-400">
                    {formatBytes(video.size)} · uploaded {formatShortDate(video.uploaded)}
                  </p>
                  {video.uses.length ? (
                    <p className="mt-2 text-slate-300">
                      Used by{" "}
                      {video.uses.map((use, index) => (
                        <span key={`${use.slug}/${use.sectionSlug}/${use.playSlug}`}>
                          {index ? ", " : ""}
                          <Link to={`/admin/content/${use.slug}`} className="text-link">
                            {use.playSlug ? use.title : use.itemTitle}
                          </Link>
                          {use.playSlug ? ` (a play of ${use.itemTitle})` : " (its intro video)"}
                        </span>
                      ))}
                    </p>
                  ) : (
                    <Form method="post" className="mt-2 flex flex-wrap items-center gap-3" onSubmit={() => aimFocus([`video-refused-${video.key}`])}>
                      <span className="text-slate-400">Not used by any item.</span>
                      <input type="hidden" name="intent" value="delete" />
                      <input type="hidden" name="key" value={video.key} />
                      <button type="submit" className="text-link-danger" aria-label={`Delete ${video.url}`}>
                        Delete
                      </button>
                    </Form>
                  )}
                </li>
              ))}
            </ul>
          )}
          {next ? (
            <Link to={`/admin/videos?cursor=${encodeURIComponent(next)}`} className="btn-secondary mt-4">
              More videos
            </Link>
          ) : null}
        </section>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <EditorError
      error={error}
      notFound={{ heading: "Not found", message: "This page does not exist." }}
      failed="We could not load the videos. Please try again in a moment."
      back="/admin#content"
    />
  );
}

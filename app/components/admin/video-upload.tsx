import { useEffect, useRef, useState } from "react";
import { Link } from "~/components/link";
import { useHydrated } from "~/components/use-hydrated";
import {
  formatBytes,
  MAX_VIDEO_BYTES,
  VIDEO_ACCEPT,
  VIDEO_INVALID_TYPE,
  VIDEO_TOO_LARGE,
  VIDEO_UPLOAD_FAILED,
  videoExtension,
} from "~/lib/videos";

// Sends a video to R2 in parts through /admin/videos/upload (app/routes/admin/video-upload.ts):
// any size up to 2 GB, with its progress shown, a part that fails tried again twice, and 'Cancel'.
// Without JavaScript the editor links to /admin/videos, whose form takes a video of up to 32 MB.

const ENDPOINT = "/admin/videos/upload";
const SESSION_ENDED = { title: "Upload failed", description: "Your session ended. Log in again in another tab, then upload the video again." };

type Message = { title: string; description: string };
export type UploadState =
  | { kind: "idle" }
  | { kind: "uploading"; name: string; sent: number; size: number }
  | { kind: "done"; url: string; name: string; size: number }
  | { kind: "error"; message: Message };

class Refused extends Error {
  constructor(readonly body: Message) {
    super(body.description);
  }
}

async function call<T>(step: string, init: RequestInit & { query?: Record<string, string> }): Promise<T> {
  const query = new URLSearchParams({ step, ...init.query });
  const response = await fetch(`${ENDPOINT}?${query}`, { method: "POST", credentials: "same-origin", ...init });
  const type = response.headers.get("Content-Type") ?? "";
  if (!type.includes("application/json")) throw new Refused(response.redirected || response.status === 403 ? SESSION_ENDED : VIDEO_UPLOAD_FAILED);
  const body = (await response.json()) as T & { ok: boolean; title?: string; description?: string };
  if (!response.ok || !body.ok) throw new Refused({ title: body.title ?? VIDEO_UPLOAD_FAILED.title, description: body.description ?? VIDEO_UPLOAD_FAILED.description });
  return body;
}

const json = (value: unknown) => ({ body: JSON.stringify(value), headers: { "Content-Type": "application/json" } });

/** The upload of one file at a time, in parts, with its progress. */
export function useVideoUpload(onUploaded: (url: string) => void) {
  const [state, setState] = useState<UploadState>({ kind: "idle" });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  async function upload(file: File) {
    if (!videoExtension(file.name)) return setState({ kind: "error", message: VIDEO_INVALID_TYPE });
    if (file.size === 0 || file.size > MAX_VIDEO_BYTES) return setState({ kind: "error", message: file.size ? VIDEO_TOO_LARGE : VIDEO_INVALID_TYPE });
    const controller = new AbortController();
    abort.current = controller;
    setState({ kind: "uploading", name: file.name, sent: 0, size: file.size });
    let started: { key: string; uploadId: string; partBytes: number } | null = null;
    try {
      started = await call<{ key: string; uploadId: string; partBytes: number }>("start", { ...json({ name: file.name, size: file.size }), signal: controller.signal });
      const { key, uploadId, partBytes } = started;
      const parts: R2UploadedPart[] = [];
      for (let offset = 0, partNumber = 1; offset < file.size; offset += partBytes, partNumber += 1) {
        const chunk = file.slice(offset, Math.min(offset + partBytes, file.size));
        for (let attempt = 1; ; attempt += 1) {
          try {
            const { part } = await call<{ part: R2UploadedPart }>("part", {
              query: { key, uploadId, part: String(partNumber) },
              body: chunk,
              headers: { "Content-Type": "application/octet-stream" },
              signal: controller.signal,
            });
            parts.push(part);
            break;
          } catch (error) {
            if (error instanceof Refused || controller.signal.aborted || attempt === 3) throw error;
          }
        }
        setState({ kind: "uploading", name: file.name, sent: Math.min(offset + partBytes, file.size), size: file.size });
      }
      const done = await call<{ url: string; size: number }>("complete", { ...json({ key, uploadId, parts }), signal: controller.signal });
      setState({ kind: "done", url: done.url, name: file.name, size: done.size });
      onUploaded(done.url);
    } catch (error) {
      if (started && !(error instanceof Refused && error.body.title === VIDEO_INVALID_TYPE.title)) {
        // Tell storage to drop the parts sent so far (a refused first part was dropped already).
        void fetch(`${ENDPOINT}?step=abort`, { method: "POST", credentials: "same-origin", ...json({ key: started.key, uploadId: started.uploadId }) }).catch(() => undefined);
      }
      if (controller.signal.aborted) return setState({ kind: "idle" });
      setState({ kind: "error", message: error instanceof Refused ? error.body : VIDEO_UPLOAD_FAILED });
    } finally {
      if (abort.current === controller) abort.current = null;
    }
  }

  return { state, upload, cancel: () => abort.current?.abort(), reset: () => setState({ kind: "idle" }) };
}

/**
 * A file chooser that uploads the chosen video at once and hands its address to `onUploaded`.
 * Before hydration (and without JavaScript) it is a link to the staff's video page.
 */
export function VideoUploadControl({ id, onUploaded, label = "Upload a video file" }: { id: string; onUploaded: (url: string) => void; label?: string }) {
  const hydrated = useHydrated();
  const { state, upload, cancel } = useVideoUpload(onUploaded);
  if (!hydrated) {
    return (
      <p className="text-sm text-slate-400">
        <Link to="/admin/videos" target="_blank" className="text-link">
          {label} (opens a new tab)
        </Link>{" "}
        then paste its address here with 'Custom' as the provider.
      </p>
    );
  }
  const busy = state.kind === "uploading";
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept={VIDEO_ACCEPT}
        disabled={busy}
        aria-describedby={`${id}-status`}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = "";
          if (file) void upload(file);
        }}
        className="min-w-0 max-w-full text-sm text-slate-300 file:mr-3 file:rounded-md file:border-0 file:bg-field-700 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-white disabled:opacity-60"
      />
      <UploadStatus id={`${id}-status`} state={state} onCancel={cancel} />
    </div>
  );
}

export function UploadStatus({ id, state, onCancel }: { id: string; state: UploadState; onCancel: () => void }) {
  return (
    <div id={id} role="status" aria-live="polite" className="text-sm">
      {state.kind === "uploading" ? (
        <div className="flex flex-wrap items-center gap-3">
          <progress max={state.size} value={state.sent} className="h-2 w-40 accent-turf" aria-label={`Uploading ${state.name}`} />
          <span className="text-slate-300">
            Uploading {state.name}: {formatBytes(state.sent)} of {formatBytes(state.size)}
          </span>
          <button type="button" className="btn-secondary px-3 py-1 text-xs" onClick={onCancel}>
            Cancel upload
          </button>
        </div>
      ) : state.kind === "done" ? (
        <p className="text-turf">
          Video uploaded: {state.name} ({formatBytes(state.size)}) is at {state.url}
        </p>
      ) : state.kind === "error" ? (
        <p className="text-red-400">
          <strong>{state.message.title}.</strong> {state.message.description}
        </p>
      ) : (
        <p className="text-slate-400">MP4 or WebM, up to 2 GB. It is sent in parts; keep this page open until it is done.</p>
      )}
    </div>
  );
}

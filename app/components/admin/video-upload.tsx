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

/** The file's length in seconds as the browser reads it (null when it cannot tell within 5 s). */
function durationOf(file: File): Promise<number | null> {
  return new Promise((resolve) => {
    const video = document.createElement("video");
    const source = URL.createObjectURL(file);
    let settled = false;
    const done = (seconds: number | null) => {
      if (settled) return;
      settled = true;
      URL.revokeObjectURL(source);
      resolve(seconds !== null && Number.isFinite(seconds) && seconds > 0 ? seconds : null);
    };
    video.preload = "metadata";
    video.onloadedmetadata = () => done(video.duration);
    video.onerror = () => done(null);
    setTimeout(() => done(null), 5000);
    video.src = source;
  });
}

/**
 * The upload of one file at a time, in parts, with its progress. `onUploaded` gets the stored
 * address and the video's length in seconds (null when the browser cannot read it).
 */
export function useVideoUpload(onUploaded: (url: string, seconds: number | null) => void) {
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
      const seconds = await durationOf(file);
      setState({ kind: "done", url: done.url, name: file.name, size: done.size });
      onUploaded(done.url, seconds);
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
export function VideoUploadControl({ id, onUploaded, label = "Upload a video file" }: { id: string; onUploaded: (url: string, seconds: number | null) => void; label?: string }) {
  const hydrated = useHydrated();
  const { state, upload, cancel } = useVideoUpload(onUploaded);
  const input = useRef<HTMLInputElement>(null);
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
      {/* Not disabled while busy (a disabled control drops the keyboard's focus): a second file waits. */}
      <input
        ref={input}
        id={id}
        type="file"
        accept={VIDEO_ACCEPT}
        aria-disabled={busy || undefined}
        aria-describedby={`${id}-status`}
        onClick={(event) => {
          if (busy) event.preventDefault();
        }}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = "";
          if (file && !busy) void upload(file);
        }}
        className="min-w-0 max-w-full text-sm text-slate-300 file:mr-3 file:rounded-md file:border-0 file:bg-field-700 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-white aria-disabled:opacity-60"
      />
      <UploadStatus
        id={`${id}-status`}
        state={state}
        onCancel={() => {
          cancel();
          input.current?.focus();
        }}
      />
    </div>
  );
}

export function UploadStatus({ id, state, onCancel }: { id: string; state: UploadState; onCancel: () => void }) {
  return (
    <div id={id} role="status" aria-live="polite" className="text-sm wrap-anywhere">
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

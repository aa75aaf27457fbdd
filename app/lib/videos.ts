// Uploaded play videos: limits and messages shared by the uploader and the server
// (app/server/videos.server.ts decides by the file's first bytes).
import { slugify } from "./slug.ts";

/** A video sent in parts (JavaScript on) may be this large. */
export const MAX_VIDEO_BYTES = 2 * 1024 * 1024 * 1024;
/** Each part of an upload but the last is exactly this large (R2 wants at least 5 MiB). */
export const VIDEO_PART_BYTES = 8 * 1024 * 1024;
/** Without JavaScript a video is one form post, read whole by the worker: kept small. */
export const MAX_FORM_VIDEO_BYTES = 32 * 1024 * 1024;
export const VIDEO_ACCEPT = "video/mp4,video/webm,.mp4,.m4v,.webm";

export const VIDEO_INVALID_TYPE = { title: "Invalid file type", description: "Please upload an MP4 or WebM video." } as const;
export const VIDEO_TOO_LARGE = { title: "File too large", description: "Please upload a video smaller than 2 GB." } as const;
export const VIDEO_FORM_TOO_LARGE = {
  title: "File too large",
  description: "Without JavaScript a video can be at most 32 MB. Turn JavaScript on to upload a larger one in parts.",
} as const;
export const VIDEO_UPLOAD_FAILED = { title: "Upload failed", description: "The video could not be stored. Please try again." } as const;

export type VideoExtension = "mp4" | "webm";

/** The extension a file name promises (.m4v is an MP4), or null when it is not a video we take. */
export function videoExtension(name: string): VideoExtension | null {
  const match = /\.(mp4|m4v|webm)$/i.exec(name.trim());
  if (!match) return null;
  return match[1].toLowerCase() === "webm" ? "webm" : "mp4";
}

export const VIDEO_CONTENT_TYPES: Record<VideoExtension, string> = { mp4: "video/mp4", webm: "video/webm" };

/**
 * Where an upload named `name` is stored: videos/{time}{random}-{name as a slug}.{ext}. The random
 * part keeps two uploads of one name started in the same millisecond (two staff members) apart:
 * one never overwrites another.
 */
export function videoKeyFor(name: string, extension: VideoExtension, now: number, random = randomSuffix()): string {
  const base = slugify(name.replace(/\.[^.]*$/, "")).slice(0, 60).replace(/-+$/, "") || "video";
  return `videos/${now.toString(36)}${random}-${base}.${extension}`;
}

function randomSuffix(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return Array.from(bytes, (byte) => (byte % 36).toString(36)).join("");
}

/** A key the uploader may name: one of ours, in videos/, of the shape videoKeyFor makes. */
export function isUploadedVideoKey(key: string): boolean {
  return /^videos\/[a-z0-9]+-[a-z0-9-]+\.(mp4|webm)$/.test(key);
}

/** "12.4 MB" */
export function formatBytes(bytes: number): string {
  if (bytes === 0) return "0 KB";
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  return `${Number((bytes / (1024 * 1024 * 1024)).toFixed(2))} GB`;
}

// Uploaded play videos in R2 (videos/, members only through /media). With JavaScript a video is sent
// in parts (R2 multipart upload: start, one request a part, complete), so its size is not bound by
// a request's; without it, one form post of at most 32 MB. The type is decided by the file's first
// bytes, never by its name alone. The staff's list shows which items use each video; a video in use
// is never deleted from here (a save that drops it queues it, orphans.server.ts).
import { sql } from "drizzle-orm";
import {
  isUploadedVideoKey,
  MAX_VIDEO_BYTES,
  VIDEO_CONTENT_TYPES,
  VIDEO_PART_BYTES,
  videoExtension,
  videoKeyFor,
  type VideoExtension,
} from "../lib/videos.ts";
import type { Database } from "./db.server.ts";

/** What a file's first bytes say it is: an ISO media file (MP4, M4V; not QuickTime) or WebM. */
export function sniffVideo(bytes: Uint8Array): VideoExtension | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(4, 8) === "ftyp" && ascii(8, 12) !== "qt  ") return "mp4";
  if (bytes.length >= 4 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return "webm";
  return null;
}

export type VideoRefusal = "type" | "size" | "upload";
export type Started = { ok: true; key: string; uploadId: string; partBytes: number } | { ok: false; reason: VideoRefusal };

/** Opens a multipart upload for a file of `size` bytes named `name`. */
export async function startVideoUpload(bucket: R2Bucket, name: string, size: number, now = Date.now()): Promise<Started> {
  const extension = videoExtension(name);
  if (!extension) return { ok: false, reason: "type" };
  if (!Number.isSafeInteger(size) || size <= 0 || size > MAX_VIDEO_BYTES) return { ok: false, reason: "size" };
  const key = videoKeyFor(name, extension, now);
  const upload = await bucket.createMultipartUpload(key, { httpMetadata: { contentType: VIDEO_CONTENT_TYPES[extension], cacheControl: "private, max-age=31536000, immutable" } });
  return { ok: true, key, uploadId: upload.uploadId, partBytes: VIDEO_PART_BYTES };
}

export type PartResult = { ok: true; part: R2UploadedPart } | { ok: false; reason: VideoRefusal };

/**
 * Stores part `partNumber` (1-based) of an upload. A part is at most VIDEO_PART_BYTES; the first
 * one's bytes must be the video the key's extension promises (else the upload is aborted).
 */
export async function uploadVideoPart(bucket: R2Bucket, key: string, uploadId: string, partNumber: number, bytes: Uint8Array): Promise<PartResult> {
  const maxParts = Math.ceil(MAX_VIDEO_BYTES / VIDEO_PART_BYTES);
  if (!isUploadedVideoKey(key) || !uploadId || !Number.isInteger(partNumber) || partNumber < 1 || partNumber > maxParts) return { ok: false, reason: "upload" };
  if (bytes.byteLength === 0 || bytes.byteLength > VIDEO_PART_BYTES) return { ok: false, reason: "size" };
  const upload = bucket.resumeMultipartUpload(key, uploadId);
  if (partNumber === 1 && sniffVideo(bytes) !== videoExtension(key)) {
    await upload.abort().catch(() => undefined);
    return { ok: false, reason: "type" };
  }
  try {
    return { ok: true, part: await upload.uploadPart(partNumber, bytes) };
  } catch {
    return { ok: false, reason: "upload" };
  }
}

export type Completed = { ok: true; url: string; size: number } | { ok: false; reason: VideoRefusal };

/** Joins the parts; the video is at /media/{key} from then on. */
export async function completeVideoUpload(bucket: R2Bucket, key: string, uploadId: string, parts: R2UploadedPart[]): Promise<Completed> {
  // Every part from the first, in order: the first is the one whose bytes were checked.
  if (!isUploadedVideoKey(key) || !uploadId || parts.length === 0 || parts.some((part, index) => part.partNumber !== index + 1)) return { ok: false, reason: "upload" };
  const upload = bucket.resumeMultipartUpload(key, uploadId);
  try {
    const object = await upload.complete(parts);
    if (object.size > MAX_VIDEO_BYTES) {
      await bucket.delete(key);
      return { ok: false, reason: "size" };
    }
    return { ok: true, url: `/media/${key}`, size: object.size };
  } catch {
    return { ok: false, reason: "upload" };
  }
}

export async function abortVideoUpload(bucket: R2Bucket, key: string, uploadId: string) {
  if (!isUploadedVideoKey(key) || !uploadId) return;
  await bucket.resumeMultipartUpload(key, uploadId).abort().catch(() => undefined);
}

/** A video sent whole in a form (no JavaScript): checked by its bytes, stored under a new key. */
export async function storeFormVideo(bucket: R2Bucket, file: File, now = Date.now()): Promise<Completed> {
  const extension = videoExtension(file.name);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!extension || sniffVideo(bytes) !== extension) return { ok: false, reason: "type" };
  const key = videoKeyFor(file.name, extension, now);
  await bucket.put(key, bytes, { httpMetadata: { contentType: VIDEO_CONTENT_TYPES[extension], cacheControl: "private, max-age=31536000, immutable" } });
  return { ok: true, url: `/media/${key}`, size: bytes.byteLength };
}

export type VideoUse = { url: string; title: string; itemTitle: string; slug: string; sectionSlug: string | null; playSlug: string | null };
export type StoredVideo = { key: string; url: string; size: number; uploaded: string; uses: VideoUse[] };

export const VIDEOS_PAGE_SIZE = 100;

/** One page of the stored videos, newest first within the page, each with the items that use it. */
export async function listVideos(db: Database, bucket: R2Bucket, cursor?: string): Promise<{ videos: StoredVideo[]; cursor: string | null }> {
  const listed = await bucket.list({ prefix: "videos/", limit: VIDEOS_PAGE_SIZE, cursor: cursor || undefined });
  const urls = listed.objects.map((object) => `/media/${object.key}`);
  const uses = urls.length ? await videoUses(db, urls) : [];
  const videos = listed.objects
    .map((object) => {
      const url = `/media/${object.key}`;
      return { key: object.key, url, size: object.size, uploaded: object.uploaded.toISOString(), uses: uses.filter((use) => use.url === url) };
    })
    .sort((a, b) => b.uploaded.localeCompare(a.uploaded));
  return { videos, cursor: listed.truncated ? listed.cursor : null };
}

function videoUses(db: Database, urls: string[]) {
  const list = sql.join(urls.map((url) => sql`${url}`), sql`, `);
  return db.all<VideoUse>(sql`
    SELECT c.video_url AS url, c.title AS title, c.title AS itemTitle, c.slug AS slug, NULL AS sectionSlug, NULL AS playSlug
      FROM content c WHERE c.video_url IN (${list}) AND c.video_url LIKE '/media/%'
    UNION ALL
    SELECT p.video_url, p.title, c.title, c.slug, s.slug, p.slug
      FROM content_plays p JOIN content_sections s ON s.id = p.section_id JOIN content c ON c.id = s.content_id
      WHERE p.video_url IN (${list})`);
}

export type Deleted = { ok: true } | { ok: false; reason: "missing" | "in-use"; uses?: number };

/** Deletes a stored video nobody uses. */
export async function deleteVideo(db: Database, bucket: R2Bucket, key: string): Promise<Deleted> {
  if (!key.startsWith("videos/") || key.includes("..") || !(await bucket.head(key))) return { ok: false, reason: "missing" };
  const uses = await videoUses(db, [`/media/${key}`]);
  if (uses.length) return { ok: false, reason: "in-use", uses: uses.length };
  await bucket.delete(key);
  return { ok: true };
}

import { inArray, lt } from "drizzle-orm";
import { mediaDeletions } from "../../db/schema.ts";
import type { Database } from "./db.server.ts";
import { mediaKeyFromUrl } from "./uploads.server.ts";

// Images nobody uses any more are removed from R2. A change that drops an image (replaced, or its
// content, post, avatar or account deleted) queues the object's key in media_deletions in the same
// batch; the request then deletes what is no longer used at once, and the scheduled job retries
// whatever a failed request left. An upload is queued before it is stored and taken off the queue by
// the batch that starts using it, so a request that dies between the two leaves a queued key, not
// an untracked object. Nothing is deleted while any row still points at it.

type Storage = { db: Database; bucket: R2Bucket };

/** Keys of our own objects among these URLs (an OAuth picture or a YouTube link is not ours). */
export function mediaKeysOf(urls: (string | null | undefined)[]) {
  return [...new Set(urls.map(mediaKeyFromUrl).filter((key): key is string => Boolean(key)))];
}

/** The statement that queues keys for deletion (for the batch of the change that drops them). */
export function queueMediaDeletion(db: Database, keys: string[]) {
  return db
    .insert(mediaDeletions)
    .values(keys.map((key) => ({ key })))
    .onConflictDoNothing();
}

/** The statement that takes keys off the queue: the batch that starts using an upload runs it. */
export function keepMedia(db: Database, keys: string[]) {
  return db.delete(mediaDeletions).where(inArray(mediaDeletions.key, keys));
}

/** Queues uploads before they are stored; a save that never commits leaves them for the job. */
export async function reserveUploads(db: Database, keys: string[]) {
  if (keys.length) await queueMediaDeletion(db, keys);
}

// Every column that may hold a /media/ URL, and blog markdown that may embed one. Sent to D1 as is:
// drizzle's batch cannot bind a raw statement.
const USED_SQL = `SELECT (
    EXISTS (SELECT 1 FROM content WHERE thumbnail_url = ?1 OR video_url = ?1)
    OR EXISTS (SELECT 1 FROM content_sections WHERE image_url = ?1)
    OR EXISTS (SELECT 1 FROM content_plays WHERE image_url = ?1)
    OR EXISTS (SELECT 1 FROM content_plays WHERE video_url = ?1)
    OR EXISTS (SELECT 1 FROM blog_posts WHERE featured_image = ?1 OR instr(content, ?1) > 0)
    OR EXISTS (SELECT 1 FROM users WHERE profile_image_url = ?1)
  ) AS used`;

export type MediaSweep = { deleted: number; kept: number; failed: number };

/**
 * Deletes the queued objects among `keys` that no row uses (one D1 round trip for the check), and
 * takes every key it settled off the queue. Never throws: whatever fails stays queued for the job.
 */
export async function deleteUnusedMedia(storage: Storage, keys: string[]): Promise<MediaSweep> {
  try {
    return await settle(storage, keys);
  } catch (error) {
    console.error("Orphaned images left for the scheduled job", error);
    return { deleted: 0, kept: 0, failed: keys.length };
  }
}

async function settle({ db, bucket }: Storage, keys: string[]): Promise<MediaSweep> {
  const result: MediaSweep = { deleted: 0, kept: 0, failed: 0 };
  if (!keys.length) return result;
  const checks = await db.$client.batch<{ used: number }>(keys.map((key) => db.$client.prepare(USED_SQL).bind(`/media/${key}`)));
  const settled: string[] = [];
  await Promise.all(
    keys.map(async (key, index) => {
      if (checks[index].results[0]?.used) {
        result.kept += 1;
        settled.push(key);
        return;
      }
      try {
        await bucket.delete(key);
        result.deleted += 1;
        settled.push(key);
      } catch (error) {
        console.error("R2 delete failed; left for the scheduled job", key, error);
        result.failed += 1;
      }
    }),
  );
  if (settled.length) await keepMedia(db, settled);
  return result;
}

/** Queued keys older than this are settled by the job (younger ones may be an upload in flight). */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;
const SWEEP_LIMIT = 100;

/** The scheduled job's part: settles the oldest queued keys that are past the grace period. */
export async function sweepMediaDeletions(storage: Storage, now = Date.now()): Promise<MediaSweep> {
  const rows = await storage.db
    .select({ key: mediaDeletions.key })
    .from(mediaDeletions)
    .where(lt(mediaDeletions.createdAt, new Date(now - ORPHAN_GRACE_MS)))
    .orderBy(mediaDeletions.createdAt)
    .limit(SWEEP_LIMIT);
  return deleteUnusedMedia(storage, rows.map((row) => row.key));
}

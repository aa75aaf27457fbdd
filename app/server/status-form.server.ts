import { parseWithZod } from "@conform-to/zod/v4";
import { sql } from "drizzle-orm";
import { statusChangeSchema } from "../lib/schemas/patch.ts";
import type { Database } from "./db.server.ts";
import { setItemStatus } from "./item-status.server.ts";

// One item's 'Save status' form, as the content editor's 'Patch status' card sends it to the editor
// itself: a refused entry comes back on the screen it was typed on, next to its item, as typed.
// (The re-test queue's 'Verified' and 'Mark verified' are markVerified in item-status.server.ts.)

export const UNKNOWN_ITEM = "Unknown item: it is not this scheme or one of its plays (deleted or renamed meanwhile: open the editor again).";

export type StatusFormOutcome =
  | { ok: true; changed: boolean; notified: boolean }
  | { ok: false; httpStatus: 400 | 404 | 409; error: string; item: string; fields: { status: string; note: string; alternative: string } };

/** A full address of this site's own page is kept as its path: checked as one, and it follows the site to another domain. */
function ownPath(link: string | null, siteUrl: string): string | null {
  if (!link || link.startsWith("/")) return link;
  try {
    const url = new URL(link);
    return url.origin === new URL(siteUrl).origin ? `${url.pathname}${url.search}${url.hash}` : link;
  } catch {
    return link;
  }
}

/** True when the item is the scheme with this slug or one of its plays (the editor the form was posted to). */
async function isPartOf(db: Database, item: { kind: "content" | "play"; id: number }, slug: string): Promise<boolean> {
  const rows =
    item.kind === "content"
      ? await db.all(sql`SELECT 1 FROM content WHERE id = ${item.id} AND slug = ${slug}`)
      : await db.all(
          sql`SELECT 1 FROM content_plays p JOIN content_sections s ON s.id = p.section_id JOIN content c ON c.id = s.content_id WHERE p.id = ${item.id} AND c.slug = ${slug}`,
        );
  return rows.length > 0;
}

/** `slug`: the scheme whose editor the form was posted to; an item that is not it or one of its plays is refused. */
export async function submitStatusForm(db: Database, formData: FormData, staffId: string, siteUrl: string, slug: string): Promise<StatusFormOutcome> {
  const submission = parseWithZod(formData, { schema: statusChangeSchema });
  const refused = (httpStatus: 400 | 404 | 409, error: string): StatusFormOutcome => ({
    ok: false,
    httpStatus,
    error,
    item: `${String(formData.get("itemKind") ?? "")}-${String(formData.get("itemId") ?? "")}`,
    fields: {
      status: String(formData.get("status") ?? ""),
      note: String(formData.get("note") ?? ""),
      alternative: String(formData.get("alternative") ?? ""),
    },
  });
  if (submission.status !== "success") {
    return refused(400, Object.values(submission.error ?? {}).flat()[0] ?? "Choose a valid status.");
  }
  const { itemKind, itemId, alternative, ...rest } = submission.value;
  if (!(await isPartOf(db, { kind: itemKind, id: itemId }, slug))) return refused(404, UNKNOWN_ITEM);
  const input = { ...rest, alternative: ownPath(alternative ?? null, siteUrl) };
  const outcome = await setItemStatus(db, { kind: itemKind, id: itemId }, input, staffId);
  if (!outcome.ok) return refused(outcome.notFound ? 404 : outcome.changedSince ? 409 : 400, outcome.error);
  return { ok: true, changed: outcome.changed, notified: outcome.notified };
}

/** The toast after a saved status (or one that was already so). */
export const statusSavedToast = ({ changed, notified }: { changed: boolean; notified: boolean }) => ({
  kind: "success" as const,
  title: "Status saved",
  description: notified
    ? "The status and its history are saved; members who follow it will hear about it."
    : changed
      ? "Saved in the history. The status is the same, so members are not told again."
      : "Nothing changed.",
});

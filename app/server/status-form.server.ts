import { parseWithZod } from "@conform-to/zod/v4";
import { statusChangeSchema } from "../lib/schemas/patch.ts";
import type { Database } from "./db.server.ts";
import { setItemStatus } from "./item-status.server.ts";

// One item's 'Save status' form, as the content editor's 'Patch status' card sends it to the editor
// itself: a refused entry comes back on the screen it was typed on, next to its item, as typed.
// (The re-test queue's 'Verified' and 'Mark verified' are markVerified in item-status.server.ts.)

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

export async function submitStatusForm(db: Database, formData: FormData, staffId: string, siteUrl: string): Promise<StatusFormOutcome> {
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

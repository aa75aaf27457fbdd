// The patch tracker's words and rules, shared by the server and the pages: what a status is called,
// what its badge says, and how a title update or a staff change moves an item from one status to the
// next. Nothing here touches the database (see app/server/patch.server.ts and the two beside it).
import { GAMES, PATCH_STATUSES } from "../../db/enums.ts";
import { formatShortDate } from "./format.ts";

export type PatchStatus = (typeof PATCH_STATUSES)[number];
export type Game = (typeof GAMES)[number];

export const PATCH_STATUS_LABELS: Record<PatchStatus, string> = {
  verified: "Verified",
  "needs-retest": "Needs re-test",
  adjusted: "Works with adjustment",
  nerfed: "Nerfed",
};

export const GAME_LABELS: Record<Game, string> = { college: "College Football 26", madden: "Madden NFL 26" };

/** Statuses that still work on the game's current update (the 'Works on current update' filter). */
export const WORKING_STATUSES = ["verified", "adjusted"] as const satisfies readonly PatchStatus[];

export const STATUS_NOTE_MAX = 500;
export const UPDATE_VERSION_MAX = 20;
export const UPDATE_SUMMARY_MAX = 1000;
/** How far ahead a title update may be dated (patches are announced a few days before). */
export const UPDATE_MAX_DAYS_AHEAD = 30;

/** What a status badge says: 'Verified on 1.07', 'Needs re-test after 1.08', 'Works with adjustment', 'Nerfed in 1.08'. */
export function badgeText(status: PatchStatus, version: string | null | undefined): string {
  switch (status) {
    case "verified":
      return version ? `Verified on ${version}` : "Verified";
    case "needs-retest":
      return version ? `Needs re-test after ${version}` : "Needs re-test";
    case "adjusted":
      return "Works with adjustment";
    case "nerfed":
      return version ? `Nerfed in ${version}` : "Nerfed";
  }
}

/** A title update: one that touches gameplay sends verified and adjusted items back to re-test; any other changes nothing. */
export function statusAfterUpdate(status: PatchStatus, gameplay: boolean): PatchStatus {
  if (!gameplay) return status;
  return status === "verified" || status === "adjusted" ? "needs-retest" : status;
}

export type ItemStatus = {
  status: PatchStatus;
  updateId: number | null;
  note: string | null;
  alternative: string | null;
};

export type StatusInput = { status: PatchStatus; note?: string | null; alternative?: string | null };

/**
 * A staff member sets an item's status against its game's current update. 'Works with adjustment'
 * and 'Nerfed' need a note; only 'Nerfed' keeps a link to what to use instead. Returns the item's
 * new status, or null when nothing would change (no history row for a no-op), or an error message.
 */
export const STATUS_ALTERNATIVE_ONLY_NERFED = "Only a nerfed item links to what to use instead: choose 'Nerfed', or clear 'Use instead'.";

export function applyStatusChange(
  current: ItemStatus,
  input: StatusInput,
  currentUpdateId: number | null,
): { next: ItemStatus } | { unchanged: true } | { error: string } {
  const note = input.note?.trim() || null;
  const alternative = input.status === "nerfed" ? input.alternative?.trim() || null : null;
  if (!(PATCH_STATUSES as readonly string[]).includes(input.status)) return { error: "Choose a valid status." };
  // A link typed for another status would be dropped without a word; the nerfed item's own link,
  // still in the form when staff move it off 'Nerfed', goes with that status.
  const typedAlternative = input.alternative?.trim() || null;
  if (input.status !== "nerfed" && typedAlternative && typedAlternative !== current.alternative) return { error: STATUS_ALTERNATIVE_ONLY_NERFED };
  if (note && note.length > STATUS_NOTE_MAX) return { error: `The note can be at most ${STATUS_NOTE_MAX} characters.` };
  if ((input.status === "adjusted" || input.status === "nerfed") && !note) {
    return { error: input.status === "adjusted" ? "Say what to adjust in the note." : "Say what happened in the note." };
  }
  const next: ItemStatus = {
    status: input.status,
    updateId: currentUpdateId,
    note,
    alternative,
  };
  if (
    next.status === current.status &&
    next.updateId === current.updateId &&
    next.note === current.note &&
    next.alternative === current.alternative
  ) {
    return { unchanged: true };
  }
  return { next };
}

/** Today's date (UTC) as YYYY-MM-DD, shifted by whole days. */
export function isoDay(now: number, shiftDays = 0): string {
  return new Date(now + shiftDays * 86_400_000).toISOString().slice(0, 10);
}

/**
 * '2026-11-18' → 'Nov 18, 2026' (UTC, so server and browser agree). Built by hand, as formatShortDate
 * is: toLocaleDateString makes a new Intl formatter on every call, which was 7% of the staff
 * dashboard's CPU with its list of title updates.
 */
export function formatUpdateDate(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : formatShortDate(date);
}

// Gameplans' words, limits and ordering rules, shared by the server and the pages: the situations
// and their labels, what a wristband holds, and where every play sits after a move or a removal.
// Nothing here touches the database (see app/server/gameplans.server.ts).
import { GAMEPLAN_SITUATIONS } from "../../db/enums.ts";
import { safeRedirectPath } from "./schemas/auth.ts";

export type Situation = (typeof GAMEPLAN_SITUATIONS)[number];

export const SITUATION_LABELS: Record<Situation, string> = {
  openers: "Openers",
  "first-down": "1st down",
  "third-short": "3rd and short",
  "third-long": "3rd and long",
  "red-zone": "Red zone",
  "two-minute": "Two-minute",
  "vs-blitz": "vs Blitz",
  "goal-line": "Goal line",
};

/** The wristband's card: the openers and the 3rd-down plays, numbered through in this order. */
export const WRISTBAND_SITUATIONS: readonly Situation[] = ["openers", "third-short", "third-long"];

export const MAX_GAMEPLANS = 20;
export const MAX_GAMEPLAN_PLAYS = 60;
export const GAMEPLAN_NAME_MAX = 60;
export const GAMEPLAN_NOTE_MAX = 280;

export const GAMEPLAN_LIMIT_MESSAGE = `You can have at most ${MAX_GAMEPLANS} gameplans. Delete one to make room.`;
export const gameplanNameTakenMessage = (name: string, gameLabel: string) => `You already have a gameplan called ${name} for ${gameLabel}: choose another name.`;
export const GAMEPLAN_PLAYS_LIMIT_MESSAGE = `A gameplan holds at most ${MAX_GAMEPLAN_PLAYS} plays. Remove one to make room.`;

export function isSituation(value: unknown): value is Situation {
  return typeof value === "string" && (GAMEPLAN_SITUATIONS as readonly string[]).includes(value);
}

/** Where one entry of a gameplan sits: its situation and its place in it. */
export type Slot = { id: number; situation: Situation; position: number };

/** The entries of one situation in their order (positions may have gaps: a play deleted by staff). */
function inOrder(entries: readonly Slot[], situation: Situation): Slot[] {
  return entries.filter((entry) => entry.situation === situation).sort((a, b) => a.position - b.position || a.id - b.id);
}

/** The situations' lists as they stand, each renumbered 0, 1, 2...; returns the entries whose slot differs from `before`. */
function changedSlots(before: readonly Slot[], lists: Map<Situation, number[]>): Slot[] {
  const previous = new Map(before.map((entry) => [entry.id, entry]));
  const changes: Slot[] = [];
  for (const [situation, ids] of lists) {
    ids.forEach((id, position) => {
      const old = previous.get(id);
      if (!old || old.situation !== situation || old.position !== position) changes.push({ id, situation, position });
    });
  }
  return changes;
}

/**
 * Moves entry `id` to place `index` (0-based, clamped to the list) of `situation`: the situation it
 * leaves and the one it joins are numbered 0, 1, 2... again. Returns only the entries whose slot
 * changes (empty when nothing moves), or null when the entry is not among `entries`.
 */
export function placeEntry(entries: readonly Slot[], id: number, situation: Situation, index: number): Slot[] | null {
  const moving = entries.find((entry) => entry.id === id);
  if (!moving) return null;
  const lists = new Map<Situation, number[]>();
  const source = inOrder(entries, moving.situation).map((entry) => entry.id).filter((entryId) => entryId !== id);
  lists.set(moving.situation, source);
  const target = situation === moving.situation ? source : inOrder(entries, situation).map((entry) => entry.id);
  const at = Math.min(Math.max(0, Math.trunc(Number.isFinite(index) ? index : target.length)), target.length);
  target.splice(at, 0, id);
  lists.set(situation, target);
  return changedSlots(entries, lists);
}

/** 'Move up' / 'Move down': one place within the entry's situation (nothing at either end). */
export function moveEntry(entries: readonly Slot[], id: number, direction: "up" | "down"): Slot[] | null {
  const moving = entries.find((entry) => entry.id === id);
  if (!moving) return null;
  const index = inOrder(entries, moving.situation).findIndex((entry) => entry.id === id);
  return placeEntry(entries, id, moving.situation, direction === "up" ? index - 1 : index + 1);
}

/** The slots of the entry's situation after it is removed (the entry itself is not among them), or null when it is not among `entries`. */
export function removeEntry(entries: readonly Slot[], id: number): Slot[] | null {
  const leaving = entries.find((entry) => entry.id === id);
  if (!leaving) return null;
  const rest = inOrder(entries, leaving.situation).map((entry) => entry.id).filter((entryId) => entryId !== id);
  return changedSlots(entries, new Map([[leaving.situation, rest]]));
}

/** Entries with every change applied, in call-sheet order (situation, then place). */
export function applySlots<T extends Slot>(entries: readonly T[], changes: readonly Slot[]): T[] {
  const changed = new Map(changes.map((change) => [change.id, change]));
  return entries
    .map((entry) => {
      const change = changed.get(entry.id);
      return change ? { ...entry, situation: change.situation, position: change.position } : entry;
    })
    .sort((a, b) => GAMEPLAN_SITUATIONS.indexOf(a.situation) - GAMEPLAN_SITUATIONS.indexOf(b.situation) || a.position - b.position || a.id - b.id);
}

/** The wristband's numbered lines: the wristband situations' plays, numbered 1, 2, 3... through all of them. */
export function wristbandLines<T extends Slot>(entries: readonly T[]): { situation: Situation; plays: (T & { number: number })[] }[] {
  let number = 0;
  return WRISTBAND_SITUATIONS.map((situation) => ({
    situation,
    plays: inOrder(entries, situation).map((entry) => ({ ...(entry as T), number: (number += 1) })),
  }));
}

/** A play as the call sheet prints it: its place, its names and the member's note. */
export type SheetEntry = Slot & { formation: string; playTitle: string; note: string | null };

export type CallSheetSize = "roomy" | "compact" | "tight";

/**
 * How the call sheet fits one landscape page (Letter or A4): the largest text at which every
 * situation's column fits with its notes in full. Past that (one situation holding many plays, or
 * long notes) the situations flow on through the eight columns instead of one column each, notes
 * still in full at the largest text that fits; only when even that cannot fit are notes cut to two
 * lines, then one.
 */
export type CallSheetLayout = { size: CallSheetSize; noteLines: 1 | 2 | null; flow: boolean };

/** Text size in points. A tight sheet puts the formation and the play on one line. */
export const CALL_SHEET_POINTS: Record<CallSheetSize, number> = { roomy: 8.5, compact: 7, tight: 6 };
/**
 * One column of the printed sheet, in points: an eighth of the narrower page's width (Letter, 8 mm
 * margins) less the gaps, and the shorter page's height (A4) less the sheet's header and a margin
 * for words that wrap early. Estimates err long: a sheet that could have been larger is better
 * than one that runs onto a second page.
 */
const COLUMN_WIDTH = 82;
const COLUMN_HEIGHT = 500;
const LINE_HEIGHT = 1.25;
const ENTRY_GAP = 3;

/** Lines a text takes in a column at a size, for characters `em` wide on average (word wrap included). */
function linesOf(text: string, points: number, em: number) {
  return Math.max(1, Math.ceil(text.length / Math.max(1, Math.floor(COLUMN_WIDTH / (points * em)))));
}

function entryHeight(entry: SheetEntry, index: number, size: CallSheetSize, noteLines: number | null) {
  const points = CALL_SHEET_POINTS[size];
  const mark = " ✕ NERFED";
  const names =
    size === "tight"
      ? linesOf(`${index + 1}. ${entry.formation} ${entry.playTitle}${mark}`, points, 0.68)
      : linesOf(`${index + 1}. ${entry.formation}`, points * 0.85, 0.75) + linesOf(`${entry.playTitle}${mark}`, points, 0.68);
  const note = entry.note ? Math.min(noteLines ?? Infinity, linesOf(entry.note, points, 0.6)) : 0;
  return (names + note) * points * LINE_HEIGHT + ENTRY_GAP;
}

/** Each situation's height: its heading, then its plays in their order. */
function columnHeights(entries: readonly SheetEntry[], size: CallSheetSize, noteLines: number | null) {
  const heading = CALL_SHEET_POINTS[size] * LINE_HEIGHT + 6;
  return GAMEPLAN_SITUATIONS.map((situation) =>
    entries
      .filter((entry) => entry.situation === situation)
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .map((entry, index) => entryHeight(entry, index, size, noteLines)),
  ).map((heights) => ({ total: heights.reduce((sum, height) => sum + height, heading), tallest: Math.max(heading, ...heights) }));
}

function fits(entries: readonly SheetEntry[], { size, noteLines, flow }: CallSheetLayout) {
  const columns = columnHeights(entries, size, noteLines);
  if (!flow) return Math.max(...columns.map((column) => column.total)) <= COLUMN_HEIGHT;
  // Flowing, a column breaks between plays: an eighth of the whole, plus about half a play that did not fit.
  const total = columns.reduce((sum, column) => sum + column.total, 0);
  return total / GAMEPLAN_SITUATIONS.length + Math.max(...columns.map((column) => column.tallest)) / 2 <= COLUMN_HEIGHT;
}

const SIZES: readonly CallSheetSize[] = ["roomy", "compact", "tight"];
const LAYOUTS: readonly CallSheetLayout[] = [
  ...SIZES.map((size) => ({ size, noteLines: null, flow: false })),
  ...SIZES.map((size) => ({ size, noteLines: null, flow: true })),
  { size: "tight", noteLines: 2, flow: true },
];

export function callSheetLayout(entries: readonly SheetEntry[]): CallSheetLayout {
  return LAYOUTS.find((layout) => fits(entries, layout)) ?? { size: "tight", noteLines: 1, flow: true };
}

/**
 * The library page a new gameplan was started from ('Create a gameplan' on a play with no gameplan
 * of its game yet), to go back to once it exists: a path of this site's library, else null.
 */
export function gameplanReturnPath(value: string | null | undefined): string | null {
  const path = safeRedirectPath(value, "");
  return path.startsWith("/content/") ? path.split("#")[0] : null;
}

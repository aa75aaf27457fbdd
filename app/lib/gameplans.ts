// Gameplans' words, limits and ordering rules, shared by the server and the pages: the situations
// and their labels, what a wristband holds, and where every play sits after a move or a removal.
// Nothing here touches the database (see app/server/gameplans.server.ts).
import { GAMEPLAN_SITUATIONS } from "../../db/enums.ts";

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

/**
 * How dense the printed call sheet must be for its longest column to fit one landscape page: roomy
 * (notes in full) up to 5 plays, compact (notes cut to two lines) up to 10, tight beyond. A single
 * situation of more than about 25 plays with notes can still run onto a second page.
 */
export function callSheetDensity(entries: readonly Slot[]): "roomy" | "compact" | "tight" {
  const longest = Math.max(0, ...GAMEPLAN_SITUATIONS.map((situation) => entries.filter((entry) => entry.situation === situation).length));
  return longest <= 5 ? "roomy" : longest <= 10 ? "compact" : "tight";
}

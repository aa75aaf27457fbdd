import { POSITION_SAVE_INTERVAL_MS, type ProgressStage } from "../lib/progress.ts";

// The position saves this isolate sent to D1 in the last POSITION_SAVE_INTERVAL_MS, so that a
// flood of saves for one play (a player's beacon, or a script) is dropped before it costs a D1
// round trip. An entry is written only after a save that passed every check (session confirmed
// against D1, the rights function, the play's video): a later save from the same session for the
// same play within the interval would write nothing anyway (the upsert's own condition, which still
// guards the saves other isolates send), so answering it at once stores nothing and reveals nothing.
// The saves that must not be dropped are the one that marks a not-started play 'Watched' and the
// first one at the video's end (then no resume is offered); the stage and whether the save was at
// the end are kept with the entry for that, and a stage change or reset forgets the member's entries.

const RECENT_LIMIT = 5_000;

/** `ended`: the save was at the video's end (the end save of a short video comes soon after the 90% one and must land). */
type RecentSave = { sessionId: string; at: number; runtime: string | null; stage: ProgressStage; ended?: boolean };
const recentSaves = new Map<string, RecentSave>();

const keyOf = (userId: string, playId: number) => `${userId}:${playId}`;

/** The save this session sent for this play less than the interval ago, if any. */
export function recentSave(session: { id: string; userId: string }, playId: number, now = Date.now()): RecentSave | null {
  const key = keyOf(session.userId, playId);
  const entry = recentSaves.get(key);
  if (!entry) return null;
  if (now - entry.at >= POSITION_SAVE_INTERVAL_MS) {
    recentSaves.delete(key);
    return null;
  }
  return entry.sessionId === session.id ? entry : null;
}

export function rememberSave(session: { id: string; userId: string }, playId: number, save: { runtime: string | null; stage: ProgressStage; ended?: boolean }, now = Date.now()) {
  const key = keyOf(session.userId, playId);
  recentSaves.delete(key);
  if (recentSaves.size >= RECENT_LIMIT) recentSaves.delete(recentSaves.keys().next().value!);
  recentSaves.set(key, { sessionId: session.id, at: now, ...save });
}

/** A member's stage changed or their progress was reset: their remembered saves no longer tell the stage. */
export function forgetRecentSaves(userId: string) {
  const prefix = `${userId}:`;
  for (const key of recentSaves.keys()) if (key.startsWith(prefix)) recentSaves.delete(key);
}

/** For tests: how many saves are remembered (never above the cap). */
export function recentSaveCount() {
  return recentSaves.size;
}

// The install tracker's words and rules, shared by the server and the pages: a member's stage with
// each play, what a self-hosted video's position may be, a scheme's bar and the next play to learn.
// Nothing here touches the database (see app/server/progress.server.ts).
import { PROGRESS_STAGES } from "../../db/enums.ts";

export type ProgressStage = (typeof PROGRESS_STAGES)[number];

export const PROGRESS_STAGE_LABELS: Record<ProgressStage, string> = {
  "not-started": "Not started",
  watched: "Watched",
  practised: "Practised",
  "game-ready": "Game-ready",
};

/** A video played past this share of its length marks the play 'Watched'. */
export const WATCHED_SHARE = 0.9;
/** At most one saved position per member and play in this time; extra saves are dropped quietly. */
export const POSITION_SAVE_INTERVAL_MS = 5_000;
/** The player saves the position this often while it plays. */
export const POSITION_SAVE_EVERY_MS = 10_000;
/** A position this close to the start, or to the end, is not worth a 'Resume from' offer. */
export const RESUME_MARGIN_SECONDS = 1;
/** No self-hosted play video is longer than this (a position beyond it is refused). */
export const MAX_VIDEO_SECONDS = 4 * 60 * 60;

export function isProgressStage(value: unknown): value is ProgressStage {
  return typeof value === "string" && (PROGRESS_STAGES as readonly string[]).includes(value);
}

export function stageRank(stage: ProgressStage): number {
  return PROGRESS_STAGES.indexOf(stage);
}

/** A play counts as in progress (for the bars, /home and the notifications) once it is past 'Not started'. */
export function isStarted(stage: ProgressStage): boolean {
  return stage !== "not-started";
}

/**
 * The stage after a self-hosted video was played to `position` of `duration` seconds: past 90% a
 * play that was not started becomes 'Watched'; any later stage stays as the member set it.
 */
export function stageAfterPlayback(stage: ProgressStage, position: number, duration: number): ProgressStage {
  return stage === "not-started" && duration > 0 && position >= duration * WATCHED_SHARE ? "watched" : stage;
}

/** A play's length in seconds from its runtime text ('3:12', '1:02:03', '45'), or null. */
export function runtimeSeconds(runtime: string | null | undefined): number | null {
  const match = /^\s*(?:(\d{1,2}):)?(\d{1,3}):([0-5]\d)\s*$/.exec(runtime ?? "") ?? /^\s*(\d{1,5})\s*$/.exec(runtime ?? "");
  if (!match) return null;
  if (match.length === 2) return Number(match[1]);
  return Number(match[1] ?? 0) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

/** `position` as the player measured it (the 90% rule reads it); stored in whole seconds. */
export type PositionCheck = { ok: true; position: number; duration: number } | { ok: false; error: string };

/**
 * How much longer than its stated runtime a play's file may run: runtimes are written in whole
 * seconds (a second), and rounded by hand on long videos (2% of them).
 */
function runtimeSlack(stated: number) {
  return Math.max(1, Math.ceil(stated * 0.02));
}

/** Seconds as the player sends them: decimal digits, nothing else ('0x3' and '1e2' are not). */
function secondsOf(value: unknown) {
  if (typeof value === "number") return value;
  return typeof value === "string" && /^\s*-?\d+(?:\.\d+)?\s*$/.test(value) ? Number(value) : Number.NaN;
}

/**
 * A position the player reports, with the length it measured: a number of seconds from 0 to that
 * length (at most MAX_VIDEO_SECONDS), and never beyond the play's stated runtime when it has one.
 */
export function checkPosition(position: unknown, duration: unknown, runtime: string | null | undefined): PositionCheck {
  const at = secondsOf(position);
  const length = secondsOf(duration);
  if (!Number.isFinite(at)) return { ok: false, error: "The position must be a number of seconds." };
  if (at < 0) return { ok: false, error: "The position cannot be below 0." };
  if (!Number.isFinite(length) || length <= 0) return { ok: false, error: "The video's length must be a number of seconds." };
  if (length > MAX_VIDEO_SECONDS) return { ok: false, error: `The video's length can be at most ${MAX_VIDEO_SECONDS / 3600} hours.` };
  const stated = runtimeSeconds(runtime);
  if (at > length || (stated !== null && at > stated + runtimeSlack(stated))) return { ok: false, error: "The position is beyond the video's length." };
  return { ok: true, position: at, duration: length };
}

/** 'Resume from 3:12' */
export function formatPosition(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

/**
 * A position at the very end of the video (played to its end): no resume is offered from there.
 * Read in whole seconds, as it is stored and as resumePoint reads it (6.4 s of a 7 s video is not
 * the end: it is stored as 6, and 'Resume from 0:06' would be offered).
 */
export function isAtEnd(position: number, duration: number): boolean {
  return Math.floor(position) > duration - RESUME_MARGIN_SECONDS;
}

/**
 * Where the player offers to resume ('Resume from 3:12'): a saved position past the first second
 * and not at the very end (a video played to its end starts again from the top).
 */
export function resumePoint(position: number | null | undefined, runtime: string | null | undefined): number | null {
  if (position == null || position < RESUME_MARGIN_SECONDS) return null;
  const length = runtimeSeconds(runtime);
  if (length !== null && position > length - RESUME_MARGIN_SECONDS) return null;
  return position;
}

export type SchemeProgress = { total: number; watched: number; practised: number; gameReady: number };

/** A scheme's bar from its plays' stages (plays without a row are 'Not started'). */
export function summarizeProgress(total: number, stages: readonly ProgressStage[]): SchemeProgress {
  const atLeast = (stage: ProgressStage) => stages.filter((entry) => stageRank(entry) >= stageRank(stage)).length;
  return { total, watched: atLeast("watched"), practised: atLeast("practised"), gameReady: atLeast("game-ready") };
}

/** A bar whose counts never pass its total (rows of plays deleted since go with them, but a count may be read mid-edit). */
export function withinTotal(progress: SchemeProgress): SchemeProgress {
  const cap = (count: number) => Math.min(count, progress.total);
  return { total: progress.total, watched: cap(progress.watched), practised: cap(progress.practised), gameReady: cap(progress.gameReady) };
}

/** Started and not every play game-ready ('Continue where you left off', 'My playbook'). */
export function isInProgress(progress: SchemeProgress): boolean {
  return progress.watched > 0 && progress.gameReady < progress.total;
}

export function isFinished(progress: SchemeProgress): boolean {
  return progress.total > 0 && progress.gameReady >= progress.total;
}

/** 'n of m plays game-ready' */
export function progressSummaryText(progress: SchemeProgress): string {
  return `${progress.gameReady} of ${progress.total} ${progress.total === 1 ? "play" : "plays"} game-ready`;
}

/**
 * The next play to learn in a scheme: the first, in the scheme's order (formation, then play), that
 * is not game-ready yet, a nerfed one only when no other is left; null when every play is.
 * (startedSchemesQuery picks it in SQL by the same rule.)
 */
export function nextPlayToLearn<T extends { stage: ProgressStage | null; status?: string | null }>(playsInOrder: readonly T[]): T | null {
  const left = playsInOrder.filter((play) => play.stage !== "game-ready");
  return left.find((play) => play.status !== "nerfed") ?? left[0] ?? null;
}

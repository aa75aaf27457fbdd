import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { gameplanRemovals, gameplans, type ContentType, type Game, type PatchStatus } from "../../db/schema.ts";
import { contentRights, type AccessSubject } from "../lib/access.ts";
import {
  GAMEPLAN_LIMIT_MESSAGE,
  gameplanNameTakenMessage,
  GAMEPLAN_PLAYS_LIMIT_MESSAGE,
  MAX_GAMEPLAN_PLAYS,
  MAX_GAMEPLANS,
  moveEntry,
  placeEntry,
  removeEntry,
  SITUATION_LABELS,
  type Situation,
  type Slot,
} from "../lib/gameplans.ts";
import { GAME_LABELS } from "../lib/format.ts";
import { hasErrorMessage, reusableSelect, type Database, type Param } from "./db.server.ts";

// Gameplans' reads and writes (rules and ordering in app/lib/gameplans.ts). Every statement names
// the owner: another member's gameplan, by id or through a forged entry id, reads as nothing and
// writes nothing. A move rewrites the places of the situations it touches in one batch.

export type Viewer = AccessSubject & { id: string };

/** The member's gameplans, newest first, with how many plays each holds (/gameplans). */
export function gameplansOfMemberQuery(db: Database, userId: string) {
  return db.all<{ id: number; name: string; game: Game; plays: number; shared: number; removed: number }>(sql`
    SELECT g.id AS id, g.name AS name, g.game AS game, g.share_token IS NOT NULL AS shared,
           (SELECT count(*) FROM gameplan_plays e WHERE e.gameplan_id = g.id) AS plays,
           (SELECT count(*) FROM gameplan_removals r WHERE r.gameplan_id = g.id) AS removed
    FROM gameplans g WHERE g.user_id = ${userId}
    ORDER BY g.created_at DESC, g.id DESC`);
}

/** The gameplans a play can go to from its page ('Add to gameplan'): the member's, the one changed last first (the one being built). */
export const gameplanChoicesQuery = reusableSelect((db: Database, userId: Param<string>) =>
  db.all<{ gameplanId: number; gameplanName: string; gameplanGame: Game }>(sql`
    SELECT id AS gameplanId, name AS gameplanName, game AS gameplanGame FROM gameplans
    WHERE user_id = ${userId} ORDER BY updated_at DESC, id DESC`),
);

/** One gameplan of the member's (none for anyone else's). */
export function gameplanQuery(db: Database, userId: string, gameplanId: number) {
  return db.all<{ id: number; name: string; game: Game; shareToken: string | null }>(sql`
    SELECT id, name, game, share_token AS shareToken FROM gameplans WHERE id = ${gameplanId} AND user_id = ${userId}`);
}

export type RemovalRow = { id: number; situation: Situation; playTitle: string; formation: string | null; contentTitle: string | null; note: string | null; movedTo: Game | null; removedAt: number };

/** The plays our team deleted (or moved to the other game) while they were on this gameplan (gameplan_removals), newest first, until the member dismisses them. */
export function gameplanRemovalsQuery(db: Database, userId: string, gameplanId: number) {
  return db.all<RemovalRow>(sql`
    SELECT r.id AS id, r.situation AS situation, r.play_title AS playTitle, r.formation AS formation,
           r.content_title AS contentTitle, r.note AS note, r.moved_to AS movedTo, r.removed_at AS removedAt
    FROM gameplan_removals r JOIN gameplans g ON g.id = r.gameplan_id AND g.user_id = ${userId}
    WHERE r.gameplan_id = ${gameplanId}
    ORDER BY r.removed_at DESC, r.id DESC LIMIT ${MAX_GAMEPLAN_PLAYS}`);
}

/**
 * 'Dismiss' on the notice of removed plays: the removals it showed (`removalIds`) go, for this
 * gameplan of the member's only. One made since the page was drawn stays, to be seen.
 */
export async function dismissRemovals(db: Database, userId: string, gameplanId: number, removalIds: number[]): Promise<Outcome> {
  const owned = db.select({ id: gameplans.id }).from(gameplans).where(ownGameplan(userId, gameplanId));
  const shown = removalIds.length ? inArray(gameplanRemovals.id, removalIds) : sql`0`;
  const [plan] = await db.batch([owned, db.delete(gameplanRemovals).where(and(inArray(gameplanRemovals.gameplanId, owned), shown))]);
  return plan.length ? { ok: true } : GAMEPLAN_NOT_FOUND;
}

export type EntryRow = {
  id: number;
  situation: Situation;
  position: number;
  note: string | null;
  playId: number;
  playSlug: string;
  playTitle: string;
  playStatus: PatchStatus;
  /** The title update the play's status names ('Nerfed in 1.08'). */
  statusVersion: string | null;
  sectionSlug: string;
  formation: string;
  contentSlug: string;
  contentTitle: string;
  requiredTier: "free" | "premium";
  isPublished: number;
  type: ContentType;
};

/** The plays of one of the member's gameplans, with what the page shows and the rights function needs. */
export function gameplanEntriesQuery(db: Database, userId: string, gameplanId: number) {
  return db.all<EntryRow>(sql`
    SELECT e.id AS id, e.situation AS situation, e.position AS position, e.note AS note, e.play_id AS playId,
           p.slug AS playSlug, p.title AS playTitle, ps.status AS playStatus, u.version AS statusVersion, s.slug AS sectionSlug, s.title AS formation,
           c.slug AS contentSlug, c.title AS contentTitle, c.required_tier AS requiredTier, c.is_published AS isPublished, c.type AS type
    FROM gameplan_plays e
    JOIN gameplans g ON g.id = e.gameplan_id AND g.user_id = ${userId}
    JOIN content_plays p ON p.id = e.play_id
    JOIN play_status ps ON ps.play_id = p.id
    LEFT JOIN title_updates u ON u.id = ps.status_update_id
    JOIN content_sections s ON s.id = p.section_id
    JOIN content c ON c.id = e.content_id
    WHERE e.gameplan_id = ${gameplanId}
    ORDER BY e.situation, e.position, e.id`);
}

export type GameplanEntry = {
  id: number;
  /** The play itself: one play can stand in several situations. */
  playId: number;
  situation: Situation;
  position: number;
  note: string | null;
  playTitle: string;
  formation: string;
  scheme: string;
  /** The play's page, for a viewer who may open it; null when it is locked to them now. */
  href: string | null;
  /** Why it is locked: premium that the viewer does not have (now), or its scheme taken off the site by staff. */
  locked: "premium" | "unpublished" | null;
  /** Where the play stands on its game's current update (the badge), with the update it names. */
  status: PatchStatus;
  version: string | null;
};

/** What the gameplan page, the call sheet and the wristband show of each play: a play the member may no longer open keeps its name, marked locked. */
export function toGameplanEntries(rows: EntryRow[], viewer: AccessSubject): GameplanEntry[] {
  return rows.map((row) => {
    const open = contentRights(viewer, { isPublished: Boolean(row.isPublished), requiredTier: row.requiredTier, type: row.type }).open;
    return {
      id: row.id,
      playId: row.playId,
      situation: row.situation,
      position: row.position,
      note: row.note,
      playTitle: row.playTitle,
      formation: row.formation,
      scheme: row.contentTitle,
      href: open ? `/content/${row.contentSlug}/section/${row.sectionSlug}/play/${row.playSlug}` : null,
      locked: open ? null : row.isPublished ? "premium" : "unpublished",
      status: row.playStatus,
      version: row.statusVersion,
    };
  });
}

/** A shared gameplan by its token: its name and game only. */
export function sharedGameplanQuery(db: Database, token: string) {
  return db.all<{ name: string; game: Game }>(sql`SELECT name, game FROM gameplans WHERE share_token = ${token}`);
}

/** A shared gameplan's plays: situation, place, formation and play names, nothing else (plays of drafts are left out). */
export function sharedEntriesQuery(db: Database, token: string) {
  return db.all<{ id: number; situation: Situation; position: number; playTitle: string; formation: string }>(sql`
    SELECT e.id AS id, e.situation AS situation, e.position AS position, p.title AS playTitle, s.title AS formation
    FROM gameplan_plays e
    JOIN gameplans g ON g.id = e.gameplan_id AND g.share_token = ${token}
    JOIN content_plays p ON p.id = e.play_id
    JOIN content_sections s ON s.id = p.section_id
    JOIN content c ON c.id = e.content_id AND c.is_published = 1
    ORDER BY e.situation, e.position, e.id`);
}

/** Share tokens are 32 characters of base64url (24 random bytes); anything else is not looked up. */
export function isShareToken(value: string | undefined): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{32}$/.test(value);
}

function newShareToken() {
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  return encodeBase64urlNoPadding(bytes);
}

// ---------------------------------------------------------------------------------------------
// Writes

export type Outcome<T = object> = ({ ok: true } & T) | { ok: false; status: 400 | 403 | 404 | 409; error: string };

const GAMEPLAN_NOT_FOUND = { ok: false as const, status: 404 as const, error: "Gameplan not found." };
const ENTRY_NOT_FOUND = { ok: false as const, status: 404 as const, error: "That play is not in this gameplan." };

const ownGameplan = (userId: string, gameplanId: number) => and(eq(gameplans.id, gameplanId), eq(gameplans.userId, userId));

/** A new gameplan, unless the member already has MAX_GAMEPLANS (counted in the same statement). */
/** A second 'Create gameplan' with the same name and game within this long is the same press (a double tap without JavaScript). */
const SAME_CREATE_MS = 10_000;

/** A member's gameplans of one game have names of their own: 'Add to gameplan' lists them by name. */
function sameNameSql(userId: string, game: Game | SQL, name: string) {
  return sql`SELECT id, name, created_at AS createdAt FROM gameplans WHERE user_id = ${userId} AND game = ${game} AND lower(name) = lower(${name})`;
}

const sameName = (name: string, game: Game): Outcome<never> => ({ ok: false, status: 409, error: gameplanNameTakenMessage(name, GAME_LABELS[game]) });

export async function createGameplan(db: Database, userId: string, value: { name: string; game: Game }, now = Date.now()): Promise<Outcome<{ id: number }>> {
  const same = sameNameSql(userId, value.game, value.name);
  const [row] = await db.all<{ id: number }>(sql`
    INSERT INTO gameplans (user_id, name, game)
    SELECT ${userId}, ${value.name}, ${value.game}
    WHERE (SELECT count(*) FROM gameplans WHERE user_id = ${userId}) < ${MAX_GAMEPLANS} AND NOT EXISTS (${same})
    RETURNING id`);
  if (row) return { ok: true, id: row.id };
  const [existing] = await db.all<{ id: number; name: string; createdAt: number }>(sql`${same} ORDER BY id DESC LIMIT 1`);
  if (!existing) return { ok: false, status: 400, error: GAMEPLAN_LIMIT_MESSAGE };
  // The same form sent twice (a double tap, a retried request): the gameplan it created.
  if (existing.name === value.name && existing.createdAt > now - SAME_CREATE_MS) return { ok: true, id: existing.id };
  return sameName(value.name, value.game);
}

export async function renameGameplan(db: Database, userId: string, gameplanId: number, name: string): Promise<Outcome> {
  const own = sql`(SELECT game FROM gameplans WHERE id = ${gameplanId})`;
  const [row] = await db.all<{ id: number }>(sql`
    UPDATE gameplans SET name = ${name}, updated_at = ${Date.now()}
    WHERE id = ${gameplanId} AND user_id = ${userId} AND NOT EXISTS (${sameNameSql(userId, own, name)} AND id != ${gameplanId})
    RETURNING id`);
  if (row) return { ok: true };
  const [plan] = await db.select({ game: gameplans.game }).from(gameplans).where(ownGameplan(userId, gameplanId)).limit(1);
  return plan ? sameName(name, plan.game) : GAMEPLAN_NOT_FOUND;
}

/** Deletes the gameplan; its plays go with it (the foreign key). */
export async function deleteGameplan(db: Database, userId: string, gameplanId: number): Promise<Outcome> {
  const result = await db.delete(gameplans).where(ownGameplan(userId, gameplanId));
  return result.meta.changes ? { ok: true } : GAMEPLAN_NOT_FOUND;
}

/** Gives the gameplan a share token (keeping the one it has); returns it. */
export async function shareGameplan(db: Database, userId: string, gameplanId: number): Promise<Outcome<{ token: string }>> {
  const [row] = await db.all<{ token: string }>(sql`
    UPDATE gameplans SET share_token = coalesce(share_token, ${newShareToken()})
    WHERE id = ${gameplanId} AND user_id = ${userId} RETURNING share_token AS token`);
  return row ? { ok: true, token: row.token } : GAMEPLAN_NOT_FOUND;
}

/** Revokes the share link: the token is forgotten, so the old link can never work again. */
export async function unshareGameplan(db: Database, userId: string, gameplanId: number): Promise<Outcome> {
  const result = await db.update(gameplans).set({ shareToken: null, updatedAt: new Date() }).where(ownGameplan(userId, gameplanId));
  return result.meta.changes ? { ok: true } : GAMEPLAN_NOT_FOUND;
}

/** The play an 'Add to gameplan' form names, with what the rights function needs. */
function playForGameplanQuery(db: Database, playId: number) {
  return db.all<{ playId: number; playTitle: string; contentId: number; game: Game; isPublished: number; requiredTier: "free" | "premium"; type: ContentType }>(sql`
    SELECT p.id AS playId, p.title AS playTitle, c.id AS contentId, c.game AS game, c.is_published AS isPublished, c.required_tier AS requiredTier, c.type AS type
    FROM content_plays p JOIN content_sections s ON s.id = p.section_id JOIN content c ON c.id = s.content_id
    WHERE p.id = ${playId}`);
}

function gameplanForAddQuery(db: Database, userId: string, gameplanId: number, situation: Situation, playId: number) {
  return db.all<{ name: string; game: Game; plays: number; duplicate: number }>(sql`
    SELECT g.name AS name, g.game AS game,
           (SELECT count(*) FROM gameplan_plays e WHERE e.gameplan_id = g.id) AS plays,
           EXISTS (SELECT 1 FROM gameplan_plays e WHERE e.gameplan_id = g.id AND e.situation = ${situation} AND e.play_id = ${playId}) AS duplicate
    FROM gameplans g WHERE g.id = ${gameplanId} AND g.user_id = ${userId}`);
}

/**
 * 'Add to gameplan': a play the member may open, into one of their gameplans of the play's game,
 * at the end of a situation. The limit is counted again in the insert itself.
 */
export async function addPlayToGameplan(
  db: Database,
  viewer: Viewer,
  input: { gameplanId: number; playId: number; situation: Situation },
): Promise<Outcome<{ gameplanName: string; playTitle: string; already: boolean }>> {
  const [[play], [plan]] = await Promise.all([
    playForGameplanQuery(db, input.playId),
    gameplanForAddQuery(db, viewer.id, input.gameplanId, input.situation, input.playId),
  ]);
  const rights = play ? contentRights(viewer, { isPublished: Boolean(play.isPublished), requiredTier: play.requiredTier, type: play.type }) : null;
  if (!play || !rights?.see) return { ok: false, status: 404, error: "Play not found." };
  if (!rights.open) return { ok: false, status: 403, error: "You can only add plays you can open. Go premium to plan with premium plays." };
  if (!plan) return GAMEPLAN_NOT_FOUND;
  if (plan.game !== play.game) return { ok: false, status: 400, error: `${plan.name} is a ${GAME_LABELS[plan.game]} gameplan; this play is from ${GAME_LABELS[play.game]}.` };
  // Already there (a second tap, a page sent twice): what was asked for holds, and is said so.
  if (plan.duplicate) return { ok: true, gameplanName: plan.name, playTitle: play.playTitle, already: true };
  if (plan.plays >= MAX_GAMEPLAN_PLAYS) return { ok: false, status: 400, error: GAMEPLAN_PLAYS_LIMIT_MESSAGE };
  const now = Date.now();
  const d1 = db.$client;
  try {
    const [inserted] = await d1.batch<{ id: number }>([
      d1
        .prepare(
          `INSERT INTO gameplan_plays (gameplan_id, play_id, content_id, situation, position, added_at)
           SELECT g.id, ?, ?, ?, coalesce((SELECT max(position) + 1 FROM gameplan_plays WHERE gameplan_id = g.id AND situation = ?), 0), ?
           FROM gameplans g
           WHERE g.id = ? AND g.user_id = ? AND (SELECT count(*) FROM gameplan_plays WHERE gameplan_id = g.id) < ?
           RETURNING id`,
        )
        .bind(play.playId, play.contentId, input.situation, input.situation, now, input.gameplanId, viewer.id, MAX_GAMEPLAN_PLAYS),
      touchGameplan(db, viewer.id, input.gameplanId, now),
    ]);
    if (!inserted.results.length) return { ok: false, status: 400, error: GAMEPLAN_PLAYS_LIMIT_MESSAGE };
  } catch (error) {
    if (hasErrorMessage(error, /UNIQUE constraint failed/)) return { ok: true, gameplanName: plan.name, playTitle: play.playTitle, already: true };
    throw error;
  }
  return { ok: true, gameplanName: plan.name, playTitle: play.playTitle, already: false };
}

function touchGameplan(db: Database, userId: string, gameplanId: number, now: number) {
  return db.$client.prepare("UPDATE gameplans SET updated_at = ? WHERE id = ? AND user_id = ?").bind(now, gameplanId, userId);
}

/** Where each play of one of the member's gameplans sits: no row for anyone else's gameplan, one row with a null id for an empty one of theirs. */
function slotsQuery(db: Database, userId: string, gameplanId: number) {
  return db.all<{ id: number | null; situation: Situation; position: number; playId: number }>(sql`
    SELECT e.id AS id, e.situation AS situation, e.position AS position, e.play_id AS playId
    FROM gameplans g LEFT JOIN gameplan_plays e ON e.gameplan_id = g.id
    WHERE g.id = ${gameplanId} AND g.user_id = ${userId}`);
}

/**
 * The statements that give the changed entries their new slots. The unique index on
 * (gameplan, situation, position) is checked row by row, so the entries first take the negative
 * of their place (no live row has one) and then all turn positive in one statement.
 */
export function slotStatements(db: Database, gameplanId: number, changes: readonly Slot[]): D1PreparedStatement[] {
  if (!changes.length) return [];
  const d1 = db.$client;
  return [
    ...changes.map((change) =>
      d1.prepare("UPDATE gameplan_plays SET situation = ?, position = ? WHERE id = ? AND gameplan_id = ?").bind(change.situation, -1 - change.position, change.id, gameplanId),
    ),
    d1.prepare("UPDATE gameplan_plays SET position = -1 - position WHERE gameplan_id = ? AND position < 0").bind(gameplanId),
  ];
}

type MoveRequest = { kind: "move"; direction: "up" | "down" } | { kind: "place"; situation: Situation; index: number } | { kind: "remove" };

/**
 * Moves an entry ('Move up', 'Move down', drag and drop, 'Move to') or removes it: the new places
 * of every entry the change touches are written in one batch with the gameplan's updated_at.
 * Nothing is written for an entry that is not in the member's gameplan.
 */
export async function rearrangeGameplan(db: Database, userId: string, gameplanId: number, entryId: number, request: MoveRequest): Promise<Outcome<{ moved: boolean }>> {
  const rows = await slotsQuery(db, userId, gameplanId);
  if (!rows.length) return GAMEPLAN_NOT_FOUND;
  const slots = rows.filter((row): row is typeof row & { id: number } => row.id !== null);
  const entry = slots.find((slot) => slot.id === entryId);
  if (!entry) return ENTRY_NOT_FOUND;
  if (request.kind === "place" && request.situation !== entry.situation && slots.some((slot) => slot.situation === request.situation && slot.playId === entry.playId)) {
    return { ok: false, status: 409, error: `This play is already in ${SITUATION_LABELS[request.situation]}.` };
  }
  const changes =
    request.kind === "move" ? moveEntry(slots, entryId, request.direction) : request.kind === "place" ? placeEntry(slots, entryId, request.situation, request.index) : removeEntry(slots, entryId);
  if (!changes) return ENTRY_NOT_FOUND;
  if (request.kind !== "remove" && !changes.length) return { ok: true, moved: false };
  const d1 = db.$client;
  const removal = request.kind === "remove" ? [d1.prepare("DELETE FROM gameplan_plays WHERE id = ? AND gameplan_id = ?").bind(entryId, gameplanId)] : [];
  try {
    await d1.batch([touchGameplan(db, userId, gameplanId, Date.now()), ...removal, ...slotStatements(db, gameplanId, changes)]);
  } catch (error) {
    // Another tab changed the gameplan between the read and the batch: nothing of this one was applied.
    if (hasErrorMessage(error, /UNIQUE constraint failed/)) return { ok: false, status: 409, error: "The gameplan changed in the meantime. Please try again." };
    throw error;
  }
  return { ok: true, moved: true };
}

/** The note of one play of the member's gameplan (empty clears it). */
export async function saveEntryNote(db: Database, userId: string, gameplanId: number, entryId: number, note: string | null): Promise<Outcome> {
  const result = await db.run(sql`
    UPDATE gameplan_plays SET note = ${note}
    WHERE id = ${entryId} AND gameplan_id = ${gameplanId} AND EXISTS (SELECT 1 FROM gameplans WHERE id = ${gameplanId} AND user_id = ${userId})`);
  return result.meta.changes ? { ok: true } : ENTRY_NOT_FOUND;
}

/** A gameplan id from a URL or a form: a positive integer, or null (a page that is not there). */
export function gameplanIdOf(value: unknown): number | null {
  return typeof value === "string" && /^[1-9]\d{0,9}$/.test(value) && Number(value) < 2 ** 31 ? Number(value) : null;
}

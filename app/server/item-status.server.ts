import { and, eq, inArray, sql } from "drizzle-orm";
import { content, contentPlays, contentSections, contentStatuses, playStatuses, statusChanges, type Game } from "../../db/schema.ts";
import { applyStatusChange, type PatchStatus, type StatusInput } from "../lib/patch.ts";
import type { Database } from "./db.server.ts";
import { currentUpdateOf, currentUpdateSql, gameplayBasisOf, type ItemKind, type ItemRef } from "./patch.server.ts";

// Staff setting the status of a content item or play against its game's current update (the
// editor's status forms and the re-test queue), with one history row per change in the same batch.

/** The status a content item or play had before a staff change, with its game and that game's current update. */
type ItemState = {
  contentId: number;
  game: Game;
  status: PatchStatus;
  updateId: number | null;
  note: string | null;
  alternative: string | null;
  changedAt: Date | null;
  currentUpdateId: number | null;
  /** The game's newest gameplay update in effect (the basis a status form was opened on). */
  gameplayBasis: number | null;
};

async function readItemState(db: Database, item: ItemRef): Promise<ItemState | null> {
  if (item.kind === "content") {
    const [row] = await db
      .select({
        contentId: contentStatuses.contentId,
        game: contentStatuses.game,
        status: contentStatuses.status,
        updateId: contentStatuses.statusUpdateId,
        note: contentStatuses.statusNote,
        alternative: contentStatuses.statusAlternative,
        changedAt: contentStatuses.statusChangedAt,
        currentUpdateId: sql<number | null>`${currentUpdateOf(contentStatuses.game)}`,
        gameplayBasis: sql<number | null>`${gameplayBasisOf(contentStatuses.game)}`,
      })
      .from(contentStatuses)
      .where(eq(contentStatuses.contentId, item.id))
      .limit(1);
    return row ?? null;
  }
  const [row] = await db
    .select({
      contentId: content.id,
      game: content.game,
      status: playStatuses.status,
      updateId: playStatuses.statusUpdateId,
      note: playStatuses.statusNote,
      alternative: playStatuses.statusAlternative,
      changedAt: playStatuses.statusChangedAt,
      currentUpdateId: sql<number | null>`${currentUpdateOf(content.game)}`,
      gameplayBasis: sql<number | null>`${gameplayBasisOf(content.game)}`,
    })
    .from(contentPlays)
    .innerJoin(playStatuses, eq(playStatuses.playId, contentPlays.id))
    .innerJoin(contentSections, eq(contentSections.id, contentPlays.sectionId))
    .innerJoin(content, eq(content.id, contentSections.contentId))
    .where(eq(contentPlays.id, item.id))
    .limit(1);
  return row ?? null;
}

/** `notified`: the change reaches members who follow the item (a new note or link alone does not). */
export type SetStatusResult = { ok: true; changed: boolean; notified: boolean } | { ok: false; error: string; notFound?: true; changedSince?: true };

export const STATUS_CHANGED_SINCE =
  "Not saved: this status changed after you opened the editor (its badge shows it now). Your typing is kept here; check it, then save again.";

const CHANGED_SINCE: SetStatusResult = { ok: false, error: STATUS_CHANGED_SINCE, changedSince: true };

export const STATUS_NEWER_UPDATE =
  "Not saved: a title update that touches gameplay took effect after you opened the editor, so this was tested on the game before it. Test again on the current update; your typing is kept here.";

const NEWER_UPDATE_SINCE: SetStatusResult = { ok: false, error: STATUS_NEWER_UPDATE, changedSince: true };

/**
 * A staff member sets one item's status against its game's current update: the item and its
 * history row are written in one batch. Setting what is already there writes nothing; changing
 * only the note or the alternative is history that notifies nobody.
 */
export async function setItemStatus(
  db: Database,
  item: ItemRef,
  input: StatusInput & { revision?: number | null; basis?: number | null },
  staffId: string,
  now = Date.now(),
): Promise<SetStatusResult> {
  const state = await readItemState(db, item);
  if (!state) return { ok: false, error: "That item no longer exists.", notFound: true };
  // The form's revision (the status's last change when it was opened): a status changed since (an
  // update's re-test, another staff member) is not overwritten unseen. Its basis (the game's newest
  // gameplay update then): a status tested before a gameplay update took effect is not stamped on
  // that update, which nobody tested it on (an item already waiting for a re-test keeps its revision).
  const revision = state.changedAt?.getTime() ?? 0;
  if (input.revision != null && input.revision !== revision) return CHANGED_SINCE;
  if (input.basis != null && input.basis !== (state.gameplayBasis ?? 0)) return NEWER_UPDATE_SINCE;
  const result = applyStatusChange(state, input, state.currentUpdateId);
  if ("error" in result) return { ok: false, error: result.error };
  if ("unchanged" in result) return { ok: true, changed: false, notified: false };
  const { next } = result;
  if (next.alternative) {
    const page = await sitePageOf(db, next.alternative);
    if (!page) return { ok: false, error: MISSING_ALTERNATIVE };
    // 'Use this instead' on the nerfed item's own page, leading back to it.
    const itself = page !== "elsewhere" && (item.kind === "play" ? page.playId === item.id : page.contentId === state.contentId && page.playId === null);
    if (itself) return { ok: false, error: ALTERNATIVE_IS_ITSELF };
  }
  // Members hear of a new status or a new update it holds on; a corrected note or alternative is
  // kept in the history but is not news (it would ring the bell and fill the digest again).
  const notify = next.status !== state.status || next.updateId !== state.updateId;
  // The history row is written only while the item still exists: status_changes has no foreign
  // key on its item (migration 0012), so an item deleted since it was read gets no orphan row.
  const d1 = db.$client;
  const [itemTable, itemKey] = item.kind === "content" ? ["content_status", "content_id"] : ["play_status", "play_id"];
  // Both statements write only while the status is still the one read (a change in between wins).
  const unchanged = `${itemKey} = ? AND coalesce(status_changed_at, 0) = ?`;
  const [, updated] = await d1.batch([
    d1
      .prepare(
        `INSERT INTO status_changes (item_kind, content_id, play_id, from_status, to_status, update_id, note, changed_by, notify, changed_at)
         SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM ${itemTable} WHERE ${unchanged})`,
      )
      .bind(item.kind, state.contentId, item.kind === "play" ? item.id : null, state.status, next.status, next.updateId, next.note, staffId, notify ? 1 : 0, now, item.id, revision),
    d1
      .prepare(`UPDATE ${itemTable} SET status = ?, status_update_id = ?, status_note = ?, status_alternative = ?, status_changed_at = ? WHERE ${unchanged}`)
      .bind(next.status, next.updateId, next.note, next.alternative, now, item.id, revision),
  ]);
  if (updated.meta.changes === 0) return (await readItemState(db, item)) ? CHANGED_SINCE : { ok: false, error: "That item no longer exists.", notFound: true };
  return { ok: true, changed: true, notified: notify };
}

/**
 * The queue's 'Verified' and 'Mark verified': each item becomes verified on its game's current
 * update, with a history row, in one batch (four statements for any number of items). Items
 * already verified on that update are left as they are. Returns how many changed.
 */
export async function markVerified(db: Database, items: readonly ItemRef[], staffId: string, now = Date.now()): Promise<number> {
  const contentIds = [...new Set(items.filter((item) => item.kind === "content").map((item) => item.id))];
  const playIds = JSON.stringify([...new Set(items.filter((item) => item.kind === "play").map((item) => item.id))]);
  const changed = await verify(db, contentIds, { ids: "(SELECT value FROM json_each(?))", params: [playIds] }, "1", staffId, now);
  return changed.plays + changed.content;
}

/**
 * The queue's 'Verified with its plays' on a scheme: the scheme and every play of it that needs a
 * re-test, as markVerified would, in one batch. The scheme's history row tells its followers; its
 * plays' rows notify only when the scheme gets none (it was verified on the update already), as
 * the re-test after an update does. Returns how many changed (scheme and plays).
 */
export async function markSchemeVerified(db: Database, contentId: number, staffId: string, now = Date.now()): Promise<{ scheme: boolean; plays: number }> {
  const plays = `(SELECT p2.id FROM content_plays p2 JOIN content_sections s2 ON s2.id = p2.section_id JOIN play_status ps2 ON ps2.play_id = p2.id
    WHERE s2.content_id = ? AND ps2.status = 'needs-retest')`;
  const schemeGetsNoRow = `(cs.status <> 'needs-retest')`;
  const changed = await verify(db, [contentId], { ids: plays, params: [contentId] }, `(CASE WHEN ${schemeGetsNoRow} THEN 1 ELSE 0 END)`, staffId, now);
  return { scheme: changed.content > 0, plays: changed.plays };
}

/**
 * Verifies content items and plays on their game's current update (see markVerified). `plays.ids`
 * is a subquery of play ids; `playNotify` says whether a play's history row notifies (SQL over the
 * play's content row c and its status row cs, read before the content rows change: the play rows
 * are written first).
 */
async function verify(db: Database, contentIds: readonly number[], plays: { ids: string; params: unknown[] }, playNotify: string, staffId: string, now: number) {
  const d1 = db.$client;
  const contentJson = JSON.stringify(contentIds);
  // Only what still waits in the queue: a status someone set meanwhile (nerfed, adjusted, verified)
  // is not overwritten unseen.
  const contentNeedsChange = `cs.content_id IN (SELECT value FROM json_each(?)) AND cs.status = 'needs-retest'`;
  // The current update of the game of the play whose status row is ps.
  const playCurrent = `(SELECT ${currentUpdateSql("c.game")} FROM content_plays p JOIN content_sections s ON s.id = p.section_id JOIN content c ON c.id = s.content_id WHERE p.id = ps.play_id)`;
  const playNeedsChange = `p.id IN ${plays.ids} AND ps.status = 'needs-retest'`;
  const results = await d1.batch([
    d1
      .prepare(
        `INSERT INTO status_changes (item_kind, content_id, play_id, from_status, to_status, update_id, changed_by, notify, changed_at)
         SELECT 'play', c.id, p.id, ps.status, 'verified', ${currentUpdateSql("c.game")}, ?, ${playNotify}, ?
         FROM content_plays p JOIN play_status ps ON ps.play_id = p.id JOIN content_sections s ON s.id = p.section_id JOIN content c ON c.id = s.content_id
           JOIN content_status cs ON cs.content_id = c.id
         WHERE ${playNeedsChange}`,
      )
      .bind(staffId, now, ...plays.params),
    d1
      .prepare(
        `UPDATE play_status AS ps SET status = 'verified', status_update_id = ${playCurrent}, status_note = NULL, status_alternative = NULL, status_changed_at = ?
         WHERE ps.play_id IN ${plays.ids} AND ps.status = 'needs-retest'`,
      )
      .bind(now, ...plays.params),
    d1
      .prepare(
        `INSERT INTO status_changes (item_kind, content_id, from_status, to_status, update_id, changed_by, notify, changed_at)
         SELECT 'content', cs.content_id, cs.status, 'verified', ${currentUpdateSql("cs.game")}, ?, 1, ? FROM content_status cs WHERE ${contentNeedsChange}`,
      )
      .bind(staffId, now, contentJson),
    d1
      .prepare(
        `UPDATE content_status AS cs SET status = 'verified', status_update_id = ${currentUpdateSql("cs.game")}, status_note = NULL, status_alternative = NULL, status_changed_at = ?
         WHERE ${contentNeedsChange}`,
      )
      .bind(now, contentJson),
  ]);
  return { plays: results[1].meta.changes ?? 0, content: results[3].meta.changes ?? 0 };
}

/**
 * A new item and each new play start 'Verified' on their game's current update (staff just made
 * them): the update is named on the badge, and the history gets their first row (from nothing,
 * not notified: nobody follows what did not exist), so /updates lists them under that update as
 * the badge says. "New" is a row never stamped (no status_changed_at). For the caller's batch,
 * after the item and its plays are written; `slug` names the item as saved.
 */
export function firstStatusStatements(db: Database, slug: string, staffId: string | null, now: number) {
  // Drizzle builders, not raw statements: they go into the editor's db.batch with the item itself.
  const unstamped = and(eq(contentStatuses.status, "verified"), sql`${contentStatuses.statusChangedAt} IS NULL`);
  const newPlays = db
    .select({ playId: playStatuses.playId })
    .from(content)
    .innerJoin(contentSections, eq(contentSections.contentId, content.id))
    .innerJoin(contentPlays, eq(contentPlays.sectionId, contentSections.id))
    .innerJoin(playStatuses, eq(playStatuses.playId, contentPlays.id))
    .where(and(eq(content.slug, slug), eq(playStatuses.status, "verified"), sql`${playStatuses.statusChangedAt} IS NULL`));
  const firstRow = (kind: "content" | "play", playId: unknown) => historyRow({ kind, playId, from: null, toStatus: "verified", staffId, notify: false, now });
  return [
    db.insert(statusChanges).select(
      db
        .select(firstRow("content", sql`NULL`))
        .from(content)
        .innerJoin(contentStatuses, eq(contentStatuses.contentId, content.id))
        .where(and(eq(content.slug, slug), unstamped)),
    ),
    db.insert(statusChanges).select(
      db
        .select(firstRow("play", contentPlays.id))
        .from(content)
        .innerJoin(contentSections, eq(contentSections.contentId, content.id))
        .innerJoin(contentPlays, eq(contentPlays.sectionId, contentSections.id))
        .where(sql`${contentPlays.id} IN ${newPlays}`),
    ),
    db
      .update(contentStatuses)
      .set({ statusUpdateId: sql`${currentUpdateOf(contentStatuses.game)}`, statusChangedAt: new Date(now) })
      .where(and(inArray(contentStatuses.contentId, db.select({ id: content.id }).from(content).where(eq(content.slug, slug))), unstamped)),
    db
      .update(playStatuses)
      .set({
        statusChangedAt: new Date(now),
        statusUpdateId: sql`(SELECT ${currentUpdateOf(sql`c.game`)} FROM ${content} c JOIN ${contentSections} s ON s.content_id = c.id JOIN ${contentPlays} p ON p.section_id = s.id WHERE p.id = ${playStatuses.playId})`,
      })
      .where(sql`${playStatuses.playId} IN ${newPlays}`),
  ] as const;
}

/** The columns of the status an item had, for a history row's from_* columns. */
type PriorStatus = { status: unknown; updateId: unknown; note: unknown; alternative: unknown; changedAt: unknown };

/**
 * One status_changes row for drizzle's insert ... select over content (every column, in its
 * order), against the current update of the item's game: from nothing (`from` null), or from the
 * status it replaces, kept whole so that a re-test can be taken back (undoRetestStatements).
 */
function historyRow(row: { kind: "content" | "play"; playId: unknown; from: PriorStatus | null; toStatus: PatchStatus; staffId: string | null; notify: boolean; now: number }) {
  const { from } = row;
  return {
    id: sql<number>`NULL`.as("id"),
    itemKind: sql<"content" | "play">`${row.kind}`.as("item_kind"),
    contentId: content.id,
    playId: sql<number | null>`${row.playId}`.as("play_id"),
    fromStatus: sql<PatchStatus | null>`${from ? from.status : sql`NULL`}`.as("from_status"),
    toStatus: sql<PatchStatus>`${row.toStatus}`.as("to_status"),
    updateId: sql<number | null>`${currentUpdateOf(content.game)}`.as("update_id"),
    note: sql<null>`NULL`.as("note"),
    changedBy: sql<string | null>`${row.staffId}`.as("changed_by"),
    notify: sql<boolean>`${row.notify ? 1 : 0}`.as("notify"),
    changedAt: sql<Date>`${row.now}`.as("changed_at"),
    fromUpdateId: sql<number | null>`${from ? from.updateId : sql`NULL`}`.as("from_update_id"),
    fromNote: sql<string | null>`${from ? from.note : sql`NULL`}`.as("from_note"),
    fromAlternative: sql<string | null>`${from ? from.alternative : sql`NULL`}`.as("from_alternative"),
    fromChangedAt: sql<Date | null>`${from ? from.changedAt : sql`NULL`}`.as("from_changed_at"),
  };
}

/**
 * For the content editor's batch, after an item moved to the other game is written: it was never
 * tested there. It and its plays go to re-test on their new game's current update, with history;
 * the item's row tells its followers, its plays' rows do not (as after an update).
 */
export function movedGameStatements(db: Database, contentId: number, staffId: string | null, now: number) {
  const movedPlays = db
    .select({ playId: contentPlays.id })
    .from(contentPlays)
    .innerJoin(contentSections, eq(contentSections.id, contentPlays.sectionId))
    .where(eq(contentSections.contentId, contentId));
  const retestRow = (kind: "content" | "play", playId: unknown, from: PriorStatus) =>
    historyRow({ kind, playId, from, toStatus: "needs-retest", staffId, notify: kind === "content", now });
  const retest = { status: "needs-retest" as const, statusNote: null, statusAlternative: null, statusChangedAt: new Date(now) };
  return [
    db.insert(statusChanges).select(
      db
        .select(
          retestRow("play", contentPlays.id, {
            status: playStatuses.status,
            updateId: playStatuses.statusUpdateId,
            note: playStatuses.statusNote,
            alternative: playStatuses.statusAlternative,
            changedAt: playStatuses.statusChangedAt,
          }),
        )
        .from(playStatuses)
        .innerJoin(contentPlays, eq(contentPlays.id, playStatuses.playId))
        .innerJoin(contentSections, eq(contentSections.id, contentPlays.sectionId))
        .innerJoin(content, eq(content.id, contentSections.contentId))
        .where(eq(content.id, contentId)),
    ),
    db
      .update(playStatuses)
      .set({ ...retest, statusUpdateId: sql`(SELECT ${currentUpdateOf(sql`c.game`)} FROM ${content} c WHERE c.id = ${contentId})` })
      .where(sql`${playStatuses.playId} IN ${movedPlays}`),
    db.insert(statusChanges).select(
      db
        .select(
          retestRow("content", sql`NULL`, {
            status: contentStatuses.status,
            updateId: contentStatuses.statusUpdateId,
            note: contentStatuses.statusNote,
            alternative: contentStatuses.statusAlternative,
            changedAt: contentStatuses.statusChangedAt,
          }),
        )
        .from(content)
        .innerJoin(contentStatuses, eq(contentStatuses.contentId, content.id))
        .where(eq(content.id, contentId)),
    ),
    // The status row's game is the item's new one already (a trigger copies it with the item's save).
    db.update(contentStatuses).set({ ...retest, statusUpdateId: sql`${currentUpdateOf(contentStatuses.game)}` }).where(eq(contentStatuses.contentId, contentId)),
  ] as const;
}

export type ItemStatusRow = {
  kind: ItemKind;
  id: number;
  title: string;
  sectionTitle: string | null;
  status: PatchStatus;
  note: string | null;
  alternative: string | null;
  version: string | null;
  // The status's last change (ms, 0 for never): the card's forms send it back (setItemStatus).
  revision: number;
  // The game's newest gameplay update in effect (0 for none): sent back too.
  basis: number;
};

/** A content item's status and each of its plays' (the content editor's 'Patch status' card). */
export function itemStatusesQuery(db: Database, contentId: number) {
  return db.all<ItemStatusRow>(sql`
    SELECT 'content' AS kind, c.id AS id, c.title AS title, NULL AS sectionTitle, cs.status AS status, cs.status_note AS note,
           cs.status_alternative AS alternative, (SELECT version FROM title_updates WHERE id = cs.status_update_id) AS version,
           coalesce(cs.status_changed_at, 0) AS revision, -1 AS position, coalesce(${gameplayBasisOf(sql`c.game`)}, 0) AS basis
    FROM content c JOIN content_status cs ON cs.content_id = c.id WHERE c.id = ${contentId}
    UNION ALL
    SELECT 'play', p.id, p.title, s.title, ps.status, ps.status_note, ps.status_alternative,
           (SELECT version FROM title_updates WHERE id = ps.status_update_id), coalesce(ps.status_changed_at, 0), s.position * 1000 + p.position,
           coalesce(${gameplayBasisOf(sql`(SELECT game FROM content WHERE id = s.content_id)`)}, 0)
    FROM content_plays p JOIN play_status ps ON ps.play_id = p.id JOIN content_sections s ON s.id = p.section_id WHERE s.content_id = ${contentId}
    ORDER BY position, id`);
}

export const MISSING_ALTERNATIVE = "No published page of this site has that address. Copy the link from the page members should use instead.";
export const ALTERNATIVE_IS_ITSELF = "That link leads back to this item's own page. Link what members should use instead.";

/**
 * What a link to the library names, when it exists (a page elsewhere on the site or on another
 * site: "elsewhere"): a scheme or other item: a scheme or other item, and the
 * formation and play it names (/content/{slug}/section/{formation}/play/{play}, /scheme/{slug}).
 * Other paths of the site and outside addresses are taken as they are.
 */
async function sitePageOf(db: Database, link: string): Promise<{ contentId: number; playId: number | null } | "elsewhere" | null> {
  if (!link.startsWith("/")) return "elsewhere";
  const path = link.split(/[?#]/)[0];
  // The router reads the fixed words of a path in any case ('/Content/...'); a slug is as stored.
  const match = /^\/(?:content\/([^/]+)(?:\/section\/([^/]+)(?:\/play\/([^/]+))?)?|scheme\/([^/]+))\/?$/i.exec(path);
  if (!match) return /^\/(content|scheme)(\/|$)/i.test(path) ? null : "elsewhere";
  const decode = (part: string | undefined) => {
    try {
      return part === undefined ? null : decodeURIComponent(part);
    } catch {
      return "";
    }
  };
  const [slug, section, play] = [decode(match[1] ?? match[4]), decode(match[2]), decode(match[3])];
  const rows = await db.all<{ contentId: number; playId: number | null }>(sql`
    SELECT c.id AS contentId, p.id AS playId FROM content c
    LEFT JOIN content_sections s ON s.content_id = c.id AND s.slug = ${section}
    LEFT JOIN content_plays p ON p.section_id = s.id AND p.slug = ${play}
    WHERE c.slug = ${slug} AND c.is_published = 1 AND (${section} IS NULL OR s.id IS NOT NULL) AND (${play} IS NULL OR p.id IS NOT NULL)
    LIMIT 1`);
  return rows[0] ?? null;
}

import { and, desc, eq, sql } from "drizzle-orm";
import { titleUpdates, type Game } from "../../db/schema.ts";
import { isoDay } from "../lib/patch.ts";
import type { TitleUpdateValue } from "../lib/schemas/patch.ts";
import { hasErrorMessage, type Database } from "./db.server.ts";

// Recording, editing, applying and deleting a game's title updates, with the re-test a gameplay
// update sends the game's verified and adjusted items to (and its undo). Each save is one D1 batch.

/** Which update a re-test names: a known id, or the one a batch is inserting (found by game and version). */
export type UpdateRef = { id: number } | { version: string };

/**
 * After a gameplay update becomes a game's current one: every verified or adjusted content item and
 * play of the game goes back to 'Needs re-test', with one history row each, in four statements
 * (not a loop). Content rows notify their followers. A play's row notifies only when its scheme
 * gets no row of its own (the scheme was already re-testing, or nerfed): otherwise the scheme's row
 * already tells the play's followers, and nine more per scheme would drown the bell. Returned as D1
 * statements for the caller's batch; the play rows are written before the content UPDATE, so they
 * read the scheme's status from before it.
 *
 * `appliedAt`: each statement runs only if the update's applied_at is this value, which the same
 * batch has just set from NULL. A scheduled update that staff and the scheduled job apply at the
 * same moment is re-tested once: the second batch finds it applied by the first and does nothing
 * (it would otherwise send back what staff had verified in between).
 */
export function retestStatements(db: Database, game: Game, ref: UpdateRef, staffId: string | null, now: number, appliedAt?: number): D1PreparedStatement[] {
  const d1 = db.$client;
  const [update, updateParams] =
    "id" in ref ? ["?", [ref.id]] : ["(SELECT id FROM title_updates WHERE game = ? AND version = ?)", [game, ref.version]];
  const [guard, guardParams] =
    appliedAt === undefined ? ["", []] : [` AND (SELECT applied_at FROM title_updates WHERE id = ${update}) = ?`, [...updateParams, appliedAt]];
  return [
    d1
      .prepare(
        `INSERT INTO status_changes (item_kind, content_id, from_status, to_status, update_id, changed_by, notify, changed_at, from_update_id, from_note, from_alternative, from_changed_at)
         SELECT 'content', content_id, status, 'needs-retest', ${update}, ?, 1, ?, status_update_id, status_note, status_alternative, status_changed_at
         FROM content_status WHERE game = ? AND status IN ('verified', 'adjusted')${guard}`,
      )
      .bind(...updateParams, staffId, now, game, ...guardParams),
    d1
      .prepare(
        `INSERT INTO status_changes (item_kind, content_id, play_id, from_status, to_status, update_id, changed_by, notify, changed_at, from_update_id, from_note, from_alternative, from_changed_at)
         SELECT 'play', s.content_id, p.id, ps.status, 'needs-retest', ${update}, ?, CASE WHEN cs.status IN ('verified', 'adjusted') THEN 0 ELSE 1 END, ?,
                ps.status_update_id, ps.status_note, ps.status_alternative, ps.status_changed_at
         FROM content_status cs JOIN content_sections s ON s.content_id = cs.content_id JOIN content_plays p ON p.section_id = s.id JOIN play_status ps ON ps.play_id = p.id
         WHERE cs.game = ? AND ps.status IN ('verified', 'adjusted')${guard}`,
      )
      .bind(...updateParams, staffId, now, game, ...guardParams),
    d1
      .prepare(
        `UPDATE content_status SET status = 'needs-retest', status_update_id = ${update}, status_note = NULL, status_alternative = NULL, status_changed_at = ?
         WHERE game = ? AND status IN ('verified', 'adjusted')${guard}`,
      )
      .bind(...updateParams, now, game, ...guardParams),
    d1
      .prepare(
        `UPDATE play_status SET status = 'needs-retest', status_update_id = ${update}, status_note = NULL, status_alternative = NULL, status_changed_at = ?
         WHERE status IN ('verified', 'adjusted')
           AND play_id IN (SELECT p.id FROM content_plays p JOIN content_sections s ON s.id = p.section_id JOIN content_status cs ON cs.content_id = s.content_id WHERE cs.game = ?)${guard}`,
      )
      .bind(...updateParams, now, game, ...guardParams),
  ];
}

/**
 * `retested`: the game's items went back to re-test with this save. `scheduled`: the update is
 * dated ahead and takes effect on its release day (its re-test, if it touches gameplay, runs then).
 * `older`: it touches gameplay but is dated before the game's current update, so it re-tests nothing.
 */
export type SaveUpdateResult =
  | { ok: true; id: number; retested: boolean; scheduled: boolean; older: boolean; restored?: number; carried?: number; carriedTo?: string }
  | { ok: false; error: string; field?: "version" | "releasedOn"; revision?: number };

export const TITLE_UPDATE_CHANGED =
  "Not saved: this title update was saved after you opened it (by another staff member, or by you in another tab). Your changes are kept here; check them against the list, then save again to replace their version.";

/** The newest release date of a game's other updates in effect (null when it has none). */
async function newestOtherRelease(db: Database, game: Game, exceptId: number | null) {
  const [row] = await db
    .select({ releasedOn: titleUpdates.releasedOn })
    .from(titleUpdates)
    .where(and(eq(titleUpdates.game, game), sql`${titleUpdates.appliedAt} IS NOT NULL`, exceptId ? sql`${titleUpdates.id} <> ${exceptId}` : undefined))
    .orderBy(desc(titleUpdates.releasedOn), desc(titleUpdates.id))
    .limit(1);
  return row?.releasedOn ?? null;
}

/**
 * The first gameplay update in effect that came out after a release (same day: recorded after it),
 * other than the update itself: what an item's re-test is owed to once that update goes or stops
 * touching gameplay. Null when none has.
 */
async function nextGameplayUpdate(db: Database, game: Game, after: { id: number; releasedOn: string }) {
  const [row] = await db
    .select({ id: titleUpdates.id, version: titleUpdates.version })
    .from(titleUpdates)
    .where(
      and(
        eq(titleUpdates.game, game),
        eq(titleUpdates.gameplay, true),
        sql`${titleUpdates.appliedAt} IS NOT NULL`,
        sql`${titleUpdates.id} <> ${after.id}`,
        sql`(${titleUpdates.releasedOn} > ${after.releasedOn} OR (${titleUpdates.releasedOn} = ${after.releasedOn} AND ${titleUpdates.id} > ${after.id}))`,
      ),
    )
    .orderBy(titleUpdates.releasedOn, titleUpdates.id)
    .limit(1);
  return row ?? null;
}

/**
 * Items and plays an update left to re-test are still owed a re-test after a later gameplay update:
 * they name that one instead, when the first stops counting (deleted, or no longer touching
 * gameplay), and so does the history row of that re-test, so that taking back the later update's
 * re-test (undoRetestStatements) gives them their status from before both. For the caller's batch,
 * in this order (the history row first, while the item still names the first update); the second
 * and third statements' changes are the count.
 */
function carryRetestStatements(db: Database, fromId: number, toId: number): D1PreparedStatement[] {
  const d1 = db.$client;
  const history = d1
    .prepare(
      `UPDATE status_changes AS sc SET update_id = ?2
       WHERE sc.update_id = ?1 AND sc.to_status = 'needs-retest' AND sc.from_status IS NOT NULL AND (
         (sc.item_kind = 'content' AND sc.id = (SELECT max(x.id) FROM status_changes x WHERE x.item_kind = 'content' AND x.content_id = sc.content_id)
           AND EXISTS (SELECT 1 FROM content_status cs WHERE cs.content_id = sc.content_id AND cs.status = 'needs-retest' AND cs.status_update_id = ?1))
         OR (sc.item_kind = 'play' AND sc.id = (SELECT max(x.id) FROM status_changes x WHERE x.play_id = sc.play_id)
           AND EXISTS (SELECT 1 FROM play_status ps WHERE ps.play_id = sc.play_id AND ps.status = 'needs-retest' AND ps.status_update_id = ?1)))`,
    )
    .bind(fromId, toId);
  const items = ["content_status", "play_status"].map((table) =>
    d1.prepare(`UPDATE ${table} SET status_update_id = ?2 WHERE status = 'needs-retest' AND status_update_id = ?1`).bind(fromId, toId),
  );
  return [history, ...items];
}

const duplicateVersion = (version: string): SaveUpdateResult => ({ ok: false, error: `${version} is already recorded for this game.`, field: "version" });

/**
 * Records a new title update. Dated today or before, it takes effect at once: when it touches
 * gameplay and is (or ties) the game's newest in effect, the re-test of retestStatements runs in the
 * same batch, so the update and its effect land together or not at all (an older update entered
 * afterwards, for the record, changes no status). Dated ahead, it is scheduled: nothing changes until
 * applyDueUpdates applies it on its release day (UTC).
 */
export async function recordTitleUpdate(db: Database, value: TitleUpdateValue, staffId: string, now = Date.now()): Promise<SaveUpdateResult> {
  const scheduled = value.releasedOn > isoDay(now);
  const newest = scheduled ? null : await newestOtherRelease(db, value.game, null);
  const retest = !scheduled && value.gameplay && (newest === null || value.releasedOn >= newest);
  const d1 = db.$client;
  const insert = d1
    .prepare(
      `INSERT INTO title_updates (game, version, released_on, notes_url, summary, gameplay, applied_at, created_by, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    )
    .bind(value.game, value.version, value.releasedOn, value.notesUrl, value.summary, value.gameplay ? 1 : 0, scheduled ? null : now, staffId, now, now);
  try {
    const [inserted] = await d1.batch<{ id: number }>([insert, ...(retest ? retestStatements(db, value.game, { version: value.version }, staffId, now) : [])]);
    return { ok: true, id: inserted.results[0].id, retested: retest, scheduled, older: !scheduled && value.gameplay && !retest };
  } catch (error) {
    if (hasErrorMessage(error, /UNIQUE/)) return duplicateVersion(value.version);
    throw error;
  }
}

/**
 * Edits a title update. Turning 'touches gameplay' on for the game's current update sends its items
 * to re-test as recording it would have; turning it off on the current update, or correcting its
 * date to before another's, takes its re-test back (undoRetestStatements: what nobody re-tested
 * since gets its status back; `restored`). A
 * scheduled update moved to today or before takes effect with the save (a patch that came out
 * early); one in effect cannot move ahead of today, as its re-test has run.
 */
export async function editTitleUpdate(
  db: Database,
  id: number,
  value: TitleUpdateValue,
  staffId: string,
  now = Date.now(),
  revision: number | null = null,
): Promise<SaveUpdateResult | null> {
  const [existing] = await db.select().from(titleUpdates).where(eq(titleUpdates.id, id)).limit(1);
  if (!existing) return null;
  // Opened before another staff member's save: refused, and the form then carries the new revision.
  if (revision !== null && revision !== existing.updatedAt.getTime()) return { ok: false, error: TITLE_UPDATE_CHANGED, revision: existing.updatedAt.getTime() };
  if (existing.game !== value.game) return { ok: false, error: "An update cannot move to another game: delete it and record it again." };
  const scheduled = value.releasedOn > isoDay(now);
  if (scheduled && existing.appliedAt) {
    return { ok: false, error: `${existing.version} is already in effect: its release date cannot be later than today.`, field: "releasedOn" };
  }
  const applies = !scheduled && !existing.appliedAt;
  const newest = scheduled ? null : await newestOtherRelease(db, value.game, id);
  const isCurrent = !scheduled && (newest === null || value.releasedOn >= newest);
  // An older update whose date is corrected so that it becomes the newest re-tests as recording it
  // today would have; one that was current with gameplay already ran its re-test.
  const wasCurrent = !applies && (newest === null || existing.releasedOn >= newest);
  const retest = isCurrent && value.gameplay && (applies || !existing.gameplay || !wasCurrent);
  const d1 = db.$client;
  const statements = [
    d1
      .prepare(`UPDATE title_updates SET version = ?, released_on = ?, notes_url = ?, summary = ?, gameplay = ?, updated_at = ? WHERE id = ?`)
      .bind(value.version, value.releasedOn, value.notesUrl, value.summary, value.gameplay ? 1 : 0, now, id),
  ];
  if (applies) statements.push(d1.prepare(`UPDATE title_updates SET applied_at = ? WHERE id = ? AND applied_at IS NULL`).bind(now, id));
  if (retest) statements.push(...retestStatements(db, value.game, { id }, staffId, now, applies ? now : undefined));
  // A gameplay update in effect whose 'touches gameplay' goes off, or whose date is corrected to
  // before another's, no longer owes its re-test. When a later gameplay update came out since its
  // release, what it left to re-test still needs one, after that update; otherwise its re-test is
  // taken back (as recording it so would have run none).
  const laterBefore = existing.appliedAt && existing.gameplay ? await nextGameplayUpdate(db, value.game, existing) : null;
  const laterAfter = value.gameplay && !scheduled ? await nextGameplayUpdate(db, value.game, { id, releasedOn: value.releasedOn }) : null;
  const stops = Boolean(existing.appliedAt) && existing.gameplay && (!value.gameplay || Boolean(laterAfter) || (wasCurrent && !isCurrent));
  const undo = stops && !laterBefore;
  const carry = stops && laterBefore && !value.gameplay ? laterBefore : null;
  const changesAt = statements.length;
  if (undo) statements.push(...undoRetestStatements(db, id));
  if (carry) statements.push(...carryRetestStatements(db, id, carry.id));
  let results: D1Result[];
  try {
    results = await d1.batch(statements);
  } catch (error) {
    if (hasErrorMessage(error, /UNIQUE/)) return duplicateVersion(value.version);
    throw error;
  }
  const carried = carry ? { carried: restoredCount(results, changesAt + 1), carriedTo: carry.version } : {};
  return { ok: true, id, retested: retest, scheduled, older: value.gameplay && !isCurrent && !scheduled, ...(undo ? { restored: restoredCount(results, changesAt) } : {}), ...carried };
}

/**
 * The scheduled job's part: every scheduled update whose release day (UTC) has come takes effect,
 * in one batch. Per game, the newest of them that touches gameplay sends the game's items to
 * re-test, when it is (or ties) the newest in effect: a job that missed days applies them all, and
 * re-tests once. Running again, or alongside a staff edit that applies the same update, changes
 * nothing more (see retestStatements' `appliedAt`). Returns the versions applied.
 */
export async function applyDueUpdates(db: Database, now = Date.now()): Promise<{ applied: string[]; retested: string[] }> {
  const due = await db
    .select({ id: titleUpdates.id, game: titleUpdates.game, version: titleUpdates.version, releasedOn: titleUpdates.releasedOn, gameplay: titleUpdates.gameplay })
    .from(titleUpdates)
    .where(and(sql`${titleUpdates.appliedAt} IS NULL`, sql`${titleUpdates.releasedOn} <= ${isoDay(now)}`))
    .orderBy(desc(titleUpdates.releasedOn), desc(titleUpdates.id));
  if (!due.length) return { applied: [], retested: [] };
  const d1 = db.$client;
  const statements = [
    d1.prepare(`UPDATE title_updates SET applied_at = ? WHERE applied_at IS NULL AND id IN (SELECT value FROM json_each(?))`).bind(now, JSON.stringify(due.map((row) => row.id))),
  ];
  const retested: string[] = [];
  for (const game of new Set(due.map((row) => row.game))) {
    const gameplay = due.find((row) => row.game === game && row.gameplay);
    if (!gameplay) continue;
    const newest = await newestOtherRelease(db, game, gameplay.id);
    if (newest !== null && gameplay.releasedOn < newest) continue;
    statements.push(...retestStatements(db, game, { id: gameplay.id }, null, now, now));
    retested.push(`${game} ${gameplay.version}`);
  }
  await d1.batch(statements);
  return { applied: due.map((row) => `${row.game} ${row.version}`), retested };
}

/**
 * Takes back an update's re-test (it was deleted as a mistake, or its 'touches gameplay' turned
 * off): every item and play it sent to re-test that nobody has touched since (its newest history row
 * is still that re-test) gets the status it had back whole, note, alternative and version included,
 * and that history row goes, so followers' notifications no longer report the change. What staff
 * re-tested or changed in between stays as they left it. For the caller's batch, in this order (each
 * DELETE finds the rows its UPDATE restored); the first two statements' changes are the counts.
 */
export function undoRetestStatements(db: Database, updateId: number): D1PreparedStatement[] {
  const d1 = db.$client;
  // The item's newest history row is this update's re-test, with the status it replaced.
  const newestIsRetest = (newest: string) =>
    `(SELECT sc.id FROM status_changes sc WHERE sc.id = (${newest}) AND sc.update_id = ?1 AND sc.to_status = 'needs-retest' AND sc.from_status IS NOT NULL)`;
  const newestOfContent = "SELECT max(x.id) FROM status_changes x WHERE x.item_kind = 'content' AND x.content_id = cs.content_id";
  const newestOfPlay = "SELECT max(x.id) FROM status_changes x WHERE x.play_id = ps.play_id";
  const restore = (table: string, alias: string, newest: string) =>
    `UPDATE ${table} AS ${alias} SET (status, status_update_id, status_note, status_alternative, status_changed_at) =
       (SELECT sc.from_status, (SELECT u.id FROM title_updates u WHERE u.id = sc.from_update_id), sc.from_note, sc.from_alternative, sc.from_changed_at
        FROM status_changes sc WHERE sc.id = ${newestIsRetest(newest)})
     WHERE ${alias}.status = 'needs-retest' AND ${alias}.status_update_id = ?1 AND ${newestIsRetest(newest)} IS NOT NULL`;
  const restored = (item: string) =>
    `DELETE FROM status_changes AS sc WHERE sc.update_id = ?1 AND sc.to_status = 'needs-retest' AND sc.from_status IS NOT NULL AND ${item}`;
  return [
    d1.prepare(restore("content_status", "cs", newestOfContent)).bind(updateId),
    d1.prepare(restore("play_status", "ps", newestOfPlay)).bind(updateId),
    d1
      .prepare(
        restored(`sc.item_kind = 'content' AND sc.id = (SELECT max(x.id) FROM status_changes x WHERE x.item_kind = 'content' AND x.content_id = sc.content_id)
          AND EXISTS (SELECT 1 FROM content_status cs WHERE cs.content_id = sc.content_id AND cs.status = sc.from_status AND cs.status_changed_at IS sc.from_changed_at)`),
      )
      .bind(updateId),
    d1
      .prepare(
        restored(`sc.item_kind = 'play' AND sc.id = (SELECT max(x.id) FROM status_changes x WHERE x.play_id = sc.play_id)
          AND EXISTS (SELECT 1 FROM play_status ps WHERE ps.play_id = sc.play_id AND ps.status = sc.from_status AND ps.status_changed_at IS sc.from_changed_at)`),
      )
      .bind(updateId),
  ];
}

/** Items and plays whose status an undo (undoRetestStatements' first two results) gave back. */
const restoredCount = (results: readonly D1Result[], from: number) => results[from].meta.changes + results[from + 1].meta.changes;

/**
 * Deletes a title update, in one batch with the undo of its re-test (undoRetestStatements): items
 * it sent to re-test that nobody touched since get their earlier status back. When a later gameplay
 * update came out since, they still need a re-test, after that one (`carried`, `carriedTo`).
 * Statuses staff set against it since keep their status and no longer name a version. Null when it
 * no longer exists; otherwise how many items and plays got their status back.
 */
export async function deleteTitleUpdate(
  db: Database,
  id: number,
): Promise<{ game: Game; version: string; restored: number; carried?: number; carriedTo?: string } | null> {
  const d1 = db.$client;
  const [existing] = await db.select().from(titleUpdates).where(eq(titleUpdates.id, id)).limit(1);
  if (!existing) return null;
  const later = existing.appliedAt && existing.gameplay ? await nextGameplayUpdate(db, existing.game, existing) : null;
  const remove = d1.prepare("DELETE FROM title_updates WHERE id = ?").bind(id);
  if (later) {
    const results = await d1.batch([...carryRetestStatements(db, id, later.id), remove]);
    if (results[3].meta.changes === 0) return null;
    return { game: existing.game, version: existing.version, restored: 0, carried: restoredCount(results, 1), carriedTo: later.version };
  }
  const results = await d1.batch([...undoRetestStatements(db, id), remove]);
  if (results[4].meta.changes === 0) return null;
  return { game: existing.game, version: existing.version, restored: restoredCount(results, 0) };
}

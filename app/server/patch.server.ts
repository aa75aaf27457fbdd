import { and, asc, desc, eq, sql } from "drizzle-orm";
import { GAMES } from "../../db/enums.ts";
import { content, contentPlays, contentSections, playStatuses, statusChanges, titleUpdates, users, type Game } from "../../db/schema.ts";
import { applyStatusChange, isoDay, type PatchStatus, type StatusInput } from "../lib/patch.ts";
import type { TitleUpdateValue } from "../lib/schemas/patch.ts";
import { hasErrorMessage, type Database, reusableSelect, type Param } from "./db.server.ts";

// The patch tracker: each game's title updates, the status of every content item and play against
// its game's current update, and the history of every status change. Writes that touch several rows
// go to D1 as one batch (one transaction); the re-test after a gameplay update is one statement per
// table, whatever the size of the library.

export type ItemKind = "content" | "play";
export type ItemRef = { kind: ItemKind; id: number };

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

/**
 * The id of a game's current title update: the newest by release date of those in effect. An update
 * dated ahead (scheduled) is not current before the scheduled job applies it on its day. As raw SQL
 * over a game column or placeholder; currentUpdateOf is the same for drizzle's builders.
 */
function currentUpdateSql(game: string) {
  return `(SELECT u.id FROM title_updates u WHERE u.game = ${game} AND u.applied_at IS NOT NULL ORDER BY u.released_on DESC, u.id DESC LIMIT 1)`;
}

function currentUpdateOf(game: unknown) {
  return sql`(SELECT u.id FROM ${titleUpdates} u WHERE u.game = ${game} AND u.applied_at IS NOT NULL ORDER BY u.released_on DESC, u.id DESC LIMIT 1)`;
}

/** A game's newest gameplay update in effect (retestBasis's part for that game), for drizzle's builders. */
function gameplayBasisOf(game: unknown) {
  return sql`(SELECT u.id FROM ${titleUpdates} u WHERE u.game = ${game} AND u.applied_at IS NOT NULL AND u.gameplay = 1 ORDER BY u.released_on DESC, u.id DESC LIMIT 1)`;
}

// ---------------------------------------------------------------------------------------------
// Reads

/** Every title update (a short table): pages map an item's status_update_id to its version label. */
export const updateVersionsQuery = reusableSelect((db: Database) => {
  return db
    .select({ id: titleUpdates.id, game: titleUpdates.game, version: titleUpdates.version, releasedOn: titleUpdates.releasedOn, appliedAt: titleUpdates.appliedAt })
    .from(titleUpdates)
    .orderBy(desc(titleUpdates.releasedOn), desc(titleUpdates.id));
});

export type UpdateVersionRow = Awaited<ReturnType<typeof updateVersionsQuery>>[number];

/** id → version label, from updateVersionsQuery's rows. */
export function versionLabels(rows: readonly UpdateVersionRow[]): Record<number, string> {
  const labels: Record<number, string> = {};
  for (const row of rows) labels[row.id] = row.version;
  return labels;
}

/**
 * The current update of each game (the newest in effect by release date), from the rows of
 * updateVersionsQuery or titleUpdatesQuery (newest first).
 */
export function currentUpdates<Row extends Pick<UpdateVersionRow, "game" | "appliedAt">>(rows: readonly Row[]): Partial<Record<Game, Row>> {
  const current: Partial<Record<Game, Row>> = {};
  for (const row of rows) if (row.appliedAt) current[row.game] ??= row;
  return current;
}

/**
 * Title update rows (newest first) as the pages show them: each says whether it is its game's
 * current update and whether it is still scheduled (dated ahead, not yet in effect).
 */
export function withStanding<Row extends Pick<UpdateVersionRow, "id" | "game" | "appliedAt">>(rows: readonly Row[]) {
  const current = new Set(Object.values(currentUpdates(rows)).map((row) => row.id));
  return rows.map(({ appliedAt, ...row }) => ({ ...row, current: current.has(row.id), scheduled: appliedAt === null }));
}

/**
 * What a re-test is run against: each game's newest gameplay update in effect ('college:3,madden:7'),
 * from title update rows newest first. The queue's forms carry it: a verification sent after another
 * gameplay update took effect was tested on the game before it, and is refused.
 */
export function retestBasis(rows: readonly Pick<TitleUpdateRow, "id" | "game" | "appliedAt" | "gameplay">[]): string {
  return [...newestGameplayUpdates(rows)].map(([game, id]) => `${game}:${id}`).sort().join(",");
}

/**
 * For each update in effect, the version of the first gameplay update in effect after it, or null
 * (nextGameplayUpdate's answer for the dashboard's list), from title update rows newest first.
 */
export function nextGameplayVersions(rows: readonly Pick<TitleUpdateRow, "id" | "game" | "version" | "appliedAt" | "gameplay">[]): Map<number, string | null> {
  const next = new Map<number, string | null>();
  const nearest = new Map<Game, string>();
  for (const row of rows) {
    if (!row.appliedAt) continue;
    next.set(row.id, nearest.get(row.game) ?? null);
    if (row.gameplay) nearest.set(row.game, row.version);
  }
  return next;
}

/** Each game's newest gameplay update in effect (its id), from title update rows newest first. */
function newestGameplayUpdates(rows: readonly Pick<TitleUpdateRow, "id" | "game" | "appliedAt" | "gameplay">[]): Map<Game, number> {
  const newest = new Map<Game, number>();
  for (const row of rows) if (row.appliedAt && row.gameplay && !newest.has(row.game)) newest.set(row.game, row.id);
  return newest;
}

/** The games whose part of two retestBasis values differs (a gameplay update of theirs took effect, went or changed). */
export function basisChangedGames(sent: string, now: string): Game[] {
  const parts = (basis: string) => new Map(basis.split(",").filter(Boolean).map((part) => part.split(":") as [string, string]));
  const [before, after] = [parts(sent), parts(now)];
  return GAMES.filter((game) => before.get(game) !== after.get(game));
}

/** The games of these queue items (schemes and other items, and plays). */
export async function gamesOfItems(db: Database, items: readonly ItemRef[]): Promise<Set<Game>> {
  const contentIds = JSON.stringify(items.filter((item) => item.kind === "content").map((item) => item.id));
  const playIds = JSON.stringify(items.filter((item) => item.kind === "play").map((item) => item.id));
  const rows = await db.all<{ game: Game }>(sql`
    SELECT c.game AS game FROM ${content} c WHERE c.id IN (SELECT value FROM json_each(${contentIds}))
    UNION
    SELECT c.game FROM ${contentPlays} p JOIN ${contentSections} s ON s.id = p.section_id JOIN ${content} c ON c.id = s.content_id
    WHERE p.id IN (SELECT value FROM json_each(${playIds}))`);
  return new Set(rows.map((row) => row.game));
}

/** Every title update with its full record, newest first (the dashboard's 'Updates' tab and /updates). */
export const titleUpdatesQuery = reusableSelect((db: Database) => {
  return db
    .select({
      id: titleUpdates.id,
      game: titleUpdates.game,
      version: titleUpdates.version,
      releasedOn: titleUpdates.releasedOn,
      notesUrl: titleUpdates.notesUrl,
      summary: titleUpdates.summary,
      gameplay: titleUpdates.gameplay,
      appliedAt: titleUpdates.appliedAt,
      // The edit form's revision (decision 0021): a save on an older one is refused.
      updatedAt: titleUpdates.updatedAt,
    })
    .from(titleUpdates)
    .orderBy(desc(titleUpdates.releasedOn), desc(titleUpdates.id));
});

export type TitleUpdateRow = Awaited<ReturnType<typeof titleUpdatesQuery>>[number];

/**
 * What staff verified, adjusted or marked nerfed against each update (the /updates timeline): one
 * row per item, its latest change per update, with what it takes to link to it. Plays carry their
 * scheme's and formation's slugs.
 */
export const updateOutcomesQuery = reusableSelect((db: Database) => {
  return db
    .select({
      updateId: statusChanges.updateId,
      toStatus: statusChanges.toStatus,
      itemKind: statusChanges.itemKind,
      contentId: statusChanges.contentId,
      playId: statusChanges.playId,
      // Distinct names: a read queue maps D1's rows by column name (see db.server.ts).
      contentSlug: sql<string>`${content.slug}`.as("content_slug"),
      contentTitle: sql<string>`${content.title}`.as("content_title"),
      requiredTier: content.requiredTier,
      sectionSlug: sql<string | null>`${contentSections.slug}`.as("section_slug"),
      playSlug: sql<string | null>`${contentPlays.slug}`.as("play_slug"),
      playTitle: sql<string | null>`${contentPlays.title}`.as("play_title"),
      changedAt: statusChanges.changedAt,
    })
    .from(statusChanges)
    .innerJoin(content, eq(content.id, statusChanges.contentId))
    .leftJoin(contentPlays, eq(contentPlays.id, statusChanges.playId))
    .leftJoin(contentSections, eq(contentSections.id, contentPlays.sectionId))
    .where(
      and(
        sql`${statusChanges.updateId} IS NOT NULL`,
        sql`${statusChanges.toStatus} <> 'needs-retest'`,
        eq(content.isPublished, true),
        // Only an item's last word on an update counts (verified, then nerfed the same week: nerfed).
        sql`${statusChanges.id} = (SELECT max(h.id) FROM ${statusChanges} h WHERE h.update_id = ${statusChanges.updateId} AND h.content_id = ${statusChanges.contentId} AND h.play_id IS ${statusChanges.playId} AND h.to_status <> 'needs-retest')`,
      ),
    )
    .orderBy(desc(statusChanges.updateId), asc(statusChanges.toStatus), asc(content.title), asc(contentPlays.position))
    .limit(2000);
});

/**
 * How many published items of each game still need a re-test (/updates, on patch day). Two counts on
 * content_game_status_idx, one per game: a few milliseconds at volume size. Plays are not counted:
 * at volume size that join costs a tenth of a second, and a scheme's own status already says it.
 */
export const stillToRetestQuery = reusableSelect((db: Database) => {
  const count = (game: Game) =>
    sql<number>`(SELECT count(*) FROM ${content} c WHERE c.game = ${game} AND c.status = 'needs-retest' AND c.is_published = 1)`;
  return db.select({ college: count("college").as("college"), madden: count("madden").as("madden") }).from(sql`(SELECT 1)`);
});

/** The status history of a content item and its plays, newest first (the content editor). */
export const itemHistoryQuery = reusableSelect((db: Database, contentId: Param<number>) => {
  return db
    .select({
      id: statusChanges.id,
      itemKind: statusChanges.itemKind,
      playId: statusChanges.playId,
      playTitle: contentPlays.title,
      fromStatus: statusChanges.fromStatus,
      toStatus: statusChanges.toStatus,
      version: titleUpdates.version,
      note: statusChanges.note,
      changedAt: statusChanges.changedAt,
      byFirstName: users.firstName,
      byLastName: users.lastName,
    })
    .from(statusChanges)
    .leftJoin(contentPlays, eq(contentPlays.id, statusChanges.playId))
    .leftJoin(titleUpdates, eq(titleUpdates.id, statusChanges.updateId))
    .leftJoin(users, eq(users.id, statusChanges.changedBy))
    .where(eq(statusChanges.contentId, contentId))
    .orderBy(desc(statusChanges.changedAt), desc(statusChanges.id))
    .limit(100);
});

export const RETEST_PAGE_SIZE = 50;

/**
 * The re-test queue: every content item and play that needs re-testing, the most favourited
 * (a play counts its scheme's favourites) first. `game` narrows it to one game.
 */
export function retestQueueQuery(db: Database, options: { game: Game | null; page: number }) {
  const offset = (Math.max(1, options.page) - 1) * RETEST_PAGE_SIZE;
  const gameFilter = options.game ? sql`AND c.game = ${options.game}` : sql``;
  // A scheme's row counts its plays that need a re-test ('Verified with its plays'), for the page's rows only.
  return db.all<RetestRow>(sql`
    WITH fav AS (SELECT content_id, count(*) AS n FROM favorites GROUP BY content_id),
    page AS (
    SELECT kind, id, contentId, slug, title, contentTitle, sectionSlug, playSlug, sectionTitle, game, statusUpdateId, favorites, position FROM (
      SELECT 'content' AS kind, c.id AS id, c.id AS contentId, c.slug AS slug, c.title AS title, c.title AS contentTitle, NULL AS sectionSlug, NULL AS playSlug,
             NULL AS sectionTitle, c.game AS game, c.status_update_id AS statusUpdateId, coalesce(fav.n, 0) AS favorites, 0 AS position
      FROM content c LEFT JOIN fav ON fav.content_id = c.id
      WHERE c.status = 'needs-retest' ${gameFilter}
      UNION ALL
      SELECT 'play', p.id, c.id, c.slug, p.title, c.title, s.slug, p.slug, s.title, c.game, ps.status_update_id, coalesce(fav.n, 0), 1 + s.position * 1000 + p.position
      FROM play_status ps
      JOIN content_plays p ON p.id = ps.play_id
      JOIN content_sections s ON s.id = p.section_id
      JOIN content c ON c.id = s.content_id
      LEFT JOIN fav ON fav.content_id = c.id
      WHERE ps.status = 'needs-retest' ${gameFilter}
    )
    ORDER BY favorites DESC, contentId DESC, position, id
    LIMIT ${RETEST_PAGE_SIZE} OFFSET ${offset})
    SELECT page.kind, page.id, page.contentId, page.slug, page.title, page.contentTitle, page.sectionSlug, page.playSlug, page.sectionTitle, page.game,
      page.statusUpdateId, page.favorites,
      (CASE page.kind WHEN 'content' THEN (SELECT count(*) FROM content_sections s JOIN content_plays p ON p.section_id = s.id JOIN play_status ps ON ps.play_id = p.id
        WHERE s.content_id = page.id AND ps.status = 'needs-retest') ELSE 0 END) AS playsToRetest
    FROM page ORDER BY page.favorites DESC, page.contentId DESC, page.position, page.id`);
}

export type RetestRow = {
  kind: ItemKind;
  id: number;
  contentId: number;
  slug: string;
  title: string;
  contentTitle: string;
  sectionSlug: string | null;
  playSlug: string | null;
  sectionTitle: string | null;
  game: Game;
  statusUpdateId: number | null;
  favorites: number;
  /** A scheme's plays that need a re-test (0 on a play's row). */
  playsToRetest: number;
};

/** How many items of each game need re-testing (the queue's heading and the tab's count). */
export function retestCountsQuery(db: Database) {
  return db.all<{ game: Game; total: number }>(sql`
    SELECT game, sum(total) AS total FROM (
      SELECT c.game AS game, count(*) AS total FROM content c WHERE c.status = 'needs-retest' GROUP BY c.game
      UNION ALL
      SELECT c.game, count(*) FROM play_status ps JOIN content_plays p ON p.id = ps.play_id JOIN content_sections s ON s.id = p.section_id
      JOIN content c ON c.id = s.content_id
      WHERE ps.status = 'needs-retest' GROUP BY c.game
    ) GROUP BY game`);
}

// ---------------------------------------------------------------------------------------------
// Title updates

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
         SELECT 'content', id, status, 'needs-retest', ${update}, ?, 1, ?, status_update_id, status_note, status_alternative, status_changed_at
         FROM content WHERE game = ? AND status IN ('verified', 'adjusted')${guard}`,
      )
      .bind(...updateParams, staffId, now, game, ...guardParams),
    d1
      .prepare(
        `INSERT INTO status_changes (item_kind, content_id, play_id, from_status, to_status, update_id, changed_by, notify, changed_at, from_update_id, from_note, from_alternative, from_changed_at)
         SELECT 'play', s.content_id, p.id, ps.status, 'needs-retest', ${update}, ?, CASE WHEN c.status IN ('verified', 'adjusted') THEN 0 ELSE 1 END, ?,
                ps.status_update_id, ps.status_note, ps.status_alternative, ps.status_changed_at
         FROM content c JOIN content_sections s ON s.content_id = c.id JOIN content_plays p ON p.section_id = s.id JOIN play_status ps ON ps.play_id = p.id
         WHERE c.game = ? AND ps.status IN ('verified', 'adjusted')${guard}`,
      )
      .bind(...updateParams, staffId, now, game, ...guardParams),
    d1
      .prepare(
        `UPDATE content SET status = 'needs-retest', status_update_id = ${update}, status_note = NULL, status_alternative = NULL, status_changed_at = ?
         WHERE game = ? AND status IN ('verified', 'adjusted')${guard}`,
      )
      .bind(...updateParams, now, game, ...guardParams),
    d1
      .prepare(
        `UPDATE play_status SET status = 'needs-retest', status_update_id = ${update}, status_note = NULL, status_alternative = NULL, status_changed_at = ?
         WHERE status IN ('verified', 'adjusted')
           AND play_id IN (SELECT p.id FROM content_plays p JOIN content_sections s ON s.id = p.section_id JOIN content c ON c.id = s.content_id WHERE c.game = ?)${guard}`,
      )
      .bind(...updateParams, now, game, ...guardParams),
  ];
}

/**
 * `retested`: the game's items went back to re-test with this save. `scheduled`: the update is
 * dated ahead and takes effect on its release day (its re-test, if it touches gameplay, runs then).
 */
export type SaveUpdateResult =
  | { ok: true; id: number; retested: boolean; scheduled: boolean; restored?: number; carried?: number; carriedTo?: string }
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
           AND EXISTS (SELECT 1 FROM content c WHERE c.id = sc.content_id AND c.status = 'needs-retest' AND c.status_update_id = ?1))
         OR (sc.item_kind = 'play' AND sc.id = (SELECT max(x.id) FROM status_changes x WHERE x.play_id = sc.play_id)
           AND EXISTS (SELECT 1 FROM play_status ps WHERE ps.play_id = sc.play_id AND ps.status = 'needs-retest' AND ps.status_update_id = ?1)))`,
    )
    .bind(fromId, toId);
  const items = ["content", "play_status"].map((table) =>
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
    return { ok: true, id: inserted.results[0].id, retested: retest, scheduled };
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
  return { ok: true, id, retested: retest, scheduled, ...(undo ? { restored: restoredCount(results, changesAt) } : {}), ...carried };
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
  const newestOfContent = "SELECT max(x.id) FROM status_changes x WHERE x.item_kind = 'content' AND x.content_id = c.id";
  const newestOfPlay = "SELECT max(x.id) FROM status_changes x WHERE x.play_id = ps.play_id";
  const restore = (table: string, alias: string, newest: string) =>
    `UPDATE ${table} AS ${alias} SET (status, status_update_id, status_note, status_alternative, status_changed_at) =
       (SELECT sc.from_status, (SELECT u.id FROM title_updates u WHERE u.id = sc.from_update_id), sc.from_note, sc.from_alternative, sc.from_changed_at
        FROM status_changes sc WHERE sc.id = ${newestIsRetest(newest)})
     WHERE ${alias}.status = 'needs-retest' AND ${alias}.status_update_id = ?1 AND ${newestIsRetest(newest)} IS NOT NULL`;
  const restored = (item: string) =>
    `DELETE FROM status_changes AS sc WHERE sc.update_id = ?1 AND sc.to_status = 'needs-retest' AND sc.from_status IS NOT NULL AND ${item}`;
  return [
    d1.prepare(restore("content", "c", newestOfContent)).bind(updateId),
    d1.prepare(restore("play_status", "ps", newestOfPlay)).bind(updateId),
    d1
      .prepare(
        restored(`sc.item_kind = 'content' AND sc.id = (SELECT max(x.id) FROM status_changes x WHERE x.item_kind = 'content' AND x.content_id = sc.content_id)
          AND EXISTS (SELECT 1 FROM content c WHERE c.id = sc.content_id AND c.status = sc.from_status AND c.status_changed_at IS sc.from_changed_at)`),
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
export async function deleteTitleUpdate(db: Database, id: number): Promise<{ restored: number; carried?: number; carriedTo?: string } | null> {
  const d1 = db.$client;
  const [existing] = await db.select().from(titleUpdates).where(eq(titleUpdates.id, id)).limit(1);
  if (!existing) return null;
  const later = existing.appliedAt && existing.gameplay ? await nextGameplayUpdate(db, existing.game, existing) : null;
  const remove = d1.prepare("DELETE FROM title_updates WHERE id = ?").bind(id);
  if (later) {
    const results = await d1.batch([...carryRetestStatements(db, id, later.id), remove]);
    if (results[3].meta.changes === 0) return null;
    return { restored: 0, carried: restoredCount(results, 1), carriedTo: later.version };
  }
  const results = await d1.batch([...undoRetestStatements(db, id), remove]);
  if (results[4].meta.changes === 0) return null;
  return { restored: restoredCount(results, 0) };
}

// ---------------------------------------------------------------------------------------------
// Item statuses

async function readItemState(db: Database, item: ItemRef): Promise<ItemState | null> {
  if (item.kind === "content") {
    const [row] = await db
      .select({
        contentId: content.id,
        game: content.game,
        status: content.status,
        updateId: content.statusUpdateId,
        note: content.statusNote,
        alternative: content.statusAlternative,
        changedAt: content.statusChangedAt,
        currentUpdateId: sql<number | null>`${currentUpdateOf(content.game)}`,
        gameplayBasis: sql<number | null>`${gameplayBasisOf(content.game)}`,
      })
      .from(content)
      .where(eq(content.id, item.id))
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
  const [itemTable, itemKey] = item.kind === "content" ? ["content", "id"] : ["play_status", "play_id"];
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
  const schemeGetsNoRow = `(c.status <> 'needs-retest')`;
  const changed = await verify(db, [contentId], { ids: plays, params: [contentId] }, `(CASE WHEN ${schemeGetsNoRow} THEN 1 ELSE 0 END)`, staffId, now);
  return { scheme: changed.content > 0, plays: changed.plays };
}

/**
 * Verifies content items and plays on their game's current update (see markVerified). `plays.ids`
 * is a subquery of play ids; `playNotify` says whether a play's history row notifies (SQL over the
 * play's content row c, read before the content rows change: the play rows are written first).
 */
async function verify(db: Database, contentIds: readonly number[], plays: { ids: string; params: unknown[] }, playNotify: string, staffId: string, now: number) {
  const d1 = db.$client;
  const contentJson = JSON.stringify(contentIds);
  // Only what still waits in the queue: a status someone set meanwhile (nerfed, adjusted, verified)
  // is not overwritten unseen.
  const contentNeedsChange = `c.id IN (SELECT value FROM json_each(?)) AND c.status = 'needs-retest'`;
  // The current update of the game of the play whose status row is ps.
  const playCurrent = `(SELECT ${currentUpdateSql("c.game")} FROM content_plays p JOIN content_sections s ON s.id = p.section_id JOIN content c ON c.id = s.content_id WHERE p.id = ps.play_id)`;
  const playNeedsChange = `p.id IN ${plays.ids} AND ps.status = 'needs-retest'`;
  const results = await d1.batch([
    d1
      .prepare(
        `INSERT INTO status_changes (item_kind, content_id, play_id, from_status, to_status, update_id, changed_by, notify, changed_at)
         SELECT 'play', c.id, p.id, ps.status, 'verified', ${currentUpdateSql("c.game")}, ?, ${playNotify}, ?
         FROM content_plays p JOIN play_status ps ON ps.play_id = p.id JOIN content_sections s ON s.id = p.section_id JOIN content c ON c.id = s.content_id
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
         SELECT 'content', c.id, c.status, 'verified', ${currentUpdateSql("c.game")}, ?, 1, ? FROM content c WHERE ${contentNeedsChange}`,
      )
      .bind(staffId, now, contentJson),
    d1
      .prepare(
        `UPDATE content AS c SET status = 'verified', status_update_id = ${currentUpdateSql("c.game")}, status_note = NULL, status_alternative = NULL, status_changed_at = ?
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
  const newItem = and(eq(content.slug, slug), eq(content.status, "verified"), sql`${content.statusChangedAt} IS NULL`);
  const newPlays = db
    .select({ playId: playStatuses.playId })
    .from(content)
    .innerJoin(contentSections, eq(contentSections.contentId, content.id))
    .innerJoin(contentPlays, eq(contentPlays.sectionId, contentSections.id))
    .innerJoin(playStatuses, eq(playStatuses.playId, contentPlays.id))
    .where(and(eq(content.slug, slug), eq(playStatuses.status, "verified"), sql`${playStatuses.statusChangedAt} IS NULL`));
  const firstRow = (kind: "content" | "play", playId: unknown) => historyRow({ kind, playId, from: null, toStatus: "verified", staffId, notify: false, now });
  return [
    db.insert(statusChanges).select(db.select(firstRow("content", sql`NULL`)).from(content).where(newItem)),
    db.insert(statusChanges).select(
      db
        .select(firstRow("play", contentPlays.id))
        .from(content)
        .innerJoin(contentSections, eq(contentSections.contentId, content.id))
        .innerJoin(contentPlays, eq(contentPlays.sectionId, contentSections.id))
        .where(sql`${contentPlays.id} IN ${newPlays}`),
    ),
    db.update(content).set({ statusUpdateId: sql`${currentUpdateOf(content.game)}`, statusChangedAt: new Date(now) }).where(newItem),
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
            status: content.status,
            updateId: content.statusUpdateId,
            note: content.statusNote,
            alternative: content.statusAlternative,
            changedAt: content.statusChangedAt,
          }),
        )
        .from(content)
        .where(eq(content.id, contentId)),
    ),
    db.update(content).set({ ...retest, statusUpdateId: sql`${currentUpdateOf(content.game)}` }).where(eq(content.id, contentId)),
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
    SELECT 'content' AS kind, c.id AS id, c.title AS title, NULL AS sectionTitle, c.status AS status, c.status_note AS note,
           c.status_alternative AS alternative, (SELECT version FROM title_updates WHERE id = c.status_update_id) AS version,
           coalesce(c.status_changed_at, 0) AS revision, -1 AS position, coalesce(${gameplayBasisOf(sql`c.game`)}, 0) AS basis
    FROM content c WHERE c.id = ${contentId}
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

import { and, asc, desc, eq, sql } from "drizzle-orm";
import { GAMES } from "../../db/enums.ts";
import { content, contentPlays, contentSections, contentStatuses, statusChanges, titleUpdates, users, type Game } from "../../db/schema.ts";
import { type Database, reusableSelect, type Param } from "./db.server.ts";

// The patch tracker's reads: each game's title updates and current update, the re-test queue and
// the history of every status change. Its writes are in title-updates.server.ts (recording an
// update, and the re-test it sends a game's items to) and item-status.server.ts (staff setting an
// item's status). Writes that touch several rows go to D1 as one batch (one transaction); the
// re-test after a gameplay update is one statement per table, whatever the size of the library.

export type ItemKind = "content" | "play";
export type ItemRef = { kind: ItemKind; id: number };


/**
 * The id of a game's current title update: the newest by release date of those in effect. An update
 * dated ahead (scheduled) is not current before the scheduled job applies it on its day. As raw SQL
 * over a game column or placeholder; currentUpdateOf is the same for drizzle's builders.
 */
export function currentUpdateSql(game: string) {
  return `(SELECT u.id FROM title_updates u WHERE u.game = ${game} AND u.applied_at IS NOT NULL ORDER BY u.released_on DESC, u.id DESC LIMIT 1)`;
}

export function currentUpdateOf(game: unknown) {
  return sql`(SELECT u.id FROM ${titleUpdates} u WHERE u.game = ${game} AND u.applied_at IS NOT NULL ORDER BY u.released_on DESC, u.id DESC LIMIT 1)`;
}

/** A game's newest gameplay update in effect (retestBasis's part for that game), for drizzle's builders. */
export function gameplayBasisOf(game: unknown) {
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
 * content_status_game_status_idx, one per game: a few milliseconds at volume size. Plays are not counted:
 * at volume size that join costs a tenth of a second, and a scheme's own status already says it.
 */
export const stillToRetestQuery = reusableSelect((db: Database) => {
  const count = (game: Game) =>
    sql<number>`(SELECT count(*) FROM ${contentStatuses} cs WHERE cs.game = ${game} AND cs.status = 'needs-retest' AND cs.is_published = 1)`;
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
  // By game: the items' arm on content_status's own copy (its (game, status) index), the plays' on their scheme.
  const gameFilter = (alias: "cs" | "c") => (options.game ? sql`AND ${sql.raw(alias)}.game = ${options.game}` : sql``);
  // Only the order's keys are sorted (after a gameplay update at volume size, 230,000 rows): the
  // page's rows get their titles and slugs afterwards (0.74 s to 0.44 s in SQLite's shell at that size).
  // A scheme's row counts its plays that need a re-test ('Verified with its plays'), for the page's rows only.
  return db.all<RetestRow>(sql`
    WITH fav AS (SELECT content_id, count(*) AS n FROM favorites GROUP BY content_id),
    page AS (
    SELECT kind, id, contentId, sectionId, statusUpdateId, favorites, position FROM (
      SELECT 'content' AS kind, cs.content_id AS id, cs.content_id AS contentId, NULL AS sectionId, cs.status_update_id AS statusUpdateId,
             coalesce(fav.n, 0) AS favorites, 0 AS position
      FROM content_status cs LEFT JOIN fav ON fav.content_id = cs.content_id
      WHERE cs.status = 'needs-retest' ${gameFilter("cs")}
      UNION ALL
      SELECT 'play', p.id, s.content_id, s.id, ps.status_update_id, coalesce(fav.n, 0), 1 + s.position * 1000 + p.position
      FROM play_status ps
      JOIN content_plays p ON p.id = ps.play_id
      JOIN content_sections s ON s.id = p.section_id
      ${options.game ? sql`JOIN content_status c ON c.content_id = s.content_id` : sql``}
      LEFT JOIN fav ON fav.content_id = s.content_id
      WHERE ps.status = 'needs-retest' ${gameFilter("c")}
    )
    ORDER BY favorites DESC, contentId DESC, position, id
    LIMIT ${RETEST_PAGE_SIZE} OFFSET ${offset})
    SELECT page.kind, page.id, page.contentId, c.slug AS slug, coalesce(p.title, c.title) AS title, c.title AS contentTitle, s.slug AS sectionSlug,
      p.slug AS playSlug, s.title AS sectionTitle, c.game AS game, page.statusUpdateId, page.favorites,
      (CASE page.kind WHEN 'content' THEN (SELECT count(*) FROM content_sections s2 JOIN content_plays p2 ON p2.section_id = s2.id JOIN play_status ps2 ON ps2.play_id = p2.id
        WHERE s2.content_id = page.id AND ps2.status = 'needs-retest') ELSE 0 END) AS playsToRetest
    FROM page JOIN content c ON c.id = page.contentId
      LEFT JOIN content_sections s ON s.id = page.sectionId
      LEFT JOIN content_plays p ON page.kind = 'play' AND p.id = page.id
    ORDER BY page.favorites DESC, page.contentId DESC, page.position, page.id`);
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
      SELECT cs.game AS game, count(*) AS total FROM content_status cs WHERE cs.status = 'needs-retest' GROUP BY cs.game
      UNION ALL
      SELECT c.game, count(*) FROM play_status ps JOIN content_plays p ON p.id = ps.play_id JOIN content_sections s ON s.id = p.section_id
      JOIN content c ON c.id = s.content_id
      WHERE ps.status = 'needs-retest' GROUP BY c.game
    ) GROUP BY game`);
}

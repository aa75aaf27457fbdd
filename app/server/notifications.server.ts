import { eq, sql, type SQL } from "drizzle-orm";
import { notificationReads, users, type Game, type PatchStatus } from "../../db/schema.ts";
import { reusableSelect, type Database, type Param } from "./db.server.ts";

// A member's notifications, pulled from the status history (see docs/decisions/0010): the status
// changes marked `notify` of the items they follow, made after they started following them, within
// the last NOTIFICATION_DAYS. Read state: a watermark ('Mark all as read') plus one row per
// notification read on its own. Nothing is written per follower when a status changes.

export const NOTIFICATION_DAYS = 60;
export const NOTIFICATIONS_PAGE_SIZE = 30;
const DAY = 86_400_000;

/**
 * What members follow, with the instant they started: the items they favourited (the item and its
 * plays), the plays of their progress past 'Not started' and the plays in their gameplans (the
 * play and its scheme's own status). `member` picks the members by the user_id column. Each arm
 * keeps its own index.
 */
export function followedItems(member: (column: SQL) => SQL): SQL {
  return sql`SELECT user_id, content_id, NULL AS play_id, created_at AS since FROM favorites WHERE ${member(sql`user_id`)}
    UNION ALL
    SELECT user_id, content_id, play_id, started_at AS since FROM play_progress
    WHERE ${member(sql`user_id`)} AND stage <> 'not-started' AND started_at IS NOT NULL
    UNION ALL
    SELECT g.user_id, e.content_id, e.play_id, e.added_at AS since FROM gameplan_plays e JOIN gameplans g ON g.id = e.gameplan_id
    WHERE ${member(sql`g.user_id`)}`;
}

/** A status change reaches a follower: of the item they follow, of one of its plays unless they follow a single play, after they started. */
export const reachesFollower = sql`c.content_id = f.content_id AND (f.play_id IS NULL OR c.play_id IS NULL OR c.play_id = f.play_id) AND c.changed_at > f.since`;

/**
 * A newer row of the same item (alias c2) that makes an older change history, not news: one that
 * told members, or one that changed the status without telling them itself (a play sent back to
 * re-test with its scheme, whose own row tells them). A corrected note (same status, not news)
 * leaves the older change standing.
 */
export const supersedes = sql`(c2.notify = 1 OR c2.from_status <> c2.to_status)`;

/** The member's notifications since `since`, newest first: one row per status change (a change followed twice is listed once). */
function notificationRows(userId: string | Param<string>, since: number | Param<number>): SQL {
  return sql`
    SELECT c.id AS id, c.item_kind AS itemKind, c.to_status AS toStatus, c.changed_at AS changedAt,
           (SELECT version FROM title_updates WHERE id = c.update_id) AS version,
           ct.slug AS contentSlug, ct.title AS contentTitle, ct.game AS game,
           s.slug AS sectionSlug, p.slug AS playSlug, p.title AS playTitle,
           -- A newer change of the same item told the member since: this one is history, not news.
           EXISTS (SELECT 1 FROM status_changes c2 WHERE c2.content_id = c.content_id AND c2.changed_at > c.changed_at
             AND c2.play_id IS c.play_id AND ${supersedes}) AS superseded
    FROM (${followedItems((column) => sql`${column} = ${userId}`)}) f
    JOIN status_changes c ON ${reachesFollower} AND c.changed_at > ${since} AND c.notify = 1
    JOIN content ct ON ct.id = c.content_id AND ct.is_published = 1
    LEFT JOIN content_plays p ON p.id = c.play_id
    LEFT JOIN content_sections s ON s.id = p.section_id
    GROUP BY c.id`;
}

const readWatermark = (userId: string | Param<string>) => sql`(SELECT notifications_read_at FROM users WHERE id = ${userId})`;
const isUnread = (userId: string | Param<string>) =>
  sql`n.superseded = 0 AND n.changedAt > ${readWatermark(userId)} AND NOT EXISTS (SELECT 1 FROM notification_reads r WHERE r.user_id = ${userId} AND r.change_id = n.id)`;

/** How many unread notifications the member has (the bell): the newest change of each item only. */
export function unreadCountQuery(db: Database, userId: string, now = Date.now()) {
  return unreadCountSelect(db, userId, now - NOTIFICATION_DAYS * DAY);
}

// On every signed-in page: its nested templates are assembled once per isolate.
const unreadCountSelect = reusableSelect((db: Database, userId: Param<string>, since: Param<number>) =>
  db.all<{ unread: number }>(sql`SELECT count(*) AS unread FROM (${notificationRows(userId, since)}) n WHERE ${isUnread(userId)}`),
);

export type NotificationRow = {
  id: number;
  itemKind: "content" | "play";
  toStatus: PatchStatus;
  changedAt: number;
  version: string | null;
  contentSlug: string;
  contentTitle: string;
  game: Game;
  sectionSlug: string | null;
  playSlug: string | null;
  playTitle: string | null;
  superseded: number;
  unread: number;
};

/** One page of the member's notifications, newest first, each with whether it is unread, and the total. */
export function notificationsPageQuery(db: Database, userId: string, page: number, now = Date.now()) {
  const rows = notificationRows(userId, now - NOTIFICATION_DAYS * DAY);
  return {
    rows: db.all<NotificationRow>(sql`SELECT n.*, (${isUnread(userId)}) AS unread FROM (${rows}) n
      ORDER BY n.changedAt DESC, n.id DESC LIMIT ${NOTIFICATIONS_PAGE_SIZE} OFFSET ${(Math.max(1, page) - 1) * NOTIFICATIONS_PAGE_SIZE}`),
    total: db.all<{ total: number }>(sql`SELECT count(*) AS total FROM (${rows}) n`),
  };
}

/** Where a notification leads: the play, or the item. */
export function notificationHref(row: Pick<NotificationRow, "contentSlug" | "sectionSlug" | "playSlug">) {
  return row.sectionSlug && row.playSlug ? `/content/${row.contentSlug}/section/${row.sectionSlug}/play/${row.playSlug}` : `/content/${row.contentSlug}`;
}

/**
 * Marks one notification read. Only one of the member's own notifications can be marked: a change
 * of an item they do not follow (another member's, or a forged id) writes nothing. Returns whether
 * it was theirs.
 */
export async function markNotificationRead(db: Database, userId: string, changeId: number, now = Date.now()) {
  const result = await db.run(sql`INSERT OR IGNORE INTO notification_reads (user_id, change_id)
    SELECT ${userId}, n.id FROM (${notificationRows(userId, now - NOTIFICATION_DAYS * DAY)}) n WHERE n.id = ${changeId}`);
  if (result.meta.changes) return true;
  const [mine] = await db.all<{ id: number }>(sql`SELECT n.id FROM (${notificationRows(userId, now - NOTIFICATION_DAYS * DAY)}) n WHERE n.id = ${changeId}`);
  return Boolean(mine);
}

/**
 * 'Mark all as read': the watermark moves to `through` (when the page the member read was made:
 * what came after it stays unread), never back, and the single reads it covers are dropped, in one batch.
 */
export async function markAllNotificationsRead(db: Database, userId: string, through = Date.now()) {
  await db.batch([
    db
      .update(users)
      .set({ notificationsReadAt: sql`max(coalesce(${users.notificationsReadAt}, 0), ${through})` })
      .where(eq(users.id, userId)),
    db
      .delete(notificationReads)
      .where(sql`${notificationReads.userId} = ${userId} AND ${notificationReads.changeId} IN (SELECT id FROM status_changes WHERE changed_at <= ${through})`),
  ]);
}

export type NotificationPreferences = { notifyDigest: boolean; notifyInSite: boolean; followGames: Game[] };

export async function saveNotificationPreferences(db: Database, userId: string, preferences: NotificationPreferences) {
  await db
    .update(users)
    .set({ ...preferences, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

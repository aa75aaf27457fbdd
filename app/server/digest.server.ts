import { eq, inArray, sql } from "drizzle-orm";
import { notificationDigests, users, type Game, type PatchStatus } from "../../db/schema.ts";
import { CONTENT_TYPE_LABELS } from "../lib/content.ts";
import { formatShortDate } from "../lib/format.ts";
import { badgeText, GAME_LABELS } from "../lib/patch.ts";
import type { Database } from "./db.server.ts";
import { renderEmail, sendEmail } from "./email.server.ts";
import { followedItems, notificationHref, reachesFollower, supersedes } from "./notifications.server.ts";
import { linkSecret, unsubscribeUrl } from "./signed-links.server.ts";

// The daily digest, sent by the scheduled job: for each member with the digest on, every change of
// the items they follow since their last digest, and the new content of the games they follow. At
// most one a day. Each digest is written (rendered) together with the member's new digest_through
// in one batch, then sent, then marked sent: a run that stops half-way sends what is still unsent
// next time, and the digest's id is the e-mail's idempotency key, so nobody gets a second copy.

const HOUR = 3_600_000;
/** The cron runs every 30 minutes: a member is due again a little under a day after their last digest. */
export const DIGEST_INTERVAL = 23.5 * HOUR;
/** A first digest (or one after a long pause) reaches back this far. */
export const DIGEST_LOOKBACK = 7 * 24 * HOUR;
/** Members written per run (the next run takes the next ones). */
export const DIGEST_BATCH = 100;
/**
 * Lines per list in one e-mail. The digest lists every change since the last one; only past this
 * many (patch day for a member who follows hundreds of items) does it count the rest and link to
 * where they are, so nothing is dropped unsaid.
 */
export const DIGEST_MAX_LINES = 300;

type DueMember = { id: string; email: string; firstName: string | null; since: number };
type ChangeLine = { userId: string; changedAt: number; toStatus: PatchStatus; version: string | null; contentSlug: string; contentTitle: string; sectionSlug: string | null; playSlug: string | null; playTitle: string | null };
type NewItem = { userId: string; slug: string; title: string; game: Game; type: keyof typeof CONTENT_TYPE_LABELS };

/** Where a member's window starts: their last digest, but no further back than DIGEST_LOOKBACK. */
const windowStart = (now: number) => sql`max(coalesce(u.digest_through, 0), ${now - DIGEST_LOOKBACK})`;

/** Whether member `u` has a followed change in their window: through a favourite, a play of their progress or a play of their gameplans. */
function hasChangesSince(now: number) {
  const changes = sql`JOIN status_changes c ON c.content_id = f.content_id AND c.notify = 1 AND c.changed_at > ${windowStart(now)} AND c.changed_at <= ${now}
    JOIN content ct ON ct.id = c.content_id AND ct.is_published = 1`;
  return sql`(EXISTS (SELECT 1 FROM favorites f ${changes} WHERE f.user_id = u.id AND c.changed_at > f.created_at)
    OR EXISTS (SELECT 1 FROM play_progress f ${changes} WHERE f.user_id = u.id AND f.stage <> 'not-started' AND f.started_at IS NOT NULL
      AND c.changed_at > f.started_at AND (c.play_id IS NULL OR c.play_id = f.play_id))
    OR EXISTS (SELECT 1 FROM gameplans g JOIN gameplan_plays f ON f.gameplan_id = g.id ${changes} WHERE g.user_id = u.id
      AND c.changed_at > f.added_at AND (c.play_id IS NULL OR c.play_id = f.play_id)))`;
}

function newContentSince(now: number) {
  return sql`FROM content ct
    WHERE ct.is_published = 1 AND ct.published_at > ${windowStart(now)} AND ct.published_at <= ${now}
      AND ct.game IN (SELECT value FROM json_each(u.follow_games))`;
}

/** Members due a digest who have something in it. */
export function dueMembersQuery(db: Database, now: number, limit = DIGEST_BATCH) {
  return db.all<DueMember>(sql`
    SELECT u.id, u.email, u.first_name AS firstName, ${windowStart(now)} AS since FROM users u
    WHERE u.notify_digest = 1 AND u.email_confirmed_at IS NOT NULL
      AND (u.digest_through IS NULL OR u.digest_through <= ${now - DIGEST_INTERVAL})
      AND (${hasChangesSince(now)} OR (u.follow_games <> '[]' AND EXISTS (SELECT 1 ${newContentSince(now)})))
    LIMIT ${limit}`);
}

export type DigestRunResult = { written: number; sent: number; failed: number };

/** One run of the digest: write the due members' digests, then send every unsent one. */
export async function runDigests(db: Database, env: Env, now = Date.now()): Promise<DigestRunResult> {
  const secret = linkSecret(env);
  if (!secret) {
    console.error("Digest not sent: set LINK_SIGNING_SECRET (the unsubscribe links are signed with it).");
    return { written: 0, sent: 0, failed: 0 };
  }
  const written = await writeDigests(db, env, secret, now);
  const { sent, failed } = await sendPendingDigests(db, env, secret, now);
  return { written, sent, failed };
}

async function writeDigests(db: Database, env: Env, secret: string, now: number) {
  const members = await dueMembersQuery(db, now);
  if (!members.length) return 0;
  const ids = JSON.stringify(members.map((member) => member.id));
  const [changes, fresh] = await Promise.all([
    db.all<ChangeLine>(sql`
      SELECT u.id AS userId, c.changed_at AS changedAt, c.to_status AS toStatus, (SELECT version FROM title_updates WHERE id = c.update_id) AS version,
             ct.slug AS contentSlug, ct.title AS contentTitle, s.slug AS sectionSlug, p.slug AS playSlug, p.title AS playTitle
      FROM (${followedItems((column) => sql`${column} IN (SELECT value FROM json_each(${ids}))`)}) f
      JOIN users u ON u.id = f.user_id
      JOIN status_changes c ON ${reachesFollower} AND c.notify = 1 AND c.changed_at > ${windowStart(now)} AND c.changed_at <= ${now}
        -- Each item once, as it stands: a change followed by a newer one of the same item is left out.
        AND NOT EXISTS (SELECT 1 FROM status_changes c2 WHERE c2.content_id = c.content_id AND c2.changed_at > c.changed_at
          AND c2.changed_at <= ${now} AND c2.play_id IS c.play_id AND ${supersedes})
      JOIN content ct ON ct.id = c.content_id AND ct.is_published = 1
      LEFT JOIN content_plays p ON p.id = c.play_id LEFT JOIN content_sections s ON s.id = p.section_id
      GROUP BY u.id, c.id
      ORDER BY c.changed_at DESC, c.id DESC`),
    db.all<NewItem>(sql`
      SELECT u.id AS userId, ct.slug, ct.title, ct.game, ct.type
      FROM users u JOIN content ct ON ct.is_published = 1 AND ct.published_at > ${windowStart(now)} AND ct.published_at <= ${now}
        AND ct.game IN (SELECT value FROM json_each(u.follow_games))
      WHERE u.id IN (SELECT value FROM json_each(${ids}))
      ORDER BY ct.published_at DESC`),
  ]);
  const site = env.SITE_URL;
  const statements = [];
  for (const member of members) {
    const mine = (changes as ChangeLine[]).filter((line) => line.userId === member.id);
    const added = fresh.filter((item) => item.userId === member.id);
    const id = crypto.randomUUID();
    const email = renderDigest({ site, siteName: env.SITE_NAME, firstName: member.firstName, changes: mine, added, unsubscribe: await unsubscribeUrl(site, secret, member.id) });
    statements.push(
      db.insert(notificationDigests).values({ id, userId: member.id, toEmail: member.email, subject: email.subject, text: email.text, html: email.html, createdAt: new Date(now) }),
      db.update(users).set({ digestThrough: new Date(now) }).where(eq(users.id, member.id)),
    );
  }
  await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  return members.length;
}

async function sendPendingDigests(db: Database, env: Env, secret: string, now: number) {
  const pending = await db.select().from(notificationDigests).where(sql`${notificationDigests.sentAt} IS NULL`).orderBy(notificationDigests.createdAt).limit(DIGEST_BATCH * 2);
  let sent = 0;
  let failed = 0;
  for (const digest of pending) {
    const unsubscribe = await unsubscribeUrl(env.SITE_URL, secret, digest.userId, true);
    try {
      await sendEmail(env, {
        to: digest.toEmail,
        subject: digest.subject,
        text: digest.text,
        html: digest.html,
        idempotencyKey: digest.id,
        headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
      });
    } catch (error) {
      failed += 1;
      console.error(`Digest ${digest.id} not sent: ${String(error)}`);
      continue;
    }
    await db.update(notificationDigests).set({ sentAt: new Date(now) }).where(inArray(notificationDigests.id, [digest.id]));
    sent += 1;
  }
  return { sent, failed };
}

export function renderDigest(options: {
  site: string;
  siteName: string;
  firstName: string | null;
  changes: ChangeLine[];
  added: NewItem[];
  unsubscribe: string;
}) {
  const { site, siteName, changes, added } = options;
  const absolute = (path: string) => new URL(path, site).toString();
  const parts = [
    changes.length ? `${changes.length} status ${changes.length === 1 ? "change" : "changes"}` : null,
    added.length ? `${added.length} new ${added.length === 1 ? "item" : "items"}` : null,
  ].filter(Boolean);
  const subject = `Your playbook: ${parts.join(", ")}`;
  const lists = [];
  const more = (count: number, what: string, path: string) =>
    count > DIGEST_MAX_LINES ? [{ label: `And ${count - DIGEST_MAX_LINES} more ${what}`, url: absolute(path) }] : [];
  if (changes.length) {
    lists.push({
      heading: "What changed on what you follow",
      items: [
        ...changes.slice(0, DIGEST_MAX_LINES).map((line) => ({
          // Dated: an item changed twice since the last digest shows both, the newest first.
          label: `${line.playTitle ? `${line.playTitle} (${line.contentTitle})` : line.contentTitle}: ${badgeText(line.toStatus, line.version)} · ${formatShortDate(line.changedAt)}`,
          url: absolute(notificationHref(line)),
        })),
        ...more(changes.length, "status changes on your notifications page", "/notifications"),
      ],
    });
  }
  if (added.length) {
    lists.push({
      heading: "New in the games you follow",
      items: [
        ...added.slice(0, DIGEST_MAX_LINES).map((item) => ({ label: `${item.title} (${CONTENT_TYPE_LABELS[item.type]}, ${GAME_LABELS[item.game]})`, url: absolute(`/content/${item.slug}`) })),
        ...more(added.length, "new items in the library", added[DIGEST_MAX_LINES]?.game === "college" ? "/college" : "/madden"),
      ],
    });
  }
  const rendered = renderEmail({
    siteName,
    heading: options.firstName ? `Your playbook, ${options.firstName}` : "Your playbook",
    paragraphs: ["Here is what changed in your favourites, the plays you are learning and your gameplans, and what is new in the games you follow, the newest first."],
    lists,
    action: { label: "Open your notifications", url: absolute("/notifications") },
    footer: "You get this because the daily digest is on.",
    footerLinks: [
      { label: "Change it in Account Settings", url: absolute("/account-settings#notifications") },
      { label: "Unsubscribe without logging in", url: options.unsubscribe },
    ],
  });
  return { subject, ...rendered };
}

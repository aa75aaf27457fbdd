import { count, desc, eq, lt, or, sql, type SQLWrapper } from "drizzle-orm";
import { authTokens, contactMessages, discordJobs, discordLinks, users, userTips, type User } from "../../db/schema.ts";
import { hasLiveSubscription, hasRunningSubscription } from "../lib/access.ts";
import type { Game } from "../lib/patch.ts";
import { auditEntry, changedFields } from "./audit.server.ts";
import { type Database, reusableSelect, type Param } from "./db.server.ts";
import { queueDiscordSync } from "./discord.server.ts";
import { currentUpdates, type retestCountsQuery, type TitleUpdateRow } from "./patch.server.ts";
import { tipColumns } from "./tips.server.ts";

type Actor = Pick<User, "id" | "email" | "role">;

export const USERS_PAGE_SIZE = 20;
export const TIPS_PAGE_SIZE = 25;
export const MESSAGES_LIMIT = 100;

function userSearchFilter(search: string) {
  if (!search) return undefined;
  // instr, not LIKE: D1 refuses a LIKE pattern over 50 bytes, and a search may be 100 characters.
  const needle = search.toLowerCase();
  return or(
    sql`instr(${caseFolded(users.email, needle)}, ${needle}) > 0`,
    sql`instr(${caseFolded(sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`, needle)}, ${needle}) > 0`,
  );
}

/**
 * A text column in lower case as far as the (lowercased) search needs: SQLite's lower() knows only
 * ASCII, so each other letter of the search has its capital replaced too ('Émile' is found by
 * 'émile' and by 'ÉMILE'). A letter whose capital is two letters ('ß') is left as it is.
 */
function caseFolded(column: SQLWrapper, needle: string) {
  let folded = sql`lower(${column})`;
  for (const letter of new Set([...needle].filter((character) => character > "\u007f"))) {
    const capital = letter.toUpperCase();
    if (capital !== letter && [...capital].length === 1) folded = sql`replace(${folded}, ${capital}, ${letter})`;
  }
  return folded;
}

/** One page of members matching an e-mail or full-name search, newest first. */
export function usersPageQuery(db: Database, search: string, page: number) {
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      profileImageUrl: users.profileImageUrl,
      subscriptionTier: users.subscriptionTier,
      subscriptionStatus: users.subscriptionStatus,
      accessExpiresAt: users.accessExpiresAt,
      createdAt: users.createdAt,
      // Whether Stripe still charges them (hasLiveSubscription, in the loader; the ids stay on the server).
      stripeSubscriptionId: users.stripeSubscriptionId,
      cancelAtPeriodEnd: users.cancelAtPeriodEnd,
      // The revision the edit dialog is sent back with: a payment or another edit since is not overwritten unseen.
      updatedAt: users.updatedAt,
      // The Discord link and role state for the details dialog (never the tokens).
      discordUsername: discordLinks.discordUsername,
      discordRoleGranted: discordLinks.roleGranted,
      discordNeedsReconnect: discordLinks.needsReconnect,
      discordSyncedAt: discordLinks.syncedAt,
      discordJobError: discordJobs.lastError,
      discordJobSince: sql<number | null>`${discordJobs.createdAt}`.as("discord_job_since"),
    })
    .from(users)
    .leftJoin(discordLinks, eq(discordLinks.userId, users.id))
    .leftJoin(discordJobs, eq(discordJobs.discordUserId, discordLinks.discordUserId))
    .where(userSearchFilter(search))
    .orderBy(desc(users.createdAt))
    .limit(USERS_PAGE_SIZE)
    .offset((page - 1) * USERS_PAGE_SIZE);
}

/** The users table's rows as the page sends them: dates as numbers, billing and Discord as the dialogs show them. */
export function toStaffUserRows(rows: Awaited<ReturnType<typeof usersPageQuery>>) {
  return rows.map(({ discordUsername, discordRoleGranted, discordNeedsReconnect, discordSyncedAt, discordJobError, discordJobSince, stripeSubscriptionId, cancelAtPeriodEnd, ...row }) => ({
    ...row,
    // Stripe still charges them: the edit dialog says Free is refused until it is cancelled.
    billed: hasLiveSubscription({ stripeSubscriptionId, cancelAtPeriodEnd, subscriptionStatus: row.subscriptionStatus }),
    stripeStatus: hasRunningSubscription({ stripeSubscriptionId, cancelAtPeriodEnd, subscriptionStatus: row.subscriptionStatus }),
    subscribed: Boolean(stripeSubscriptionId),
    accessExpiresAt: row.accessExpiresAt?.getTime() ?? null,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
    discord: discordUsername
      ? {
          username: discordUsername,
          roleGranted: Boolean(discordRoleGranted),
          needsReconnect: Boolean(discordNeedsReconnect),
          syncedAt: discordSyncedAt?.getTime() ?? null,
          pending: discordJobSince !== null,
          lastError: discordJobError,
        }
      : null,
  }));
}

/** The 'Updates' tab: every update, each game's current and next one, and how many items await a re-test. */
export function toUpdatesTab(rows: readonly TitleUpdateRow[], retestRows: Awaited<ReturnType<typeof retestCountsQuery>>) {
  type Version = Partial<Record<Game, { version: string; releasedOn: string }>>;
  return {
    rows: rows.map(({ id, game, version, releasedOn, gameplay, appliedAt }) => ({ id, game, version, releasedOn, gameplay, scheduled: appliedAt === null })),
    // The cards show the version and its date only.
    current: Object.fromEntries(Object.entries(currentUpdates(rows)).map(([game, row]) => [game, { version: row.version, releasedOn: row.releasedOn }])) as Version,
    // The next scheduled update of each game (rows are newest first: the last one found is the soonest).
    next: Object.fromEntries(rows.filter((row) => row.appliedAt === null).map((row) => [row.game, { version: row.version, releasedOn: row.releasedOn }])) as Version,
    retest: {
      college: Number(retestRows.find((row) => row.game === "college")?.total ?? 0),
      madden: Number(retestRows.find((row) => row.game === "madden")?.total ?? 0),
    },
  };
}

export function usersCountQuery(db: Database, search: string) {
  return db.select({ total: count() }).from(users).where(userSearchFilter(search));
}

export function tipsPageQuery(db: Database, page: number) {
  return tipsFromQuery(db, (page - 1) * TIPS_PAGE_SIZE);
}

const tipsFromQuery = reusableSelect((db: Database, offset: Param<number>) => {
  return db
    .select({
      ...tipColumns,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(userTips)
    .innerJoin(users, eq(users.id, userTips.userId))
    .orderBy(desc(userTips.createdAt))
    .limit(TIPS_PAGE_SIZE)
    .offset(offset);
});

export const tipCountsQuery = reusableSelect((db: Database) => {
  return db.select({ status: userTips.status, total: count() }).from(userTips).groupBy(userTips.status);
});

/** The Messages tab's page from the dashboard's URL: the id its messages are older than (?messagesBefore=), or null for the newest. */
export function messagesCursorOf(url: URL): number | null {
  const before = Number(url.searchParams.get("messagesBefore"));
  return Number.isSafeInteger(before) && before > 0 ? before : null;
}

/** The Messages tab: a page of messages, where 'Older messages' starts (null at the oldest), and whether this is a later page. */
export function toMessagesView(rows: Awaited<ReturnType<typeof messagesQuery>>, before: number | null) {
  return {
    rows: rows.slice(0, MESSAGES_LIMIT).map((row) => ({ ...row, createdAt: row.createdAt.getTime() })),
    olderBefore: rows.length > MESSAGES_LIMIT ? rows[MESSAGES_LIMIT - 1].id : null,
    paged: before !== null,
  };
}

/** A page of contact messages, newest first, older than `before` (an id) when given; one more tells there are older ones. */
export function messagesQuery(db: Database, before: number | null) {
  return db
    .select()
    .from(contactMessages)
    .where(before ? lt(contactMessages.id, before) : undefined)
    .orderBy(desc(contactMessages.id))
    .limit(MESSAGES_LIMIT + 1);
}

export type StaffUserEdit = {
  firstName: string;
  lastName: string;
  email: string;
  subscriptionTier: "free" | "premium";
  subscriptionStatus: "active" | "inactive" | "cancelled" | "past_due";
  accessExpiresAt: Date | null;
  role?: "user" | "admin" | "superadmin";
  /** null: the member's ended Stripe subscription, its plan and start, are no longer theirs (user-edit-form.server.ts). */
  stripeSubscriptionId?: null;
  subscriptionPlan?: null;
  subscriptionStartDate?: null;
  /** false: a cancelled subscription ended at once by the team no longer runs to its period's end. */
  cancelAtPeriodEnd?: false;
};

/**
 * Saves a staff edit of a member in one batch with, when anything changed, its audit entry and the
 * Discord role work it may cause (the role follows the access it sets).
 */
/**
 * 'Premium access until' from the edit dialog, which shows the stored moment's day (UTC): that
 * same day sent back keeps the moment as it is; another day means the end of that day.
 */
export function accessUntil(day: string | undefined, stored: Date | null): Date | null {
  if (!day) return stored;
  if (stored && stored.toISOString().slice(0, 10) === day) return stored;
  return new Date(`${day}T23:59:59Z`);
}

export async function updateUserByStaff(db: Database, actor: Actor, target: User, sent: StaffUserEdit) {
  // A field left out (the role, on the superadmin's own row) stays as it is.
  const edit = Object.fromEntries(Object.entries(sent).filter(([, value]) => value !== undefined)) as StaffUserEdit;
  const change = changedFields(target as unknown as Record<string, unknown>, edit);
  const update = db
    .update(users)
    .set({ ...edit, updatedAt: new Date() })
    .where(eq(users.id, target.id))
    .returning({ id: users.id });
  if (!change.changed) return (await update).length > 0;
  // A new address voids the links sent to the old one: a password reset from the old mailbox
  // would otherwise still open the account.
  const newAddress = edit.email !== undefined && edit.email !== target.email.toLowerCase();
  const [rows] = await db.batch([
    update,
    auditEntry(db, actor, { action: "user.update", targetUserId: target.id, targetLabel: target.email, before: change.before, after: change.after }),
    queueDiscordSync(db, target.id),
    ...(newAddress ? [db.delete(authTokens).where(eq(authTokens.userId, target.id))] : []),
  ]);
  return rows.length > 0;
}

export async function findUserForStaff(db: Database, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return user;
}

function findTip(db: Database, tipId: number) {
  return db
    .select({ id: userTips.id, userId: userTips.userId, playName: userTips.playName, tipDescription: userTips.tipDescription, status: userTips.status, adminNotes: userTips.adminNotes, updatedAt: userTips.updatedAt })
    .from(userTips)
    .where(eq(userTips.id, tipId))
    .limit(1);
}

/** A tip's review, with its audit entry in the same batch. False when the tip does not exist. */
export type TipReviewOutcome =
  | { ok: true }
  | { ok: false; status: 404 }
  /** Reviewed (or changed) since the dialog was opened: what it is now. */
  | { ok: false; status: 409; now: { status: string; adminNotes: string | null; revision: number } };

/**
 * A staff member's review of a tip. `revision` is the tip's updatedAt when the dialog was opened:
 * a review made on a tip another staff member reviewed since is refused, not laid over theirs.
 */
export async function reviewTip(
  db: Database,
  actor: Actor,
  tipId: number,
  status: "approved" | "rejected",
  adminNotes: string | null,
  revision: number | null = null,
): Promise<TipReviewOutcome> {
  const [tip] = Number.isSafeInteger(tipId) ? await findTip(db, tipId) : [];
  if (!tip) return { ok: false, status: 404 };
  if (revision !== null && revision !== tip.updatedAt.getTime()) {
    return { ok: false, status: 409, now: { status: tip.status, adminNotes: tip.adminNotes, revision: tip.updatedAt.getTime() } };
  }
  const [rows] = await db.batch([
    db.update(userTips).set({ status, adminNotes, updatedAt: new Date() }).where(eq(userTips.id, tipId)).returning({ id: userTips.id }),
    auditEntry(db, actor, {
      action: "tip.review",
      targetUserId: tip.userId,
      targetLabel: `Tip #${tip.id}: ${tip.playName}`,
      before: { status: tip.status, adminNotes: tip.adminNotes },
      after: { status, adminNotes },
    }),
  ]);
  return rows.length > 0 ? { ok: true } : { ok: false, status: 404 };
}

/** Said when a review is refused as made on a tip reviewed since; the typed notes stay in the dialog. */
export function tipChangedMessage(now: { status: string; adminNotes: string | null }) {
  const notes = now.adminNotes ? ` with the notes "${now.adminNotes.length > 200 ? `${now.adminNotes.slice(0, 200)}…` : now.adminNotes}"` : " without notes";
  return `Not saved: another staff member reviewed this tip after you opened it. It is now ${now.status},${notes}. Your notes are still here: review it again to change it.`;
}

export async function deleteTip(db: Database, actor: Actor, tipId: number) {
  const [tip] = Number.isSafeInteger(tipId) ? await findTip(db, tipId) : [];
  if (!tip) return false;
  const [, rows] = await db.batch([
    auditEntry(db, actor, { action: "tip.delete", targetUserId: tip.userId, targetLabel: `Tip #${tip.id}: ${tip.playName}`, before: { status: tip.status, playName: tip.playName, tipDescription: tip.tipDescription }, after: null }),
    db.delete(userTips).where(eq(userTips.id, tipId)).returning({ id: userTips.id }),
  ]);
  return rows.length > 0;
}


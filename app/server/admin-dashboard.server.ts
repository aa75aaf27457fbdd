import { count, desc, eq, or, sql } from "drizzle-orm";
import { contactMessages, discordJobs, discordLinks, users, userTips } from "../../db/schema.ts";
import { type Database, reusableSelect, type Param } from "./db.server.ts";
import { queueDiscordSync } from "./discord.server.ts";

export const USERS_PAGE_SIZE = 20;
export const TIPS_PAGE_SIZE = 25;
export const MESSAGES_LIMIT = 100;

function likePattern(search: string) {
  return `%${search.replaceAll("\\", "\\\\").replaceAll("%", "\\%").replaceAll("_", "\\_")}%`;
}

function userSearchFilter(search: string) {
  if (!search) return undefined;
  const pattern = likePattern(search.toLowerCase());
  // SQLite's LIKE ignores ASCII case; lower() also covers the full name.
  return or(
    sql`lower(${users.email}) LIKE ${pattern} ESCAPE '\\'`,
    sql`lower(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')) LIKE ${pattern} ESCAPE '\\'`,
  );
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

export function usersCountQuery(db: Database, search: string) {
  return db.select({ total: count() }).from(users).where(userSearchFilter(search));
}

export function tipsPageQuery(db: Database, page: number) {
  return tipsFromQuery(db, (page - 1) * TIPS_PAGE_SIZE);
}

const tipsFromQuery = reusableSelect((db: Database, offset: Param<number>) => {
  return db
    .select({
      id: userTips.id,
      formationName: userTips.formationName,
      playName: userTips.playName,
      playbook: userTips.playbook,
      gameType: userTips.gameType,
      tipDescription: userTips.tipDescription,
      status: userTips.status,
      adminNotes: userTips.adminNotes,
      createdAt: userTips.createdAt,
      updatedAt: userTips.updatedAt,
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

export function messagesQuery(db: Database) {
  return db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(MESSAGES_LIMIT);
}

export type StaffUserEdit = {
  firstName: string;
  lastName: string;
  email: string;
  subscriptionTier: "free" | "premium";
  subscriptionStatus: "active" | "inactive" | "cancelled" | "past_due";
  accessExpiresAt: Date | null;
};

/** The edit and the Discord role work it may cause, together (the role follows the access it sets). */
export async function updateUserByStaff(db: Database, userId: string, edit: StaffUserEdit) {
  const [[row]] = await db.batch([
    db.update(users).set({ ...edit, updatedAt: new Date() }).where(eq(users.id, userId)).returning({ id: users.id }),
    queueDiscordSync(db, userId),
  ]);
  return Boolean(row);
}

export async function findUserForStaff(db: Database, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return user;
}

export async function reviewTip(db: Database, tipId: number, status: "approved" | "rejected", adminNotes: string | null) {
  const [row] = await db
    .update(userTips)
    .set({ status, adminNotes, updatedAt: new Date() })
    .where(eq(userTips.id, tipId))
    .returning({ id: userTips.id });
  return Boolean(row);
}

export async function deleteTip(db: Database, tipId: number) {
  const [row] = await db.delete(userTips).where(eq(userTips.id, tipId)).returning({ id: userTips.id });
  return Boolean(row);
}


import { and, desc, eq, lt, or, sql, type SQL } from "drizzle-orm";
import { auditLog, users, type AuditAction, type User } from "../../db/schema.ts";
import { isStaff } from "../lib/access.ts";
import type { Database } from "./db.server.ts";

// The staff audit trail. An entry is a statement for the same db.batch as the change it records, so
// the two are written together or not at all. Only a staff member can be its actor: a request that
// is not staff cannot produce one, whatever route it goes through.

export type AuditChange = {
  action: AuditAction;
  targetUserId?: string | null;
  targetLabel?: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

export class NotStaffError extends Error {
  constructor() {
    super("Only staff actions are audited");
  }
}

/** The insert of one audit entry; throws for an actor who is not staff. */
export function auditEntry(db: Database, actor: Pick<User, "id" | "email" | "role">, change: AuditChange) {
  if (!isStaff(actor)) throw new NotStaffError();
  return db.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: change.action,
    targetUserId: change.targetUserId ?? null,
    targetLabel: (change.targetLabel ?? "").slice(0, 200),
    before: change.before ?? null,
    after: change.after ?? null,
  });
}

/** Only what changed, before and after (dates as ISO strings). */
export function changedFields<T extends Record<string, unknown>>(before: T, after: Partial<T>) {
  const plain = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(plain(before[key])) === JSON.stringify(plain(after[key]))) continue;
    was[key] = plain(before[key]);
    now[key] = plain(after[key]);
  }
  return { before: was, after: now, changed: Object.keys(now).length > 0 };
}

export const ACTIVITY_PAGE_SIZE = 50;

export type ActivityFilter = { actorId: string; affected: string; before: number | null };

/**
 * One page of the trail, newest first, by staff member and by affected user (an id, or an e-mail
 * the entry's label or the member's current address matches). `before` is the id the page starts under.
 */
export function activityQuery(db: Database, filter: ActivityFilter) {
  const conditions: SQL[] = [];
  if (filter.actorId) conditions.push(eq(auditLog.actorId, filter.actorId));
  const affected = filter.affected.trim().toLowerCase();
  if (affected) {
    conditions.push(
      or(
        eq(auditLog.targetUserId, affected),
        sql`${auditLog.targetUserId} IN (SELECT ${users.id} FROM ${users} WHERE lower(${users.email}) = ${affected})`,
        // Entries about an account keep its e-mail then: found after the account is gone (or its e-mail changed).
        and(sql`${auditLog.action} LIKE 'user.%'`, sql`lower(${auditLog.targetLabel}) = ${affected}`),
        // A deleted member's earlier entries, by the id their deletion's entry keeps with the e-mail.
        sql`${auditLog.targetUserId} IN (SELECT d.target_user_id FROM ${auditLog} d WHERE d.action = 'user.delete' AND lower(d.target_label) = ${affected})`,
      )!,
    );
  }
  if (filter.before) conditions.push(lt(auditLog.id, filter.before));
  return db
    .select()
    .from(auditLog)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(ACTIVITY_PAGE_SIZE + 1);
}

/** The filter's choices: today's staff, anyone made a Member since who made an entry, and former staff whose account is deleted. */
export function staffMembersQuery(db: Database) {
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(sql`${users.role} IN ('admin', 'superadmin') OR ${users.id} IN (SELECT ${auditLog.actorId} FROM ${auditLog})`)
    .union(
      // Former staff whose account is gone since: by the address the log kept.
      db
        .select({ id: auditLog.actorId, email: sql<string>`max(${auditLog.actorEmail})`.as("email") })
        .from(auditLog)
        .where(sql`${auditLog.actorId} NOT IN (SELECT ${users.id} FROM ${users})`)
        .groupBy(auditLog.actorId),
    )
    .orderBy(sql`email`);
}

const ID_PATTERN = /^[\w-]{1,64}$/;

/** The Activity tab's filters from the dashboard's URL (?actor=, ?affected=, ?activityBefore=). */
export function activityFilterOf(url: URL): ActivityFilter {
  const actorId = url.searchParams.get("actor") ?? "";
  const before = Number(url.searchParams.get("activityBefore"));
  return {
    actorId: ID_PATTERN.test(actorId) ? actorId : "",
    affected: (url.searchParams.get("affected") ?? "").trim().slice(0, 254),
    before: Number.isSafeInteger(before) && before > 0 ? before : null,
  };
}

type AuditRow = Awaited<ReturnType<typeof activityQuery>>[number];

/** What the Activity tab shows: the page of entries, the filter's choices, the next page's start. */
export function toActivityView(filter: ActivityFilter, rows: AuditRow[], staff: { id: string; email: string }[]) {
  const shown = rows.slice(0, ACTIVITY_PAGE_SIZE);
  return {
    filter,
    staff,
    olderBefore: rows.length > ACTIVITY_PAGE_SIZE ? shown.at(-1)!.id : null,
    rows: shown.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.getTime(),
      actorEmail: row.actorEmail,
      action: row.action,
      targetUserId: row.targetUserId,
      targetLabel: row.targetLabel,
      before: row.before,
      after: row.after,
    })),
  };
}

import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { discordJobs, discordLinks, users, type User } from "../../db/schema";
import { type AccessSubject } from "~/lib/access";
import { DISCORD_RECHECK_MS, discordRoleAction, shouldHaveMembersRole, type DiscordLinkState } from "~/lib/discord";
import { billingStateFromSubscription, PAST_DUE_GRACE_DAYS } from "~/server/billing.server";
import { createAppContext } from "~/server/context.server";
import { createDatabase } from "~/server/db.server";
import { discordSyncConfig, queueDiscordSync, reconcileDiscordRoles, RECONCILE_QUEUE_LIMIT, toDiscordCard } from "~/server/discord.server";
import type { SubscriptionSnapshot } from "~/server/stripe.server";
import { insertUser } from "./helpers";

// Who should hold the members' role (app/lib/discord.ts: the premium access rule, staff count as
// premium) for every access state a member can be in, and what the reconcile queues for them.

const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);
const DAY = 24 * 60 * 60 * 1000;
const nowSeconds = Math.floor(NOW / 1000);

function fromStripe(overrides: Partial<SubscriptionSnapshot>): AccessSubject {
  const snapshot: SubscriptionSnapshot = {
    id: "sub_1",
    customerId: "cus_1",
    status: "active",
    priceId: "price_monthly_local",
    currentPeriodStart: nowSeconds - 86_400,
    currentPeriodEnd: nowSeconds + 29 * 86_400,
    cancelAtPeriodEnd: false,
    startDate: nowSeconds - 86_400,
    endedAt: null,
    userId: null,
    ...overrides,
  };
  return { role: "user", ...billingStateFromSubscription(snapshot, "monthly") };
}

const ACCESS_STATES: [string, AccessSubject, boolean][] = [
  ["free member", { role: "user", subscriptionTier: "free", accessExpiresAt: null }, false],
  ["active subscription", fromStripe({}), true],
  ["trialing subscription", fromStripe({ status: "trialing" }), true],
  ["cancelled, before its end date", fromStripe({ cancelAtPeriodEnd: true }), true],
  ["cancelled, its end date reached", { ...fromStripe({ cancelAtPeriodEnd: true, currentPeriodEnd: nowSeconds - 1 }) }, false],
  ["ended by Stripe (canceled: a refund or the end of a cancellation)", fromStripe({ status: "canceled", endedAt: nowSeconds - 60 }), false],
  ["failed payment within its grace", fromStripe({ status: "past_due", currentPeriodStart: nowSeconds - 86_400 }), true],
  ["failed payment past its grace", fromStripe({ status: "past_due", currentPeriodStart: nowSeconds - (PAST_DUE_GRACE_DAYS + 1) * 86_400 }), false],
  ["unpaid after the retries", fromStripe({ status: "unpaid", endedAt: nowSeconds - 60 }), false],
  ["incomplete first payment", fromStripe({ status: "incomplete" }), false],
  ["premium tier, access expired (staff edit or the seed's expired@)", { role: "user", subscriptionTier: "premium", accessExpiresAt: new Date(NOW - DAY) }, false],
  ["premium tier without an expiry", { role: "user", subscriptionTier: "premium", accessExpiresAt: null }, false],
  ["premium tier given by staff until a future date", { role: "user", subscriptionTier: "premium", accessExpiresAt: new Date(NOW + 30 * DAY) }, true],
  ["admin on the free tier", { role: "admin", subscriptionTier: "free", accessExpiresAt: null }, true],
  ["superadmin with an expired premium tier", { role: "superadmin", subscriptionTier: "premium", accessExpiresAt: new Date(NOW - DAY) }, true],
];

const fresh = (overrides: Partial<DiscordLinkState> = {}): DiscordLinkState => ({ roleGranted: false, needsReconnect: false, syncedAt: NOW - 60_000, ...overrides });

describe("who should have the members' role", () => {
  it.each(ACCESS_STATES)("%s", (_label, subject, expected) => {
    expect(shouldHaveMembersRole(subject, NOW)).toBe(expected);
  });
});

describe("the reconcile decision for a linked member", () => {
  it.each(ACCESS_STATES)("%s: grants a missing role or removes a held one, per the access rule", (_label, subject, expected) => {
    if (expected) {
      expect(discordRoleAction(subject, fresh({ roleGranted: false }), NOW)).toBe("grant");
      expect(discordRoleAction(subject, fresh({ roleGranted: true }), NOW)).toBe("none");
    } else {
      expect(discordRoleAction(subject, fresh({ roleGranted: true }), NOW)).toBe("remove");
      expect(discordRoleAction(subject, fresh({ roleGranted: false }), NOW)).toBe("none");
    }
  });

  it("checks a state Discord has not confirmed for a day (or never)", () => {
    const member = fromStripe({});
    const free: AccessSubject = { role: "user", subscriptionTier: "free", accessExpiresAt: null };
    expect(discordRoleAction(member, fresh({ roleGranted: true, syncedAt: NOW - DISCORD_RECHECK_MS }), NOW)).toBe("grant");
    expect(discordRoleAction(member, fresh({ roleGranted: true, syncedAt: NOW - DISCORD_RECHECK_MS + 1 }), NOW)).toBe("none");
    expect(discordRoleAction(free, fresh({ roleGranted: false, syncedAt: null }), NOW)).toBe("remove");
  });

  it("does not pull a member who left the guild or revoked the app back in, but still takes the role of one who lost access", () => {
    const member = fromStripe({});
    const lapsed = fromStripe({ status: "canceled", endedAt: nowSeconds - 60 });
    expect(discordRoleAction(member, fresh({ needsReconnect: true, syncedAt: null }), NOW)).toBe("none");
    expect(discordRoleAction(member, fresh({ needsReconnect: true, roleGranted: true }), NOW)).toBe("none");
    expect(discordRoleAction(lapsed, fresh({ needsReconnect: true, roleGranted: true }), NOW)).toBe("remove");
  });
});

describe("the queue in D1", () => {
  const db = createDatabase(env.DB);

  async function link(userId: string, values: Partial<typeof discordLinks.$inferInsert> = {}) {
    const discordUserId = String(Math.floor(Math.random() * 1e15));
    await db.insert(discordLinks).values({ userId, discordUserId, discordUsername: "Walter", linkedAt: new Date(), ...values });
    return discordUserId;
  }
  const jobOf = async (discordUserId: string) => (await db.select().from(discordJobs).where(eq(discordJobs.discordUserId, discordUserId)))[0];

  it("queues a linked member's role work, once per account however often asked, and nothing for an unlinked one", async () => {
    const linked = await insertUser(db);
    const unlinked = await insertUser(db);
    const discordUserId = await link(linked);
    const before = (await db.select().from(discordJobs)).length;
    await db.batch([queueDiscordSync(db, linked), queueDiscordSync(db, unlinked)]);
    expect((await db.select().from(discordJobs)).length).toBe(before + 1);
    const first = await jobOf(discordUserId);
    expect(first.userId).toBe(linked);
    await queueDiscordSync(db, linked);
    const second = await jobOf(discordUserId);
    expect(second.generation).toBe(first.generation + 1);
    expect((await db.select().from(discordJobs)).length).toBe(before + 1);
  });

  it("queues the removal of the role when a link goes: Disconnect, and the cascade of an account deletion", async () => {
    const disconnecting = await insertUser(db);
    const deleted = await insertUser(db);
    const first = await link(disconnecting);
    const second = await link(deleted);
    await db.delete(discordLinks).where(eq(discordLinks.userId, disconnecting));
    await db.delete(users).where(eq(users.id, deleted));
    expect((await jobOf(first))?.userId).toBe(disconnecting);
    expect((await jobOf(second))?.userId).toBe(deleted);
    expect(await db.select().from(discordLinks).where(eq(discordLinks.userId, deleted))).toEqual([]);
  });

  it("the scheduled reconcile queues exactly the linked members whose role disagrees with their access", async () => {
    await db.delete(discordLinks); // its trigger queues removals: clear the queue after
    await db.delete(discordJobs);
    const now = Date.now();
    const recent = new Date(now - 60_000);
    const member = await insertUser(db, { subscriptionTier: "premium", accessExpiresAt: new Date(now + 10 * DAY) });
    const lapsed = await insertUser(db, { subscriptionTier: "premium", accessExpiresAt: new Date(now - 60_000) });
    const staff = await insertUser(db, { role: "admin" });
    const settled = await insertUser(db, { subscriptionTier: "premium", accessExpiresAt: new Date(now + 10 * DAY) });
    const free = await insertUser(db);
    const waiting = await insertUser(db, { subscriptionTier: "premium", accessExpiresAt: new Date(now + 10 * DAY) });
    const ids = {
      member: await link(member, { syncedAt: recent }),
      lapsed: await link(lapsed, { roleGranted: true, syncedAt: recent }),
      staff: await link(staff, { syncedAt: recent }),
      settled: await link(settled, { roleGranted: true, syncedAt: recent }),
      free: await link(free, { syncedAt: recent }),
      waiting: await link(waiting, { needsReconnect: true, syncedAt: recent }),
    };
    const app = createAppContext(new Request("http://localhost:8787/"), env, createExecutionContext());
    expect(await reconcileDiscordRoles(app, now)).toEqual({ queued: 3 });
    const queued = (await db.select({ id: discordJobs.discordUserId }).from(discordJobs)).map((row) => row.id).sort();
    expect(queued).toEqual([ids.member, ids.lapsed, ids.staff].sort());
    expect(RECONCILE_QUEUE_LIMIT).toBeGreaterThan(0);
  });

  it("is configured only with the bot token, guild, role and the OAuth client", () => {
    const complete = { DISCORD_BOT_TOKEN: "b", DISCORD_GUILD_ID: "g", DISCORD_MEMBER_ROLE_ID: "r", DISCORD_CLIENT_ID: "c", DISCORD_CLIENT_SECRET: "s" };
    expect(discordSyncConfig({ ...env, ...complete })).toEqual({ botToken: "b", guildId: "g", roleId: "r", clientId: "c", clientSecret: "s" });
    for (const name of Object.keys(complete)) {
      expect(discordSyncConfig({ ...env, ...complete, [name]: "" }), name).toBeNull();
    }
    expect(discordSyncConfig(env)).toBeNull();
  });
});

describe("the member's Discord card", () => {
  it("asks to reconnect only when the role could not be given: a revoked app whose member is still in the server shows the role given", () => {
    const user = { role: "user", subscriptionTier: "premium", accessExpiresAt: new Date(Date.now() + 30 * DAY) } as User;
    const row = { discordUsername: "coachk", roleGranted: true, needsReconnect: true, pendingSince: null };
    expect(toDiscordCard([row], user)).toEqual({ kind: "linked", username: "coachk", roleGranted: true, hasAccess: true, pending: false });
    expect(toDiscordCard([{ ...row, roleGranted: false }], user)).toEqual({ kind: "reconnect", username: "coachk" });
    expect(toDiscordCard([], user)).toEqual({ kind: "unlinked" });
  });
});

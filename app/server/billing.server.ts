import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { stripeEvents, users, type User } from "../../db/schema.ts";
import { formatShortDate } from "../lib/format.ts";
import type { PlanId } from "../lib/pricing.ts";
import type { AppContext } from "./context.server.ts";
import { queueDiscordSync, scheduleDiscordDrain } from "./discord.server.ts";
import { renderEmail, sendEmail } from "./email.server.ts";
import type { BillingGateway, SubscriptionSnapshot } from "./stripe.server.ts";
import { giveBackAttempt, takeAttempt, type ThrottleRule } from "./throttle.server.ts";

/** Days of access kept while Stripe retries a failed payment. */
export const PAST_DUE_GRACE_DAYS = 3;
const DAY = 24 * 60 * 60 * 1000;

export function priceIdFor(env: Env, plan: PlanId) {
  return plan === "yearly" ? env.STRIPE_PRICE_YEARLY : env.STRIPE_PRICE_MONTHLY;
}

export function planForPrice(env: Env, priceId: string | null): PlanId | null {
  if (priceId && priceId === env.STRIPE_PRICE_MONTHLY) return "monthly";
  if (priceId && priceId === env.STRIPE_PRICE_YEARLY) return "yearly";
  return null;
}

export type MemberBillingState = Pick<
  User,
  | "subscriptionTier"
  | "subscriptionStatus"
  | "subscriptionPlan"
  | "subscriptionStartDate"
  | "subscriptionEndDate"
  | "cancelAtPeriodEnd"
  | "accessExpiresAt"
  | "stripeCustomerId"
  | "stripeSubscriptionId"
>;

/**
 * The columns to write for a subscription's state. An ended subscription ends access on the day it
 * ended, unless the stored access of that same subscription ended before (a payment that failed past
 * its grace days: access paused then, and Stripe ends the subscription weeks later, when it stops
 * retrying). Read from the row itself in the UPDATE, so a late or repeated event keeps that day.
 */
function columnsFor(snapshot: SubscriptionSnapshot, state: MemberBillingState) {
  if (!ENDED_STATUSES.has(snapshot.status) || !state.accessExpiresAt) return state;
  const ended = state.accessExpiresAt.getTime();
  return {
    ...state,
    accessExpiresAt: sql<Date>`CASE WHEN ${users.stripeSubscriptionId} = ${snapshot.id} AND ${users.accessExpiresAt} IS NOT NULL AND ${users.accessExpiresAt} < ${ended}
      THEN ${users.accessExpiresAt} ELSE ${ended} END`,
  };
}

const ENDED_STATUSES = new Set(["canceled", "unpaid", "incomplete_expired"]);

/**
 * A member's billing columns derived from the subscription as Stripe reports it now. Because
 * every event re-reads the subscription, applying events in any order ends in the same state.
 */
export function billingStateFromSubscription(snapshot: SubscriptionSnapshot, plan: PlanId): MemberBillingState {
  const periodEnd = new Date(snapshot.currentPeriodEnd * 1000);
  const base = {
    subscriptionPlan: plan,
    subscriptionStartDate: new Date(snapshot.startDate * 1000),
    subscriptionEndDate: periodEnd,
    stripeCustomerId: snapshot.customerId,
    stripeSubscriptionId: snapshot.id,
  };
  switch (snapshot.status) {
    case "active":
    case "trialing":
      return {
        ...base,
        subscriptionTier: "premium",
        subscriptionStatus: snapshot.cancelAtPeriodEnd ? "cancelled" : "active",
        cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
        accessExpiresAt: periodEnd,
      };
    case "past_due":
      // Stripe starts the new period before it charges: the unpaid period is not access, only
      // a short grace from its start while the payment is retried.
      return {
        ...base,
        subscriptionTier: "premium",
        subscriptionStatus: "past_due",
        cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
        accessExpiresAt: new Date(snapshot.currentPeriodStart * 1000 + PAST_DUE_GRACE_DAYS * DAY),
      };
    case "canceled":
    case "unpaid":
    case "incomplete_expired": {
      const ended = new Date((snapshot.endedAt ?? snapshot.currentPeriodEnd) * 1000);
      return {
        ...base,
        subscriptionTier: "free",
        subscriptionStatus: "cancelled",
        cancelAtPeriodEnd: false,
        subscriptionEndDate: ended,
        accessExpiresAt: ended,
      };
    }
    default:
      // incomplete, paused: no access until Stripe says it is paid.
      return {
        ...base,
        subscriptionTier: "free",
        subscriptionStatus: "inactive",
        cancelAtPeriodEnd: false,
        accessExpiresAt: null,
      };
  }
}

type EventTarget = { subscriptionId: string | null; userId: string | null; customerId: string | null };

function idOf(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && "id" in value && typeof (value as { id: unknown }).id === "string") {
    return (value as { id: string }).id;
  }
  return null;
}

/** Which subscription and member an event is about; null for events we do not handle. */
export function eventTarget(event: Stripe.Event): EventTarget | null {
  const object = event.data.object as unknown as Record<string, unknown>;
  switch (event.type) {
    case "checkout.session.completed": {
      if (object.mode !== "subscription") return null;
      return {
        subscriptionId: idOf(object.subscription),
        userId: typeof object.client_reference_id === "string" ? object.client_reference_id : null,
        customerId: idOf(object.customer),
      };
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return {
        subscriptionId: idOf(object.id),
        userId: (object.metadata as Record<string, string> | undefined)?.userId ?? null,
        customerId: idOf(object.customer),
      };
    case "invoice.paid":
    case "invoice.payment_failed": {
      const parent = object.parent as { subscription_details?: { subscription?: unknown } } | undefined;
      return {
        subscriptionId: idOf(object.subscription) ?? idOf(parent?.subscription_details?.subscription),
        userId: null,
        customerId: idOf(object.customer),
      };
    }
    default:
      return null;
  }
}

export type EventOutcome = "applied" | "duplicate" | "ignored";

function isLive(snapshot: SubscriptionSnapshot) {
  return snapshot.status === "active" || snapshot.status === "trialing" || snapshot.status === "past_due";
}

/** Of two subscriptions, the one that started first (the id breaks a tie, so every delivery agrees). */
export function boughtFirst(a: SubscriptionSnapshot, b: SubscriptionSnapshot) {
  if (a.startDate !== b.startDate) return a.startDate < b.startDate ? a : b;
  return a.id < b.id ? a : b;
}

/**
 * Of a member's two live subscriptions, the one to end. A paid one stays over one whose payment is
 * failing (a member who cancelled a past-due subscription and bought again); otherwise the one
 * bought first stays. Either subscription's event decides the same.
 */
export function subscriptionToEnd(stored: SubscriptionSnapshot, incoming: SubscriptionSnapshot) {
  const paid = (snapshot: SubscriptionSnapshot) => snapshot.status === "active" || snapshot.status === "trialing";
  if (paid(stored) !== paid(incoming)) return paid(stored) ? incoming : stored;
  return boughtFirst(stored, incoming) === stored ? incoming : stored;
}

async function findMember(app: AppContext, target: EventTarget, snapshot: SubscriptionSnapshot) {
  const userId = target.userId ?? snapshot.userId;
  if (userId) {
    const [byId] = await app.db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (byId) return byId;
  }
  const customerId = target.customerId ?? snapshot.customerId;
  if (customerId) {
    const [byCustomer] = await app.db.select().from(users).where(eq(users.stripeCustomerId, customerId)).limit(1);
    if (byCustomer) return byCustomer;
  }
  const [bySubscription] = await app.db.select().from(users).where(eq(users.stripeSubscriptionId, snapshot.id)).limit(1);
  return bySubscription;
}

async function recordOnly(app: AppContext, event: Stripe.Event): Promise<EventOutcome> {
  const inserted = await app.db.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: stripeEvents.id });
  return inserted.length ? "ignored" : "duplicate";
}

/**
 * Applies a verified Stripe event exactly once: the event id is recorded in the same D1 batch as
 * its effect, so a repeated delivery changes nothing.
 */
export async function processStripeEvent(app: AppContext, gateway: BillingGateway, event: Stripe.Event): Promise<EventOutcome> {
  const [seen] = await app.db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, event.id)).limit(1);
  if (seen) return "duplicate";
  const target = eventTarget(event);
  if (!target?.subscriptionId) return recordOnly(app, event);

  const snapshot = await gateway.retrieveSubscription(target.subscriptionId);
  if (!snapshot) return recordOnly(app, event);
  const plan = planForPrice(app.env, snapshot.priceId);
  if (!plan) return recordOnly(app, event); // a price that is not ours
  const member = await findMember(app, target, snapshot);
  if (!member) return recordOnly(app, event);
  if (member.stripeSubscriptionId !== snapshot.id) {
    // An event about another subscription (an older one, or one that ended before staff gave the
    // member premium, which let go of it) may only replace the stored state when that subscription
    // is live: an ended one must not overwrite the member's current subscription, nor their grant.
    if (!isLive(snapshot)) return recordOnly(app, event);
  }
  if (member.stripeSubscriptionId && member.stripeSubscriptionId !== snapshot.id) {
    // One membership per member. Two checkouts paid at once (two tabs, a double click) make two
    // live subscriptions: the one bought first stays, the other ends at once and is refunded, in
    // whichever order their events arrive.
    const stored = await gateway.retrieveSubscription(member.stripeSubscriptionId);
    if (stored && isLive(stored)) {
      const extra = subscriptionToEnd(stored, snapshot);
      // A failing one (its payment retried) is replaced by one paid since: ended, with nothing to
      // refund (its last invoice is unpaid). Two paid ones: the extra is refunded too.
      if (extra.status === "past_due") await gateway.cancelSubscription(extra.id);
      else await gateway.endDuplicate(extra.id);
      if (extra === snapshot) return recordOnly(app, event);
    }
  }

  const state = billingStateFromSubscription(snapshot, plan);
  try {
    await app.db.batch([
      app.db.insert(stripeEvents).values({ id: event.id, type: event.type }),
      app.db.update(users).set({ ...columnsFor(snapshot, state), updatedAt: new Date() }).where(eq(users.id, member.id)),
      queueDiscordSync(app.db, member.id),
    ]);
  } catch (error) {
    // The primary key on the event id refused a concurrent second delivery: nothing was applied twice.
    const [again] = await app.db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, event.id)).limit(1);
    if (again) return "duplicate";
    throw error;
  }

  scheduleDiscordDrain(app);
  // Only while the payment is still failing: a late delivery about an invoice paid since (the
  // subscription re-read is active again) warns nobody.
  if (event.type === "invoice.payment_failed" && snapshot.status === "past_due" && state.accessExpiresAt) {
    const until = state.accessExpiresAt;
    app.executionContext.waitUntil(notifyPaymentFailed(app, member, until).catch((error) => console.error("Payment-failed e-mail", error)));
  }
  return "applied";
}

async function notifyPaymentFailed(app: AppContext, member: User, accessUntil: Date) {
  const day = formatShortDate(accessUntil);
  // A retry that failed after the grace ended: access has already paused, and the e-mail says so.
  const access = accessUntil.getTime() > Date.now() ? `you keep access until ${day}. Update your card to avoid losing access.` : `your premium access paused on ${day}. Update your card to get it back.`;
  const { text, html } = renderEmail({
    siteName: app.env.SITE_NAME,
    heading: "Your payment did not go through",
    paragraphs: [
      `Hi ${member.firstName || "there"}, we could not charge your card for your premium membership.`,
      `Stripe will retry in the next days, and ${access}`,
    ],
    action: { label: "Update my card", url: `${app.env.SITE_URL.replace(/\/$/, "")}/account-settings#subscription` },
  });
  await sendEmail(app.env, { to: member.email, subject: `Action needed: update your ${app.env.SITE_NAME} payment`, text, html });
}

/** Wrong promo codes a member may try in an hour: codes are not to be guessed, and each try asks Stripe. */
export const PROMO_RULE: ThrottleRule = { limit: 10, windowSeconds: 60 * 60 };

export type PromoLookup = { status: "found"; promotionCodeId: string } | { status: "invalid" } | { status: "throttled"; retryAfterSeconds: number };

/** A promo code typed at checkout: Stripe's promotion code, unless the member has tried too many wrong ones lately. */
export async function lookUpPromoCode(app: AppContext, gateway: BillingGateway, user: User, code: string): Promise<PromoLookup> {
  const name = `promo:${user.id}`;
  // Taken before Stripe is asked, so that codes sent all at once are counted before any is looked up.
  const tries = await takeAttempt(app.env.KV, name, PROMO_RULE);
  if (!tries.taken) return { status: "throttled", retryAfterSeconds: tries.retryAfterSeconds };
  const promotionCodeId = await gateway.findPromotionCode(code);
  if (!promotionCodeId) return { status: "invalid" };
  // Only wrong codes count.
  await giveBackAttempt(app.env.KV, name);
  return { status: "found", promotionCodeId };
}

/** One Stripe customer per member, created on first checkout and reused afterwards. */
export async function ensureCustomer(app: AppContext, gateway: BillingGateway, user: User) {
  if (user.stripeCustomerId && (gateway.mode === "stripe") === !user.stripeCustomerId.startsWith("cus_local_")) {
    return user.stripeCustomerId;
  }
  const customerId = await gateway.createCustomer({
    id: user.id,
    email: user.email,
    name: [user.firstName, user.lastName].filter(Boolean).join(" "),
  });
  await app.db.update(users).set({ stripeCustomerId: customerId, updatedAt: new Date() }).where(eq(users.id, user.id));
  return customerId;
}

/** After a cancel or resume call, store what Stripe answered (the webhook will say the same). */
export async function applySnapshot(app: AppContext, userId: string, snapshot: SubscriptionSnapshot) {
  const plan = planForPrice(app.env, snapshot.priceId);
  if (!plan) return;
  await app.db.batch([
    app.db.update(users).set({ ...columnsFor(snapshot, billingStateFromSubscription(snapshot, plan)), updatedAt: new Date() }).where(eq(users.id, userId)),
    queueDiscordSync(app.db, userId),
  ]);
  scheduleDiscordDrain(app);
}

/**
 * A subscription Stripe no longer knows (it answers 404): it charges nothing, so it is no longer
 * the member's. Forgotten, the member is 'Cancelled' with the day their access ends or ended, and
 * can subscribe again; staff may change the account. Paid access still runs to its day.
 */
export async function forgetMissingSubscription(app: AppContext, userId: string, subscriptionId: string, now = Date.now()) {
  await app.db.batch([
    app.db
      .update(users)
      .set({
        stripeSubscriptionId: null,
        subscriptionStatus: "cancelled",
        cancelAtPeriodEnd: false,
        subscriptionEndDate: sql`coalesce(${users.accessExpiresAt}, ${now})`,
        subscriptionTier: sql`CASE WHEN coalesce(${users.accessExpiresAt}, 0) <= ${now} THEN 'free' ELSE ${users.subscriptionTier} END`,
        updatedAt: new Date(now),
      })
      .where(and(eq(users.id, userId), eq(users.stripeSubscriptionId, subscriptionId))),
    queueDiscordSync(app.db, userId),
  ]);
  scheduleDiscordDrain(app);
}

/**
 * The scheduled job: re-reads from Stripe every member whose stored state may be stale (access
 * ending within a day, past due, or cancelled but not yet ended), and ends in the stored state the
 * access that has expired (below).
 */
export async function reconcileSubscriptions(app: AppContext, gateway: BillingGateway | null, now = Date.now()) {
  let refreshed = 0;
  let failed = 0;
  if (gateway) {
    const candidates = await app.db
      .select()
      .from(users)
      .where(
        and(
          isNotNull(users.stripeSubscriptionId),
          or(
            inArray(users.subscriptionStatus, ["past_due", "cancelled"]),
            and(eq(users.subscriptionStatus, "active"), lt(users.accessExpiresAt, new Date(now + DAY))),
          ),
        ),
      )
      .limit(200);
    for (const member of candidates) {
      // One member Stripe cannot answer for (an outage, a deleted subscription) is left for the
      // next run: the others are refreshed, and expired access still ends below.
      try {
        const snapshot = await gateway.retrieveSubscription(member.stripeSubscriptionId!);
        if (snapshot) await applySnapshot(app, member.id, snapshot);
        else await forgetMissingSubscription(app, member.id, member.stripeSubscriptionId!, now);
        refreshed += 1;
      } catch (error) {
        failed += 1;
        console.error(`Refreshing the subscription of member ${member.id} failed`, error);
      }
    }
  }
  // Expired access ends in the stored state too, without losing what the member's card says of it:
  // a cancelled membership stays 'Cancelled' (with the day it ended), and a subscription Stripe
  // still charges (a failed payment it is retrying) stays as Stripe says, cancellable; it was
  // refreshed above, and Stripe's own end of it arrives as an event. Premium given without Stripe
  // (or a status set by hand) becomes inactive.
  const lapsed = and(eq(users.role, "user"), lt(users.accessExpiresAt, new Date(now)));
  const [cancelled, ended] = await app.db.batch([
    app.db
      .update(users)
      .set({ subscriptionTier: "free", cancelAtPeriodEnd: false, updatedAt: new Date(now) })
      .where(and(lapsed, eq(users.subscriptionStatus, "cancelled"), or(eq(users.subscriptionTier, "premium"), eq(users.cancelAtPeriodEnd, true))))
      .returning({ id: users.id }),
    app.db
      .update(users)
      .set({ subscriptionStatus: "inactive", cancelAtPeriodEnd: false, updatedAt: new Date(now) })
      .where(and(lapsed, inArray(users.subscriptionStatus, ["active", "past_due"]), isNull(users.stripeSubscriptionId)))
      .returning({ id: users.id }),
  ]);
  return { refreshed, failed, expired: cancelled.length + ended.length };
}

import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { stripeEvents, users, type User } from "../../db/schema";
import {
  billingStateFromSubscription,
  ensureCustomer,
  eventTarget,
  PAST_DUE_GRACE_DAYS,
  processStripeEvent,
  reconcileSubscriptions,
} from "~/server/billing.server";
import { hasFailedPayment, hasLiveSubscription, hasPremiumAccess } from "~/lib/access";
import { createAppContext } from "~/server/context.server";
import { listOutbox } from "~/server/email.server";
import { periodEndAfter, type BillingGateway, type SubscriptionSnapshot } from "~/server/stripe.server";

// Billing against a real migrated D1. Stripe's API is the network edge: a small in-test gateway
// hands out the subscription snapshots each test controls, and records what was asked of it.

const DAY = 24 * 60 * 60;
const MONTHLY = "price_monthly_local";
const YEARLY = "price_yearly_local";
const nowSeconds = () => Math.floor(Date.now() / 1000);
const at = (seconds: number) => new Date(seconds * 1000);

function newApp() {
  const executionContext = createExecutionContext();
  return { app: createAppContext(new Request("http://localhost:8787/"), env, executionContext), executionContext };
}

function uid(prefix: string) {
  return `${prefix}_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
}

function snapshot(overrides: Partial<SubscriptionSnapshot> = {}): SubscriptionSnapshot {
  const now = nowSeconds();
  return {
    id: uid("sub"),
    customerId: uid("cus"),
    status: "active",
    priceId: MONTHLY,
    currentPeriodStart: now - DAY,
    currentPeriodEnd: now + 29 * DAY,
    cancelAtPeriodEnd: false,
    startDate: now - DAY,
    endedAt: null,
    userId: null,
    ...overrides,
  };
}

/** Stripe's API as the app sees it: the current snapshot of each subscription. */
class FakeStripe implements BillingGateway {
  mode = "stripe" as const;
  subscriptions = new Map<string, SubscriptionSnapshot>();
  retrieved: string[] = [];
  customersCreated: string[] = [];

  set(value: SubscriptionSnapshot) {
    this.subscriptions.set(value.id, structuredClone(value));
    return value;
  }
  async createCustomer(user: { id: string }) {
    this.customersCreated.push(user.id);
    return `cus_fake_${this.customersCreated.length}_${user.id.slice(0, 8)}`;
  }
  async updateCustomerEmail(): Promise<void> {
    throw new Error("not used here");
  }
  async findPromotionCode() {
    return null;
  }
  async createCheckoutSession(): Promise<string> {
    throw new Error("not used here");
  }
  async retrieveSubscription(id: string) {
    this.retrieved.push(id);
    const found = this.subscriptions.get(id);
    return found ? structuredClone(found) : null;
  }
  async setCancelAtPeriodEnd(): Promise<SubscriptionSnapshot> {
    throw new Error("not used here");
  }
  async cancelSubscription(): Promise<void> {
    throw new Error("not used here");
  }
  async endDuplicate(): Promise<void> {
    throw new Error("not used here");
  }
  async checkoutSubscription(): Promise<null> {
    throw new Error("not used here");
  }
  async createPortalSession() {
    return null;
  }
}

async function insertMember(overrides: Partial<typeof users.$inferInsert> = {}): Promise<User> {
  const { app } = newApp();
  const id = crypto.randomUUID();
  await app.db.insert(users).values({
    id,
    email: `billing-${id}@example.com`,
    firstName: "Billy",
    role: "user",
    emailConfirmedAt: new Date(),
    ...overrides,
  });
  return (await readMember(id))!;
}

async function readMember(id: string) {
  const { app } = newApp();
  const [user] = await app.db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

async function eventRecorded(id: string) {
  const { app } = newApp();
  return (await app.db.select().from(stripeEvents).where(eq(stripeEvents.id, id))).length > 0;
}

function stripeEvent(type: string, object: Record<string, unknown>, id = uid("evt")): Stripe.Event {
  return {
    id,
    object: "event",
    api_version: "2026-10-28.endive",
    created: nowSeconds(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  } as unknown as Stripe.Event;
}

const checkoutCompleted = (sub: SubscriptionSnapshot, userId: string | null, extra: Record<string, unknown> = {}) =>
  stripeEvent("checkout.session.completed", {
    id: uid("cs"),
    object: "checkout.session",
    mode: "subscription",
    client_reference_id: userId,
    customer: sub.customerId,
    subscription: sub.id,
    ...extra,
  });

const subscriptionEvent = (type: "created" | "updated" | "deleted", sub: SubscriptionSnapshot, fields: Record<string, unknown> = {}) =>
  stripeEvent(`customer.subscription.${type}`, {
    id: sub.id,
    object: "subscription",
    customer: sub.customerId,
    metadata: sub.userId ? { userId: sub.userId } : {},
    ...fields,
  });

const invoiceEvent = (type: "paid" | "payment_failed", sub: SubscriptionSnapshot) =>
  stripeEvent(`invoice.${type}`, {
    id: uid("in"),
    object: "invoice",
    customer: sub.customerId,
    parent: { type: "subscription_details", subscription_details: { subscription: sub.id } },
  });

async function process(gateway: BillingGateway, event: Stripe.Event) {
  const { app, executionContext } = newApp();
  const outcome = await processStripeEvent(app, gateway, event);
  await waitOnExecutionContext(executionContext);
  return outcome;
}

/** The member's billing columns, for comparing whole states. */
function billingColumns(member: User | undefined) {
  if (!member) throw new Error("member not found");
  const { subscriptionTier, subscriptionStatus, subscriptionPlan, subscriptionStartDate, subscriptionEndDate, cancelAtPeriodEnd, accessExpiresAt, stripeCustomerId, stripeSubscriptionId } = member;
  return { subscriptionTier, subscriptionStatus, subscriptionPlan, subscriptionStartDate, subscriptionEndDate, cancelAtPeriodEnd, accessExpiresAt, stripeCustomerId, stripeSubscriptionId };
}

describe("billingStateFromSubscription", () => {
  it("gives an active subscription premium access until the end of the paid period", () => {
    const sub = snapshot({ status: "active", priceId: YEARLY });
    expect(billingStateFromSubscription(sub, "yearly")).toEqual({
      subscriptionTier: "premium",
      subscriptionStatus: "active",
      subscriptionPlan: "yearly",
      subscriptionStartDate: at(sub.startDate),
      subscriptionEndDate: at(sub.currentPeriodEnd),
      cancelAtPeriodEnd: false,
      accessExpiresAt: at(sub.currentPeriodEnd),
      stripeCustomerId: sub.customerId,
      stripeSubscriptionId: sub.id,
    });
  });

  it("treats a trial like an active subscription", () => {
    const sub = snapshot({ status: "trialing" });
    const state = billingStateFromSubscription(sub, "monthly");
    expect(state).toMatchObject({ subscriptionTier: "premium", subscriptionStatus: "active", accessExpiresAt: at(sub.currentPeriodEnd) });
  });

  it("marks a subscription cancelled at period end as cancelled but keeps access until the period ends", () => {
    for (const status of ["active", "trialing"] as const) {
      const sub = snapshot({ status, cancelAtPeriodEnd: true });
      expect(billingStateFromSubscription(sub, "monthly"), status).toMatchObject({
        subscriptionTier: "premium",
        subscriptionStatus: "cancelled",
        cancelAtPeriodEnd: true,
        subscriptionEndDate: at(sub.currentPeriodEnd),
        accessExpiresAt: at(sub.currentPeriodEnd),
      });
    }
  });

  it("keeps a past-due member premium and marks them past due", () => {
    const sub = snapshot({ status: "past_due" });
    const state = billingStateFromSubscription(sub, "monthly");
    expect(state).toMatchObject({ subscriptionTier: "premium", subscriptionStatus: "past_due", cancelAtPeriodEnd: false });
    expect(state.accessExpiresAt!.getTime()).toBeGreaterThan(Date.now());
  });

  it("grants a past-due member only the grace period after the paid period ended", () => {
    // Stripe advances current_period_* when it renews, before it charges: past_due means the invoice
    // of the current period failed, so the paid period ended at current_period_start. The member
    // keeps access for the grace period after that (the payment-failed e-mail promises exactly
    // PAST_DUE_GRACE_DAYS more days), not for a whole unpaid period.
    const now = nowSeconds();
    const sub = snapshot({ status: "past_due", currentPeriodStart: now - 60, currentPeriodEnd: now - 60 + 30 * DAY, startDate: now - 90 * DAY });
    const state = billingStateFromSubscription(sub, "monthly");
    expect(state.accessExpiresAt).toEqual(at(sub.currentPeriodStart + PAST_DUE_GRACE_DAYS * DAY));
  });

  it("ends access for canceled, unpaid and incomplete_expired subscriptions at the moment they ended", () => {
    const now = nowSeconds();
    for (const status of ["canceled", "unpaid", "incomplete_expired"] as const) {
      const ended = snapshot({ status, endedAt: now - 3600, cancelAtPeriodEnd: true });
      expect(billingStateFromSubscription(ended, "monthly"), status).toMatchObject({
        subscriptionTier: "free",
        subscriptionStatus: "cancelled",
        cancelAtPeriodEnd: false,
        subscriptionEndDate: at(now - 3600),
        accessExpiresAt: at(now - 3600),
      });
      // Without ended_at, the end of the period is the end.
      const noEnd = snapshot({ status, endedAt: null });
      expect(billingStateFromSubscription(noEnd, "monthly").accessExpiresAt, status).toEqual(at(noEnd.currentPeriodEnd));
    }
  });

  it("gives no access while a subscription is incomplete (or paused)", () => {
    for (const status of ["incomplete", "paused"] as const) {
      expect(billingStateFromSubscription(snapshot({ status, cancelAtPeriodEnd: true }), "monthly"), status).toMatchObject({
        subscriptionTier: "free",
        subscriptionStatus: "inactive",
        cancelAtPeriodEnd: false,
        accessExpiresAt: null,
      });
    }
  });
});

describe("eventTarget", () => {
  it("reads subscription, member and customer from checkout.session.completed in subscription mode", () => {
    expect(
      eventTarget(stripeEvent("checkout.session.completed", { mode: "subscription", subscription: "sub_1", client_reference_id: "user-1", customer: "cus_1" })),
    ).toEqual({ subscriptionId: "sub_1", userId: "user-1", customerId: "cus_1" });
    // Expanded objects count too.
    expect(
      eventTarget(stripeEvent("checkout.session.completed", { mode: "subscription", subscription: { id: "sub_2" }, client_reference_id: null, customer: { id: "cus_2" } })),
    ).toEqual({ subscriptionId: "sub_2", userId: null, customerId: "cus_2" });
  });

  it("ignores checkout sessions that are not subscriptions", () => {
    for (const mode of ["payment", "setup"]) {
      expect(eventTarget(stripeEvent("checkout.session.completed", { mode, client_reference_id: "user-1", customer: "cus_1", subscription: null }))).toBeNull();
    }
  });

  it("reads customer.subscription.created, updated and deleted", () => {
    for (const type of ["created", "updated", "deleted"]) {
      expect(eventTarget(stripeEvent(`customer.subscription.${type}`, { id: "sub_3", customer: "cus_3", metadata: { userId: "user-3" } })), type).toEqual({
        subscriptionId: "sub_3",
        userId: "user-3",
        customerId: "cus_3",
      });
      expect(eventTarget(stripeEvent(`customer.subscription.${type}`, { id: "sub_3", customer: { id: "cus_3" }, metadata: {} })), type).toEqual({
        subscriptionId: "sub_3",
        userId: null,
        customerId: "cus_3",
      });
    }
  });

  it("reads invoice.paid and invoice.payment_failed in the old (invoice.subscription) and new (parent.subscription_details) shapes", () => {
    for (const type of ["invoice.paid", "invoice.payment_failed"]) {
      expect(eventTarget(stripeEvent(type, { id: "in_1", customer: "cus_4", subscription: "sub_4" })), type).toEqual({
        subscriptionId: "sub_4",
        userId: null,
        customerId: "cus_4",
      });
      expect(
        eventTarget(stripeEvent(type, { id: "in_2", customer: "cus_5", parent: { type: "subscription_details", subscription_details: { subscription: "sub_5" } } })),
        type,
      ).toEqual({ subscriptionId: "sub_5", userId: null, customerId: "cus_5" });
      // An invoice that belongs to no subscription points at none.
      expect(eventTarget(stripeEvent(type, { id: "in_3", customer: "cus_6", parent: null }))?.subscriptionId, type).toBeNull();
    }
  });

  it("returns null for events it does not handle", () => {
    for (const type of ["customer.created", "payment_intent.succeeded", "invoice.upcoming", "checkout.session.expired"]) {
      expect(eventTarget(stripeEvent(type, { id: "x", customer: "cus_1", subscription: "sub_1", mode: "subscription" })), type).toBeNull();
    }
  });
});

describe("processStripeEvent", () => {
  it("applies checkout.session.completed once, from the subscription it re-reads", async () => {
    const member = await insertMember();
    const stripe = new FakeStripe();
    const sub = stripe.set(snapshot({ userId: member.id }));
    const event = checkoutCompleted(sub, member.id);

    expect(await process(stripe, event)).toBe("applied");
    expect(stripe.retrieved).toEqual([sub.id]);
    expect(billingColumns(await readMember(member.id))).toEqual(billingStateFromSubscription(sub, "monthly"));
    expect(await eventRecorded(event.id)).toBe(true);
  });

  it("changes nothing on a duplicate delivery, even when Stripe's state moved on meanwhile", async () => {
    const member = await insertMember();
    const stripe = new FakeStripe();
    const sub = stripe.set(snapshot({ userId: member.id }));
    const event = checkoutCompleted(sub, member.id);
    expect(await process(stripe, event)).toBe("applied");
    const after = billingColumns(await readMember(member.id));

    stripe.set({ ...sub, cancelAtPeriodEnd: true });
    stripe.retrieved = [];
    expect(await process(stripe, event)).toBe("duplicate");
    expect(await process(stripe, event)).toBe("duplicate");
    expect(stripe.retrieved).toEqual([]);
    expect(billingColumns(await readMember(member.id))).toEqual(after);
  });

  it("applies two concurrent deliveries of one event once", async () => {
    const member = await insertMember();
    const stripe = new FakeStripe();
    const sub = stripe.set(snapshot({ userId: member.id }));
    const event = checkoutCompleted(sub, member.id);
    const outcomes = await Promise.all([process(stripe, event), process(stripe, event)]);
    expect(outcomes.sort()).toEqual(["applied", "duplicate"]);
  });

  it("ends in the latest state when subscription.updated (cancel at period end) arrives before checkout.session.completed", async () => {
    const member = await insertMember();
    const stripe = new FakeStripe();
    const sub = snapshot({ userId: member.id });
    const latest = stripe.set({ ...sub, cancelAtPeriodEnd: true });
    const completed = checkoutCompleted(sub, member.id);
    const created = subscriptionEvent("created", sub);
    const updated = subscriptionEvent("updated", sub, { cancel_at_period_end: true });
    const paid = invoiceEvent("paid", sub);

    for (const event of [updated, paid, completed, created]) expect(await process(stripe, event), event.type).toBe("applied");
    const member_ = await readMember(member.id);
    expect(billingColumns(member_)).toEqual(billingStateFromSubscription(latest, "monthly"));
    expect(member_!.subscriptionStatus).toBe("cancelled");
    expect(member_!.cancelAtPeriodEnd).toBe(true);
  });

  it("keeps a deleted subscription ended when an old invoice.paid arrives after the deletion", async () => {
    const member = await insertMember();
    const stripe = new FakeStripe();
    const now = nowSeconds();
    const sub = stripe.set(snapshot({ userId: member.id }));
    expect(await process(stripe, checkoutCompleted(sub, member.id))).toBe("applied");
    const ended = stripe.set({ ...sub, status: "canceled", endedAt: now - 60 });
    expect(await process(stripe, subscriptionEvent("deleted", sub))).toBe("applied");
    expect(await process(stripe, invoiceEvent("paid", sub))).toBe("applied");
    expect(await process(stripe, checkoutCompleted(sub, member.id))).toBe("applied");
    const stored = await readMember(member.id);
    expect(billingColumns(stored)).toEqual(billingStateFromSubscription(ended, "monthly"));
    expect(stored!.subscriptionTier).toBe("free");
    expect(stored!.accessExpiresAt!.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("an ended subscription that was never the member's stored one changes nothing (it gave no access; premium given by staff since stays)", async () => {
    const member = await insertMember({ subscriptionTier: "premium", subscriptionStatus: "active", accessExpiresAt: new Date(Date.now() + 30 * DAY * 1000) });
    const before = billingColumns(await readMember(member.id));
    const stripe = new FakeStripe();
    const sub = stripe.set(snapshot({ userId: member.id, status: "canceled", endedAt: nowSeconds() - 60 }));
    expect(await process(stripe, subscriptionEvent("deleted", sub))).toBe("ignored");
    expect(await process(stripe, invoiceEvent("payment_failed", sub))).toBe("ignored");
    expect(billingColumns(await readMember(member.id))).toEqual(before);
  });

  it("finds the member of an invoice event by customer id", async () => {
    const customerId = uid("cus");
    const member = await insertMember({ stripeCustomerId: customerId });
    const stripe = new FakeStripe();
    const sub = stripe.set(snapshot({ customerId, status: "past_due" }));
    expect(await process(stripe, invoiceEvent("payment_failed", sub))).toBe("applied");
    const stored = await readMember(member.id);
    expect(stored!.subscriptionStatus).toBe("past_due");
    expect(stored!.stripeSubscriptionId).toBe(sub.id);
    // The member is told by e-mail (after the answer, through waitUntil).
    const outbox = await listOutbox(env);
    expect(outbox.some((message) => message.to === member.email && /payment/i.test(message.subject))).toBe(true);
  });

  it("ignores (but records) events for prices that are not ours", async () => {
    const member = await insertMember();
    const before = billingColumns(member);
    const stripe = new FakeStripe();
    const sub = stripe.set(snapshot({ userId: member.id, priceId: "price_some_other_product" }));
    const event = checkoutCompleted(sub, member.id);
    expect(await process(stripe, event)).toBe("ignored");
    expect(billingColumns(await readMember(member.id))).toEqual(before);
    expect(await eventRecorded(event.id)).toBe(true);
    expect(await process(stripe, event)).toBe("duplicate");
  });

  it("ignores events about unknown customers and subscriptions Stripe no longer knows", async () => {
    const bystander = await insertMember();
    const before = billingColumns(bystander);
    const stripe = new FakeStripe();
    const sub = stripe.set(snapshot({ userId: null }));
    for (const event of [
      checkoutCompleted(sub, null),
      subscriptionEvent("updated", sub),
      invoiceEvent("paid", sub),
      checkoutCompleted(sub, crypto.randomUUID()), // a client_reference_id that is nobody
    ]) {
      expect(await process(stripe, event), event.type).toBe("ignored");
    }
    const gone = snapshot({ userId: bystander.id });
    expect(await process(stripe, subscriptionEvent("updated", gone))).toBe("ignored");
    expect(billingColumns(await readMember(bystander.id))).toEqual(before);
  });

  it("records events it does not handle without asking Stripe", async () => {
    const stripe = new FakeStripe();
    const event = stripeEvent("customer.created", { id: uid("cus") });
    expect(await process(stripe, event)).toBe("ignored");
    expect(stripe.retrieved).toEqual([]);
    expect(await eventRecorded(event.id)).toBe(true);
    const payment = stripeEvent("checkout.session.completed", { id: uid("cs"), mode: "payment", client_reference_id: null, customer: uid("cus") });
    expect(await process(stripe, payment)).toBe("ignored");
    expect(stripe.retrieved).toEqual([]);
  });

  it("does not let an event about an older, ended subscription overwrite the member's current active one", async () => {
    const member = await insertMember();
    const stripe = new FakeStripe();
    const now = nowSeconds();
    const old = stripe.set(snapshot({ userId: member.id, status: "canceled", endedAt: now - 10 * DAY, currentPeriodEnd: now - 10 * DAY }));
    const current = stripe.set(snapshot({ userId: member.id, customerId: old.customerId }));
    expect(await process(stripe, checkoutCompleted(current, member.id))).toBe("applied");
    expect(await process(stripe, subscriptionEvent("deleted", old))).toBe("ignored");
    expect(billingColumns(await readMember(member.id))).toEqual(billingStateFromSubscription(current, "monthly"));
  });

  it("does not let a late event about an older, ended subscription overwrite the current one that is cancelled at period end", async () => {
    // Stripe retries undelivered events for days: a member who re-subscribed and then cancelled the
    // new subscription (still paid until its period ends) must keep access when an old event lands.
    const member = await insertMember();
    const stripe = new FakeStripe();
    const now = nowSeconds();
    const old = stripe.set(snapshot({ userId: member.id, status: "canceled", endedAt: now - 10 * DAY, currentPeriodEnd: now - 10 * DAY }));
    const current = stripe.set(snapshot({ userId: member.id, customerId: old.customerId, cancelAtPeriodEnd: true }));
    expect(await process(stripe, subscriptionEvent("updated", current))).toBe("applied");
    await process(stripe, subscriptionEvent("deleted", old));
    const stored = await readMember(member.id);
    expect(billingColumns(stored)).toEqual(billingStateFromSubscription(current, "monthly"));
    expect(stored!.subscriptionTier).toBe("premium");
  });
});

describe("ensureCustomer", () => {
  it("creates one customer per member and reuses it", async () => {
    const member = await insertMember();
    const stripe = new FakeStripe();
    const { app } = newApp();
    const first = await ensureCustomer(app, stripe, member);
    const second = await ensureCustomer(app, stripe, (await readMember(member.id))!);
    expect(second).toBe(first);
    expect(stripe.customersCreated).toEqual([member.id]);
    expect((await readMember(member.id))!.stripeCustomerId).toBe(first);
  });

  it("does not hand a local test-mode customer to the real Stripe API", async () => {
    const member = await insertMember({ stripeCustomerId: `cus_local_${crypto.randomUUID().slice(0, 8)}` });
    const stripe = new FakeStripe();
    const { app } = newApp();
    const id = await ensureCustomer(app, stripe, member);
    expect(id).not.toMatch(/^cus_local_/);
    expect(stripe.customersCreated).toEqual([member.id]);
  });
});

describe("reconcileSubscriptions", () => {
  it("refreshes stale members from Stripe and ends expired access: cancelled stays cancelled, premium given without Stripe becomes inactive", async () => {
    const now = nowSeconds();
    const stripe = new FakeStripe();
    // Renewed by Stripe, but the webhook was lost: access ends within the day in our database.
    const renewed = stripe.set(snapshot({ currentPeriodStart: now + 3600, currentPeriodEnd: now + 3600 + 30 * DAY }));
    const stale = await insertMember({
      subscriptionTier: "premium",
      subscriptionStatus: "active",
      subscriptionPlan: "monthly",
      accessExpiresAt: at(now + 3600),
      stripeCustomerId: renewed.customerId,
      stripeSubscriptionId: renewed.id,
    });
    // Cancelled at period end; the period is over and Stripe has ended it.
    const endedSub = stripe.set(snapshot({ status: "canceled", endedAt: now - 600, currentPeriodEnd: now - 600 }));
    const cancelled = await insertMember({
      subscriptionTier: "premium",
      subscriptionStatus: "cancelled",
      cancelAtPeriodEnd: true,
      accessExpiresAt: at(now - 600),
      stripeCustomerId: endedSub.customerId,
      stripeSubscriptionId: endedSub.id,
    });
    // Premium granted without Stripe (e.g. by staff), expired an hour ago.
    const expired = await insertMember({ subscriptionTier: "premium", subscriptionStatus: "active", accessExpiresAt: at(now - 3600) });
    // Healthy members and staff are left alone.
    const healthySub = stripe.set(snapshot());
    const healthy = await insertMember({
      subscriptionTier: "premium",
      subscriptionStatus: "active",
      accessExpiresAt: at(healthySub.currentPeriodEnd),
      stripeCustomerId: healthySub.customerId,
      stripeSubscriptionId: healthySub.id,
    });
    const staff = await insertMember({ role: "admin", subscriptionStatus: "active", accessExpiresAt: at(now - 3600) });

    const { app } = newApp();
    const result = await reconcileSubscriptions(app, stripe, Date.now());

    expect(stripe.retrieved).toEqual(expect.arrayContaining([renewed.id, endedSub.id]));
    expect(stripe.retrieved).not.toContain(healthySub.id);
    expect(result.refreshed).toBeGreaterThanOrEqual(2);
    // The premium given without Stripe (the cancelled member was brought up to date from Stripe).
    expect(result.expired).toBeGreaterThanOrEqual(1);

    const staleAfter = await readMember(stale.id);
    expect(staleAfter!.accessExpiresAt).toEqual(at(renewed.currentPeriodEnd));
    expect(staleAfter!.subscriptionStatus).toBe("active");
    const cancelledAfter = await readMember(cancelled.id);
    expect(cancelledAfter!.subscriptionTier).toBe("free");
    // Still 'Cancelled', with the day it ended: the card says what the membership was.
    expect(cancelledAfter!.subscriptionStatus).toBe("cancelled");
    expect(cancelledAfter!.cancelAtPeriodEnd).toBe(false);
    expect(cancelledAfter!.accessExpiresAt).toEqual(at(now - 600));
    expect((await readMember(expired.id))!.subscriptionStatus).toBe("inactive");
    expect(billingColumns(await readMember(healthy.id))).toEqual(billingColumns(healthy));
    expect((await readMember(staff.id))!.subscriptionStatus).toBe("active");
  });

  it("a member Stripe cannot answer for is left for the next run: the others are refreshed and expired access still ends", async () => {
    const now = nowSeconds();
    const stripe = new FakeStripe();
    const broken = stripe.set(snapshot({ currentPeriodStart: now + 3600, currentPeriodEnd: now + 3600 + 30 * DAY }));
    const renewed = stripe.set(snapshot({ currentPeriodStart: now + 3600, currentPeriodEnd: now + 3600 + 30 * DAY }));
    const stale = (subscription: SubscriptionSnapshot) =>
      insertMember({
        subscriptionTier: "premium",
        subscriptionStatus: "active",
        subscriptionPlan: "monthly",
        accessExpiresAt: at(now + 3600),
        stripeCustomerId: subscription.customerId,
        stripeSubscriptionId: subscription.id,
      });
    const unanswered = await stale(broken);
    const refreshed = await stale(renewed);
    const expired = await insertMember({ subscriptionTier: "premium", subscriptionStatus: "active", accessExpiresAt: at(now - 3600) });
    // Stripe fails for one subscription (an outage, a timeout).
    const retrieve = stripe.retrieveSubscription.bind(stripe);
    stripe.retrieveSubscription = async (id: string) => {
      if (id === broken.id) throw new Error("Stripe is not answering");
      return retrieve(id);
    };
    const { app } = newApp();
    const result = await reconcileSubscriptions(app, stripe, Date.now());
    expect(result.failed).toBe(1);
    expect(billingColumns(await readMember(unanswered.id))).toEqual(billingColumns(unanswered));
    expect((await readMember(refreshed.id))!.accessExpiresAt).toEqual(at(renewed.currentPeriodEnd));
    expect((await readMember(expired.id))!.subscriptionStatus).toBe("inactive");
  });

  it("leaves a failed payment Stripe is still retrying as Stripe says, past its grace: cancellable, not inactive", async () => {
    const now = nowSeconds();
    const stripe = new FakeStripe();
    // Past due for five days: the three days of grace are over, Stripe goes on retrying the card.
    const retrying = stripe.set(snapshot({ status: "past_due", currentPeriodStart: now - 5 * DAY, currentPeriodEnd: now + 25 * DAY }));
    const member = await insertMember({
      subscriptionTier: "premium",
      subscriptionStatus: "past_due",
      subscriptionPlan: "monthly",
      accessExpiresAt: at(now - 2 * DAY),
      stripeCustomerId: retrying.customerId,
      stripeSubscriptionId: retrying.id,
    });
    const { app } = newApp();
    await reconcileSubscriptions(app, stripe, Date.now());
    await reconcileSubscriptions(app, null, Date.now());
    const after = (await readMember(member.id))!;
    expect(after.subscriptionStatus).toBe("past_due");
    expect(after.stripeSubscriptionId).toBe(retrying.id);
    expect(hasLiveSubscription(after)).toBe(true);
    expect(hasFailedPayment(after)).toBe(true);
    expect(hasPremiumAccess(after)).toBe(false);
  });

  it("forgets a subscription Stripe no longer knows (404): the member is 'Cancelled', may subscribe again, and staff may change the account", async () => {
    const now = nowSeconds();
    const stripe = new FakeStripe();
    const gone = await insertMember({
      subscriptionTier: "premium",
      subscriptionStatus: "past_due",
      subscriptionPlan: "monthly",
      accessExpiresAt: at(now - 2 * DAY),
      stripeCustomerId: uid("cus"),
      stripeSubscriptionId: uid("sub"),
    });
    // Paid up to a day still ahead: that access is kept to its day.
    const paid = await insertMember({
      subscriptionTier: "premium",
      subscriptionStatus: "active",
      subscriptionPlan: "monthly",
      accessExpiresAt: at(now + 3600),
      stripeCustomerId: uid("cus"),
      stripeSubscriptionId: uid("sub"),
    });
    const { app } = newApp();
    await reconcileSubscriptions(app, stripe, Date.now());
    const after = (await readMember(gone.id))!;
    expect(after).toMatchObject({ subscriptionTier: "free", subscriptionStatus: "cancelled", stripeSubscriptionId: null, cancelAtPeriodEnd: false, subscriptionEndDate: at(now - 2 * DAY) });
    expect(hasLiveSubscription(after) || hasFailedPayment(after)).toBe(false);
    const kept = (await readMember(paid.id))!;
    expect(kept).toMatchObject({ subscriptionTier: "premium", subscriptionStatus: "cancelled", stripeSubscriptionId: null, subscriptionEndDate: at(now + 3600) });
    expect(hasPremiumAccess(kept)).toBe(true);
  });

  it("ends expired access without a gateway, and only once", async () => {
    const now = Date.now();
    const member = await insertMember({ subscriptionTier: "premium", subscriptionStatus: "past_due", accessExpiresAt: new Date(now - 1000) });
    const cancelled = await insertMember({ subscriptionTier: "premium", subscriptionStatus: "cancelled", cancelAtPeriodEnd: true, accessExpiresAt: new Date(now - 1000), stripeSubscriptionId: uid("sub") });
    const { app } = newApp();
    const first = await reconcileSubscriptions(app, null, now);
    expect(first.refreshed).toBe(0);
    expect(first.expired).toBeGreaterThanOrEqual(2);
    expect((await readMember(member.id))!.subscriptionStatus).toBe("inactive");
    expect(await readMember(cancelled.id)).toMatchObject({ subscriptionTier: "free", subscriptionStatus: "cancelled", cancelAtPeriodEnd: false });
    const again = await reconcileSubscriptions(app, null, now);
    expect(again.expired).toBe(0);
  });
});

describe("the local gateway's billing periods (test mode), as Stripe bills them", () => {
  const at = (iso: string) => Date.parse(iso) / 1000;
  const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

  it("renews on the same day of the next month or year, not after a fixed 30 or 365 days", () => {
    const start = at("2026-11-26T10:15:00Z");
    expect(iso(periodEndAfter(start, false, start))).toBe("2026-12-26T10:15:00.000Z");
    expect(iso(periodEndAfter(at("2026-12-26T10:15:00Z"), false, start))).toBe("2027-01-26T10:15:00.000Z");
    expect(iso(periodEndAfter(at("2027-11-26T10:15:00Z"), true, start))).toBe("2028-11-26T10:15:00.000Z"); // across a leap day
  });

  it("uses the month's last day when it has no such day, and goes back to the first day after", () => {
    const start = at("2027-01-31T08:00:00Z");
    const february = periodEndAfter(start, false, start);
    expect(iso(february)).toBe("2027-02-28T08:00:00.000Z");
    expect(iso(periodEndAfter(february, false, start))).toBe("2027-03-31T08:00:00.000Z");
    const leap = at("2028-02-29T12:00:00Z");
    expect(iso(periodEndAfter(leap, true, leap))).toBe("2029-02-28T12:00:00.000Z");
  });
});

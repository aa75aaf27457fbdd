import Stripe from "stripe";
import type { AppContext } from "./context.server.ts";
import { isLocalHost } from "./email.server.ts";

// Two ways to reach "Stripe": the real API (STRIPE_SECRET_KEY set), or, on a developer's machine
// without a key, a local stand-in kept in KV whose test checkout delivers correctly signed events
// to the real webhook route (docs/decisions/0005-billing-gateway-and-local-mode.md). Both sit behind the same gateway interface.

/** Signs and verifies the local test mode's events. Only ever accepted on localhost. */
export const LOCAL_WEBHOOK_SECRET = "whsec_local_test_mode_only";
const LOCAL_PLACEHOLDER_KEY = "sk_test_local_placeholder";

/** A staff member changed a member's address, and Stripe could not take it (accounts.server's updateBillingEmail). */
export const STRIPE_EMAIL_NOT_UPDATED =
  "User updated successfully, but Stripe could not be reached: receipts still go to the old address. Change it on the customer in Stripe's dashboard.";

export type BillingMode = "stripe" | "local" | "unavailable";

export function billingMode(env: Env): BillingMode {
  if (env.STRIPE_SECRET_KEY) return "stripe";
  return isLocalHost(env.SITE_URL) ? "local" : "unavailable";
}

export function createStripe(env: Env) {
  const config: Stripe.StripeConfig = {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 1,
    timeout: 15_000,
    telemetry: false,
  };
  // Tests point the client at a fake Stripe API on this machine (the network edge).
  if (env.STRIPE_API_BASE) {
    const base = new URL(env.STRIPE_API_BASE);
    config.host = base.hostname;
    config.port = base.port || (base.protocol === "https:" ? 443 : 80);
    config.protocol = base.protocol === "https:" ? "https" : "http";
  }
  return new Stripe(env.STRIPE_SECRET_KEY || LOCAL_PLACEHOLDER_KEY, config);
}

export function webhookSecret(env: Env): string | null {
  const mode = billingMode(env);
  if (mode === "stripe") return env.STRIPE_WEBHOOK_SECRET || null;
  if (mode === "local") return LOCAL_WEBHOOK_SECRET;
  return null;
}

export async function verifyWebhook(env: Env, body: string, signature: string | null): Promise<Stripe.Event | null> {
  const secret = webhookSecret(env);
  if (!secret || !signature) return null;
  try {
    return await createStripe(env).webhooks.constructEventAsync(body, signature, secret, undefined, Stripe.createSubtleCryptoProvider());
  } catch {
    return null;
  }
}

/** What we keep of a Stripe subscription: enough to derive a member's access. */
export type SubscriptionSnapshot = {
  id: string;
  customerId: string;
  status: Stripe.Subscription.Status;
  priceId: string | null;
  currentPeriodStart: number;
  currentPeriodEnd: number;
  cancelAtPeriodEnd: boolean;
  startDate: number;
  endedAt: number | null;
  userId: string | null;
};

export function snapshotFromStripe(subscription: Stripe.Subscription): SubscriptionSnapshot {
  const item = subscription.items?.data?.[0];
  const legacy = subscription as unknown as { current_period_start?: number; current_period_end?: number };
  return {
    id: subscription.id,
    customerId: typeof subscription.customer === "string" ? subscription.customer : subscription.customer.id,
    status: subscription.status,
    priceId: item?.price?.id ?? null,
    currentPeriodStart: item?.current_period_start ?? legacy.current_period_start ?? subscription.start_date,
    currentPeriodEnd: item?.current_period_end ?? legacy.current_period_end ?? subscription.start_date,
    cancelAtPeriodEnd: subscription.cancel_at_period_end || Boolean(subscription.cancel_at),
    startDate: subscription.start_date,
    endedAt: subscription.ended_at ?? null,
    userId: subscription.metadata?.userId ?? null,
  };
}

export type CheckoutRequest = {
  userId: string;
  email: string;
  customerId: string;
  priceId: string;
  promotionCodeId: string | null;
  successUrl: string;
  cancelUrl: string;
};

export interface BillingGateway {
  mode: "stripe" | "local";
  createCustomer(user: { id: string; email: string; name: string }): Promise<string>;
  /** Sets the address Stripe sends the customer's receipts and invoices to. A customer gone at Stripe is left alone. */
  updateCustomerEmail(customerId: string, email: string): Promise<void>;
  findPromotionCode(code: string): Promise<string | null>;
  createCheckoutSession(request: CheckoutRequest): Promise<string>;
  retrieveSubscription(id: string): Promise<SubscriptionSnapshot | null>;
  setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<SubscriptionSnapshot>;
  /** Ends a subscription at once (account deletion): no further charge. */
  cancelSubscription(id: string): Promise<void>;
  /**
   * Ends at once a member's second live subscription (two checkouts paid at once) and refunds what
   * it charged. Safe to call again for the same subscription: nothing is refunded twice.
   */
  endDuplicate(id: string): Promise<void>;
  /** The member and subscription a finished checkout made; null when it is unknown or not finished. */
  checkoutSubscription(sessionId: string): Promise<{ userId: string | null; subscriptionId: string } | null>;
  createPortalSession(customerId: string, returnUrl: string): Promise<string | null>;
}

export function stripeGateway(env: Env): BillingGateway {
  const stripe = createStripe(env);
  return {
    mode: "stripe",
    async createCustomer(user) {
      const customer = await stripe.customers.create(
        { email: user.email, name: user.name || undefined, metadata: { userId: user.id } },
        { idempotencyKey: `customer-${user.id}` },
      );
      return customer.id;
    },
    async updateCustomerEmail(customerId, email) {
      try {
        await stripe.customers.update(customerId, { email });
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return;
        throw error;
      }
    },
    async findPromotionCode(code) {
      const list = await stripe.promotionCodes.list({ code, active: true, limit: 1 });
      return list.data[0]?.id ?? null;
    },
    async createCheckoutSession(request) {
      const session = await stripe.checkout.sessions.create({
        mode: "subscription",
        customer: request.customerId,
        client_reference_id: request.userId,
        line_items: [{ price: request.priceId, quantity: 1 }],
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        subscription_data: { metadata: { userId: request.userId } },
        metadata: { userId: request.userId },
        ...(request.promotionCodeId ? { discounts: [{ promotion_code: request.promotionCodeId }] } : { allow_promotion_codes: false }),
      });
      if (!session.url) throw new Error("Failed to create checkout session.");
      return session.url;
    },
    async retrieveSubscription(id) {
      try {
        return snapshotFromStripe(await stripe.subscriptions.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
    },
    async setCancelAtPeriodEnd(id, cancel) {
      return snapshotFromStripe(await stripe.subscriptions.update(id, { cancel_at_period_end: cancel }));
    },
    async cancelSubscription(id) {
      try {
        await stripe.subscriptions.cancel(id);
      } catch (error) {
        // Already gone at Stripe: nothing left to charge.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return;
        throw error;
      }
    },
    async endDuplicate(id) {
      let subscription: Stripe.Subscription;
      try {
        subscription = await stripe.subscriptions.retrieve(id);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return;
        throw error;
      }
      // Refund first, then cancel: if either call fails the webhook answers 500 and Stripe retries,
      // and a retry only comes back here while the subscription is still live.
      const invoice = subscription.latest_invoice;
      const invoiceId = typeof invoice === "string" ? invoice : (invoice?.id ?? null);
      const payments = invoiceId ? (await stripe.invoicePayments.list({ invoice: invoiceId, status: "paid", limit: 10 })).data : [];
      for (const payment of payments) {
        const intent = payment.payment.payment_intent;
        const intentId = typeof intent === "string" ? intent : (intent?.id ?? null);
        if (!intentId) continue;
        // One refund per payment, however often the webhook that asks for it is delivered.
        await stripe.refunds.create(
          { payment_intent: intentId, reason: "duplicate", metadata: { subscription: id } },
          { idempotencyKey: `refund-duplicate-${payment.id}` },
        );
      }
      await this.cancelSubscription(id);
    },
    async checkoutSubscription(sessionId) {
      try {
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        const subscription = typeof session.subscription === "string" ? session.subscription : (session.subscription?.id ?? null);
        return subscription ? { userId: session.client_reference_id, subscriptionId: subscription } : null;
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
        throw error;
      }
    },
    async createPortalSession(customerId, returnUrl) {
      const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return session.url;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Local test mode: "Stripe" objects live in KV; every change is announced to the real webhook
// route as a signed event, exactly as Stripe would.

const LOCAL_PREFIX = "stripe-local:";

/**
 * The end of a billing period that starts at `start` (Unix seconds), as Stripe bills: the same day
 * of the next month (or year) as the subscription's first day, `anchor`, at the same time of day,
 * or the month's last day when it has no such day (Jan 31 -> Feb 28 -> Mar 31). Not a fixed 30 or
 * 365 days, which would move a member's renewal a day earlier every 31-day month and leap year.
 */
export function periodEndAfter(start: number, yearly: boolean, anchor: number): number {
  const from = new Date(start * 1000);
  const anchorDay = new Date(anchor * 1000).getUTCDate();
  const year = from.getUTCFullYear() + (yearly ? 1 : 0);
  const month = from.getUTCMonth() + (yearly ? 0 : 1);
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const end = Date.UTC(year, month, Math.min(anchorDay, lastDay), from.getUTCHours(), from.getUTCMinutes(), from.getUTCSeconds());
  return Math.floor(end / 1000);
}

export type LocalCheckoutSession = {
  id: string;
  userId: string;
  customerId: string;
  priceId: string;
  promotionCodeId: string | null;
  successUrl: string;
  cancelUrl: string;
  completed: boolean;
  /** The subscription the paid checkout made. */
  subscriptionId?: string;
};

function randomId(prefix: string) {
  return `${prefix}_local_${crypto.randomUUID().replaceAll("-", "").slice(0, 20)}`;
}

/**
 * Test mode's promotion codes, as a Stripe promotion code on a coupon of "once" duration: a percentage
 * off the first payment. The test checkout shows the discounted amount due today.
 */
export const LOCAL_PROMOTION_CODES: Record<string, { id: string; percentOff: number }> = { GRIDIRON10: { id: "promo_local_gridiron10", percentOff: 10 } };

/** A test-mode promotion code by its id: its code and discount (null for an id that is none of them). */
export function localPromotion(id: string | null): { code: string; percentOff: number } | null {
  const entry = Object.entries(LOCAL_PROMOTION_CODES).find(([, promotion]) => promotion.id === id);
  return entry ? { code: entry[0], percentOff: entry[1].percentOff } : null;
}

export function localGateway(app: AppContext, origin: string): BillingGateway & {
  getCheckoutSession(id: string): Promise<LocalCheckoutSession | null>;
  completeCheckout(id: string): Promise<SubscriptionSnapshot>;
  renew(id: string): Promise<SubscriptionSnapshot>;
  failPayment(id: string): Promise<SubscriptionSnapshot>;
} {
  const kv = app.env.KV;
  const read = <T,>(key: string) => kv.get<T>(`${LOCAL_PREFIX}${key}`, "json");
  const write = (key: string, value: unknown) => kv.put(`${LOCAL_PREFIX}${key}`, JSON.stringify(value));
  const yearly = (priceId: string | null) => priceId === app.env.STRIPE_PRICE_YEARLY;

  async function deliver(type: string, object: Record<string, unknown>) {
    const event = {
      id: randomId("evt"),
      object: "event",
      api_version: "2026-10-28.endive",
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      type,
      data: { object },
    };
    const payload = JSON.stringify(event);
    const signature = await createStripe(app.env).webhooks.generateTestHeaderStringAsync({
      payload,
      secret: LOCAL_WEBHOOK_SECRET,
      cryptoProvider: Stripe.createSubtleCryptoProvider(),
    });
    const response = await fetch(`${origin}/webhooks/stripe`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
      body: payload,
    });
    if (!response.ok) throw new Error(`Local webhook delivery of ${type} answered ${response.status}`);
  }

  function subscriptionObject(snapshot: SubscriptionSnapshot) {
    return {
      id: snapshot.id,
      object: "subscription",
      customer: snapshot.customerId,
      status: snapshot.status,
      cancel_at_period_end: snapshot.cancelAtPeriodEnd,
      start_date: snapshot.startDate,
      ended_at: snapshot.endedAt,
      metadata: snapshot.userId ? { userId: snapshot.userId } : {},
      items: {
        object: "list",
        data: [
          {
            id: `si_${snapshot.id}`,
            object: "subscription_item",
            price: { id: snapshot.priceId, object: "price" },
            current_period_start: snapshot.currentPeriodStart,
            current_period_end: snapshot.currentPeriodEnd,
          },
        ],
      },
    };
  }

  function invoiceObject(snapshot: SubscriptionSnapshot, paid: boolean) {
    return {
      id: randomId("in"),
      object: "invoice",
      customer: snapshot.customerId,
      status: paid ? "paid" : "open",
      parent: { type: "subscription_details", subscription_details: { subscription: snapshot.id } },
      lines: { object: "list", data: [{ pricing: { price_details: { price: snapshot.priceId } } }] },
    };
  }

  return {
    mode: "local",
    async createCustomer(user) {
      const id = randomId("cus");
      await write(`customer:${id}`, { id, email: user.email, userId: user.id });
      return id;
    },
    async updateCustomerEmail(customerId, email) {
      const customer = await read<{ id: string; email: string; userId: string }>(`customer:${customerId}`);
      if (customer) await write(`customer:${customerId}`, { ...customer, email });
    },
    async findPromotionCode(code) {
      return LOCAL_PROMOTION_CODES[code.toUpperCase()]?.id ?? null;
    },
    async createCheckoutSession(request) {
      const id = randomId("cs");
      const session: LocalCheckoutSession = { id, ...request, completed: false };
      await write(`session:${id}`, session);
      return `${origin}/subscribe/test-checkout?session=${id}`;
    },
    async retrieveSubscription(id) {
      return read<SubscriptionSnapshot>(`subscription:${id}`);
    },
    async setCancelAtPeriodEnd(id, cancel) {
      const snapshot = await read<SubscriptionSnapshot>(`subscription:${id}`);
      if (!snapshot) throw new Error("No such subscription");
      snapshot.cancelAtPeriodEnd = cancel;
      await write(`subscription:${id}`, snapshot);
      await deliver("customer.subscription.updated", subscriptionObject(snapshot));
      return snapshot;
    },
    async cancelSubscription(id) {
      const snapshot = await read<SubscriptionSnapshot>(`subscription:${id}`);
      if (!snapshot || snapshot.status === "canceled") return;
      snapshot.status = "canceled";
      snapshot.endedAt = Math.floor(Date.now() / 1000);
      await write(`subscription:${id}`, snapshot);
      await deliver("customer.subscription.deleted", subscriptionObject(snapshot));
    },
    async endDuplicate(id) {
      // Test mode charges no card: ending it is all there is to undo.
      await this.cancelSubscription(id);
    },
    async checkoutSubscription(sessionId) {
      const session = await read<LocalCheckoutSession>(`session:${sessionId}`);
      return session?.subscriptionId ? { userId: session.userId, subscriptionId: session.subscriptionId } : null;
    },
    async createPortalSession() {
      return null;
    },
    getCheckoutSession(id) {
      return read<LocalCheckoutSession>(`session:${id}`);
    },
    async completeCheckout(id) {
      const session = await read<LocalCheckoutSession>(`session:${id}`);
      if (!session || session.completed) throw new Error("Checkout session not found or already completed");
      const now = Math.floor(Date.now() / 1000);
      const snapshot: SubscriptionSnapshot = {
        id: randomId("sub"),
        customerId: session.customerId,
        status: "active",
        priceId: session.priceId,
        currentPeriodStart: now,
        currentPeriodEnd: periodEndAfter(now, yearly(session.priceId), now),
        cancelAtPeriodEnd: false,
        startDate: now,
        endedAt: null,
        userId: session.userId,
      };
      await write(`subscription:${snapshot.id}`, snapshot);
      await write(`session:${id}`, { ...session, completed: true, subscriptionId: snapshot.id });
      await deliver("checkout.session.completed", {
        id,
        object: "checkout.session",
        mode: "subscription",
        status: "complete",
        payment_status: "paid",
        client_reference_id: session.userId,
        customer: session.customerId,
        subscription: snapshot.id,
      });
      await deliver("customer.subscription.created", subscriptionObject(snapshot));
      await deliver("invoice.paid", invoiceObject(snapshot, true));
      return snapshot;
    },
    async renew(id) {
      const snapshot = await read<SubscriptionSnapshot>(`subscription:${id}`);
      if (!snapshot) throw new Error("No such subscription");
      // An ended subscription neither renews nor charges again, as on Stripe.
      if (snapshot.status === "canceled") return snapshot;
      if (snapshot.cancelAtPeriodEnd) {
        // The simulated period end is now: the membership has ended (with the day it did), not
        // ended on a day still ahead.
        snapshot.status = "canceled";
        snapshot.endedAt = Math.min(Math.floor(Date.now() / 1000), snapshot.currentPeriodEnd);
        await write(`subscription:${id}`, snapshot);
        await deliver("customer.subscription.deleted", subscriptionObject(snapshot));
        return snapshot;
      }
      snapshot.currentPeriodStart = snapshot.currentPeriodEnd;
      snapshot.currentPeriodEnd = periodEndAfter(snapshot.currentPeriodStart, yearly(snapshot.priceId), snapshot.startDate);
      snapshot.status = "active";
      await write(`subscription:${id}`, snapshot);
      await deliver("invoice.paid", invoiceObject(snapshot, true));
      await deliver("customer.subscription.updated", subscriptionObject(snapshot));
      return snapshot;
    },
    async failPayment(id) {
      const snapshot = await read<SubscriptionSnapshot>(`subscription:${id}`);
      if (!snapshot) throw new Error("No such subscription");
      if (snapshot.status === "canceled") return snapshot;
      // As Stripe does: the renewal opens the next period, then its charge fails.
      const now = Math.floor(Date.now() / 1000);
      snapshot.currentPeriodStart = Math.min(snapshot.currentPeriodEnd, now);
      snapshot.currentPeriodEnd = periodEndAfter(snapshot.currentPeriodStart, yearly(snapshot.priceId), snapshot.startDate);
      snapshot.status = "past_due";
      await write(`subscription:${id}`, snapshot);
      await deliver("invoice.payment_failed", invoiceObject(snapshot, false));
      return snapshot;
    },
  };
}

/**
 * Ends a member's subscription at once, no further charge (an account deleted, a cancelled one the
 * team ends early). A subscription of the other mode (a local test one under a real key, or the
 * reverse) is not there to end.
 */
export async function endSubscriptionNow(app: AppContext, origin: string, subscriptionId: string) {
  const gateway = billingGateway(app, origin);
  if (!gateway || (gateway.mode === "local") !== subscriptionId.startsWith("sub_local_")) return;
  await gateway.cancelSubscription(subscriptionId);
}

export function billingGateway(app: AppContext, origin: string): BillingGateway | null {
  const mode = billingMode(app.env);
  if (mode === "stripe") return stripeGateway(app.env);
  if (mode === "local") return localGateway(app, origin);
  return null;
}

// Helpers for the billing tests against a running test server: Stripe-signed webhook deliveries
// and what the app stored for them (members themselves: createMember and storedMember in
// ./accounts.ts).
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { stripeEvents, type User } from "../../db/schema.ts";
import type { SubscriptionSnapshot } from "../../app/server/stripe.server.ts";
import { testState } from "./test-state.ts";

export { eventId, eventPayload } from "./stripe-events.ts";

const DAY_SECONDS = 24 * 60 * 60;

/** The billing columns of a member, to compare whole states before and after. */
export function billingColumns(member: User) {
  const { subscriptionTier, subscriptionStatus, subscriptionPlan, subscriptionStartDate, subscriptionEndDate, cancelAtPeriodEnd, accessExpiresAt, stripeCustomerId, stripeSubscriptionId, updatedAt } = member;
  return { subscriptionTier, subscriptionStatus, subscriptionPlan, subscriptionStartDate, subscriptionEndDate, cancelAtPeriodEnd, accessExpiresAt, stripeCustomerId, stripeSubscriptionId, updatedAt };
}

/** Whether the app recorded a Stripe event as processed. */
export async function eventRecorded(id: string) {
  const { db } = await testState();
  return (await db.select().from(stripeEvents).where(eq(stripeEvents.id, id))).length > 0;
}


/** The Stripe-Signature header for a payload (timestamp in seconds; default now). */
export function signatureFor(payload: string, secret: string, timestamp?: number) {
  return Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, timestamp });
}

export function postWebhook(baseUrl: string, payload: string, signature: string | null, headers: Record<string, string> = {}) {
  return fetch(new URL("/webhooks/stripe", baseUrl), {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(signature ? { "Stripe-Signature": signature } : {}), ...headers },
    body: payload,
  });
}

export function toastCookie(response: Response) {
  return response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .find((pair) => pair.startsWith("toast=") && pair !== "toast=");
}

/** A subscription as the local Stripe stand-in holds it (read back by the webhook), active for 30 days unless told otherwise. */
export async function stripeSideSubscription(userId: string, overrides: Partial<SubscriptionSnapshot> = {}) {
  const now = Math.floor(Date.now() / 1000);
  const snapshot: SubscriptionSnapshot = {
    id: `sub_local_${crypto.randomUUID().replaceAll("-", "").slice(0, 20)}`,
    customerId: `cus_local_${crypto.randomUUID().replaceAll("-", "").slice(0, 20)}`,
    status: "active",
    priceId: "price_monthly_local",
    currentPeriodStart: now,
    currentPeriodEnd: now + 30 * DAY_SECONDS,
    cancelAtPeriodEnd: false,
    startDate: now,
    endedAt: null,
    userId,
    ...overrides,
  };
  const state = await testState();
  await state.env.KV.put(`stripe-local:subscription:${snapshot.id}`, JSON.stringify(snapshot));
  return snapshot;
}

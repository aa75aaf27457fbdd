import { beforeAll, describe, expect, it } from "vitest";
import { LOCAL_WEBHOOK_SECRET, type SubscriptionSnapshot } from "~/server/stripe.server";
import { createMember, storedMember } from "../support/accounts";
import { billingColumns, eventId, eventPayload, eventRecorded, postWebhook, signatureFor, stripeSideSubscription } from "../support/billing";
import { baseUrl, get, url } from "../support/http";
import { testState, type TestState } from "../support/test-state";

// The webhook of the local test mode (no Stripe key, localhost): events must carry a valid
// signature made with the local secret; the app re-reads the subscription from the local
// stand-in for Stripe (KV), which the tests write directly as Stripe's side of the story.

let state: TestState;
beforeAll(async () => {
  state = await testState();
});

const DAY = 24 * 60 * 60;


function checkoutCompleted(snapshot: SubscriptionSnapshot, id = eventId()) {
  return eventPayload(
    "checkout.session.completed",
    {
      id: `cs_local_${crypto.randomUUID().slice(0, 8)}`,
      object: "checkout.session",
      mode: "subscription",
      status: "complete",
      client_reference_id: snapshot.userId,
      customer: snapshot.customerId,
      subscription: snapshot.id,
    },
    id,
  );
}

describe("Stripe webhook (local test mode)", () => {
  it("refuses a missing, forged, stale or tampered signature with 400 and changes nothing", async () => {
    const member = await createMember();
    const before = billingColumns(member);
    const snapshot = await stripeSideSubscription(member.id);
    const id = eventId();
    const payload = checkoutCompleted(snapshot, id);
    const now = Math.floor(Date.now() / 1000);
    const validSignature = await signatureFor(payload, LOCAL_WEBHOOK_SECRET);

    const attempts: Array<[string, string, string | null]> = [
      ["missing", payload, null],
      ["empty", payload, ""],
      ["malformed", payload, "not-a-signature"],
      ["forged (other secret)", payload, await signatureFor(payload, "whsec_someone_else")],
      ["stale (10 minutes old)", payload, await signatureFor(payload, LOCAL_WEBHOOK_SECRET, now - 600)],
      ["tampered body", payload.replace('"status":"complete"', '"status":"completX"'), validSignature],
      ["tampered member", payload.replace(member.id, crypto.randomUUID()), validSignature],
      ["signature without timestamp", payload, validSignature.replace(/t=\d+,/, "")],
    ];
    for (const [label, body, signature] of attempts) {
      const response = await postWebhook(baseUrl(), body, signature);
      expect(response.status, label).toBe(400);
      expect(await response.json(), label).toEqual({ error: "Invalid signature" });
    }
    expect(billingColumns(await storedMember(member.id))).toEqual(before);
    expect(await eventRecorded(id)).toBe(false);

    // The untouched delivery with its valid signature is accepted.
    const response = await postWebhook(baseUrl(), payload, validSignature);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, outcome: "applied" });
    expect(await eventRecorded(id)).toBe(true);
  });

  it("applies a correctly signed event: the member gets what Stripe's subscription says", async () => {
    const member = await createMember();
    const snapshot = await stripeSideSubscription(member.id, { priceId: "price_yearly_local", currentPeriodEnd: Math.floor(Date.now() / 1000) + 365 * DAY });
    const payload = checkoutCompleted(snapshot);
    const response = await postWebhook(baseUrl(), payload, await signatureFor(payload, LOCAL_WEBHOOK_SECRET));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ outcome: "applied" });

    const after = await storedMember(member.id);
    expect(after.subscriptionTier).toBe("premium");
    expect(after.subscriptionStatus).toBe("active");
    expect(after.subscriptionPlan).toBe("yearly");
    expect(after.stripeSubscriptionId).toBe(snapshot.id);
    expect(after.stripeCustomerId).toBe(snapshot.customerId);
    expect(after.accessExpiresAt!.getTime()).toBe(snapshot.currentPeriodEnd * 1000);
    expect(after.subscriptionStartDate!.getTime()).toBe(snapshot.startDate * 1000);
  });

  it("a subscription Stripe ends after a failed payment's grace days ended keeps the day access paused, not the day Stripe gave up, through late events too", async () => {
    const now = Math.floor(Date.now() / 1000);
    const member = await createMember();
    // Past due since its period started 12 days ago: access paused after the 3 days of grace.
    const snapshot = await stripeSideSubscription(member.id, { status: "past_due", currentPeriodStart: now - 12 * DAY, currentPeriodEnd: now + 18 * DAY, startDate: now - 42 * DAY });
    const apply = async (type: string, object: Record<string, unknown>) => {
      const payload = eventPayload(type, object);
      const response = await postWebhook(baseUrl(), payload, await signatureFor(payload, LOCAL_WEBHOOK_SECRET));
      expect(await response.json()).toMatchObject({ outcome: "applied" });
    };
    await apply("customer.subscription.updated", { id: snapshot.id, object: "subscription", customer: snapshot.customerId, metadata: { userId: member.id } });
    const paused = (await storedMember(member.id)).accessExpiresAt!.getTime();
    expect(paused).toBe((now - 9 * DAY) * 1000);

    // Stripe stops retrying today and ends it.
    await stripeSideSubscription(member.id, { ...snapshot, status: "canceled", endedAt: now });
    await apply("customer.subscription.deleted", { id: snapshot.id, object: "subscription", customer: snapshot.customerId, metadata: { userId: member.id } });
    const ended = await storedMember(member.id);
    expect(ended).toMatchObject({ subscriptionTier: "free", subscriptionStatus: "cancelled" });
    expect(ended.accessExpiresAt!.getTime()).toBe(paused);
    expect(ended.subscriptionEndDate!.getTime()).toBe(now * 1000);
    // A late delivery about it changes nothing of that day.
    await apply("invoice.payment_failed", { id: `in_local_${crypto.randomUUID().slice(0, 8)}`, object: "invoice", customer: snapshot.customerId, subscription: snapshot.id });
    expect((await storedMember(member.id)).accessExpiresAt!.getTime()).toBe(paused);
  });

  it("changes nothing when the same event id is delivered again", async () => {
    const member = await createMember();
    const snapshot = await stripeSideSubscription(member.id);
    const id = eventId();
    const payload = checkoutCompleted(snapshot, id);
    const signature = await signatureFor(payload, LOCAL_WEBHOOK_SECRET);
    expect(await (await postWebhook(baseUrl(), payload, signature)).json()).toMatchObject({ outcome: "applied" });
    const applied = billingColumns(await storedMember(member.id));
    expect(applied.subscriptionTier).toBe("premium");

    // Stripe's side moves on; a replay of the old event (same id) must not re-read and re-apply.
    await state.env.KV.put(`stripe-local:subscription:${snapshot.id}`, JSON.stringify({ ...snapshot, cancelAtPeriodEnd: true }));
    const replay = await postWebhook(baseUrl(), payload, await signatureFor(payload, LOCAL_WEBHOOK_SECRET));
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, outcome: "duplicate" });
    expect(billingColumns(await storedMember(member.id))).toEqual(applied);

    // A new event (new id) about the same subscription does apply the new state.
    const update = eventPayload("customer.subscription.updated", { id: snapshot.id, object: "subscription", customer: snapshot.customerId, metadata: { userId: member.id } });
    expect(await (await postWebhook(baseUrl(), update, await signatureFor(update, LOCAL_WEBHOOK_SECRET))).json()).toMatchObject({ outcome: "applied" });
    const cancelled = await storedMember(member.id);
    expect(cancelled.subscriptionStatus).toBe("cancelled");
    expect(cancelled.cancelAtPeriodEnd).toBe(true);
  });

  it("ignores signed events it does not handle, and events for prices that are not ours", async () => {
    const member = await createMember();
    const before = billingColumns(member);
    const other = await stripeSideSubscription(member.id, { priceId: "price_of_another_product" });
    for (const payload of [checkoutCompleted(other), eventPayload("customer.created", { id: "cus_x", object: "customer" })]) {
      const response = await postWebhook(baseUrl(), payload, await signatureFor(payload, LOCAL_WEBHOOK_SECRET));
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ outcome: "ignored" });
    }
    expect(billingColumns(await storedMember(member.id))).toEqual(before);
  });

  it("refuses a correctly signed body that is not an event as Stripe sends them (no id, no data, a null object) with 400, never a 500", async () => {
    const bodies = [
      JSON.stringify({ id: eventId(), object: "event", type: "customer.subscription.updated", data: { object: null } }),
      JSON.stringify({ id: eventId(), object: "event", type: "customer.subscription.updated" }),
      JSON.stringify({ object: "event", type: "charge.refunded", data: { object: { id: "ch_x", object: "charge" } } }),
      JSON.stringify({ id: eventId(), object: "event", data: { object: { id: "ch_x", object: "charge" } } }),
    ];
    for (const body of bodies) {
      const response = await postWebhook(baseUrl(), body, await signatureFor(body, LOCAL_WEBHOOK_SECRET));
      expect(response.status, body).toBe(400);
      expect(await response.json(), body).toEqual({ error: "Malformed event" });
    }
  });

  it("accepts cross-site POSTs (Stripe is another site) while other routes refuse them", async () => {
    const member = await createMember();
    const snapshot = await stripeSideSubscription(member.id);
    const payload = checkoutCompleted(snapshot);
    const response = await postWebhook(baseUrl(), payload, await signatureFor(payload, LOCAL_WEBHOOK_SECRET), {
      "Sec-Fetch-Site": "cross-site",
      Origin: "https://stripe.com",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ outcome: "applied" });
    expect((await storedMember(member.id)).subscriptionTier).toBe("premium");

    // Without a body: a refused POST's unread body can break the next request on this shared
    // server (see "refuses cross-site POSTs without breaking the next request" in billing-stripe).
    for (const path of ["/subscribe", "/account-settings", "/subscribe/test-checkout"]) {
      const refused = await fetch(url(path), {
        method: "POST",
        redirect: "manual",
        headers: { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" },
      });
      expect(refused.status, `${path}: ${await refused.clone().text()}`).toBe(403);
    }
  });

  it("answers GET with 405", async () => {
    const response = await get("/webhooks/stripe");
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_WEBHOOK_SECRET, STRIPE_EMAIL_NOT_UPDATED } from "~/server/stripe.server";
import { STRIPE_END_FAILED } from "~/server/user-edit-form.server";
import { createMember, storedMember, toastFrom, updateMember } from "../support/accounts";
import { billingColumns, eventPayload, postWebhook, signatureFor } from "../support/billing";
import { fakeSubscription, startFakeStripe, type FakeStripe } from "../support/fake-stripe";
import { responseText } from "../support/html";
import { cookiesFrom } from "../support/http";
import { startTestServer, TEST_STATE_DIR, type TestServer } from "../support/test-server";
import { useStateDir } from "../support/test-state";
import { DEMO_PASSWORD } from "../../db/seed";

// The production path: a second server with a Stripe key, whose Stripe client is pointed at a fake
// Stripe API on loopback (the network edge). Everything else is the real app on its own state.

const STRIPE_PORT = Number(process.env.TEST_STRIPE_PORT || 8799);
const WEBHOOK_SECRET = "whsec_test_fake";
const DAY = 24 * 60 * 60;

let stripe: FakeStripe;
let server: TestServer;

beforeAll(async () => {
  stripe = await startFakeStripe();
  server = await startTestServer({
    port: STRIPE_PORT,
    stateDir: `${TEST_STATE_DIR}-stripe`,
    seed: false,
    vars: { STRIPE_SECRET_KEY: "sk_test_fake", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: stripe.url },
  });
  useStateDir(server.stateDir);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await stripe?.stop();
});

function post(path: string, fields: Record<string, string>, cookie?: string) {
  return fetch(new URL(path, server.baseUrl), {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: server.baseUrl,
      "Sec-Fetch-Site": "same-origin",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });
}

function get(path: string, cookie?: string) {
  return fetch(new URL(path, server.baseUrl), { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
}

async function member() {
  const created = await createMember();
  const login = await post("/auth", { intent: "login", email: created.email, password: DEMO_PASSWORD });
  expect(login.status).toBe(302);
  const cookie = cookiesFrom(login).find((pair) => pair.startsWith("session="))!;
  return { member: created, cookie };
}

function checkoutRequestsOf(userId: string) {
  return stripe.requestsTo("POST", "/v1/checkout/sessions").filter((request) => request.form.client_reference_id === userId);
}

function customerRequestsOf(userId: string) {
  return stripe.requestsTo("POST", "/v1/customers").filter((request) => request.form["metadata[userId]"] === userId);
}

async function deliver(type: string, object: Record<string, unknown>, secret = WEBHOOK_SECRET) {
  const payload = eventPayload(type, object);
  return postWebhook(server.baseUrl, payload, await signatureFor(payload, secret));
}

/** A superadmin of this server's own, signed in: the session's Cookie header. */
async function superadminCookie() {
  const admin = await createMember({ role: "superadmin" });
  return cookiesFrom(await post("/auth", { intent: "login", email: admin.email, password: DEMO_PASSWORD })).find((pair) => pair.startsWith("session="))!;
}

/** The superadmin's 'Edit user' as the dialog sends it: the member's stored fields, with `changes`. */
async function editUser(memberId: string, adminCookie: string, changes: Record<string, string>) {
  const stored = await storedMember(memberId);
  return post("/admin", {
    intent: "update-user",
    userId: stored.id,
    firstName: stored.firstName ?? "",
    lastName: stored.lastName ?? "",
    email: stored.email,
    subscriptionTier: stored.subscriptionTier,
    subscriptionStatus: stored.subscriptionStatus,
    ...(stored.accessExpiresAt ? { accessExpiresAt: stored.accessExpiresAt.toISOString().slice(0, 10) } : {}),
    revision: String(stored.updatedAt.getTime()),
    ...changes,
  }, adminCookie);
}

/** Checkout, Stripe's payment page, then the webhook: a member with an active subscription. */
async function subscribedMember(plan: "monthly" | "yearly" = "monthly") {
  const subscriber = await member();
  const checkout = await post("/subscribe", { plan }, subscriber.cookie);
  expect(checkout.status).toBe(302);
  const sessionId = checkout.headers.get("Location")!.split("/").pop()!;
  const { subscription, checkoutSession } = stripe.completeCheckout(sessionId);
  const response = await deliver("checkout.session.completed", checkoutSession);
  expect(await response.json()).toMatchObject({ outcome: "applied" });
  return { ...subscriber, subscription };
}

describe("checkout through the Stripe API", () => {
  it("creates one customer per member, reuses it, and sends the plan's configured price, never the browser's", async () => {
    const { member: buyer, cookie } = await member();
    const first = await post("/subscribe", { plan: "monthly", priceId: "price_chosen_by_browser", price: "price_chosen_by_browser" }, cookie);
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_fake_\d+$/);

    const customers = customerRequestsOf(buyer.id);
    expect(customers).toHaveLength(1);
    expect(customers[0].form).toMatchObject({ email: buyer.email, name: "Robin Tester" });
    expect(customers[0].headers["idempotency-key"]).toBe(`customer-${buyer.id}`);
    expect(customers[0].headers.authorization).toBe("Bearer sk_test_fake");
    const customerId = (await storedMember(buyer.id)).stripeCustomerId;
    expect(customerId).toMatch(/^cus_fake_\d+$/);

    const [session] = checkoutRequestsOf(buyer.id);
    expect(session.form).toMatchObject({
      mode: "subscription",
      customer: customerId,
      client_reference_id: buyer.id,
      "line_items[0][price]": "price_monthly_local",
      "line_items[0][quantity]": "1",
      success_url: `${server.baseUrl}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${server.baseUrl}/cancel`,
      "subscription_data[metadata][userId]": buyer.id,
    });
    expect(Object.values(session.form)).not.toContain("price_chosen_by_browser");

    // A second checkout (the member came back and chose the other plan) reuses the customer.
    const second = await post("/subscribe", { plan: "yearly" }, cookie);
    expect(second.status).toBe(302);
    expect(customerRequestsOf(buyer.id)).toHaveLength(1);
    const sessions = checkoutRequestsOf(buyer.id);
    expect(sessions).toHaveLength(2);
    expect(sessions[1].form).toMatchObject({ customer: customerId, "line_items[0][price]": "price_yearly_local" });
    // Nothing is granted by starting a checkout.
    expect((await storedMember(buyer.id)).subscriptionTier).toBe("free");
  });

  it("applies an active promotion code and refuses an unknown one inline, without a checkout", async () => {
    stripe.promotionCodes.set("SPRING25", "promo_fake_spring25");
    const { member: buyer, cookie } = await member();

    const refused = await post("/subscribe?plan=monthly", { plan: "monthly", promoCode: "NOTACODE" }, cookie);
    expect(refused.status).toBe(400);
    expect(await responseText(refused)).toMatch(/<p id="checkout-error" role="alert"[^>]*>Promo code "NOTACODE" is invalid or has expired\.<\/p>/);
    expect(checkoutRequestsOf(buyer.id)).toHaveLength(0);
    expect(customerRequestsOf(buyer.id)).toHaveLength(0);

    const accepted = await post("/subscribe", { plan: "monthly", promoCode: "  SPRING25 " }, cookie);
    expect(accepted.status).toBe(302);
    const lookup = stripe.requestsTo("GET", "/v1/promotion_codes").find((request) => request.query.code === "SPRING25");
    expect(lookup?.query).toMatchObject({ code: "SPRING25", active: "true" });
    const [session] = checkoutRequestsOf(buyer.id);
    expect(session.form["discounts[0][promotion_code]"]).toBe("promo_fake_spring25");
  });

  it("answers a Stripe API error with 'Failed to create checkout session.' and writes nothing half-way", async () => {
    // Stripe fails to create the session: the member stays free, and the customer already made is reused later.
    const { member: buyer, cookie } = await member();
    stripe.fail("POST /v1/checkout/sessions");
    try {
      const response = await post("/subscribe?plan=monthly", { plan: "monthly" }, cookie);
      expect(response.status).toBe(502);
      expect(await response.text()).toContain("Failed to create checkout session.");
    } finally {
      stripe.clearFailures();
    }
    const after = await storedMember(buyer.id);
    expect(after).toMatchObject({ subscriptionTier: "free", subscriptionStatus: "inactive", stripeSubscriptionId: null, accessExpiresAt: null });
    expect((await post("/subscribe", { plan: "monthly" }, cookie)).status).toBe(302);
    expect(customerRequestsOf(buyer.id)).toHaveLength(1);

    // Stripe fails to create the customer: nothing is stored at all.
    const other = await member();
    stripe.fail("POST /v1/customers");
    try {
      const response = await post("/subscribe?plan=yearly", { plan: "yearly" }, other.cookie);
      expect(response.status).toBe(502);
      expect(await response.text()).toContain("Failed to create checkout session.");
    } finally {
      stripe.clearFailures();
    }
    expect(billingColumns(await storedMember(other.member.id))).toEqual(billingColumns(other.member));
    expect(checkoutRequestsOf(other.member.id)).toHaveLength(0);
  });

  it("refuses a checkout POST from another site (403) without calling Stripe or storing anything", async () => {
    const { member: buyer, cookie } = await member();
    const before = stripe.requests.length;
    const attempts: Array<Record<string, string>> = [
      { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" },
      { "Sec-Fetch-Site": "same-site", Origin: "https://evil.localhost" },
      { Origin: "https://evil.example" },
    ];
    for (const headers of attempts) {
      const response = await fetch(new URL("/subscribe", server.baseUrl), {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, ...headers },
        body: "plan=monthly&promoCode=SPRING25",
      });
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(await response.text()).toMatch(/Cross-site request refused/);
      await (await get("/cancel")).text(); // see the next test: a refused POST's body can break the next request
    }
    expect(stripe.requests.length).toBe(before);
    expect(billingColumns(await storedMember(buyer.id))).toEqual(billingColumns(buyer));
  });

  it("refuses cross-site POSTs without breaking the next request", async () => {
    // A cross-site form POST carries a body; the refusal must leave the server able to answer the
    // next request. Under wrangler dev an unread request body can make the following request fail
    // with 500 'Network connection lost'.
    const { cookie } = await member();
    const outcomes: string[] = [];
    for (let attempt = 0; attempt < 30; attempt++) {
      const refused = await fetch(new URL("/account-settings", server.baseUrl), {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example", Cookie: cookie },
        body: "intent=cancel-subscription",
      });
      await refused.text();
      const next = await post("/subscribe", { plan: "sometimes" }, cookie);
      await next.text();
      outcomes.push(`${refused.status}/${next.status}`);
    }
    expect(outcomes.filter((outcome) => outcome !== "403/400")).toEqual([]);
  });

  it("has no local test checkout when a Stripe key is configured", async () => {
    const { cookie } = await member();
    expect((await get("/subscribe/test-checkout?session=cs_local_x", cookie)).status).toBe(404);
  });
});

describe("webhook and subscription changes through the Stripe API", () => {
  it("makes the member premium on checkout.session.completed signed with the endpoint's secret, after re-reading the subscription", async () => {
    const { member: buyer, cookie } = await member();
    const checkout = await post("/subscribe", { plan: "yearly" }, cookie);
    const sessionId = checkout.headers.get("Location")!.split("/").pop()!;
    const { subscription, checkoutSession } = stripe.completeCheckout(sessionId, {});
    subscription.items.data[0].current_period_end = subscription.start_date + 365 * DAY;

    // The local test mode's secret means nothing here.
    const forged = await deliver("checkout.session.completed", checkoutSession, LOCAL_WEBHOOK_SECRET);
    expect(forged.status).toBe(400);
    expect((await storedMember(buyer.id)).subscriptionTier).toBe("free");

    const reads = stripe.requestsTo("GET", `/v1/subscriptions/${subscription.id}`).length;
    const response = await deliver("checkout.session.completed", checkoutSession);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, outcome: "applied" });
    expect(stripe.requestsTo("GET", `/v1/subscriptions/${subscription.id}`).length).toBe(reads + 1);

    const premium = await storedMember(buyer.id);
    expect(premium).toMatchObject({
      subscriptionTier: "premium",
      subscriptionStatus: "active",
      subscriptionPlan: "yearly",
      stripeSubscriptionId: subscription.id,
      cancelAtPeriodEnd: false,
    });
    expect(premium.accessExpiresAt!.getTime()).toBe((subscription.start_date + 365 * DAY) * 1000);
    expect(await responseText(await get("/success?session_id=" + sessionId, cookie))).toContain("Your premium membership is active.");
  });

  it.each(["in the order they were paid", "the later one's first"])(
    "keeps one membership when two checkouts are paid (two tabs): the first bought stays, the other ends at once and is refunded, events %s",
    async (order) => {
      const { member: buyer, cookie } = await member();
      // Both checkouts opened before either is paid: the second tab's 'Proceed to Payment' is not refused.
      const first = await post("/subscribe", { plan: "monthly" }, cookie);
      const second = await post("/subscribe", { plan: "yearly" }, cookie);
      expect([first.status, second.status]).toEqual([302, 302]);
      const now = Math.floor(Date.now() / 1000);
      const paidFirst = stripe.completeCheckout(first.headers.get("Location")!.split("/").pop()!, { start_date: now - 60 });
      const paidSecond = stripe.completeCheckout(second.headers.get("Location")!.split("/").pop()!, { start_date: now });
      const invoiceReadsBefore = stripe.requestsTo("GET", "/v1/invoice_payments").length;

      const deliveries = order === "in the order they were paid" ? [paidFirst, paidSecond] : [paidSecond, paidFirst];
      for (const paid of deliveries) expect((await deliver("checkout.session.completed", paid.checkoutSession)).status).toBe(200);
      // Stripe retries: the same effect again changes nothing and refunds nothing twice.
      for (const paid of deliveries) expect((await deliver("customer.subscription.created", paid.subscription)).status).toBe(200);

      expect(paidFirst.subscription.status).toBe("active");
      expect(paidSecond.subscription.status).toBe("canceled");
      expect(stripe.requestsTo("DELETE", `/v1/subscriptions/${paidFirst.subscription.id}`)).toHaveLength(0);
      // The refund asks about the second checkout's invoice only, never the one that stays.
      const invoiceReads = stripe.requestsTo("GET", "/v1/invoice_payments").slice(invoiceReadsBefore);
      expect(invoiceReads.length).toBeGreaterThan(0);
      expect(invoiceReads.every((request) => request.query.invoice === paidSecond.subscription.latest_invoice)).toBe(true);
      const refundsOfSecond = stripe.requestsTo("POST", "/v1/refunds").filter((request) => request.form["metadata[subscription]"] === paidSecond.subscription.id);
      expect(refundsOfSecond.length).toBeGreaterThan(0);
      expect(new Set(refundsOfSecond.map((request) => request.form.payment_intent)).size).toBe(1);
      expect(refundsOfSecond[0].form.reason).toBe("duplicate");
      // One refund for the one payment of the checkout that was ended.
      expect(stripe.refunds.filter((refund) => refund.payment_intent === refundsOfSecond[0].form.payment_intent)).toHaveLength(1);

      expect(await storedMember(buyer.id)).toMatchObject({
        subscriptionTier: "premium",
        subscriptionStatus: "active",
        subscriptionPlan: "monthly",
        stripeSubscriptionId: paidFirst.subscription.id,
      });
    },
  );

  it("refunds the second subscription on Stripe's retry when the refund failed, and ends it only once refunded", async () => {
    const { member: buyer, cookie } = await member();
    const first = await post("/subscribe", { plan: "monthly" }, cookie);
    const second = await post("/subscribe", { plan: "monthly" }, cookie);
    const now = Math.floor(Date.now() / 1000);
    const paidFirst = stripe.completeCheckout(first.headers.get("Location")!.split("/").pop()!, { start_date: now - 60 });
    const paidSecond = stripe.completeCheckout(second.headers.get("Location")!.split("/").pop()!, { start_date: now });
    expect((await deliver("checkout.session.completed", paidFirst.checkoutSession)).status).toBe(200);

    stripe.fail("POST /v1/refunds");
    try {
      expect((await deliver("checkout.session.completed", paidSecond.checkoutSession)).status).toBe(500);
    } finally {
      stripe.clearFailures();
    }
    // Nothing refunded yet, so nothing ended: Stripe's retry finds it live and finishes the job.
    expect(paidSecond.subscription.status).toBe("active");
    expect((await deliver("checkout.session.completed", paidSecond.checkoutSession)).status).toBe(200);
    expect(paidSecond.subscription.status).toBe("canceled");
    const refunds = stripe.requestsTo("POST", "/v1/refunds").filter((request) => request.form["metadata[subscription]"] === paidSecond.subscription.id);
    expect(stripe.refunds.filter((refund) => refund.payment_intent === refunds[0].form.payment_intent)).toHaveLength(1);
    expect((await storedMember(buyer.id)).stripeSubscriptionId).toBe(paidFirst.subscription.id);
  });

  it("cancels and resumes by setting cancel_at_period_end through the API", async () => {
    const { member: subscriber, cookie, subscription } = await subscribedMember();
    const cancel = await post("/account-settings", { intent: "cancel-subscription", subscriptionId: "sub_someone_else" }, cookie);
    expect(cancel.status).toBe(302);
    expect(toastFrom(cancel)).toMatchObject({ title: "Subscription cancelled" });
    const updates = stripe.requestsTo("POST", /^\/v1\/subscriptions\//);
    expect(updates.at(-1)).toMatchObject({ path: `/v1/subscriptions/${subscription.id}`, form: { cancel_at_period_end: "true" } });
    expect(stripe.requestsTo("POST", "/v1/subscriptions/sub_someone_else")).toHaveLength(0);
    const cancelled = await storedMember(subscriber.id);
    expect(cancelled).toMatchObject({ subscriptionTier: "premium", subscriptionStatus: "cancelled", cancelAtPeriodEnd: true });
    expect(cancelled.accessExpiresAt!.getTime()).toBe(subscription.items.data[0].current_period_end * 1000);

    const resume = await post("/account-settings", { intent: "resume-subscription" }, cookie);
    expect(resume.status).toBe(302);
    expect(stripe.requestsTo("POST", /^\/v1\/subscriptions\//).at(-1)).toMatchObject({ form: { cancel_at_period_end: "false" } });
    expect(await storedMember(subscriber.id)).toMatchObject({ subscriptionStatus: "active", cancelAtPeriodEnd: false });

    // The test-mode simulations do not exist against the real API.
    expect((await post("/account-settings", { intent: "simulate-renewal" }, cookie)).status).toBe(400);
  });

  it("answers a failed cancellation with 'Failed to cancel subscription. Please try again.' and changes nothing", async () => {
    const { member: subscriber, cookie } = await subscribedMember();
    const before = billingColumns(await storedMember(subscriber.id));
    stripe.fail("POST /v1/subscriptions/:id");
    try {
      const response = await post("/account-settings", { intent: "cancel-subscription" }, cookie);
      expect(response.status).toBe(502);
      expect(await response.text()).toContain("Failed to cancel subscription. Please try again.");
    } finally {
      stripe.clearFailures();
    }
    expect(billingColumns(await storedMember(subscriber.id))).toEqual(before);
  });

  it("gives Stripe's customer the new address when a superadmin changes a member's e-mail, and says so when Stripe cannot take it", async () => {
    const { member: subscriber } = await subscribedMember();
    const customerId = (await storedMember(subscriber.id))!.stripeCustomerId!;
    const adminCookie = await superadminCookie();
    const setEmail = (email: string) => editUser(subscriber.id, adminCookie, { email });

    const moved = `moved-${subscriber.id.slice(0, 8)}@example.com`;
    const changed = await setEmail(moved);
    expect(changed.status).toBe(302);
    expect(toastFrom(changed)).toMatchObject({ description: "User updated successfully" });
    expect(stripe.requestsTo("POST", `/v1/customers/${customerId}`).at(-1)!.form).toEqual({ email: moved });
    expect(stripe.customers.get(customerId)!.email).toBe(moved);

    stripe.fail("POST /v1/customers/:id");
    try {
      const again = `again-${subscriber.id.slice(0, 8)}@example.com`;
      const refused = await setEmail(again);
      expect(refused.status).toBe(302);
      expect(toastFrom(refused)).toMatchObject({ kind: "info", title: "Stripe not updated", description: STRIPE_EMAIL_NOT_UPDATED });
      // The address changed here all the same: the member signs in with it.
      expect((await storedMember(subscriber.id))!.email).toBe(again);
      expect(stripe.customers.get(customerId)!.email).toBe(moved);
    } finally {
      stripe.clearFailures();
    }
  });

  it("a superadmin's Free on a cancelled subscription ends it through the API, and when Stripe cannot, says so and changes nothing", async () => {
    const { member: leaving, cookie, subscription } = await subscribedMember();
    expect((await post("/account-settings", { intent: "cancel-subscription" }, cookie)).status).toBe(302);
    const adminCookie = await superadminCookie();
    const setFree = () => editUser(leaving.id, adminCookie, { subscriptionTier: "free" });

    const before = billingColumns(await storedMember(leaving.id));
    stripe.fail("DELETE /v1/subscriptions/:id");
    try {
      const refused = await setFree();
      expect(refused.status).toBe(502);
      expect(await responseText(refused)).toContain(STRIPE_END_FAILED);
    } finally {
      stripe.clearFailures();
    }
    expect(billingColumns(await storedMember(leaving.id))).toEqual(before);

    expect((await setFree()).status).toBe(302);
    expect(stripe.requestsTo("DELETE", `/v1/subscriptions/${subscription.id}`).length).toBeGreaterThan(0);
    expect(stripe.subscriptions.get(subscription.id)!.status).toBe("canceled");
    expect(await storedMember(leaving.id)).toMatchObject({ subscriptionTier: "free", stripeSubscriptionId: null });
  });

  it("redirects 'Manage Billing' to a customer portal session", async () => {
    const { member: subscriber, cookie } = await subscribedMember();
    const customerId = (await storedMember(subscriber.id)).stripeCustomerId;
    const response = await post("/account-settings", { intent: "manage-billing", customer: "cus_someone_else" }, cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\/test_bps_fake_\d+$/);
    expect(stripe.requestsTo("POST", "/v1/billing_portal/sessions").at(-1)!.form).toEqual({
      customer: customerId,
      return_url: `${server.baseUrl}/account-settings#subscription`,
    });
  });

  it("brings stale members in line with Stripe and ends expired access in the scheduled job", async () => {
    const now = Math.floor(Date.now() / 1000);
    // Stripe renewed this subscription, but the webhook never arrived: our copy ends within the hour.
    const renewed = await member();
    const renewedSubscription = fakeSubscription({
      id: `sub_renewed${now}`,
      customer: `cus_renewed${now}`,
      price: "price_monthly_local",
      userId: renewed.member.id,
      periodStart: now - 60,
      periodEnd: now - 60 + 30 * DAY,
    });
    stripe.subscriptions.set(renewedSubscription.id, renewedSubscription);
    await updateMember(renewed.member.id, {
      subscriptionTier: "premium",
      subscriptionStatus: "active",
      subscriptionPlan: "monthly",
      accessExpiresAt: new Date((now + 3600) * 1000),
      stripeCustomerId: renewedSubscription.customer,
      stripeSubscriptionId: renewedSubscription.id,
    });
    // Premium without Stripe, expired yesterday.
    const expired = await member();
    await updateMember(expired.member.id, { subscriptionTier: "premium", subscriptionStatus: "active", accessExpiresAt: new Date((now - DAY) * 1000) });

    // wrangler dev runs the Worker's scheduled handler on this path (the cron of wrangler.toml).
    const response = await get(`/cdn-cgi/local/scheduled?cron=${encodeURIComponent("*/30 * * * *")}`);
    expect(response.status).toBe(200);

    expect((await storedMember(renewed.member.id)).accessExpiresAt!.getTime()).toBe((now - 60 + 30 * DAY) * 1000);
    expect(stripe.requestsTo("GET", `/v1/subscriptions/${renewedSubscription.id}`).length).toBeGreaterThan(0);
    expect((await storedMember(expired.member.id)).subscriptionStatus).toBe("inactive");
  });
});

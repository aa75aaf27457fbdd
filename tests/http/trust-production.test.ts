import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages, discordJobs, discordLinks, users } from "../../db/schema";
import { DEMO_PASSWORD } from "../../db/seed";
import { createMember, newClientAddress, registerForm, storedMember, TEST_PASSWORD, uniqueEmail } from "../support/accounts";
import { fakeSubscription, startFakeStripe, type FakeStripe } from "../support/fake-stripe";
import { FAKE_TURNSTILE, passingToken, startFakeTurnstile, type FakeTurnstile } from "../support/fake-turnstile";
import { cookiesFrom, get as getMain } from "../support/http";
import { startTestServer, TEST_PORT, TEST_STATE_DIR, type TestServer } from "../support/test-server";
import { testState, useStateDir } from "../support/test-state";
import { rowsOf } from "../support/trust";

// The production configuration: a second server with Turnstile keys and a Stripe key, whose
// siteverify and Stripe API are fakes on loopback (the network edge). The main test server runs
// without Turnstile, as local development does.

let turnstile: FakeTurnstile;
let stripe: FakeStripe;
let server: TestServer;

beforeAll(async () => {
  [turnstile, stripe] = await Promise.all([startFakeTurnstile(), startFakeStripe()]);
  server = await startTestServer({
    port: TEST_PORT + 2,
    stateDir: `${TEST_STATE_DIR}-trust`,
    seed: false,
    vars: {
      TURNSTILE_SITE_KEY: FAKE_TURNSTILE.siteKey,
      TURNSTILE_SECRET_KEY: FAKE_TURNSTILE.secret,
      TURNSTILE_ENDPOINT_OVERRIDE: turnstile.url,
      STRIPE_SECRET_KEY: "sk_test_fake",
      STRIPE_WEBHOOK_SECRET: "whsec_test_fake",
      STRIPE_API_BASE: stripe.url,
    },
  });
  useStateDir(server.stateDir);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await Promise.all([turnstile?.stop(), stripe?.stop()]);
});

function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(new URL(path, server.baseUrl), {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseUrl, "Sec-Fetch-Site": "same-origin", ...headers },
    body: new URLSearchParams(fields),
  });
}

async function outbox() {
  return (await fetch(new URL("/dev/outbox", server.baseUrl))).text();
}

async function storedUser(email: string) {
  const { db } = await testState();
  return (await db.select().from(users).where(eq(users.email, email)))[0];
}

function register(email: string, address: string, token?: string) {
  const fields = registerForm({ email, password: TEST_PASSWORD, firstName: "Sam", lastName: "Shared" });
  return post("/auth", token === undefined ? fields : { ...fields, "cf-turnstile-response": token }, { "CF-Connecting-IP": address });
}

describe("Turnstile on register, forgot password and contact", () => {
  it("refuses a missing, forged or reused token with a message: nothing stored, no e-mail sent", async () => {
    const address = newClientAddress();
    for (const [token, message] of [
      [undefined, "Please complete the security check."],
      ["forged-token", "The security check failed. Please try again."],
    ] as const) {
      const email = uniqueEmail("bot");
      const response = await register(email, address, token);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(message);
      expect(await storedUser(email)).toBeUndefined();
      expect(await outbox()).not.toContain(email);
    }
    const token = passingToken();
    const first = uniqueEmail("human");
    expect((await register(first, address, token)).status).toBe(200);
    expect(await storedUser(first)).toBeTruthy();
    const reused = uniqueEmail("replay");
    const replay = await register(reused, address, token);
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain("The security check expired or was already used. Please try again.");
    expect(await storedUser(reused)).toBeUndefined();
    expect(turnstile.requests.at(-1)).toMatchObject({ secret: FAKE_TURNSTILE.secret, response: token, remoteip: address });
  });

  it("guards the reset request and the contact form the same way", async () => {
    const member = await createMember();
    const refused = await post("/auth", { intent: "forgot", email: member.email }, { "CF-Connecting-IP": newClientAddress() });
    expect(refused.status).toBe(400);
    expect(await outbox()).not.toContain(member.email);
    const sent = await post("/auth", { intent: "forgot", email: member.email, "cf-turnstile-response": passingToken() }, { "CF-Connecting-IP": newClientAddress() });
    expect(sent.status).toBe(200);
    expect(await outbox()).toContain(member.email);

    const message = `Hello ${crypto.randomUUID()}`;
    const contact = { name: "Casey", email: uniqueEmail("contact"), subject: "Hi", message };
    const { db } = await testState();
    const bot = await post("/contact", { ...contact, "cf-turnstile-response": "forged" }, { "CF-Connecting-IP": newClientAddress() });
    expect(bot.status).toBe(400);
    expect(await db.select().from(contactMessages).where(eq(contactMessages.message, message))).toEqual([]);
    const person = await post("/contact", { ...contact, "cf-turnstile-response": passingToken() }, { "CF-Connecting-IP": newClientAddress() });
    expect(person.status).toBe(302);
    expect(await db.select().from(contactMessages).where(eq(contactMessages.message, message))).toHaveLength(1);
  });

  it("lets 30 registrations an hour through one shared address, then says when to try again", async () => {
    const address = newClientAddress();
    for (let index = 0; index < 30; index += 1) {
      const response = await register(uniqueEmail(`campus${index}`), address, passingToken());
      expect(response.status, `registration ${index + 1}`).toBe(200);
    }
    const over = await register(uniqueEmail("campus-over"), address, passingToken());
    expect(over.status).toBe(429);
    expect(await over.text()).toMatch(/Too many attempts\. Please try again in \d+ minutes?\./);
  });

  it("allows Cloudflare's CDN in the CSP and renders the widget only where Turnstile is configured", async () => {
    const on = await fetch(new URL("/auth?mode=register", server.baseUrl));
    expect(on.headers.get("Content-Security-Policy")).toContain("script-src 'self' 'nonce-");
    expect(on.headers.get("Content-Security-Policy")).toMatch(/script-src [^;]*https:\/\/challenges\.cloudflare\.com/);
    expect(await on.text()).toContain(FAKE_TURNSTILE.siteKey);
    const off = await getMain("/auth?mode=register");
    expect(off.headers.get("Content-Security-Policy")).not.toContain("challenges.cloudflare.com");
    expect(await off.text()).not.toContain("challenges.cloudflare.com");
  });
});

describe("account deletion against Stripe", () => {
  async function subscriber() {
    const id = crypto.randomUUID().slice(0, 8);
    const subscription = fakeSubscription({ id: `sub_fake_del_${id}`, customer: `cus_fake_del_${id}`, price: "price_monthly_local", periodStart: 1, periodEnd: 2_000_000_000 });
    stripe.subscriptions.set(subscription.id, subscription);
    const member = await createMember({
      subscriptionTier: "premium",
      subscriptionStatus: "active",
      stripeCustomerId: subscription.customer,
      stripeSubscriptionId: subscription.id,
      accessExpiresAt: new Date(2_000_000_000_000),
    });
    const login = await post("/auth", { intent: "login", email: member.email, password: DEMO_PASSWORD }, { "CF-Connecting-IP": newClientAddress() });
    const cookie = cookiesFrom(login).find((pair) => pair.startsWith("session="))!;
    return { member, cookie, subscription };
  }

  /** A Discord link with the members' role, as Connect Discord leaves it. */
  async function linkDiscord(userId: string) {
    const { db } = await testState();
    const discordUserId = String(Date.now()) + String(Math.floor(Math.random() * 1e6));
    await db.insert(discordLinks).values({ userId, discordUserId, discordUsername: "Coach K", roleGranted: true, linkedAt: new Date() });
    return discordUserId;
  }

  // Whether the account's Discord link is there, and whether its role removal was queued (the
  // server serves that queue once its answer is sent: read only where nothing was deleted).
  async function discordState(userId: string, discordUserId: string) {
    const { db } = await testState();
    return {
      link: (await db.select().from(discordLinks).where(eq(discordLinks.userId, userId))).length,
      removalQueued: (await db.select().from(discordJobs).where(eq(discordJobs.discordUserId, discordUserId))).length,
    };
  }

  it("cancels the subscription at Stripe at once, then deletes (the Discord link with it: tests/http/discord.test.ts sees the role go)", async () => {
    const { member, cookie, subscription } = await subscriber();
    const discordUserId = await linkDiscord(member.id);
    const response = await post("/account-settings", { intent: "delete-account", password: DEMO_PASSWORD, confirmation: "DELETE" }, { Cookie: cookie });
    expect(response.status).toBe(302);
    expect(stripe.requestsTo("DELETE", `/v1/subscriptions/${subscription.id}`)).toHaveLength(1);
    expect(stripe.subscriptions.get(subscription.id)?.status).toBe("canceled");
    expect((await rowsOf(member.id)).users).toBe(0);
    expect((await discordState(member.id, discordUserId)).link).toBe(0);
  });

  it("deletes nothing when Stripe cannot cancel, the Discord link and role included", async () => {
    const { member, cookie, subscription } = await subscriber();
    const discordUserId = await linkDiscord(member.id);
    stripe.fail("DELETE /v1/subscriptions/:id");
    try {
      const response = await post("/account-settings", { intent: "delete-account", password: DEMO_PASSWORD, confirmation: "DELETE" }, { Cookie: cookie });
      expect(response.status).toBe(502);
      expect(await response.text()).toContain("nothing was deleted");
    } finally {
      stripe.clearFailures();
    }
    expect(stripe.subscriptions.get(subscription.id)?.status).toBe("active");
    expect(await storedMember(member.id)).toBeTruthy();
    expect(await discordState(member.id, discordUserId)).toEqual({ link: 1, removalQueued: 0 });
  });
});

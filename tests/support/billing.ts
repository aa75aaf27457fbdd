// Helpers for the billing tests against a running test server: direct access to its local D1 and
// KV (to create members and to read what the app stored), and Stripe-signed webhook deliveries.
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { getPlatformProxy } from "wrangler";
import { stripeEvents, users, type User } from "../../db/schema.ts";
import { DEMO_PASSWORD } from "../../db/seed.ts";
import { createDatabase } from "../../app/server/db.server.ts";
import { hashPassword } from "../../app/server/password.server.ts";
import { ROOT } from "../../scripts/local-state.ts";
import { TEST_STATE_DIR } from "./test-server.ts";

export type TestState = Awaited<ReturnType<typeof openTestState>>;

/**
 * The server's own local D1 and KV (the files under the state directory), opened beside the
 * running server as scripts/local-state.ts does for seeding.
 */
export async function openTestState(stateDir = TEST_STATE_DIR) {
  const proxy = await getPlatformProxy<Env>({
    configPath: `${ROOT}/wrangler.toml`,
    persist: { path: `${ROOT}/${stateDir}/v3` },
  });
  const db = createDatabase(proxy.env.DB);
  return {
    env: proxy.env,
    db,
    async member(id: string): Promise<User> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      if (!row) throw new Error(`No member ${id}`);
      return row;
    },
    async memberByEmail(email: string): Promise<User> {
      const [row] = await db.select().from(users).where(eq(users.email, email));
      if (!row) throw new Error(`No member ${email}`);
      return row;
    },
    async update(id: string, values: Partial<typeof users.$inferInsert>) {
      await db.update(users).set(values).where(eq(users.id, id));
    },
    async eventRecorded(id: string) {
      return (await db.select().from(stripeEvents).where(eq(stripeEvents.id, id))).length > 0;
    },
    dispose: () => proxy.dispose(),
  };
}

let passwordHash: Promise<string> | undefined;

/** A fresh confirmed member (free tier unless told otherwise); sign in with DEMO_PASSWORD. */
export async function createMember(state: TestState, values: Partial<typeof users.$inferInsert> = {}) {
  passwordHash ??= hashPassword(DEMO_PASSWORD);
  const id = crypto.randomUUID();
  const email = `billing-${id.slice(0, 8)}@example.com`;
  await state.db.insert(users).values({
    id,
    email,
    firstName: "Robin",
    lastName: "Tester",
    role: "user",
    passwordHash: await passwordHash,
    emailConfirmedAt: new Date(),
    ...values,
  });
  return state.member(id);
}

/** The billing columns of a member, to compare whole states before and after. */
export function billingColumns(member: User) {
  const { subscriptionTier, subscriptionStatus, subscriptionPlan, subscriptionStartDate, subscriptionEndDate, cancelAtPeriodEnd, accessExpiresAt, stripeCustomerId, stripeSubscriptionId, updatedAt } = member;
  return { subscriptionTier, subscriptionStatus, subscriptionPlan, subscriptionStartDate, subscriptionEndDate, cancelAtPeriodEnd, accessExpiresAt, stripeCustomerId, stripeSubscriptionId, updatedAt };
}

export function eventId() {
  return `evt_test_${crypto.randomUUID().replaceAll("-", "").slice(0, 24)}`;
}

/** A Stripe event as Stripe sends it (JSON text). */
export function eventPayload(type: string, object: Record<string, unknown>, id = eventId()) {
  return JSON.stringify({
    id,
    object: "event",
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
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

/** The flash toast a redirect carries (the `toast` cookie), decoded: one reader for every suite. */
export { toastFrom } from "./accounts.ts";

export function toastCookie(response: Response) {
  return response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .find((pair) => pair.startsWith("toast=") && pair !== "toast=");
}

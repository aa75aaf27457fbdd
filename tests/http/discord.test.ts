import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { discordJobs, discordLinks, type User } from "../../db/schema";
import { DEMO_PASSWORD } from "../../db/seed";
import { LOCAL_WEBHOOK_SECRET, type SubscriptionSnapshot } from "~/server/stripe.server";
import { createMember, storedMember, toastFrom, updateMember } from "../support/accounts";
import { eventPayload, postWebhook, signatureFor, stripeSideSubscription } from "../support/billing";
import { discordControl, FAKE_DISCORD } from "../support/fake-discord";
import { withTestProfile, type DiscordProfile } from "../support/fake-oauth";
import { responseText, textOf } from "../support/html";
import { baseUrl, get, postForm, signIn, signInWith } from "../support/http";
import { testState, type TestState } from "../support/test-state";

// Discord access that follows the membership, against the fake Discord (tests/support/fake-discord.ts):
// the link flow, the role given and taken by the same code paths that change access (the Stripe
// webhook, staff edits, the scheduled job), Discord's 429s and outages, and staff's 'Sync now'.

let state: TestState;
let fake: ReturnType<typeof discordControl>;
beforeAll(async () => {
  state = await testState();
  fake = discordControl(inject("oauthUrl"));
});

const DAY = 24 * 60 * 60;
const CARD = "/account-settings#discord";

function profile(overrides: Partial<DiscordProfile> = {}): DiscordProfile {
  return { id: String(BigInt("0x" + randomBytes(7).toString("hex"))), username: "coachk", global_name: "Coach K", verified: true, ...overrides };
}

async function waitFor<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeout = 15_000): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

// The server writes the same local SQLite file in the background (the waitUntil drain): a read or
// write of the test's own can meet SQLITE_BUSY for a moment, and is simply tried again.
async function retryBusy<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const message = `${String(error)} ${String((error as { cause?: unknown }).cause ?? "")}`;
      if (attempt >= 30 || !/SQLITE_BUSY|commit token/.test(message)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const hasRole = (id: string) => waitFor(() => fake.member(id), (member) => member.roles.includes(FAKE_DISCORD.roleId));
const lacksRole = (id: string) => waitFor(() => fake.member(id), (member) => !member.roles.includes(FAKE_DISCORD.roleId));

async function linkOf(userId: string) {
  const [row] = await retryBusy(() => state.db.select().from(discordLinks).where(eq(discordLinks.userId, userId)));
  return row;
}

async function jobOf(discordUserId: string) {
  const [row] = await retryBusy(() => state.db.select().from(discordJobs).where(eq(discordJobs.discordUserId, discordUserId)));
  return row;
}

const newMember = (values: Partial<User> = {}) => retryBusy(() => createMember(values));
const memberRow = (id: string) => retryBusy(() => storedMember(id));

function linkCookies(response: Response) {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .filter((pair) => pair.startsWith("discord_link_"))
    .join("; ");
}

/** 'Connect Discord' up to Discord's consent screen; `finish` picks the account there and comes back. */
async function startConnect(cookie: string) {
  const response = await postForm("/account/discord", { intent: "connect-discord" }, { cookie });
  expect(response.status).toBe(302);
  const location = response.headers.get("Location")!;
  return {
    response,
    location,
    cookies: linkCookies(response),
    async finish(account: DiscordProfile, extra: Record<string, string> = {}) {
      const url = new URL(withTestProfile(location, account));
      for (const [name, value] of Object.entries(extra)) url.searchParams.set(name, value);
      const consent = await fetch(url, { redirect: "manual" });
      expect(consent.status).toBe(302);
      const callback = new URL(consent.headers.get("Location")!);
      return get(callback.pathname + callback.search, { cookie: `${cookie}; ${this.cookies}` });
    },
  };
}

async function signedInMember(values: Partial<User> = {}) {
  const member = await retryBusy(() => createMember(values));
  return { member, cookie: await signInWith(member.email, DEMO_PASSWORD) };
}

async function linkedMember(values: Partial<User> = {}) {
  const { member, cookie } = await signedInMember(values);
  const account = profile();
  const answer = await (await startConnect(cookie)).finish(account);
  expect(toastFrom(answer)?.title).toBe("Discord connected");
  return { member, cookie, account };
}

const premium = () => ({ subscriptionTier: "premium" as const, subscriptionStatus: "active" as const, accessExpiresAt: new Date(Date.now() + 30 * DAY * 1000) });


async function deliver(type: string, object: Record<string, unknown>) {
  const payload = eventPayload(type, object);
  const response = await postWebhook(baseUrl(), payload, await signatureFor(payload, LOCAL_WEBHOOK_SECRET));
  expect(response.status).toBe(200);
  return response.json();
}

const checkoutCompleted = (snapshot: SubscriptionSnapshot) =>
  deliver("checkout.session.completed", { id: "cs_local_x", object: "checkout.session", mode: "subscription", status: "complete", client_reference_id: snapshot.userId, customer: snapshot.customerId, subscription: snapshot.id });

async function runScheduledJob() {
  const response = await get(`/cdn-cgi/local/scheduled?cron=${encodeURIComponent("*/30 * * * *")}`);
  expect(response.status).toBe(200);
  await response.body?.cancel();
}

describe("linking Discord in Account Settings", () => {
  it("shows the Discord card with 'Connect Discord' to a member without a link", async () => {
    const { cookie } = await signedInMember();
    const html = await responseText(await get("/account-settings", { cookie }));
    expect(html).toContain('id="discord"');
    expect(html).toContain("Connect Discord");
    expect(html).toMatch(/<form[^>]*action="\/account\/discord"/);
  });

  it("asks Discord for identify and guilds.join with PKCE, and links the account the member picks", async () => {
    const { member, cookie } = await signedInMember(premium());
    const started = await startConnect(cookie);
    const authorize = new URL(started.location);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${new URL(inject("oauthUrl")).origin}/discord.com/oauth2/authorize`);
    expect(authorize.searchParams.get("scope")).toBe("identify guilds.join");
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${baseUrl()}/account/discord/callback`);
    expect(started.response.headers.getSetCookie().join("\n")).toMatch(/discord_link_state=[^;]+; Path=\/account\/discord; HttpOnly; SameSite=Lax/);

    const account = profile({ global_name: "Walter P" });
    const answer = await started.finish(account);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(CARD);
    expect(toastFrom(answer)).toEqual({ kind: "success", title: "Discord connected", description: "Linked as Walter P." });
    expect(answer.headers.getSetCookie().some((value) => value.startsWith("discord_link_state=;"))).toBe(true);

    const link = await linkOf(member.id);
    expect(link).toMatchObject({ discordUserId: account.id, discordUsername: "Walter P" });
    expect(link.accessToken).toBeTruthy();
    expect(link.refreshToken).toBeTruthy();

    // The member is put into the guild with their token and gets the members' role.
    await hasRole(account.id);
    const calls = await fake.calls(account.id);
    expect(calls[0]).toMatchObject({ method: "PUT", path: `/guilds/${FAKE_DISCORD.guildId}/members/${account.id}`, status: 201 });
    expect((calls[0].body as { access_token: string; roles: string[] }).roles).toEqual([FAKE_DISCORD.roleId]);
    await waitFor(() => linkOf(member.id), (row) => row.roleGranted);

    const html = await responseText(await get("/account-settings", { cookie }));
    expect(html).toContain("Walter P");
    expect(textOf(html)).toContain("You have the members' role in our Discord server.");
    expect(html).toContain("Disconnect");
    expect(html).not.toContain("Connect Discord");
    const stored = await linkOf(member.id);
    expect(html).not.toContain(stored.accessToken!);
    expect(html).not.toContain(stored.refreshToken!);
  });

  it("links a free member without giving the role", async () => {
    const { member, account } = await linkedMember();
    await waitFor(() => fake.calls(account.id), (calls) => calls.length > 0);
    expect((await fake.member(account.id)).roles).toEqual([]);
    expect((await linkOf(member.id)).roleGranted).toBe(false);
  });

  it("refuses a forged callback (state mismatch, no state, no code) and changes nothing", async () => {
    const { member, cookie } = await signedInMember();
    const started = await startConnect(cookie);
    const state = new URL(started.location).searchParams.get("state")!;
    const forged = "The Discord connection expired or was not started here. Please try again.";
    for (const query of [`?code=abc&state=${state}x`, "?code=abc", `?state=${state}`, ""]) {
      const answer = await get(`/account/discord/callback${query}`, { cookie: `${cookie}; ${started.cookies}` });
      expect(answer.headers.get("Location"), query).toBe(CARD);
      expect(toastFrom(answer), query).toEqual({ kind: "error", title: "Discord not connected", description: forged });
    }
    // The right state without the cookies that go with it is forged too.
    const answer = await get(`/account/discord/callback?code=abc&state=${state}`, { cookie });
    expect(toastFrom(answer)?.description).toBe(forged);
    expect(await linkOf(member.id)).toBeUndefined();
  });

  it("refuses when the member unticks 'Join servers for you'", async () => {
    const { member, cookie } = await signedInMember();
    const answer = await (await startConnect(cookie)).finish(profile(), { test_scope: "identify" });
    expect(toastFrom(answer)?.description).toContain("Discord did not allow us to add you to our server.");
    expect(await linkOf(member.id)).toBeUndefined();
  });

  it("refuses a Discord account already linked to another account, or signing in to another account", async () => {
    const { account } = await linkedMember();
    const { member: other, cookie } = await signedInMember();
    const answer = await (await startConnect(cookie)).finish(account);
    expect(toastFrom(answer)).toEqual({ kind: "error", title: "Discord not connected", description: "This Discord account is already linked to another account." });
    expect(await linkOf(other.id)).toBeUndefined();

    // A Discord account that signs in to another site account (Sign in with Discord).
    const signInAccount = profile();
    const { oauthAccounts } = await import("../../db/schema");
    const owner = await newMember();
    await retryBusy(() => state.db.insert(oauthAccounts).values({ provider: "discord", providerUserId: signInAccount.id, userId: owner.id }));
    const again = await (await startConnect(cookie)).finish(signInAccount);
    expect(toastFrom(again)?.description).toBe("This Discord account is already linked to another account.");
    expect(await linkOf(other.id)).toBeUndefined();
  });

  it("keeps one Discord account per site account: a second one needs a Disconnect first", async () => {
    const { member, cookie, account } = await linkedMember();
    const answer = await (await startConnect(cookie)).finish(profile({ id: "123456789012345678" }));
    expect(toastFrom(answer)?.description).toBe("Your account is already linked to the Discord account Coach K. Disconnect it first.");
    expect((await linkOf(member.id)).discordUserId).toBe(account.id);
  });

  it("counts an account that signed in with Discord as linked only after Connect grants guilds.join", async () => {
    const { member, cookie } = await signedInMember(premium());
    const { oauthAccounts } = await import("../../db/schema");
    const account = profile();
    await retryBusy(() => state.db.insert(oauthAccounts).values({ provider: "discord", providerUserId: account.id, userId: member.id }));
    expect(await responseText(await get("/account-settings", { cookie }))).toContain("Connect Discord");
    expect(await linkOf(member.id)).toBeUndefined();
    const answer = await (await startConnect(cookie)).finish(account);
    expect(toastFrom(answer)?.title).toBe("Discord connected");
    await hasRole(account.id);
  });

  it("Disconnect forgets the link and removes the role; a disconnect without a link changes nothing", async () => {
    const { member, cookie, account } = await linkedMember(premium());
    await hasRole(account.id);
    await waitFor(() => linkOf(member.id), (row) => Boolean(row?.roleGranted));
    const answer = await postForm("/account/discord", { intent: "disconnect-discord" }, { cookie });
    expect(answer.headers.get("Location")).toBe(CARD);
    expect(toastFrom(answer)).toEqual({ kind: "success", title: "Discord disconnected", description: "Your Discord account is no longer linked. The members' role will be removed." });
    expect(await linkOf(member.id)).toBeUndefined();
    await lacksRole(account.id);
    expect((await fake.calls(account.id)).at(-1)).toMatchObject({ method: "DELETE", status: 204 });
    expect((await fake.member(account.id)).member).toBe(true); // the role goes, the member stays in the guild

    const again = await postForm("/account/discord", { intent: "disconnect-discord" }, { cookie });
    expect(toastFrom(again)).toEqual({ kind: "error", title: "Nothing to disconnect", description: "No Discord account is linked to your account." });

    // A member who never had the role is not told it will be removed.
    const free = await linkedMember();
    const unlinked = await postForm("/account/discord", { intent: "disconnect-discord" }, { cookie: free.cookie });
    expect(toastFrom(unlinked)).toEqual({ kind: "success", title: "Discord disconnected", description: "Your Discord account is no longer linked." });
    expect(await responseText(await get("/account-settings", { cookie }))).toContain("Connect Discord");
  });

  it("deleting the account removes the members' role at once", async () => {
    const { member, cookie, account } = await linkedMember(premium());
    await hasRole(account.id);
    const answer = await postForm("/account-settings", { intent: "delete-account", password: DEMO_PASSWORD, confirmation: "DELETE" }, { cookie });
    expect(answer.status).toBe(302);
    expect(await linkOf(member.id)).toBeUndefined();
    await lacksRole(account.id);
  });

  it("sends a visitor to sign in, and refuses a cross-site form", async () => {
    const visitor = await postForm("/account/discord", { intent: "connect-discord" });
    expect(visitor.headers.get("Location")).toMatch(/^\/auth\?redirectTo=/);
    const { cookie } = await signedInMember();
    const crossSite = await postForm("/account/discord", { intent: "disconnect-discord" }, { cookie, headers: { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" } });
    expect(crossSite.status).toBe(403);
  });

  it("refuses a forged action (400) and changes nothing", async () => {
    const { cookie } = await signedInMember();
    for (const intent of ["hack", ""]) {
      const answer = await postForm("/account/discord", { intent }, { cookie });
      expect(answer.status, intent).toBe(400);
      const html = await answer.text();
      expect(html, intent).toContain("Unknown action.");
      expect(html, intent).toContain("400 Bad Request");
      expect(html, intent).not.toContain("Internal Server Error");
    }
  });
});

describe("the role follows access", () => {
  it("a checkout webhook gives the role to a linked member", async () => {
    const { member, account } = await linkedMember();
    await waitFor(() => fake.calls(account.id), (calls) => calls.length > 0);
    expect(await checkoutCompleted(await stripeSideSubscription(member.id))).toMatchObject({ outcome: "applied" });
    await hasRole(account.id);
  });

  it("a cancellation reaching its end removes the role (Stripe's event, and the scheduled job when the date passes)", async () => {
    const { member, account } = await linkedMember();
    const snapshot = await stripeSideSubscription(member.id);
    await checkoutCompleted(snapshot);
    await hasRole(account.id);

    // Cancelled: access (and the role) stay until the end of the period.
    const cancelled = { ...snapshot, cancelAtPeriodEnd: true };
    await state.env.KV.put(`stripe-local:subscription:${snapshot.id}`, JSON.stringify(cancelled));
    await deliver("customer.subscription.updated", { id: snapshot.id, object: "subscription", customer: snapshot.customerId, metadata: { userId: member.id } });
    await waitFor(() => jobOf(account.id), (job) => !job);
    expect((await fake.member(account.id)).roles).toEqual([FAKE_DISCORD.roleId]);

    // The end date arrives: Stripe ends the subscription.
    const ended = { ...cancelled, status: "canceled", endedAt: Math.floor(Date.now() / 1000) };
    await state.env.KV.put(`stripe-local:subscription:${snapshot.id}`, JSON.stringify(ended));
    await deliver("customer.subscription.deleted", { id: snapshot.id, object: "subscription", customer: snapshot.customerId, metadata: { userId: member.id } });
    await lacksRole(account.id);
    expect((await memberRow(member.id)).subscriptionTier).toBe("free");

    // Without any event: the date simply passes, and the scheduled job takes the role.
    const second = await linkedMember(premium());
    await hasRole(second.account.id);
    await retryBusy(() => updateMember(second.member.id, { accessExpiresAt: new Date(Date.now() - 1000) }));
    await runScheduledJob();
    await lacksRole(second.account.id);
  });

  it("a staff edit that ends access removes the role, and one that gives it back returns it", async () => {
    const { member, account } = await linkedMember(premium());
    await hasRole(account.id);
    const staff = await signIn("superadmin");
    const edit = (tier: "free" | "premium", until: string) =>
      postForm(
        "/admin",
        { intent: "update-user", userId: member.id, firstName: "Robin", lastName: "Tester", email: member.email, subscriptionTier: tier, subscriptionStatus: "active", accessExpiresAt: until },
        { cookie: staff },
      );
    expect(toastFrom(await edit("free", ""))?.description).toBe("User updated successfully");
    await lacksRole(account.id);
    const nextYear = new Date(Date.now() + 365 * DAY * 1000).toISOString().slice(0, 10);
    expect(toastFrom(await edit("premium", nextYear))?.description).toBe("User updated successfully");
    await hasRole(account.id);
  });

  it("retries a 429 after Discord's retry_after", async () => {
    const { member, account } = await linkedMember();
    await waitFor(() => fake.calls(account.id), (calls) => calls.length > 0);
    await fake.fail(429, 1, { retryAfter: 0.3, discordUserId: account.id });
    await checkoutCompleted(await stripeSideSubscription(member.id));
    await hasRole(account.id);
    const calls = (await fake.calls(account.id)).slice(-2);
    expect(calls.map((call) => call.status)).toEqual([429, 201]);
  });

  it("a Discord outage never blocks the payment, and the scheduled job catches the role up", async () => {
    const { member, account } = await linkedMember();
    await waitFor(() => fake.calls(account.id), (calls) => calls.length > 0);
    await fake.fail(503, 50, { discordUserId: account.id });
    expect(await checkoutCompleted(await stripeSideSubscription(member.id))).toMatchObject({ outcome: "applied" });
    expect((await memberRow(member.id)).subscriptionTier).toBe("premium");
    // Three attempts with backoff, then the job goes back to the queue with the reason.
    await waitFor(() => fake.calls(account.id), (calls) => calls.filter((call) => call.status === 503).length >= 3);
    const job = await waitFor(() => jobOf(account.id), (row) => row?.lastError === "503 from Discord");
    expect(job.runAfter.getTime()).toBeGreaterThan(Date.now());
    expect((await fake.member(account.id)).member).toBe(false);

    await fake.clearFailures();
    await runScheduledJob();
    await hasRole(account.id);
    expect(await jobOf(account.id)).toBeUndefined();
    expect((await linkOf(member.id)).roleGranted).toBe(true);
  });
});

describe("role work that overlaps", () => {
  it("a grant Discord answers after a Disconnect was already served does not leave the role: the account is served once more", async () => {
    const { member, cookie, account } = await linkedMember();
    await waitFor(() => fake.calls(account.id), (calls) => calls.length > 0);
    await waitFor(() => jobOf(account.id), (job) => !job);
    // Discord keeps the grant waiting (a short 429) while the member disconnects, and serves the removal first.
    await fake.fail(429, 1, { retryAfter: 2, discordUserId: account.id });
    expect(await checkoutCompleted(await stripeSideSubscription(member.id))).toMatchObject({ outcome: "applied" });
    await waitFor(() => fake.calls(account.id), (calls) => calls.some((call) => call.status === 429));
    const answer = await postForm("/account/discord", { intent: "disconnect-discord" }, { cookie });
    expect(toastFrom(answer)?.title).toBe("Discord disconnected");
    await waitFor(() => fake.calls(account.id), (calls) => calls.some((call) => call.method === "DELETE"));
    // The grant lands after the removal...
    await waitFor(() => fake.calls(account.id), (calls) => calls.some((call) => call.method === "PUT" && call.status === 201));
    // ...and the removal is made again after it.
    await lacksRole(account.id);
    const calls = await fake.calls(account.id);
    expect(calls.at(-1)).toMatchObject({ method: "DELETE", status: 204 });
    await waitFor(() => jobOf(account.id), (job) => !job);
  });
});

describe("members who left the guild or revoked the app", () => {
  it("shows 'Reconnect Discord' instead of an error, and a reconnect brings them back", async () => {
    const { member, cookie, account } = await linkedMember(premium());
    await hasRole(account.id);
    await fake.leave(account.id);
    const staff = await signIn("superadmin");
    const sync = await postForm("/admin/discord-sync", { userId: member.id }, { cookie: staff });
    expect(toastFrom(sync)).toEqual({ kind: "success", title: "Discord synced", description: "The member left the server or revoked the app: they have to reconnect Discord." });
    expect((await fake.member(account.id)).member).toBe(false); // not pulled back in
    // Nor by any later sync until they reconnect: staff's 'Sync now' again, or an edit of the member by staff.
    expect(toastFrom(await postForm("/admin/discord-sync", { userId: member.id }, { cookie: staff }))?.description).toBe(
      "The member left the server or revoked the app: they have to reconnect Discord.",
    );
    expect((await fake.member(account.id)).member).toBe(false);
    expect((await fake.calls(account.id)).filter((call) => call.method === "PUT" && !call.path.includes("/roles/")).length).toBe(1);

    const html = await responseText(await get("/account-settings", { cookie }));
    expect(html).toContain("Reconnect Discord");
    expect(html).toContain("You left our Discord server or removed our app");

    const answer = await (await startConnect(cookie)).finish(account);
    expect(toastFrom(answer)?.title).toBe("Discord connected");
    await hasRole(account.id);
    expect((await linkOf(member.id)).needsReconnect).toBe(false);
  });

  it("a revoked app with an expired token: the refresh fails and the member is asked to reconnect", async () => {
    const { member, cookie, account } = await linkedMember(premium());
    await hasRole(account.id);
    await fake.revoke(account.id);
    await fake.leave(account.id);
    await retryBusy(() => state.db.update(discordLinks).set({ roleGranted: false, accessTokenExpiresAt: new Date(Date.now() - 1000) }).where(eq(discordLinks.userId, member.id)));
    const staff = await signIn("superadmin");
    expect(toastFrom(await postForm("/admin/discord-sync", { userId: member.id }, { cookie: staff }))?.description).toContain("reconnect");
    expect(await responseText(await get("/account-settings", { cookie }))).toContain("Reconnect Discord");
  });

  it("refreshes an expired access token with the refresh token", async () => {
    const { member, account } = await linkedMember(premium());
    await hasRole(account.id);
    // The connect's own sync records the role after giving it: wait for that write, or it can land
    // after the expired token set below and send 'Sync now' down the path of a member who left.
    await waitFor(() => linkOf(member.id), (row) => row.roleGranted);
    await fake.leave(account.id);
    const before = await linkOf(member.id);
    await retryBusy(() => state.db.update(discordLinks).set({ roleGranted: false, accessTokenExpiresAt: new Date(Date.now() - 1000) }).where(eq(discordLinks.userId, member.id)));
    const staff = await signIn("superadmin");
    expect(toastFrom(await postForm("/admin/discord-sync", { userId: member.id }, { cookie: staff }))?.description).toBe("The members' role is given.");
    const after = await linkOf(member.id);
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.accessTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now());
    await hasRole(account.id);
  });
});

describe("staff", () => {
  it("see the Discord link and role state in the user details dialog, with 'Sync now'", async () => {
    const { member, account } = await linkedMember(premium());
    await hasRole(account.id);
    await waitFor(() => linkOf(member.id), (row) => row.roleGranted);
    const staff = await signIn("superadmin");
    const html = await responseText(await get(`/admin?q=${encodeURIComponent(member.email)}&user=${member.id}&dialog=details`, { cookie: staff }));
    expect(html).toContain("Coach K");
    expect(textOf(html)).toMatch(/Discord role (Members' role given|Sync pending)/);
    // The list's search goes with the form: the answer opens this dialog on the same list.
    expect(html).toMatch(/<form[^>]*action="\/admin\/discord-sync\?q=[^"]+"/);
    expect(html).toContain("Sync now");
    expect(html).not.toContain((await linkOf(member.id)).accessToken!);

    const unlinked = await newMember();
    const other = await responseText(await get(`/admin?q=${encodeURIComponent(unlinked.email)}&user=${unlinked.id}&dialog=details`, { cookie: staff }));
    expect(other).toContain("Not linked");
    expect(other).not.toContain("Sync now");
  });

  it("'Sync now' puts a removed role back at once; a user without a link gets a clear message", async () => {
    const { member, account } = await linkedMember(premium());
    await hasRole(account.id);
    await retryBusy(() => state.db.update(discordLinks).set({ syncedAt: new Date() }).where(eq(discordLinks.userId, member.id)));
    await fake.join(account.id, []); // a moderator took the role by hand
    const staff = await signIn("superadmin");
    const answer = await postForm("/admin/discord-sync", { userId: member.id }, { cookie: staff });
    expect(answer.headers.get("Location")).toBe(`/admin?user=${member.id}&dialog=details#users`);
    expect(toastFrom(answer)).toEqual({ kind: "success", title: "Discord synced", description: "The members' role is given." });
    expect((await fake.member(account.id)).roles).toEqual([FAKE_DISCORD.roleId]);

    const unlinked = await newMember();
    const refused = await postForm("/admin/discord-sync", { userId: unlinked.id }, { cookie: staff });
    expect(toastFrom(refused)).toEqual({ kind: "error", title: "Sync failed", description: "This user has not linked a Discord account." });
  });

  it("'Sync now' is for superadmins only", async () => {
    const { member } = await linkedMember();
    for (const role of ["premium", "admin"] as const) {
      const response = await postForm("/admin/discord-sync", { userId: member.id }, { cookie: await signIn(role) });
      expect(response.status, role).toBe(403);
    }
  });
});

describe("the pricing cards", () => {
  it("promise the members' role instead of the invite link when the role sync is configured", async () => {
    const html = await responseText(await get("/subscribe"));
    expect(html).toContain("Discord community access");
    expect(textOf(html)).toContain("Discord community access (members' role while you subscribe; link Discord in Account Settings)");
    const cards = html.slice(html.indexOf("Billed monthly"), html.indexOf("<footer"));
    expect(cards).not.toContain("https://discord.gg/example");
  });
});

// Isolated accounts for the HTTP and browser tests: created through the real flows (POST /auth to
// register, then the confirmation link from the local outbox, /dev/outbox), or stored straight in
// the test state when the sign-up flow is not what the test is about (createMember).
import { randomBytes, randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { users, type NewUser, type User } from "../../db/schema.ts";
import { DEMO_PASSWORD, findDemoUserId, type DemoRole } from "../../db/seed.ts";
import { hashPassword } from "../../app/server/password.server.ts";
import { decodeEntities } from "./html.ts";
import { get, postForm, signInWith } from "./http.ts";
import { testState } from "./test-state.ts";

/** Passes every password rule (no common word, no 123/abc/qwerty/asdf/zxcv/111/aaa/000). */
export const TEST_PASSWORD = "Kickoff#Return58";
export const OTHER_PASSWORD = "Blitz!Pickup74Z";

/**
 * A client address of its own, sent as CF-Connecting-IP (the header Cloudflare sets in production).
 * Registration (5 an hour), reset requests (10 an hour) and failed logins (30 in 15 minutes) are
 * throttled per address; each new member registering from their own address is the real-world
 * situation, and keeps the suite from exhausting the shared test client's allowance.
 */
export function newClientAddress() {
  return `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

export function fromAddress(address: string) {
  return { "CF-Connecting-IP": address };
}

export function uniqueEmail(label: string) {
  return `${label}-${Date.now().toString(36)}-${randomBytes(4).toString("hex")}@example.com`;
}

// ---------------------------------------------------------------------------------------------
// The local outbox

export type OutboxMessage = { to: string; subject: string; text: string; links: string[]; headers: Record<string, string> };

/** Every message of /dev/outbox, newest first. */
export async function readOutbox(): Promise<OutboxMessage[]> {
  const response = await get("/dev/outbox");
  if (response.status !== 200) throw new Error(`/dev/outbox answered ${response.status}`);
  const html = await response.text();
  return html
    .split('data-testid="outbox-message"')
    .slice(1)
    .map((chunk) => ({
      to: decodeEntities(/data-testid="outbox-to">([^<]*)</.exec(chunk)?.[1] ?? ""),
      subject: decodeEntities(/data-testid="outbox-subject">([^<]*)</.exec(chunk)?.[1] ?? ""),
      text: decodeEntities(/<pre[^>]*>([\s\S]*?)<\/pre>/.exec(chunk)?.[1] ?? ""),
      links: [...chunk.matchAll(/data-testid="outbox-link">([^<]*)</g)].map((match) => decodeEntities(match[1])),
      headers: Object.fromEntries(
        [...chunk.matchAll(/data-testid="outbox-header"><dt[^>]*>([^<]*):<\/dt> <dd[^>]*>([^<]*)</g)].map((match) => [decodeEntities(match[1]), decodeEntities(match[2])]),
      ),
    }));
}

export async function messagesTo(email: string) {
  return (await readOutbox()).filter((message) => message.to === email);
}

/** The newest link to `path` (e.g. /auth/confirm) in a message to `email`. */
export async function linkFromOutbox(email: string, path: "/auth/confirm" | "/reset-password"): Promise<string> {
  for (const message of await messagesTo(email)) {
    const link = message.links.find((candidate) => new URL(candidate).pathname === path);
    if (link) return link;
  }
  throw new Error(`No ${path} link in the outbox for ${email}`);
}

/** The path and query of a link from an e-mail (the site's own origin), for get()/postForm(). */
export function pathOf(link: string) {
  const url = new URL(link);
  return url.pathname + url.search;
}

export function tokenOf(link: string) {
  return new URL(link).searchParams.get("token")!;
}

// ---------------------------------------------------------------------------------------------
// Accounts

export type TestUser = { email: string; password: string; firstName: string; lastName: string; address: string };

export function registerForm(user: Pick<TestUser, "email" | "password" | "firstName" | "lastName">, extra: Record<string, string> = {}) {
  return {
    intent: "register",
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    password: user.password,
    acceptTerms: "on",
    ...extra,
  };
}

/** Registers through POST /auth from an address of its own; the account waits for confirmation. */
export async function registerUser(label: string, overrides: Partial<TestUser> = {}): Promise<TestUser> {
  const user: TestUser = {
    email: uniqueEmail(label),
    password: TEST_PASSWORD,
    firstName: "Riley",
    lastName: "Tester",
    address: newClientAddress(),
    ...overrides,
  };
  const response = await postForm("/auth", registerForm(user), { headers: fromAddress(user.address) });
  expect(response.status, `registration of ${user.email}`).toBe(200);
  expect(await response.text()).toContain("Registration successful! Check your email for confirmation.");
  return user;
}

/** Opens the confirmation link of the newest confirmation e-mail, as the owner would. */
export async function confirmUser(email: string) {
  const link = await linkFromOutbox(email, "/auth/confirm");
  const response = await get(pathOf(link));
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/auth");
  return link;
}

/** A fresh, confirmed account with the test password, registered and confirmed through the real flows. */
export async function createConfirmedUser(label = "member", overrides: Partial<TestUser> = {}): Promise<TestUser> {
  const user = await registerUser(label, overrides);
  await confirmUser(user.email);
  return user;
}

/** The Cookie header (session=...) of a fresh login of this user. */
export function signInUser(user: Pick<TestUser, "email" | "password">) {
  return signInWith(user.email, user.password);
}

/** The POST /auth login as a browser would send it (no assertion on the outcome). */
export function attemptLogin(email: string, password: string, headers: Record<string, string> = {}, extra: Record<string, string> = {}) {
  return postForm("/auth", { intent: "login", email, password, ...extra }, { headers });
}

/** Whether a session cookie still signs in: /account-settings answers 200 for a member, a redirect otherwise. */
export async function isSignedIn(cookie: string) {
  const response = await get("/account-settings", { cookie });
  if (response.status === 200) return true;
  expect(response.status).toBe(302);
  return false;
}

// ---------------------------------------------------------------------------------------------
// Members stored straight in the test state

let passwordHash: Promise<string> | undefined;

/** A fresh confirmed member (free tier unless told otherwise), stored directly; sign in with DEMO_PASSWORD. */
export async function createMember(values: Partial<NewUser> = {}): Promise<User> {
  const { db } = await testState();
  passwordHash ??= hashPassword(DEMO_PASSWORD);
  const id = crypto.randomUUID();
  await db.insert(users).values({
    id,
    email: `member-${id.slice(0, 8)}@example.com`,
    firstName: "Robin",
    lastName: "Tester",
    role: "user",
    passwordHash: await passwordHash,
    emailConfirmedAt: new Date(),
    ...values,
  });
  return storedMember(id);
}

/** A fresh member (see createMember), signed in: their id and the session's Cookie header. */
export async function createSignedInMember(values: Partial<NewUser> = {}) {
  const created = await createMember(values);
  return { id: created.id, cookie: await signInWith(created.email, DEMO_PASSWORD) };
}

/** A member's row as stored. */
export async function storedMember(id: string): Promise<User> {
  const { db } = await testState();
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`No member ${id}`);
  return row;
}

export async function storedMemberByEmail(email: string): Promise<User> {
  const { db } = await testState();
  const [row] = await db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`No member ${email}`);
  return row;
}

export async function updateMember(id: string, values: Partial<NewUser>) {
  const { db } = await testState();
  await db.update(users).set(values).where(eq(users.id, id));
}

/** The id of a demo account (db/seed.ts). */
export async function demoUserId(role: DemoRole): Promise<string> {
  const id = await findDemoUserId((await testState()).d1, role);
  if (!id) throw new Error(`Demo account ${role} missing from the test database`);
  return id;
}

// ---------------------------------------------------------------------------------------------
// Reading answers

/** The flash message a redirect carries in its toast cookie. */
export function toastFrom(response: Response): { kind: string; title: string; description?: string } | null {
  const pair = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .find((cookie) => cookie.startsWith("toast=") && cookie.length > "toast=".length);
  if (!pair) return null;
  return JSON.parse(Buffer.from(pair.slice("toast=".length), "base64url").toString("utf8"));
}

/** The session cookie (session=...) a response sets, if any. */
export function sessionFrom(response: Response) {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .find((pair) => /^session=[a-z2-7]{32}$/.test(pair));
}

/** A page with what differs per response (nonces) or per request (the given strings) blanked out. */
export async function normalizedPage(response: Response, ...blanks: string[]) {
  let html = (await response.text()).replaceAll(/nonce="[^"]*"/g, 'nonce=""');
  for (const blank of blanks) html = html.replaceAll(blank, "<blank>");
  return html;
}

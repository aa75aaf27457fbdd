import { createHash } from "node:crypto";
import { request as httpRequest } from "node:http";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  attemptLogin,
  createConfirmedUser,
  fromAddress,
  isSignedIn,
  linkFromOutbox,
  messagesTo,
  newClientAddress,
  normalizedPage,
  OTHER_PASSWORD,
  pathOf,
  registerUser,
  sessionFrom,
  signInUser,
  tokenOf,
  uniqueEmail,
  type TestUser,
} from "../support/accounts";
import { authTokens, users } from "../../db/schema";
import { responseText } from "../support/html";
import { baseUrl, get, postForm, signIn } from "../support/http";
import { testState } from "../support/test-state";

const NEW_PASSWORD = "Fourth&Goal#Win47";

/** Asks for a reset link from an address of its own and returns the link from the outbox. */
async function requestReset(email: string) {
  const response = await postForm("/auth?mode=forgot", { intent: "forgot", email }, { headers: fromAddress(newClientAddress()) });
  expect(response.status).toBe(200);
  return linkFromOutbox(email, "/reset-password");
}

function submitReset(token: string, password: string, confirmPassword = password) {
  return postForm(`/reset-password?token=${token}`, { token, password, confirmPassword });
}

function tamper(token: string) {
  return token.slice(0, 5) + (token[5] === "a" ? "b" : "a") + token.slice(6);
}

/** A superadmin's 'Edit user' that changes only the account's e-mail. */
async function staffSetsEmail(email: string, newEmail: string) {
  const [stored] = await (await testState()).db.select().from(users).where(eq(users.email, email));
  return postForm("/admin", {
    intent: "update-user",
    userId: stored.id,
    firstName: stored.firstName ?? "",
    lastName: stored.lastName ?? "",
    email: newEmail,
    subscriptionTier: stored.subscriptionTier,
    subscriptionStatus: stored.subscriptionStatus,
  }, { cookie: await signIn("superadmin") });
}

async function loginWorks(user: Pick<TestUser, "email">, password: string) {
  const response = await attemptLogin(user.email, password, fromAddress(newClientAddress()));
  return response.status === 302 && sessionFrom(response) !== undefined;
}

describe("forgot password", () => {
  it("answers the same whether or not the account exists, and mails only an existing one", async () => {
    const user = await createConfirmedUser("forgot");
    const unknown = uniqueEmail("forgot-unknown");
    const known = await postForm("/auth?mode=forgot", { intent: "forgot", email: user.email }, { headers: fromAddress(newClientAddress()) });
    const missing = await postForm("/auth?mode=forgot", { intent: "forgot", email: unknown }, { headers: fromAddress(newClientAddress()) });
    expect(known.status).toBe(200);
    expect(missing.status).toBe(200);
    const knownPage = await normalizedPage(known, user.email);
    expect(knownPage).toContain("Check Your Email");
    expect(knownPage).toBe(await normalizedPage(missing, unknown));

    const [mail] = await messagesTo(user.email);
    expect(mail.subject).toBe("Reset your Gridiron Playbook password");
    expect(mail.text).toContain("expires in 1 hour");
    expect(await messagesTo(unknown)).toEqual([]);
  });

  it("after three links in an hour to one address, says to wait instead of 'sent', the same for an unknown address", async () => {
    const user = await createConfirmedUser("forgot-limit");
    const unknown = uniqueEmail("forgot-limit-unknown");
    const answers: Record<string, number[]> = { [user.email]: [], [unknown]: [] };
    const pages: Record<string, string> = {};
    for (const email of [user.email, unknown]) {
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        const intent = attempt === 1 ? "forgot" : "resend";
        const response = await postForm("/auth?mode=forgot", { intent, email }, { headers: fromAddress(newClientAddress()) });
        answers[email].push(response.status);
        if (attempt === 4) pages[email] = (await normalizedPage(response, email)).replaceAll("&#x27;", "'");
        else await response.body?.cancel();
      }
    }
    expect(answers[user.email]).toEqual([200, 200, 200, 429]);
    expect(answers[unknown]).toEqual([200, 200, 200, 429]);
    expect(pages[user.email]).toMatch(/Too many attempts\. Please try again in \d+ minutes?\./);
    expect(pages[user.email]).not.toContain("A new password reset email has been sent.");
    expect(pages[user.email]).toBe(pages[unknown]);
    expect((await messagesTo(user.email)).filter((mail) => mail.subject.startsWith("Reset your"))).toHaveLength(3);
  });

  it("checks the address: 'Please enter your email address', 'Please enter a valid email address'", async () => {
    const empty = await postForm("/auth?mode=forgot", { intent: "forgot", email: "  " });
    expect(empty.status).toBe(400);
    expect(await responseText(empty)).toContain("Please enter your email address");
    const malformed = await postForm("/auth?mode=forgot", { intent: "forgot", email: "coach@" });
    expect(malformed.status).toBe(400);
    expect(await responseText(malformed)).toContain("Please enter a valid email address");
  });

  it("builds the link from the site's address, not from a Host header the client chose", async () => {
    const user = await createConfirmedUser("reset-host");
    const body = new URLSearchParams({ intent: "forgot", email: user.email }).toString();
    const { port } = new URL(baseUrl());
    // fetch() may not set Host; a raw request can, as any client outside a browser can.
    const status = await new Promise<number>((resolve, reject) => {
      const outgoing = httpRequest(
        { host: "localhost", port, path: "/auth?mode=forgot", method: "POST", headers: { Host: "evil.example", "Content-Type": "application/x-www-form-urlencoded", ...fromAddress(newClientAddress()) } },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      outgoing.on("error", reject);
      outgoing.end(body);
    });
    expect(status).toBe(200);
    const link = await linkFromOutbox(user.email, "/reset-password");
    expect(new URL(link).origin).toBe(new URL(baseUrl()).origin);
  });

  it("links to /reset-password with a one-hour token that opens the new-password form", async () => {
    const user = await createConfirmedUser("reset-form");
    const link = await requestReset(user.email);
    expect(new URL(link).pathname).toBe("/reset-password");
    expect(tokenOf(link)).toMatch(/^[a-z2-7]{32}$/);
    const html = await responseText(await get(pathOf(link)));
    expect(html).toContain("Choose a new password");
    expect(html).not.toContain("Invalid Reset Link");
  });
});

describe("password reset", () => {
  it("sets the new password, ends every existing session at once and shows the success screen", async () => {
    const user = await createConfirmedUser("reset");
    const before = await signInUser(user);
    const otherDevice = await signInUser(user);
    const link = await requestReset(user.email);

    const response = await submitReset(tokenOf(link), NEW_PASSWORD);
    expect(response.status).toBe(200);
    const html = await responseText(response);
    expect(html).toContain("Password reset successfully!");
    expect(html).toContain("Go to Login Now");

    expect(await isSignedIn(before)).toBe(false);
    expect(await isSignedIn(otherDevice)).toBe(false);
    expect(await loginWorks(user, NEW_PASSWORD)).toBe(true);
    expect(await loginWorks(user, user.password)).toBe(false);
    const fresh = await signInWithNew(user.email);
    expect(await isSignedIn(fresh)).toBe(true);
  });

  it("refuses a link that was already used: 'Invalid Reset Link', and the password stays", async () => {
    const user = await createConfirmedUser("reset-reuse");
    const link = await requestReset(user.email);
    expect((await submitReset(tokenOf(link), NEW_PASSWORD)).status).toBe(200);

    expect(await responseText(await get(pathOf(link)))).toContain("Invalid Reset Link");
    const reuse = await submitReset(tokenOf(link), OTHER_PASSWORD);
    expect(reuse.status).toBe(400);
    const html = await responseText(reuse);
    expect(html).toContain("Invalid Reset Link");
    // The server's own words (staff spec §8), under the heading.
    expect(html).toContain("Invalid or expired reset link. Please request a new password reset.");
    expect(html).not.toContain("Password reset successfully!");
    expect(await loginWorks(user, NEW_PASSWORD)).toBe(true);
  });

  it("refuses a tampered link, and the real one still works afterwards", async () => {
    const user = await createConfirmedUser("reset-tamper");
    const link = await requestReset(user.email);
    const forged = tamper(tokenOf(link));
    expect(await responseText(await get(`/reset-password?token=${forged}`))).toContain("Invalid Reset Link");
    for (const token of [forged, tokenOf(link).toUpperCase(), tokenOf(link).slice(1), ""]) {
      const response = await submitReset(token, OTHER_PASSWORD);
      expect(response.status, JSON.stringify(token)).toBe(400);
      expect(await responseText(response), JSON.stringify(token)).toContain("Invalid Reset Link");
    }
    expect(await responseText(await get("/reset-password"))).toContain("Invalid Reset Link");
    expect(await responseText(await get(pathOf(link)))).toContain("Choose a new password");
    expect((await submitReset(tokenOf(link), NEW_PASSWORD)).status).toBe(200);
    expect(await loginWorks(user, NEW_PASSWORD)).toBe(true);
  });

  it("refuses an expired link (one hour old)", async () => {
    const user = await createConfirmedUser("reset-expired");
    const link = await requestReset(user.email);
    expect(await responseText(await get(pathOf(link)))).toContain("Choose a new password");
    // Time travel: the token's row now says it expired a second ago.
    const hash = createHash("sha256").update(tokenOf(link)).digest("hex");
    const { db } = await testState();
    await db.update(authTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(authTokens.tokenHash, hash));
    expect(await responseText(await get(pathOf(link)))).toContain("Invalid Reset Link");
    const response = await submitReset(tokenOf(link), NEW_PASSWORD);
    expect(response.status).toBe(400);
    expect(await responseText(response)).toContain("Invalid Reset Link");
    expect(await loginWorks(user, user.password)).toBe(true);
  });

  it("voids the older link when a newer one is sent", async () => {
    const user = await createConfirmedUser("reset-newer");
    const first = await requestReset(user.email);
    const second = await requestReset(user.email);
    expect(second).not.toBe(first);
    expect(await responseText(await get(pathOf(first)))).toContain("Invalid Reset Link");
    expect(await responseText(await get(pathOf(second)))).toContain("Choose a new password");
  });

  it("checks the new password by the rules and the confirmation, without spending the link", async () => {
    const user = await createConfirmedUser("reset-rules");
    const link = await requestReset(user.email);
    const cases: [string, string, string][] = [
      ["Xy9!wvu", "Xy9!wvu", "Password must be at least 8 characters long"],
      ["xy9!wvut", "xy9!wvut", "Password must contain at least one uppercase letter"],
      ["Xy9!wvutqwerty", "Xy9!wvutqwerty", "Password contains common patterns. Please choose a more random password"],
      [NEW_PASSWORD, NEW_PASSWORD + "x", "New passwords do not match"],
    ];
    for (const [password, confirm, message] of cases) {
      const response = await submitReset(tokenOf(link), password, confirm);
      expect(response.status, message).toBe(400);
      expect(await responseText(response), message).toContain(message);
    }
    const huge = await submitReset(tokenOf(link), "Xy9!" + "m".repeat(1024 * 1024));
    expect(huge.status).toBe(400);
    expect(await responseText(huge)).toContain("Password must be at most 256 characters long");
    expect(await responseText(await get(pathOf(link)))).toContain("Choose a new password");
    expect((await submitReset(tokenOf(link), NEW_PASSWORD)).status).toBe(200);
  });

  it("lifts the lock that others' wrong passwords put on the account: the new password logs in at once", async () => {
    const user = await createConfirmedUser("reset-locked");
    const stranger = newClientAddress();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await attemptLogin(user.email, `Wrong#Guess${attempt}x`, fromAddress(stranger))).status).toBe(401);
    }
    expect((await attemptLogin(user.email, user.password, fromAddress(newClientAddress()))).status).toBe(429);
    const link = await requestReset(user.email);
    expect((await submitReset(tokenOf(link), NEW_PASSWORD)).status).toBe(200);
    expect(await loginWorks(user, NEW_PASSWORD)).toBe(true);
  });

  it("stops working once the password is changed in Account Settings: a leaked link does not outlive the change", async () => {
    const user = await createConfirmedUser("reset-then-change");
    const link = await requestReset(user.email);
    const cookie = await signInUser(user);
    const changed = await postForm("/account-settings", { intent: "change-password", currentPassword: user.password, newPassword: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD }, { cookie });
    expect(changed.status).toBeLessThan(400);
    expect(await loginWorks(user, OTHER_PASSWORD)).toBe(true);
    expect(await responseText(await get(pathOf(link)))).toContain("Invalid Reset Link");
    expect((await submitReset(tokenOf(link), NEW_PASSWORD)).status).toBe(400);
    expect(await loginWorks(user, NEW_PASSWORD)).toBe(false);
    expect(await loginWorks(user, OTHER_PASSWORD)).toBe(true);
  });

  it("stops working once staff change the account's e-mail, and both addresses are told", async () => {
    const user = await createConfirmedUser("reset-then-new-address");
    const link = await requestReset(user.email);
    const newEmail = uniqueEmail("reset-new-address");
    expect((await staffSetsEmail(user.email, newEmail)).status).toBe(302);
    expect(await responseText(await get(pathOf(link)))).toContain("Invalid Reset Link");
    expect((await submitReset(tokenOf(link), NEW_PASSWORD)).status).toBe(400);
    expect(await loginWorks({ email: newEmail }, NEW_PASSWORD)).toBe(false);
    expect(await loginWorks({ email: newEmail }, user.password)).toBe(true);
    // The e-mails go out after the answer (waitUntil).
    await expect.poll(async () => (await messagesTo(user.email)).map((mail) => mail.subject)).toContain("Your Gridiron Playbook e-mail address was changed");
    const [toOld] = (await messagesTo(user.email)).filter((mail) => mail.subject === "Your Gridiron Playbook e-mail address was changed");
    expect(toOld.text).toContain("no longer work");
    expect(toOld.text).not.toContain(newEmail);
    await expect.poll(async () => (await messagesTo(newEmail)).map((mail) => mail.subject)).toEqual(["Your Gridiron Playbook account now uses this address"]);
  });

  it("an account never confirmed, given a new address by staff, gets its confirmation link there", async () => {
    const user = await registerUser("unconfirmed-new-address");
    const [stored] = await (await testState()).db.select().from(users).where(eq(users.email, user.email));
    expect(stored.emailConfirmedAt).toBeNull();
    const newEmail = uniqueEmail("unconfirmed-moved");
    expect((await staffSetsEmail(user.email, newEmail)).status).toBe(302);
    await expect.poll(async () => (await messagesTo(newEmail)).map((mail) => mail.subject)).toEqual(["Confirm your Gridiron Playbook account"]);
    const confirm = await linkFromOutbox(newEmail, "/auth/confirm");
    expect((await get(pathOf(confirm))).status).toBeLessThan(400);
    expect(await loginWorks({ email: newEmail }, user.password)).toBe(true);
  });

  it("also confirms an account that never opened its confirmation link (the reset proves the mailbox)", async () => {
    const user = await registerUser("reset-unconfirmed");
    const link = await requestReset(user.email);
    expect((await submitReset(tokenOf(link), NEW_PASSWORD)).status).toBe(200);
    expect(await loginWorks(user, NEW_PASSWORD)).toBe(true);
  });
});

async function signInWithNew(email: string) {
  const response = await attemptLogin(email, NEW_PASSWORD);
  expect(response.status).toBe(302);
  return sessionFrom(response)!;
}

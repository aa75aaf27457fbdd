import { randomBytes, scryptSync } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { authTokens, users } from "../../db/schema";
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
  registerForm,
  registerUser,
  sessionFrom,
  signInUser,
  storedMemberByEmail,
  TEST_PASSWORD,
  toastFrom,
  uniqueEmail,
  updateMember,
  type TestUser,
} from "../support/accounts";
import { RETURN_ADDRESS_MAX } from "../../app/lib/schemas/auth";
import { responseText } from "../support/html";
import { baseUrl, get, postForm, url } from "../support/http";
import { testState } from "../support/test-state";

// One confirmed member for the tests that only sign in and out (registration hashes a password:
// each fresh account costs time). Tests that lock or change an account make their own.
let member: Promise<TestUser> | undefined;
function sharedMember() {
  member ??= createConfirmedUser("member", { firstName: "Morgan" });
  return member;
}

describe("session cookie", () => {
  it("is HttpOnly, SameSite=Lax, Path=/, not Secure over http, and expires in 30 days", async () => {
    const user = await sharedMember();
    const before = Date.now();
    const response = await attemptLogin(user.email, user.password);
    expect(response.status).toBe(302);
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith("session="))!;
    const [pair, ...attributes] = cookie.split(";").map((part) => part.trim());
    expect(pair).toMatch(/^session=[a-z2-7]{32}$/);
    expect(attributes).toContain("HttpOnly");
    expect(attributes).toContain("SameSite=Lax");
    expect(attributes).toContain("Path=/");
    expect(attributes.map((attribute) => attribute.toLowerCase())).not.toContain("secure");
    expect(attributes.some((attribute) => /^domain=/i.test(attribute))).toBe(false);
    const expires = Date.parse(attributes.find((attribute) => attribute.startsWith("Expires="))!.slice("Expires=".length));
    const DAY = 24 * 60 * 60 * 1000;
    expect(expires).toBeGreaterThan(before + 30 * DAY - 60_000);
    expect(expires).toBeLessThan(Date.now() + 30 * DAY + 60_000);
  });

  it("is a new token at every login, and each one is its own session", async () => {
    const user = await sharedMember();
    const first = await signInUser(user);
    const second = await signInUser(user);
    expect(first).not.toBe(second);
    expect(await isSignedIn(first)).toBe(true);
    expect(await isSignedIn(second)).toBe(true);
  });

  it("ignores a session token it never issued", async () => {
    expect(await isSignedIn("session=abcdefghijklmnopqrstuvwxyz234567")).toBe(false);
    expect(await isSignedIn("session=not-a-token")).toBe(false);
  });
});

describe("logout", () => {
  it("ends the session: the old cookie no longer signs in, the cookie is cleared, other sessions stay", async () => {
    const user = await sharedMember();
    const cookie = await signInUser(user);
    const otherDevice = await signInUser(user);
    expect(await isSignedIn(cookie)).toBe(true);

    const response = await postForm("/logout", {}, { cookie, headers: { Referer: url("/account-settings") } });
    expect(response.status).toBe(302);
    const cleared = response.headers.getSetCookie().find((value) => value.startsWith("session="))!;
    expect(cleared).toMatch(/^session=;/);
    expect(cleared).toContain("Max-Age=0");

    expect(await isSignedIn(cookie)).toBe(false);
    const home = await get("/home", { cookie });
    expect(home.status).toBe(302);
    expect(home.headers.get("Location")).toBe("/auth?redirectTo=%2Fhome");
    expect(await isSignedIn(otherDevice)).toBe(true);
  });

  it.each([
    [url("/account-settings?tab=security"), "/account-settings?tab=security"],
    // A page of this site whose path reads as another host (the 404 page of '//evil.example/x').
    [`${new URL(baseUrl()).origin}//evil.example/phish`, "/"],
    [`${new URL(baseUrl()).origin}/\\evil.example`, "/"],
    ["https://evil.example/account-settings", "/"],
    ["::::garbage", "/"],
    [null, "/"],
  ])("goes back to the page it was sent from (Referer %s), a path of this site only: %s", async (referer, target) => {
    const cookie = await signInUser(await sharedMember());
    const response = await postForm("/logout", {}, { cookie, headers: referer === null ? {} : { Referer: referer } });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(target);
    expect(await isSignedIn(cookie)).toBe(false);
  });
});

describe("guards", () => {
  it.each([
    ["/home", "/auth?redirectTo=%2Fhome"],
    ["/account-settings", "/auth?redirectTo=%2Faccount-settings"],
    ["/account-settings?tab=security", "/auth?redirectTo=%2Faccount-settings%3Ftab%3Dsecurity"],
  ])("sends a visitor from %s to %s", async (path, target) => {
    const response = await get(path);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(target);
    const stale = await get(path, { cookie: "session=abcdefghijklmnopqrstuvwxyz234567" });
    expect(stale.headers.get("Location")).toBe(target);
  });

  it("refuses a visitor's POST to account settings without doing anything", async () => {
    const response = await postForm("/account-settings", { intent: "profile", firstName: "Mallory", lastName: "X" });
    expect(response.status).toBe(302);
    // The names are kept for whoever logs in through that login (decision 0023); nothing is saved.
    expect(response.headers.get("Location")).toBe("/auth?redirectTo=%2Faccount-settings%23profile");
    const other = await postForm("/account-settings", { intent: "change-password", currentPassword: "x", newPassword: "y", confirmPassword: "y" });
    expect(other.headers.get("Location")).toBe("/auth?redirectTo=%2Faccount-settings");
  });

  it("carries redirectTo into the login form", async () => {
    const html = await responseText(await get("/auth?redirectTo=%2Faccount-settings"));
    expect(html).toContain('name="redirectTo" value="/account-settings"');
  });

  it("lets a member through", async () => {
    const user = await sharedMember();
    const cookie = await signInUser(user);
    const home = await get("/home", { cookie });
    expect(home.status).toBe(200);
    expect(await responseText(home)).toContain("Welcome Back, Morgan");
    expect((await get("/account-settings", { cookie })).status).toBe(200);
  });
});

describe("redirect after login", () => {
  it("honours same-site paths, with their query and hash", async () => {
    const user = await sharedMember();
    for (const target of ["/account-settings", "/account-settings?tab=security#security"]) {
      const response = await attemptLogin(user.email, user.password, {}, { redirectTo: target });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location"), target).toBe(target);
    }
  });

  it("refuses other sites and lands on /home instead", async () => {
    const user = await sharedMember();
    // More shapes are covered by the unit test of safeRedirectPath.
    for (const target of ["//evil.example", "https://evil.example", "/\\evil.example", "/.//evil.example/x"]) {
      const response = await attemptLogin(user.email, user.password, {}, { redirectTo: target });
      expect(response.status, target).toBe(302);
      expect(response.headers.get("Location"), JSON.stringify(target)).toBe("/home");
    }
  });

  it("sends a signed-in member away from /auth to a safe redirectTo only", async () => {
    const user = await sharedMember();
    const cookie = await signInUser(user);
    const safe = await get("/auth?redirectTo=%2Faccount-settings", { cookie });
    expect(safe.status).toBe(302);
    expect(safe.headers.get("Location")).toBe("/account-settings");
    for (const target of ["//evil.example", "https://evil.example", "/\\evil.example", "/.//evil.example/x"]) {
      const response = await get(`/auth?redirectTo=${encodeURIComponent(target)}`, { cookie });
      expect(response.headers.get("Location"), target).toBe("/home");
    }
  });
});

describe("login messages", () => {
  it("answers a wrong password and an unknown e-mail alike: 'Invalid login credentials'", async () => {
    const user = await sharedMember();
    const unknown = uniqueEmail("nobody");
    const wrongPassword = await attemptLogin(user.email, OTHER_PASSWORD);
    const unknownEmail = await attemptLogin(unknown, OTHER_PASSWORD);
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(sessionFrom(wrongPassword)).toBeUndefined();
    expect(sessionFrom(unknownEmail)).toBeUndefined();
    const wrongPage = await normalizedPage(wrongPassword, user.email);
    const unknownPage = await normalizedPage(unknownEmail, unknown);
    expect(wrongPage).toContain("Invalid login credentials");
    expect(wrongPage).not.toContain("Email not confirmed");
    expect(wrongPage).toBe(unknownPage);
  });

  it("tells an unconfirmed account 'Email not confirmed' only after the right password", async () => {
    const user = await registerUser("unconfirmed");
    const right = await attemptLogin(user.email, user.password);
    expect(right.status).toBe(403);
    expect(sessionFrom(right)).toBeUndefined();
    const html = await responseText(right);
    expect(html).toContain("Email not confirmed");
    expect(html).toContain("Resend confirmation email");

    const wrong = await attemptLogin(user.email, OTHER_PASSWORD, fromAddress(newClientAddress()));
    expect(wrong.status).toBe(401);
    const wrongHtml = await responseText(wrong);
    expect(wrongHtml).toContain("Invalid login credentials");
    expect(wrongHtml).not.toContain("Email not confirmed");
  });

  it("sends a fresh confirmation link on request, and the account logs in once confirmed", async () => {
    const user = await registerUser("resend");
    const firstLink = await linkFromOutbox(user.email, "/auth/confirm");
    const response = await postForm("/auth", { intent: "resend-confirmation", email: user.email }, { headers: fromAddress(user.address) });
    expect(response.status).toBe(200);
    expect(await responseText(response)).toContain("If the account is waiting for confirmation, a new link is on its way.");
    const secondLink = await linkFromOutbox(user.email, "/auth/confirm");
    expect(secondLink).not.toBe(firstLink);
    // The first link was replaced by the second.
    const stale = await get(new URL(firstLink).pathname + new URL(firstLink).search);
    expect(toastFrom(stale)?.title).toBe("Invalid confirmation link");
    const confirmed = await get(new URL(secondLink).pathname + new URL(secondLink).search);
    expect(confirmed.headers.get("Location")).toBe("/auth");
    expect(toastFrom(confirmed)?.title).toBe("Email confirmed");
    expect(await isSignedIn(await signInUser(user))).toBe(true);
    // A second click (or a mail scanner that opened the link first) is told the account is ready,
    // not that the link is invalid.
    const again = await get(new URL(secondLink).pathname + new URL(secondLink).search);
    expect(again.headers.get("Location")).toBe("/auth");
    expect(toastFrom(again)?.title).toBe("Email already confirmed");
    // The replaced link still says nothing about the account.
    expect(toastFrom(await get(new URL(firstLink).pathname + new URL(firstLink).search))?.title).toBe("Invalid confirmation link");
  });
});

describe("the login page", () => {
  it("says the login leads back when a page needing an account (or a session that ran out) sent the visitor there", async () => {
    const sent = await get("/account-settings");
    expect(sent.status).toBe(302);
    const location = sent.headers.get("Location")!;
    expect(location).toContain("redirectTo=");
    expect(await responseText(await get(location))).toContain("Log in to continue to the page you were on.");
    const plain = await responseText(await get("/auth"));
    expect(plain).toContain("Log in to your account.");
    expect(await responseText(await get("/auth?redirectTo=https%3A%2F%2Fevil.example"))).toContain("Log in to your account.");
  });

  it("logs in from an over-long address: the page without its query is the way back, and a return address too long for the form goes home", async () => {
    const sent = await get(`/account-settings?from=${"x".repeat(RETURN_ADDRESS_MAX)}`);
    expect(sent.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent("/account-settings")}`);
    const user = await createConfirmedUser("long-return");
    const login = await attemptLogin(user.email, user.password, fromAddress(newClientAddress()), { redirectTo: `/account-settings?from=${"x".repeat(RETURN_ADDRESS_MAX)}` });
    expect(login.status).toBe(302);
    expect(login.headers.get("Location")).toBe("/home");
  });
});

describe("login throttle", () => {
  it("refuses the 6th attempt on one account within 15 minutes, even with the right password and from elsewhere", async () => {
    const user = await createConfirmedUser("throttle");
    const bystander = await sharedMember();
    const address = newClientAddress();
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await attemptLogin(user.email, `Wrong#Guess${attempt}x`, fromAddress(address));
      expect(response.status, `attempt ${attempt}`).toBe(401);
      expect(await responseText(response)).toContain("Invalid login credentials");
    }
    const sixth = await attemptLogin(user.email, user.password, fromAddress(newClientAddress()));
    expect(sixth.status).toBe(429);
    expect(sessionFrom(sixth)).toBeUndefined();
    expect(await responseText(sixth)).toContain("Too many attempts. Please try again in 15 minutes.");
    // Same address, another account: only the attacked account is locked.
    const other = await attemptLogin(bystander.email, bystander.password, fromAddress(address));
    expect(other.status).toBe(302);
    expect(sessionFrom(other)).toBeDefined();
  });

  it("counts guesses sent at the same moment before checking any of them: 5 are checked, the rest refused", async () => {
    const user = await createConfirmedUser("burst");
    const address = newClientAddress();
    const responses = await Promise.all(Array.from({ length: 12 }, (_, guess) => attemptLogin(user.email, `Wrong#Guess${guess}x`, fromAddress(address))));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
    for (const response of responses) await response.body?.cancel();
    const right = await attemptLogin(user.email, user.password, fromAddress(newClientAddress()));
    expect(right.status).toBe(429);
  });

  it("a right password gives back its place in the address's count: a shared address keeps signing members in", async () => {
    const member = await createConfirmedUser("shared-address");
    const address = newClientAddress();
    for (let login = 1; login <= 32; login++) {
      const response = await attemptLogin(member.email, member.password, fromAddress(address));
      expect(response.status, `login ${login}`).toBe(302);
    }
  });

  it("an address used up by someone guessing at many accounts still signs in a browser that signed in to its account before", async () => {
    const member = await createConfirmedUser("known-device");
    const earlier = await attemptLogin(member.email, member.password, fromAddress(newClientAddress()));
    expect(earlier.status).toBe(302);
    const device = earlier.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .find((pair) => /^gp_device=[a-z2-7]{32}$/.test(pair))!;
    expect(earlier.headers.getSetCookie().find((cookie) => cookie.startsWith("gp_device="))).toMatch(/HttpOnly; SameSite=Lax; Path=\/; Max-Age=31536000$/);
    const address = newClientAddress();
    for (let guess = 1; guess <= 30; guess++) {
      const response = await attemptLogin(uniqueEmail("stuffed"), `Wrong#Guess${guess}x`, fromAddress(address));
      expect(response.status, `guess ${guess}`).toBe(401);
    }
    // The address is used up: a browser new to the account is refused, right password or not ...
    const stranger = await attemptLogin(member.email, member.password, fromAddress(address));
    expect(stranger.status).toBe(429);
    expect(sessionFrom(stranger)).toBeUndefined();
    // ... a cookie of another account's browser opens nothing ...
    const bystander = await createConfirmedUser("other-device");
    const otherDevice = (await attemptLogin(bystander.email, bystander.password, fromAddress(newClientAddress()))).headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .find((pair) => pair.startsWith("gp_device="))!;
    expect((await attemptLogin(member.email, member.password, { ...fromAddress(address), cookie: otherDevice })).status).toBe(429);
    // ... and the member's own browser signs in; its wrong passwords still count on the account.
    const own = await attemptLogin(member.email, member.password, { ...fromAddress(address), cookie: device });
    expect(own.status).toBe(302);
    expect(sessionFrom(own)).toBeDefined();
    for (let guess = 1; guess <= 5; guess++) expect((await attemptLogin(member.email, `Wrong#Guess${guess}x`, { ...fromAddress(address), cookie: device })).status).toBe(401);
    expect((await attemptLogin(member.email, member.password, { ...fromAddress(address), cookie: device })).status).toBe(429);
  });
});

describe("stored password hashes", () => {
  it("are argon2id at OWASP's parameters, never the password", async () => {
    const user = await sharedMember();
    const { passwordHash } = await storedMemberByEmail(user.email);
    expect(passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(passwordHash).not.toContain(user.password);
  });

  it("written by the scrypt version still sign in, and are replaced by argon2id at that login", async () => {
    const user = await createConfirmedUser("legacy-hash");
    const salt = randomBytes(16);
    const key = scryptSync(user.password, salt, 32, { N: 2 ** 14, r: 8, p: 5, maxmem: 64 * 1024 * 1024 });
    const legacy = ["scrypt", 2 ** 14, 8, 5, salt.toString("base64"), key.toString("base64")].join("$");
    await updateMember((await storedMemberByEmail(user.email)).id, { passwordHash: legacy });

    expect((await attemptLogin(user.email, "Wrong#Guess1x")).status).toBe(401);
    const response = await attemptLogin(user.email, user.password);
    expect(response.status).toBe(302);
    expect(sessionFrom(response)).toBeDefined();
    await expect
      .poll(async () => (await storedMemberByEmail(user.email)).passwordHash)
      .toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await attemptLogin(user.email, user.password)).status).toBe(302);
  });
});

describe("registration", () => {
  const invalid: [string, Record<string, string>, string][] = [];
  const base = () => ({ firstName: "Riley", lastName: "Tester", email: uniqueEmail("invalid"), password: TEST_PASSWORD });
  {
    const noTerms = registerForm(base());
    delete (noTerms as Partial<typeof noTerms>).acceptTerms;
    invalid.push(["terms not accepted", noTerms, "You must accept the Terms of Service and Privacy Policy."]);
    invalid.push(["terms not 'on'", registerForm(base(), { acceptTerms: "yes" }), "You must accept the Terms of Service and Privacy Policy."]);
    invalid.push(["short password", registerForm({ ...base(), password: "Xy9!wvu" }), "Password must be at least 8 characters long"]);
    invalid.push(["no uppercase", registerForm({ ...base(), password: "xy9!wvut" }), "Password must contain at least one uppercase letter"]);
    invalid.push(["no number", registerForm({ ...base(), password: "Xyz!wvut" }), "Password must contain at least one number"]);
    invalid.push(["no special", registerForm({ ...base(), password: "Xy9zwvut" }), "Password must contain at least one special character"]);
    invalid.push(["common pattern", registerForm({ ...base(), password: "Xy9!wvut123" }), "Password contains common patterns. Please choose a more random password"]);
    invalid.push(["257-character password", registerForm({ ...base(), password: "Xy9!wvut" + "m".repeat(249) }), "Password must be at most 256 characters long"]);
    invalid.push(["1 MB password", registerForm({ ...base(), password: "Xy9!wvut" + "m".repeat(1024 * 1024) }), "Password must be at most 256 characters long"]);
    invalid.push(["10 KB first name", registerForm({ ...base(), firstName: "R".repeat(10 * 1024) }), "First name must be at most 100 characters"]);
    invalid.push(["10 KB last name", registerForm({ ...base(), lastName: "T".repeat(10 * 1024) }), "Last name must be at most 100 characters"]);
    invalid.push(["blank first name", registerForm({ ...base(), firstName: "   " }), "First name is required"]);
    invalid.push(["blank last name", registerForm({ ...base(), lastName: "" }), "Last name is required"]);
    invalid.push(["malformed e-mail", registerForm({ ...base(), email: "not-an-email" }), "Please enter a valid email address"]);
  }

  it("a refused registration comes back with the names, the e-mail and the ticked terms box (without JavaScript too)", async () => {
    const form = registerForm({ ...base(), password: "Xy9!wvu" });
    const response = await postForm("/auth", form, { headers: fromAddress(newClientAddress()) });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(`value="${form.email}"`);
    expect(html).toMatch(/<input type="checkbox"[^>]*name="acceptTerms"[^>]*checked=""/);
  });

  it("refuses invalid submissions with a 4xx answer and the rule's message, and creates nothing", async () => {
    const address = newClientAddress();
    for (const [label, form, message] of invalid) {
      const response = await postForm("/auth", form, { headers: fromAddress(address) });
      expect(response.status, label).toBeGreaterThanOrEqual(400);
      expect(response.status, label).toBeLessThan(500);
      const html = await responseText(response);
      expect(html, label).toContain(message);
      expect(html, label).not.toContain("Registration successful!");
    }
    const emails = invalid.map(([, form]) => form.email);
    for (const email of emails) expect(await messagesTo(email), email).toEqual([]);
    const { db } = await testState();
    const rows = await db.select({ email: users.email }).from(users).where(inArray(users.email, emails));
    expect(rows).toEqual([]);
  });

  it("answers an already registered e-mail exactly like a new one, and leaves the account as it was", async () => {
    const existing = await createConfirmedUser("existing", { firstName: "Original" });
    const fresh = uniqueEmail("fresh");
    const again = await postForm(
      "/auth",
      registerForm({ email: existing.email, password: OTHER_PASSWORD, firstName: "Impostor", lastName: "X" }),
      { headers: fromAddress(newClientAddress()) },
    );
    const brandNew = await postForm(
      "/auth",
      registerForm({ email: fresh, password: OTHER_PASSWORD, firstName: "Impostor", lastName: "X" }),
      { headers: fromAddress(newClientAddress()) },
    );
    expect(again.status).toBe(brandNew.status);
    expect(again.status).toBe(200);
    expect(await normalizedPage(again, existing.email)).toBe(await normalizedPage(brandNew, fresh));

    // The owner is told by e-mail; no confirmation link, no change to the account.
    const [note] = await messagesTo(existing.email);
    expect(note.subject).toBe("Your Gridiron Playbook account");
    expect(note.links.some((link) => link.includes("/auth/confirm"))).toBe(false);
    const cookie = await signInUser(existing);
    expect(await responseText(await get("/home", { cookie }))).toContain("Welcome Back, Original");
    const impostor = await attemptLogin(existing.email, OTHER_PASSWORD, fromAddress(newClientAddress()));
    expect(impostor.status).toBe(401);
  });

  /** Opens the newest confirmation link; a contested sign-up leads on to choosing the password, done with `password`. */
  async function confirmAndChoose(email: string, password: string) {
    const confirmed = await get(pathOf(await linkFromOutbox(email, "/auth/confirm")));
    expect(toastFrom(confirmed)).toMatchObject({
      title: "Email confirmed",
      description: "This address was signed up more than once before it was confirmed, so no password was kept. Choose your password to finish.",
    });
    const location = new URL(confirmed.headers.get("Location")!, baseUrl());
    expect(location.pathname).toBe("/reset-password");
    const token = location.searchParams.get("token")!;
    expect(await responseText(await get(`${location.pathname}${location.search}`))).toContain("Confirm new password");
    const chosen = await postForm(`/reset-password?token=${token}`, { token, password, confirmPassword: password });
    expect(chosen.status).toBe(200);
  }

  it("lets nobody into an account before its owner when someone signed the address up first: neither password is kept, the owner chooses one on confirming", async () => {
    // Someone registers the owner's address first, with a password of their own, and never confirms.
    const squatter = await registerUser("prehijack", { firstName: "Mallory", password: OTHER_PASSWORD });
    const owner = await registerUser("prehijack", { email: squatter.email, firstName: "Alice" });
    const [newest] = await messagesTo(owner.email);
    // The mail names nobody: what a sign-up form says is not put in a mail to someone else's address.
    expect(newest.text).toContain("Welcome to Gridiron Playbook!");
    expect(newest.text).not.toContain("Alice");
    expect((await attemptLogin(owner.email, owner.password, fromAddress(newClientAddress()))).status).toBe(401);
    await confirmAndChoose(owner.email, "Owner#Chose91Pass");
    expect((await attemptLogin(owner.email, "Owner#Chose91Pass", fromAddress(newClientAddress()))).status).toBe(302);
    expect((await attemptLogin(owner.email, owner.password, fromAddress(newClientAddress()))).status).toBe(401);
    expect((await attemptLogin(owner.email, squatter.password, fromAddress(newClientAddress()))).status).toBe(401);
    expect((await storedMemberByEmail(owner.email)).firstName).toBe("Alice");
  });

  it("lets nobody in when someone signs the address up after its owner: the owner's newest link asks them for the password, the other's never works", async () => {
    const owner = await registerUser("prehijack-last", { firstName: "Alice" });
    const squatter = await registerUser("prehijack-last", { email: owner.email, firstName: "Mallory", password: OTHER_PASSWORD });
    // The newest link (the other's sign-up sent it, to the owner's mailbox) confirms, and its opener chooses.
    await confirmAndChoose(owner.email, "Owner#Chose92Pass");
    expect((await attemptLogin(owner.email, squatter.password, fromAddress(newClientAddress()))).status).toBe(401);
    expect((await attemptLogin(owner.email, owner.password, fromAddress(newClientAddress()))).status).toBe(401);
    expect((await attemptLogin(owner.email, "Owner#Chose92Pass", fromAddress(newClientAddress()))).status).toBe(302);
    // Opened again once a password is chosen, the link only says so.
    const again = await get(pathOf(await linkFromOutbox(owner.email, "/auth/confirm")));
    expect(toastFrom(again)?.title).toBe("Email already confirmed");
  });

  it("keeps the password when the same sign-up is sent twice (a double tap without JavaScript)", async () => {
    const user = await registerUser("signup-twice", { firstName: "Casey" });
    await registerUser("signup-twice", { email: user.email, firstName: "Casey", password: user.password });
    expect(toastFrom(await get(pathOf(await linkFromOutbox(user.email, "/auth/confirm"))))?.title).toBe("Email confirmed");
    expect((await attemptLogin(user.email, user.password, fromAddress(newClientAddress()))).status).toBe(302);
  });

  it("still keeps nobody's password when the mail limit holds back the owner's link: a fresh link lets the owner choose", async () => {
    // The first registrant signs up four times: the first mail and three more, the hour's limit.
    const squatter = await registerUser("prehijack-limit", { firstName: "Mallory", password: OTHER_PASSWORD });
    for (let attempt = 1; attempt <= 3; attempt++) await registerUser("prehijack-limit", { email: squatter.email, firstName: "Mallory", password: OTHER_PASSWORD });
    const mailed = (await messagesTo(squatter.email)).length;
    const owner = await registerUser("prehijack-limit", { email: squatter.email, firstName: "Alice" });
    expect((await messagesTo(owner.email)).length).toBe(mailed);
    // Every link mailed so far is void; the owner asks for a fresh one.
    const old = await linkFromOutbox(owner.email, "/auth/confirm");
    expect(toastFrom(await get(pathOf(old)))?.title).toBe("Invalid confirmation link");
    expect((await postForm("/auth", { intent: "resend-confirmation", email: owner.email }, { headers: fromAddress(owner.address) })).status).toBe(200);
    await confirmAndChoose(owner.email, "Owner#Chose93Pass");
    expect((await attemptLogin(owner.email, "Owner#Chose93Pass", fromAddress(newClientAddress()))).status).toBe(302);
    expect((await attemptLogin(owner.email, squatter.password, fromAddress(newClientAddress()))).status).toBe(401);
  });

  it("sends at most three e-mails an hour to an address registered again, from however many network addresses", async () => {
    const existing = await createConfirmedUser("mailcap");
    const before = (await messagesTo(existing.email)).length;
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await postForm("/auth", registerForm({ email: existing.email, password: OTHER_PASSWORD, firstName: "Flood", lastName: "X" }), {
        headers: fromAddress(newClientAddress()),
      });
      expect(response.status, `attempt ${attempt}`).toBe(200);
      expect(await responseText(response)).toContain("Registration successful! Check your email for confirmation.");
    }
    expect((await messagesTo(existing.email)).length - before).toBe(3);
  });

  it("takes about as long for an already registered e-mail as for a new one (no timing hint)", async () => {
    // Login spends a decoy hash on unknown e-mails for this reason; registration must not reveal
    // the opposite (an existing account) by skipping the password hash.
    const existing = await sharedMember();
    async function timed(email: string) {
      const started = performance.now();
      const response = await postForm("/auth", registerForm({ email, password: TEST_PASSWORD, firstName: "T", lastName: "Iming" }), {
        headers: fromAddress(newClientAddress()),
      });
      await response.text();
      expect(response.status).toBe(200);
      return performance.now() - started;
    }
    const forNew: number[] = [];
    const forExisting: number[] = [];
    for (let sample = 0; sample < 4; sample++) {
      forNew.push(await timed(uniqueEmail("timing")));
      forExisting.push(await timed(existing.email));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    expect(
      median(forExisting),
      `median ms for an existing e-mail ${forExisting.map(Math.round)} vs a new one ${forNew.map(Math.round)}`,
    ).toBeGreaterThan(median(forNew) * 0.5);
  });

  it("trims and lowercases e-mail addresses", async () => {
    const email = uniqueEmail("mixedcase");
    const typed = `  ${email.replace("mixedcase", "MiXeDCase").toUpperCase().replace("@EXAMPLE.COM", "@Example.COM")}  `;
    const address = newClientAddress();
    const response = await postForm("/auth", registerForm({ email: typed, password: TEST_PASSWORD, firstName: "Casey", lastName: "Case" }), {
      headers: fromAddress(address),
    });
    expect(response.status).toBe(200);
    const link = await linkFromOutbox(email, "/auth/confirm");
    await get(new URL(link).pathname + new URL(link).search);

    const login = await attemptLogin(`\t${email.toUpperCase()} `, TEST_PASSWORD);
    expect(login.status).toBe(302);
    expect(sessionFrom(login)).toBeDefined();

    // The same address in other letters is the same account: no second registration.
    const duplicate = await postForm("/auth", registerForm({ email: email.toUpperCase(), password: OTHER_PASSWORD, firstName: "Dup", lastName: "Licate" }), {
      headers: fromAddress(newClientAddress()),
    });
    expect(duplicate.status).toBe(200);
    const [newest] = await messagesTo(email);
    expect(newest.subject).toBe("Your Gridiron Playbook account");
  });

  it("signs the new member up unconfirmed, with a confirmation link valid for 24 hours", async () => {
    const user = await registerUser("fresh-signup", { firstName: "Jamie" });
    const [message] = await messagesTo(user.email);
    expect(message.subject).toBe("Confirm your Gridiron Playbook account");
    expect(message.text).toContain("Welcome to Gridiron Playbook!");
    expect(message.text).toContain("24 hours");
    const link = message.links.find((candidate) => candidate.includes("/auth/confirm?token="))!;
    expect(new URL(link).searchParams.get("token")).toMatch(/^[a-z2-7]{32}$/);
  });

  it("refuses a confirmation link past its 24 hours while the account waits, and leaves it unconfirmed", async () => {
    const user = await registerUser("late-confirm");
    const link = await linkFromOutbox(user.email, "/auth/confirm");
    const { db } = await testState();
    const [stored] = await db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
    await db.update(authTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(authTokens.userId, stored.id));
    const late = await get(new URL(link).pathname + new URL(link).search);
    expect(toastFrom(late)?.title).toBe("Invalid confirmation link");
    const [after] = await db.select({ confirmedAt: users.emailConfirmedAt }).from(users).where(eq(users.id, stored.id));
    expect(after.confirmedAt).toBeNull();
  });

  it("brings a member who registered on the way to a page back to it after confirming and logging in", async () => {
    const back = "/subscribe?plan=yearly&promo=GRIDIRON10";
    const user = { email: uniqueEmail("way-back"), password: TEST_PASSWORD, firstName: "Wren", lastName: "Back" };
    const response = await postForm("/auth", registerForm(user, { redirectTo: back }), { headers: fromAddress(newClientAddress()) });
    expect(response.status).toBe(200);
    const link = await linkFromOutbox(user.email, "/auth/confirm");
    expect(new URL(link).searchParams.get("next")).toBe(back);
    const confirmed = await get(new URL(link).pathname + new URL(link).search);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent(back)}`);
    const login = await attemptLogin(user.email, TEST_PASSWORD, {}, { redirectTo: back });
    expect(login.headers.get("Location")).toBe(back);

    // Only a path on this site travels in the link.
    const elsewhere = { ...user, email: uniqueEmail("way-out") };
    await postForm("/auth", registerForm(elsewhere, { redirectTo: "https://evil.example/x" }), { headers: fromAddress(newClientAddress()) });
    const plainLink = await linkFromOutbox(elsewhere.email, "/auth/confirm");
    expect(new URL(plainLink).searchParams.has("next")).toBe(false);
    const forged = await get(`${new URL(plainLink).pathname}${new URL(plainLink).search}&next=${encodeURIComponent("//evil.example")}`);
    expect(forged.headers.get("Location")).toBe("/auth");
  });

  it("limits registrations to 5 an hour from one address", async () => {
    const address = newClientAddress();
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await postForm("/auth", registerForm({ email: uniqueEmail("burst"), password: TEST_PASSWORD, firstName: "B", lastName: "Urst" }), {
        headers: fromAddress(address),
      });
      expect(response.status, `registration ${attempt}`).toBe(200);
    }
    const email = uniqueEmail("burst");
    const sixth = await postForm("/auth", registerForm({ email, password: TEST_PASSWORD, firstName: "B", lastName: "Urst" }), {
      headers: fromAddress(address),
    });
    expect(sixth.status).toBe(429);
    expect(await responseText(sixth)).toMatch(/Too many attempts\. Please try again in \d+ minutes?\./);
    expect(await messagesTo(email)).toEqual([]);
  });
});

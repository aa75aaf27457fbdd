import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { inject } from "vitest";
import { discordLinks, oauthAccounts, users } from "../../db/schema";
import {
  attemptLogin,
  createConfirmedUser,
  fromAddress,
  isSignedIn,
  messagesTo,
  newClientAddress,
  OTHER_PASSWORD,
  registerUser,
  sessionFrom,
  toastFrom,
  uniqueEmail,
} from "../support/accounts";
import { FAKE_OAUTH_CLIENTS, withTestProfile, type DiscordProfile, type GoogleProfile } from "../support/fake-oauth";
import { responseText } from "../support/html";
import { baseUrl, get } from "../support/http";
import { testState } from "../support/test-state";

type Provider = "discord" | "google";

function oauthUrl() {
  const value = inject("oauthUrl");
  if (!value) throw new Error("No fake OAuth provider: run through npm test or let the global setup start the server.");
  return value;
}

/** Cookie pairs (name=value) of a response, including those set to empty values. */
function cookieMap(response: Response) {
  return Object.fromEntries(
    response.headers.getSetCookie().map((cookie) => {
      const [pair] = cookie.split(";");
      const index = pair.indexOf("=");
      return [pair.slice(0, index), { value: pair.slice(index + 1), attributes: cookie }];
    }),
  );
}

async function start(provider: Provider, redirectTo?: string) {
  const response = await get(`/auth/oauth/${provider}${redirectTo === undefined ? "" : `?redirectTo=${encodeURIComponent(redirectTo)}`}`);
  expect(response.status).toBe(302);
  const cookies = cookieMap(response);
  const cookie = `oauth_state=${cookies.oauth_state.value}; oauth_verifier=${cookies.oauth_verifier.value}; oauth_return=${cookies.oauth_return.value}`;
  return { response, location: response.headers.get("Location")!, cookies, cookie };
}

/** The whole round trip: start here (from a login page that asked to go back to `redirectTo`), pick the account at the (fake) provider, come back. */
async function signInWith(provider: Provider, profile: GoogleProfile | DiscordProfile, options: { redirectTo?: string; browserCookie?: string } = {}) {
  const started = await start(provider, options.redirectTo);
  const consent = await fetch(withTestProfile(started.location, profile), { redirect: "manual" });
  expect(consent.status).toBe(302);
  const callback = new URL(consent.headers.get("Location")!);
  expect(callback.origin).toBe(new URL(baseUrl()).origin);
  const cookie = options.browserCookie ? `${started.cookie}; ${options.browserCookie}` : started.cookie;
  const response = await get(callback.pathname + callback.search, { cookie });
  return { response, callbackPath: callback.pathname + callback.search, cookie: started.cookie };
}

function googleProfile(overrides: Partial<GoogleProfile> = {}): GoogleProfile {
  return {
    sub: randomBytes(10).toString("hex"),
    email: uniqueEmail("google"),
    email_verified: true,
    given_name: "Gale",
    family_name: "Sayers",
    ...overrides,
  };
}

function discordProfile(overrides: Partial<DiscordProfile> = {}): DiscordProfile {
  return {
    id: String(BigInt("0x" + randomBytes(7).toString("hex"))),
    username: "walterp",
    global_name: "Walter",
    email: uniqueEmail("discord"),
    verified: true,
    ...overrides,
  };
}

function expectSignedIn(response: Response) {
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/home");
  expect(toastFrom(response)?.title).toBe("Login successful! Redirecting...");
  const session = sessionFrom(response);
  expect(session).toBeDefined();
  return session!;
}

function expectRefused(response: Response, description: string) {
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/auth");
  expect(sessionFrom(response)).toBeUndefined();
  expect(toastFrom(response)).toEqual({ kind: "error", title: "Sign-in failed", description });
}

async function accountsWithEmail(email: string) {
  const { db } = await testState();
  const rows = await db.select().from(users).where(eq(users.email, email));
  return rows.map((row) => ({
    id: row.id,
    role: row.role,
    subscriptionTier: row.subscriptionTier,
    firstName: row.firstName,
    lastName: row.lastName,
    confirmed: row.emailConfirmedAt !== null,
    hasPassword: row.passwordHash !== null,
  }));
}

async function linksOf(userId: string) {
  const { db } = await testState();
  return db
    .select({ provider: oauthAccounts.provider, providerUserId: oauthAccounts.providerUserId })
    .from(oauthAccounts)
    .where(eq(oauthAccounts.userId, userId))
    .orderBy(oauthAccounts.provider);
}

describe("sign-in buttons", () => {
  it("shows 'Sign in with Discord' and 'Sign in with Google' on login and register, not on forgot-password", async () => {
    for (const path of ["/auth", "/auth?mode=register"]) {
      const html = await responseText(await get(path));
      expect(html, path).toContain('href="/auth/oauth/discord"');
      expect(html, path).toContain("Sign in with Discord");
      expect(html, path).toContain('href="/auth/oauth/google"');
      expect(html, path).toContain("Sign in with Google");
    }
    expect(await responseText(await get("/auth?mode=forgot"))).not.toContain("Sign in with");
  });

  it("answers 404 for a provider it does not know, with the site's 404 page", async () => {
    for (const path of ["/auth/oauth/github", "/auth/oauth/github/callback?code=x&state=y"]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("Content-Type"), path).toMatch(/^text\/html/);
      expect(await response.text(), path).toContain("404 Page Not Found");
    }
  });
});

describe("starting the sign-in", () => {
  it.each([
    ["google", "accounts.google.com/o/oauth2/v2/auth", "openid email profile"],
    ["discord", "discord.com/oauth2/authorize", "identify email"],
  ] as const)("%s: sets the state and verifier cookies and redirects to the authorize URL with PKCE (S256)", async (provider, path, scope) => {
    const { location, cookies } = await start(provider);
    const authorize = new URL(location);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${new URL(oauthUrl()).origin}/${path}`);
    const params = authorize.searchParams;
    expect(params.get("response_type")).toBe("code");
    expect(params.get("client_id")).toBe(FAKE_OAUTH_CLIENTS[provider].id);
    expect(params.get("redirect_uri")).toBe(`${baseUrl()}/auth/oauth/${provider}/callback`);
    expect(params.get("scope")).toBe(scope);
    expect(params.get("code_challenge_method")).toBe("S256");
    if (provider === "google") expect(params.get("prompt")).toBe("select_account");
    expect(location).not.toContain(FAKE_OAUTH_CLIENTS[provider].secret);

    const state = cookies.oauth_state;
    const verifier = cookies.oauth_verifier;
    expect(params.get("state")).toBe(state.value);
    expect(state.value.length).toBeGreaterThanOrEqual(20);
    // PKCE: the challenge is the SHA-256 of the verifier kept in the cookie; the verifier never leaves.
    expect(params.get("code_challenge")).toBe(createHash("sha256").update(verifier.value).digest("base64url"));
    expect(location).not.toContain(verifier.value);
    for (const cookie of [state, verifier]) {
      const attributes = cookie.attributes.split(";").map((part) => part.trim());
      expect(attributes).toContain("HttpOnly");
      expect(attributes).toContain("SameSite=Lax");
      expect(attributes).toContain("Path=/auth/oauth");
      expect(attributes).toContain("Max-Age=600");
      expect(attributes.map((attribute) => attribute.toLowerCase())).not.toContain("secure");
    }
    // A new state and verifier every time.
    const again = await start(provider);
    expect(again.cookies.oauth_state.value).not.toBe(state.value);
    expect(again.cookies.oauth_verifier.value).not.toBe(verifier.value);
  });
});

describe("the callback", () => {
  const expired = "The sign-in attempt expired or was not started here. Please try again.";

  it("refuses a wrong state, a missing state cookie and a missing code, and clears the attempt's cookies", async () => {
    const started = await start("google");
    const consent = await fetch(withTestProfile(started.location, googleProfile()), { redirect: "manual" });
    const callback = new URL(consent.headers.get("Location")!);
    const code = callback.searchParams.get("code")!;
    const state = callback.searchParams.get("state")!;

    const forged = await get(`/auth/oauth/google/callback?code=${code}&state=${state.slice(0, -2)}xy`, { cookie: started.cookie });
    expectRefused(forged, expired);
    const cleared = cookieMap(forged);
    expect(cleared.oauth_state.attributes).toContain("Max-Age=0");
    expect(cleared.oauth_verifier.attributes).toContain("Max-Age=0");

    expectRefused(await get(`/auth/oauth/google/callback?code=${code}&state=${state}`), expired);
    expectRefused(
      await get(`/auth/oauth/google/callback?code=${code}&state=${state}`, { cookie: `oauth_state=${state}` }),
      expired,
    );
    expectRefused(await get(`/auth/oauth/google/callback?state=${state}`, { cookie: started.cookie }), expired);

    // The untouched callback still works: the refusals above did not spend anything.
    expectSignedIn(await get(callback.pathname + callback.search, { cookie: started.cookie }));
  });

  it("exchanges the code only once: a replayed callback is refused by the provider", async () => {
    const first = await signInWith("google", googleProfile());
    expectSignedIn(first.response);
    const replay = await get(first.callbackPath, { cookie: first.cookie });
    expectRefused(replay, "Google sign-in failed. Please try again.");
  });
});

describe("accounts from Discord and Google", () => {
  it("creates a free member (role user) for a new verified Google e-mail and signs in", async () => {
    const profile = googleProfile({ email: uniqueEmail("google-new"), given_name: "Gale", family_name: "Sayers" });
    const { response } = await signInWith("google", profile);
    const session = expectSignedIn(response);

    expect(await responseText(await get("/home", { cookie: session }))).toContain("Welcome Back, Gale");
    const settings = await responseText(await get("/account-settings", { cookie: session }));
    expect(settings).toContain(`value="${profile.email}"`);
    expect(settings).toContain("Free Tier");
    expect(settings).toContain("Upgrade to Premium");
    expect(settings).toContain("You sign in with Discord or Google");
    expect(settings).not.toContain('href="/admin"');

    const [account, ...others] = await accountsWithEmail(profile.email);
    expect(others).toEqual([]);
    expect(account).toMatchObject({ role: "user", subscriptionTier: "free", firstName: "Gale", lastName: "Sayers", confirmed: true, hasPassword: false });
    expect(await linksOf(account.id)).toEqual([{ provider: "google", providerUserId: profile.sub }]);

    // Signing in again with the same Google account finds the same member.
    const again = expectSignedIn((await signInWith("google", profile)).response);
    expect(await responseText(await get("/home", { cookie: again }))).toContain("Welcome Back, Gale");
    expect(await accountsWithEmail(profile.email)).toHaveLength(1);
  });

  it("goes back to the page the login asked for (a plan and its code), never off the site, and hands back a form kept when the session ended", async () => {
    const back = await signInWith("google", googleProfile(), { redirectTo: "/subscribe?plan=yearly&promo=GRIDIRON10" });
    expect(back.response.headers.get("Location")).toBe("/subscribe?plan=yearly&promo=GRIDIRON10");
    expect(back.response.headers.getSetCookie().some((cookie) => /^oauth_return=; .*Max-Age=0/.test(cookie))).toBe(true);
    for (const outside of ["//evil.example/home", "https://evil.example/", "/\\evil.example"]) {
      expect((await signInWith("google", googleProfile(), { redirectTo: outside })).response.headers.get("Location"), outside).toBe("/home");
    }

    // A Google-only member's tip, sent after their session ended, is theirs again after signing in.
    const profile = googleProfile();
    expectSignedIn((await signInWith("google", profile)).response);
    const words = `Tip kept through Google ${randomBytes(4).toString("hex")}`;
    const sent = await fetch(new URL("/submit-tip", baseUrl()), {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl(), "Sec-Fetch-Site": "same-origin" },
      body: new URLSearchParams({ formationName: "Gun Bunch", playName: "Mesh", playbook: "Chiefs", gameType: "madden", tipDescription: words }),
    });
    expect(sent.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent("/submit-tip")}`);
    const browserCookie = sent.headers.getSetCookie().find((cookie) => cookie.startsWith("gp_kept_form="))!.split(";")[0];
    const signedIn = await signInWith("google", profile, { redirectTo: "/submit-tip", browserCookie });
    expect(signedIn.response.headers.get("Location")).toBe("/submit-tip");
    const session = sessionFrom(signedIn.response)!;
    expect(await responseText(await get("/submit-tip", { cookie: `${session}; ${browserCookie}` }))).toContain(words);
  });

  it("creates a member for a new verified Discord e-mail, named by the Discord display name", async () => {
    const profile = discordProfile({ email: uniqueEmail("discord-new").toUpperCase(), global_name: "Walter" });
    const session = expectSignedIn((await signInWith("discord", profile)).response);
    expect(await responseText(await get("/home", { cookie: session }))).toContain("Welcome Back, Walter");
    const [account, ...others] = await accountsWithEmail(profile.email!.toLowerCase());
    expect(others).toEqual([]);
    expect(account).toMatchObject({ role: "user", subscriptionTier: "free", firstName: "Walter", confirmed: true });
    expect(await linksOf(account.id)).toEqual([{ provider: "discord", providerUserId: profile.id }]);
  });

  it("links an existing account with the same verified e-mail instead of creating a second one", async () => {
    const user = await createConfirmedUser("oauth-link", { firstName: "Riley" });
    const google = googleProfile({ email: user.email, given_name: "Someone", family_name: "Else" });
    const discord = discordProfile({ email: user.email.toUpperCase(), global_name: "Riles" });

    const viaGoogle = expectSignedIn((await signInWith("google", google)).response);
    expect(await responseText(await get("/home", { cookie: viaGoogle }))).toContain("Welcome Back, Riley");
    const viaDiscord = expectSignedIn((await signInWith("discord", discord)).response);
    expect(await responseText(await get("/home", { cookie: viaDiscord }))).toContain("Welcome Back, Riley");
    // Still the password account: the password works and the settings offer a password change.
    expect(await responseText(await get("/account-settings", { cookie: viaDiscord }))).toContain("Change Password");
    const login = await attemptLogin(user.email, user.password);
    expect(login.status).toBe(302);

    const accounts = await accountsWithEmail(user.email);
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ firstName: "Riley", hasPassword: true });
    expect(await linksOf(accounts[0].id)).toEqual([
      { provider: "discord", providerUserId: discord.id },
      { provider: "google", providerUserId: google.sub },
    ]);
    // The owner is told of each new way into the account, once.
    const notices = async () => (await messagesTo(user.email)).filter((message) => message.subject.includes("sign-in added"));
    await expect
      .poll(async () => (await notices()).map((message) => message.subject).sort())
      .toEqual(["Discord sign-in added to your Gridiron Playbook account", "Google sign-in added to your Gridiron Playbook account"]);
    expect((await notices())[0].text).toContain("If it was not, reset your password and reply to this e-mail");
    expectSignedIn((await signInWith("discord", discord)).response);
    expect(await notices()).toHaveLength(2);
  });

  it("does not add a provider's sign-in to a staff account: its owner logs in with the password", async () => {
    const { db } = await testState();
    const staff = await createConfirmedUser("oauth-staff");
    await db.update(users).set({ role: "admin" }).where(eq(users.email, staff.email));
    const discord = discordProfile({ email: staff.email });
    expectRefused((await signInWith("discord", discord)).response, "This e-mail belongs to a staff account: log in with its password. Discord sign-in is not added to staff accounts.");
    const [account] = await accountsWithEmail(staff.email);
    expect(await linksOf(account.id)).toEqual([]);
    expect((await attemptLogin(staff.email, staff.password, fromAddress(newClientAddress()))).status).toBe(302);
  });

  it("does not sign in with a Discord account linked to another account for the members' role, nor open a new one with it", async () => {
    const { db } = await testState();
    const owner = await createConfirmedUser("oauth-role-link");
    const discord = discordProfile();
    await db.insert(discordLinks).values({ userId: (await accountsWithEmail(owner.email))[0].id, discordUserId: discord.id, discordUsername: "walterp", linkedAt: new Date() });
    expectRefused(
      (await signInWith("discord", discord)).response,
      "This Discord account is linked to another account for the members' role: log in to that account, or disconnect Discord there first.",
    );
    expect(await accountsWithEmail(discord.email!)).toEqual([]);
    // The account it is linked to signs in with it (its e-mail is the same).
    expectSignedIn((await signInWith("discord", { ...discord, email: owner.email })).response);
  });

  it("refuses an unverified e-mail: no account, no link, no session", async () => {
    const google = googleProfile({ email: uniqueEmail("google-unverified"), email_verified: false });
    expectRefused((await signInWith("google", google)).response, "Your Google account has no verified e-mail address.");
    const discord = discordProfile({ email: uniqueEmail("discord-unverified"), verified: false });
    expectRefused((await signInWith("discord", discord)).response, "Your Discord account has no verified e-mail address.");
    const noEmail = discordProfile({ email: undefined });
    expectRefused((await signInWith("discord", noEmail)).response, "Your Discord account has no verified e-mail address.");
    // Refused, the login page it goes back to still leads on to where the sign-in started.
    const fromPost = await signInWith("google", googleProfile({ email: uniqueEmail("google-unverified-post"), email_verified: false }), { redirectTo: "/blog/welcome-to-the-playbook-lab" });
    expect(fromPost.response.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent("/blog/welcome-to-the-playbook-lab")}`);
    expect(toastFrom(fromPost.response)?.title).toBe("Sign-in failed");

    // An unverified address that matches an existing member must not sign into that account either.
    const member = await createConfirmedUser("oauth-unverified-existing");
    const hijack = googleProfile({ email: member.email, email_verified: false });
    expectRefused((await signInWith("google", hijack)).response, "Your Google account has no verified e-mail address.");

    expect(await accountsWithEmail(google.email)).toEqual([]);
    expect(await accountsWithEmail(discord.email!)).toEqual([]);
    const [existing] = await accountsWithEmail(member.email);
    expect(await linksOf(existing.id)).toEqual([]);
  });

  it("does not let a stranger's password into the account when Google vouches for an unconfirmed registration", async () => {
    // Someone registers the victim's address with their own password and never confirms it; the
    // real owner later signs in with Google. The stranger's password must not open the account.
    const stranger = await registerUser("prehijack", { password: OTHER_PASSWORD, firstName: "Mallory" });
    const owner = googleProfile({ email: stranger.email, given_name: "Owner" });
    const ownerSession = expectSignedIn((await signInWith("google", owner)).response);
    expect(await isSignedIn(ownerSession)).toBe(true);

    const strangerLogin = await attemptLogin(stranger.email, OTHER_PASSWORD, fromAddress(newClientAddress()));
    expect(sessionFrom(strangerLogin)).toBeUndefined();
    expect(strangerLogin.status).not.toBe(302);
  });
});

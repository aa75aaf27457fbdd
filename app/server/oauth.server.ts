import { CodeChallengeMethod, decodeIdToken, generateCodeVerifier, generateState, OAuth2Client } from "arctic";
import { and, eq } from "drizzle-orm";
import { discordLinks, oauthAccounts, users } from "../../db/schema.ts";
import { isStaff } from "../lib/access.ts";
import type { AppContext } from "./context.server.ts";
import { renderEmail, sendEmail } from "./email.server.ts";
import { safeRedirectPath } from "../lib/schemas/auth.ts";
import { readCookie } from "./http.server.ts";

// Sign in with Discord or Google through arctic's OAuth 2 client (authorization code + PKCE).
// The provider endpoints can be pointed elsewhere with OAUTH_ENDPOINT_OVERRIDE, which the tests
// use to fake the providers at the network edge.

export type OAuthProvider = "discord" | "google";

type ProviderConfig = {
  label: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  scopes: string[];
  clientId: (env: Env) => string | undefined;
  clientSecret: (env: Env) => string | undefined;
};

export const PROVIDERS: Record<OAuthProvider, ProviderConfig> = {
  discord: {
    label: "Discord",
    authorizationEndpoint: "https://discord.com/oauth2/authorize",
    tokenEndpoint: "https://discord.com/api/oauth2/token",
    scopes: ["identify", "email"],
    clientId: (env) => env.DISCORD_CLIENT_ID,
    clientSecret: (env) => env.DISCORD_CLIENT_SECRET,
  },
  google: {
    label: "Google",
    authorizationEndpoint: "https://accounts.google.com/o/oauth2/v2/auth",
    tokenEndpoint: "https://oauth2.googleapis.com/token",
    scopes: ["openid", "email", "profile"],
    clientId: (env) => env.GOOGLE_CLIENT_ID,
    clientSecret: (env) => env.GOOGLE_CLIENT_SECRET,
  },
};

const DISCORD_USER_ENDPOINT = "https://discord.com/api/users/@me";
const STATE_COOKIE = "oauth_state";
const VERIFIER_COOKIE = "oauth_verifier";
/** Where the sign-in goes back to (the login page's redirectTo), kept across the provider's pages. */
const RETURN_COOKIE = "oauth_return";
const COOKIE_MAX_AGE = 600;

/** A provider URL, or its stand-in under OAUTH_ENDPOINT_OVERRIDE (tests). */
export function endpoint(env: Env, url: string) {
  if (!env.OAUTH_ENDPOINT_OVERRIDE) return url;
  const original = new URL(url);
  return new URL(`/${original.hostname}${original.pathname}`, env.OAUTH_ENDPOINT_OVERRIDE).toString();
}

export function isOAuthProvider(value: string | undefined): value is OAuthProvider {
  return value === "discord" || value === "google";
}

/** The providers with a client id and secret configured (the only buttons shown). */
export function configuredProviders(env: Env): { id: OAuthProvider; label: string }[] {
  return (Object.keys(PROVIDERS) as OAuthProvider[])
    .filter((id) => PROVIDERS[id].clientId(env) && PROVIDERS[id].clientSecret(env))
    .map((id) => ({ id, label: PROVIDERS[id].label }));
}

function client(env: Env, provider: OAuthProvider, origin: string) {
  const config = PROVIDERS[provider];
  return new OAuth2Client(config.clientId(env)!, config.clientSecret(env)!, `${origin}/auth/oauth/${provider}/callback`);
}

function cookie(name: string, value: string, secure: boolean, maxAge = COOKIE_MAX_AGE) {
  return `${name}=${value}; Path=/auth/oauth; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? "; Secure" : ""}`;
}

export function startAuthorization(env: Env, provider: OAuthProvider, request: Request) {
  const url = new URL(request.url);
  const state = generateState();
  const codeVerifier = generateCodeVerifier();
  const authorizationUrl = client(env, provider, url.origin).createAuthorizationURLWithPKCE(
    endpoint(env, PROVIDERS[provider].authorizationEndpoint),
    state,
    CodeChallengeMethod.S256,
    codeVerifier,
    PROVIDERS[provider].scopes,
  );
  if (provider === "google") authorizationUrl.searchParams.set("prompt", "select_account");
  const secure = url.protocol === "https:";
  const returnTo = safeRedirectPath(url.searchParams.get("redirectTo"));
  return {
    url: authorizationUrl.toString(),
    cookies: [cookie(STATE_COOKIE, state, secure), cookie(VERIFIER_COOKIE, codeVerifier, secure), cookie(RETURN_COOKIE, encodeURIComponent(returnTo), secure)],
  };
}

/** The page the sign-in started from asked to go back to (checked again: a cookie can be set by hand), else /home. */
export function returnAddressOf(request: Request) {
  const stored = readCookie(request, RETURN_COOKIE);
  let decoded: string | null = null;
  try {
    decoded = stored ? decodeURIComponent(stored) : null;
  } catch {
    decoded = null;
  }
  return safeRedirectPath(decoded);
}

export function clearAuthorizationCookies(request: Request) {
  const secure = new URL(request.url).protocol === "https:";
  return [cookie(STATE_COOKIE, "", secure, 0), cookie(VERIFIER_COOKIE, "", secure, 0), cookie(RETURN_COOKIE, "", secure, 0)];
}

type ProviderProfile = { providerUserId: string; email: string; emailVerified: boolean; firstName: string | null; lastName: string | null };

async function fetchProfile(env: Env, provider: OAuthProvider, accessToken: string, idToken: string | null): Promise<ProviderProfile> {
  if (provider === "google") {
    if (!idToken) throw new Error("Google answered without an ID token");
    const claims = decodeIdToken(idToken) as Record<string, unknown>;
    return {
      providerUserId: String(claims.sub),
      email: String(claims.email ?? "").toLowerCase(),
      emailVerified: claims.email_verified === true,
      firstName: typeof claims.given_name === "string" ? claims.given_name : null,
      lastName: typeof claims.family_name === "string" ? claims.family_name : null,
    };
  }
  const response = await fetch(endpoint(env, DISCORD_USER_ENDPOINT), { headers: { Authorization: `Bearer ${accessToken}` } });
  if (!response.ok) throw new Error(`Discord answered ${response.status}`);
  const body = (await response.json()) as { id: string; email?: string; verified?: boolean; global_name?: string | null; username?: string };
  const displayName = body.global_name || body.username || null;
  return {
    providerUserId: String(body.id),
    email: String(body.email ?? "").toLowerCase(),
    emailVerified: body.verified === true,
    firstName: displayName,
    lastName: null,
  };
}

export type OAuthOutcome = { status: "success"; userId: string } | { status: "error"; message: string };

/**
 * Finishes the sign-in: the state must match the cookie; the provider's account is linked to the
 * user with the same verified e-mail, or a new account (role user, free tier) is created.
 */
export async function completeAuthorization(app: AppContext, provider: OAuthProvider, request: Request): Promise<OAuthOutcome> {
  const url = new URL(request.url);
  const code = url.searchParams.get("code");
  const state = url.searchParams.get("state");
  const storedState = readCookie(request, STATE_COOKIE);
  const codeVerifier = readCookie(request, VERIFIER_COOKIE);
  if (!code || !state || !storedState || !codeVerifier || state !== storedState) {
    return { status: "error", message: "The sign-in attempt expired or was not started here. Please try again." };
  }
  let profile: ProviderProfile;
  try {
    const tokens = await client(app.env, provider, url.origin).validateAuthorizationCode(
      endpoint(app.env, PROVIDERS[provider].tokenEndpoint),
      code,
      codeVerifier,
    );
    const idToken = "id_token" in tokens.data && typeof tokens.data.id_token === "string" ? tokens.data.id_token : null;
    profile = await fetchProfile(app.env, provider, tokens.accessToken(), idToken);
  } catch {
    return { status: "error", message: `${PROVIDERS[provider].label} sign-in failed. Please try again.` };
  }

  const [linked] = await app.db
    .select({ userId: oauthAccounts.userId })
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.providerUserId, profile.providerUserId)))
    .limit(1);
  if (linked) return { status: "success", userId: linked.userId };

  if (!profile.email || !profile.emailVerified) {
    return { status: "error", message: `Your ${PROVIDERS[provider].label} account has no verified e-mail address.` };
  }
  const [existing] = await app.db.select().from(users).where(eq(users.email, profile.email)).limit(1);
  const now = new Date();
  if (provider === "discord") {
    // One Discord account per site account, the other way round too: one linked to another account
    // for the members' role does not also sign in to (or open) this one.
    const [roleLink] = await app.db.select({ userId: discordLinks.userId }).from(discordLinks).where(eq(discordLinks.discordUserId, profile.providerUserId)).limit(1);
    if (roleLink && roleLink.userId !== existing?.id) {
      return { status: "error", message: "This Discord account is linked to another account for the members' role: log in to that account, or disconnect Discord there first." };
    }
  }
  if (existing && isStaff(existing)) {
    // A staff account is not opened by whoever a provider vouches for: its owner logs in with the
    // password (a provider's 'verified' can be years old, the address recycled since).
    return { status: "error", message: `This e-mail belongs to a staff account: log in with its password. ${PROVIDERS[provider].label} sign-in is not added to staff accounts.` };
  }
  if (existing) {
    // The provider vouches for this address. An account that was never confirmed may have been
    // registered by someone else with this e-mail: its password and sessions do not survive.
    const unconfirmed = !existing.emailConfirmedAt;
    await app.db.batch([
      app.db.insert(oauthAccounts).values({ provider, providerUserId: profile.providerUserId, userId: existing.id }).onConflictDoNothing(),
      app.db
        .update(users)
        .set(unconfirmed ? { emailConfirmedAt: now, passwordHash: null, sessionsValidAfter: now, updatedAt: now } : { updatedAt: now })
        .where(eq(users.id, existing.id)),
    ]);
    // The owner hears of a new way into their account (not when it is the one that confirms it).
    if (!unconfirmed) app.executionContext.waitUntil(sendSignInAddedEmail(app, existing.email, provider).catch((error) => console.error("Sign-in added e-mail", error)));
    return { status: "success", userId: existing.id };
  }
  const userId = crypto.randomUUID();
  await app.db.batch([
    app.db.insert(users).values({
      id: userId,
      email: profile.email,
      firstName: profile.firstName,
      lastName: profile.lastName,
      role: "user",
      subscriptionTier: "free",
      emailConfirmedAt: now,
    }),
    app.db.insert(oauthAccounts).values({ provider, providerUserId: profile.providerUserId, userId }),
  ]);
  return { status: "success", userId };
}

async function sendSignInAddedEmail(app: AppContext, email: string, provider: OAuthProvider) {
  const siteName = app.env.SITE_NAME;
  const label = PROVIDERS[provider].label;
  const { text, html } = renderEmail({
    siteName,
    heading: `${label} sign-in was added to your account`,
    paragraphs: [
      `Someone signed in to your ${siteName} account with a ${label} account that has this e-mail address. From now on that ${label} account signs in to yours.`,
      "If that was you, there is nothing to do.",
      "If it was not, reset your password and reply to this e-mail: we will remove the sign-in.",
    ],
    action: { label: "Reset my password", url: `${new URL(app.env.SITE_URL).origin}/auth?mode=forgot` },
  });
  await sendEmail(app.env, { to: email, subject: `${label} sign-in added to your ${siteName} account`, text, html });
}

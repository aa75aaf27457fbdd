// A stand-in for Discord and Google at the network edge, for the HTTP and browser tests. The worker
// reaches it through OAUTH_ENDPOINT_OVERRIDE: a provider URL https://{host}{path} becomes
// {this server}/{host}{path}. It implements what the app calls:
//   GET  /discord.com/oauth2/authorize, /accounts.google.com/o/oauth2/v2/auth  (the consent step)
//   POST /discord.com/api/oauth2/token, /oauth2.googleapis.com/token           (code exchange, PKCE)
//   GET  /discord.com/api/users/@me, /discord.com/api/v10/users/@me             (Discord's profile)
//   POST /discord.com/api/oauth2/token with grant_type=refresh_token            (Discord's refresh)
// and Discord's guild API (fake-discord.ts). The test plays the user at the consent step: it
// appends `test_profile` (base64url JSON of the account the user picks at the provider) to the
// authorize URL the app redirected to; a browser test names the account beforehand instead
// (POST /_control/consent, discordControl(...).consentAs).
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createFakeDiscordGuild } from "./fake-discord.ts";

export const FAKE_OAUTH_CLIENTS = {
  discord: { id: "test-discord-client", secret: "test-discord-secret" },
  google: { id: "test-google-client.apps.googleusercontent.com", secret: "test-google-secret" },
} as const;

export type FakeProvider = keyof typeof FAKE_OAUTH_CLIENTS;

export type GoogleProfile = { sub: string; email: string; email_verified: boolean; given_name?: string; family_name?: string };
export type DiscordProfile = { id: string; username: string; global_name?: string | null; email?: string; verified: boolean };

const AUTHORIZE_PATHS: Record<string, FakeProvider> = {
  "/discord.com/oauth2/authorize": "discord",
  "/accounts.google.com/o/oauth2/v2/auth": "google",
};
const TOKEN_PATHS: Record<string, FakeProvider> = {
  "/discord.com/api/oauth2/token": "discord",
  "/oauth2.googleapis.com/token": "google",
};

type Grant = {
  provider: FakeProvider;
  redirectUri: string;
  codeChallenge: string;
  profile: GoogleProfile | DiscordProfile;
  scope: string;
  used: boolean;
  revoked?: boolean;
};

function base64url(bytes: Buffer) {
  return bytes.toString("base64").replaceAll("+", "-").replaceAll("/", "_").replaceAll("=", "");
}

/** An unsigned JWT: the app only decodes the ID token it received over its own token request. */
function idToken(claims: Record<string, unknown>) {
  const header = base64url(Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })));
  const payload = base64url(Buffer.from(JSON.stringify(claims)));
  return `${header}.${payload}.${base64url(randomBytes(16))}`;
}

function readBody(request: IncomingMessage) {
  return new Promise<string>((resolve, reject) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => resolve(body));
    request.on("error", reject);
  });
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(body));
}

export async function startFakeOAuthProvider(): Promise<{ url: string; stop: () => Promise<void> }> {
  const grants = new Map<string, Grant>();
  const accessTokens = new Map<string, Grant>();
  const refreshTokens = new Map<string, Grant>();
  let consentProfile: GoogleProfile | DiscordProfile | null = null;
  const discordUserOf = (grant: Grant) => (grant.provider === "discord" ? String((grant.profile as DiscordProfile).id) : null);
  const guild = createFakeDiscordGuild({
    tokenOwner: (token) => {
      const grant = accessTokens.get(token);
      if (!grant || grant.revoked || grant.provider !== "discord") return null;
      return { discordUserId: discordUserOf(grant)!, scopes: grant.scope.split(" ") };
    },
    revoke: (discordUserId) => {
      for (const grant of [...accessTokens.values(), ...refreshTokens.values()]) if (discordUserOf(grant) === discordUserId) grant.revoked = true;
    },
  });

  const issueRefreshToken = (grant: Grant) => {
    const token = base64url(randomBytes(24));
    refreshTokens.set(token, grant);
    return token;
  };

  const server = createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? "/", "http://fake-oauth");
      if (await guild.handle(request, response, url, () => readBody(request))) return;
      if (request.method === "POST" && url.pathname === "/_control/consent") {
        consentProfile = JSON.parse(await readBody(request)).profile ?? null;
        return json(response, 200, { ok: true });
      }

      const authorizeFor = AUTHORIZE_PATHS[url.pathname];
      if (request.method === "GET" && authorizeFor) {
        const params = url.searchParams;
        const problems = [
          params.get("response_type") !== "code" && "response_type must be code",
          params.get("client_id") !== FAKE_OAUTH_CLIENTS[authorizeFor].id && "unknown client_id",
          !params.get("redirect_uri") && "redirect_uri missing",
          !params.get("state") && "state missing",
          params.get("code_challenge_method") !== "S256" && "code_challenge_method must be S256",
          !params.get("code_challenge") && "code_challenge missing",
          !params.get("test_profile") && !consentProfile && "test_profile missing (the test picks the account)",
        ].filter(Boolean);
        if (problems.length) return json(response, 400, { error: "invalid_request", problems });
        const profile = params.get("test_profile") ? JSON.parse(Buffer.from(params.get("test_profile")!, "base64url").toString("utf8")) : consentProfile;
        const code = base64url(randomBytes(24));
        grants.set(code, {
          provider: authorizeFor,
          redirectUri: params.get("redirect_uri")!,
          codeChallenge: params.get("code_challenge")!,
          profile,
          // `test_scope`: the scopes the user left ticked on the consent screen (default: all asked for).
          scope: params.get("test_scope") ?? params.get("scope") ?? "",
          used: false,
        });
        const back = new URL(params.get("redirect_uri")!);
        back.searchParams.set("code", code);
        back.searchParams.set("state", params.get("state")!);
        response.writeHead(302, { Location: back.toString() });
        return response.end();
      }

      const tokenFor = TOKEN_PATHS[url.pathname];
      if (request.method === "POST" && tokenFor) {
        const body = new URLSearchParams(await readBody(request));
        const client = FAKE_OAUTH_CLIENTS[tokenFor];
        const expectedAuth = `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString("base64")}`;
        if (request.headers.authorization !== expectedAuth) return json(response, 401, { error: "invalid_client" });
        if (body.get("grant_type") === "refresh_token" && tokenFor === "discord") {
          const grant = refreshTokens.get(body.get("refresh_token") ?? "");
          if (!grant || grant.revoked) return json(response, 400, { error: "invalid_grant" });
          refreshTokens.delete(body.get("refresh_token")!);
          const accessToken = base64url(randomBytes(24));
          const refreshToken = base64url(randomBytes(24));
          accessTokens.set(accessToken, grant);
          refreshTokens.set(refreshToken, grant);
          return json(response, 200, { access_token: accessToken, token_type: "Bearer", expires_in: 3600, scope: grant.scope, refresh_token: refreshToken });
        }
        if (body.get("grant_type") !== "authorization_code") return json(response, 400, { error: "unsupported_grant_type" });
        const grant = grants.get(body.get("code") ?? "");
        if (!grant || grant.used || grant.provider !== tokenFor) return json(response, 400, { error: "invalid_grant" });
        const verifier = body.get("code_verifier");
        if (!verifier) return json(response, 400, { error: "invalid_request", error_description: "code_verifier missing" });
        const challenge = base64url(createHash("sha256").update(verifier).digest());
        if (challenge !== grant.codeChallenge) return json(response, 400, { error: "invalid_grant", error_description: "PKCE mismatch" });
        if (body.get("redirect_uri") !== grant.redirectUri) return json(response, 400, { error: "invalid_grant", error_description: "redirect_uri mismatch" });
        grant.used = true;
        const accessToken = base64url(randomBytes(24));
        accessTokens.set(accessToken, grant);
        return json(response, 200, {
          access_token: accessToken,
          token_type: "Bearer",
          expires_in: 3600,
          ...(tokenFor === "google"
            ? {
                scope: "openid email profile",
                id_token: idToken({
                  iss: "https://accounts.google.com",
                  aud: client.id,
                  iat: Math.floor(Date.now() / 1000),
                  exp: Math.floor(Date.now() / 1000) + 3600,
                  ...grant.profile,
                }),
              }
            : { scope: grant.scope, refresh_token: issueRefreshToken(grant) }),
        });
      }

      if (request.method === "GET" && (url.pathname === "/discord.com/api/users/@me" || url.pathname === "/discord.com/api/v10/users/@me")) {
        const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
        const grant = token ? accessTokens.get(token) : undefined;
        if (!grant || grant.revoked || grant.provider !== "discord") return json(response, 401, { message: "401: Unauthorized", code: 0 });
        return json(response, 200, grant.profile);
      }

      json(response, 404, { error: "not_found", path: url.pathname });
    } catch (error) {
      json(response, 500, { error: String(error) });
    }
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The authorize URL the app redirected to, with the account the user picks at the provider. */
export function withTestProfile(authorizeUrl: string, profile: GoogleProfile | DiscordProfile) {
  const url = new URL(authorizeUrl);
  url.searchParams.set("test_profile", Buffer.from(JSON.stringify(profile)).toString("base64url"));
  return url.toString();
}

// A stand-in for Discord's guild API at the network edge (served by the fake OAuth provider of
// fake-oauth.ts, which issued the members' access tokens). The worker reaches it through
// DISCORD_API_OVERRIDE = {fake}/discord.com/api/v10. It implements what the role sync calls:
//   PUT    /guilds/{guild}/members/{user}                 (add with the member's token, 201 or 204)
//   PUT    /guilds/{guild}/members/{user}/roles/{role}    (204; 404 code 10007 for a non-member)
//   DELETE /guilds/{guild}/members/{user}/roles/{role}
// and records every call. Tests steer it over HTTP (discordControl below): answer 429 (with
// retry_after) or a 5xx to the next N guild calls, make a member leave the guild, revoke the app.
import type { IncomingMessage, ServerResponse } from "node:http";

export const FAKE_DISCORD = { botToken: "test-discord-bot-token", guildId: "900000000000000001", roleId: "900000000000000002" } as const;

export type DiscordCall = { method: string; path: string; status: number; discordUserId: string | null; body?: unknown };
type Failure = { status: number; retryAfter?: number; discordUserId?: string };
export type TokenOwner = (accessToken: string) => { discordUserId: string; scopes: string[] } | null;

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { "Content-Type": "application/json", ...headers });
  response.end(body === null ? undefined : JSON.stringify(body));
}

function noContent(response: ServerResponse) {
  response.writeHead(204);
  response.end();
}

const GUILD_PATH = /^\/discord\.com\/api\/v10\/guilds\/([^/]+)\/members\/([^/]+)(?:\/roles\/([^/]+))?$/;

export function createFakeDiscordGuild(options: { tokenOwner: TokenOwner; revoke: (discordUserId: string) => void }) {
  const members = new Map<string, Set<string>>();
  const calls: DiscordCall[] = [];
  let failures: Failure[] = [];

  function takeFailure(discordUserId: string) {
    const index = failures.findIndex((failure) => !failure.discordUserId || failure.discordUserId === discordUserId);
    return index === -1 ? null : failures.splice(index, 1)[0];
  }

  async function handleGuild(request: IncomingMessage, response: ServerResponse, match: RegExpExecArray, body: string) {
    const [, guildId, discordUserId, roleId] = match;
    const parsed = body ? JSON.parse(body) : undefined;
    const answer = (status: number, payload: unknown = null, headers: Record<string, string> = {}) => {
      calls.push({ method: request.method!, path: match[0].replace("/discord.com/api/v10", ""), status, discordUserId, body: parsed });
      if (status === 204) return noContent(response);
      return json(response, status, payload, headers);
    };
    if (request.headers.authorization !== `Bot ${FAKE_DISCORD.botToken}`) return answer(401, { message: "401: Unauthorized", code: 0 });
    const failure = takeFailure(discordUserId);
    if (failure?.status === 429) {
      const retryAfter = failure.retryAfter ?? 0.1;
      return answer(429, { message: "You are being rate limited.", retry_after: retryAfter, global: false }, { "Retry-After": String(Math.ceil(retryAfter)) });
    }
    if (failure) return answer(failure.status, { message: "Service unavailable", code: 0 });
    if (guildId !== FAKE_DISCORD.guildId) return answer(404, { message: "Unknown Guild", code: 10004 });

    if (!roleId && request.method === "PUT") {
      const owner = options.tokenOwner(String(parsed?.access_token ?? ""));
      if (!owner || owner.discordUserId !== discordUserId || !owner.scopes.includes("guilds.join")) {
        return answer(403, { message: "Invalid OAuth2 access token", code: 50025 });
      }
      if (members.has(discordUserId)) return answer(204);
      members.set(discordUserId, new Set(Array.isArray(parsed?.roles) ? parsed.roles.map(String) : []));
      return answer(201, { user: { id: discordUserId }, roles: [...members.get(discordUserId)!] });
    }
    if (roleId && (request.method === "PUT" || request.method === "DELETE")) {
      if (roleId !== FAKE_DISCORD.roleId) return answer(404, { message: "Unknown Role", code: 10011 });
      const roles = members.get(discordUserId);
      if (!roles) return answer(404, { message: "Unknown Member", code: 10007 });
      if (request.method === "PUT") roles.add(roleId);
      else roles.delete(roleId);
      return answer(204);
    }
    return answer(405, { message: "405: Method Not Allowed", code: 0 });
  }

  async function handleControl(request: IncomingMessage, response: ServerResponse, url: URL, body: string) {
    const input = body ? JSON.parse(body) : {};
    switch (`${request.method} ${url.pathname}`) {
      case "GET /_control/discord/calls": {
        const user = url.searchParams.get("user");
        return json(response, 200, { calls: user ? calls.filter((call) => call.discordUserId === user) : calls });
      }
      case "GET /_control/discord/member": {
        const roles = members.get(url.searchParams.get("user") ?? "");
        return json(response, 200, { member: Boolean(roles), roles: roles ? [...roles] : [] });
      }
      case "POST /_control/discord/fail":
        for (let index = 0; index < (input.count ?? 1); index += 1) failures.push({ status: input.status, retryAfter: input.retryAfter, discordUserId: input.user });
        return json(response, 200, { queued: failures.length });
      case "POST /_control/discord/clear-failures":
        failures = [];
        return json(response, 200, { ok: true });
      case "POST /_control/discord/leave":
        members.delete(String(input.user));
        return json(response, 200, { ok: true });
      case "POST /_control/discord/join":
        members.set(String(input.user), new Set(input.roles ?? []));
        return json(response, 200, { ok: true });
      case "POST /_control/discord/revoke":
        options.revoke(String(input.user));
        return json(response, 200, { ok: true });
      default:
        return json(response, 404, { error: "unknown control", path: url.pathname });
    }
  }

  return {
    /** Serves the request when it is a guild or control call; false: not ours. */
    async handle(request: IncomingMessage, response: ServerResponse, url: URL, readBody: () => Promise<string>): Promise<boolean> {
      const match = GUILD_PATH.exec(url.pathname);
      if (match) {
        await handleGuild(request, response, match, await readBody());
        return true;
      }
      if (url.pathname.startsWith("/_control/discord/")) {
        await handleControl(request, response, url, await readBody());
        return true;
      }
      return false;
    },
  };
}

/** The tests' remote control of the fake (its base URL: inject("oauthUrl")). */
export function discordControl(fakeUrl: string) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the fake's own JSON answers
  const call = async (method: "GET" | "POST", path: string, body?: unknown): Promise<any> => {
    const response = await fetch(new URL(path, fakeUrl), {
      method,
      headers: body ? { "Content-Type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`fake Discord control ${path} answered ${response.status}`);
    return response.json();
  };
  return {
    async calls(discordUserId: string): Promise<DiscordCall[]> {
      return (await call("GET", `_control/discord/calls?user=${discordUserId}`)).calls;
    },
    async member(discordUserId: string): Promise<{ member: boolean; roles: string[] }> {
      return call("GET", `_control/discord/member?user=${discordUserId}`);
    },
    /** The next `count` guild calls (of this Discord user only, when given) answer `status`. */
    fail: (status: number, count: number, options: { retryAfter?: number; discordUserId?: string } = {}) =>
      call("POST", "_control/discord/fail", { status, count, retryAfter: options.retryAfter, user: options.discordUserId }),
    clearFailures: () => call("POST", "_control/discord/clear-failures", {}),
    leave: (discordUserId: string) => call("POST", "_control/discord/leave", { user: discordUserId }),
    join: (discordUserId: string, roles: string[] = []) => call("POST", "_control/discord/join", { user: discordUserId, roles }),
    revoke: (discordUserId: string) => call("POST", "_control/discord/revoke", { user: discordUserId }),
    /** The account the next consent without a test_profile picks (browser tests cannot add one). */
    consentAs: (profile: unknown) => call("POST", "_control/consent", { profile }),
  };
}

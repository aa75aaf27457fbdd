// The few calls of Discord's REST API that the role sync makes, with Discord's limits respected: a
// 429 is retried after its retry_after (here, when it is short; otherwise the caller reschedules),
// a 5xx or a network failure is retried with backoff. DISCORD_API_OVERRIDE points the calls at the
// tests' fake (tests/support/fake-discord.ts).

const DISCORD_API = "https://discord.com/api/v10";
/** Attempts of one call before it is given back to the queue. */
const MAX_ATTEMPTS = 3;
/** A 429 asking for a longer wait than this is not waited for inside a request. */
const MAX_INLINE_WAIT_MS = 5_000;
const BACKOFF_MS = [250, 1_000];

export type DiscordAnswer =
  | { kind: "answer"; status: number; code: number | null; body: unknown }
  /** Rate limited or unavailable: try again no sooner than `retryAfterMs`. */
  | { kind: "later"; retryAfterMs: number; reason: string };

export function discordApiBase(env: Env) {
  return (env.DISCORD_API_OVERRIDE || DISCORD_API).replace(/\/$/, "");
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function retryAfterMs(response: Response, body: unknown) {
  const seconds =
    body && typeof body === "object" && "retry_after" in body && typeof body.retry_after === "number"
      ? body.retry_after
      : Number(response.headers.get("Retry-After") ?? "1");
  return Math.max(0, Math.ceil((Number.isFinite(seconds) ? seconds : 1) * 1000));
}

export async function callDiscord(
  env: Env,
  method: "GET" | "PUT" | "DELETE",
  path: string,
  options: { bot?: boolean; bearer?: string; body?: unknown; reason?: string } = {},
): Promise<DiscordAnswer> {
  const headers = new Headers({ "User-Agent": "GridironPlaybook (role sync, 1.0)" });
  if (options.bot) headers.set("Authorization", `Bot ${env.DISCORD_BOT_TOKEN}`);
  if (options.bearer) headers.set("Authorization", `Bearer ${options.bearer}`);
  if (options.body !== undefined) headers.set("Content-Type", "application/json");
  if (options.reason) headers.set("X-Audit-Log-Reason", encodeURIComponent(options.reason));
  let last: DiscordAnswer = { kind: "later", retryAfterMs: 1_000, reason: "no attempt" };
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    let response: Response;
    try {
      response = await fetch(`${discordApiBase(env)}${path}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
    } catch (error) {
      last = { kind: "later", retryAfterMs: 30_000, reason: `network: ${String(error).slice(0, 120)}` };
      if (attempt + 1 < MAX_ATTEMPTS) await sleep(BACKOFF_MS[attempt] ?? 1_000);
      continue;
    }
    const body = await readJson(response);
    if (response.status === 429) {
      const wait = retryAfterMs(response, body);
      last = { kind: "later", retryAfterMs: wait, reason: "429 rate limited" };
      if (wait > MAX_INLINE_WAIT_MS || attempt + 1 >= MAX_ATTEMPTS) return last;
      await sleep(wait);
      continue;
    }
    if (response.status >= 500) {
      last = { kind: "later", retryAfterMs: 30_000, reason: `${response.status} from Discord` };
      if (attempt + 1 < MAX_ATTEMPTS) await sleep(BACKOFF_MS[attempt] ?? 1_000);
      continue;
    }
    const code = body && typeof body === "object" && "code" in body && typeof body.code === "number" ? body.code : null;
    return { kind: "answer", status: response.status, code, body };
  }
  return last;
}

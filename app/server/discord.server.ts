import { CodeChallengeMethod, generateCodeVerifier, generateState, OAuth2Client, OAuth2RequestError } from "arctic";
import { and, asc, eq, inArray, lte, ne, sql } from "drizzle-orm";
import { discordJobs, discordLinks, oauthAccounts, users, type User } from "../../db/schema.ts";
import { discordRoleAction, shouldHaveMembersRole, type DiscordCardState } from "../lib/discord.ts";
import type { AppContext } from "./context.server.ts";
import type { Database } from "./db.server.ts";
import { callDiscord, type DiscordAnswer } from "./discord-api.server.ts";
import { readCookie } from "./http.server.ts";
import { endpoint, PROVIDERS } from "./oauth.server.ts";

// Discord access that follows the membership (docs/decisions/0013-discord-role-sync.md). A member
// links their Discord account (OAuth, scopes identify guilds.join); whoever has premium access
// (app/lib/discord.ts) is put into the guild with the members' role, and loses the role when
// access ends. Every change of access queues a job (discord_jobs) in the same D1 batch as the
// change; the request's waitUntil and the scheduled job drain the queue, so Discord being slow or
// down never blocks a payment or an edit.

const LINK_SCOPES = ["identify", "guilds.join"];
const STATE_COOKIE = "discord_link_state";
const VERIFIER_COOKIE = "discord_link_verifier";
const COOKIE_PATH = "/account/discord";
const COOKIE_MAX_AGE = 600;
/** A claimed job is not handed to another drain for this long. */
const LEASE_MS = 60_000;
const MAX_BACKOFF_MS = 30 * 60_000;
/** Jobs served by one request's waitUntil, and by one run of the scheduled job. */
export const REQUEST_DRAIN_LIMIT = 10;
export const SCHEDULED_DRAIN_LIMIT = 100;
/** Links the scheduled reconcile reads, and how many of them it may queue, per run. */
const RECONCILE_SCAN_LIMIT = 20_000;
export const RECONCILE_QUEUE_LIMIT = 200;
const UNKNOWN_MEMBER = 10007;

export type DiscordSyncConfig = { botToken: string; guildId: string; roleId: string; clientId: string; clientSecret: string };

/** Role sync needs the bot, the guild, the role and the OAuth client; without them the card is hidden. */
export function discordSyncConfig(env: Env): DiscordSyncConfig | null {
  const { DISCORD_BOT_TOKEN: botToken, DISCORD_GUILD_ID: guildId, DISCORD_MEMBER_ROLE_ID: roleId, DISCORD_CLIENT_ID: clientId, DISCORD_CLIENT_SECRET: clientSecret } = env;
  if (!botToken || !guildId || !roleId || !clientId || !clientSecret) return null;
  return { botToken, guildId, roleId, clientId, clientSecret };
}

export function isDiscordSyncConfigured(env: Env) {
  return discordSyncConfig(env) !== null;
}

function oauthClient(config: DiscordSyncConfig, origin: string | null) {
  return new OAuth2Client(config.clientId, config.clientSecret, origin ? `${origin}${COOKIE_PATH}/callback` : null);
}

function cookie(name: string, value: string, secure: boolean, maxAge = COOKIE_MAX_AGE) {
  return `${name}=${value}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? "; Secure" : ""}`;
}

// ---------------------------------------------------------------------------------------------
// Linking

/** Where 'Connect Discord' sends the member, with the state and PKCE verifier cookies. */
export function startDiscordLink(config: DiscordSyncConfig, env: Env, request: Request) {
  const url = new URL(request.url);
  const state = generateState();
  const verifier = generateCodeVerifier();
  const authorization = oauthClient(config, url.origin).createAuthorizationURLWithPKCE(
    endpoint(env, PROVIDERS.discord.authorizationEndpoint),
    state,
    CodeChallengeMethod.S256,
    verifier,
    LINK_SCOPES,
  );
  authorization.searchParams.set("prompt", "consent");
  const secure = url.protocol === "https:";
  return { url: authorization.toString(), cookies: [cookie(STATE_COOKIE, state, secure), cookie(VERIFIER_COOKIE, verifier, secure)] };
}

export function clearDiscordLinkCookies(request: Request) {
  const secure = new URL(request.url).protocol === "https:";
  return [cookie(STATE_COOKIE, "", secure, 0), cookie(VERIFIER_COOKIE, "", secure, 0)];
}

export const LINK_MESSAGES = {
  forged: "The Discord connection expired or was not started here. Please try again.",
  cancelled: "The Discord connection was cancelled.",
  failed: "Discord did not answer. Please try again.",
  scope: "Discord did not allow us to add you to our server. Please try again and keep 'Join servers for you' selected.",
  taken: "This Discord account is already linked to another account.",
} as const;

export type LinkOutcome = { status: "linked"; username: string } | { status: "error"; message: string };

type DiscordProfile = { id: string; username: string; global_name?: string | null };

/** Finishes 'Connect Discord': checks the state, exchanges the code, stores the link and queues the role. */
export async function completeDiscordLink(app: AppContext, config: DiscordSyncConfig, user: User, request: Request): Promise<LinkOutcome> {
  const url = new URL(request.url);
  const code = url.searchParams.get("code");
  const state = url.searchParams.get("state");
  const storedState = readCookie(request, STATE_COOKIE);
  const verifier = readCookie(request, VERIFIER_COOKIE);
  if (!state || !storedState || !verifier || state !== storedState) return { status: "error", message: LINK_MESSAGES.forged };
  if (url.searchParams.get("error")) return { status: "error", message: LINK_MESSAGES.cancelled };
  if (!code) return { status: "error", message: LINK_MESSAGES.forged };

  let profile: DiscordProfile;
  let tokens: Awaited<ReturnType<OAuth2Client["validateAuthorizationCode"]>>;
  try {
    tokens = await oauthClient(config, url.origin).validateAuthorizationCode(endpoint(app.env, PROVIDERS.discord.tokenEndpoint), code, verifier);
    const answer = await callDiscord(app.env, "GET", "/users/@me", { bearer: tokens.accessToken() });
    if (answer.kind !== "answer" || answer.status !== 200) throw new Error("profile");
    profile = answer.body as DiscordProfile;
  } catch {
    return { status: "error", message: LINK_MESSAGES.failed };
  }
  if (!tokens.hasScopes() || !tokens.scopes().includes("guilds.join")) return { status: "error", message: LINK_MESSAGES.scope };

  const discordUserId = String(profile.id);
  const username = (profile.global_name || profile.username || "Discord user").slice(0, 100);
  const [[own], [takenByLink], [takenBySignIn]] = await app.db.batch([
    app.db.select({ discordUserId: discordLinks.discordUserId, username: discordLinks.discordUsername }).from(discordLinks).where(eq(discordLinks.userId, user.id)),
    app.db.select({ userId: discordLinks.userId }).from(discordLinks).where(and(eq(discordLinks.discordUserId, discordUserId), ne(discordLinks.userId, user.id))),
    app.db
      .select({ userId: oauthAccounts.userId })
      .from(oauthAccounts)
      .where(and(eq(oauthAccounts.provider, "discord"), eq(oauthAccounts.providerUserId, discordUserId), ne(oauthAccounts.userId, user.id))),
  ]);
  if (takenByLink || takenBySignIn) return { status: "error", message: LINK_MESSAGES.taken };
  if (own && own.discordUserId !== discordUserId) {
    return { status: "error", message: `Your account is already linked to the Discord account ${own.username}. Disconnect it first.` };
  }

  const now = new Date();
  const secrets = {
    accessToken: tokens.accessToken(),
    refreshToken: tokens.hasRefreshToken() ? tokens.refreshToken() : null,
    accessTokenExpiresAt: expiryOf(tokens),
  };
  try {
    await app.db.batch([
      app.db
        .insert(discordLinks)
        .values({ userId: user.id, discordUserId, discordUsername: username, ...secrets, linkedAt: now })
        .onConflictDoUpdate({ target: discordLinks.userId, set: { discordUsername: username, ...secrets, needsReconnect: false, syncedAt: null } }),
      queueDiscordSync(app.db, user.id, now.getTime()),
    ]);
  } catch (error) {
    if (String(error).includes("UNIQUE")) return { status: "error", message: LINK_MESSAGES.taken };
    throw error;
  }
  scheduleDiscordDrain(app);
  return { status: "linked", username };
}

function expiryOf(tokens: { accessTokenExpiresAt(): Date }) {
  try {
    return tokens.accessTokenExpiresAt();
  } catch {
    return null; // no expires_in in the answer
  }
}

/**
 * Forgets the member's link; the trigger on discord_links queues the removal of the role
 * (migrations/0008_discord.sql). Null when there was no link: nothing changed; otherwise whether
 * the link had the members' role.
 */
export async function disconnectDiscord(app: AppContext, userId: string): Promise<{ roleGranted: boolean } | null> {
  const [removed] = await app.db.delete(discordLinks).where(eq(discordLinks.userId, userId)).returning({ roleGranted: discordLinks.roleGranted });
  if (removed) scheduleDiscordDrain(app);
  return removed ?? null;
}

// ---------------------------------------------------------------------------------------------
// The queue

/**
 * Queues the role work for a member's linked Discord account (nothing when not linked): put it in
 * the same db.batch as the change of access.
 */
export function queueDiscordSync(db: Database, userId: string, now = Date.now()) {
  return db
    .insert(discordJobs)
    .select(
      // Every column of discord_jobs, in its order (drizzle's insert ... select).
      db
        .select({
          discordUserId: discordLinks.discordUserId,
          userId: discordLinks.userId,
          generation: sql<number>`1`.as("generation"),
          attempts: sql<number>`0`.as("attempts"),
          runAfter: sql<Date>`${now}`.as("run_after"),
          lastError: sql<string | null>`NULL`.as("last_error"),
          createdAt: sql<Date>`${now}`.as("created_at"),
        })
        .from(discordLinks)
        .where(eq(discordLinks.userId, userId)),
    )
    .onConflictDoUpdate({ target: discordJobs.discordUserId, set: { generation: sql`${discordJobs.generation} + 1`, attempts: 0, runAfter: new Date(now) } });
}

function queueDiscordAccount(db: Database, discordUserId: string, userId: string | null, now: number) {
  return db
    .insert(discordJobs)
    .values({ discordUserId, userId, runAfter: new Date(now) })
    .onConflictDoUpdate({ target: discordJobs.discordUserId, set: { generation: sql`${discordJobs.generation} + 1`, attempts: 0, runAfter: new Date(now) } });
}

/** After a request queued role work: serve it once the answer is sent (never before). */
export function scheduleDiscordDrain(app: AppContext) {
  if (!isDiscordSyncConfigured(app.env)) return;
  app.executionContext.waitUntil(drainDiscordJobs(app, { limit: REQUEST_DRAIN_LIMIT }).catch((error) => console.error("Discord role sync", error)));
}

function backoffMs(attempts: number) {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

/**
 * Serves due jobs (or only one account's): each is claimed for a lease, then deleted or rescheduled.
 * An account queued again while Discord answered (a Disconnect, a change of access) may have been
 * served meanwhile by another drain, whose answer then landed first: a grant finishing after a
 * removal would leave the role. Such a job is queued again and served once more here, so the last
 * call made for an account is always one that read its link and access after every change.
 */
export async function drainDiscordJobs(app: AppContext, options: { limit?: number; now?: number; only?: string; again?: boolean } = {}) {
  const config = discordSyncConfig(app.env);
  const result = { synced: 0, deferred: 0 };
  if (!config) return result;
  const now = options.now ?? Date.now();
  const due = and(lte(discordJobs.runAfter, new Date(now)), options.only ? eq(discordJobs.discordUserId, options.only) : undefined);
  const claimed = await app.db
    .update(discordJobs)
    .set({ runAfter: new Date(now + LEASE_MS), attempts: sql`${discordJobs.attempts} + 1` })
    .where(
      and(
        due,
        inArray(
          discordJobs.discordUserId,
          app.db.select({ id: discordJobs.discordUserId }).from(discordJobs).where(due).orderBy(asc(discordJobs.runAfter)).limit(options.limit ?? REQUEST_DRAIN_LIMIT),
        ),
      ),
    )
    .returning();
  const requeued: typeof claimed = [];
  for (const job of claimed) {
    let outcome: SyncOutcome;
    try {
      outcome = await syncDiscordAccount(app, config, job.discordUserId);
    } catch (error) {
      outcome = { kind: "later", retryAfterMs: 0, reason: String(error).slice(0, 200) };
    }
    const same = and(eq(discordJobs.discordUserId, job.discordUserId), eq(discordJobs.generation, job.generation));
    let finished: unknown[];
    if (outcome.kind === "later") {
      const wait = Math.max(outcome.retryAfterMs, backoffMs(job.attempts));
      finished = await app.db.update(discordJobs).set({ runAfter: new Date(Date.now() + wait), lastError: outcome.reason }).where(same).returning({ id: discordJobs.discordUserId });
      result.deferred += 1;
    } else {
      finished = await app.db.delete(discordJobs).where(same).returning({ id: discordJobs.discordUserId });
      result.synced += 1;
    }
    if (!finished.length) requeued.push(job);
  }
  for (const job of requeued) await queueDiscordAccount(app.db, job.discordUserId, job.userId, Date.now());
  if (!options.again) {
    for (const job of requeued) await drainDiscordJobs(app, { only: job.discordUserId, limit: 1, again: true });
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// One account against Discord

export type SyncOutcome = { kind: "done"; state: "granted" | "removed" | "reconnect" } | { kind: "later"; retryAfterMs: number; reason: string };

const linkWithAccess = {
  userId: discordLinks.userId,
  discordUserId: discordLinks.discordUserId,
  accessToken: discordLinks.accessToken,
  refreshToken: discordLinks.refreshToken,
  accessTokenExpiresAt: discordLinks.accessTokenExpiresAt,
  roleGranted: discordLinks.roleGranted,
  needsReconnect: discordLinks.needsReconnect,
  syncedAt: discordLinks.syncedAt,
  role: users.role,
  subscriptionTier: users.subscriptionTier,
  accessExpiresAt: users.accessExpiresAt,
};

function linksWithAccess(db: Database) {
  return db.select(linkWithAccess).from(discordLinks).innerJoin(users, eq(users.id, discordLinks.userId));
}

type LinkWithAccess = Awaited<ReturnType<typeof linksWithAccess>>[number];

function unexpected(answer: Extract<DiscordAnswer, { kind: "answer" }>, what: string): SyncOutcome {
  const message = answer.body && typeof answer.body === "object" && "message" in answer.body ? String(answer.body.message) : "";
  // A refusal that is not about the member (the bot's permissions, a wrong role id) waits for staff.
  return { kind: "later", retryAfterMs: MAX_BACKOFF_MS, reason: `${what}: ${answer.status} ${message}`.trim().slice(0, 200) };
}

/** Gives or removes the members' role as the access rule says now; no link left: removes it. */
export async function syncDiscordAccount(app: AppContext, config: DiscordSyncConfig, discordUserId: string, now = Date.now()): Promise<SyncOutcome> {
  const [link] = await linksWithAccess(app.db).where(eq(discordLinks.discordUserId, discordUserId)).limit(1);
  if (link && shouldHaveMembersRole(link, now)) return grantRole(app, config, link);
  const answer = await callDiscord(app.env, "DELETE", rolePath(config, discordUserId), { bot: true, reason: "Membership access ended" });
  if (answer.kind === "later") return answer;
  if (answer.status !== 204 && !(answer.status === 404 && answer.code === UNKNOWN_MEMBER)) return unexpected(answer, "Removing the role");
  if (link) await recordState(app, discordUserId, { roleGranted: false });
  return { kind: "done", state: "removed" };
}

function rolePath(config: DiscordSyncConfig, discordUserId: string) {
  return `/guilds/${config.guildId}/members/${discordUserId}/roles/${config.roleId}`;
}

async function recordState(app: AppContext, discordUserId: string, state: { roleGranted: boolean; needsReconnect?: boolean }) {
  await app.db.update(discordLinks).set({ ...state, syncedAt: new Date() }).where(eq(discordLinks.discordUserId, discordUserId));
}

async function grantRole(app: AppContext, config: DiscordSyncConfig, link: LinkWithAccess): Promise<SyncOutcome> {
  const byBot = () => callDiscord(app.env, "PUT", rolePath(config, link.discordUserId), { bot: true, reason: "Premium membership" });
  if (link.roleGranted || link.needsReconnect) {
    // Already in with the role: confirm it. Someone who left the guild is not pulled back in, by
    // this sync or any later one until they reconnect (a member who came back to the guild by
    // themselves gets the role).
    const answer = await byBot();
    if (answer.kind === "later") return answer;
    if (answer.status === 204) return recorded(app, link, { roleGranted: true }, "granted");
    if (answer.status === 404 && answer.code === UNKNOWN_MEMBER) return recorded(app, link, { roleGranted: false, needsReconnect: true }, "reconnect");
    return unexpected(answer, "Giving the role");
  }
  const token = await usableAccessToken(app, config, link);
  if (token.kind === "later") return token;
  if (token.kind === "token") {
    const joined = await callDiscord(app.env, "PUT", `/guilds/${config.guildId}/members/${link.discordUserId}`, {
      bot: true,
      body: { access_token: token.value, roles: [config.roleId] },
    });
    if (joined.kind === "later") return joined;
    if (joined.status === 201) return recorded(app, link, { roleGranted: true, needsReconnect: false }, "granted");
    if (joined.status !== 204 && joined.status !== 401 && joined.status !== 403) return unexpected(joined, "Adding to the guild");
    if (joined.status === 204) {
      // Already a member: Discord ignores `roles` then, so the role is given on its own.
      const answer = await byBot();
      if (answer.kind === "later") return answer;
      if (answer.status === 204) return recorded(app, link, { roleGranted: true, needsReconnect: false }, "granted");
      return unexpected(answer, "Giving the role");
    }
  }
  // The app was revoked: a member still in the guild gets the role; anyone else has to reconnect.
  const answer = await byBot();
  if (answer.kind === "later") return answer;
  if (answer.status === 204) return recorded(app, link, { roleGranted: true, needsReconnect: true }, "reconnect");
  if (answer.status === 404 && answer.code === UNKNOWN_MEMBER) return recorded(app, link, { roleGranted: false, needsReconnect: true }, "reconnect");
  return unexpected(answer, "Giving the role");
}

async function recorded(app: AppContext, link: LinkWithAccess, state: { roleGranted: boolean; needsReconnect?: boolean }, outcome: "granted" | "reconnect"): Promise<SyncOutcome> {
  await recordState(app, link.discordUserId, state);
  return { kind: "done", state: outcome };
}

type TokenAnswer = { kind: "token"; value: string } | { kind: "revoked" } | Extract<SyncOutcome, { kind: "later" }>;

/** The member's access token, refreshed with arctic when it is (nearly) expired. */
async function usableAccessToken(app: AppContext, config: DiscordSyncConfig, link: LinkWithAccess): Promise<TokenAnswer> {
  if (link.accessToken && link.accessTokenExpiresAt && link.accessTokenExpiresAt.getTime() > Date.now() + 60_000) return { kind: "token", value: link.accessToken };
  if (!link.refreshToken) return { kind: "revoked" };
  try {
    const tokens = await oauthClient(config, null).refreshAccessToken(endpoint(app.env, PROVIDERS.discord.tokenEndpoint), link.refreshToken, []);
    await app.db
      .update(discordLinks)
      .set({ accessToken: tokens.accessToken(), refreshToken: tokens.hasRefreshToken() ? tokens.refreshToken() : link.refreshToken, accessTokenExpiresAt: expiryOf(tokens) })
      .where(eq(discordLinks.discordUserId, link.discordUserId));
    return { kind: "token", value: tokens.accessToken() };
  } catch (error) {
    if (error instanceof OAuth2RequestError) return { kind: "revoked" };
    return { kind: "later", retryAfterMs: 30_000, reason: `Token refresh: ${String(error).slice(0, 150)}` };
  }
}

// ---------------------------------------------------------------------------------------------
// The scheduled job and staff

/** Queues every linked member whose role disagrees with the access rule (or was not checked for a day). */
export async function reconcileDiscordRoles(app: AppContext, now = Date.now()) {
  const rows = await linksWithAccess(app.db)
    .orderBy(asc(discordLinks.syncedAt))
    .limit(RECONCILE_SCAN_LIMIT);
  const work = rows
    .map((row) => ({ row, action: discordRoleAction(row, row, now) }))
    .filter(({ action }) => action !== "none")
    // Access that changed comes before the daily check of a state that did not.
    .sort((a, b) => Number(b.action === "grant" ? !b.row.roleGranted : b.row.roleGranted) - Number(a.action === "grant" ? !a.row.roleGranted : a.row.roleGranted))
    .slice(0, RECONCILE_QUEUE_LIMIT);
  for (let start = 0; start < work.length; start += 50) {
    const [first, ...rest] = work.slice(start, start + 50).map(({ row }) => queueDiscordAccount(app.db, row.discordUserId, row.userId, now));
    await app.db.batch([first, ...rest]);
  }
  return { queued: work.length };
}

/** The scheduled job's Discord step: reconcile, then serve the queue (bounded per run). */
export async function runDiscordSync(app: AppContext, now = Date.now()) {
  if (!isDiscordSyncConfigured(app.env)) return null;
  const { queued } = await reconcileDiscordRoles(app, now);
  const drained = await drainDiscordJobs(app, { limit: SCHEDULED_DRAIN_LIMIT, now });
  return { queued, ...drained };
}

export type StaffSyncResult = { status: "unlinked" } | { status: "synced"; state: "granted" | "removed" | "reconnect" } | { status: "deferred"; reason: string };

/** 'Sync now' in the user details dialog: the member's role work, served right away. */
export async function syncDiscordNow(app: AppContext, userId: string): Promise<StaffSyncResult> {
  const config = discordSyncConfig(app.env);
  const [link] = await app.db.select({ discordUserId: discordLinks.discordUserId }).from(discordLinks).where(eq(discordLinks.userId, userId)).limit(1);
  if (!config || !link) return { status: "unlinked" };
  const now = Date.now();
  await queueDiscordAccount(app.db, link.discordUserId, userId, now);
  await drainDiscordJobs(app, { only: link.discordUserId, now, limit: 1 });
  const [[job], [after]] = await app.db.batch([
    app.db.select({ lastError: discordJobs.lastError }).from(discordJobs).where(eq(discordJobs.discordUserId, link.discordUserId)),
    app.db.select({ roleGranted: discordLinks.roleGranted, needsReconnect: discordLinks.needsReconnect }).from(discordLinks).where(eq(discordLinks.userId, userId)),
  ]);
  if (job) return { status: "deferred", reason: job.lastError ?? "Discord did not answer." };
  if (!after) return { status: "synced", state: "removed" };
  return { status: "synced", state: after.needsReconnect && !after.roleGranted ? "reconnect" : after.roleGranted ? "granted" : "removed" };
}

// ---------------------------------------------------------------------------------------------
// Pages

/** The Discord card's row: the link (never its tokens) and whether role work is still queued. */
export function discordCardQuery(db: Database, userId: string) {
  return db
    .select({
      discordUsername: discordLinks.discordUsername,
      roleGranted: discordLinks.roleGranted,
      needsReconnect: discordLinks.needsReconnect,
      pendingSince: discordJobs.createdAt,
    })
    .from(discordLinks)
    .leftJoin(discordJobs, eq(discordJobs.discordUserId, discordLinks.discordUserId))
    .where(eq(discordLinks.userId, userId))
    .limit(1);
}

export function toDiscordCard(rows: Awaited<ReturnType<typeof discordCardQuery>>, user: User): DiscordCardState {
  const [row] = rows;
  if (!row) return { kind: "unlinked" };
  // A revoked app whose member is still in the server keeps the role (grantRole): it is shown given.
  if (row.needsReconnect && !row.roleGranted) return { kind: "reconnect", username: row.discordUsername };
  return { kind: "linked", username: row.discordUsername, roleGranted: row.roleGranted, hasAccess: shouldHaveMembersRole(user), pending: row.pendingSince !== null };
}

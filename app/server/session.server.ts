import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { eq } from "drizzle-orm";
import { users, type User } from "../../db/schema.ts";
import { type Database, reusableSelect, type Param } from "./db.server.ts";
import { readCookie } from "./http.server.ts";

// Sessions: a random 160-bit token in an HttpOnly cookie; only its SHA-256 is stored, in KV.
// See docs/decisions/0002-sessions-in-kv.md.
const DAY = 24 * 60 * 60 * 1000;
export const SESSION_SLIDING_LIFETIME = 30 * DAY;
export const SESSION_ABSOLUTE_LIFETIME = 90 * DAY;
const SESSION_REFRESH_THRESHOLD = 15 * DAY;
const COOKIE_NAME = "session";

export type StoredSession = {
  userId: string;
  createdAt: number;
  expiresAt: number;
  absoluteExpiresAt: number;
};

export type Session = StoredSession & { id: string };

export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

export function hashToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

function sessionKey(sessionId: string) {
  return `session:${sessionId}`;
}

// Sessions read from KV are kept in this isolate's memory for a short while, so a member moving
// between pages costs no KV read on each request. Whatever this isolate writes or deletes updates
// the copy at once (logout takes effect immediately here); another isolate's copy may live for up to
// RECENT_LIFETIME after a logout elsewhere, less than KV's own edge caching of a read (60 s).
// Revocation by password change does not depend on it: sessions_valid_after is read from D1 on
// every request.
const RECENT_LIFETIME = 30_000;
const RECENT_LIMIT = 5_000;
const recentSessions = new Map<string, { stored: StoredSession; until: number }>();

function remember(sessionId: string, stored: StoredSession) {
  recentSessions.delete(sessionId);
  if (recentSessions.size >= RECENT_LIMIT) recentSessions.delete(recentSessions.keys().next().value!);
  recentSessions.set(sessionId, { stored, until: Date.now() + RECENT_LIFETIME });
}

function recall(sessionId: string): StoredSession | null {
  const entry = recentSessions.get(sessionId);
  if (!entry) return null;
  if (Date.now() < entry.until) return entry.stored;
  recentSessions.delete(sessionId);
  return null;
}

async function storeSession(kv: KVNamespace, session: Session) {
  const { id, ...stored } = session;
  remember(id, stored);
  // KV's minimum TTL is 60 s; the session itself carries the exact expiry.
  const ttlSeconds = Math.max(60, Math.ceil((session.expiresAt - Date.now()) / 1000));
  await kv.put(sessionKey(id), JSON.stringify(stored), { expirationTtl: ttlSeconds });
}

export async function createSession(kv: KVNamespace, userId: string, now = Date.now()) {
  const token = generateSessionToken();
  const session: Session = {
    id: hashToken(token),
    userId,
    createdAt: now,
    expiresAt: Math.min(now + SESSION_SLIDING_LIFETIME, now + SESSION_ABSOLUTE_LIFETIME),
    absoluteExpiresAt: now + SESSION_ABSOLUTE_LIFETIME,
  };
  await storeSession(kv, session);
  return { token, session };
}

export async function invalidateSession(kv: KVNamespace, sessionId: string) {
  recentSessions.delete(sessionId);
  await kv.delete(sessionKey(sessionId));
}

export type SessionValidation = { session: Session; user: User; refreshed: boolean } | null;

/** The D1 read behind every signed-in request (the caller may batch it with the page's own reads). */
export const sessionUserQuery = reusableSelect((db: Database, userId: Param<string>) => {
  // A plain select: the relational builder costs more CPU on every signed-in request.
  return db.select().from(users).where(eq(users.id, userId)).limit(1);
});

// The session id of each token seen lately: a member's every request otherwise hashes the same
// token again (SHA-256 in JavaScript, about 3% of a signed-in page's CPU in workerd). Capped like
// the sessions themselves; a token's hash never changes, so an entry is never stale.
const recentIds = new Map<string, string>();

function sessionIdOf(token: string): string {
  let sessionId = recentIds.get(token);
  if (sessionId === undefined) {
    sessionId = hashToken(token);
    if (recentIds.size >= RECENT_LIMIT) recentIds.delete(recentIds.keys().next().value!);
    recentIds.set(token, sessionId);
  }
  return sessionId;
}

/** The stored session behind a token (KV only), or null when there is none or it expired. */
export async function readSession(kv: KVNamespace, token: string, now = Date.now()): Promise<Session | null> {
  const sessionId = sessionIdOf(token);
  let stored = recall(sessionId);
  if (!stored) {
    stored = await kv.get<StoredSession>(sessionKey(sessionId), "json");
    if (!stored) return null;
    remember(sessionId, stored);
  }
  const session: Session = { id: sessionId, ...stored };
  if (now >= session.expiresAt || now >= session.absoluteExpiresAt) {
    await invalidateSession(kv, sessionId);
    return null;
  }
  return session;
}

/**
 * A stored session counts only while its user exists and it was created after the user's
 * sessions-valid-after time (password changed or reset elsewhere): that time lives in D1, so
 * revocation does not wait for KV's eventual consistency. A session past half its sliding lifetime
 * is extended.
 */
export async function confirmSession(
  kv: KVNamespace,
  session: Session,
  user: User | undefined,
  now = Date.now(),
): Promise<SessionValidation> {
  if (!user || user.id !== session.userId || session.createdAt < user.sessionsValidAfter.getTime()) {
    await invalidateSession(kv, session.id);
    return null;
  }
  let refreshed = false;
  if (session.expiresAt - now < SESSION_REFRESH_THRESHOLD) {
    session.expiresAt = Math.min(now + SESSION_SLIDING_LIFETIME, session.absoluteExpiresAt);
    await storeSession(kv, session);
    refreshed = true;
  }
  return { session, user, refreshed };
}

export function isSecureRequest(request: Request) {
  return new URL(request.url).protocol === "https:";
}

export function readSessionToken(request: Request): string | null {
  const value = readCookie(request, COOKIE_NAME);
  return value && /^[a-z2-7]{32}$/.test(value) ? value : null;
}

export function serializeSessionCookie(request: Request, token: string, expiresAt: number) {
  const attributes = [
    `${COOKIE_NAME}=${token}`,
    "HttpOnly",
    "SameSite=Lax",
    "Path=/",
    `Expires=${new Date(expiresAt).toUTCString()}`,
  ];
  if (isSecureRequest(request)) attributes.push("Secure");
  return attributes.join("; ");
}

export function serializeBlankSessionCookie(request: Request) {
  const attributes = [`${COOKIE_NAME}=`, "HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=0"];
  if (isSecureRequest(request)) attributes.push("Secure");
  return attributes.join("; ");
}

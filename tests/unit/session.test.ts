import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { createDatabase, type Database } from "~/server/db.server";
import {
  confirmSession,
  createSession,
  hashToken,
  invalidateSession,
  readSession,
  readSessionToken,
  serializeBlankSessionCookie,
  serializeSessionCookie,
  SESSION_ABSOLUTE_LIFETIME,
  SESSION_SLIDING_LIFETIME,
  sessionUserQuery,
  type StoredSession,
} from "~/server/session.server";
import { insertUser } from "./helpers";

const db = createDatabase(env.DB);

/** The two steps of a request's session check (context.server.ts runs them apart, the user read in the page's batch). */
async function validateSessionToken(kv: KVNamespace, database: Database, token: string, now = Date.now()) {
  const session = await readSession(kv, token, now);
  if (!session) return null;
  const [user] = await sessionUserQuery(database, session.userId);
  return confirmSession(kv, session, user, now);
}
const DAY = 24 * 60 * 60 * 1000;

async function stored(token: string) {
  return env.KV.get<StoredSession>(`session:${hashToken(token)}`, "json");
}

describe("sessions in KV", () => {
  it("creates a random token and stores only its hash, with 30-day sliding and 90-day absolute expiry", async () => {
    expect(SESSION_SLIDING_LIFETIME).toBe(30 * DAY);
    expect(SESSION_ABSOLUTE_LIFETIME).toBe(90 * DAY);
    const userId = await insertUser(db);
    const now = Date.now();
    const { token, session } = await createSession(env.KV, userId, now);
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    expect(session.id).toBe(hashToken(token));
    expect(await stored(token)).toEqual({ userId, createdAt: now, expiresAt: now + 30 * DAY, absoluteExpiresAt: now + 90 * DAY });
    expect(await env.KV.get(`session:${token}`)).toBeNull();
    const keys = (await env.KV.list({ prefix: "session:" })).keys.map((key) => key.name);
    expect(keys.some((key) => key.includes(token))).toBe(false);
    const second = await createSession(env.KV, userId, now);
    expect(second.token).not.toBe(token);
  });

  it("validates a token to its session and user; unknown tokens give nothing", async () => {
    const userId = await insertUser(db, { firstName: "Valid" });
    const { token } = await createSession(env.KV, userId);
    const result = await validateSessionToken(env.KV, db, token);
    expect(result?.user.id).toBe(userId);
    expect(result?.user.firstName).toBe("Valid");
    expect(result?.refreshed).toBe(false);
    expect(await validateSessionToken(env.KV, db, "a".repeat(32))).toBeNull();
  });

  it("expires 30 days after the last refresh and deletes the expired session", async () => {
    const userId = await insertUser(db);
    const now = Date.now();
    const { token } = await createSession(env.KV, userId, now);
    expect(await validateSessionToken(env.KV, db, token, now + 30 * DAY)).toBeNull();
    expect(await stored(token)).toBeNull();
    // Gone for good: an earlier clock does not bring it back.
    expect(await validateSessionToken(env.KV, db, token, now + DAY)).toBeNull();
  });

  it("slides: refreshed when less than 15 days remain, not before", async () => {
    const userId = await insertUser(db);
    const now = Date.now();
    const { token } = await createSession(env.KV, userId, now);

    const early = await validateSessionToken(env.KV, db, token, now + 14 * DAY); // 16 days left
    expect(early?.refreshed).toBe(false);
    expect(early?.session.expiresAt).toBe(now + 30 * DAY);
    expect((await stored(token))?.expiresAt).toBe(now + 30 * DAY);

    const late = await validateSessionToken(env.KV, db, token, now + 16 * DAY); // 14 days left
    expect(late?.refreshed).toBe(true);
    expect(late?.session.expiresAt).toBe(now + 46 * DAY);
    expect((await stored(token))?.expiresAt).toBe(now + 46 * DAY);
    // Past the original 30 days, the refreshed session still works.
    expect((await validateSessionToken(env.KV, db, token, now + 40 * DAY))?.user.id).toBe(userId);
  });

  it("never outlives the 90-day absolute limit, however often it is used", async () => {
    const userId = await insertUser(db);
    const now = Date.now();
    const { token } = await createSession(env.KV, userId, now);
    for (const day of [16, 32, 48, 64, 80]) {
      expect(await validateSessionToken(env.KV, db, token, now + day * DAY), `day ${day}`).not.toBeNull();
    }
    expect((await stored(token))?.expiresAt).toBe(now + 90 * DAY);
    expect(await validateSessionToken(env.KV, db, token, now + 90 * DAY - 1)).not.toBeNull();
    expect(await validateSessionToken(env.KV, db, token, now + 90 * DAY)).toBeNull();
  });

  it("ends every session created before users.sessions_valid_after, at once", async () => {
    const userId = await insertUser(db);
    const now = Date.now();
    const older = await createSession(env.KV, userId, now - 1000);
    const sameInstant = await createSession(env.KV, userId, now);
    expect(await validateSessionToken(env.KV, db, older.token, now)).not.toBeNull();

    await db.update(users).set({ sessionsValidAfter: new Date(now) }).where(eq(users.id, userId));
    expect(await validateSessionToken(env.KV, db, older.token, now)).toBeNull();
    expect(await stored(older.token)).toBeNull();
    expect(await validateSessionToken(env.KV, db, sameInstant.token, now)).not.toBeNull();
    const newer = await createSession(env.KV, userId, now + 1);
    expect((await validateSessionToken(env.KV, db, newer.token, now + 2))?.user.id).toBe(userId);
  });

  it("ends the session of a deleted user and an invalidated session", async () => {
    const userId = await insertUser(db);
    const { token, session } = await createSession(env.KV, userId);
    const other = await createSession(env.KV, userId);
    await invalidateSession(env.KV, session.id);
    expect(await validateSessionToken(env.KV, db, token)).toBeNull();
    expect(await validateSessionToken(env.KV, db, other.token)).not.toBeNull();
    await db.delete(users).where(eq(users.id, userId));
    expect(await validateSessionToken(env.KV, db, other.token)).toBeNull();
  });
});

describe("session cookie", () => {
  const token = "abcdefghijklmnopqrstuvwxyz234567";

  it("reads the token from the Cookie header and ignores malformed values", () => {
    const request = (cookie?: string) => new Request("http://localhost/", { headers: cookie ? { Cookie: cookie } : {} });
    expect(readSessionToken(request(`theme=dark; session=${token}; toast=x`))).toBe(token);
    expect(readSessionToken(request(`session=${token}`))).toBe(token);
    expect(readSessionToken(request())).toBeNull();
    expect(readSessionToken(request("session="))).toBeNull();
    expect(readSessionToken(request(`session=${token.toUpperCase()}`))).toBeNull();
    expect(readSessionToken(request(`session=${token}x`))).toBeNull();
    expect(readSessionToken(request(`xsession=${token}`))).toBeNull();
  });

  it("is HttpOnly, SameSite=Lax, Path=/, with an expiry, and Secure only over https", () => {
    const expires = Date.UTC(2026, 11, 1);
    const plain = serializeSessionCookie(new Request("http://localhost/auth"), token, expires);
    expect(plain.split("; ")).toEqual([`session=${token}`, "HttpOnly", "SameSite=Lax", "Path=/", `Expires=${new Date(expires).toUTCString()}`]);
    const secure = serializeSessionCookie(new Request("https://example.com/auth"), token, expires);
    expect(secure.split("; ")).toContain("Secure");
    expect(serializeBlankSessionCookie(new Request("http://localhost/")).split("; ")).toEqual([
      "session=",
      "HttpOnly",
      "SameSite=Lax",
      "Path=/",
      "Max-Age=0",
    ]);
    expect(serializeBlankSessionCookie(new Request("https://example.com/")).split("; ")).toContain("Secure");
  });

  it("keeps a session it read in memory for a short while; logging out here ends it at once", async () => {
    const userId = await insertUser(db);
    const { token, session } = await createSession(env.KV, userId);
    expect(await validateSessionToken(env.KV, db, token)).not.toBeNull();
    // Gone from KV behind this isolate's back (another isolate logged it out): still known here for now.
    await env.KV.delete(`session:${session.id}`);
    expect(await validateSessionToken(env.KV, db, token)).not.toBeNull();
    // Logged out through this isolate: refused on the next request, not 30 s later.
    await invalidateSession(env.KV, session.id);
    expect(await validateSessionToken(env.KV, db, token)).toBeNull();
  });
});

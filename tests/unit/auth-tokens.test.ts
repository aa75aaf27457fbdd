import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { authTokens } from "../../db/schema";
import { consumeToken, issueToken, peekToken, TOKEN_LIFETIMES } from "~/server/auth-tokens.server";
import { createDatabase } from "~/server/db.server";
import { hashToken } from "~/server/session.server";
import { insertUser } from "./helpers";

const db = createDatabase(env.DB);
const HOUR = 60 * 60 * 1000;

/** The same token with one character changed (still of the valid shape). */
function tamper(token: string, index = 10) {
  const replacement = token[index] === "a" ? "b" : "a";
  return token.slice(0, index) + replacement + token.slice(index + 1);
}

describe("single-use e-mail tokens", () => {
  it("issues a 32-character base32 token and stores only its SHA-256", async () => {
    const userId = await insertUser(db);
    const token = await issueToken(db, userId, "password_reset");
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    const rows = await db.select().from(authTokens).where(eq(authTokens.userId, userId));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(hashToken(token));
    expect(rows[0].tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].tokenHash).not.toContain(token);
    expect(JSON.stringify(rows[0])).not.toContain(token);
    // SHA-256 of the token's UTF-8 bytes, as a cross-check with WebCrypto.
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)));
    expect(rows[0].tokenHash).toBe([...digest].map((byte) => byte.toString(16).padStart(2, "0")).join(""));
  });

  it("sets the lifetimes: 24 hours for confirmation, 1 hour for a reset", async () => {
    expect(TOKEN_LIFETIMES).toEqual({ email_confirmation: 24 * HOUR, password_reset: HOUR });
    const userId = await insertUser(db);
    const now = Date.UTC(2026, 10, 1, 12);
    await issueToken(db, userId, "email_confirmation", now);
    await issueToken(db, userId, "password_reset", now);
    const rows = await db.select().from(authTokens).where(eq(authTokens.userId, userId));
    const byPurpose = Object.fromEntries(rows.map((row) => [row.purpose, row.expiresAt.getTime()]));
    expect(byPurpose).toEqual({ email_confirmation: now + 24 * HOUR, password_reset: now + HOUR });
  });

  it("peeks without using the token up, then consumes it exactly once", async () => {
    const userId = await insertUser(db);
    const token = await issueToken(db, userId, "password_reset");
    expect(await peekToken(db, token, "password_reset")).toBe(userId);
    expect(await peekToken(db, token, "password_reset")).toBe(userId);
    expect(await consumeToken(db, token, "password_reset")).toBe(userId);
    expect(await consumeToken(db, token, "password_reset")).toBeNull();
    expect(await peekToken(db, token, "password_reset")).toBeNull();
    expect(await db.select().from(authTokens).where(eq(authTokens.userId, userId))).toHaveLength(0);
  });

  it("lets only one of two simultaneous uses succeed", async () => {
    const userId = await insertUser(db);
    const token = await issueToken(db, userId, "email_confirmation");
    const results = await Promise.all([
      consumeToken(db, token, "email_confirmation"),
      consumeToken(db, token, "email_confirmation"),
    ]);
    expect(results.filter((result) => result === userId)).toHaveLength(1);
    expect(results.filter((result) => result === null)).toHaveLength(1);
  });

  it("refuses an expired token (and it cannot be revived)", async () => {
    const userId = await insertUser(db);
    const issuedAt = Date.now();
    const token = await issueToken(db, userId, "password_reset", issuedAt);
    const justBefore = issuedAt + HOUR - 1;
    const atExpiry = issuedAt + HOUR;
    expect(await peekToken(db, token, "password_reset", justBefore)).toBe(userId);
    expect(await peekToken(db, token, "password_reset", atExpiry)).toBeNull();
    expect(await consumeToken(db, token, "password_reset", atExpiry)).toBeNull();
    // The refused attempt used it up: not even an earlier clock brings it back.
    expect(await consumeToken(db, token, "password_reset", justBefore)).toBeNull();
  });

  it("refuses a tampered token, a token of the wrong shape and a token of another purpose", async () => {
    const userId = await insertUser(db);
    const token = await issueToken(db, userId, "email_confirmation");
    for (const index of [0, 10, 31]) {
      expect(await peekToken(db, tamper(token, index), "email_confirmation"), `changed at ${index}`).toBeNull();
      expect(await consumeToken(db, tamper(token, index), "email_confirmation"), `changed at ${index}`).toBeNull();
    }
    for (const bad of ["", token.slice(0, 31), token + "a", token.toUpperCase(), token.slice(0, 31) + "1", hashToken(token)]) {
      expect(await consumeToken(db, bad, "email_confirmation"), JSON.stringify(bad)).toBeNull();
    }
    expect(await consumeToken(db, token, "password_reset")).toBeNull();
    // None of the refused attempts spent the real token.
    expect(await consumeToken(db, token, "email_confirmation")).toBe(userId);
  });

  it("voids earlier tokens of the same purpose when a new one is issued, and keeps the other purpose", async () => {
    const userId = await insertUser(db);
    const confirmation = await issueToken(db, userId, "email_confirmation");
    const first = await issueToken(db, userId, "password_reset");
    const second = await issueToken(db, userId, "password_reset");
    expect(first).not.toBe(second);
    expect(await peekToken(db, first, "password_reset")).toBeNull();
    expect(await peekToken(db, second, "password_reset")).toBe(userId);
    expect(await peekToken(db, confirmation, "email_confirmation")).toBe(userId);
  });

  it("keeps tokens of different users apart", async () => {
    const alice = await insertUser(db);
    const bob = await insertUser(db);
    const aliceToken = await issueToken(db, alice, "password_reset");
    const bobToken = await issueToken(db, bob, "password_reset");
    expect(await consumeToken(db, bobToken, "password_reset")).toBe(bob);
    expect(await consumeToken(db, aliceToken, "password_reset")).toBe(alice);
  });
});

import { and, eq } from "drizzle-orm";
import { authTokens } from "../../db/schema.ts";
import type { Database } from "./db.server.ts";
import { generateSessionToken, hashToken } from "./session.server.ts";

export type TokenPurpose = "email_confirmation" | "password_reset";

export const TOKEN_LIFETIMES: Record<TokenPurpose, number> = {
  email_confirmation: 24 * 60 * 60 * 1000,
  password_reset: 60 * 60 * 1000,
};

/** Issues a single-use token; only its SHA-256 is stored. Earlier tokens of the same purpose are void. */
export async function issueToken(db: Database, userId: string, purpose: TokenPurpose, now = Date.now()) {
  const token = generateSessionToken();
  await db.batch([
    db.delete(authTokens).where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose))),
    db.insert(authTokens).values({
      tokenHash: hashToken(token),
      userId,
      purpose,
      expiresAt: new Date(now + TOKEN_LIFETIMES[purpose]),
    }),
  ]);
  return token;
}

/** The user a still-valid token belongs to, without using it up. */
export async function peekToken(db: Database, token: string, purpose: TokenPurpose, now = Date.now()) {
  if (!/^[a-z2-7]{32}$/.test(token)) return null;
  const [row] = await db
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, hashToken(token)), eq(authTokens.purpose, purpose)))
    .limit(1);
  if (!row || row.expiresAt.getTime() <= now) return null;
  return row.userId;
}

/**
 * A token's row whether or not it has expired or been used (confirmation links stay until replaced,
 * so a second click can be told the address is already confirmed).
 */
export async function findToken(db: Database, token: string, purpose: TokenPurpose) {
  if (!/^[a-z2-7]{32}$/.test(token)) return null;
  const [row] = await db
    .select({ userId: authTokens.userId, expiresAt: authTokens.expiresAt })
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, hashToken(token)), eq(authTokens.purpose, purpose)))
    .limit(1);
  return row ?? null;
}

/** Uses a token up (one DELETE ... RETURNING, so two requests cannot both use it). */
export async function consumeToken(db: Database, token: string, purpose: TokenPurpose, now = Date.now()) {
  if (!/^[a-z2-7]{32}$/.test(token)) return null;
  const [row] = await db
    .delete(authTokens)
    .where(and(eq(authTokens.tokenHash, hashToken(token)), eq(authTokens.purpose, purpose)))
    .returning({ userId: authTokens.userId, expiresAt: authTokens.expiresAt });
  if (!row || row.expiresAt.getTime() <= now) return null;
  return row.userId;
}

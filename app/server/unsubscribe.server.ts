import { eq } from "drizzle-orm";
import { users } from "../../db/schema.ts";
import type { AppContext } from "./context.server.ts";
import { linkSecret, verifyLink } from "./signed-links.server.ts";

// The digest's unsubscribe links: /unsubscribe (a page with a button) and /unsubscribe/one-click
// (the mail client's RFC 8058 POST). Both act only on a correctly signed link of an existing account.

/** The member a signed link names, or null when the link is tampered with or the account is gone. */
export async function memberOfUnsubscribeLink(app: AppContext, url: URL) {
  const userId = url.searchParams.get("u") ?? "";
  const signature = url.searchParams.get("s") ?? "";
  const secret = linkSecret(app.env);
  if (!secret || !userId || !signature || userId.length > 100 || signature.length > 100) return null;
  if (!(await verifyLink(secret, "unsubscribe-digest", userId, signature))) return null;
  const [member] = await app.db.select({ id: users.id, email: users.email, notifyDigest: users.notifyDigest }).from(users).where(eq(users.id, userId)).limit(1);
  return member ?? null;
}

export async function unsubscribeFromDigest(app: AppContext, userId: string) {
  await app.db.update(users).set({ notifyDigest: false, updatedAt: new Date() }).where(eq(users.id, userId));
}

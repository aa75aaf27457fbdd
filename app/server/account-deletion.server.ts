import { scheduleDiscordDrain } from "./discord.server.ts";
import { eq } from "drizzle-orm";
import { comments, contactMessages, discordLinks, users, type User } from "../../db/schema.ts";
import { isStaff } from "../lib/access.ts";
import { passwordChangeThrottleName, PASSWORD_CHANGE_RULE } from "./accounts.server.ts";
import { auditEntry } from "./audit.server.ts";
import type { AppContext } from "./context.server.ts";
import { renderEmail, sendEmail } from "./email.server.ts";
import { deleteUnusedMedia, mediaKeysOf, queueMediaDeletion } from "./orphans.server.ts";
import { verifyPassword } from "./password.server.ts";
import type { Session } from "./session.server.ts";
import { endSubscriptionNow } from "./stripe.server.ts";
import { giveBackRightAttempt, readThrottle, takeAttempt } from "./throttle.server.ts";

// Deleting an account (GDPR article 17), by the member or by a superadmin. Outside D1 first (the Stripe
// subscription: a failure there stops everything and nothing is deleted), then one D1 batch: the
// member's comments keep their words under 'Former member', their contact messages go, their Discord
// link goes (its role removal queued), and deleting the users row removes every other row of theirs through the
// foreign keys' ON DELETE CASCADE (a new table of member rows needs only that). Every session ends
// with the row: a session counts only while its user exists (session.server.ts). Their uploaded
// images then leave R2 (orphans.server.ts), and a confirmation e-mail goes out.

export const FORMER_MEMBER = "Former member";
/** An account without a password proves it is its owner by a sign-in this recent. */
export const FRESH_SIGN_IN_MS = 10 * 60 * 1000;

export const STAFF_CANNOT_SELF_DELETE =
  "Staff accounts cannot be deleted here. Ask a superadmin to change your role to user first, or contact support.";

export type DeletionOutcome = { status: "deleted" } | { status: "refused"; message: string };

/** The R2 objects that are the member's own: their avatars (current and any left behind). */
async function ownedMediaKeys(app: AppContext, user: User) {
  const listed = await app.env.MEDIA.list({ prefix: `avatars/${user.id}-`, limit: 1000 });
  return [...new Set([...listed.objects.map((object) => object.key), ...mediaKeysOf([user.profileImageUrl]).filter((key) => key.startsWith(`avatars/${user.id}-`))])];
}

/** Deletes `user`'s account; `actor` is the member themself or a superadmin (audited). */
export async function deleteAccount(app: AppContext, origin: string, user: User, actor: User): Promise<DeletionOutcome> {
  if (isStaff(user)) return { status: "refused", message: STAFF_CANNOT_SELF_DELETE };
  // Stripe first, the one step outside D1: when it fails nothing has changed (the Discord link and
  // role included, which go with the rows below).
  try {
    if (user.stripeSubscriptionId) await endSubscriptionNow(app, origin, user.stripeSubscriptionId);
  } catch (error) {
    console.error("Account deletion stopped before any change", error);
    return { status: "refused", message: "We could not cancel the subscription with Stripe, so nothing was deleted. Please try again." };
  }

  const keys = await ownedMediaKeys(app, user);
  const { db } = app;
  const byStaff = actor.id !== user.id;
  await db.batch([
    db.update(comments).set({ userId: null, authorName: FORMER_MEMBER }).where(eq(comments.userId, user.id)),
    db.delete(contactMessages).where(eq(contactMessages.userId, user.id)),
    ...(keys.length ? [queueMediaDeletion(db, keys)] : []),
    ...(byStaff
      ? [
          auditEntry(db, actor, {
            action: "user.delete",
            targetUserId: user.id,
            targetLabel: user.email,
            before: { email: user.email, subscriptionTier: user.subscriptionTier, subscriptionStatus: user.subscriptionStatus, stripeSubscriptionId: user.stripeSubscriptionId },
            after: null,
          }),
        ]
      : []),
    // The link's delete trigger queues the members' role removal (the queue outlives the account:
    // discord.server.ts); it is served once this answer is sent.
    db.delete(discordLinks).where(eq(discordLinks.userId, user.id)),
    db.delete(users).where(eq(users.id, user.id)),
  ]);
  scheduleDiscordDrain(app);

  app.executionContext.waitUntil(app.env.KV.delete(passwordChangeThrottleName(user.id)));
  await deleteUnusedMedia({ db, bucket: app.env.MEDIA }, keys);
  await sendDeletionEmail(app, user).catch((error) => console.error("Deletion e-mail", error));
  return { status: "deleted" };
}

async function sendDeletionEmail(app: AppContext, user: User) {
  const siteName = app.env.SITE_NAME;
  const { text, html } = renderEmail({
    siteName,
    heading: "Your account has been deleted",
    paragraphs: [
      `Hi ${user.firstName || "there"}, your ${siteName} account and the data it held have been deleted.`,
      user.stripeSubscriptionId ? "Your subscription was cancelled at once: you will not be charged again." : "",
      "Comments you wrote stay on the site under 'Former member', without your name.",
      "If you did not ask for this, reply to this e-mail.",
    ].filter(Boolean),
  });
  await sendEmail(app.env, { to: user.email, subject: `Your ${siteName} account has been deleted`, text, html });
}

export type OwnerCheck = { ok: true } | { ok: false; field: "password" | "form"; message: string; status: 400 | 429 };

/**
 * The member proves it is them: the password (counted against the password-change throttle), or
 * for an account without one, a sign-in within FRESH_SIGN_IN_MS.
 */
export async function confirmAccountOwner(app: AppContext, user: User, session: Session, password: string | undefined, now = Date.now()): Promise<OwnerCheck> {
  if (!user.passwordHash) {
    if (now - session.createdAt <= FRESH_SIGN_IN_MS) return { ok: true };
    return { ok: false, field: "form", status: 400, message: "For your security, sign in again with Discord or Google, then delete your account within 10 minutes." };
  }
  const name = passwordChangeThrottleName(user.id);
  const throttled = (seconds: number): OwnerCheck => ({ ok: false, field: "form", status: 429, message: `Too many attempts. Please try again in ${seconds} seconds.` });
  if (!password) {
    const status = await readThrottle(app.env.KV, name, PASSWORD_CHANGE_RULE);
    if (!status.allowed) return throttled(status.retryAfterSeconds);
    return { ok: false, field: "password", status: 400, message: "Enter your password" };
  }
  // Taken before the password is hashed (guesses sent at the same moment are all counted); a right one gives it back.
  const attempt = await takeAttempt(app.env.KV, name, PASSWORD_CHANGE_RULE);
  if (!attempt.taken) return throttled(attempt.retryAfterSeconds);
  if (await verifyPassword(password, user.passwordHash)) {
    await giveBackRightAttempt(app.env.KV, name, PASSWORD_CHANGE_RULE);
    return { ok: true };
  }
  return { ok: false, field: "password", status: 400, message: "Password is incorrect" };
}

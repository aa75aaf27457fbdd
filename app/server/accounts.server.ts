import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { and, eq, isNull, sql } from "drizzle-orm";
import { authTokens, users, type User } from "../../db/schema.ts";
import { PASSWORD_CHANGE_ATTEMPTS, safeRedirectPath } from "../lib/schemas/auth.ts";
import type { AppContext } from "./context.server.ts";
import { consumeToken, findToken, issueToken } from "./auth-tokens.server.ts";
import { renderEmail, sendEmail } from "./email.server.ts";
import { getDecoyHash, hashPassword, needsRehash, verifyPassword } from "./password.server.ts";
import { createSession, invalidateSession, serializeSessionCookie } from "./session.server.ts";
import { isKnownDevice, rememberDevice } from "./known-devices.server.ts";
import { mediaKeyFromUrl, storeImage, type StoredImage } from "./uploads.server.ts";
import { turnstileSiteKey } from "./turnstile.server.ts";
import { billingGateway } from "./stripe.server.ts";
import { deleteUnusedMedia, keepMedia, queueMediaDeletion, reserveUploads } from "./orphans.server.ts";
import { clearThrottle, clientAddress, giveBackAttempt, giveBackRightAttempt, readThrottle, recordAttempt, takeAttempt, type ThrottleRule } from "./throttle.server.ts";

export const LOGIN_ACCOUNT_RULE: ThrottleRule = { limit: 5, windowSeconds: 15 * 60 };
export const LOGIN_ADDRESS_RULE: ThrottleRule = { limit: 30, windowSeconds: 15 * 60 };
export const REGISTER_ADDRESS_RULE: ThrottleRule = { limit: 5, windowSeconds: 60 * 60 };
/** With Turnstile keeping bots out, an address may be a campus, a LAN party or a mobile carrier's. */
export const REGISTER_SHARED_ADDRESS_RULE: ThrottleRule = { limit: 30, windowSeconds: 60 * 60 };
export const RESET_ADDRESS_RULE: ThrottleRule = { limit: 10, windowSeconds: 60 * 60 };
export const RESET_ACCOUNT_RULE: ThrottleRule = { limit: 3, windowSeconds: 60 * 60 };

export const INVALID_CREDENTIALS = "Invalid login credentials";
export const EMAIL_NOT_CONFIRMED = "Email not confirmed";

function emailKey(email: string) {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(email)));
}

export function tooManyAttemptsMessage(seconds: number) {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

export async function findUserByEmail(app: Pick<AppContext, "db">, email: string) {
  const [user] = await app.db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

export type LoginResult =
  | { status: "success"; user: User; deviceCookie: string }
  | { status: "invalid" | "unconfirmed" }
  | { status: "throttled"; retryAfterSeconds: number };

/**
 * Checks e-mail and password. The answer never tells whether the e-mail exists: a missing account
 * costs the same hash as a wrong password, and 'Email not confirmed' comes only after the right one.
 */
export async function authenticate(app: AppContext, request: Request, email: string, password: string): Promise<LoginResult> {
  const accountKey = emailKey(email);
  const accountThrottle = `login:account:${accountKey}`;
  const addressThrottle = `login:address:${clientAddress(request)}`;
  // Both attempts are taken before the password is hashed, so that guesses sent at the same moment
  // are counted before any of them is checked; a right password gives them back.
  const [account, address] = await Promise.all([
    takeAttempt(app.env.KV, accountThrottle, LOGIN_ACCOUNT_RULE),
    takeAttempt(app.env.KV, addressThrottle, LOGIN_ADDRESS_RULE),
  ]);
  // An address out of attempts (shared with someone guessing) still lets in a browser that signed in
  // to this account before; the account's own limit still holds for it.
  const addressPasses = address.taken || (account.taken && (await isKnownDevice(app.env.KV, request, accountKey)));
  if (!account.taken || !addressPasses) {
    await Promise.all([
      account.taken ? giveBackAttempt(app.env.KV, accountThrottle) : null,
      address.taken ? giveBackAttempt(app.env.KV, addressThrottle) : null,
    ]);
    return { status: "throttled", retryAfterSeconds: Math.max(account.taken ? 0 : account.retryAfterSeconds, addressPasses ? 0 : address.retryAfterSeconds) };
  }

  const user = await findUserByEmail(app, email);
  const valid = user?.passwordHash
    ? await verifyPassword(password, user.passwordHash)
    : (await verifyPassword(password, await getDecoyHash()), false);
  if (!user || !valid) return { status: "invalid" };
  await Promise.all([clearThrottle(app.env.KV, accountThrottle), address.taken ? giveBackAttempt(app.env.KV, addressThrottle) : null]);
  if (!user.emailConfirmedAt) return { status: "unconfirmed" };
  if (needsRehash(user.passwordHash!)) app.executionContext.waitUntil(upgradePasswordHash(app, user, password));
  return { status: "success", user, deviceCookie: await rememberDevice(app.env.KV, request, accountKey) };
}

/** Replaces a hash made with older parameters (or scrypt) after the password has been proven. */
async function upgradePasswordHash(app: AppContext, user: User, password: string) {
  try {
    const passwordHash = await hashPassword(password);
    await app.db
      .update(users)
      .set({ passwordHash })
      .where(sql`${users.id} = ${user.id} and ${users.passwordHash} = ${user.passwordHash}`);
  } catch (error) {
    console.error("Password hash upgrade", error);
  }
}

/** A new session (a new token at every login) and the cookie that carries it. */
export async function startSession(app: AppContext, request: Request, userId: string) {
  const { token, session } = await createSession(app.env.KV, userId);
  return serializeSessionCookie(request, token, session.expiresAt);
}

/**
 * The site's configured address, for links in e-mails. Never the request's own host: a client
 * chooses its Host header, and a reset link built from it would carry the token elsewhere.
 */
function siteOrigin(app: AppContext) {
  return new URL(app.env.SITE_URL).origin;
}

/** `next`: where the member was going when they registered (a path on this site); the link carries it to the login. */
export async function sendConfirmationEmail(app: AppContext, user: Pick<User, "id" | "email" | "firstName">, next = "") {
  const token = await issueToken(app.db, user.id, "email_confirmation");
  const target = safeRedirectPath(next, "");
  const url = `${siteOrigin(app)}/auth/confirm?token=${token}${target ? `&next=${encodeURIComponent(target)}` : ""}`;
  const siteName = app.env.SITE_NAME;
  const { text, html } = renderEmail({
    siteName,
    heading: `Confirm your e-mail address`,
    paragraphs: [
      // No name from the sign-up form: anyone can sign any address up, and this goes out from our address.
      `Welcome to ${siteName}!`,
      "Confirm your e-mail address to finish creating your account. The link is valid for 24 hours.",
      "If you did not create an account, you can ignore this message.",
    ],
    action: { label: "Confirm my e-mail", url },
  });
  await sendEmail(app.env, { to: user.email, subject: `Confirm your ${siteName} account`, text, html });
}

/**
 * A staff member changed a member's address: the old mailbox is told (its reset links no longer
 * work; the new address is not named, in case the old mailbox is no longer the member's), and the
 * new one is told it now signs in, or, for an account never confirmed, gets its confirmation link.
 */
export type AddressChange = { from: string; to: string; userId: string; firstName: string | null; confirmed: boolean; stripeCustomerId: string | null };

/**
 * Stripe sends receipts and renewal invoices to its customer's own address: a staff member's change
 * goes there too. False when Stripe could not take it (the change in D1 stands; staff are told).
 */
export async function updateBillingEmail(app: AppContext, origin: string, change: AddressChange): Promise<boolean> {
  const id = change.stripeCustomerId;
  if (!id) return true;
  const gateway = billingGateway(app, origin);
  // A customer of the other mode (a local test one under a real key, or the reverse) is not there to update.
  if (!gateway || (gateway.mode === "local") !== id.startsWith("cus_local_")) return true;
  try {
    await gateway.updateCustomerEmail(id, change.to);
    return true;
  } catch (error) {
    console.error(`Stripe customer ${id} keeps its old e-mail address`, error);
    return false;
  }
}

export async function sendAddressChangedEmails(app: AppContext, change: AddressChange) {
  const siteName = app.env.SITE_NAME;
  const login = `${siteOrigin(app)}/auth`;
  const old = renderEmail({
    siteName,
    heading: "Your e-mail address was changed",
    paragraphs: [
      `Our team changed the e-mail address of your ${siteName} account. From now on we write to the new address, and you log in with it.`,
      "Links sent to this address before (a password reset, a confirmation) no longer work.",
      "If you did not ask for this, reply to this e-mail and we will look into it.",
    ],
  });
  const fresh = renderEmail({
    siteName,
    heading: `This address now signs in to your ${siteName} account`,
    paragraphs: [
      `Our team set this e-mail address on your ${siteName} account. Log in with it and your password as before.`,
      "If you do not have an account with us, reply to this e-mail and we will look into it.",
    ],
    action: { label: "Log in", url: login },
  });
  await Promise.all([
    sendEmail(app.env, { to: change.from, subject: `Your ${siteName} e-mail address was changed`, ...old }),
    // An account never confirmed still needs its confirmation (the link sent before went to the old address).
    change.confirmed
      ? sendEmail(app.env, { to: change.to, subject: `Your ${siteName} account now uses this address`, ...fresh })
      : sendConfirmationEmail(app, { id: change.userId, email: change.to, firstName: change.firstName }),
  ]);
}

export type RegistrationInput = { firstName: string; lastName: string; email: string; password: string; redirectTo?: string };

/**
 * Creates an unconfirmed account and sends the confirmation link. For an e-mail that is already
 * registered the answer is the same; the owner gets a note (or a fresh link if still unconfirmed).
 */
export async function registerAccount(app: AppContext, request: Request, input: RegistrationInput) {
  const rule = turnstileSiteKey(app.env) ? REGISTER_SHARED_ADDRESS_RULE : REGISTER_ADDRESS_RULE;
  const throttle = await recordAttempt(app.env.KV, `register:${clientAddress(request)}`, rule);
  if (throttle.used > rule.limit) {
    return { status: "throttled" as const, retryAfterSeconds: throttle.retryAfterSeconds };
  }
  const existing = await findUserByEmail(app, input.email);
  // Hash in every case, so that the answer takes as long whether or not the e-mail exists; and
  // check the password against the pending sign-up's (a decoy otherwise), so that a pending
  // sign-up takes no longer either.
  const passwordHash = await hashPassword(input.password);
  const pendingHash = existing && !existing.emailConfirmedAt ? existing.passwordHash : null;
  const samePassword = (await verifyPassword(input.password, pendingHash ?? (await getDecoyHash()))) && pendingHash !== null;
  if (existing) {
    // At most three e-mails an hour to an address that is registered again (as for reset links):
    // nobody can flood a member's mailbox from many network addresses. The answer stays the same.
    const mails = await recordAttempt(app.env.KV, `register:account:${emailKey(input.email)}`, RESET_ACCOUNT_RULE);
    const mayMail = mails.used <= RESET_ACCOUNT_RULE.limit;
    if (!existing.emailConfirmedAt) {
      // Nobody has proven this address yet, and two people may have signed it up: neither
      // sign-up's password is kept (the owner chooses one when they confirm, see confirmEmail),
      // so nobody but the mailbox's owner gets into the account it confirms, whoever signed up
      // first or last. The same password again (a form sent twice) keeps it. The newest names
      // stay, and its link replaces the earlier ones (they stop working), whether or not the mail
      // limit lets it go out ('Resend confirmation email' sends a fresh one).
      const [pending] = await app.db
        .update(users)
        .set({ passwordHash: samePassword ? pendingHash : null, firstName: input.firstName, lastName: input.lastName, updatedAt: new Date() })
        .where(and(eq(users.id, existing.id), isNull(users.emailConfirmedAt)))
        .returning({ id: users.id, email: users.email, firstName: users.firstName });
      if (pending && mayMail) await sendConfirmationEmail(app, pending, input.redirectTo);
      else if (pending) await issueToken(app.db, pending.id, "email_confirmation");
    } else if (mayMail) {
      const siteName = app.env.SITE_NAME;
      const { text, html } = renderEmail({
        siteName,
        heading: "Someone tried to register with your e-mail",
        paragraphs: [
          `An account for this e-mail address already exists at ${siteName}, so no new account was created.`,
          "If that was you, log in instead, or reset your password if you have forgotten it.",
        ],
        action: { label: "Log in", url: `${siteOrigin(app)}/auth` },
      });
      await sendEmail(app.env, { to: existing.email, subject: `Your ${siteName} account`, text, html });
    }
    return { status: "success" as const };
  }
  const id = crypto.randomUUID();
  const inserted = await app.db
    .insert(users)
    .values({ id, email: input.email, firstName: input.firstName, lastName: input.lastName, passwordHash, role: "user" })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (inserted.length) await sendConfirmationEmail(app, { id, email: input.email, firstName: input.firstName }, input.redirectTo);
  return { status: "success" as const };
}

export async function resendConfirmation(app: AppContext, request: Request, email: string, redirectTo?: string) {
  const throttle = await recordAttempt(app.env.KV, `confirm-resend:${emailKey(email)}`, RESET_ACCOUNT_RULE);
  if (throttle.used > RESET_ACCOUNT_RULE.limit) return;
  const user = await findUserByEmail(app, email);
  if (user && !user.emailConfirmedAt) await sendConfirmationEmail(app, user, redirectTo);
}

export type ConfirmOutcome =
  | { status: "confirmed" | "already" | "invalid" }
  /** Confirmed, but signed up more than once with different passwords: the owner chooses one with this reset token. */
  | { status: "choose-password"; resetToken: string };

/**
 * Confirms the address a confirmation link was sent to. The link stays usable until it expires or a
 * newer one replaces it: a second click (or a mail scanner opening it first) is told the address is
 * already confirmed rather than that the link is invalid. An account the link confirms that has no
 * password (two sign-ups disagreed, see registerAccount) gets a password-reset token: the link
 * proves the mailbox, so its holder chooses the password.
 */
export async function confirmEmail(app: AppContext, token: string, now = new Date()): Promise<ConfirmOutcome> {
  const row = await findToken(app.db, token, "email_confirmation");
  if (!row) return { status: "invalid" };
  const live = row.expiresAt.getTime() > now.getTime();
  let status: "confirmed" | "already" | "invalid";
  const confirmed = live
    ? await app.db
        .update(users)
        .set({ emailConfirmedAt: now, updatedAt: now })
        .where(and(eq(users.id, row.userId), isNull(users.emailConfirmedAt)))
        .returning({ id: users.id })
    : [];
  const [user] = await app.db.select({ confirmedAt: users.emailConfirmedAt, passwordHash: users.passwordHash }).from(users).where(eq(users.id, row.userId)).limit(1);
  if (confirmed.length > 0) status = "confirmed";
  else status = user?.confirmedAt ? "already" : "invalid";
  if (live && status !== "invalid" && user && !user.passwordHash) {
    return { status: "choose-password", resetToken: await issueToken(app.db, row.userId, "password_reset") };
  }
  return { status };
}

/** Sends a reset link when the account exists; the caller answers the same either way. */
export async function requestPasswordReset(app: AppContext, request: Request, email: string) {
  const [addressStatus, accountStatus] = await Promise.all([
    recordAttempt(app.env.KV, `reset:address:${clientAddress(request)}`, RESET_ADDRESS_RULE),
    recordAttempt(app.env.KV, `reset:account:${emailKey(email)}`, RESET_ACCOUNT_RULE),
  ]);
  if (addressStatus.used > RESET_ADDRESS_RULE.limit) {
    return { status: "throttled" as const, retryAfterSeconds: addressStatus.retryAfterSeconds };
  }
  // Over the per-address limit for this e-mail: no more mail, and the answer says so rather than
  // 'sent'. It tells nothing of the account: the count is kept per address typed, known or not.
  if (accountStatus.used > RESET_ACCOUNT_RULE.limit) return { status: "throttled" as const, retryAfterSeconds: accountStatus.retryAfterSeconds };
  const user = await findUserByEmail(app, email);
  if (user) {
    const token = await issueToken(app.db, user.id, "password_reset");
    const url = `${siteOrigin(app)}/reset-password?token=${token}`;
    const siteName = app.env.SITE_NAME;
    const { text, html } = renderEmail({
      siteName,
      heading: "Reset your password",
      paragraphs: [
        "We received a request to reset the password of your account.",
        "The link below expires in 1 hour and can be used once. If you did not ask for it, ignore this message: your password stays as it is.",
      ],
      action: { label: "Choose a new password", url },
    });
    await sendEmail(app.env, { to: user.email, subject: `Reset your ${siteName} password`, text, html });
  }
  return { status: "success" as const };
}

/** Sets a new password and ends every session that existed before (sessions-valid-after). */
export async function setPassword(app: AppContext, userId: string, newPassword: string) {
  const passwordHash = await hashPassword(newPassword);
  const now = new Date();
  // Reset links sent before no longer work: a link that leaked does not outlive the new password.
  await app.db.batch([
    app.db.update(users).set({ passwordHash, sessionsValidAfter: now, updatedAt: now }).where(eq(users.id, userId)),
    app.db.delete(authTokens).where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, "password_reset"))),
  ]);
  return now;
}

export async function resetPasswordWithToken(app: AppContext, token: string, newPassword: string) {
  const userId = await consumeToken(app.db, token, "password_reset");
  if (!userId) return null;
  const changedAt = await setPassword(app, userId, newPassword);
  // A reset also proves that the owner reads this mailbox.
  const [owner] = await app.db
    .update(users)
    .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${changedAt.getTime()})` })
    .where(eq(users.id, userId))
    .returning({ email: users.email });
  // Wrong passwords others sent for this e-mail no longer lock its owner out: 'You can now log in
  // with your new password' holds.
  if (owner) await clearThrottle(app.env.KV, `login:account:${emailKey(owner.email)}`);
  return userId;
}

export const PASSWORD_CHANGE_RULE: ThrottleRule = { limit: PASSWORD_CHANGE_ATTEMPTS, windowSeconds: 60 * 60, lockSeconds: 15 * 60 };

export function passwordChangeThrottleName(userId: string) {
  return `password-change:${userId}`;
}

export function readPasswordChangeThrottle(app: AppContext, userId: string) {
  return readThrottle(app.env.KV, passwordChangeThrottleName(userId), PASSWORD_CHANGE_RULE);
}

export type PasswordChangeResult =
  | { status: "changed"; cookie: string; attemptsUsed: number }
  | { status: "throttled"; retryAfterSeconds: number; attemptsUsed: number }
  | { status: "wrong-password"; attemptsUsed: number; retryAfterSeconds: number };

/**
 * Changes the password after checking the current one. Every wrong current password counts against
 * the per-user throttle (3 per 60 minutes, then a 15-minute lock), kept in KV so that a reload or
 * a second tab does not reset it; the attempt is taken before the check (guesses sent at once are
 * all counted) and given back when the password was right. Other sessions end; this browser gets a fresh session.
 */
export async function changePassword(
  app: AppContext,
  request: Request,
  user: User,
  currentPassword: string,
  newPassword: string,
): Promise<PasswordChangeResult> {
  const name = passwordChangeThrottleName(user.id);
  const after = await takeAttempt(app.env.KV, name, PASSWORD_CHANGE_RULE);
  if (!after.taken) return { status: "throttled", retryAfterSeconds: after.retryAfterSeconds, attemptsUsed: after.used };
  const valid = user.passwordHash ? await verifyPassword(currentPassword, user.passwordHash) : false;
  if (!valid) return { status: "wrong-password", attemptsUsed: after.used, retryAfterSeconds: after.retryAfterSeconds };
  // Only wrong passwords are counted: the right one gives its attempt back.
  await giveBackRightAttempt(app.env.KV, name, PASSWORD_CHANGE_RULE);
  await setPassword(app, user.id, newPassword);
  const cookie = await startSession(app, request, user.id);
  const current = await app.getSession();
  if (current) await invalidateSession(app.env.KV, current.session.id);
  return { status: "changed", cookie, attemptsUsed: after.used - 1 };
}

export async function updateProfileNames(app: AppContext, userId: string, firstName: string, lastName: string) {
  await app.db.update(users).set({ firstName, lastName, updatedAt: new Date() }).where(eq(users.id, userId));
}

export const AVATAR_STORE_FAILED = "Failed to upload avatar. Please try again.";

/**
 * Stores a new avatar under the member's own prefix and drops the one it replaces. False when R2
 * refused the upload: then nothing changed (no row points at a missing object).
 */
export async function replaceAvatar(app: AppContext, user: Pick<User, "id" | "profileImageUrl">, image: StoredImage): Promise<boolean> {
  const key = `avatars/${user.id}-${Date.now()}.${image.kind.extension}`;
  await reserveUploads(app.db, [key]);
  let profileImageUrl: string;
  try {
    profileImageUrl = await storeImage(app.env.MEDIA, key, image);
  } catch (error) {
    console.error("Avatar upload failed", error);
    return false;
  }
  // Only a key of this member's own (an OAuth picture is a URL elsewhere, not ours to delete).
  const previous = mediaKeyFromUrl(user.profileImageUrl);
  const dropped = previous?.startsWith(`avatars/${user.id}-`) ? [previous] : [];
  await app.db.batch([
    app.db.update(users).set({ profileImageUrl, updatedAt: new Date() }).where(eq(users.id, user.id)),
    keepMedia(app.db, [key]),
    ...(dropped.length ? [queueMediaDeletion(app.db, dropped)] : []),
  ]);
  app.executionContext.waitUntil(deleteUnusedMedia({ db: app.db, bucket: app.env.MEDIA }, dropped));
  return true;
}

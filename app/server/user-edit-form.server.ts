import { parseWithZod } from "@conform-to/zod/v4";
import type { User } from "../../db/schema.ts";
import {
  ACCESS_DAY_REQUIRED,
  LIVE_SUBSCRIPTION_TIER_MESSAGE,
  OWN_EMAIL_MESSAGE,
  OWN_ROLE_MESSAGE,
  PAST_DUE_NEEDS_STRIPE_MESSAGE,
  STRIPE_DATE_MESSAGE,
  STRIPE_STATUS_MESSAGE,
  userEditSchema,
} from "../lib/schemas/admin.ts";
import { hasLiveSubscription, hasRunningSubscription } from "../lib/access.ts";
import { accessUntil, findUserForStaff, updateUserByStaff } from "./admin-dashboard.server.ts";
import { findUserByEmail, type AddressChange } from "./accounts.server.ts";
import { hasErrorMessage, type Database } from "./db.server.ts";
import { revisionOf } from "./http.server.ts";

// The superadmin's 'Edit user' dialog, as the dashboard posts it: a refused edit comes back as typed
// (with JavaScript or without, the dialog shows these values), a stale one with what is stored now.

/** The edit dialog's fields, sent back as typed when an edit is refused. */
const USER_EDIT_FIELDS = ["userId", "firstName", "lastName", "email", "subscriptionTier", "subscriptionStatus", "accessExpiresAt", "role", "revision"] as const;

export type UserEditValues = Record<(typeof USER_EDIT_FIELDS)[number], string>;

type FieldErrors = Record<string, string[] | null | undefined>;

export type UserEditOutcome =
  /** `newAddress`: the member's e-mail changed (both addresses are told). */
  | { ok: true; newAddress: AddressChange | null }
  | { ok: false; status: 400 | 403 | 404 | 409 | 502; error: string | null; fieldErrors: FieldErrors; values: UserEditValues };

/** Ends a Stripe subscription at once (no further charge, no refund); throws when Stripe cannot. */
export type EndSubscription = (subscriptionId: string) => Promise<void>;

const EMAIL_TAKEN = "Another account already uses this email address.";

async function emailTaken(db: Database, email: string, exceptUserId: string) {
  const other = await findUserByEmail({ db }, email);
  return Boolean(other && other.id !== exceptUserId);
}

export const STRIPE_END_FAILED = "Not saved: Stripe could not be reached to end this member's cancelled subscription. Nothing changed; try again.";

const USER_CHANGED =
  "Not saved: this account changed after you opened this dialog (a payment, the member's own edit, or another staff member's). The subscription fields now show what is stored; your other changes are still here. Check them and save again.";

/**
 * `endSubscription`: how a cancelled subscription still running to its period's end is ended when
 * the team sets its member Free (otherwise it would give premium back: the scheduled job and its
 * next event read it as theirs, and a new checkout would be ended as its duplicate).
 */
export async function submitUserEdit(db: Database, actor: Pick<User, "id" | "email" | "role">, formData: FormData, endSubscription: EndSubscription): Promise<UserEditOutcome> {
  const values = Object.fromEntries(USER_EDIT_FIELDS.map((name) => [name, String(formData.get(name) ?? "")])) as UserEditValues;
  const refused = (status: 400 | 403 | 404 | 409 | 502, error: string | null, fieldErrors: FieldErrors = {}, sent = values): UserEditOutcome => ({
    ok: false,
    status,
    error,
    fieldErrors,
    values: sent,
  });
  const submission = parseWithZod(formData, { schema: userEditSchema });
  if (submission.status !== "success") return refused(400, null, submission.error ?? {});
  const { intent: _intent, userId, accessExpiresAt, ...edit } = submission.value;
  const target = await findUserForStaff(db, userId);
  if (!target) return refused(404, "That user no longer exists.");
  // Saved on a revision older than the stored one (the dialog sends every field: a tier and date
  // from before a payment would undo it): refused, with what is stored now in those fields.
  const revision = revisionOf(formData);
  if (revision !== null && revision !== target.updatedAt.getTime()) {
    return refused(409, USER_CHANGED, {}, {
      ...values,
      subscriptionTier: target.subscriptionTier,
      subscriptionStatus: target.subscriptionStatus,
      accessExpiresAt: target.accessExpiresAt ? target.accessExpiresAt.toISOString().slice(0, 10) : "",
      revision: String(target.updatedAt.getTime()),
    });
  }
  if (target.id === actor.id && edit.email !== target.email.toLowerCase()) return refused(403, null, { email: [OWN_EMAIL_MESSAGE] });
  // Nobody changes their own role (a superadmin cannot lock the team out of its own dashboard).
  if (target.id === actor.id && edit.role !== undefined && edit.role !== target.role) return refused(403, null, { role: [OWN_ROLE_MESSAGE] });
  // A status set by hand while Stripe runs the subscription would be untrue (a member shown
  // 'Inactive' or 'Cancelled' whom Stripe still charges), and would open the way to Free below.
  if (edit.subscriptionStatus !== undefined && edit.subscriptionStatus !== target.subscriptionStatus && hasRunningSubscription(target)) {
    return refused(409, null, { subscriptionStatus: [STRIPE_STATUS_MESSAGE] });
  }
  // 'Past Due' tells the member their payment failed: untrue without a subscription.
  if (edit.subscriptionStatus === "past_due" && target.subscriptionStatus !== "past_due" && !target.stripeSubscriptionId) {
    return refused(400, null, { subscriptionStatus: [PAST_DUE_NEEDS_STRIPE_MESSAGE] });
  }
  if (edit.subscriptionTier === "free" && target.subscriptionTier === "premium" && hasLiveSubscription(target)) {
    return refused(409, null, { subscriptionTier: [LIVE_SUBSCRIPTION_TIER_MESSAGE] });
  }
  // The date field sent back empty (left out, it keeps the stored date): a free member's date goes.
  // Premium without a last day (cleared, or never set) would be premium that opens nothing: refused.
  const cleared = formData.get("accessExpiresAt") === "" && target.accessExpiresAt !== null;
  // Stripe's events set the date while the subscription runs: another one here would be undone
  // unseen (extra time given by the team, wiped at the period's end).
  const newDate = cleared ? null : accessUntil(accessExpiresAt, target.accessExpiresAt);
  if (newDate?.getTime() !== target.accessExpiresAt?.getTime() && hasRunningSubscription(target)) {
    return refused(409, null, { accessExpiresAt: [STRIPE_DATE_MESSAGE] });
  }
  const noDay = cleared || (!accessExpiresAt && target.accessExpiresAt === null);
  if (noDay && edit.subscriptionTier === "premium") return refused(400, null, { accessExpiresAt: [ACCESS_DAY_REQUIRED] });
  // Access set by hand on a member whose subscription has ended lets go of that subscription: it
  // would otherwise still read as theirs (a 'Resume' that cannot, 'Renews' on nothing charged) and
  // the scheduled job would put Stripe's ended state back over the grant.
  const grant = edit.subscriptionTier !== target.subscriptionTier || edit.subscriptionStatus !== target.subscriptionStatus || newDate?.getTime() !== target.accessExpiresAt?.getTime();
  // Free on a member whose cancelled subscription still runs to its period's end (a live one was
  // refused above): the subscription ends at Stripe now, premium ends today, and it is let go of.
  const endNow = edit.subscriptionTier === "free" && target.subscriptionTier === "premium" && Boolean(target.stripeSubscriptionId) && hasRunningSubscription(target);
  const letGo = (grant && Boolean(target.stripeSubscriptionId) && !hasRunningSubscription(target)) || endNow;
  if (endNow) {
    // Stripe's end cannot be taken back: an edit the save below would refuse is refused first.
    if (edit.email !== undefined && edit.email !== target.email.toLowerCase() && (await emailTaken(db, edit.email, target.id))) {
      return refused(400, EMAIL_TAKEN);
    }
    try {
      await endSubscription(target.stripeSubscriptionId!);
    } catch (error) {
      console.error("Ending a cancelled subscription for a staff edit", error);
      return refused(502, STRIPE_END_FAILED);
    }
  }
  try {
    await updateUserByStaff(db, actor, target, {
      ...edit,
      accessExpiresAt: endNow ? new Date() : newDate,
      ...(letGo ? { stripeSubscriptionId: null, subscriptionPlan: null, subscriptionStartDate: null } : {}),
      ...(endNow ? { subscriptionStatus: "cancelled" as const, cancelAtPeriodEnd: false as const } : {}),
    });
  } catch (error) {
    // Stripe has ended the subscription all the same: its event makes the member Free here too.
    const ended = endNow ? " The subscription was ended at Stripe: the member becomes Free with its next event." : "";
    return refused(400, `${hasErrorMessage(error, /UNIQUE/) ? EMAIL_TAKEN : "Failed to update user"}${ended}`);
  }
  const newAddress =
    edit.email !== undefined && edit.email !== target.email.toLowerCase()
      ? { from: target.email, to: edit.email, userId: target.id, firstName: edit.firstName ?? target.firstName, confirmed: target.emailConfirmedAt !== null, stripeCustomerId: target.stripeCustomerId }
      : null;
  return { ok: true, newAddress };
}

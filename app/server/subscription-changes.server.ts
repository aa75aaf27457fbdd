// What a member can do to their own subscription from Account Settings: cancel at the end of the
// period, resume, open Stripe's billing portal, and (local test mode only) simulate a renewal or a
// failed payment. Only the member's own stored subscription is ever touched, never an id from the browser.
import type { User } from "../../db/schema.ts";
import type { Toast } from "./toast.server.ts";
import type { AppContext } from "./context.server.ts";
import { applySnapshot, forgetMissingSubscription } from "./billing.server.ts";
import { billingGateway, billingMode, localGateway } from "./stripe.server.ts";
import { hasFailedPayment, hasLiveSubscription, hasPremiumAccess, isStaff } from "../lib/access.ts";

export const SUBSCRIPTION_INTENTS = ["cancel-subscription", "resume-subscription", "manage-billing", "simulate-renewal", "simulate-failed-payment"] as const;
export type SubscriptionIntent = (typeof SUBSCRIPTION_INTENTS)[number];

export function isSubscriptionIntent(value: string): value is SubscriptionIntent {
  return (SUBSCRIPTION_INTENTS as readonly string[]).includes(value);
}

/** Go to `url` (the billing portal), come back with a toast, or stay with an error toast and a status. */
export type SubscriptionChange =
  | { outcome: "portal"; url: string }
  | { outcome: "changed"; toast: Toast }
  | { outcome: "refused"; status: number; toast: Toast | null };

const CANCEL_FAILED = { kind: "error", title: "Cancellation failed", description: "Failed to cancel subscription. Please try again." } as const;
const SUBSCRIPTION_ENDED = {
  kind: "error",
  title: "Subscription ended",
  description: "Your subscription has already ended, so nothing was changed. Subscribe again from Pricing to get premium back.",
} as const;
const UPDATE_FAILED = { kind: "error", title: "Update failed", description: "Failed to update subscription. Please try again." } as const;

export async function changeSubscription(app: AppContext, origin: string, user: User, intent: SubscriptionIntent): Promise<SubscriptionChange> {
  const gateway = billingGateway(app, origin);
  if (!gateway) {
    return { outcome: "refused", status: 503, toast: { kind: "error", title: "Billing unavailable", description: "Payments are not configured right now." } };
  }
  if (intent === "manage-billing") {
    const url = user.stripeCustomerId ? await gateway.createPortalSession(user.stripeCustomerId, `${origin}/account-settings#subscription`) : null;
    if (url) return { outcome: "portal", url };
    const description = gateway.mode === "local" ? "The Stripe billing portal opens here once Stripe is configured." : "No billing account yet.";
    return { outcome: "refused", status: 400, toast: { kind: "info", title: "Billing portal", description } };
  }
  const subscriptionId = user.stripeSubscriptionId;
  if (!subscriptionId) return { outcome: "refused", status: 400, toast: { ...CANCEL_FAILED, description: "You have no subscription to change." } };
  try {
    if (intent === "cancel-subscription" || intent === "resume-subscription") {
      const cancel = intent === "cancel-subscription";
      // Ended meanwhile (a page left open past the period's end): nothing to cancel or resume, and
      // the member is told so rather than that it worked (its webhook brings the stored state along).
      const current = await gateway.retrieveSubscription(subscriptionId);
      // One Stripe no longer knows at all is forgotten here (no event will ever come for it).
      if (!current) await forgetMissingSubscription(app, user.id, subscriptionId);
      if (!current || current.status === "canceled" || current.status === "incomplete_expired") {
        return { outcome: "refused", status: 409, toast: SUBSCRIPTION_ENDED };
      }
      const changed = await gateway.setCancelAtPeriodEnd(subscriptionId, cancel);
      await applySnapshot(app, user.id, changed);
      // Resumed while a payment is failing: it goes on once a payment goes through, not 'as usual'.
      const resumed = changed.status === "past_due" ? "Your subscription goes on once a payment goes through: update your card with Manage Billing." : "Your subscription will renew as usual.";
      return {
        outcome: "changed",
        toast: cancel
          ? {
              kind: "success",
              title: "Subscription cancelled",
              // Access already paused (a payment failed past its grace days): no access is promised.
              description: hasPremiumAccess(user)
                ? "Your subscription has been cancelled. You'll have access until the end of your billing period."
                : "Your subscription has been cancelled: nothing more will be charged.",
            }
          : { kind: "success", title: "Subscription resumed", description: resumed },
      };
    }
    if (gateway.mode !== "local") return { outcome: "refused", status: 400, toast: null };
    const local = localGateway(app, origin);
    if (intent === "simulate-renewal") await local.renew(subscriptionId);
    else await local.failPayment(subscriptionId);
    return { outcome: "changed", toast: { kind: "info", title: "Test mode", description: intent === "simulate-renewal" ? "Renewal simulated." : "Failed payment simulated." } };
  } catch (error) {
    console.error("Subscription change failed", error);
    return { outcome: "refused", status: 502, toast: intent === "cancel-subscription" ? CANCEL_FAILED : UPDATE_FAILED };
  }
}

/** What the Subscription card shows of a member's billing (app/components/account/subscription-card.tsx). */
export function subscriptionSummary(env: Env, user: User, now = Date.now()) {
  const premium = hasPremiumAccess(user);
  const end = (user.accessExpiresAt ?? user.subscriptionEndDate)?.getTime() ?? null;
  return {
    hasPremium: premium,
    tier: user.subscriptionTier,
    status: user.subscriptionStatus,
    plan: user.subscriptionPlan,
    startDate: user.subscriptionStartDate?.getTime() ?? null,
    // Without premium, a date still ahead is not when it ended (staff set the account Free before
    // it): no 'Premium ended' date rather than a future one.
    endDate: !premium && end !== null && end > now ? null : end,
    cancelAtPeriodEnd: user.cancelAtPeriodEnd,
    isStaff: isStaff(user),
    hasStripeSubscription: Boolean(user.stripeSubscriptionId),
    billed: hasLiveSubscription(user),
    pastDue: hasFailedPayment(user),
    hasCustomer: Boolean(user.stripeCustomerId),
    // The simulations need a subscription that is still running (an ended one neither renews nor fails).
    testMode: billingMode(env) === "local" && Boolean(user.stripeSubscriptionId?.startsWith("sub_local_")) && (premium || user.subscriptionStatus === "past_due"),
  };
}


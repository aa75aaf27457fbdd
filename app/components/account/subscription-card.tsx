import { Form, useNavigation, useSearchParams } from "react-router";
import { Link } from "~/components/link";
import type { ToastMessage } from "~/components/toaster";
import { formatShortDate } from "~/lib/format";
import { PLANS, type PlanId } from "~/lib/pricing";
import { SettingsCard } from "./settings-card";
import { useFocusOnArrival } from "~/components/use-focus-on-arrival";

export type SubscriptionSummary = {
  hasPremium: boolean;
  status: string | null;
  plan: PlanId | null;
  startDate: number | null;
  endDate: number | null;
  cancelAtPeriodEnd: boolean;
  isStaff: boolean;
  hasStripeSubscription: boolean;
  /** A subscription Stripe still charges (hasLiveSubscription): cancellable even when access has lapsed. */
  billed: boolean;
  /** A failed payment Stripe is retrying (hasFailedPayment). */
  pastDue: boolean;
  hasCustomer: boolean;
  /** A subscription of the local test checkout: the simulate buttons show. */
  testMode: boolean;
};

/** `notice`: what the last subscription action answered when it stayed on the page (shown without JavaScript too). */
export function SubscriptionCard({ subscription, notice }: { subscription: SubscriptionSummary; notice: ToastMessage | null }) {
  const { hasPremium, status, plan, startDate, endDate, cancelAtPeriodEnd, isStaff, hasStripeSubscription, billed, pastDue, hasCustomer, testMode } = subscription;
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const confirmingCancel = searchParams.get("cancel") === "confirm";
  const pendingIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const cancelled = status === "cancelled" || cancelAtPeriodEnd;
  // Premium that has run out says so, with the day it ended (a cancelled membership with the spec's
  // 'Cancelled' badge), rather than looking like an account that never had one. A subscription
  // Stripe still charges (a failed payment being retried) shows its dates above instead.
  const ended = !hasPremium && !isStaff && !billed && endDate !== null;
  const badge =
    pastDue
      ? { label: "Past Due", style: "bg-blitz text-field-950" }
      : cancelled && (hasPremium || ended)
        ? { label: "Cancelled", style: "bg-slate-600 text-white" }
        : hasPremium
          ? { label: "Premium Active", style: "bg-turf text-field-950" }
          : { label: "Free Tier", style: "bg-field-700 text-slate-200" };
  // Only a subscription that will charge again renews; premium given by the team, or kept while a
  // failed payment is retried, lasts until a day.
  const endLabel = cancelled ? "Ends" : !hasPremium ? "Access ended" : status === "past_due" || !hasStripeSubscription ? "Access until" : "Renews";
  // Stripe still charges this member: cancelling and the card stay reachable, whatever their access
  // (a paying member made staff too: their role gives access, the subscription still charges).
  const manageable = hasStripeSubscription && (billed || (hasPremium && !isStaff));
  const shownDates = billed || (hasPremium && !isStaff);
  const planName = isStaff ? "Staff (full access)" : (hasPremium || billed) && plan ? `Premium ${PLANS[plan].name}` : hasPremium ? "Premium" : "Free";

  return (
    <SettingsCard id="subscription" title="Subscription">
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-lg font-bold text-white">{planName}</p>
        <span className={`rounded-full px-3 py-1 text-xs font-bold ${badge.style}`}>{badge.label}</span>
      </div>
      {shownDates ? (
        <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-400">Started</dt>
            <dd className="font-semibold text-white">{formatShortDate(startDate)}</dd>
          </div>
          <div>
            <dt className="text-slate-400">{endLabel}</dt>
            <dd className="font-semibold text-white">{formatShortDate(endDate)}</dd>
          </div>
        </dl>
      ) : null}
      {isStaff && billed ? (
        <p className="mt-4 text-sm text-slate-300">
          Your staff role gives you full access; this premium subscription is still charged. Cancel it if you no longer want to pay for it.
        </p>
      ) : null}
      {hasPremium && !isStaff && !hasStripeSubscription ? (
        // Premium given by the team (or the demo account): no subscription to cancel, nothing charged.
        <p className="mt-4 text-sm text-slate-300">
          Premium was given to this account by our team: nothing is charged and there is nothing to cancel. Questions?{" "}
          <Link to="/contact" className="text-link">
            Contact us
          </Link>
          .
        </p>
      ) : null}
      {manageable ? (
        <div className="mt-6 flex flex-wrap gap-3">
          {cancelled ? (
            <ResumeButton pendingIntent={pendingIntent} />
          ) : confirmingCancel ? (
            <ConfirmCancel hasPremium={hasPremium} endDate={endDate} pendingIntent={pendingIntent} />
          ) : (
            <CancelLink />
          )}
          {hasCustomer ? (
            <Form method="post">
              <input type="hidden" name="intent" value="manage-billing" />
              <button type="submit" className="btn-secondary" aria-disabled={Boolean(pendingIntent) || undefined} onClick={(event) => pendingIntent && event.preventDefault()}>
                Manage Billing
              </button>
            </Form>
          ) : null}
        </div>
      ) : null}
      {notice ? (
        <p role="alert" className="mt-4 text-sm text-slate-200">
          <span className="font-semibold text-white">{notice.title}:</span> {notice.description}
        </p>
      ) : null}
      {pastDue ? (
        <p role="alert" className="mt-4 rounded-lg border border-blitz/60 bg-orange-950/40 px-4 py-3 text-sm text-orange-200">
          Your last payment failed. Update your card with Manage Billing to {hasPremium ? "keep" : "get back"} premium access.
        </p>
      ) : null}
      {testMode ? (
        <div className="mt-6 rounded-xl border border-dashed border-amber-400/60 p-4">
          <p className="text-xs font-black uppercase text-amber-300">Test mode</p>
          <div className="mt-2 flex flex-wrap gap-3">
            <Form method="post">
              <input type="hidden" name="intent" value="simulate-renewal" />
              <button type="submit" className="btn-secondary text-xs">Simulate renewal</button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="simulate-failed-payment" />
              <button type="submit" className="btn-secondary text-xs">Simulate failed payment</button>
            </Form>
          </div>
        </div>
      ) : null}
      {ended ? (
        <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-400">Premium ended</dt>
            <dd className="font-semibold text-white">{formatShortDate(endDate)}</dd>
          </div>
        </dl>
      ) : null}
      {!hasPremium && !isStaff && !billed ? (
        <div className="mt-5">
          <p className="text-sm text-slate-300">
            {ended ? "Subscribe again to unlock" : "Unlock"} every scheme, formation and play, plus ratings, comments and favourites.
          </p>
          <Link to="/subscribe" className="btn-primary mt-4">
            Upgrade to Premium
          </Link>
        </div>
      ) : null}
    </SettingsCard>
  );
}

/** 'Cancel Subscription': the keyboard comes back to it from 'Keep premium' ('Keep subscription'). */
/** After a cancellation, the keyboard is on 'Resume Subscription', which took the place of its confirmation. */
function ResumeButton({ pendingIntent }: { pendingIntent: FormDataEntryValue | null | undefined }) {
  const ref = useFocusOnArrival<HTMLButtonElement>();
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="resume-subscription" />
      <button ref={ref} type="submit" className="btn-primary" aria-disabled={Boolean(pendingIntent) || undefined} onClick={(event) => pendingIntent && event.preventDefault()}>
        {pendingIntent === "resume-subscription" ? "Resuming..." : "Resume Subscription"}
      </button>
    </Form>
  );
}

function CancelLink() {
  const ref = useFocusOnArrival<HTMLAnchorElement>();
  return (
    <Link ref={ref} to="/account-settings?cancel=confirm#subscription" preventScrollReset className="btn-danger">
      Cancel Subscription
    </Link>
  );
}

/** One tap on a phone does not end a membership: the cancellation is confirmed here, the keyboard on its answer. */
function ConfirmCancel({ hasPremium, endDate, pendingIntent }: { hasPremium: boolean; endDate: number | null; pendingIntent: FormDataEntryValue | null | undefined }) {
  const ref = useFocusOnArrival<HTMLButtonElement>();
  return (
    <div role="group" aria-labelledby="cancel-confirm-title" className="w-full rounded-xl border border-red-500/40 bg-red-950/30 p-4">
      <p id="cancel-confirm-title" className="font-semibold text-white">Cancel your subscription?</p>
      <p className="mt-1 text-sm text-slate-300">
        {hasPremium
          ? `Premium stays until ${formatShortDate(endDate)}, then ends; nothing more is charged. You can resume it any time before then.`
          : "The subscription is set to end: no new period is charged."}
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <Form method="post">
          <input type="hidden" name="intent" value="cancel-subscription" />
          {/* aria-disabled while sending, not disabled: a disabled button drops the keyboard's focus. */}
          <button ref={ref} type="submit" className="btn-danger" aria-disabled={Boolean(pendingIntent) || undefined} onClick={(event) => pendingIntent && event.preventDefault()}>
            {pendingIntent === "cancel-subscription" ? "Cancelling..." : "Yes, cancel subscription"}
          </button>
        </Form>
        <Link to="/account-settings#subscription" preventScrollReset className="btn-secondary">
          {hasPremium ? "Keep premium" : "Keep subscription"}
        </Link>
      </div>
    </div>
  );
}

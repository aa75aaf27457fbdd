import { useState } from "react";
import { data, Form, redirect, useNavigate, useNavigation } from "react-router";
import { Link } from "~/components/link";
import { useFocusAfterSave, useFocusOnArrival } from "~/components/use-focus-on-arrival";
import type { Route } from "./+types/subscribe";
import { PlanFeatures, PricingCards } from "~/components/pricing-cards";
import { showToast } from "~/components/toaster";
import { hasFailedPayment, hasLiveSubscription, hasPremiumAccess, isStaff } from "~/lib/access";
import { formatShortDate } from "~/lib/format";
import { PLANS, type PlanId } from "~/lib/pricing";
import { pageMeta } from "~/lib/seo";
import { ensureCustomer, lookUpPromoCode, priceIdFor } from "~/server/billing.server";
import { getApp } from "~/server/context.server";
import { getOptionalUser } from "~/server/guards.server";
import { readForm } from "~/server/http.server";
import { billingGateway } from "~/server/stripe.server";
import { redirectWithToast } from "~/server/toast.server";

const LOGIN_REQUIRED = { kind: "error" as const, title: "Login Required", description: "Please log in to subscribe to a plan." };
const MAX_PROMO_LENGTH = 64;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    matches,
    title: "Pricing",
    description: "Premium membership: $14.95 a month or $125 a year. Every scheme, formation and play for College Football 26 and Madden NFL 26.",
    path: "/subscribe",
  });
}

function isPlan(value: unknown): value is PlanId {
  return value === "monthly" || value === "yearly";
}

/** Trimmed; "" when empty; null when too long to be a code. */
function normalizePromoCode(value: unknown): string | null {
  const code = typeof value === "string" ? value.trim() : "";
  return code.length > MAX_PROMO_LENGTH ? null : code;
}

/** The login page, coming back to this plan (and code) afterwards. */
function loginHref(plan: PlanId, promoCode: string) {
  const back = new URLSearchParams({ plan });
  if (promoCode) back.set("promo", promoCode);
  return `/auth?redirectTo=${encodeURIComponent(`/subscribe?${back}`)}`;
}

const LIVE_SUBSCRIPTION =
  "Your subscription is still running: its last payment failed. Update your card with Manage Billing in Account Settings to get premium back; paying again would charge you twice.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getOptionalUser(context);
  const query = new URL(request.url).searchParams;
  const plan = query.get("plan");
  return {
    signedIn: Boolean(viewer),
    selectedPlan: isPlan(plan) ? plan : null,
    // Carried through the login when a visitor chose a plan with a code.
    promoCode: normalizePromoCode(query.get("promo")) ?? "",
    membership:
      // A member Stripe still charges (their access lapsed while a failed payment is retried) is sent
      // to their card, not to a second checkout.
      viewer && (hasPremiumAccess(viewer) || isStaff(viewer) || hasLiveSubscription(viewer))
        ? {
            staff: isStaff(viewer),
            lapsed: !hasPremiumAccess(viewer),
            subscribed: Boolean(viewer.stripeSubscriptionId),
            plan: viewer.subscriptionPlan,
            endsAt: viewer.accessExpiresAt?.getTime() ?? null,
            cancelled: viewer.cancelAtPeriodEnd || viewer.subscriptionStatus === "cancelled",
            pastDue: hasFailedPayment(viewer),
          }
        : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const viewer = await getOptionalUser(context);
  const formData = await readForm(request);
  const plan = formData.get("plan");
  const promoCode = normalizePromoCode(formData.get("promoCode"));
  if (!viewer) {
    return redirectWithToast(isPlan(plan) ? loginHref(plan, promoCode ?? "") : `/auth?redirectTo=${encodeURIComponent("/subscribe")}`, LOGIN_REQUIRED);
  }
  if (!isPlan(plan)) return data({ error: "Please choose a plan." }, { status: 400 });
  if (hasPremiumAccess(viewer) && !isStaff(viewer)) {
    return data({ error: "You already have premium access. Manage your plan from Account Settings." }, { status: 409 });
  }
  if (hasLiveSubscription(viewer) && !isStaff(viewer)) {
    return data({ error: LIVE_SUBSCRIPTION }, { status: 409 });
  }
  if (promoCode === null) return data({ error: "Promo code is too long." }, { status: 400 });

  const origin = new URL(request.url).origin;
  const gateway = billingGateway(app, origin);
  if (!gateway) return data({ error: "Payments are not available right now. Please try again later." }, { status: 503 });
  try {
    let promotionCodeId: string | null = null;
    if (promoCode) {
      const promo = await lookUpPromoCode(app, gateway, viewer, promoCode);
      // The code comes back in the field (a page posted without JavaScript is drawn anew).
      if (promo.status === "throttled") {
        const minutes = Math.max(1, Math.ceil(promo.retryAfterSeconds / 60));
        const error = `You have tried many promo codes. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}, or continue without one.`;
        return data({ error, field: "promoCode", sentCode: promoCode }, { status: 429 });
      }
      if (promo.status === "invalid") return data({ error: `Promo code "${promoCode}" is invalid or has expired.`, field: "promoCode", sentCode: promoCode }, { status: 400 });
      promotionCodeId = promo.promotionCodeId;
    }
    const customerId = await ensureCustomer(app, gateway, viewer);
    const url = await gateway.createCheckoutSession({
      userId: viewer.id,
      email: viewer.email,
      customerId,
      priceId: priceIdFor(app.env, plan),
      promotionCodeId,
      successUrl: `${origin}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${origin}/cancel`,
    });
    return redirect(url);
  } catch (error) {
    console.error("Checkout failed", error);
    return data({ error: "Failed to create checkout session." }, { status: 502 });
  }
}

export default function Subscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { signedIn, selectedPlan, promoCode, membership } = loaderData;

  if (membership) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-16 text-center sm:px-6">
        <h1 className="font-display text-4xl font-black text-white">{membership.pastDue || membership.lapsed ? "Your last payment failed" : "You're all set"}</h1>
        {membership.staff ? (
          <p className="mt-4 text-slate-300">Staff accounts have full access to every scheme.</p>
        ) : membership.lapsed ? (
          <p className="mt-4 text-slate-300">{LIVE_SUBSCRIPTION}</p>
        ) : membership.pastDue ? (
          // A failed payment is not a renewal: the date is the end of the grace period.
          <p className="mt-4 text-slate-300">
            You keep premium access{membership.endsAt ? ` until ${formatShortDate(membership.endsAt)}` : ""} while the payment is retried. Update your
            card with Manage Billing to keep it.
          </p>
        ) : (
          <p className="mt-4 text-slate-300">
            You have premium access{membership.plan ? ` on the ${PLANS[membership.plan].name.toLowerCase()} plan` : ""}.{" "}
            {membership.endsAt ? `${membership.cancelled || !membership.subscribed ? "Access ends" : "Renews"} on ${formatShortDate(membership.endsAt)}.` : null}
          </p>
        )}
        <div className="mt-8 flex justify-center gap-3">
          <Link to="/home" className="btn-primary">Go to Dashboard</Link>
          {/* Premium given by the team has no billing to manage. */}
          {!membership.staff && membership.subscribed ? <Link to="/account-settings#subscription" className="btn-secondary">Manage Billing</Link> : null}
        </div>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <div className="text-center">
        <h1 className="font-display text-4xl font-black text-white sm:text-5xl">Go Premium</h1>
        <p className="mx-auto mt-3 max-w-2xl text-slate-300">
          Every scheme, formation and play for College Football 26 and Madden NFL 26. 7-day money-back guarantee, cancel anytime.
        </p>
      </div>

      {selectedPlan ? (
        <CheckoutStep
          key={selectedPlan}
          plan={selectedPlan}
          signedIn={signedIn}
          promoCode={actionData && "sentCode" in actionData && typeof actionData.sentCode === "string" ? actionData.sentCode : promoCode}
          error={actionData?.error ?? null}
        />
      ) : (
        <PlanChoice />
      )}
    </div>
  );
}

function PlanChoice() {
  // Back from the checkout step ('Choose a different plan'), the keyboard goes to the plans.
  const heading = useFocusOnArrival<HTMLHeadingElement>();
  return (
    <div className="mt-12">
      {/* The plans' names are h3: a heading between them and the page's h1 keeps the outline whole. */}
      <h2 ref={heading} tabIndex={-1} className="sr-only">
        Plans
      </h2>
      <PricingCards />
    </div>
  );
}

function CheckoutStep({ plan, signedIn, promoCode, error }: { plan: PlanId; signedIn: boolean; promoCode: string; error: string | null }) {
  const navigation = useNavigation();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const details = PLANS[plan];
  // Chosen on this page ('Choose Yearly'), the step replaces the link that had the keyboard: it goes here.
  const heading = useFocusOnArrival<HTMLHeadingElement>();

  // A visitor sees the toast here and moves to the login a second later; the plan and code come back
  // with them. (Without JavaScript the action answers with the same toast on /auth.)
  const aimFocus = useFocusAfterSave();
  const requireLogin = (event: React.FormEvent<HTMLFormElement>) => {
    if (signedIn) return;
    event.preventDefault();
    if (leaving) return;
    setLeaving(true);
    showToast(LOGIN_REQUIRED);
    const code = normalizePromoCode(new FormData(event.currentTarget).get("promoCode")) ?? "";
    setTimeout(() => navigate(loginHref(plan, code)), 1000);
  };

  return (
    <div className="mx-auto mt-12 max-w-lg">
      <div className="card p-6">
        <p className="text-sm font-bold uppercase tracking-wider text-turf">Your plan</p>
        <div className="mt-2 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 ref={heading} tabIndex={-1} className="text-2xl font-black text-white focus:outline-none">
            Premium {details.name}
          </h2>
          <p>
            <span className="text-3xl font-black text-white">{details.priceLabel}</span>
            <span className="text-slate-400">/{details.period}</span>
          </p>
        </div>
        {"savingsLabel" in details ? <p className="mt-1 text-sm font-bold text-turf">{details.savingsLabel}</p> : null}
        <PlanFeatures plan={plan} />
        <Form
          method="post"
          className="mt-6 space-y-4"
          onSubmit={(event) => {
            // A refused code comes back here: the keyboard goes to the code (the button may have lost it).
            if (signedIn) aimFocus(["promoCode"]);
            requireLogin(event);
          }}
        >
          <input type="hidden" name="plan" value={plan} />
          <div>
            <label htmlFor="promoCode" className="label">Promo code (optional)</label>
            <input
              id="promoCode"
              name="promoCode"
              type="text"
              maxLength={64}
              defaultValue={promoCode}
              autoComplete="off"
              className="input"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "checkout-error" : undefined}
            />
          </div>
          {error ? (
            <p id="checkout-error" role="alert" className="field-error">{error}</p>
          ) : null}
          {/* aria-disabled while sending, not disabled: a disabled button drops the keyboard's focus. */}
          <button
            type="submit"
            className="btn-primary w-full py-3 text-base"
            aria-disabled={busy || leaving || undefined}
            onClick={(event) => (busy || leaving) && event.preventDefault()}
          >
            {busy ? "Redirecting to payment..." : "Proceed to Payment"}
          </button>
        </Form>
        <p className="mt-4 text-center text-xs text-slate-400">Secure payment by Stripe. 7-day money-back guarantee.</p>
      </div>
      <p className="mt-6 text-center">
        <Link to="/subscribe" className="text-sm font-semibold text-turf hover:underline">Choose a different plan</Link>
      </p>
    </div>
  );
}

import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/test-checkout";
import { Link } from "~/components/link";
import { hasPremiumAccess, isStaff } from "~/lib/access";
import { PLANS } from "~/lib/pricing";
import { planForPrice } from "~/server/billing.server";
import { getApp } from "~/server/context.server";
import { requireUser } from "~/server/guards.server";
import { readForm } from "~/server/http.server";
import { billingMode, localGateway, localPromotion } from "~/server/stripe.server";

// The local stand-in for Stripe Checkout (docs/decisions/0005-billing-gateway-and-local-mode.md): only without a Stripe key, on localhost.
async function loadSession(request: Request, context: Route.LoaderArgs["context"], sessionId: string) {
  const app = getApp(context);
  if (billingMode(app.env) !== "local") throw data(null, { status: 404 });
  const user = await requireUser(context, request);
  const gateway = localGateway(app, new URL(request.url).origin);
  const session = await gateway.getCheckoutSession(sessionId);
  if (!session || session.userId !== user.id) throw data(null, { status: 404 });
  // One membership per member: a checkout opened before another one was paid (a second tab) is
  // not paid on top of it. Stripe does the same with "Limit customers to one subscription".
  const alreadyPremium = !session.completed && hasPremiumAccess(user) && !isStaff(user);
  return { app, gateway, session, alreadyPremium };
}

const ALREADY_PREMIUM = "You already have premium access, so this checkout was not paid and nothing was charged. Manage your plan from Account Settings.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const sessionId = new URL(request.url).searchParams.get("session") ?? "";
  const { app, session, alreadyPremium } = await loadSession(request, context, sessionId);
  const plan = planForPrice(app.env, session.priceId) ?? "monthly";
  return { sessionId, plan, completed: session.completed, promotion: promotionOn(PLANS[plan].price, localPromotion(session.promotionCodeId)), alreadyPremium };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const sessionId = String(formData.get("session") ?? "");
  const { gateway, session, alreadyPremium } = await loadSession(request, context, sessionId);
  if (formData.get("intent") === "cancel") return redirect(session.cancelUrl);
  if (alreadyPremium) return data({ error: ALREADY_PREMIUM }, { status: 409 });
  if (!session.completed) await gateway.completeCheckout(session.id);
  return redirect(session.successUrl.replace("{CHECKOUT_SESSION_ID}", session.id));
}

/** A promotion's percentage off a price in dollars, in whole cents (half a cent rounds up), and what is left to pay. */
function promotionOn(price: number, promotion: { code: string; percentOff: number } | null) {
  if (!promotion) return null;
  const priceCents = Math.round(price * 100);
  const offCents = Math.round((priceCents * promotion.percentOff) / 100);
  return { ...promotion, offCents, dueCents: priceCents - offCents };
}

function formatCents(cents: number) {
  return `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

export function meta() {
  return [{ title: "Test checkout | Gridiron Playbook" }, { name: "robots", content: "noindex" }];
}

export default function TestCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const plan = PLANS[loaderData.plan];
  if (loaderData.alreadyPremium || actionData?.error) {
    return (
      <div className="mx-auto max-w-md px-4 py-16">
        <div className="card p-6">
          <p className="inline-block rounded-full bg-amber-400 px-3 py-1 text-xs font-black uppercase text-field-950">Test mode</p>
          <h1 className="mt-4 text-2xl font-black text-white">Test checkout</h1>
          <p role="alert" className="mt-4 text-slate-200">{actionData?.error ?? ALREADY_PREMIUM}</p>
          <Link to="/account-settings#subscription" className="btn-primary mt-6 w-full">Manage Billing</Link>
        </div>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <div className="card p-6">
        <p className="inline-block rounded-full bg-amber-400 px-3 py-1 text-xs font-black uppercase text-field-950">Test mode</p>
        <h1 className="mt-4 text-2xl font-black text-white">Test checkout</h1>
        <p className="mt-2 text-sm text-slate-300">
          No Stripe key is configured, so this local page stands in for Stripe Checkout. Paying sends signed Stripe
          events to the webhook, exactly as Stripe would. No card is charged.
        </p>
        <div className="mt-6 flex items-baseline justify-between rounded-xl bg-field-800 p-4">
          <span className="font-bold text-white">Premium {plan.name}</span>
          <span className="text-xl font-black text-white">
            {plan.priceLabel}
            <span className="text-sm font-normal text-slate-400">/{plan.period}</span>
          </span>
        </div>
        {loaderData.promotion ? (
          <dl className="mt-2 space-y-1 rounded-xl border border-field-700 p-4 text-sm">
            <div className="flex justify-between gap-3 text-turf">
              <dt>
                Promo code applied: {loaderData.promotion.code} ({loaderData.promotion.percentOff}% off the first payment)
              </dt>
              <dd className="shrink-0">−{formatCents(loaderData.promotion.offCents)}</dd>
            </div>
            <div className="flex justify-between gap-3 font-bold text-white">
              <dt>Due today</dt>
              <dd data-testid="due-today">{formatCents(loaderData.promotion.dueCents)}</dd>
            </div>
            <div className="flex justify-between gap-3 text-slate-400">
              <dt>Then</dt>
              <dd>
                {plan.priceLabel}/{plan.period}
              </dd>
            </div>
          </dl>
        ) : null}
        <div className="mt-6 grid grid-cols-2 gap-3">
          <Form method="post">
            <input type="hidden" name="session" value={loaderData.sessionId} />
            <input type="hidden" name="intent" value="cancel" />
            <button type="submit" className="btn-secondary w-full">Cancel</button>
          </Form>
          <Form method="post">
            <input type="hidden" name="session" value={loaderData.sessionId} />
            <input type="hidden" name="intent" value="pay" />
            <button type="submit" className="btn-primary w-full">Pay</button>
          </Form>
        </div>
      </div>
    </div>
  );
}

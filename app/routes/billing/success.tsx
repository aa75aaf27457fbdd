import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { Link } from "~/components/link";
import type { Route } from "./+types/success";
import { hasPremiumAccess } from "~/lib/access";
import { getApp } from "~/server/context.server";
import { requireUser } from "~/server/guards.server";
import { billingGateway } from "~/server/stripe.server";

/** How often the page asks again before it stops and says what to do (about a minute). */
const MAX_CHECKS = 20;
const CHECK_EVERY_MS = 3000;

// Reads our own database only: access comes from the verified webhook, never from this redirect.
// `check` counts the page's own reloads without JavaScript, so that someone who never paid (or
// opened /success by hand) is not left on a page that refreshes forever.
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const url = new URL(request.url);
  const checks = Math.min(Math.max(Math.trunc(Number(url.searchParams.get("check"))) || 0, 0), MAX_CHECKS);
  const active = hasPremiumAccess(user);
  // The checkout's id goes on through the page's own reloads: when the webhook lands between two of
  // them, the page can still tell a checkout ended as a duplicate from the membership itself.
  const sessionId = url.searchParams.get("session_id")?.slice(0, 255) || null;
  const again = (check: number | null) => `/success?${new URLSearchParams([...(sessionId ? [["session_id", sessionId]] : []), ...(check ? [["check", String(check)]] : [])])}`.replace(/\?$/, "");
  return { active, checks, nextCheck: again(checks + 1), checkAgain: again(null), duplicate: active && (await endedAsDuplicate(getApp(context), url, user)) };
}

/**
 * Whether this checkout (its session id in the address) was the member's second subscription,
 * paid while they had one: ended at once and refunded (billing.server.ts), so this page must not
 * say it is their membership. Stripe not answering leaves the page as it was.
 */
async function endedAsDuplicate(app: ReturnType<typeof getApp>, url: URL, user: { id: string; stripeSubscriptionId: string | null }) {
  const sessionId = url.searchParams.get("session_id");
  const gateway = sessionId && user.stripeSubscriptionId ? billingGateway(app, url.origin) : null;
  if (!gateway || !sessionId) return false;
  try {
    const made = await gateway.checkoutSubscription(sessionId);
    if (!made || made.userId !== user.id || made.subscriptionId === user.stripeSubscriptionId) return false;
    return (await gateway.retrieveSubscription(made.subscriptionId))?.status === "canceled";
  } catch (error) {
    console.error("Reading the checkout for /success", error);
    return false;
  }
}

export function meta() {
  return [{ title: "Thank you for subscribing! | Gridiron Playbook" }, { name: "robots", content: "noindex" }];
}

export default function Success({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const [checks, setChecks] = useState(loaderData.checks);
  const waiting = !loaderData.active && checks < MAX_CHECKS;
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => {
      setChecks((count) => count + 1);
      void revalidator.revalidate();
    }, CHECK_EVERY_MS);
    return () => clearTimeout(timer);
  }, [waiting, checks, revalidator]);
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      {waiting ? (
        <noscript>
          <meta httpEquiv="refresh" content={`${CHECK_EVERY_MS / 1000};url=${loaderData.nextCheck}`} />
        </noscript>
      ) : null}
      <p className="text-5xl" aria-hidden="true">🏆</p>
      <h1 className="mt-4 font-display text-4xl font-black text-white">Thank you for subscribing!</h1>
      {loaderData.duplicate ? (
        <p className="mt-4 text-slate-300" role="status">
          You already had premium, so this checkout's subscription was ended at once and its payment refunded (a refund takes 5 to 10 days to reach
          your card). Your membership goes on as before: see it in <Link to="/account-settings#subscription" className="text-link">Account Settings</Link>.
        </p>
      ) : loaderData.active ? (
        <p className="mt-4 text-slate-300">Your premium membership is active. Every scheme, formation and play is unlocked.</p>
      ) : waiting ? (
        <p className="mt-4 text-slate-300" role="status">
          We're activating your membership. This takes a moment; this page refreshes by itself.
        </p>
      ) : (
        <p className="mt-4 text-slate-300" role="status">
          We have not received a payment from you yet. If you paid, it can take a few minutes: <Link to={loaderData.checkAgain} className="text-link">check again</Link>.
          If you did not finish the checkout, <Link to="/subscribe" className="text-link">choose a plan</Link>.
        </p>
      )}
      <Link to="/home" className="btn-primary mt-8">Go to Dashboard</Link>
    </div>
  );
}

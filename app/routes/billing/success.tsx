import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { Link } from "~/components/link";
import type { Route } from "./+types/success";
import { hasPremiumAccess } from "~/lib/access";
import { requireUser } from "~/server/guards.server";

// Reads our own database only: access comes from the verified webhook, never from this redirect.
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  return { active: hasPremiumAccess(user) };
}

export function meta() {
  return [{ title: "Thank you for subscribing! | Gridiron Playbook" }, { name: "robots", content: "noindex" }];
}

export default function Success({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (loaderData.active) return;
    const timer = setInterval(() => revalidator.revalidate(), 2000);
    return () => clearInterval(timer);
  }, [loaderData.active, revalidator]);
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      {!loaderData.active ? (
        <noscript>
          <meta httpEquiv="refresh" content="3" />
        </noscript>
      ) : null}
      <p className="text-5xl" aria-hidden="true">🏆</p>
      <h1 className="mt-4 font-display text-4xl font-black text-white">Thank you for subscribing!</h1>
      {loaderData.active ? (
        <p className="mt-4 text-slate-300">Your premium membership is active. Every scheme, formation and play is unlocked.</p>
      ) : (
        <p className="mt-4 text-slate-300" role="status">
          We're activating your membership. This takes a moment; this page refreshes by itself.
        </p>
      )}
      <Link to="/home" className="btn-primary mt-8">Go to Dashboard</Link>
    </div>
  );
}

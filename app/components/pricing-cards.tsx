import { useRouteLoaderData } from "react-router";
import { Link } from "~/components/link";
import { PLANS } from "~/lib/pricing";
import type { loader as rootLoader } from "~/root";

const DISCORD_FEATURE = "Discord community access";

const COMMON_FEATURES = [
  "Every scheme, formation and play",
  "Pro tips, gameplay and lab sessions",
  "Rate, comment and save favorites",
  DISCORD_FEATURE,
  "7-day money-back guarantee",
  "Cancel anytime",
  "Support response within 24 hours",
];

/**
 * The Discord promise: with the role sync configured, the members' role that follows the
 * membership (linked in Account Settings); without it, the community's invite link.
 */
function DiscordFeature() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  if (root?.discordRoleSync) {
    return (
      <span>
        {DISCORD_FEATURE} <span className="text-slate-400">(members' role while you subscribe; link Discord in Account Settings)</span>
      </span>
    );
  }
  return (
    <a href={root?.discordUrl ?? "#"} target="_blank" rel="noopener noreferrer" className="underline decoration-field-600 underline-offset-2 hover:text-white">
      {DISCORD_FEATURE}
    </a>
  );
}

export function PlanFeatures({ plan }: { plan: "monthly" | "yearly" }) {
  const features = plan === "yearly" ? [...COMMON_FEATURES, "Priority Support"] : COMMON_FEATURES;
  return (
    <ul className="mt-6 space-y-2.5 text-sm text-slate-300">
      {features.map((feature) => (
        <li key={feature} className="flex items-start gap-2">
          <svg viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 shrink-0 text-turf" fill="currentColor" aria-hidden="true">
            <path d="M7.6 13.4 4.2 10l-1.4 1.4 4.8 4.8 10-10-1.4-1.4z" />
          </svg>
          {feature === DISCORD_FEATURE ? <DiscordFeature /> : feature}
        </li>
      ))}
    </ul>
  );
}

/** The two plans with their prices and promises; each card's button opens that plan's checkout step. */
export function PricingCards() {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      {(["monthly", "yearly"] as const).map((id) => {
        const plan = PLANS[id];
        return (
          <div key={id} className={`card relative flex flex-col p-6 ${id === "yearly" ? "border-turf/70" : ""}`}>
            {id === "yearly" ? (
              <span className="absolute -top-3 right-6 rounded-full bg-turf px-3 py-1 text-xs font-black uppercase text-field-950">Best value</span>
            ) : null}
            <h3 className="text-lg font-bold text-white">{plan.name}</h3>
            <p className="mt-3">
              <span className="font-display text-4xl font-black text-white">{plan.priceLabel}</span>
              <span className="text-slate-400">/{plan.period}</span>
            </p>
            {"savingsLabel" in plan ? <p className="mt-1 text-sm font-bold text-turf">{plan.savingsLabel}</p> : <p className="mt-1 text-sm text-slate-400">Billed monthly</p>}
            <PlanFeatures plan={id} />
            <div className="mt-auto pt-6">
              <Link to={`/subscribe?plan=${id}`} className={id === "yearly" ? "btn-primary w-full" : "btn-secondary w-full"}>
                Choose {plan.name}
              </Link>
            </div>
          </div>
        );
      })}
    </div>
  );
}

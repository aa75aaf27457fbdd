import { TermsOfServiceText } from "~/components/legal/terms-of-service-text";
import type { Route } from "./+types/terms-of-service";
import { pageMeta } from "~/lib/seo";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    matches,
    title: "Terms of Service",
    description:
      "The terms for using Gridiron Playbook: accounts, the premium membership, billing and our 7-day money-back guarantee, acceptable use, member content and more.",
    path: "/terms-of-service",
  });
}

export default function TermsOfService() {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <header>
        <h1 className="font-display text-3xl font-black text-white sm:text-4xl">Terms of Service</h1>
        <p className="mt-2 text-sm text-slate-400">Last updated: June 2024</p>
      </header>

      <TermsOfServiceText />
    </article>
  );
}

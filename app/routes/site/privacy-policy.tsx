import { PrivacyPolicyText } from "~/components/legal/privacy-policy-text";
import type { Route } from "./+types/privacy-policy";
import { pageMeta } from "~/lib/seo";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    matches,
    title: "Privacy Policy",
    description:
      "How Gridiron Playbook collects, uses and protects your personal information, which cookies we use (only strictly necessary ones) and how to exercise your privacy rights.",
    path: "/privacy-policy",
  });
}

export default function PrivacyPolicy() {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <header>
        <h1 className="font-display text-3xl font-black text-white sm:text-4xl">Privacy Policy</h1>
        <p className="mt-2 text-sm text-slate-400">Last updated: June 2024</p>
      </header>

      <PrivacyPolicyText />
    </article>
  );
}

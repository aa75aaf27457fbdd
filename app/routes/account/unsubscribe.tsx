import { eq } from "drizzle-orm";
import { data, Form } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { Link } from "~/components/link";
import { users } from "../../../db/schema";
import { getApp } from "~/server/context.server";
import { linkSecret, verifyLink } from "~/server/signed-links.server";

// /unsubscribe?u=<user>&s=<signature>: the digest e-mail's one-click unsubscribe, without a session.
// Opening the link changes nothing (mail scanners open links); the page's button, or the mail
// client's one-click POST (RFC 8058, `List-Unsubscribe=One-Click`), turns the digest off.

const INVALID = "This unsubscribe link is not valid";

export function meta() {
  return [{ title: "Unsubscribe | Gridiron Playbook" }, { name: "robots", content: "noindex" }];
}

/** The member a signed link names, or null when the link is tampered with or the account is gone. */
async function memberOfLink(context: Route.LoaderArgs["context"], url: URL) {
  const app = getApp(context);
  const userId = url.searchParams.get("u") ?? "";
  const signature = url.searchParams.get("s") ?? "";
  const secret = linkSecret(app.env);
  if (!secret || !userId || !signature || userId.length > 100 || signature.length > 100) return null;
  if (!(await verifyLink(secret, "unsubscribe-digest", userId, signature))) return null;
  const [member] = await app.db.select({ id: users.id, email: users.email, notifyDigest: users.notifyDigest }).from(users).where(eq(users.id, userId)).limit(1);
  return member ?? null;
}

function maskEmail(email: string) {
  const [name, domain] = email.split("@");
  return `${name.slice(0, 2)}${"•".repeat(Math.max(1, name.length - 2))}@${domain}`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await memberOfLink(context, new URL(request.url));
  if (!member) throw data(INVALID, { status: 400 });
  return { email: maskEmail(member.email), subscribed: member.notifyDigest, done: false };
}

export async function action({ request, context }: Route.ActionArgs) {
  const member = await memberOfLink(context, new URL(request.url));
  if (!member) throw data(INVALID, { status: 400 });
  await getApp(context).db.update(users).set({ notifyDigest: false, updatedAt: new Date() }).where(eq(users.id, member.id));
  return { email: maskEmail(member.email), subscribed: false, done: true };
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData ?? loaderData;
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      {state.done || !state.subscribed ? (
        <>
          <h1 className="font-display text-3xl font-black text-white">You're unsubscribed</h1>
          <p className="mt-4 text-slate-300">
            {state.email} will no longer get the daily digest. You can turn it back on in{" "}
            <Link to="/account-settings#notifications" className="text-link">Account Settings</Link>.
          </p>
        </>
      ) : (
        <>
          <h1 className="font-display text-3xl font-black text-white">Unsubscribe from the daily digest?</h1>
          <p className="mt-4 text-slate-300">{state.email} gets an e-mail when schemes and plays they favourited change status.</p>
          <Form method="post" className="mt-8">
            <button type="submit" className="btn-primary">Unsubscribe</button>
          </Form>
        </>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="font-display text-3xl font-black text-white">{INVALID}</h1>
      <p className="mt-4 text-slate-300">
        It may have been changed, or its account no longer exists. Nothing was changed. Signed-in members can turn the digest off in{" "}
        <Link to="/account-settings#notifications" className="text-link">Account Settings</Link>.
      </p>
    </section>
  );
}

import { data, Form } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { Link } from "~/components/link";
import { getApp } from "~/server/context.server";
import { memberOfUnsubscribeLink, unsubscribeFromDigest } from "~/server/unsubscribe.server";

// /unsubscribe?u=<user>&s=<signature>: the digest e-mail's unsubscribe link, without a session.
// Opening it changes nothing (mail scanners open links); the page's one button turns the digest
// off. Mail clients' one-click POST (RFC 8058) goes to /unsubscribe/one-click.

const INVALID = "This unsubscribe link is not valid";

export function meta() {
  return [{ title: "Unsubscribe | Gridiron Playbook" }, { name: "robots", content: "noindex" }];
}

function maskEmail(email: string) {
  const [name, domain] = email.split("@");
  return `${name.slice(0, 2)}${"•".repeat(Math.max(1, name.length - 2))}@${domain}`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await memberOfUnsubscribeLink(getApp(context), new URL(request.url));
  if (!member) throw data(INVALID, { status: 400 });
  return { email: maskEmail(member.email), subscribed: member.notifyDigest, done: false };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const member = await memberOfUnsubscribeLink(app, new URL(request.url));
  if (!member) throw data(INVALID, { status: 400 });
  await unsubscribeFromDigest(app, member.id);
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
          <p className="mt-4 text-slate-300">{state.email} gets a daily e-mail when schemes and plays they favourited, are learning or keep in a gameplan change status, and with new content in the games they follow.</p>
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

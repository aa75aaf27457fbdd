import { redirect } from "react-router";
import type { Route } from "./+types/unsubscribe-one-click";
import { getApp } from "~/server/context.server";
import { memberOfUnsubscribeLink, unsubscribeFromDigest } from "~/server/unsubscribe.server";

// The List-Unsubscribe address of the digest (RFC 8058): the mail client POSTs
// `List-Unsubscribe=One-Click` here from its own servers, without a session. A resource route, so
// the POST from another origin reaches it (the cross-site guard lets this path through: the signed
// link is the authority). Opening it in a browser shows the page with the button instead.

export async function loader({ request }: Route.LoaderArgs) {
  return redirect(`/unsubscribe${new URL(request.url).search}`);
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const member = await memberOfUnsubscribeLink(app, new URL(request.url));
  if (!member) return new Response("This unsubscribe link is not valid.", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  await unsubscribeFromDigest(app, member.id);
  return new Response("You're unsubscribed from the daily digest.", { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

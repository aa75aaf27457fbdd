import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { getApp } from "~/server/context.server";
import { invalidateSession, serializeBlankSessionCookie } from "~/server/session.server";

export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const current = await app.getSession();
  if (current) await invalidateSession(app.env.KV, current.session.id);
  // Back to where the user was (same-site paths only), which reloads the page signed out.
  const referer = request.headers.get("Referer");
  let target = "/";
  if (referer) {
    const url = new URL(referer);
    if (url.origin === new URL(request.url).origin) target = url.pathname + url.search;
  }
  return redirect(target, { headers: { "Set-Cookie": serializeBlankSessionCookie(request) } });
}

export function loader() {
  return redirect("/");
}

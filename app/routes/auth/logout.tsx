import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { safeRedirectPath } from "~/lib/schemas/auth";
import { getApp } from "~/server/context.server";
import { invalidateSession, serializeBlankSessionCookie } from "~/server/session.server";

export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const current = await app.getSession();
  if (current) await invalidateSession(app.env.KV, current.session.id);
  return redirect(backTo(request.headers.get("Referer"), request.url), { headers: { "Set-Cookie": serializeBlankSessionCookie(request) } });
}

export function loader() {
  return redirect("/");
}

/**
 * Back to where the user was, which reloads the page signed out: a path of this site only. A
 * referer that does not parse, names another origin, or whose path reads as another host ('//x')
 * goes home.
 */
function backTo(referer: string | null, requestUrl: string) {
  if (!referer || !URL.canParse(referer)) return "/";
  const url = new URL(referer);
  if (url.origin !== new URL(requestUrl).origin) return "/";
  return safeRedirectPath(url.pathname + url.search, "/");
}

import { data } from "react-router";
import type { Route } from "./+types/oauth-callback";
import { startSession } from "~/server/accounts.server";
import { getApp } from "~/server/context.server";
import { claimKeptForm } from "~/server/kept-forms.server";
import { clearAuthorizationCookies, completeAuthorization, configuredProviders, isOAuthProvider, returnAddressOf } from "~/server/oauth.server";
import { redirectWithToast } from "~/server/toast.server";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const provider = params.provider;
  if (!isOAuthProvider(provider) || !configuredProviders(app.env).some((entry) => entry.id === provider)) {
    throw data(null, { status: 404 });
  }
  const outcome = await completeAuthorization(app, provider, request);
  const headers = new Headers();
  for (const cookie of clearAuthorizationCookies(request)) headers.append("Set-Cookie", cookie);
  if (outcome.status === "error") {
    // Back to the login page, which still goes on to the page the sign-in started from.
    const back = returnAddressOf(request);
    const login = back === "/home" ? "/auth" : `/auth?redirectTo=${encodeURIComponent(back)}`;
    return redirectWithToast(login, { kind: "error", title: "Sign-in failed", description: outcome.message }, { headers });
  }
  headers.append("Set-Cookie", await startSession(app, request, outcome.userId));
  // Back to the page the sign-in started from; a form kept there when the session ended is this
  // member's again (as after a password login that goes straight back to it).
  const target = returnAddressOf(request);
  await claimKeptForm(app, request, outcome.userId, target);
  return redirectWithToast(target, { kind: "success", title: "Login successful! Redirecting..." }, { headers });
}

export { NoPage as default } from "~/components/no-page";

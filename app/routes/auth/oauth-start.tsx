import { data, redirect } from "react-router";
import type { Route } from "./+types/oauth-start";
import { getApp } from "~/server/context.server";
import { configuredProviders, isOAuthProvider, startAuthorization } from "~/server/oauth.server";

export function loader({ params, request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const provider = params.provider;
  if (!isOAuthProvider(provider) || !configuredProviders(app.env).some((entry) => entry.id === provider)) {
    throw data(null, { status: 404 });
  }
  const { url, cookies } = startAuthorization(app.env, provider, request);
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return redirect(url, { headers });
}

export { NoPage as default } from "~/components/no-page";

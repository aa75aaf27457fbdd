import { data } from "react-router";
import type { Route } from "./+types/discord-callback";
import { getApp } from "~/server/context.server";
import { clearDiscordLinkCookies, completeDiscordLink, discordSyncConfig } from "~/server/discord.server";
import { requireUser } from "~/server/guards.server";
import { redirectWithToast } from "~/server/toast.server";

// Discord sends the member back here after 'Connect Discord' (register this address as a redirect
// of the OAuth application: README, 'Discord role sync').
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const app = getApp(context);
  const config = discordSyncConfig(app.env);
  if (!config) throw data(null, { status: 404 });
  const outcome = await completeDiscordLink(app, config, user, request);
  const headers = new Headers();
  for (const cookie of clearDiscordLinkCookies(request)) headers.append("Set-Cookie", cookie);
  if (outcome.status === "error") {
    return redirectWithToast("/account-settings#discord", { kind: "error", title: "Discord not connected", description: outcome.message }, { headers });
  }
  // The role is the card's to say: it shows where the role is when the page is drawn (often given
  // already), where a toast written now would say 'on its way' beside 'You have the members' role'.
  return redirectWithToast("/account-settings#discord", { kind: "success", title: "Discord connected", description: `Linked as ${outcome.username}.` }, { headers });
}

export { NoPage as default } from "~/components/no-page";

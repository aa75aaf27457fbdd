import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { Route } from "./+types/discord";
import { discordAccountSchema } from "~/lib/schemas/discord";
import { getApp } from "~/server/context.server";
import { disconnectDiscord, discordSyncConfig, startDiscordLink } from "~/server/discord.server";
import { requireUser } from "~/server/guards.server";
import { readForm } from "~/server/http.server";
import { redirectWithToast } from "~/server/toast.server";

// The Discord card's forms (app/components/account/discord-card.tsx): 'Connect Discord' (also
// 'Reconnect Discord') goes to Discord's consent screen; 'Disconnect' forgets the link and queues
// the removal of the members' role. Both answer with a redirect back to the card.
const CARD = "/account-settings#discord";

export function loader() {
  return redirect(CARD);
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const app = getApp(context);
  const config = discordSyncConfig(app.env);
  if (!config) throw data(null, { status: 404 });
  const submission = parseWithZod(await readForm(request), { schema: discordAccountSchema });
  // Only a forged form gets here (the card's buttons send one of the two intents).
  if (submission.status !== "success") throw data("Unknown action.", { status: 400, statusText: "Bad Request" });

  if (submission.value.intent === "connect-discord") {
    const { url, cookies } = startDiscordLink(config, app.env, request);
    const headers = new Headers();
    for (const cookie of cookies) headers.append("Set-Cookie", cookie);
    return redirect(url, { headers });
  }

  const removed = await disconnectDiscord(app, user.id);
  if (!removed) {
    return redirectWithToast(CARD, { kind: "error", title: "Nothing to disconnect", description: "No Discord account is linked to your account." });
  }
  return redirectWithToast(CARD, {
    kind: "success",
    title: "Discord disconnected",
    description: removed.roleGranted ? "Your Discord account is no longer linked. The members' role will be removed." : "Your Discord account is no longer linked.",
  });
}

export { NoPage as default } from "~/components/no-page";

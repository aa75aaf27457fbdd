import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import type { Route } from "./+types/discord-sync";
import { discordSyncSchema } from "~/lib/schemas/discord";
import { superadminContext } from "~/server/admin.server";
import { syncDiscordNow } from "~/server/discord.server";
import { readForm } from "~/server/http.server";
import { redirectWithToast } from "~/server/toast.server";

// 'Sync now' of the user details dialog (app/components/admin/users-tab.tsx): the member's Discord
// role is brought in line with their access at once, and the dialog says how it went.
const RESULTS = {
  granted: "The members' role is given.",
  removed: "The members' role is removed.",
  reconnect: "The member left the server or revoked the app: they have to reconnect Discord.",
} as const;

export function loader() {
  return redirect("/admin#users");
}

export async function action({ request, context }: Route.ActionArgs) {
  const { app } = await superadminContext(context, request);
  const submission = parseWithZod(await readForm(request), { schema: discordSyncSchema });
  if (submission.status !== "success") {
    return redirectWithToast("/admin#users", { kind: "error", title: "Sync failed", description: "Choose a user." });
  }
  const { userId } = submission.value;
  // Back to the same list (its search and page came with the form), with this member's dialog open.
  const list = new URL(request.url).searchParams;
  const back = `/admin?${new URLSearchParams({
    ...Object.fromEntries(["q", "usersPage"].flatMap((name) => (list.get(name) ? [[name, list.get(name)!]] : []))),
    user: userId,
    dialog: "details",
  })}#users`;
  const result = await syncDiscordNow(app, userId);
  if (result.status === "unlinked") {
    return redirectWithToast(back, { kind: "error", title: "Sync failed", description: "This user has not linked a Discord account." });
  }
  if (result.status === "deferred") {
    return redirectWithToast(back, { kind: "info", title: "Discord sync queued", description: `Discord did not answer (${result.reason}); the sync will be retried.` });
  }
  return redirectWithToast(back, { kind: "success", title: "Discord synced", description: RESULTS[result.state] });
}

import { redirect } from "react-router";
import type { Route } from "./+types/account-export";
import { accountDataFileName, readAccountData } from "~/server/account-data.server";
import { getApp } from "~/server/context.server";
import { requireUser } from "~/server/guards.server";
import { plainText, readForm } from "~/server/http.server";

// 'Download my data' (Account Settings, 'Your data'): a POST form, so the file is never a link
// another site could make the browser fetch; the answer is the member's own data as a JSON file.

// A plain sentence (data() would send the string as JSON, quotes and all).

/**
 * Opened as a page (the login after a session that ran out leads back here, or a typed address):
 * the card with the button, which downloads the file.
 */
export async function loader() {
  return redirect("/account-settings#your-data");
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const form = await readForm(request);
  // The form names no account: one that names someone else's is forged.
  const named = form.get("userId");
  if (named !== null && named !== user.id) return plainText("You can only download your own data.", 403);
  const now = new Date();
  const exported = await readAccountData(getApp(context).db, user.id, now);
  return new Response(JSON.stringify(exported, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${accountDataFileName(now)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

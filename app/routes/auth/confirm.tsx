import type { Route } from "./+types/confirm";
import { confirmEmail } from "~/server/accounts.server";
import { getApp } from "~/server/context.server";
import { redirectWithToast } from "~/server/toast.server";

// Target of the confirmation e-mail's link.
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const confirmed = await confirmEmail(getApp(context), token);
  return confirmed
    ? redirectWithToast("/auth", { kind: "success", title: "Email confirmed", description: "Your account is ready. You can now log in." })
    : redirectWithToast("/auth", {
        kind: "error",
        title: "Invalid confirmation link",
        description: "This confirmation link is invalid or has expired. Log in to ask for a new one.",
      });
}

import type { Route } from "./+types/confirm";
import { safeRedirectPath } from "~/lib/schemas/auth";
import { confirmEmail } from "~/server/accounts.server";
import { getApp } from "~/server/context.server";
import { redirectWithToast } from "~/server/toast.server";

// Target of the confirmation e-mail's link.
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  // Where the member was going when they registered: the login page sends them on there.
  const next = safeRedirectPath(url.searchParams.get("next"), "");
  const outcome = await confirmEmail(getApp(context), token);
  const login = next ? `/auth?redirectTo=${encodeURIComponent(next)}` : "/auth";
  if (outcome.status === "choose-password") {
    return redirectWithToast(`/reset-password?token=${outcome.resetToken}`, {
      kind: "success",
      title: "Email confirmed",
      description: "This address was signed up more than once before it was confirmed, so no password was kept. Choose your password to finish.",
    });
  }
  if (outcome.status === "confirmed") {
    return redirectWithToast(login, { kind: "success", title: "Email confirmed", description: "Your account is ready. You can now log in." });
  }
  if (outcome.status === "already") {
    return redirectWithToast(login, { kind: "success", title: "Email already confirmed", description: "This link was used already: your account is ready. You can log in." });
  }
  return redirectWithToast("/auth", {
    kind: "error",
    title: "Invalid confirmation link",
    description: "This confirmation link is invalid or has expired. Log in to ask for a new one.",
  });
}

import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { data, redirect, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/auth";
import {
  ForgotPassword,
  LOGIN_SUCCESS,
  LoginForm,
  OAuthButtons,
  REGISTER_SUCCESS,
  RegisterForm,
  WelcomeBanner,
  type AuthMode,
} from "~/components/auth/auth-forms";
import { LogoMark } from "~/components/logo";
import {
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resendConfirmationSchema,
  safeRedirectPath,
} from "~/lib/schemas/auth";
import {
  authenticate,
  EMAIL_NOT_CONFIRMED,
  INVALID_CREDENTIALS,
  registerAccount,
  requestPasswordReset,
  resendConfirmation,
  startSession,
  tooManyAttemptsMessage,
} from "~/server/accounts.server";
import { getApp } from "~/server/context.server";
import { turnstileSiteKey, verifyTurnstile } from "~/server/turnstile.server";
import { readCounters } from "~/server/counters.server";
import { getOptionalUser } from "~/server/guards.server";
import { configuredProviders } from "~/server/oauth.server";
import { isDataRequest, readForm } from "~/server/http.server";
import { redirectWithToast } from "~/server/toast.server";
import { claimKeptForm } from "~/server/kept-forms.server";

export type AuthActionData = Route.ComponentProps["actionData"];

export function meta() {
  return [
    { title: "Login or Register | Gridiron Playbook" },
    { name: "description", content: "Log in or create your account to start winning with pro schemes." },
  ];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (await getOptionalUser(context)) throw redirect(safeRedirectPath(url.searchParams.get("redirectTo")));
  const app = getApp(context);
  const counts = await readCounters(app.db, ["content:published"]);
  return { contentCount: counts["content:published"], providers: configuredProviders(app.env), turnstileSiteKey: turnstileSiteKey(app.env) };
}

// After a successful login the page shows its message for a second before moving on: reloading
// this route's data now would redirect the signed-in member at once.
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (actionResult && typeof actionResult === "object" && "status" in actionResult && actionResult.status === "success") return false;
  return defaultShouldRevalidate;
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "");

  if (intent === "login") {
    const submission = parseWithZod(formData, { schema: loginSchema });
    if (submission.status !== "success") {
      return data({ intent, result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
    }
    const { email, password, redirectTo } = submission.value;
    const outcome = await authenticate(app, request, email, password);
    if (outcome.status !== "success") {
      const message =
        outcome.status === "throttled"
          ? tooManyAttemptsMessage(outcome.retryAfterSeconds)
          : outcome.status === "unconfirmed"
            ? EMAIL_NOT_CONFIRMED
            : INVALID_CREDENTIALS;
      return data(
        {
          intent,
          result: submission.reply({ formErrors: [message], hideFields: ["password"] }),
          unconfirmedEmail: outcome.status === "unconfirmed" ? email : undefined,
        },
        { status: outcome.status === "throttled" ? 429 : outcome.status === "unconfirmed" ? 403 : 401 },
      );
    }
    const headers = new Headers([
      ["Set-Cookie", await startSession(app, request, outcome.user.id)],
      ["Set-Cookie", outcome.deviceCookie],
    ]);
    const target = safeRedirectPath(redirectTo);
    await claimKeptForm(app, request, outcome.user.id, target);
    if (isDataRequest(request)) return data({ intent, status: "success" as const, redirectTo: target }, { headers });
    return redirectWithToast(target, { kind: "success", title: LOGIN_SUCCESS }, { headers });
  }

  if (intent === "register") {
    const submission = parseWithZod(formData, { schema: registerSchema });
    if (submission.status !== "success") {
      return data({ intent, result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
    }
    const human = await verifyTurnstile(app.env, request, formData);
    if (!human.ok) return data({ intent, result: submission.reply({ formErrors: [human.message], hideFields: ["password"] }) }, { status: 400 });
    const outcome = await registerAccount(app, request, submission.value);
    if (outcome.status === "throttled") {
      return data(
        { intent, result: submission.reply({ formErrors: [tooManyAttemptsMessage(outcome.retryAfterSeconds)], hideFields: ["password"] }) },
        { status: 429 },
      );
    }
    return { intent, status: "registered" as const, message: REGISTER_SUCCESS };
  }

  if (intent === "forgot" || intent === "resend") {
    const submission = parseWithZod(formData, { schema: forgotPasswordSchema });
    if (submission.status !== "success") {
      return data({ intent, result: submission.reply() }, { status: 400 });
    }
    const human = await verifyTurnstile(app.env, request, formData);
    if (!human.ok) return data({ intent, result: submission.reply({ formErrors: [human.message] }) }, { status: 400 });
    const outcome = await requestPasswordReset(app, request, submission.value.email);
    if (outcome.status === "throttled") {
      return data(
        { intent, result: submission.reply({ formErrors: [tooManyAttemptsMessage(outcome.retryAfterSeconds)] }) },
        { status: 429 },
      );
    }
    return { intent, status: "sent" as const, email: submission.value.email };
  }

  if (intent === "resend-confirmation") {
    const submission = parseWithZod(formData, { schema: resendConfirmationSchema });
    if (submission.status === "success") await resendConfirmation(app, request, submission.value.email, submission.value.redirectTo);
    return { intent, status: "confirmation-sent" as const };
  }

  return data({ intent, result: null }, { status: 400 });
}

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  // Sent here from a form deep in a long page (a session that ended; such forms keep their scroll):
  // the login form is at the top, so the page opens there.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  // The form that was sent comes back, whatever address it was sent to.
  const sent = actionData?.intent === "register" ? "register" : actionData?.intent === "forgot" || actionData?.intent === "resend" ? "forgot" : null;
  const requested = sent ?? searchParams.get("mode");
  const mode: AuthMode = requested === "register" || requested === "forgot" ? requested : "login";
  const redirectTo = searchParams.get("redirectTo") ?? "";

  return (
    <div className="mx-auto grid min-h-[calc(100vh-4rem)] max-w-7xl lg:grid-cols-2">
      <div className="flex flex-col justify-center px-4 py-12 sm:px-10">
        <div className="mx-auto w-full max-w-md">
          <div className="mb-8 flex items-center gap-3">
            <LogoMark className="h-11 w-11" />
            <span className="font-display text-2xl font-black uppercase text-white">
              Gridiron <span className="text-turf">Playbook</span>
            </span>
          </div>
          <div className="card p-6 sm:p-8">
            {mode === "forgot" ? (
              <ForgotPassword key="forgot" actionData={actionData} turnstileSiteKey={loaderData.turnstileSiteKey} />
            ) : mode === "register" ? (
              <RegisterForm key="register" actionData={actionData} redirectTo={redirectTo} turnstileSiteKey={loaderData.turnstileSiteKey} />
            ) : (
              <LoginForm key="login" actionData={actionData} redirectTo={redirectTo} />
            )}
            {mode !== "forgot" && loaderData.providers.length ? <OAuthButtons providers={loaderData.providers} redirectTo={redirectTo} /> : null}
          </div>
        </div>
      </div>
      <WelcomeBanner contentCount={loaderData.contentCount} />
    </div>
  );
}

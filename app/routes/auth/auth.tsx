import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { data, Form, redirect, useNavigate, useNavigation, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { Link } from "~/components/link";
import type { Route } from "./+types/auth";
import { Field, FormAlert, NameFields, NewPasswordField } from "~/components/forms";
import { LogoMark } from "~/components/logo";
import { showToast } from "~/components/toaster";
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
import { readCounters } from "~/server/counters.server";
import { getOptionalUser } from "~/server/guards.server";
import { configuredProviders } from "~/server/oauth.server";
import { isDataRequest } from "~/server/http.server";
import { redirectWithToast } from "~/server/toast.server";

type Mode = "login" | "register" | "forgot";

const REGISTER_SUCCESS = "Registration successful! Check your email for confirmation.";
const LOGIN_SUCCESS = "Login successful! Redirecting...";

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
  return { contentCount: counts["content:published"], providers: configuredProviders(app.env) };
}

// After a successful login the page shows its message for a second before moving on: reloading
// this route's data now would redirect the signed-in member at once.
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (actionResult && typeof actionResult === "object" && "status" in actionResult && actionResult.status === "success") return false;
  return defaultShouldRevalidate;
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const formData = await request.formData();
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
    const cookie = await startSession(app, request, outcome.user.id);
    const target = safeRedirectPath(redirectTo);
    if (isDataRequest(request)) {
      return data({ intent, status: "success" as const, redirectTo: target }, { headers: { "Set-Cookie": cookie } });
    }
    return redirectWithToast(target, { kind: "success", title: LOGIN_SUCCESS }, { headers: { "Set-Cookie": cookie } });
  }

  if (intent === "register") {
    const submission = parseWithZod(formData, { schema: registerSchema });
    if (submission.status !== "success") {
      return data({ intent, result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
    }
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
  const requested = searchParams.get("mode");
  const mode: Mode = requested === "register" || requested === "forgot" ? requested : "login";
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
              <ForgotPassword key="forgot" actionData={actionData} />
            ) : mode === "register" ? (
              <RegisterForm key="register" actionData={actionData} redirectTo={redirectTo} />
            ) : (
              <LoginForm key="login" actionData={actionData} redirectTo={redirectTo} />
            )}
            {mode !== "forgot" && loaderData.providers.length ? <OAuthButtons providers={loaderData.providers} /> : null}
          </div>
        </div>
      </div>
      <WelcomeBanner contentCount={loaderData.contentCount} />
    </div>
  );
}

function modeLink(mode: Mode, redirectTo: string) {
  const params = new URLSearchParams();
  if (mode !== "login") params.set("mode", mode);
  if (redirectTo) params.set("redirectTo", redirectTo);
  const query = params.toString();
  return query ? `/auth?${query}` : "/auth";
}

type ActionData = Route.ComponentProps["actionData"];

function LoginForm({ actionData, redirectTo }: { actionData: ActionData; redirectTo: string }) {
  const navigation = useNavigation();
  const navigate = useNavigate();
  const loginData = actionData?.intent === "login" ? actionData : undefined;
  const [form, fields] = useForm({
    id: "login",
    lastResult: loginData && "result" in loginData ? loginData.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const succeeded = loginData && "status" in loginData && loginData.status === "success";
  const successTarget = succeeded ? loginData.redirectTo : null;

  useEffect(() => {
    if (!successTarget) return;
    const timer = setTimeout(() => navigate(successTarget, { replace: true }), 1000);
    return () => clearTimeout(timer);
  }, [successTarget, navigate]);

  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "login";
  const unconfirmedEmail =
    loginData && "unconfirmedEmail" in loginData && typeof loginData.unconfirmedEmail === "string"
      ? loginData.unconfirmedEmail
      : undefined;
  const confirmationSent = actionData?.intent === "resend-confirmation";

  return (
    <>
      <h1 className="font-display text-2xl font-black text-white">Welcome back</h1>
      <p className="mt-1 text-sm text-slate-400">Log in to your account.</p>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5">
        <input type="hidden" name="intent" value="login" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {succeeded ? <FormAlert tone="success" errors={[LOGIN_SUCCESS]} /> : <FormAlert errors={form.errors} />}
        {confirmationSent ? (
          <FormAlert tone="success" errors={["If the account is waiting for confirmation, a new link is on its way."]} />
        ) : null}
        <Field label="Email" htmlFor={fields.email.id} errors={fields.email.errors} errorId={fields.email.errorId}>
          <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" className="input" />
        </Field>
        <Field label="Password" htmlFor={fields.password.id} errors={fields.password.errors} errorId={fields.password.errorId}>
          <input {...getInputProps(fields.password, { type: "password" })} autoComplete="current-password" className="input" />
        </Field>
        <div className="flex justify-end">
          <Link to={modeLink("forgot", redirectTo)} className="text-sm font-semibold text-turf hover:underline">
            Forgot your password?
          </Link>
        </div>
        <button type="submit" className="btn-primary w-full" disabled={busy || succeeded}>
          {busy ? "Logging in..." : "Login"}
        </button>
      </Form>
      {unconfirmedEmail ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="resend-confirmation" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <input type="hidden" name="email" value={unconfirmedEmail} />
          <button type="submit" className="btn-secondary w-full">
            Resend confirmation email
          </button>
        </Form>
      ) : null}
      <p className="mt-6 text-center text-sm text-slate-400">
        <Link to={modeLink("register", redirectTo)} className="text-link">
          Need an account? Register
        </Link>
      </p>
    </>
  );
}

function RegisterForm({ actionData, redirectTo }: { actionData: ActionData; redirectTo: string }) {
  const navigation = useNavigation();
  const registerData = actionData?.intent === "register" ? actionData : undefined;
  const [form, fields] = useForm({
    id: "register",
    lastResult: registerData && "result" in registerData ? registerData.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: registerSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const [accepted, setAccepted] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "register";
  const registered = registerData && "status" in registerData && registerData.status === "registered";

  return (
    <>
      <h1 className="font-display text-2xl font-black text-white">Create your account</h1>
      <p className="mt-1 text-sm text-slate-400">Join the players who win with a plan.</p>
      {registered ? (
        <div className="mt-6 space-y-4">
          <FormAlert tone="success" errors={[REGISTER_SUCCESS]} />
          <Link to={modeLink("login", redirectTo)} className="btn-secondary w-full">
            Back to Login
          </Link>
        </div>
      ) : (
        <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5">
          <input type="hidden" name="intent" value="register" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <FormAlert errors={form.errors} />
          <NameFields firstName={fields.firstName} lastName={fields.lastName} />
          <Field label="Email" htmlFor={fields.email.id} errors={fields.email.errors} errorId={fields.email.errorId}>
            <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" className="input" />
          </Field>
          <NewPasswordField label="Password" field={fields.password} />
          <div>
            <div className="flex items-start gap-3">
              <input
                type="checkbox"
                id={fields.acceptTerms.id}
                name={fields.acceptTerms.name}
                value="on"
                aria-invalid={fields.acceptTerms.errors?.length ? true : undefined}
                aria-describedby={fields.acceptTerms.errors?.length ? fields.acceptTerms.errorId : undefined}
                className="mt-1 h-4 w-4 accent-lime-400"
                onChange={(event) => setAccepted(event.currentTarget.checked)}
              />
              <label htmlFor={fields.acceptTerms.id} className="text-sm text-slate-300">
                I accept the{" "}
                <a href="/terms-of-service" target="_blank" rel="noopener" className="text-link">
                  Terms of Service
                </a>{" "}
                and{" "}
                <a href="/privacy-policy" target="_blank" rel="noopener" className="text-link">
                  Privacy Policy
                </a>
              </label>
            </div>
            {fields.acceptTerms.errors?.length ? (
              <p id={fields.acceptTerms.errorId} className="field-error" role="alert">
                {fields.acceptTerms.errors[0]}
              </p>
            ) : null}
          </div>
          <button type="submit" className="btn-primary w-full" disabled={busy || (hydrated && !accepted)}>
            {busy ? "Registering..." : "Register"}
          </button>
        </Form>
      )}
      <p className="mt-6 text-center text-sm text-slate-400">
        <Link to={modeLink("login", redirectTo)} className="text-link">
          Already have an account? Login
        </Link>
      </p>
    </>
  );
}

function ForgotPassword({ actionData }: { actionData: ActionData }) {
  const navigation = useNavigation();
  const forgotData = actionData?.intent === "forgot" || actionData?.intent === "resend" ? actionData : undefined;
  const sentTo = forgotData && "status" in forgotData && forgotData.status === "sent" ? forgotData.email : null;
  const [form, fields] = useForm({
    id: "forgot",
    lastResult: forgotData && "result" in forgotData ? forgotData.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const [email, setEmail] = useState("");
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    if (!sentTo || !forgotData) return;
    showToast(
      forgotData.intent === "resend"
        ? { kind: "success", title: "Reset Email Resent", description: "A new password reset email has been sent." }
        : { kind: "success", title: "Reset Email Sent", description: "Check your email for password reset instructions." },
    );
  }, [sentTo, forgotData]);

  const busy = navigation.state === "submitting";

  if (sentTo) {
    return (
      <div className="text-center">
        <h1 className="font-display text-2xl font-black text-white">Check Your Email</h1>
        <p className="mt-3 text-sm text-slate-300">
          If an account exists for <strong className="text-white">{sentTo}</strong>, we sent a link to reset its
          password. The link expires in 1 hour.
        </p>
        <div className="mt-6 space-y-3">
          <Form method="post">
            <input type="hidden" name="intent" value="resend" />
            <input type="hidden" name="email" value={sentTo} />
            <button type="submit" className="btn-primary w-full" disabled={busy}>
              {busy ? "Sending..." : "Resend Email"}
            </button>
          </Form>
          <Link to="/auth?mode=forgot" className="btn-secondary w-full">
            Try Different Email
          </Link>
          <Link to="/auth" className="btn-secondary w-full">
            Back to Login
          </Link>
        </div>
      </div>
    );
  }

  return (
    <>
      <h1 className="font-display text-2xl font-black text-white">Reset your password</h1>
      <p className="mt-1 text-sm text-slate-400">Enter your email and we will send you a reset link.</p>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5">
        <input type="hidden" name="intent" value="forgot" />
        <FormAlert errors={form.errors} />
        <Field label="Email" htmlFor={fields.email.id} errors={fields.email.errors} errorId={fields.email.errorId}>
          <input
            {...getInputProps(fields.email, { type: "email" })}
            autoComplete="email"
            className="input"
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
        </Field>
        <p className="text-xs text-slate-400">The reset link expires in 1 hour.</p>
        <button type="submit" className="btn-primary w-full" disabled={busy || (hydrated && !email.trim())}>
          {busy ? "Sending..." : "Send Reset Email"}
        </button>
        <Link to="/auth" className="btn-secondary w-full">
          Back to Login
        </Link>
      </Form>
    </>
  );
}

function OAuthButtons({ providers }: { providers: { id: string; label: string }[] }) {
  return (
    <div className="mt-6 border-t border-field-700 pt-6">
      <p className="text-center text-xs font-semibold uppercase tracking-wider text-slate-400">Or continue with</p>
      <div className="mt-3 grid gap-3">
        {providers.map((provider) => (
          <a key={provider.id} href={`/auth/oauth/${provider.id}`} className="btn-secondary w-full">
            Sign in with {provider.label}
          </a>
        ))}
      </div>
    </div>
  );
}

function WelcomeBanner({ contentCount }: { contentCount: number }) {
  return (
    <aside className="relative hidden overflow-hidden bg-gradient-to-br from-field-800 via-field-900 to-field-950 lg:flex lg:flex-col lg:justify-center lg:px-12">
      <div className="absolute inset-0 opacity-20" aria-hidden="true" style={{ backgroundImage: "repeating-linear-gradient(90deg, transparent 0 78px, rgba(163,230,53,.35) 78px 80px)" }} />
      <div className="relative">
        <span className="inline-block rounded-full bg-turf px-4 py-1.5 text-sm font-black text-field-950">
          Over {contentCount}+ Pro Tips!
        </span>
        <h2 className="mt-6 font-display text-5xl font-black uppercase leading-none text-white">
          Gridiron <span className="text-turf">Playbook</span>
        </h2>
        <p className="mt-4 max-w-md text-lg text-slate-300">
          Master College Football 26 and Madden NFL 26 with schemes, formations and plays from players who win.
        </p>
        <Link to="/home" className="btn-secondary mt-8">
          See Pro Tips
        </Link>
      </div>
    </aside>
  );
}

// The login page's forms (login, register, forgot password), the sign-in buttons of the
// configured OAuth providers and the welcome banner beside them.
import { Turnstile } from "~/components/turnstile";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { Form, useNavigate, useNavigation } from "react-router";
import { CHECK_ON_SEND, Field, FocusOnArrival, FormAlert, NameFields, NewPasswordField } from "~/components/forms";
import { Link } from "~/components/link";
import { showToast } from "~/components/toaster";
import { forgotPasswordSchema, loginSchema, registerSchema, safeRedirectPath } from "~/lib/schemas/auth";
import type { AuthActionData } from "~/routes/auth/auth";
import { useHydrated } from "~/components/use-hydrated";
import { useFocusOnArrival } from "~/components/use-focus-on-arrival";

export type AuthMode = "login" | "register" | "forgot";

export const REGISTER_SUCCESS = "Registration successful! Check your email for confirmation.";
export const LOGIN_SUCCESS = "Login successful! Redirecting...";

function modeLink(mode: AuthMode, redirectTo: string) {
  const params = new URLSearchParams();
  if (mode !== "login") params.set("mode", mode);
  if (redirectTo) params.set("redirectTo", redirectTo);
  const query = params.toString();
  return query ? `/auth?${query}` : "/auth";
}

type ActionData = AuthActionData;

export function LoginForm({ actionData, redirectTo }: { actionData: ActionData; redirectTo: string }) {
  const navigation = useNavigation();
  const navigate = useNavigate();
  const loginData = actionData?.intent === "login" ? actionData : undefined;
  const [form, fields] = useForm({
    id: "login",
    lastResult: loginData && "result" in loginData ? loginData.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
    ...CHECK_ON_SEND,
  });
  const succeeded = loginData && "status" in loginData && loginData.status === "success";
  const successTarget = succeeded ? loginData.redirectTo : null;

  useEffect(() => {
    if (!successTarget) return;
    const timer = setTimeout(() => navigate(successTarget, { replace: true }), 1000);
    return () => clearTimeout(timer);
  }, [successTarget, navigate]);

  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "login";
  const formProps = getFormProps(form);
  // While a login is on its way (or done), another press sends nothing.
  const loginFormProps = {
    ...formProps,
    onSubmit: (event: React.FormEvent<HTMLFormElement>) => (busy || succeeded ? event.preventDefault() : formProps.onSubmit(event)),
  };
  const unconfirmedEmail =
    loginData && "unconfirmedEmail" in loginData && typeof loginData.unconfirmedEmail === "string"
      ? loginData.unconfirmedEmail
      : undefined;
  const confirmationSent = actionData?.intent === "resend-confirmation";

  return (
    <>
      <ModeHeading>Welcome back</ModeHeading>
      <p className="mt-1 text-sm text-slate-400">
        {/* Sent here from a page that needs an account (or a session that ran out): say where the login leads. */}
        {!["", "/home"].includes(safeRedirectPath(redirectTo, "")) ? "Log in to continue to the page you were on." : "Log in to your account."}
      </p>
      <Form method="post" {...loginFormProps} className="mt-6 space-y-5">
        <input type="hidden" name="intent" value="login" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {/* After a resend, the login's 'Email not confirmed' is answered: not kept beside it (the page
            without JavaScript, rendered afresh, shows only the notice too). */}
        {succeeded ? <FormAlert tone="success" errors={[LOGIN_SUCCESS]} /> : confirmationSent ? null : <FormAlert errors={form.errors} />}
        {confirmationSent ? (
          // Sent, the resend button is gone with the focus it held: the keyboard goes to this notice.
          <FocusOnArrival>
            <FormAlert tone="success" errors={["If the account is waiting for confirmation, a new link is on its way."]} />
          </FocusOnArrival>
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
        {/* aria-disabled, not disabled: a disabled button drops the keyboard's focus to the page. */}
        <button type="submit" className="btn-primary w-full" aria-disabled={busy || succeeded || undefined}>
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

export function RegisterForm({ actionData, redirectTo, turnstileSiteKey }: { actionData: ActionData; redirectTo: string; turnstileSiteKey: string | null }) {
  const navigation = useNavigation();
  const registerData = actionData?.intent === "register" ? actionData : undefined;
  const [form, fields] = useForm({
    id: "register",
    lastResult: registerData && "result" in registerData ? registerData.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: registerSchema }),
    // The strength meter already says what the password lacks while it is typed.
    ...CHECK_ON_SEND,
  });
  const [accepted, setAccepted] = useState(fields.acceptTerms.initialValue === "on");
  const hydrated = useHydrated();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "register";
  const registered = registerData && "status" in registerData && registerData.status === "registered";

  return (
    <>
      <ModeHeading>Create your account</ModeHeading>
      <p className="mt-1 text-sm text-slate-400">Join the players who win with a plan.</p>
      {registered ? (
        <div className="mt-6 space-y-4">
          <FocusOnArrival>
            <FormAlert tone="success" errors={[REGISTER_SUCCESS]} />
          </FocusOnArrival>
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
                // A refused form comes back with the box as it was sent (without JavaScript too).
                defaultChecked={fields.acceptTerms.initialValue === "on"}
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
          <Turnstile siteKey={turnstileSiteKey} />
          {/* Disabled until the terms are accepted (the spec); while sending, aria-disabled: a disabled button drops the keyboard's focus. */}
          <button type="submit" className="btn-primary w-full" disabled={hydrated && !accepted} aria-disabled={busy || undefined} onClick={(event) => busy && event.preventDefault()}>
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

export function ForgotPassword({ actionData, turnstileSiteKey }: { actionData: ActionData; turnstileSiteKey: string | null }) {
  const navigation = useNavigation();
  const forgotData = actionData?.intent === "forgot" || actionData?.intent === "resend" ? actionData : undefined;
  const sentTo = forgotData && "status" in forgotData && forgotData.status === "sent" ? forgotData.email : null;
  const [form, fields] = useForm({
    id: "forgot",
    lastResult: forgotData && "result" in forgotData ? forgotData.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
    ...CHECK_ON_SEND,
  });
  const [email, setEmail] = useState("");
  const hydrated = useHydrated();

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
        <FocusOnArrival>
          <h1 className="font-display text-2xl font-black text-white">Check Your Email</h1>
          <p className="mt-3 text-sm text-slate-300">
            If an account exists for <strong className="text-white">{sentTo}</strong>, we sent a link to reset its
            password. The link expires in 1 hour.
          </p>
        </FocusOnArrival>
        {/* The toast's words said on the page too: without JavaScript there is no toast (and after
            'Resend Email' the card would look unchanged). */}
        <p className="mt-3 text-sm font-semibold text-turf">
          {forgotData?.intent === "resend" ? "A new password reset email has been sent." : "Check your email for password reset instructions."}
        </p>
        <div className="mt-6 space-y-3">
          <Form method="post">
            <input type="hidden" name="intent" value="resend" />
            <input type="hidden" name="email" value={sentTo} />
            <Turnstile siteKey={turnstileSiteKey} />
            <button type="submit" className="btn-primary w-full" aria-disabled={busy || undefined} onClick={(event) => busy && event.preventDefault()}>
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
      <ModeHeading>Reset your password</ModeHeading>
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
        <Turnstile siteKey={turnstileSiteKey} />
        {/* Disabled while the e-mail is blank (the spec); while sending, aria-disabled: a disabled button drops the keyboard's focus. */}
        <button type="submit" className="btn-primary w-full" disabled={hydrated && !email.trim()} aria-disabled={busy || undefined} onClick={(event) => busy && event.preventDefault()}>
          {busy ? "Sending..." : "Send Reset Email"}
        </button>
        <Link to="/auth" className="btn-secondary w-full">
          Back to Login
        </Link>
      </Form>
    </>
  );
}

export function OAuthButtons({ providers, redirectTo }: { providers: { id: string; label: string }[]; redirectTo: string }) {
  return (
    <div className="mt-6 border-t border-field-700 pt-6">
      <p className="text-center text-xs font-semibold uppercase tracking-wider text-slate-400">Or continue with</p>
      <div className="mt-3 grid gap-3">
        {providers.map((provider) => (
          <a key={provider.id} href={`/auth/oauth/${provider.id}${redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ""}`} className="btn-secondary w-full">
            Sign in with {provider.label}
          </a>
        ))}
      </div>
    </div>
  );
}

export function WelcomeBanner({ contentCount }: { contentCount: number }) {
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

/**
 * Each mode's heading (login, register, forgot): switching mode replaces the link just pressed, so
 * the keyboard goes to the new form's heading rather than the top of the page.
 */
function ModeHeading({ children }: { children: React.ReactNode }) {
  const ref = useFocusOnArrival<HTMLHeadingElement>();
  return (
    <h1 ref={ref} tabIndex={-1} className="font-display text-2xl font-black text-white outline-none">
      {children}
    </h1>
  );
}

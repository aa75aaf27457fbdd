import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, useState } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import { CHECK_ON_SEND, Field, FocusOnArrival, FormAlert, NewPasswordField } from "~/components/forms";
import { Link } from "~/components/link";
import { changePasswordSchema, PASSWORD_CHANGE_ATTEMPTS } from "~/lib/schemas/auth";
import { SettingsCard } from "./settings-card";

export type PasswordThrottle = { allowed: boolean; used: number; retryAfterSeconds: number };

function useCountdown(seconds: number) {
  const [remaining, setRemaining] = useState(seconds);
  useEffect(() => {
    setRemaining(seconds);
    if (seconds <= 0) return;
    const started = Date.now();
    const timer = setInterval(() => {
      const left = Math.max(0, seconds - Math.floor((Date.now() - started) / 1000));
      setRemaining(left);
      if (left === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [seconds]);
  return remaining;
}

/** The password change: its form, the attempts used and, when locked, the countdown. */
export function SecurityCard({
  hasPassword,
  throttle,
  lastResult,
  changed,
}: {
  hasPassword: boolean;
  /** The answer to the last attempt when there was one, else what the page loaded with. */
  throttle: PasswordThrottle;
  lastResult: SubmissionResult | null;
  changed: boolean;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "change-password",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
    ...CHECK_ON_SEND,
  });
  // A successful change comes back as a new page (a redirect, with its toast): a new key then clears
  // the form and its strength meter. A refused one keeps the form (and the keyboard's focus in it).
  const { key } = useLocation();
  const formKey = useRef(key);
  if (changed) formKey.current = key;
  const remaining = useCountdown(throttle.allowed ? 0 : throttle.retryAfterSeconds);
  const locked = !throttle.allowed && remaining > 0;
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "change-password";

  if (!hasPassword) {
    return (
      <SettingsCard id="security" title="Security">
        <p className="text-sm text-slate-300">
          You sign in with Discord or Google. To set a password, use{" "}
          <Link to="/auth?mode=forgot" className="text-link">
            Forgot your password?
          </Link>{" "}
          with your e-mail address.
        </p>
      </SettingsCard>
    );
  }

  return (
    <SettingsCard id="security" title="Security">
      <Form key={formKey.current} method="post" action="/account-settings#security" {...getFormProps(form)} className="space-y-5">
        <input type="hidden" name="intent" value="change-password" />
        {changed ? (
          // The form is drawn anew after the change: the keyboard goes to what it says.
          <FocusOnArrival>
            <div role="status" className="rounded-lg border border-turf/50 bg-lime-950/40 px-4 py-3 text-sm text-lime-200">
              <p className="font-bold">Security Updated</p>
              <p>Password changed successfully!</p>
            </div>
          </FocusOnArrival>
        ) : (
          <FormAlert errors={form.errors} />
        )}
        {locked ? (
          <div role="alert" className="rounded-lg border border-red-500/50 bg-red-950/40 px-4 py-3 text-sm text-red-300">
            Too many attempts. Please try again in {remaining} seconds.
          </div>
        ) : null}
        <Field label="Current password" htmlFor={fields.currentPassword.id} errors={fields.currentPassword.errors} errorId={fields.currentPassword.errorId}>
          <input {...getInputProps(fields.currentPassword, { type: "password" })} autoComplete="current-password" className="input" />
        </Field>
        <NewPasswordField label="New password" field={fields.newPassword} />
        <Field label="Confirm new password" htmlFor={fields.confirmPassword.id} errors={fields.confirmPassword.errors} errorId={fields.confirmPassword.errorId}>
          <input {...getInputProps(fields.confirmPassword, { type: "password" })} autoComplete="new-password" className="input" />
        </Field>
        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" className="btn-primary" disabled={locked} aria-disabled={busy || undefined} onClick={(event) => busy && event.preventDefault()}>
            {busy ? "Changing..." : "Change Password"}
          </button>
          <span className="text-sm text-slate-400" data-testid="password-attempts">
            {Math.min(throttle.used, PASSWORD_CHANGE_ATTEMPTS)}/{PASSWORD_CHANGE_ATTEMPTS} attempts used
          </span>
        </div>
      </Form>
    </SettingsCard>
  );
}

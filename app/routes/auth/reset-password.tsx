import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { data, Form, useNavigate, useNavigation } from "react-router";
import { Link } from "~/components/link";
import type { Route } from "./+types/reset-password";
import { CHECK_ON_SEND, Field, FormAlert, NewPasswordField } from "~/components/forms";
import { showToast } from "~/components/toaster";
import { resetPasswordSchema } from "~/lib/schemas/auth";
import { resetPasswordWithToken } from "~/server/accounts.server";
import { peekToken } from "~/server/auth-tokens.server";
import { getApp } from "~/server/context.server";
import { readForm } from "~/server/http.server";

const INVALID_LINK = "Invalid or expired reset link. Please request a new password reset.";

export function meta() {
  return [{ title: "Reset your password | Gridiron Playbook" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const userId = token ? await peekToken(getApp(context).db, token, "password_reset") : null;
  return { token: userId ? token : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: resetPasswordSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password", "confirmPassword"] }), done: false }, { status: 400 });
  }
  const userId = await resetPasswordWithToken(getApp(context), submission.value.token, submission.value.password);
  if (!userId) {
    return data({ result: submission.reply({ formErrors: [INVALID_LINK], hideFields: ["password", "confirmPassword"] }), done: false, invalid: true }, { status: 400 });
  }
  return { result: null, done: true };
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const done = actionData?.done === true;
  // The link was used up (or ran out) between opening the form and sending it: the server says so.
  const refused = Boolean(actionData && "invalid" in actionData && actionData.invalid);
  const invalid = !loaderData.token || refused;
  return (
    <section className="mx-auto flex min-h-[70vh] max-w-md flex-col justify-center px-4 py-16">
      <div className="card p-6 sm:p-8">
        {done ? <ResetSuccess /> : invalid ? <InvalidLink refused={refused} /> : <ResetForm token={loaderData.token!} actionData={actionData} />}
      </div>
    </section>
  );
}

function InvalidLink({ refused }: { refused: boolean }) {
  return (
    <div className="text-center">
      <h1 className="font-display text-2xl font-black text-white">Invalid Reset Link</h1>
      <p className="mt-3 text-sm text-slate-300">This password reset link is invalid or has expired.</p>
      {refused ? (
        <p role="alert" className="mt-3 text-sm font-semibold text-red-300">
          {INVALID_LINK}
        </p>
      ) : null}
      <Link to="/auth" className="btn-primary mt-6 w-full">
        Go to Login
      </Link>
    </div>
  );
}

function ResetSuccess() {
  const navigate = useNavigate();
  useEffect(() => {
    showToast({
      kind: "success",
      title: "Password Reset",
      description: "Your password has been reset successfully. You can now log in with your new password.",
    });
    const timer = setTimeout(() => navigate("/auth"), 3000);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <div className="text-center">
      {/* Without JavaScript the browser follows this after 3 seconds. */}
      <noscript>
        <meta httpEquiv="refresh" content="3;url=/auth" />
      </noscript>
      <h1 className="font-display text-2xl font-black text-white">Password reset successfully!</h1>
      <p className="mt-3 text-sm text-slate-300">You will be taken to the login page in 3 seconds.</p>
      <Link to="/auth" className="btn-primary mt-6 w-full">
        Go to Login Now
      </Link>
    </div>
  );
}

function ResetForm({ token, actionData }: { token: string; actionData: Route.ComponentProps["actionData"] }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: actionData?.result ?? undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
    ...CHECK_ON_SEND,
  });
  const busy = navigation.state === "submitting";
  return (
    <>
      <h1 className="font-display text-2xl font-black text-white">Choose a new password</h1>
      <p className="mt-1 text-sm text-slate-400">Your new password replaces the old one and signs you out everywhere.</p>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5">
        <input type="hidden" name="token" value={token} />
        <FormAlert errors={form.errors} />
        <NewPasswordField label="New password" field={fields.password} />
        <Field label="Confirm new password" htmlFor={fields.confirmPassword.id} errors={fields.confirmPassword.errors} errorId={fields.confirmPassword.errorId}>
          <input {...getInputProps(fields.confirmPassword, { type: "password" })} autoComplete="new-password" className="input" />
        </Field>
        <button type="submit" className="btn-primary w-full" aria-disabled={busy || undefined} onClick={(event) => busy && event.preventDefault()}>
          {busy ? "Resetting..." : "Reset Password"}
        </button>
      </Form>
    </>
  );
}

import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { CHECK_ON_SEND, Field, FormAlert, hintAndError } from "~/components/forms";
import { deleteAccountSchemaFor, DELETE_CONFIRMATION } from "~/lib/schemas/account";
import { SettingsCard } from "./settings-card";

export type DeleteAccountState = {
  /** Staff cannot delete themselves here: the card says why. */
  refusal: string | null;
  hasPassword: boolean;
  /** An account without a password: signed in recently enough to delete. */
  freshSignIn: boolean;
  providers: { id: string; label: string }[];
};

/** 'Delete account': the password again (or a fresh sign-in) and the typed confirmation. */
export function DeleteAccountCard({ state, lastResult }: { state: DeleteAccountState; lastResult: SubmissionResult | null }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "delete-account-form",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: deleteAccountSchemaFor(state.hasPassword) }),
    ...CHECK_ON_SEND,
  });
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "delete-account";
  const canSubmit = state.hasPassword || state.freshSignIn;

  return (
    <SettingsCard id="delete-account" title="Delete account">
      {state.refusal ? (
        <p className="text-sm text-slate-300">{state.refusal}</p>
      ) : (
        <>
          <p className="text-sm text-slate-300">
            Deleting your account cancels your subscription at once (no refund for the current period beyond our money-back
            guarantee), signs you out everywhere and removes your profile, ratings, favourites, tips, progress, gameplans (and their share
            links), notifications, Discord link and uploaded pictures. Your comments stay on the site under &lsquo;Former member&rsquo;, without your name. This cannot be undone.
          </p>
          {!canSubmit ? (
            <div className="mt-4 rounded-lg border border-field-600 p-4 text-sm text-slate-200">
              <p>For your security, sign in again with Discord or Google, then delete your account within 10 minutes.</p>
              <p className="mt-3 flex flex-wrap gap-2">
                {state.providers.map((provider) => (
                  <a key={provider.id} href={`/auth/oauth/${provider.id}?redirectTo=${encodeURIComponent("/account-settings#delete-account")}`} className="btn-secondary btn-sm">
                    Sign in again with {provider.label}
                  </a>
                ))}
              </p>
            </div>
          ) : null}
          {/* Without JavaScript the answer opens at this card, where its errors are. */}
          <Form method="post" action="/account-settings#delete-account" {...getFormProps(form)} className="mt-5 space-y-5">
            <input type="hidden" name="intent" value="delete-account" />
            <FormAlert errors={form.errors} />
            {state.hasPassword ? (
              <Field
                label="Password"
                htmlFor={fields.password.id}
                errors={fields.password.errors}
                errorId={fields.password.errorId}
                hint="A wrong password here counts toward the same 3 attempts as Change Password."
              >
                <input
                  {...getInputProps(fields.password, { type: "password" })}
                  aria-describedby={hintAndError(fields.password)}
                  autoComplete="current-password"
                  className="input"
                />
              </Field>
            ) : null}
            <Field
              label={`Type ${DELETE_CONFIRMATION} to confirm`}
              htmlFor={fields.confirmation.id}
              errors={fields.confirmation.errors}
              errorId={fields.confirmation.errorId}
            >
              <input {...getInputProps(fields.confirmation, { type: "text" })} autoComplete="off" spellCheck={false} className="input" />
            </Field>
            <button type="submit" className="btn-danger" disabled={busy || !canSubmit}>
              {busy ? "Deleting..." : "Delete account"}
            </button>
          </Form>
        </>
      )}
    </SettingsCard>
  );
}

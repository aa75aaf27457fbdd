import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { Avatar } from "~/components/avatar";
import { CHECK_ON_SEND, Field, FormAlert, NameFields } from "~/components/forms";
import type { ToastMessage } from "~/components/toaster";
import { profileSchema } from "~/lib/schemas/auth";
import { useFocusOnArrival } from "~/components/use-focus-on-arrival";
import { SettingsCard } from "./settings-card";

export type Profile = { email: string; firstName: string | null; lastName: string | null; profileImageUrl: string | null };

export function ProfileCard({ profile, lastResult, avatarError }: { profile: Profile; lastResult: SubmissionResult | null; avatarError: ToastMessage | null }) {
  const navigation = useNavigation();
  const uploading = navigation.state === "submitting" && navigation.formData?.get("intent") === "avatar";

  return (
    <SettingsCard id="profile" title="Profile">
      <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
        <Avatar person={{ ...profile, email: profile.email }} size="h-20 w-20 text-3xl" />
        <Form method="post" encType="multipart/form-data" className="flex flex-col gap-2">
          <input type="hidden" name="intent" value="avatar" />
          <label htmlFor="avatar" className="label">
            Change Avatar
          </label>
          <div className="flex flex-wrap items-center gap-3">
            <input
              id="avatar"
              name="avatar"
              type="file"
              accept="image/jpeg,image/png,image/gif,image/webp"
              required
              aria-describedby={avatarError ? "avatar-hint avatar-error" : "avatar-hint"}
              aria-invalid={avatarError ? true : undefined}
              className="min-w-0 max-w-full text-sm text-slate-300 file:mr-3 file:rounded-md file:border-0 file:bg-field-700 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-white"
            />
            <button type="submit" className="btn-secondary" disabled={uploading}>
              {uploading ? "Uploading..." : "Upload"}
            </button>
          </div>
          <p id="avatar-hint" className="text-xs text-slate-400">
            JPG, PNG, or GIF. Max 5MB.
          </p>
          {avatarError ? (
            <p id="avatar-error" className="field-error" role="alert">
              {avatarError.title}: {avatarError.description}
            </p>
          ) : null}
        </Form>
      </div>

      {/* Rebuilt when the stored names change: a save shows them as stored (trimmed), not as typed. */}
      <ProfileNamesForm key={`${profile.firstName ?? ""}\n${profile.lastName ?? ""}`} profile={profile} lastResult={lastResult} />
    </SettingsCard>
  );
}

function ProfileNamesForm({ profile, lastResult }: { profile: Profile; lastResult: SubmissionResult | null }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    // Not "profile": that is the card's own id (the #profile anchor), and conform finds its form by id.
    id: "profile-form",
    lastResult,
    defaultValue: { firstName: profile.firstName ?? "", lastName: profile.lastName ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
    ...CHECK_ON_SEND,
  });
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "profile";
  // Rebuilt after a save: the keyboard stays on 'Save Changes'.
  const saveButton = useFocusOnArrival<HTMLButtonElement>();
  // Answered at its card: without JavaScript a refusal opens there, and a save comes back to it.
  return (
      <Form method="post" action="/account-settings#profile" {...getFormProps(form)} className="mt-8 space-y-5">
        <input type="hidden" name="intent" value="profile" />
        <FormAlert errors={form.errors} />
        <NameFields firstName={fields.firstName} lastName={fields.lastName} />
        <Field label="Email" htmlFor="profile-email" hint="Email cannot be changed. Contact support if needed.">
          <input id="profile-email" type="email" value={profile.email} disabled readOnly className="input opacity-70" />
        </Field>
        <button ref={saveButton} type="submit" className="btn-primary" aria-disabled={saving || undefined} onClick={(event) => saving && event.preventDefault()}>
          {saving ? "Saving..." : "Save Changes"}
        </button>
      </Form>
  );
}

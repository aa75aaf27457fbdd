import { Form } from "react-router";
import { SettingsCard } from "./settings-card";

/** 'Your data': the member's data as a JSON file (GDPR article 20). A plain POST, so the browser downloads it. */
export function YourDataCard() {
  return (
    <SettingsCard id="your-data" title="Your data">
      <p className="text-sm text-slate-300">
        Download everything we hold about you as a JSON file: your profile, subscription, comments, ratings, favourites, tips,
        playbook progress, gameplans, notifications and their settings, and your linked Discord account. It never contains your password or any sign-in token.
      </p>
      <Form method="post" action="/account-settings/export" reloadDocument className="mt-4">
        <button type="submit" className="btn-secondary">
          Download my data
        </button>
      </Form>
    </SettingsCard>
  );
}

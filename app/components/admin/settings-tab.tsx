import { Section } from "./data-table";

export function SettingsTab() {
  return (
    <Section id="settings" title="Settings">
      <div className="grid gap-5 md:grid-cols-2">
        <div className="card p-6">
          <h3 className="text-lg font-bold text-white">Platform Settings</h3>
          <p className="mt-2 text-sm text-slate-400">Site-wide settings will live here.</p>
        </div>
        <div className="card p-6">
          <h3 className="text-lg font-bold text-white">Subscription Settings</h3>
          <p className="mt-2 text-sm text-slate-400">Plans and prices are managed in Stripe and the site's configuration.</p>
        </div>
      </div>
    </Section>
  );
}

import { Form, useNavigation } from "react-router";
import { SettingsCard } from "~/components/account/settings-card";
import { GAME_LABELS, type Game } from "~/lib/patch";

export type NotificationSettings = { notifyDigest: boolean; notifyInSite: boolean; followGames: Game[] };

/** Account Settings, 'Notifications': the daily e-mail digest, the bell, and the games whose new content goes into the digest. */
export function NotificationsCard({ settings, error }: { settings: NotificationSettings; error: string | null }) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "notifications";
  const box = "mt-0.5 h-4 w-4 accent-lime-400";
  return (
    <SettingsCard id="notifications" title="Notifications">
      <p className="text-sm text-slate-400">
        Hear when a scheme or play you favourited, are learning or keep in a gameplan changes status after a title update: in the site (the bell) and in one e-mail a day at most.
      </p>
      {/* Without JavaScript a refusal opens at this card, as a save does. */}
      <Form method="post" action="/account-settings#notifications" className="mt-5 space-y-5">
        <input type="hidden" name="intent" value="notifications" />
        <fieldset className="space-y-3">
          <legend className="text-sm font-bold text-white">How</legend>
          <label className="flex items-start gap-3 text-sm text-slate-200">
            <input type="checkbox" name="notifyDigest" defaultChecked={settings.notifyDigest} className={box} />
            <span>
              <span className="font-semibold text-white">E-mail digest</span>
              <span className="block text-slate-400">At most one e-mail a day, only when something changed.</span>
            </span>
          </label>
          <label className="flex items-start gap-3 text-sm text-slate-200">
            <input type="checkbox" name="notifyInSite" defaultChecked={settings.notifyInSite} className={box} />
            <span>
              <span className="font-semibold text-white">In-site notifications</span>
              <span className="block text-slate-400">The bell in the top bar and the Notifications page.</span>
            </span>
          </label>
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="text-sm font-bold text-white">Follow a game</legend>
          <p className="text-sm text-slate-400">New content in the games you follow goes into your digest.</p>
          {(["college", "madden"] as const).map((game) => (
            <label key={game} className="flex min-h-11 items-center gap-3 text-sm text-slate-200">
              <input type="checkbox" name="followGames" value={game} defaultChecked={settings.followGames.includes(game)} className={box} />
              {GAME_LABELS[game]}
            </label>
          ))}
        </fieldset>
        {error ? <p role="alert" className="field-error">{error}</p> : null}
        <button type="submit" className="btn-primary" aria-disabled={saving || undefined} onClick={(event) => saving && event.preventDefault()}>
          {saving ? "Saving..." : "Save notifications"}
        </button>
      </Form>
    </SettingsCard>
  );
}

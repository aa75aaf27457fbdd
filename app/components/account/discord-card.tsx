import { Form, useNavigation } from "react-router";
import { FocusOnArrival } from "~/components/forms";
import type { DiscordCardState } from "~/lib/discord";
import { SettingsCard } from "./settings-card";

/** Account Settings, 'Discord': link the member's Discord account; the members' role follows their access. */
export function DiscordCard({ discord }: { discord: DiscordCardState }) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formAction === "/account/discord" ? navigation.formData?.get("intent") : null;
  const connect = (label: string) => (
    <Form method="post" action="/account/discord">
      <input type="hidden" name="intent" value="connect-discord" />
      {/* aria-disabled, not disabled: a disabled button drops the keyboard's focus to the page. */}
      <button type="submit" className="btn-primary" aria-disabled={Boolean(pending) || undefined} onClick={(event) => pending && event.preventDefault()}>
        {pending === "connect-discord" ? "Opening Discord..." : label}
      </button>
    </Form>
  );
  const disconnect = (
    <Form method="post" action="/account/discord">
      <input type="hidden" name="intent" value="disconnect-discord" />
      <button type="submit" className="btn-secondary" aria-disabled={Boolean(pending) || undefined} onClick={(event) => pending && event.preventDefault()}>
        {pending === "disconnect-discord" ? "Disconnecting..." : "Disconnect"}
      </button>
    </Form>
  );

  return (
    <SettingsCard id="discord" title="Discord">
      {discord.kind === "unlinked" ? (
        // After 'Disconnect' (its button gone), the keyboard lands here.
        <FocusOnArrival>
          <p className="text-sm text-slate-400">
            Link your Discord account to join our server with the members' role. The role comes with premium access and leaves when it ends.
          </p>
          <div className="mt-5">{connect("Connect Discord")}</div>
        </FocusOnArrival>
      ) : (
        <>
          <p className="text-sm text-slate-300">
            Linked as <strong className="font-semibold text-white">{discord.username}</strong>
          </p>
          {discord.kind === "reconnect" ? (
            <p className="mt-2 text-sm text-slate-400" role="status">
              You left our Discord server or removed our app's access, so we cannot give you the members' role. Reconnect to join again.
            </p>
          ) : (
            <p className="mt-2 text-sm text-slate-400" role="status">
              {discord.hasAccess
                ? discord.roleGranted
                  ? "You have the members' role in our Discord server."
                  : "Your members' role is on its way."
                : discord.roleGranted
                  ? "Your premium access has ended: the members' role is being removed."
                  : "The members' role comes with premium access."}
            </p>
          )}
          <div className="mt-5 flex flex-wrap gap-3">
            {discord.kind === "reconnect" ? connect("Reconnect Discord") : null}
            {disconnect}
          </div>
        </>
      )}
    </SettingsCard>
  );
}

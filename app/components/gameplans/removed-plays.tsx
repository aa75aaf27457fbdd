// The notice on a gameplan of the plays our team deleted while they were on it (a play taken out of
// its scheme, the scheme deleted, or the scheme moved to the other game): what went, from where,
// and since when, so a call sheet never loses a play unseen. It stays until the member dismisses it.
import { Form, useNavigation } from "react-router";
import { formatShortDate, GAME_LABELS } from "~/lib/format";
import { SITUATION_LABELS } from "~/lib/gameplans";
import type { RemovalRow } from "~/server/gameplans.server";

/** Why the plays went: deleted from the library, moved to the other game (a gameplan is of one game), or some of each. */
function why(removals: readonly RemovalRow[]) {
  const one = removals.length === 1;
  const moved = removals.filter((removal) => removal.movedTo);
  if (!moved.length) return one ? "It was deleted from the library" : "They were deleted from the library";
  if (moved.length < removals.length) return "They were deleted from the library or moved to the other game";
  return `${one ? "It" : "They"} moved to ${GAME_LABELS[moved[0].movedTo!]}`;
}

export function RemovedPlaysNotice({ removals, aim }: { removals: readonly RemovalRow[]; aim: (targets: string[]) => void }) {
  const navigation = useNavigation();
  const dismissing = navigation.state !== "idle" && navigation.formData?.get("intent") === "dismiss-removals";
  if (!removals.length) return null;
  const one = removals.length === 1;
  return (
    <section id="removed-plays" aria-labelledby="removed-plays-title" className="mt-4 scroll-mt-4 rounded-xl border border-red-400/40 bg-red-950/30 p-4 text-sm text-slate-200">
      <h2 id="removed-plays-title" className="font-bold text-white">
        {one ? "A play was removed by our team" : "Plays were removed by our team"}
      </h2>
      <p className="mt-1">
        {why(removals)}, so {one ? "it is" : "they are"} no longer on this gameplan or its call sheet. Pick {one ? "a play" : "plays"} to take{" "}
        {one ? "its" : "their"} place.
      </p>
      <ul className="mt-2 space-y-1">
        {removals.map((removal) => (
          <li key={removal.id}>
            <strong className="text-white">{removal.playTitle}</strong>
            {removal.formation || removal.contentTitle ? <> ({[removal.formation, removal.contentTitle].filter(Boolean).join(", ")})</> : null}, from{" "}
            {SITUATION_LABELS[removal.situation]}, on {formatShortDate(removal.removedAt)}
            {removal.movedTo ? <> (moved to {GAME_LABELS[removal.movedTo]})</> : null}
            {/* The member's own note went with the play: shown here, to be kept where they like. */}
            {removal.note ? <p className="mt-0.5 whitespace-pre-wrap break-words pl-4 text-slate-300">Your note: {removal.note}</p> : null}
          </li>
        ))}
      </ul>
      <Form method="post" preventScrollReset className="mt-3" onSubmit={() => aim(["gameplan-title"])}>
        <input type="hidden" name="intent" value="dismiss-removals" />
        {/* Only what is shown here: a play removed since stays listed. */}
        <input type="hidden" name="removals" value={removals.map((removal) => removal.id).join(",")} />
        <button type="submit" className="btn-secondary btn-sm" aria-disabled={dismissing || undefined} onClick={(event) => dismissing && event.preventDefault()}>
          Dismiss
        </button>
      </Form>
    </section>
  );
}

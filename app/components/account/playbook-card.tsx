import { Form, useNavigation } from "react-router";
import { Link } from "~/components/link";
import { ProgressBar } from "~/components/library/progress-bar";
import { useFocusOnArrival, useFocusWhenLost } from "~/components/use-focus-on-arrival";
import { GAME_LABELS } from "~/lib/format";
import { isFinished } from "~/lib/progress";
import type { StartedScheme } from "~/server/progress.server";
import { SettingsCard } from "./settings-card";

export type PlaybookScheme = Pick<StartedScheme, "contentId" | "slug" | "title" | "game" | "progress" | "next">;

/**
 * 'My playbook': every scheme the member has started, with its bar, the next play to learn and a
 * way to reset it. Resetting asks first, on the page itself (a link to ?reset=slug), so it works
 * the same without JavaScript.
 */
export function PlaybookCard({ schemes, confirming }: { schemes: PlaybookScheme[]; confirming: string | null }) {
  const navigation = useNavigation();
  const resetting = navigation.state === "submitting" && navigation.formData?.get("intent") === "reset-progress";
  // A scheme reset leaves the list with its controls: the keyboard goes to the card's heading.
  const heading = useFocusWhenLost<HTMLHeadingElement>();
  return (
    <SettingsCard id="playbook" title="My playbook" heading={heading}>
      {schemes.length === 0 ? (
        <p className="rounded-xl border border-dashed border-field-600 p-6 text-slate-400">
          No schemes in progress yet. Open a play and mark it Watched, Practised or Game-ready to start your playbook.
        </p>
      ) : (
        <ul className="space-y-4">
          {schemes.map((scheme) => (
            <li key={scheme.slug} className="rounded-xl border border-field-700 p-4">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-bold text-white">
                    <Link to={`/content/${scheme.slug}`} className="hover:text-turf">{scheme.title}</Link>
                  </p>
                  <p className="text-sm text-slate-400">
                    {GAME_LABELS[scheme.game]}
                    {isFinished(scheme.progress) ? " · Finished" : null}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  {scheme.next ? (
                    <Link to={scheme.next.href} className="btn-secondary btn-sm">
                      Next: {scheme.next.title}
                    </Link>
                  ) : null}
                  {confirming !== scheme.slug ? <ResetLink scheme={scheme} returning={confirming === null} /> : null}
                </div>
              </div>
              <ProgressBar progress={scheme.progress} compact />
              {confirming === scheme.slug ? <ResetConfirmation scheme={scheme} resetting={resetting} /> : null}
            </li>
          ))}
        </ul>
      )}
    </SettingsCard>
  );
}

/**
 * Back from 'Cancel', the keyboard is on the link again. Not when another scheme's question took
 * this one's place (`returning` false): the keyboard goes to that question's answer.
 */
function ResetLink({ scheme, returning }: { scheme: PlaybookScheme; returning: boolean }) {
  const focusRef = useFocusOnArrival<HTMLAnchorElement>(returning);
  return (
    <Link ref={focusRef} to={`/account-settings?reset=${encodeURIComponent(scheme.slug)}#playbook`} preventScrollReset className="btn-secondary btn-sm">
      Reset progress<span className="sr-only"> of {scheme.title}</span>
    </Link>
  );
}

/** Asked under the scheme, the keyboard on its answer (which reads the question with it). */
function ResetConfirmation({ scheme, resetting }: { scheme: PlaybookScheme; resetting: boolean }) {
  const focusRef = useFocusOnArrival<HTMLButtonElement>();
  return (
    <Form method="post" action="/account-settings#playbook" className="mt-4 rounded-lg border border-red-400/40 bg-red-950/30 p-4">
      <input type="hidden" name="intent" value="reset-progress" />
      <input type="hidden" name="scheme" value={scheme.contentId} />
      <p className="text-sm text-slate-200" id={`reset-${scheme.slug}`}>
        Reset your progress in <strong>{scheme.title}</strong>? Every play goes back to Not started and saved video places are forgotten.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {/* aria-disabled, not disabled: a disabled button drops the keyboard's focus to the page. */}
        <button
          ref={focusRef}
          type="submit"
          className="btn-danger btn-sm"
          aria-describedby={`reset-${scheme.slug}`}
          aria-disabled={resetting || undefined}
          onClick={(event) => resetting && event.preventDefault()}
        >
          Yes, reset progress
        </button>
        <Link to="/account-settings#playbook" preventScrollReset className="btn-secondary btn-sm">
          Cancel
        </Link>
      </div>
    </Form>
  );
}

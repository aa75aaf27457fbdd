import { useFetcher } from "react-router";
import { Link } from "~/components/link";
import { useHydrated } from "~/components/use-hydrated";
import { PROGRESS_STAGES } from "../../../db/enums";
import { PROGRESS_STAGE_LABELS, type ProgressStage } from "~/lib/progress";

/**
 * The member's stage with the play on screen: one POST form whose four buttons each set a stage, so
 * it works without JavaScript (the page comes back with a toast); with it, it updates in place and
 * says so in a live region.
 */
export function ProgressControl({ action, stage }: { action: string; stage: ProgressStage }) {
  const fetcher = useFetcher<{ ok?: boolean; stage?: ProgressStage; message?: string; error?: string; login?: boolean }>();
  const hydrated = useHydrated();
  const pending = fetcher.formData?.get("stage");
  // The page's data is read again after each submission, so once it lands `stage` is the truth; it
  // also moves without a click (the video marks the play 'Watched'), and then the last answer is old.
  const shown = typeof pending === "string" ? pending : stage;
  const stale = fetcher.data?.stage !== undefined && fetcher.data.stage !== stage;
  const message = fetcher.state === "idle" && !stale ? (fetcher.data?.message ?? fetcher.data?.error ?? "") : "";
  return (
    <section id="progress" aria-labelledby="progress-title" className="card scroll-mt-4 p-5">
      <h2 id="progress-title" className="text-lg font-bold text-white">Your progress</h2>
      {/* Without JavaScript the answer is a new page: it opens here, where a refusal is said. */}
      <fetcher.Form method="post" action={hydrated ? action : `${action}#progress`} className="mt-3" preventScrollReset>
        <input type="hidden" name="intent" value="progress" />
        <div role="group" aria-label="Your stage with this play" className="grid grid-cols-2 gap-1 rounded-xl bg-field-950 p-1 sm:grid-cols-4">
          {PROGRESS_STAGES.map((value) => {
            const current = value === shown;
            return (
              <button
                key={value}
                type="submit"
                name="stage"
                value={value}
                aria-pressed={current}
                className={`min-h-11 rounded-lg px-3 py-2 text-sm font-semibold transition-colors ${
                  current ? "bg-turf text-field-950" : "text-slate-300 hover:bg-field-800 hover:text-white"
                }`}
              >
                {PROGRESS_STAGE_LABELS[value]}
              </button>
            );
          })}
        </div>
      </fetcher.Form>
      <p role="status" className={`mt-2 min-h-5 text-sm ${fetcher.data?.error ? "text-red-300" : "text-slate-400"}`}>
        {message}
        {/* The session ended: a way back in, to this play. */}
        {message && fetcher.data?.login ? (
          <>
            {" "}
            <Link to={`/auth?redirectTo=${encodeURIComponent(`${action}#progress`)}`} className="text-link">
              Log in
            </Link>
          </>
        ) : null}
      </p>
    </section>
  );
}

/** A play's stage in a formation's play list: a short mark, with the stage's name for screen readers and on hover. */
export function StageMark({ stage, current }: { stage: ProgressStage; current: boolean }) {
  if (stage === "not-started") return null;
  const style = { watched: "text-sky-300", practised: "text-amber-300", "game-ready": "text-emerald-300" }[stage];
  const short = { watched: "W", practised: "P", "game-ready": "GR" }[stage];
  return (
    <span title={PROGRESS_STAGE_LABELS[stage]} className={`shrink-0 rounded border border-current px-1 text-[10px] font-bold ${current ? "" : style}`}>
      <span aria-hidden="true">{short}</span>
      <span className="sr-only">{PROGRESS_STAGE_LABELS[stage]}</span>
    </span>
  );
}

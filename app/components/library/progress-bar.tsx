import { progressSummaryText, type SchemeProgress } from "~/lib/progress";

/** A scheme's bar: 'n of m plays game-ready', with how many are watched, and the bar itself. */
export function ProgressBar({ progress, compact = false }: { progress: SchemeProgress; compact?: boolean }) {
  const percent = (count: number) => (progress.total ? Math.round((count / progress.total) * 100) : 0);
  return (
    <div className={compact ? "mt-2" : "mt-3"} data-testid="scheme-progress">
      <p className={`flex flex-wrap justify-between gap-x-3 ${compact ? "text-xs" : "text-sm"} text-slate-300`}>
        <span className="font-semibold text-white">{progressSummaryText(progress)}</span>
        <span>{progress.watched} watched</span>
      </p>
      <div className="relative mt-1.5 h-2 overflow-hidden rounded-full bg-field-700" aria-hidden="true">
        <div className="absolute inset-y-0 left-0 bg-sky-400/50" style={{ width: `${percent(progress.watched)}%` }} />
        <div className="absolute inset-y-0 left-0 bg-turf" style={{ width: `${percent(progress.gameReady)}%` }} />
      </div>
    </div>
  );
}

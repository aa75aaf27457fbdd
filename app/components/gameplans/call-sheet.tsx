// What a gameplan prints as: the call sheet (one landscape page, the situations as columns, hidden
// on screen) and the wristband card (its own page). Both carry `print-sheet`: on a page that has
// one, the print stylesheet leaves out the site's frame (app/app.css).
import { GAMEPLAN_SITUATIONS } from "../../../db/enums";
import { GAME_LABELS } from "~/lib/format";
import { callSheetLayout, SITUATION_LABELS, wristbandLines } from "~/lib/gameplans";
import type { GameplanEntry } from "~/server/gameplans.server";

type Game = keyof typeof GAME_LABELS;

/** On paper, only what should stop a call: a play that no longer works as it did. */
const PRINT_MARK: Partial<Record<GameplanEntry["status"], string>> = { nerfed: "✕ Nerfed", "needs-retest": "↻ Re-test", adjusted: "≈ Adjusted" };

function PrintMark({ status }: { status: GameplanEntry["status"] }) {
  const mark = PRINT_MARK[status];
  return mark ? <span className="whitespace-nowrap text-[0.85em] font-black uppercase" data-status={status}> {mark}</span> : null;
}

const SIZE_TEXT = { roomy: "text-[8.5pt]", compact: "text-[7pt]", tight: "text-[6pt]" } as const;
const NOTE_LINES = { 1: "line-clamp-1", 2: "line-clamp-2" } as const;

export function CallSheet({ name, game, entries }: { name: string; game: Game; entries: GameplanEntry[] }) {
  const { size, noteLines, flow } = callSheetLayout(entries);
  const stacked = size !== "tight";
  return (
    <section className={`call-sheet print-sheet hidden leading-tight text-black print:block ${SIZE_TEXT[size]}`} aria-label="Call sheet">
      <header className="flex items-baseline justify-between gap-4 border-b-2 border-black pb-1">
        <p className="min-w-0 break-words text-[14pt] font-black">{name}</p>
        <p className="shrink-0 font-semibold">{GAME_LABELS[game]} · Call sheet</p>
      </header>
      <div className={flow ? "mt-2 columns-8 gap-x-2 [column-rule:1px_solid_rgb(0_0_0/0.4)]" : "mt-2 grid grid-cols-8 gap-x-2"}>
        {GAMEPLAN_SITUATIONS.map((situation) => {
          const plays = entries.filter((entry) => entry.situation === situation);
          return (
            <div key={situation} className={flow ? "mb-1.5" : "min-w-0 border-l border-black/40 pl-1.5 first:border-l-0 first:pl-0"}>
              <p className="break-after-avoid border-b border-black pb-0.5 font-black uppercase">{SITUATION_LABELS[situation]}</p>
              <ol className="mt-1 space-y-1">
                {plays.map((entry, index) => (
                  <li key={entry.id} className="break-inside-avoid break-words">
                    <span className={`${stacked ? "block" : ""} text-[0.85em] uppercase text-black/70`}>
                      {index + 1}. {entry.formation}
                    </span>{" "}
                    <span className={`${stacked ? "block" : ""} font-bold`}>
                      {entry.playTitle}
                      <PrintMark status={entry.status} />
                    </span>
                    {/* Not `block` with a clamp: line-clamp needs its own display (-webkit-box), which `block` would override. */}
                    {entry.note ? <span className={`italic ${noteLines ? NOTE_LINES[noteLines] : "block"}`}>{entry.note}</span> : null}
                  </li>
                ))}
              </ol>
            </div>
          );
        })}
      </div>
    </section>
  );
}

/** The wristband: a small card of the openers and the 3rd-down plays, numbered through. */
export function WristbandCard({ name, entries }: { name: string; entries: GameplanEntry[] }) {
  const lines = wristbandLines(entries);
  return (
    <section aria-labelledby="wristband-title" className="wristband print-sheet w-full max-w-xl rounded-xl border-2 border-slate-200 bg-white p-3 text-slate-950 print:max-w-[5.5in] print:rounded-none print:border-black">
      <h2 id="wristband-title" className="flex items-baseline justify-between gap-2 border-b-2 border-slate-900 pb-1 text-sm font-black uppercase">
        <span className="min-w-0 break-words">{name}</span>
        <span className="shrink-0 text-xs">Wristband</span>
      </h2>
      <div className="mt-2 grid gap-3 sm:grid-cols-3 print:grid-cols-3">
        {lines.map(({ situation, plays }) => (
          <div key={situation} className="min-w-0">
            <h3 className="border-b border-slate-400 text-xs font-black uppercase">{SITUATION_LABELS[situation]}</h3>
            {plays.length ? (
              <ol className="mt-1 space-y-0.5 text-xs">
                {plays.map((entry) => (
                  <li key={entry.id} className="flex gap-1.5">
                    <span className="w-5 shrink-0 text-right font-black tabular-nums">{entry.number}</span>
                    <span className="min-w-0 break-words">
                      <span className="font-bold">{entry.playTitle}</span>
                      <PrintMark status={entry.status} /> <span className="text-slate-600">{entry.formation}</span>
                    </span>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="mt-1 text-xs text-slate-600">No plays.</p>
            )}
          </div>
        ))}
      </div>
    </section>
  );
}

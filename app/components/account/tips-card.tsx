import { Link } from "~/components/link";
import { formatShortDate, GAME_LABELS } from "~/lib/format";
import { TIP_STATUS_STYLES, type TipStatus } from "~/lib/tips";
import { SettingsCard } from "./settings-card";

export type OwnTip = {
  id: number;
  formationName: string;
  playName: string;
  playbook: string;
  gameType: "college" | "madden";
  tipDescription: string;
  status: TipStatus;
  adminNotes: string | null;
  createdAt: number;
};

export function TipsCard({ tips }: { tips: OwnTip[] }) {
  return (
    <SettingsCard id="tips" title="My Submitted Tips">
      {tips.length === 0 ? (
        <div className="rounded-xl border border-dashed border-field-600 p-8 text-center">
          <p className="text-lg font-bold text-white">No Tips Submitted Yet</p>
          <p className="mt-1 text-sm text-slate-400">Share a formation, play or read that wins you games.</p>
          <Link to="/submit-tip" className="btn-primary mt-5">
            Submit Your First Tip
          </Link>
        </div>
      ) : (
        <>
          <ul className="space-y-4">
            {tips.map((tip) => (
              <li key={tip.id} className="rounded-xl border border-field-700 p-4">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-bold text-white">
                      {tip.formationName} · {tip.playName}
                    </p>
                    <p className="text-sm text-slate-400">
                      {tip.playbook} · {GAME_LABELS[tip.gameType]} · {formatShortDate(tip.createdAt)}
                    </p>
                  </div>
                  <span className={`rounded-full px-3 py-1 text-xs font-bold capitalize ${TIP_STATUS_STYLES[tip.status]}`}>{tip.status}</span>
                </div>
                <details className="mt-3 text-sm">
                  <summary className="cursor-pointer font-semibold text-slate-200">Your tip</summary>
                  <p className="mt-2 whitespace-pre-wrap break-words text-slate-300">{tip.tipDescription}</p>
                </details>
                {tip.adminNotes ? (
                  <p className="mt-3 whitespace-pre-wrap break-words rounded-lg bg-field-800 p-3 text-sm text-slate-300">
                    <span className="font-semibold text-white">Feedback from our team: </span>
                    {tip.adminNotes}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
          <Link to="/submit-tip" className="btn-secondary mt-5">
            Submit New Tip
          </Link>
        </>
      )}
    </SettingsCard>
  );
}

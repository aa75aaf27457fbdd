import { badgeText, type PatchStatus } from "~/lib/patch";

// The patch tracker's badge: where a scheme or play stands against its game's current title update.
const STYLES: Record<PatchStatus, string> = {
  verified: "border-emerald-400/60 bg-emerald-950 text-emerald-300",
  "needs-retest": "border-amber-400/60 bg-amber-950 text-amber-300",
  adjusted: "border-sky-400/60 bg-sky-950 text-sky-300",
  nerfed: "border-red-400/60 bg-red-950 text-red-300",
};

const ICONS: Record<PatchStatus, string> = { verified: "✓", "needs-retest": "↻", adjusted: "≈", nerfed: "✕" };

export function StatusBadge({ status, version, className = "" }: { status: PatchStatus; version: string | null; className?: string }) {
  return (
    <span className={`inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold ${STYLES[status]} ${className}`} data-status={status}>
      <span aria-hidden="true">{ICONS[status]}</span>
      {badgeText(status, version)}
    </span>
  );
}

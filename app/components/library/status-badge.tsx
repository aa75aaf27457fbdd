import { badgeText, type PatchStatus } from "~/lib/patch";

// The patch tracker's badge: where a scheme or play stands against its game's current title update.
// Its colours and icon come from the status-badge utility (app/app.css) by data-status: a listing of
// 24 cards carries only the words.
export function StatusBadge({ status, version, className = "" }: { status: PatchStatus; version: string | null; className?: string }) {
  return (
    <span className={className ? `status-badge ${className}` : "status-badge"} data-status={status}>
      {badgeText(status, version)}
    </span>
  );
}

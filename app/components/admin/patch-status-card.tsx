// The content editor's 'Patch status' card: one small form per item and play (they post to the
// editor, which comes back here: a refused entry shows its message under its item, as typed), and
// the item's status history.
import { Form } from "react-router";
import { StatusBadge } from "~/components/library/status-badge";
import { useFocusOnArrival } from "~/components/use-focus-on-arrival";
import { formatDateTime } from "~/lib/format";
import { PATCH_STATUS_LABELS, STATUS_NOTE_MAX } from "~/lib/patch";
import type { ContentFormData } from "~/routes/admin/content-form";
import { PATCH_STATUSES } from "../../../db/enums";

type Patch = NonNullable<ContentFormData["patch"]>;

type Refused = { item: string; error: string; fields: { status: string; note: string; alternative: string } };

export function PatchStatusCard({ slug, statuses, history, refused }: { slug: string; refused: Refused | null } & Patch) {
  return (
    <section id="patch-status" aria-labelledby="patch-status-heading" className="mx-auto mb-16 max-w-5xl scroll-mt-4 px-4 sm:px-6">
      <div className="card p-6">
        <h2 id="patch-status-heading" className="text-2xl font-bold text-white">Patch status</h2>
        <p className="mt-1 text-sm text-slate-400">
          Where this item and each of its plays stand against the game's current title update. 'Works with adjustment' and 'Nerfed' need a note (members read it).
        </p>
        <ul className="mt-6 space-y-4">
          {statuses.map((row) => {
            const key = `${row.kind}-${row.id}`;
            const label = row.kind === "content" ? "This item" : `${row.title} (${row.sectionTitle})`;
            const mine = refused?.item === key ? refused : null;
            const errorId = `${key}-status-error`;
            return (
              <li key={key} id={`status-${key}`} className="scroll-mt-4 rounded-xl border border-field-700 p-4">
                {/* Keyed by what is stored: after a save the fields show it (a link dropped with 'Nerfed' goes). */}
                <Form key={`${row.status}:${row.version}:${row.note}:${row.alternative}`} method="post" action={`/admin/content/${slug}#status-${key}`} preventScrollReset className="grid grid-cols-[minmax(0,1fr)] gap-3 md:grid-cols-[minmax(0,1fr)_15rem]">
                  <input type="hidden" name="intent" value="set-status" />
                  <input type="hidden" name="itemKind" value={row.kind} />
                  <input type="hidden" name="itemId" value={row.id} />
                  <input type="hidden" name="revision" value={row.revision} />
                  <input type="hidden" name="basis" value={row.basis} />
                  <div className="flex flex-wrap items-center gap-2 md:col-span-2">
                    <span className="font-semibold text-white">{label}</span>
                    <StatusBadge status={row.status} version={row.version} />
                  </div>
                  {mine ? (
                    <p id={errorId} role="alert" className="field-error md:col-span-2">{mine.error}</p>
                  ) : null}
                  <div className="space-y-3">
                    <div>
                      <label htmlFor={`${key}-note`} className="label">Note</label>
                      <textarea
                        id={`${key}-note`}
                        name="note"
                        rows={2}
                        maxLength={STATUS_NOTE_MAX}
                        defaultValue={mine ? mine.fields.note : (row.note ?? "")}
                        aria-describedby={mine ? errorId : undefined}
                        className="input"
                      />
                    </div>
                    <div>
                      <label htmlFor={`${key}-alternative`} className="label">Use instead (for 'Nerfed')</label>
                      <input
                        id={`${key}-alternative`}
                        name="alternative"
                        type="text"
                        defaultValue={mine ? mine.fields.alternative : (row.alternative ?? "")}
                        aria-describedby={mine ? errorId : undefined}
                        placeholder="/content/..."
                        className="input"
                      />
                    </div>
                  </div>
                  <div className="flex flex-col gap-3">
                    <div>
                      <label htmlFor={`${key}-status`} className="label">Status</label>
                      <select
                        id={`${key}-status`}
                        name="status"
                        defaultValue={mine && (PATCH_STATUSES as readonly string[]).includes(mine.fields.status) ? mine.fields.status : row.status}
                        className="input"
                      >
                        {PATCH_STATUSES.map((status) => (
                          <option key={status} value={status}>{PATCH_STATUS_LABELS[status]}</option>
                        ))}
                      </select>
                    </div>
                    <SaveStatusButton label={label} />
                  </div>
                </Form>
              </li>
            );
          })}
        </ul>
        <h3 className="mt-8 text-lg font-bold text-white">History</h3>
        {history.length === 0 ? (
          <p className="mt-2 text-sm text-slate-400">No status changes yet.</p>
        ) : (
          <ol className="mt-3 space-y-2 text-sm">
            {history.map((entry) => (
              <li key={entry.id} className="text-slate-300">
                <span className="text-slate-400">{formatDateTime(entry.changedAt)}</span>{" "}
                <span className="font-semibold text-white">{entry.playTitle ?? "This item"}</span>:{" "}
                {entry.fromStatus ? PATCH_STATUS_LABELS[entry.fromStatus] : "new"} → {PATCH_STATUS_LABELS[entry.toStatus]}
                {entry.version ? ` (${entry.version})` : ""}
                {entry.byFirstName ? ` by ${[entry.byFirstName, entry.byLastName].filter(Boolean).join(" ")}` : ""}
                {entry.note ? <span className="block text-slate-400">{entry.note}</span> : null}
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}

/** Its form is rebuilt with what was saved: the keyboard stays on the button. */
function SaveStatusButton({ label }: { label: string }) {
  const focusRef = useFocusOnArrival<HTMLButtonElement>();
  return (
    <button ref={focusRef} type="submit" className="btn-primary btn-sm" aria-label={`Save status of ${label}`}>
      Save status
    </button>
  );
}

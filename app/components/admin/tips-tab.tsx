import { Form, useNavigation } from "react-router";
import { Link } from "~/components/link";
import { formatShortDate, GAME_LABELS } from "~/lib/format";
import type { DashboardLoaderData as LoaderData } from "~/routes/admin/dashboard";
import { DataTable, Section } from "./data-table";
import { Pager, useDashboardQuery } from "./dashboard-query";
import { ConfirmDelete, Dialog, useDialogAction } from "./dialog";
import { TIP_STATUS_STYLES } from "~/lib/tips";

export function TipsTab({ data: tips, refused }: { data: LoaderData["tips"]; refused: { error: string; notes: string; revision: number | null } | null }) {
  const { params: searchParams, dialogHref, closeHref: closeTo } = useDashboardQuery();
  const closeHref = closeTo("tips");
  const navigation = useNavigation();
  const selected = tips.rows.find((row) => String(row.id) === searchParams.get("tip")) ?? null;
  const dialog = searchParams.get("dialog");
  const busy = navigation.state === "submitting";
  const dialogAction = useDialogAction();
  return (
    <Section id="tips" title="Tips">
      <div className="flex flex-wrap gap-4">
        <p className="card px-4 py-3 text-sm"><span className="text-slate-400">Pending </span><span className="text-xl font-black text-white">{tips.pending}</span></p>
        <p className="card px-4 py-3 text-sm"><span className="text-slate-400">Approved </span><span className="text-xl font-black text-white">{tips.approved}</span></p>
      </div>
      {tips.rows.length === 0 ? (
        <p className="mt-6 text-slate-400">No tips submitted yet.</p>
      ) : (
        <DataTable className="mt-5" scrollLabel="Tips table" columns={["User", "Formation and playbook", "Play", "Game", "Status", "Submitted", "Actions"]}>
          {tips.rows.map((tip) => (
            <tr key={tip.id}>
              <td>
                <p className="cell-title">{[tip.firstName, tip.lastName].filter(Boolean).join(" ") || "—"}</p>
                <p className="cell-sub">{tip.email}</p>
              </td>
              <td>
                <p className="text-white">{tip.formationName}</p>
                <p className="cell-sub">{tip.playbook}</p>
              </td>
              <td>{tip.playName}</td>
              <td>{tip.gameType === "madden" ? "Madden" : "College"}</td>
              <td>
                <span className={`badge capitalize ${TIP_STATUS_STYLES[tip.status]}`}>{tip.status}</span>
              </td>
              <td>{formatShortDate(tip.createdAt)}</td>
              <td>
                <span className="row-actions">
                  <Link discover="none" to={dialogHref({ tip: String(tip.id), dialog: "details" }, "tips")} preventScrollReset className="text-link">Details</Link>
                  <Link discover="none" to={dialogHref({ tip: String(tip.id), dialog: "review" }, "tips")} preventScrollReset className="text-link">Review</Link>
                  <Link discover="none" to={dialogHref({ tip: String(tip.id), dialog: "delete-tip" }, "tips")} preventScrollReset className="text-link-danger">Delete</Link>
                </span>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pager page={tips.page} pageCount={tips.pageCount} param="tipsPage" hash="tips" />
      {selected && dialog === "details" ? (
        <Dialog title="Tip details" closeHref={closeHref}>
          <dl className="space-y-3 text-sm">
            <div><dt className="text-slate-400">Submitted by</dt><dd className="text-white">{[selected.firstName, selected.lastName].filter(Boolean).join(" ")} ({selected.email})</dd></div>
            <div><dt className="text-slate-400">Game</dt><dd className="text-white">{GAME_LABELS[selected.gameType]}</dd></div>
            <div><dt className="text-slate-400">Playbook</dt><dd className="text-white">{selected.playbook}</dd></div>
            <div><dt className="text-slate-400">Formation</dt><dd className="text-white">{selected.formationName}</dd></div>
            <div><dt className="text-slate-400">Play</dt><dd className="text-white">{selected.playName}</dd></div>
            <div><dt className="text-slate-400">Tip</dt><dd className="whitespace-pre-wrap break-words text-white">{selected.tipDescription}</dd></div>
            <div><dt className="text-slate-400">Status</dt><dd className="capitalize text-white">{selected.status}</dd></div>
            {selected.adminNotes ? <div><dt className="text-slate-400">Admin notes</dt><dd className="whitespace-pre-wrap text-white">{selected.adminNotes}</dd></div> : null}
            <div><dt className="text-slate-400">Submitted</dt><dd className="text-white">{formatShortDate(selected.createdAt)}</dd></div>
          </dl>
        </Dialog>
      ) : null}
      {selected && dialog === "review" ? (
        <Dialog title="Review tip" closeHref={closeHref}>
          <p className="text-sm text-slate-300">
            <span className="font-bold text-white">{selected.formationName} · {selected.playName}</span> ({selected.playbook})
          </p>
          <p className="mt-3 whitespace-pre-wrap break-words rounded-lg bg-field-800 p-3 text-sm text-slate-200">{selected.tipDescription}</p>
          <p className="mt-3 text-sm text-slate-400">
            Status: <span className="capitalize text-white">{selected.status}</span>
          </p>
          <Form method="post" action={dialogAction} className="mt-5 space-y-4" preventScrollReset>
            <input type="hidden" name="intent" value="review-tip" />
            <input type="hidden" name="tipId" value={selected.id} />
            {/* The tip as the dialog showed it: a review laid over another staff member's since is refused. */}
            <input type="hidden" name="revision" value={refused?.revision ?? selected.updatedAt} />
            {refused ? <p role="alert" className="field-error">{refused.error}</p> : null}
            <div>
              <label htmlFor="admin-notes" className="label">Admin notes (optional)</label>
              <textarea id="admin-notes" name="adminNotes" rows={4} defaultValue={refused?.notes ?? selected.adminNotes ?? ""} maxLength={2000} className="input" />
            </div>
            <div className="flex justify-end gap-3">
              {/* aria-disabled, not disabled: a disabled button drops the keyboard's focus to the page (a refused review keeps it here). */}
              <button type="submit" name="status" value="rejected" className="btn-danger" aria-disabled={busy || undefined} onClick={(event) => busy && event.preventDefault()}>Reject</button>
              <button type="submit" name="status" value="approved" className="btn-primary" aria-disabled={busy || undefined} onClick={(event) => busy && event.preventDefault()}>Approve</button>
            </div>
          </Form>
        </Dialog>
      ) : null}
      {selected && dialog === "delete-tip" ? (
        <ConfirmDelete title="Delete tip" closeHref={closeHref} intent="delete-tip" target={{ name: "tipId", value: selected.id }}>
        <p className="text-slate-300">Are you sure you want to delete this tip? This action cannot be undone.</p>
        </ConfirmDelete>
      ) : null}
    </Section>
  );
}

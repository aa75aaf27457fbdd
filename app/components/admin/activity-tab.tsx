import { Form } from "react-router";
import { Link } from "~/components/link";
import { useFocusOnArrival } from "~/components/use-focus-on-arrival";
import { AUDIT_ACTION_LABELS } from "~/lib/audit";
import { formatDateTime } from "~/lib/format";
import type { DashboardLoaderData as LoaderData } from "~/routes/admin/dashboard";
import { DataTable, EmptyRow, Section } from "./data-table";

type Activity = NonNullable<LoaderData["activity"]>;

function Values({ values }: { values: Record<string, unknown> | null }) {
  if (!values || Object.keys(values).length === 0) return <span className="text-slate-500">—</span>;
  return (
    <dl className="space-y-1">
      {Object.entries(values).map(([name, value]) => (
        <div key={name} className="break-words">
          <dt className="inline text-slate-400">{name}: </dt>
          <dd className="inline text-slate-200">{value === null ? "none" : typeof value === "string" ? value : JSON.stringify(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The superadmins' read-only audit trail: newest first, filtered by staff member and affected user (a GET form). */
export function ActivityTab({ activity }: { activity: Activity }) {
  const { filter, staff, rows, olderBefore } = activity;
  const filtered = Boolean(filter.actorId || filter.affected);
  const olderHref = `/admin?${new URLSearchParams({
    ...(filter.actorId ? { actor: filter.actorId } : {}),
    ...(filter.affected ? { affected: filter.affected } : {}),
    activityBefore: String(olderBefore),
  })}#activity`;
  return (
    <Section id="activity" title="Activity">
      <p className="text-sm text-slate-400">Every staff change to access, money or someone else&rsquo;s words. Entries cannot be edited or deleted.</p>
      {/* Keyed on the filter shown: after 'Clear filters' (or Back) its fields say what the list is filtered by, not what was chosen before. */}
      <Form key={`${filter.actorId}|${filter.affected}`} method="get" action="/admin#activity" preventScrollReset className="mt-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="activity-actor" className="label">Staff member</label>
          <select id="activity-actor" name="actor" defaultValue={filter.actorId} className="input">
            <option value="">All staff</option>
            {staff.map((member) => (
              <option key={member.id} value={member.id}>{member.email}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="activity-affected" className="label">Affected user</label>
          <input id="activity-affected" name="affected" type="search" defaultValue={filter.affected} placeholder="Email or user id" className="input" />
        </div>
        <FilterButton />
        {filtered ? <Link to="/admin#activity" className="text-link text-sm">Clear filters</Link> : null}
      </Form>
      <DataTable className="mt-5" scrollLabel="Activity entries" columns={["When", "Staff member", "Action", "Affected", "Before", "After"]}>
        {rows.length === 0 ? (
          <EmptyRow columns={6}>No activity recorded{filtered ? " for these filters" : ""}.</EmptyRow>
        ) : (
          rows.map((row) => (
            <tr key={row.id} data-testid="activity-row">
              <td className="whitespace-nowrap text-slate-300">{formatDateTime(row.createdAt)}</td>
              <td className="text-slate-200">{row.actorEmail}</td>
              <td className="cell-title">{AUDIT_ACTION_LABELS[row.action]}</td>
              <td>{row.targetLabel || "—"}</td>
              <td className="max-w-xs text-xs"><Values values={row.before} /></td>
              <td className="max-w-xs text-xs"><Values values={row.after} /></td>
            </tr>
          ))
        )}
      </DataTable>
      {olderBefore ? (
        <nav aria-label="Activity pages" className="mt-4 text-sm">
          <Link to={olderHref} className="btn-secondary px-3 py-1.5">Older entries</Link>
        </nav>
      ) : null}
    </Section>
  );
}

/**
 * The form is drawn anew for each filter (its fields then say what the list shows): the keyboard,
 * on 'Filter' or 'Clear filters' when it was pressed, lands on the new 'Filter'.
 */
function FilterButton() {
  const ref = useFocusOnArrival<HTMLButtonElement>();
  return (
    <button ref={ref} type="submit" className="btn-secondary">
      Filter
    </button>
  );
}

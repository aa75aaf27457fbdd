/** A dashboard tab: a section named by its heading, with an optional action beside the heading. */
export function Section({ id, title, action, children }: { id: string; title: string; action?: React.ReactNode; children: React.ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {/* Focusable from script only: focus lands here when a dialog closes and its opener is gone. */}
        <h2 id={`${id}-heading`} tabIndex={-1} className="text-2xl font-bold text-white">{title}</h2>
        {action}
      </div>
      <div className="mt-5">{children}</div>
    </section>
  );
}

/**
 * A staff table: scrolls sideways on a phone, its actions column kept in view; the rows are the children. The scroller is positioned
 * so that the visually hidden (absolutely positioned) labels in its cells stay inside it instead of
 * widening the whole page.
 */
export function DataTable({
  columns,
  className,
  scrollLabel,
  children,
}: {
  columns: string[];
  className?: string;
  /** For a table with nothing focusable in it: the scroller itself takes focus (arrow keys scroll it) under this name. */
  scrollLabel?: string;
  children: React.ReactNode;
}) {
  return (
    <div
      className={className ? `relative overflow-x-auto ${className}` : "relative overflow-x-auto"}
      {...(scrollLabel ? { role: "region", "aria-label": scrollLabel, tabIndex: 0 } : {})}
    >
      {/* A last column of actions (Details, Edit, Delete) stays in view on a phone (app.css). */}
      <table className={columns.at(-1) === "Actions" ? "data-table with-actions" : "data-table"}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column}>{column}</th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

export function EmptyRow({ columns, children }: { columns: number; children: React.ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="text-slate-400">{children}</td>
    </tr>
  );
}

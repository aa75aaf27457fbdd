import { TypeBadge } from "~/components/content-card";
import { Link } from "~/components/link";
import { isSchemeType } from "~/lib/content";
import { formatCount, GAME_LABELS } from "~/lib/format";
import type { DashboardLoaderData as LoaderData } from "~/routes/admin/dashboard";
import { DataTable, EmptyRow, Section } from "./data-table";
import { Pager, useDashboardQuery } from "./dashboard-query";
import { ConfirmDelete } from "./dialog";

export function ContentTab({ data: content }: { data: LoaderData["content"] }) {
  const { params: searchParams, dialogHref, closeHref: closeTo } = useDashboardQuery();
  const closeHref = closeTo("content");
  const deleting = searchParams.get("dialog") === "delete-content" ? content.rows.find((row) => row.slug === searchParams.get("content")) : null;
  return (
    <Section id="content" title="Content" action={<Link to="/admin/content/new" className="btn-primary">Create Content</Link>}>
      <DataTable columns={["Title", "Type", "Game", "Views", "Status", "Actions"]}>
        {content.rows.length === 0 ? (
          <EmptyRow columns={6}>No content yet.</EmptyRow>
        ) : (
          content.rows.map((row) => (
            <tr key={row.slug}>
              <td>
                <p className="font-semibold text-white">{row.title}</p>
                <p className="line-clamp-1 text-xs text-slate-400">{row.description}</p>
              </td>
              <td><TypeBadge type={row.type} /></td>
              <td className="text-slate-300">{GAME_LABELS[row.game]}</td>
              <td className="tabular-nums text-slate-300">{formatCount(row.views)}</td>
              <td>
                <span className={`badge ${row.isPublished ? "bg-turf text-field-950" : "bg-field-700 text-slate-200"}`}>
                  {row.isPublished ? "Published" : "Draft"}
                </span>
              </td>
              <td>
                <span className="row-actions">
                  <a href={isSchemeType(row.type) ? `/scheme/${row.slug}` : `/content/${row.slug}`} target="_blank" rel="noopener" className="text-link">View</a>
                  <Link discover="none" to={`/admin/content/${row.slug}`} className="text-link">Edit</Link>
                  <Link discover="none" to={dialogHref({ content: row.slug, dialog: "delete-content" }, "content")} preventScrollReset className="text-link-danger">Delete</Link>
                </span>
              </td>
            </tr>
          ))
        )}
      </DataTable>
      <Pager page={content.page} pageCount={content.pageCount} param="contentPage" hash="content" />
      {deleting ? (
        <ConfirmDelete title="Delete content" closeHref={closeHref} intent="delete-content" target={{ name: "slug", value: deleting.slug }}>
        <p className="text-slate-300">
          Delete “{deleting.title}”? Its formations, plays, ratings, comments and favorites are deleted too. This action cannot be undone.
        </p>
        </ConfirmDelete>
      ) : null}
    </Section>
  );
}

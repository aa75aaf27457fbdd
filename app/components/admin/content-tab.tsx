import { TypeBadge } from "~/components/content-card";
import { Link } from "~/components/link";
import { isSchemeType } from "~/lib/content";
import { formatCount, formatShortDate, GAME_LABELS } from "~/lib/format";
import type { DashboardLoaderData as LoaderData } from "~/routes/admin/dashboard";
import { DataTable, EmptyRow, Section } from "./data-table";
import { Pager, useDashboardQuery } from "./dashboard-query";
import { ConfirmDelete } from "./dialog";

export function ContentTab({ data: content }: { data: LoaderData["content"] }) {
  const { params: searchParams, dialogHref, closeHref: closeTo } = useDashboardQuery();
  const closeHref = closeTo("content");
  const deleting = searchParams.get("dialog") === "delete-content" ? content.rows.find((row) => row.slug === searchParams.get("content")) : null;
  return (
    <Section id="content" title="Content" action={
        <div className="flex flex-wrap gap-3">
          <Link to="/admin/videos" className="btn-secondary">Videos</Link>
          <Link to="/admin/content/new" className="btn-primary">Create Content</Link>
        </div>
      }>
      <DataTable scrollLabel="Content items" columns={["Title", "Type", "Game", "Views", "Status", "Actions"]}>
        {content.rows.length === 0 ? (
          <EmptyRow columns={6}>No content yet.</EmptyRow>
        ) : (
          content.rows.map((row) => (
            <tr key={row.slug}>
              <td>
                <p className="cell-title">{row.title}</p>
                <p className="cell-note">{row.description}</p>
              </td>
              <td><TypeBadge type={row.type} /></td>
              <td>{GAME_LABELS[row.game]}</td>
              <td className="num">{formatCount(row.views)}</td>
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
      <SearchMisses rows={content.searchMisses} />
      {deleting ? (
        <ConfirmDelete title="Delete content" closeHref={closeHref} intent="delete-content" target={{ name: "slug", value: deleting.slug }}>
        <p className="text-slate-300">
          Delete “{deleting.title}”? Its formations, plays, ratings, comments and favorites are deleted too. This action cannot be undone.
        </p>
        {content.deletingUses?.gameplans ? <GameplanUses {...content.deletingUses} /> : null}
        </ConfirmDelete>
      ) : null}
    </Section>
  );
}

/** In the delete dialog: the plays that leave members' gameplans with the item. */
function GameplanUses({ plays, gameplans }: { plays: number; gameplans: number }) {
  const where = `${formatCount(gameplans)} ${gameplans === 1 ? "gameplan" : "gameplans"}`;
  const those = gameplans === 1 ? "that gameplan" : "those gameplans";
  return (
    <p className="mt-3 text-amber-200" data-testid="delete-content-gameplans">
      Members keep {formatCount(plays)} of its plays in {where}: {plays === 1 ? "it leaves" : "they leave"} {those}.
    </p>
  );
}

/** What members searched for and did not find in the last 30 days: what to make next. */
function SearchMisses({ rows }: { rows: LoaderData["content"]["searchMisses"] }) {
  return (
    <section aria-labelledby="search-misses-heading" className="mt-10">
      <h3 id="search-misses-heading" className="font-display text-lg font-black text-white">
        Searches with no results
      </h3>
      <p className="mt-1 text-sm text-slate-400">The most frequent of the last 30 days (no member is recorded).</p>
      <DataTable scrollLabel="Searches with no results, table" columns={["Search", "Times", "Last searched"]}>
        {rows.length === 0 ? (
          <EmptyRow columns={3}>No searches without results in the last 30 days.</EmptyRow>
        ) : (
          rows.map((row) => (
            <tr key={row.query}>
              <td>
                <a href={`/search?q=${encodeURIComponent(row.query)}`} target="_blank" rel="noopener" className="text-link">
                  {row.query}
                </a>
              </td>
              <td className="num">{formatCount(row.searches)}</td>
              <td>{formatShortDate(row.lastSeenAt)}</td>
            </tr>
          ))
        )}
      </DataTable>
    </section>
  );
}

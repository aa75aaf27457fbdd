import { createContext, useContext } from "react";
import { Link } from "~/components/link";

/** Each dialog's own parameter and the tab its dialog belongs to (one opened without its anchor shows there). */
export const DIALOG_TABS = [
  ["user", "users"],
  ["tip", "tips"],
  ["content", "content"],
  ["post", "blog"],
] as const;

/** The parameters that open a dialog; everything else in the query (searches, pages) is the list. */
const DIALOG_PARAMS = ["dialog", ...DIALOG_TABS.map(([param]) => param)];

export type DashboardQuery = {
  params: URLSearchParams;
  /** Opens a dialog: the current list (search, pages) plus the dialog's own parameters. */
  dialogHref: (params: Record<string, string>, hash: string) => string;
  /** Closes any dialog and stays on the same list. */
  closeHref: (hash: string) => string;
  pageHref: (param: string, value: number, hash: string) => string;
  /** A new search in one list: its page starts again at 1, the other lists stay as they are. */
  searchHref: (param: string, value: string, pageParam: string, hash: string) => string;
  /** The list parameters a search form must carry along so a search keeps the other lists' pages. */
  keptFor: (param: string, pageParam: string) => [string, string][];
};

// Read from the URL once for the whole dashboard (not once per table, pager and dialog).
export const DashboardQueryContext = createContext<DashboardQuery | null>(null);
export const useDashboardQuery = () => useContext(DashboardQueryContext)!;

/**
 * `hydrated`: without JavaScript a dialog's link carries no anchor. An address with one makes the
 * browser start the keyboard at that section, behind the dialog, and skip the dialog's autofocus.
 */
export function dashboardQuery(params: URLSearchParams, hydrated: boolean): DashboardQuery {
  // The dashboard's query without any dialog's parameters (page numbers and searches stay).
  const kept = new URLSearchParams(params);
  for (const name of DIALOG_PARAMS) kept.delete(name);
  const base = kept.toString();
  const without = (...names: string[]) => {
    const rest = new URLSearchParams(kept);
    for (const name of names) rest.delete(name);
    return rest;
  };
  return {
    params,
    dialogHref(own, hash) {
      const added = Object.entries(own)
        .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
        .join("&");
      return `/admin?${base ? `${base}&` : ""}${added}${hydrated ? `#${hash}` : ""}`;
    },
    closeHref: (hash) => `/admin${base ? `?${base}` : ""}#${hash}`,
    pageHref(param, value, hash) {
      const next = new URLSearchParams(params);
      next.set(param, String(value));
      return `/admin?${next.toString()}#${hash}`;
    },
    searchHref(param, value, pageParam, hash) {
      const next = without(param, pageParam);
      if (value.trim()) next.set(param, value);
      const query = next.toString();
      return `/admin${query ? `?${query}` : ""}#${hash}`;
    },
    keptFor: (param, pageParam) => [...without(param, pageParam)],
  };
}

export function Pager({ page, pageCount, param, hash }: { page: number; pageCount: number; param: string; hash: string }) {
  const query = useDashboardQuery();
  if (pageCount <= 1) return null;
  const href = (value: number) => query.pageHref(param, value, hash);
  return (
    <nav aria-label="Pagination" className="mt-4 flex items-center gap-3 text-sm">
      {page > 1 ? <Link to={href(page - 1)} className="btn-secondary px-3 py-1.5">Previous</Link> : null}
      <span className="text-slate-400">Page {page} of {pageCount}</span>
      {page < pageCount ? <Link to={href(page + 1)} className="btn-secondary px-3 py-1.5">Next</Link> : null}
    </nav>
  );
}

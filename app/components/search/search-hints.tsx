import { Link } from "~/components/link";
import { FILTER_NAMES, searchHref, type SearchFilters } from "~/lib/search";

// What /search says when its results are empty or partial (app/routes/library/search.tsx).

export const NO_FILTERS: SearchFilters = { game: null, type: null, difficulty: null, tag: null };

/** The filters hide what has every word: say how much. */
export function WithoutFilters({ count }: { count: number }) {
  return <>{count === 1 ? "1 result has every word without the filters." : `${count} results have every word without the filters.`}</>;
}

/**
 * Under 'No results': the way out when the filters hid what was asked. A search's words that find
 * nothing without the filters either get no such link (it would lead to another empty page).
 */
export function FilteredOut({ text, filters, withoutFilters }: { text: string; filters: SearchFilters; withoutFilters: number | null }) {
  const others = FILTER_NAMES.filter((name) => name !== "tag" && filters[name]);
  // 'Works on current update' alone hid it: everything, whatever its status.
  const worksAlone = filters.works && !others.length && (text ? !filters.tag && Boolean(withoutFilters) : true);
  if (worksAlone) {
    return (
      <p className="mt-3 text-slate-300">
        Only what is verified on the current title update is shown, and our staff are re-testing.{" "}
        <Link to={searchHref(text, { ...filters, works: false })} className="text-link">
          Search everything, whatever its status
        </Link>
      </p>
    );
  }
  if (!text) {
    if (!filters.works && !others.length) return null;
    return (
      <p className="mt-3 text-slate-300">
        <Link to={searchHref("", { ...NO_FILTERS, tag: filters.tag })} className="text-link">
          Show everything tagged “{filters.tag}”
        </Link>
      </p>
    );
  }
  if (!withoutFilters) return null;
  return (
    <p className="mt-3 text-slate-300">
      <WithoutFilters count={withoutFilters} />{" "}
      <Link to={searchHref(text, NO_FILTERS)} className="text-link">
        Search without filters
      </Link>
    </p>
  );
}

/** A word of the vocabulary near what was typed, kept with the filters. */
export function DidYouMean({ suggestion, filters, className }: { suggestion: string | null; filters: SearchFilters; className: string }) {
  if (!suggestion) return null;
  return (
    <p className={`${className} text-white`}>
      Did you mean <Link to={searchHref(suggestion, filters)} className="font-bold text-turf underline">{suggestion}</Link>?
    </p>
  );
}

import { useEffect, useRef, type RefObject } from "react";
import { Link } from "~/components/link";
import { WorksFilterLink } from "~/components/library/works-filter-link";
import { CONTENT_TYPE_LABELS } from "~/lib/content";
import { GAME_LABELS } from "~/lib/format";
import { FILTER_NAMES, searchHref, type FilterName, type SearchFilters } from "~/lib/search";

export type FacetCounts = Record<FilterName, { value: string; count: number }[]>;

const HEADINGS: Record<FilterName, string> = { game: "Game", type: "Type", difficulty: "Difficulty", tag: "Tags" };

function labelOf(name: FilterName, value: string) {
  if (name === "game") return GAME_LABELS[value as keyof typeof GAME_LABELS] ?? value;
  if (name === "type") return CONTENT_TYPE_LABELS[value as keyof typeof CONTENT_TYPE_LABELS] ?? value;
  if (name === "difficulty") return value.charAt(0).toUpperCase() + value.slice(1);
  return value;
}

/**
 * A chip taken off goes with the keyboard's focus on it (the focus falls to the page): the focus
 * moves to the next chip, else to the row's first link. `fromList`: also after a filter chosen in
 * the list below the results on a phone, where the page now shows its top.
 */
function useFocusAfterFilterChange(row: RefObject<HTMLElement | null>, filters: SearchFilters, fromList: boolean) {
  const chosen = JSON.stringify(filters);
  const shown = useRef(chosen);
  useEffect(() => {
    const focus = document.activeElement;
    const inList = fromList && Boolean(focus && document.getElementById("filters")?.contains(focus) && row.current?.checkVisibility?.());
    if (shown.current !== chosen && (!focus || focus === document.body || inList)) {
      (row.current?.querySelector<HTMLElement>("ul a") ?? row.current?.querySelector<HTMLElement>("a"))?.focus({ preventScroll: true });
    }
    shown.current = chosen;
  }, [chosen]);
}

/** Above the results on a phone: a link down to the filters, and the chips of those chosen. */
export function FilterChipsRow({ text, filters }: { text: string; filters: SearchFilters }) {
  const row = useRef<HTMLDivElement>(null);
  useFocusAfterFilterChange(row, filters, true);
  return (
    <div ref={row} className="mt-4 flex flex-wrap items-center gap-2 lg:hidden">
      <a href="#filters" className="btn-secondary btn-sm">
        Filters
      </a>
      <ActiveFilterChips text={text} filters={filters} />
    </div>
  );
}

/** A search without words: the filters its next words will keep, each chip taking one off. */
export function ChosenFilters({ text, filters }: { text: string; filters: SearchFilters }) {
  const row = useRef<HTMLDivElement>(null);
  useFocusAfterFilterChange(row, filters, false);
  return (
    <div ref={row}>
      <p className="mt-4 text-sm text-slate-300">Your next search keeps these filters:</p>
      <ActiveFilterChips text={text} filters={filters} className="mt-2" />
    </div>
  );
}

/**
 * The filters chosen, as chips that each take one off: on a phone the list of filters is below the
 * results, and this row says at the top what narrows them.
 */
export function ActiveFilterChips({ text, filters, className = "" }: { text: string; filters: SearchFilters; className?: string }) {
  const chips = [
    ...(filters.works ? [{ key: "works", label: "Works on the current update", href: searchHref(text, { ...filters, works: false }) }] : []),
    ...FILTER_NAMES.flatMap((name) => {
      const value = filters[name];
      return value ? [{ key: name, label: `${HEADINGS[name].replace(/s$/, "")}: ${labelOf(name, value)}`, href: searchHref(text, { ...filters, [name]: null }) }] : [];
    }),
  ];
  if (!chips.length) return null;
  return (
    <ul aria-label="Filters chosen" className={`flex flex-wrap gap-2 ${className}`}>
      {chips.map((chip) => (
        <li key={chip.key}>
          <Link to={chip.href} className="inline-flex min-h-9 items-center gap-2 rounded-full bg-turf px-3 py-1 text-sm font-bold text-field-950">
            {chip.label}
            <span aria-hidden="true">×</span>
            <span className="sr-only">(remove)</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The filters beside the results: links that add or remove one value (no JavaScript needed), each
 * with the number of results it would give together with the other filters chosen.
 */
type FilterListProps = { filters: SearchFilters; facets: FacetCounts; total: number };

function filterGroups({ filters, facets, total }: FilterListProps) {
  return FILTER_NAMES.map((name) => {
    const values = [...facets[name]];
    const chosen = filters[name];
    // A chosen value outside the most frequent ones: what it gives is what is shown, the total.
    if (chosen && !values.some((entry) => entry.value.toLowerCase() === chosen.toLowerCase())) values.unshift({ value: chosen, count: total });
    return { name, values, chosen };
  }).filter((group) => group.values.length > 0);
}

/** Turning 'Works on current update' on can only narrow: with nothing found it would lead to another empty page. */
const offersWorksFilter = ({ filters, total }: FilterListProps) => Boolean(filters.works) || total > 0;

/** Whether the list has anything to offer (nothing found, no filter chosen: no 'Filters' heading over nothing). */
export function hasSearchFilters(props: FilterListProps) {
  return offersWorksFilter(props) || filterGroups(props).length > 0;
}

export function SearchFilterList({ text, ...props }: FilterListProps & { text: string }) {
  const { filters } = props;
  const groups = filterGroups(props);
  return (
    <div className="space-y-5">
      {offersWorksFilter(props) ? (
        <section aria-labelledby="filter-works">
          <h3 id="filter-works" className="text-xs font-bold uppercase tracking-wider text-slate-400">
            Patch status
          </h3>
          <div className="mt-2">
            <WorksFilterLink to={searchHref(text, { ...filters, works: !filters.works })} on={Boolean(filters.works)} />
          </div>
        </section>
      ) : null}
      {groups.map(({ name, values, chosen }) => (
        <section key={name} aria-labelledby={`filter-${name}`}>
          <h3 id={`filter-${name}`} className="text-xs font-bold uppercase tracking-wider text-slate-400">
            {HEADINGS[name]}
          </h3>
          <ul className="mt-2 flex flex-wrap gap-2 lg:flex-col lg:gap-1">
            {values.map(({ value, count }) => {
              const active = chosen !== null && chosen.toLowerCase() === value.toLowerCase();
              const href = searchHref(text, { ...filters, [name]: active ? null : value });
              return (
                <li key={value}>
                  <Link
                    to={href}
                    aria-current={active ? "true" : undefined}
                    className={`flex items-center justify-between gap-3 rounded-lg px-3 py-1.5 text-sm ${
                      active ? "bg-turf font-bold text-field-950" : "border border-field-700 text-slate-200 hover:bg-field-800 lg:border-transparent"
                    }`}
                  >
                    <span>
                      {labelOf(name, value)}
                      {active ? <span className="sr-only"> (chosen, remove)</span> : null}
                    </span>
                    <span className={active ? "text-field-950" : "text-slate-400"}>{count}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}

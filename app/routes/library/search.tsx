import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { Form, useLocation, useNavigate, useNavigation, useNavigationType, useSubmit } from "react-router";
import { Link } from "~/components/link";
import { ChosenFilters, FilterChipsRow, hasSearchFilters, SearchFilterList } from "~/components/search/search-filters";
import { SearchResultGroups } from "~/components/search/search-results";
import { DidYouMean, FilteredOut, NO_FILTERS, WithoutFilters } from "~/components/search/search-hints";
import { GAME_LABELS } from "~/lib/format";
import { FILTER_NAMES, MAX_QUERY_LENGTH, MAX_QUERY_WORDS, narrowsBeyondTag, parseSearchParams, searchHref } from "~/lib/search";
import { pageMeta } from "~/lib/seo";
import { getApp } from "~/server/context.server";
import { readPage } from "~/server/page-read.server";
import { clientAddress } from "~/server/throttle.server";
import { newestContentQuery, newestMatchingQuery, resultViews, runSearch } from "~/server/search.server";
import type { Route } from "./+types/search";

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const text = loaderData?.search.text;
  const tag = loaderData?.search.filters.tag;
  return pageMeta({
    matches,
    title: text ? `Search: ${text}` : tag ? `Tagged: ${tag}` : "Search",
    description: "Find schemes, formations, plays and blog posts by name, situation or tag.",
    path: "/search",
    noindex: true,
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const search = parseSearchParams(new URL(request.url).searchParams);
  // Without words, a tag filter lists what carries that tag (a tag on a scheme's page links here),
  // also under a query of symbols only, which is left out (and the page says so).
  if (!search.words.length && !search.filters.tag) {
    // The filters chosen (a chip taken off, the words cleared) narrow the newest items shown, and
    // stay on the page, to be seen and taken off.
    const { newest } = await readPage(app, () => ({
      newest: narrowsBeyondTag(search.filters) ? newestMatchingQuery(app.db, search.filters, 6) : newestContentQuery(app.db, 6),
    }));
    return { search, found: null, newest };
  }
  const outcome = await runSearch(app, search, clientAddress(request));
  const { facets } = outcome;
  return {
    search,
    found: {
      total: facets.total,
      kinds: facets.kinds,
      facets: { game: facets.game, type: facets.type, difficulty: facets.difficulty, tag: facets.tag },
      results: resultViews(outcome.hits, outcome.rights),
      page: outcome.page,
      pageCount: outcome.pageCount,
      suggestion: outcome.suggestion,
      partial: outcome.partial,
      withoutFilters: outcome.withoutFilters,
    },
    newest: [],
  };
}

const TYPING_PAUSE_MS = 250;
export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { search, found, newest } = loaderData;
  const filtered = narrowsBeyondTag(search.filters);
  const submit = useSubmit();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(search.text);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // A filter link, 'Did you mean', Back or Forward changes the query from outside the box: show it
  // there. While the member types (the box has the focus), the page follows the box, not the reverse.
  // Only a query that changed counts: the first run after hydration (a POP, the page's load) must not
  // put back the server's empty box over a letter typed while the page was waking up.
  const navigationType = useNavigationType();
  const shownQuery = useRef(search.text);
  useEffect(() => {
    const changed = shownQuery.current !== search.text;
    shownQuery.current = search.text;
    if (changed && (document.activeElement !== inputRef.current || navigationType === "POP")) setText(search.text);
    setActive(-1);
  }, [search.text, found?.results]);
  useEffect(() => () => clearTimeout(timer.current), []);
  // The last chip taken off (no chip left to go to, the focus fell to the page): the search box.
  const chosenFilters = JSON.stringify(search.filters);
  const shownFilters = useRef(chosenFilters);
  useEffect(() => {
    if (shownFilters.current !== chosenFilters && document.activeElement === document.body) inputRef.current?.focus({ preventScroll: true });
    shownFilters.current = chosenFilters;
  }, [chosenFilters]);

  // History while typing: the words typed after one pause replace those of the pause before (one
  // Back leaves the search), but a search the member had settled on (its filters chosen, a result
  // followed and come back from) keeps its own entry: the first pause after it adds one.
  const { key: entryKey } = useLocation();
  const currentEntry = useRef(entryKey);
  currentEntry.current = entryKey;
  const typedEntry = useRef<string | null>(null);
  const typing = useRef(false);
  useEffect(() => {
    if (!typing.current) return;
    typing.current = false;
    typedEntry.current = entryKey;
  }, [entryKey]);
  const blank = !search.text && !search.filters.works && !FILTER_NAMES.some((name) => search.filters[name]);

  const results = found?.results ?? [];
  // Without words: filters beside the tag that is listed.
  const otherFilters = Boolean(search.filters.works) || FILTER_NAMES.some((name) => name !== "tag" && search.filters[name]);
  function onChange(value: string) {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (!formRef.current) return;
      typing.current = true;
      submit(formRef.current, { replace: blank || currentEntry.current === typedEntry.current, preventScrollReset: true });
    }, TYPING_PAUSE_MS);
  }
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (!results.length) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      const next = Math.max(-1, Math.min(results.length - 1, active + step));
      setActive(next);
      document.getElementById(`search-result-${next}`)?.scrollIntoView({ block: "nearest" });
    } else if (event.key === "Enter" && active >= 0) {
      event.preventDefault();
      const ordered = Array.from(document.querySelectorAll<HTMLAnchorElement>("[data-search-result]"));
      const href = ordered[active]?.getAttribute("href");
      if (href) navigate(href);
    } else if (event.key === "Escape") {
      setActive(-1);
    }
  }

  const busy = navigation.state === "loading" && navigation.location.pathname === "/search";
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="font-display text-4xl font-black text-white">Search</h1>
      <Form ref={formRef} method="get" action="/search" role="search" aria-label="Search the library" className="mt-6 flex gap-2" onSubmit={() => clearTimeout(timer.current)}>
        <label htmlFor="search-query" className="sr-only">
          Search
        </label>
        <input
          ref={inputRef}
          id="search-query"
          name="q"
          type="search"
          value={text}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Try 'cover 3', 'gun bunch' or 'red zone'"
          // Opened from the top bar's magnifier with nothing asked yet: ready to type (one tap less on a phone).
          autoFocus={!search.text && !search.filters.tag}
          autoComplete="off"
          enterKeyHint="search"
          aria-controls={results.length ? "search-results" : undefined}
          aria-activedescendant={active >= 0 ? `search-result-${active}` : undefined}
          aria-describedby="search-status"
          className="input flex-1 text-base"
        />
        {FILTER_NAMES.map((name) => (search.filters[name] ? <input key={name} type="hidden" name={name} value={search.filters[name]!} /> : null))}
        {search.filters.works ? <input type="hidden" name="works" value="current" /> : null}
        <button type="submit" className="btn-primary">
          Search
        </button>
      </Form>
      {search.truncated ? (
        <p className="mt-3 text-sm text-amber-300">Only the first {MAX_QUERY_LENGTH} characters of your search were used.</p>
      ) : null}
      {search.wordsCut ? (
        <p className="mt-3 text-sm text-amber-300">Only the first {MAX_QUERY_WORDS} words of your search were used.</p>
      ) : null}
      {found && found.total > 0 ? (
        <FilterChipsRow text={search.text} filters={search.filters} />
      ) : null}
      {/* The result chosen with the arrow keys, read out: the ring around it is seen, not heard. */}
      <p className="sr-only" aria-live="polite" data-testid="search-chosen">
        {active >= 0 && results[active] ? `${results[active].title}: result ${active + 1} of ${results.length}. Enter opens it.` : ""}
      </p>
      <p id="search-status" role="status" aria-live="polite" className="mt-4 text-sm text-slate-300">
        {found
          ? `${found.total} ${found.total === 1 ? "result" : "results"} ${
              found.partial ? `with some of the words of “${search.text}”` : search.words.length ? `for “${search.text}”` : `tagged “${search.filters.tag}”`
            }`
          : search.text.trim()
            ? `0 results for “${search.text}”`
            : ""}
        {busy ? <span className="sr-only"> (updating)</span> : null}
      </p>

      {!found ? (
        <section className="mt-8" aria-labelledby="newest-heading">
          {search.text.trim() ? (
            // Only symbols (an emoji, '???'): nothing the index can look up, which the page says.
            <p className="text-slate-300">
              No results for “{search.text}”. Search looks for words and numbers, not symbols: try a play, a formation, a situation or a tag.
            </p>
          ) : (
            <p className="text-slate-300">Search schemes, formations, plays and blog posts by name, situation or tag.</p>
          )}
          {filtered ? <ChosenFilters text={search.text} filters={search.filters} /> : null}
          <h2 id="newest-heading" className="mt-8 font-display text-lg font-black text-white">
            {filtered ? "Newest with these filters" : "Newest in the library"}
          </h2>
          {filtered && !newest.length ? <p className="mt-3 text-slate-300">Nothing in the library matches these filters yet.</p> : null}
          <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3 empty:hidden">
            {newest.map((item) => (
              <li key={item.slug}>
                <Link to={`/content/${item.slug}`} className="block rounded-xl border border-field-700 bg-field-900 p-4 hover:border-turf/60">
                  <span className="block font-bold text-white">{item.title}</span>
                  <span className="mt-1 block text-sm text-slate-400">{GAME_LABELS[item.game]}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <div className={`mt-6 grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[14rem_minmax(0,1fr)] ${busy ? "opacity-70" : ""}`}>
          {/* The results come first for the keyboard and on a phone; on a wide screen the filters stand to their left. */}
          <div className="lg:col-start-2 lg:row-start-1">
            {search.text.trim() && !search.words.length ? (
              // Symbols only beside a tag: the tag's list, and why the symbols count for nothing.
              <p className="mb-4 text-sm text-slate-300">Search looks for words and numbers, not symbols: “{search.text}” was left out.</p>
            ) : null}
            {found.total === 0 ? (
              <div className="rounded-2xl border border-dashed border-field-600 p-8 text-center">
                <p className="text-slate-300">
                  {search.words.length
                    ? `No results for “${search.text}”.`
                    : otherFilters
                      ? `Nothing tagged “${search.filters.tag}” matches these filters.`
                      : `Nothing is tagged “${search.filters.tag}”.`}
                </p>
                <FilteredOut text={search.text} filters={search.filters} withoutFilters={found.withoutFilters} />
                <DidYouMean suggestion={found.suggestion} filters={search.filters} className="mt-3" />
              </div>
            ) : (
              <>
                {found.partial ? (
                  <div className="mb-6 rounded-2xl border border-dashed border-field-600 p-5 text-sm">
                    <p className="text-slate-300">No result has every word of “{search.text}”. These have some of them.</p>
                    {found.withoutFilters ? (
                      <p className="mt-2 text-white" data-testid="without-filters">
                        <WithoutFilters count={found.withoutFilters} />{" "}
                        <Link to={searchHref(search.text, NO_FILTERS)} className="font-bold text-turf underline">
                          Search without filters
                        </Link>
                      </p>
                    ) : null}
                    <DidYouMean suggestion={found.suggestion} filters={search.filters} className="mt-2" />
                  </div>
                ) : null}
                <SearchResultGroups results={found.results} totals={found.kinds} active={active} />
              </>
            )}
            {found.pageCount > 1 ? (
              <nav aria-label="Search result pages" className="mt-8 flex items-center justify-between gap-4 text-sm">
                {found.page > 1 ? <Link to={searchHref(search.text, search.filters, found.page - 1)} className="btn-secondary btn-sm">Previous</Link> : <span />}
                <span className="text-slate-400">
                  Page {found.page} of {found.pageCount}
                </span>
                {found.page < found.pageCount ? <Link to={searchHref(search.text, search.filters, found.page + 1)} className="btn-secondary btn-sm">Next</Link> : <span />}
              </nav>
            ) : null}
          </div>
          {hasSearchFilters({ filters: search.filters, facets: found.facets, total: found.total }) ? (
            <aside id="filters" aria-label="Filters" className="lg:col-start-1 lg:row-start-1">
              <h2 className="mb-4 font-display text-lg font-black text-white lg:sr-only">Filters</h2>
              <SearchFilterList text={search.text} filters={search.filters} facets={found.facets} total={found.total} />
            </aside>
          ) : null}
        </div>
      )}
    </div>
  );
}

import { TypeBadge } from "~/components/content-card";
import { Link } from "~/components/link";
import { StatusBadge } from "~/components/library/status-badge";
import { GAME_LABELS } from "~/lib/format";
import type { SearchKind, SearchResultView } from "~/lib/search";

export const KIND_HEADINGS: Record<SearchKind, string> = {
  content: "Schemes and other content",
  formation: "Formations",
  play: "Plays",
  post: "Blog posts",
};
const KIND_ORDER: SearchKind[] = ["content", "formation", "play", "post"];

/** The results of one page, grouped by kind; `active` is the one the arrow keys point at. */
export function SearchResultGroups({
  results,
  totals,
  active,
}: {
  results: SearchResultView[];
  totals: Partial<Record<SearchKind, number>>;
  active: number;
}) {
  let index = -1;
  return (
    <div id="search-results" className="space-y-8">
      {KIND_ORDER.map((kind) => {
        const group = results.filter((result) => result.kind === kind);
        if (!group.length) return null;
        return (
          <section key={kind} aria-labelledby={`results-${kind}`}>
            <h2 id={`results-${kind}`} className="font-display text-lg font-black text-white">
              {KIND_HEADINGS[kind]} <span className="text-sm font-semibold text-slate-400">({totals[kind] ?? group.length})</span>
            </h2>
            <ul className="mt-3 space-y-3">
              {group.map((result) => {
                index += 1;
                return (
                  <li key={result.id}>
                    <SearchResult result={result} active={index === active} index={index} />
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function SearchResult({ result, active, index }: { result: SearchResultView; active: boolean; index: number }) {
  return (
    <Link
      to={result.href}
      id={`search-result-${index}`}
      data-search-result=""
      className={`block rounded-xl border p-4 transition-colors ${
        active ? "border-turf bg-field-800 ring-2 ring-turf" : "border-field-700 bg-field-900 hover:border-turf/60"
      }`}
    >
      <span className="flex flex-wrap items-center gap-2 text-xs">
        {result.type ? <TypeBadge type={result.type} /> : <span className="badge bg-slate-200 text-field-950">Blog</span>}
        {result.game ? <span className="font-semibold text-slate-300">{GAME_LABELS[result.game]}</span> : null}
        {result.premium ? <span className="badge bg-field-700 text-slate-200">Premium</span> : null}
        {result.draft ? <span className="badge bg-amber-400 text-amber-950">Draft</span> : null}
        {result.patch ? <StatusBadge status={result.patch.status} version={result.patch.version} /> : null}
      </span>
      <span className="mt-2 block font-bold text-white">{result.title}</span>
      {result.place.length ? (
        <span className="mt-1 block text-sm text-slate-400">
          <span className="sr-only">In </span>
          {[...result.place, result.title].join(" › ")}
        </span>
      ) : null}
      {result.snippet.length ? (
        <span className="mt-2 block text-sm text-slate-300">
          {result.snippet.map((part, partIndex) =>
            part.marked ? (
              <mark key={partIndex} className="rounded bg-turf/30 px-0.5 text-white">
                {part.text}
              </mark>
            ) : (
              <span key={partIndex}>{part.text}</span>
            ),
          )}
        </span>
      ) : null}
    </Link>
  );
}

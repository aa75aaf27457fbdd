import { data, redirect } from "react-router";
import { Link } from "~/components/link";
import type { Route } from "./+types/game-listing";
import { ContentCard } from "~/components/content-card";
import { WorksFilterLink } from "~/components/library/works-filter-link";
import { GAME_LABELS } from "~/lib/format";
import { pageMeta } from "~/lib/seo";
import type { ContentType, Game } from "../../../db/schema";
import { contentCounterNames, listingPageQuery, PAGE_SIZE, toCard, workingCountsByTypeQuery, type ListingOrder } from "~/server/content.server";
import { getApp } from "~/server/context.server";
import { none, readPage } from "~/server/page-read.server";
import { countersQuery, toCounterMap } from "~/server/counters.server";
import { getOptionalUser } from "~/server/guards.server";
import { pagePath, pageSearch } from "~/server/http.server";
import { schemeBarsQuery, toSchemeBars } from "~/server/progress.server";

const TABS: { type: ContentType | null; label: string; param: string | null }[] = [
  { type: null, label: "All Content", param: null },
  { type: "meta-scheme", label: "Meta", param: "meta-scheme" },
  { type: "off-meta-scheme", label: "Off-Meta", param: "off-meta-scheme" },
  { type: "gameplay", label: "Gameplay", param: "gameplay" },
  { type: "lab-sessions", label: "Lab Sessions", param: "lab-sessions" },
  { type: "pro-tip", label: "Pro Tips", param: "pro-tip" },
];

/** The router matches paths whatever their case: /MADDEN is Madden's listing too. */
function gameOf(pathname: string): Game {
  return pathname.toLowerCase().startsWith("/madden") ? "madden" : "college";
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const game = loaderData?.game ?? gameOf(location.pathname);
  const label = GAME_LABELS[game];
  return pageMeta({
    matches,
    title: `${label} Schemes, Plays and Pro Tips`,
    description: `Meta and off-meta schemes, formations, plays, gameplay and lab sessions for ${label}.`,
    path: `/${game}`,
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const game = gameOf(url.pathname);
  // One address per listing (its links, its canonical URL and the edge cache's key): /Madden/ is /madden.
  if (pagePath(request) !== `/${game}`) throw redirect(`/${game}${pageSearch(request)}`, 301);
  const requestedType = url.searchParams.get("type");
  const tab = TABS.find((entry) => entry.param === requestedType) ?? TABS[0];
  const order: ListingOrder = url.searchParams.get("sort") === "oldest" ? "oldest" : "latest";
  const requestedPage = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  const page = Number.isFinite(requestedPage) && requestedPage > 0 ? Math.min(requestedPage, 100_000) : 1;
  const working = url.searchParams.get("works") === "current";

  const app = getApp(context);
  const { db } = app;
  const counterNames = contentCounterNames(game);
  // Read together with the session check: one D1 round trip for members too.
  const [viewer, { rows, counterRows, workingRows, bars }] = await Promise.all([
    getOptionalUser(context),
    readPage(app, (userId) => ({
      rows: listingPageQuery(db, { game, type: tab.type, order, page, working }),
      bars: userId ? schemeBarsQuery(db, userId) : none,
      counterRows: countersQuery(db, counterNames),
      workingRows: working ? workingCountsByTypeQuery(db, game) : none,
    })),
  ]);
  const counters = toCounterMap(counterRows, counterNames);
  const schemeBars = toSchemeBars(bars);
  // With 'Works on current update' on, each tab counts what it would list with the filter.
  const workingByType = working && workingRows ? new Map(workingRows.map((row) => [row.type, Number(row.total)])) : null;
  const countOf = (type: ContentType) => (workingByType ? (workingByType.get(type) ?? 0) : counters[`content:${game}:${type}`]);
  const counts = Object.fromEntries(
    TABS.map((entry) => [
      entry.param ?? "all",
      entry.type ? countOf(entry.type) : TABS.reduce((sum, each) => sum + (each.type ? countOf(each.type) : 0), 0),
    ]),
  );
  const total = counts[tab.param ?? "all"];
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const listing = {
    game,
    type: tab.param,
    order,
    working,
    total,
    page,
    pageCount,
    counts,
    items: rows.map((row) => toCard(row, viewer, schemeBars)),
  };
  // A page beyond the last says so and links back, as a 404: it is not a page of the listing.
  return page > pageCount ? data(listing, { status: 404 }) : listing;
}

function hrefFor(game: Game, options: { type?: string | null; order?: ListingOrder; page?: number; working?: boolean }) {
  const params = new URLSearchParams();
  if (options.type) params.set("type", options.type);
  if (options.order === "oldest") params.set("sort", "oldest");
  if (options.working) params.set("works", "current");
  if (options.page && options.page > 1) params.set("page", String(options.page));
  const query = params.toString();
  return `/${game}${query ? `?${query}` : ""}`;
}

export default function GameListing({ loaderData }: Route.ComponentProps) {
  const { game, type, order, working, total, page, pageCount, counts, items } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <header>
        <p className="text-sm font-bold uppercase tracking-[0.2em] text-turf">Playbook</p>
        <h1 className="mt-2 font-display text-4xl font-black text-white">{GAME_LABELS[game]}</h1>
      </header>

      <nav aria-label="Content types" className="mt-8">
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {TABS.map((tab) => {
            const active = tab.param === type;
            return (
              <li key={tab.label}>
                <Link
                  to={hrefFor(game, { type: tab.param, order, working })}
                  aria-current={active ? "page" : undefined}
                  className={`card flex flex-col p-4 transition-colors ${active ? "border-turf bg-field-800" : "hover:border-field-600"}`}
                >
                  <span className={`text-sm font-bold ${active ? "text-turf" : "text-slate-300"}`}>{tab.label}</span>
                  <span className="mt-1 text-2xl font-black text-white" data-testid={`count-${tab.param ?? "all"}`}>
                    {counts[tab.param ?? "all"]}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <div className="mt-8 flex flex-wrap items-center justify-between gap-4">
        <p className="text-sm text-slate-400">
          {total} {total === 1 ? "item" : "items"}
          {working ? (total === 1 ? " that works on the current title update" : " that work on the current title update") : null}
        </p>
        <div className="flex flex-wrap items-center gap-3">
        <WorksFilterLink to={hrefFor(game, { type, order, working: !working })} on={working} />
        <Link
          to={hrefFor(game, { type, order: order === "latest" ? "oldest" : "latest", working })}
          className="btn-secondary"
          aria-label={`Sorted by ${order === "latest" ? "latest" : "oldest"} first. Switch to ${order === "latest" ? "oldest" : "latest"} first`}
        >
          {order === "latest" ? "Latest" : "Oldest"}
          <span aria-hidden="true">⇅</span>
        </Link>
        </div>
      </div>

      {items.length === 0 && page > pageCount ? (
        // A page number past the last one (an old link, a typed URL): say so and lead back.
        <div className="mt-8 rounded-2xl border border-dashed border-field-600 p-12 text-center">
          <p className="text-xl font-bold text-white">There is no page {page}</p>
          <p className="mt-2 text-slate-400">
            This list has {pageCount} {pageCount === 1 ? "page" : "pages"}.{" "}
            <Link to={hrefFor(game, { type, order, working, page: pageCount })} className="text-link">
              Go to page {pageCount}
            </Link>
          </p>
        </div>
      ) : items.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-field-600 p-12 text-center">
          <p className="text-xl font-bold text-white">No content available</p>
          {working ? (
            <p className="mt-2 text-slate-400">
              Nothing here is verified on the current title update yet: our staff are re-testing. <Link to={`/updates#${game}`} className="text-link">See the title updates</Link>
            </p>
          ) : (
            <p className="mt-2 text-slate-400">New content is added weekly. Check back soon!</p>
          )}
        </div>
      ) : (
        <>
          {/* The cards' titles are h3: a heading between them and the page's h1 keeps the outline whole. */}
          <h2 className="sr-only">{GAME_LABELS[game]} items</h2>
          <div className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((item) => (
              <ContentCard key={item.slug} item={item} />
            ))}
          </div>
        </>
      )}

      {pageCount > 1 ? <Pagination game={game} type={type} order={order} working={working} page={page} pageCount={pageCount} /> : null}
    </div>
  );
}

function Pagination({ game, type, order, working, page, pageCount }: { game: Game; type: string | null; order: ListingOrder; working: boolean; page: number; pageCount: number }) {
  const pages = new Set([1, pageCount, page - 1, page, page + 1].filter((value) => value >= 1 && value <= pageCount));
  const sorted = [...pages].sort((a, b) => a - b);
  const link = "min-w-10 rounded-lg border border-field-600 px-3 py-2 text-center text-sm font-semibold";
  return (
    <nav aria-label="Pagination" className="mt-10 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? <Link to={hrefFor(game, { type, order, working, page: page - 1 })} className={`${link} text-slate-200 hover:bg-field-800`} rel="prev">Previous</Link> : null}
      {sorted.map((value, index) => (
        <span key={value} className="flex items-center gap-2">
          {index > 0 && value - sorted[index - 1] > 1 ? <span className="text-slate-400" aria-hidden="true">…</span> : null}
          <Link
            to={hrefFor(game, { type, order, working, page: value })}
            aria-current={value === page ? "page" : undefined}
            aria-label={`Page ${value}`}
            className={`${link} ${value === page ? "border-turf bg-turf text-field-950" : "text-slate-200 hover:bg-field-800"}`}
          >
            {value}
          </Link>
        </span>
      ))}
      {page < pageCount ? <Link to={hrefFor(game, { type, order, working, page: page + 1 })} className={`${link} text-slate-200 hover:bg-field-800`} rel="next">Next</Link> : null}
    </nav>
  );
}


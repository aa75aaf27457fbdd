import { Link } from "~/components/link";
import type { Route } from "./+types/home";
import { BlogCard } from "~/components/blog-card";
import { ContentCard } from "~/components/content-card";
import { formatCount, formatShortDate, GAME_LABELS } from "~/lib/format";
import { latestPostsQuery, toBlogCard } from "~/server/blog.server";
import { favoritesQuery, latestContentQuery, toCard } from "~/server/content.server";
import { getApp } from "~/server/context.server";
import { none, readPage } from "~/server/page-read.server";
import { countersQuery, toCounterMap } from "~/server/counters.server";
import { requireUser } from "~/server/guards.server";
import { ContinueRow } from "~/components/library/continue-row";
import { contentRights, hasFailedPayment, hasPremiumAccess, isStaff } from "~/lib/access";
import { isInProgress } from "~/lib/progress";
import { schemeBarsQuery, startedSchemesQuery, toSchemeBars, toStartedSchemes } from "~/server/progress.server";

/** 'Continue where you left off' shows this many schemes, chosen among the most recently touched. */
const CONTINUE_COUNT = 3;
const CONTINUE_CANDIDATES = 12;

export function meta() {
  return [{ title: "Dashboard | Gridiron Playbook" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const { db } = app;
  // The page's reads go with the session check (one D1 round trip); requireUser decides.
  const [user, { favorites, college, madden, posts, counters, bars, started }] = await Promise.all([
    requireUser(context, request),
    readPage(app, (userId) => ({
      favorites: userId ? favoritesQuery(db, userId, 12) : none,
      bars: userId ? schemeBarsQuery(db, userId) : none,
      started: userId ? startedSchemesQuery(db, userId, CONTINUE_CANDIDATES) : none,
      college: latestContentQuery(db, "college", 3),
      madden: latestContentQuery(db, "madden", 3),
      posts: latestPostsQuery(db, 3),
      counters: countersQuery(db, ["users:all"]),
    })),
  ]);
  const schemeBars = toSchemeBars(bars);
  // A member whose premium ended: welcomed back with what is kept and the way back in.
  // A date still ahead is not when it ended (staff set the account Free before it): the banner names no date then.
  const expires = user.accessExpiresAt?.getTime() ?? null;
  // Not ended but unpaid (Stripe retrying the card): the site-wide banner leads to the card instead,
  // as a new checkout would charge twice.
  const endedAt = !isStaff(user) && !hasPremiumAccess(user) && !hasFailedPayment(user) && expires !== null ? { at: expires <= Date.now() ? expires : null } : null;
  return {
    firstName: user.firstName?.trim() || null,
    premiumEndedAt: endedAt,
    continueWith: toStartedSchemes(started ?? [])
      .filter((scheme) => scheme.next && contentRights(user, scheme).open && isInProgress(scheme.progress))
      .slice(0, CONTINUE_COUNT),
    favorites: (favorites ?? []).map((row) => toCard(row, user, schemeBars)),
    latest: { college: college.map((row) => toCard(row, user, schemeBars)), madden: madden.map((row) => toCard(row, user, schemeBars)) },
    posts: posts.map(toBlogCard),
    memberCount: toCounterMap(counters, ["users:all"])["users:all"],
  };
}

export default function MemberHome({ loaderData }: Route.ComponentProps) {
  const { firstName, continueWith, favorites, latest, posts, memberCount, premiumEndedAt } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-black text-white [overflow-wrap:anywhere] sm:text-4xl">Welcome Back, {firstName ?? "Champion"}</h1>
          <p className="mt-2 text-slate-400">Pick up where you left off, or find your next edge.</p>
        </div>
        <p className="rounded-full border border-field-600 bg-field-900 px-4 py-2 text-sm font-semibold text-slate-200">
          You're one of {formatCount(memberCount)} players on the roster
        </p>
      </header>

      {premiumEndedAt ? (
        <section aria-labelledby="premium-ended-title" className="mt-8 rounded-xl border border-turf/40 bg-gradient-to-br from-field-800 to-field-900 p-5 sm:flex sm:items-center sm:justify-between sm:gap-6">
          <div>
            <h2 id="premium-ended-title" className="text-lg font-bold text-white">
              Premium ended{premiumEndedAt.at !== null ? ` ${formatShortDate(premiumEndedAt.at)}` : ""}
            </h2>
            <p className="mt-1 text-sm text-slate-300">
              Your favourites, progress and gameplans are kept. Come back to premium to open every scheme, play and lab session again.
            </p>
          </div>
          <Link to="/subscribe" className="btn-primary mt-4 shrink-0 sm:mt-0">
            Resubscribe
          </Link>
        </section>
      ) : null}

      {continueWith.length ? <ContinueRow schemes={continueWith} /> : null}

      <section aria-labelledby="favorites-title" className="mt-10">
        <h2 id="favorites-title" className="text-xl font-bold text-white">Your Favorites</h2>
        {favorites.length === 0 ? (
          <p className="mt-4 rounded-xl border border-dashed border-field-600 p-6 text-slate-400">You have no favorites yet...</p>
        ) : (
          <div className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {favorites.map((item) => (
              <ContentCard key={item.slug} item={item} />
            ))}
          </div>
        )}
      </section>

      <section aria-labelledby="quick-title" className="mt-12">
        <h2 id="quick-title" className="sr-only">Quick access</h2>
        <div className="grid gap-5 md:grid-cols-2">
          {(["college", "madden"] as const).map((game) => (
            <Link
              key={game}
              to={`/${game}`}
              className="card group flex items-center justify-between bg-gradient-to-br from-field-800 to-field-900 p-6 transition-colors hover:border-turf/60"
            >
              <span>
                <span className="block text-xs font-bold uppercase tracking-wider text-turf">Playbook</span>
                <span className="mt-1 block font-display text-2xl font-black text-white">{GAME_LABELS[game]}</span>
              </span>
              <span aria-hidden="true" className="text-3xl text-turf transition-transform group-hover:translate-x-1">→</span>
            </Link>
          ))}
        </div>
      </section>

      {(["college", "madden"] as const).map((game) => (
        <section key={game} aria-labelledby={`latest-${game}`} className="mt-12">
          <div className="flex items-baseline justify-between gap-4">
            <h2 id={`latest-${game}`} className="text-xl font-bold text-white">Latest {GAME_LABELS[game]}</h2>
            <Link to={`/${game}`} className="text-sm font-semibold text-turf hover:underline">View all</Link>
          </div>
          {latest[game].length === 0 ? (
            <p className="mt-4 text-slate-400">No content available</p>
          ) : (
            <div className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {latest[game].map((item) => (
                <ContentCard key={item.slug} item={item} />
              ))}
            </div>
          )}
        </section>
      ))}

      {posts.length ? (
        <section aria-labelledby="home-blog" className="mt-12">
          <div className="flex items-baseline justify-between gap-4">
            <h2 id="home-blog" className="text-xl font-bold text-white">From the Blog</h2>
            <Link to="/blog" className="text-sm font-semibold text-turf hover:underline">All posts</Link>
          </div>
          <div className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {posts.map((post) => (
              <BlogCard key={post.slug} post={post} />
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
}

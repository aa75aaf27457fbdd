import { data, redirect } from "react-router";
import { Link } from "~/components/link";
import type { Route } from "./+types/scheme-teaser";
import { TypeBadge } from "~/components/content-card";
import { StatusBadge } from "~/components/library/status-badge";
import { contentRights } from "~/lib/access";
import { isSchemeType } from "~/lib/content";
import { GAME_LABELS } from "~/lib/format";
import { metaDescription, pageMeta } from "~/lib/seo";
import { getApp } from "~/server/context.server";
import { readPage } from "~/server/page-read.server";
import { getOptionalUser } from "~/server/guards.server";
import { contentBySlugQuery, movedContentSlug, ratingSummaryQuery, sectionsWithCountsQuery, toRatingSummary } from "~/server/library.server";

// The public teaser of a scheme, for sharing: its title, description and counts; no video, no write-ups.
export async function loader({ params, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const { db } = app;
  const [viewer, { rows, sections, ratingRows }] = await Promise.all([
    getOptionalUser(context),
    readPage(app, () => ({
      rows: contentBySlugQuery(db, params.slug),
      sections: sectionsWithCountsQuery(db, params.slug),
      ratingRows: ratingSummaryQuery(db, params.slug),
    })),
  ]);
  const row = rows[0];
  const moved = row ? null : await movedContentSlug(db, viewer, params.slug);
  if (moved) throw redirect(`/scheme/${moved}`, 301);
  const rights = row ? contentRights(viewer, row) : null;
  if (!row || !isSchemeType(row.type) || !rights?.see) throw data("Content not found", { status: 404 });
  return {
    item: { slug: row.slug, title: row.title, description: row.description, type: row.type, game: row.game, thumbnailUrl: row.thumbnailUrl },
    patch: { status: row.status, version: row.statusVersion },
    formationCount: sections.length,
    playCount: sections.reduce((sum, section) => sum + section.playCount, 0),
    rating: toRatingSummary(ratingRows),
    canOpen: rights.open,
    // A member who is signed out logs in from here and lands on the full scheme.
    signedIn: Boolean(viewer),
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Content not found | Gridiron Playbook" }];
  return pageMeta({
    matches,
    title: `${loaderData.item.title} (preview)`,
    description: metaDescription(loaderData.item.description),
    path: `/scheme/${loaderData.item.slug}`,
    image: loaderData.item.thumbnailUrl,
  });
}

export default function SchemeTeaser({ loaderData }: Route.ComponentProps) {
  const { item, formationCount, playCount, rating, canOpen, signedIn } = loaderData;
  return (
    <article className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      {item.thumbnailUrl ? (
        <img src={item.thumbnailUrl} alt="" width={640} height={360} className="aspect-video w-full rounded-2xl border border-field-700 object-cover" />
      ) : null}
      <div className="mt-6 flex flex-wrap items-center gap-2">
        <TypeBadge type={item.type} />
        <StatusBadge status={loaderData.patch.status} version={loaderData.patch.version} />
        <span className="text-xs font-semibold uppercase tracking-wider text-slate-400">{GAME_LABELS[item.game]}</span>
      </div>
      <h1 className="mt-2 font-display text-4xl font-black text-white">{item.title}</h1>
      <p className="mt-4 whitespace-pre-line text-lg text-slate-300">{item.description}</p>
      <dl className="mt-8 grid grid-cols-3 gap-2 sm:gap-4">
        <div className="card px-2 py-4 text-center sm:p-4"><dt className="text-xs font-semibold uppercase text-slate-400">Formations</dt><dd className="mt-1 text-3xl font-black text-white">{formationCount}</dd></div>
        <div className="card px-2 py-4 text-center sm:p-4"><dt className="text-xs font-semibold uppercase text-slate-400">Plays</dt><dd className="mt-1 text-3xl font-black text-white">{playCount}</dd></div>
        <div className="card px-2 py-4 text-center sm:p-4">
          <dt className="text-xs font-semibold uppercase text-slate-400">Rating</dt>
          <dd className="mt-1 text-3xl font-black text-amber-400">{rating.total ? rating.average!.toFixed(2) : "—"}</dd>
          <dd className="text-xs text-slate-400">{rating.total ? `${rating.total} ${rating.total === 1 ? "rating" : "ratings"}` : "No ratings yet"}</dd>
        </div>
      </dl>
      <div className="mt-10 card p-6 text-center">
        {canOpen ? (
          <Link to={`/content/${item.slug}`} className="btn-primary">Open the full scheme</Link>
        ) : (
          <>
            <p className="text-lg font-bold text-white">Get every formation, play video and write-up</p>
            <div className="mt-4 flex flex-wrap justify-center gap-3">
              <Link to="/subscribe" className="btn-primary">Unlock Premium</Link>
              {!signedIn ? <Link to={`/auth?redirectTo=/content/${item.slug}`} className="btn-secondary">Log in</Link> : null}
            </div>
          </>
        )}
      </div>
    </article>
  );
}

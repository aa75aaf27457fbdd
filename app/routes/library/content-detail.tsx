import { data, Form, redirect, useFetcher, useNavigate, useNavigation } from "react-router";
import { Link } from "~/components/link";
import type { Route } from "./+types/content-detail";
import { Comments } from "~/components/comments";
import { TypeBadge } from "~/components/content-card";
import { VideoPlayer } from "~/components/video-player";
import { contentRights } from "~/lib/access";
import { CONTENT_TYPE_LABELS, GAME_PATHS, isSchemeType } from "~/lib/content";
import { formatCount, formatListingDate, GAME_LABELS } from "~/lib/format";
import { pageMeta } from "~/lib/seo";
import { resolveVideo } from "~/lib/video";
import { commentCountQuery, commentCursorOf, commentRedirectPath, commentsQuery, runCommentAction, toCommentPage } from "~/server/comments.server";
import { getApp } from "~/server/context.server";
import { none, readPage } from "~/server/page-read.server";
import { getOptionalUser } from "~/server/guards.server";
import {
  contentBySlugQuery,
  countViewStatement,
  findContentForWrite,
  isNewPageView,
  playsOfSectionQuery,
  ratingSummaryQuery,
  saveRating,
  sectionQuery,
  sectionsWithCountsQuery,
  toggleFavorite,
  toRatingSummary,
  viewerFavoriteQuery,
  viewerRatingQuery,
} from "~/server/library.server";
import { isDataRequest, pagePath } from "~/server/http.server";
import { renderDescription } from "~/server/rich-text.server";

const NOT_FOUND = "Content not found";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [{ title: `${NOT_FOUND} | Gridiron Playbook` }];
  const { item } = loaderData;
  return pageMeta({
    matches,
    title: `${item.title} | ${GAME_LABELS[item.game]}`,
    description: item.description.slice(0, 160),
    path: `/content/${item.slug}`,
    image: item.thumbnailUrl,
    noindex: !item.isPublished,
  });
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const { db } = app;
  const slug = params.slug;
  const sectionSlug = "sectionSlug" in params ? (params.sectionSlug as string) : null;
  const playSlug = "playSlug" in params ? (params.playSlug as string) : null;
  const viewStatement = isNewPageView(request, slug) ? countViewStatement(db, slug, { sectionSlug, playSlug }) : null;
  const commentCursor = commentCursorOf(new URL(request.url));

  // One round trip, shared with the session check: the view, the item, its formations, ratings, the
  // viewer's own state, comments.
  const page = (withComments: boolean) => (userId: string | null) => ({
    view: viewStatement ?? none,
    rows: contentBySlugQuery(db, slug),
    sections: sectionsWithCountsQuery(db, slug),
    ratings: ratingSummaryQuery(db, slug),
    ownRating: userId ? viewerRatingQuery(db, slug, userId) : none,
    favorite: userId ? viewerFavoriteQuery(db, slug, userId) : none,
    section: sectionSlug ? sectionQuery(db, slug, sectionSlug) : none,
    plays: sectionSlug ? playsOfSectionQuery(db, slug, sectionSlug) : none,
    comments: withComments ? commentsQuery(db, { type: "content", slug }, commentCursor) : none,
    commentCount: withComments ? commentCountQuery(db, { type: "content", slug }) : none,
  });
  // A batch is all or nothing: when it fails (the comments), nothing was counted, and the page is
  // read again without them.
  const [viewer, withComments] = await Promise.all([getOptionalUser(context), readPage(app, page(true)).catch(() => null)]);
  const read = withComments ?? (await readPage(app, page(false)));
  const commentsFailed = !withComments;
  const { sections, ownRating, favorite, section, plays } = read;
  const row = read.rows[0];
  const ratingRows = read.ratings;
  const commentRows = read.comments ?? [];
  const commentCountRows = read.commentCount ?? [];

  const rights = row ? contentRights(viewer, row) : null;
  if (!row || !rights?.see) throw data(NOT_FOUND, { status: 404 });
  if (sectionSlug && (!section?.length || !isSchemeType(row.type))) throw data(NOT_FOUND, { status: 404 });
  if (playSlug && !plays?.some((entry) => entry.slug === playSlug)) throw data(NOT_FOUND, { status: 404 });

  const unlocked = rights.open;
  const scheme = isSchemeType(row.type);
  const introVideo = resolveVideo(row.videoUrl);
  const item = {
    slug: row.slug,
    title: row.title,
    description: row.description,
    type: row.type,
    game: row.game,
    thumbnailUrl: row.thumbnailUrl,
    difficulty: row.difficulty,
    tags: row.tags,
    // The batch counted the view before reading the row: this already includes it.
    views: row.views,
    author: row.authorFirstName?.trim() || "Unknown",
    createdAt: row.createdAt.getTime(),
    isPublished: row.isPublished,
    requiredTier: row.requiredTier,
    runtime: row.runtime,
  };
  const formations = sections.map((entry) => ({ slug: entry.slug, title: entry.title, playCount: entry.playCount }));
  const rating = { ...toRatingSummary(ratingRows), own: ownRating?.[0]?.rating ?? null };

  if (!unlocked) {
    // Nothing premium leaves the server: no write-ups, no play videos, no formation art.
    return {
      locked: true as const,
      item,
      introVideo: scheme ? introVideo : null,
      formations,
      rating,
      viewer: viewer ? { signedIn: true } : null,
      favorite: false,
      canRate: false,
      view: null,
      comments: [],
      commentPaging: null,
      commentsFailed: false,
      commentPermission: viewer ? ("premium" as const) : ("login" as const),
    };
  }

  let view: null | {
    section: { slug: string; title: string; description: string | null; imageUrl: string | null };
    plays: { slug: string; title: string }[];
    play: { slug: string; title: string; description: string | null; imageUrl: string | null; video: ReturnType<typeof resolveVideo>; runtime: string | null } | null;
  } = null;
  if (section?.[0] && plays) {
    const current = playSlug ? plays.find((entry) => entry.slug === playSlug) : plays[0];
    if (playSlug && !current) throw data(NOT_FOUND, { status: 404 });
    view = {
      section: {
        slug: section[0].slug,
        title: section[0].title,
        description: renderDescription(section[0].description),
        imageUrl: section[0].imageUrl,
      },
      plays: plays.map((entry) => ({ slug: entry.slug, title: entry.title })),
      play: current
        ? {
            slug: current.slug,
            title: current.title,
            description: renderDescription(current.description),
            imageUrl: current.imageUrl,
            video: resolveVideo(current.videoUrl, current.videoProvider),
            runtime: current.runtime,
          }
        : null,
    };
  }

  const commentPage = toCommentPage(commentRows, commentCountRows, commentCursor, viewer);
  return {
    locked: false as const,
    item,
    introVideo,
    formations,
    rating,
    viewer: viewer ? { signedIn: true } : null,
    favorite: Boolean(favorite?.length),
    canRate: rights.rate,
    view,
    comments: commentPage.comments,
    commentPaging: commentPage.paging,
    commentsFailed,
    commentPermission: !viewer ? ("login" as const) : rights.comment ? ("allowed" as const) : ("premium" as const),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const app = getApp(context);
  const viewer = await getOptionalUser(context);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const target = await findContentForWrite(app.db, params.slug);
  const rights = target ? contentRights(viewer, target) : null;
  if (!target || !rights?.see) throw data(NOT_FOUND, { status: 404 });
  const pathname = pagePath(request);

  if (intent === "play-view") {
    // The first play of a video in a player counts a view (sent by the player with JavaScript).
    if (rights.countView) await countViewStatement(app.db, target.slug);
    return { ok: true };
  }

  if (!viewer) return data({ error: "Log in to continue." }, { status: 401 });

  if (intent === "favorite") {
    if (!rights.favorite) return data({ error: "You must be a premium member to save favorites." }, { status: 403 });
    await toggleFavorite(app.db, viewer.id, target.id, formData.get("favorite") === "on");
    return isDataRequest(request) ? { ok: true } : redirect(pathname);
  }

  if (intent === "rate") {
    if (!isSchemeType(target.type)) return data({ error: "Only schemes can be rated." }, { status: 400 });
    if (!rights.rate) {
      return data({ error: "You must be a premium member to rate." }, { status: 403 });
    }
    const value = String(formData.get("rating") ?? "");
    if (!/^[1-5]$/.test(value)) return data({ error: "Choose a rating from 1 to 5 stars." }, { status: 400 });
    await saveRating(app.db, viewer.id, target.id, Number(value));
    return redirect(`${pathname}#rating`);
  }

  if (intent.endsWith("-comment")) {
    const result = await runCommentAction(app.db, {
      user: viewer,
      formData,
      target: { contentId: target.id },
      mayPost: rights.comment,
      deniedMessage: "You must be a premium member to comment.",
    });
    if (!result.ok) return data({ error: result.error }, { status: result.status });
    return redirect(commentRedirectPath(request, intent, result.anchor));
  }

  return data({ error: "Unknown action." }, { status: 400 });
}

type LoaderData = Route.ComponentProps["loaderData"];

export default function ContentDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { item, locked } = loaderData;
  const error = actionData && "error" in actionData ? actionData.error : null;
  return (
    <article className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <BackButton game={item.game} />
      {!item.isPublished ? (
        <p className="mt-4 rounded-lg border border-amber-400/50 bg-amber-950/40 px-4 py-2 text-sm font-semibold text-amber-200">
          Draft: only staff can see this page.
        </p>
      ) : null}
      {locked ? <UnlockScreen data={loaderData} /> : loaderData.view ? <FormationView data={loaderData} /> : <MainView data={loaderData} error={error} />}
    </article>
  );
}

function BackButton({ game }: { game: "college" | "madden" }) {
  const navigate = useNavigate();
  return (
    <div>
      <Link
        to={GAME_PATHS[game]}
        onClick={(event) => {
          if (window.history.length > 1 && window.history.state?.idx > 0) {
            event.preventDefault();
            navigate(-1);
          }
        }}
        className="inline-flex items-center gap-2 text-sm font-semibold text-slate-300 hover:text-white"
      >
        <span aria-hidden="true">←</span> Back
      </Link>
    </div>
  );
}

function Header({ data: loaderData }: { data: LoaderData }) {
  const { item } = loaderData;
  return (
    <header className="mt-6 grid gap-6 md:grid-cols-[240px_1fr]">
      {item.thumbnailUrl ? (
        <img src={item.thumbnailUrl} alt="" width={640} height={360} className="aspect-video w-full rounded-2xl border border-field-700 object-cover" />
      ) : null}
      <div>
        <div className="flex flex-wrap items-center gap-2">
          <TypeBadge type={item.type} />
          <span className="text-xs font-semibold uppercase tracking-wider text-slate-400">{GAME_LABELS[item.game]}</span>
        </div>
        <div className="mt-2 flex items-start gap-3">
          <h1 className="font-display text-3xl font-black leading-tight text-white sm:text-4xl">{item.title}</h1>
          {loaderData.viewer && !loaderData.locked ? <FavoriteStar on={loaderData.favorite} /> : null}
        </div>
        <p className="mt-3 whitespace-pre-line text-slate-300">{item.description}</p>
      </div>
    </header>
  );
}

function FavoriteStar({ on }: { on: boolean }) {
  const fetcher = useFetcher();
  const pending = fetcher.formData ? fetcher.formData.get("favorite") === "on" : on;
  return (
    <fetcher.Form method="post" className="shrink-0">
      <input type="hidden" name="intent" value="favorite" />
      <input type="hidden" name="favorite" value={pending ? "off" : "on"} />
      <button
        type="submit"
        aria-pressed={pending}
        aria-label={pending ? "Remove from favorites" : "Add to favorites"}
        title={pending ? "Remove from favorites" : "Add to favorites"}
        className="rounded-full p-2 hover:bg-field-800"
      >
        <svg viewBox="0 0 24 24" className={`h-8 w-8 ${pending ? "text-amber-400" : "text-slate-400"}`} fill={pending ? "currentColor" : "none"} stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
          <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9L12 3Z" strokeLinejoin="round" />
        </svg>
      </button>
    </fetcher.Form>
  );
}

function DetailsPanel({ data: loaderData }: { data: LoaderData }) {
  const { item } = loaderData;
  return (
    <aside className="card p-5">
      <h2 className="text-lg font-bold text-white">Details</h2>
      <dl className="mt-4 space-y-3 text-sm">
        <div className="flex justify-between gap-4"><dt className="text-slate-400">Type</dt><dd className="font-semibold text-white">{CONTENT_TYPE_LABELS[item.type]}</dd></div>
        <div className="flex justify-between gap-4"><dt className="text-slate-400">Difficulty</dt><dd className="font-semibold capitalize text-white">{item.difficulty}</dd></div>
        <div className="flex justify-between gap-4"><dt className="text-slate-400">Author</dt><dd className="font-semibold text-white">{item.author}</dd></div>
        <div className="flex justify-between gap-4"><dt className="text-slate-400">Views</dt><dd className="font-semibold text-white" data-testid="views">{formatCount(item.views)}</dd></div>
        {item.runtime ? <div className="flex justify-between gap-4"><dt className="text-slate-400">Runtime</dt><dd className="font-semibold text-white">{item.runtime}</dd></div> : null}
        <div className="flex justify-between gap-4"><dt className="text-slate-400">Published</dt><dd className="font-semibold text-white">{formatListingDate(item.createdAt)}</dd></div>
      </dl>
      {item.tags.length ? (
        <ul className="mt-5 flex flex-wrap gap-2" aria-label="Tags">
          {item.tags.map((tag) => (
            <li key={tag} className="rounded-full bg-field-800 px-3 py-1 text-xs font-semibold text-slate-300">#{tag}</li>
          ))}
        </ul>
      ) : null}
    </aside>
  );
}

function usePlayViewReporter(slug: string) {
  const fetcher = useFetcher();
  return () => fetcher.submit({ intent: "play-view" }, { method: "post", action: `/content/${slug}` });
}

function MainVideo({ data: loaderData }: { data: LoaderData }) {
  const report = usePlayViewReporter(loaderData.item.slug);
  if (!loaderData.introVideo) return null;
  return <VideoPlayer source={loaderData.introVideo} title={loaderData.item.title} poster={loaderData.item.thumbnailUrl} onFirstPlay={report} />;
}

function RatingWidget({ data: loaderData, error }: { data: LoaderData; error?: string | null }) {
  const { rating } = loaderData;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "rate";
  return (
    <section id="rating" aria-labelledby="rating-title" className="card scroll-mt-24 p-5">
      <h2 id="rating-title" className="text-lg font-bold text-white">Rating</h2>
      <p className="mt-2 text-slate-300" data-testid="rating-summary">
        {rating.total === 0 ? (
          "No ratings yet"
        ) : (
          <>
            <span className="text-2xl font-black text-amber-400">{rating.average!.toFixed(2)}</span> / 5 ·{" "}
            {rating.total} {rating.total === 1 ? "rating" : "ratings"}
          </>
        )}
      </p>
      {loaderData.canRate ? (
        <Form method="post" preventScrollReset className="mt-4">
          <input type="hidden" name="intent" value="rate" />
          <fieldset>
            <legend className="text-sm font-semibold text-slate-200">{rating.own ? `Your rating: ${rating.own} of 5` : "Rate this scheme"}</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {[1, 2, 3, 4, 5].map((value) => (
                <button
                  key={value}
                  type="submit"
                  name="rating"
                  value={value}
                  disabled={saving}
                  aria-label={`Rate ${value} star${value === 1 ? "" : "s"}`}
                  className={`rounded-md border px-3 py-1.5 text-lg leading-none ${
                    rating.own && value <= rating.own ? "border-amber-400 text-amber-400" : "border-field-600 text-slate-400 hover:text-amber-300"
                  }`}
                >
                  ★
                </button>
              ))}
            </div>
          </fieldset>
        </Form>
      ) : !loaderData.viewer ? (
        <p className="mt-3 text-sm">
          <Link to={`/auth?redirectTo=/content/${loaderData.item.slug}`} className="text-link">
            Log in to rate this scheme.
          </Link>
        </p>
      ) : (
        <p className="mt-3 text-sm text-slate-400">Premium members can rate schemes.</p>
      )}
      {error ? <p role="alert" className="field-error">{error}</p> : null}
    </section>
  );
}

function FormationsList({ data: loaderData, current }: { data: LoaderData; current?: string }) {
  const { formations, item } = loaderData;
  return (
    <section aria-labelledby="formations-title">
      <h2 id="formations-title" className="text-2xl font-bold text-white">{current ? "Other Formations" : "Formations"}</h2>
      {formations.length === 0 ? (
        <p className="mt-4 text-slate-400">No formations available.</p>
      ) : (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {formations.map((formation) => (
            <li key={formation.slug}>
              <Link
                to={`/content/${item.slug}/section/${formation.slug}`}
                aria-current={formation.slug === current ? "page" : undefined}
                className={`card flex items-center justify-between gap-4 p-4 transition-colors hover:border-turf/60 ${formation.slug === current ? "border-turf/70" : ""}`}
              >
                <span className="font-bold text-white">{formation.title}</span>
                <span className="shrink-0 rounded-full bg-field-800 px-3 py-1 text-xs font-semibold text-slate-300">
                  {formation.playCount} {formation.playCount === 1 ? "play" : "plays"}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function MainView({ data: loaderData, error }: { data: Extract<LoaderData, { locked: false }>; error: string | null }) {
  const scheme = isSchemeType(loaderData.item.type);
  const ratingError = error && /rat/i.test(error) ? error : null;
  const commentError = error && !ratingError ? error : null;
  return (
    <>
      <Header data={loaderData} />
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_320px]">
        <div className="space-y-10">
          <MainVideo data={loaderData} />
          {scheme || loaderData.formations.length ? <FormationsList data={loaderData} /> : null}
          <Comments comments={loaderData.comments} paging={loaderData.commentPaging} permission={loaderData.commentPermission} loadFailed={loaderData.commentsFailed} error={commentError} />
        </div>
        <div className="space-y-6">
          <DetailsPanel data={loaderData} />
          {scheme ? <RatingWidget data={loaderData} error={ratingError} /> : null}
        </div>
      </div>
    </>
  );
}

function FormationView({ data: loaderData }: { data: Extract<LoaderData, { locked: false }> }) {
  const { item } = loaderData;
  const view = loaderData.view!;
  const report = usePlayViewReporter(item.slug);
  return (
    <>
      <nav aria-label="Breadcrumb" className="mt-6 text-sm text-slate-400">
        <ol className="flex flex-wrap items-center gap-2">
          <li><Link to={GAME_PATHS[item.game]} className="hover:text-white">{GAME_LABELS[item.game]}</Link></li>
          <li aria-hidden="true">/</li>
          <li><Link to={`/content/${item.slug}`} className="hover:text-white">{item.title}</Link></li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="font-semibold text-white">{view.section.title}</li>
        </ol>
      </nav>
      <h1 className="mt-3 font-display text-3xl font-black text-white">{view.section.title}</h1>

      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_320px]">
        <div className="space-y-8">
          {view.play ? (
            <section aria-labelledby="play-title">
              <h2 id="play-title" className="mb-3 text-xl font-bold text-white">{view.play.title}</h2>
              {view.play.video ? (
                <VideoPlayer key={view.play.slug} source={view.play.video} title={view.play.title} poster={view.play.imageUrl} onFirstPlay={report} />
              ) : view.play.imageUrl ? (
                <img src={view.play.imageUrl} alt={`${view.play.title} diagram`} width={640} height={360} className="w-full rounded-2xl border border-field-700" />
              ) : null}
            </section>
          ) : (
            <p className="text-slate-400">This formation has no plays yet.</p>
          )}

          <section aria-labelledby="writeup-title" className="card p-6">
            <h2 id="writeup-title" className="text-xl font-bold text-white">Write Up</h2>
            {view.play?.description ? (
              <div className="rich-text mt-4" dangerouslySetInnerHTML={{ __html: view.play.description }} />
            ) : (
              <p className="mt-4 text-slate-400">No write up available.</p>
            )}
            {view.play?.imageUrl && view.play.video ? (
              <img src={view.play.imageUrl} alt={`${view.play.title} diagram`} width={640} height={360} loading="lazy" className="mt-6 w-full rounded-xl border border-field-700" />
            ) : null}
          </section>

          {view.section.description || view.section.imageUrl ? (
            <section aria-labelledby="formation-about" className="card p-6">
              <h2 id="formation-about" className="text-xl font-bold text-white">About {view.section.title}</h2>
              {view.section.imageUrl ? (
                <img src={view.section.imageUrl} alt={`${view.section.title} formation`} width={640} height={360} loading="lazy" className="mt-4 w-full rounded-xl border border-field-700" />
              ) : null}
              {view.section.description ? <div className="rich-text mt-4" dangerouslySetInnerHTML={{ __html: view.section.description }} /> : null}
            </section>
          ) : null}

          <FormationsList data={loaderData} current={view.section.slug} />
        </div>

        <div className="space-y-6">
          <section aria-labelledby="plays-title" className="card p-5">
            <h2 id="plays-title" className="text-lg font-bold text-white">Plays</h2>
            {view.plays.length === 0 ? (
              <p className="mt-3 text-sm text-slate-400">No plays yet.</p>
            ) : (
              <ol className="mt-3 space-y-1">
                {view.plays.map((play, index) => (
                  <li key={play.slug}>
                    <Link
                      to={`/content/${item.slug}/section/${view.section.slug}/play/${play.slug}`}
                      preventScrollReset
                      aria-current={play.slug === view.play?.slug ? "true" : undefined}
                      className={`flex items-center gap-3 rounded-lg px-3 py-2 text-sm ${
                        play.slug === view.play?.slug ? "bg-turf font-bold text-field-950" : "text-slate-200 hover:bg-field-800"
                      }`}
                    >
                      <span className="tabular-nums opacity-70">{index + 1}.</span> {play.title}
                    </Link>
                  </li>
                ))}
              </ol>
            )}
          </section>
          <DetailsPanel data={loaderData} />
        </div>
      </div>
    </>
  );
}

function UnlockScreen({ data: loaderData }: { data: Extract<LoaderData, { locked: true }> }) {
  const { item, formations } = loaderData;
  const plays = formations.reduce((sum, formation) => sum + formation.playCount, 0);
  return (
    <>
      <Header data={loaderData} />
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_320px]">
        <div className="space-y-8">
          {loaderData.introVideo ? (
            <section aria-labelledby="intro-title">
              <h2 id="intro-title" className="mb-3 text-xl font-bold text-white">Free intro video</h2>
              <VideoPlayer source={loaderData.introVideo} title={item.title} poster={item.thumbnailUrl} />
            </section>
          ) : null}
          <section className="card border-turf/40 bg-gradient-to-br from-field-800 to-field-900 p-8 text-center" aria-labelledby="unlock-title">
            <svg viewBox="0 0 20 20" className="mx-auto h-10 w-10 text-turf" fill="currentColor" aria-hidden="true">
              <path d="M10 2a4 4 0 0 0-4 4v2H5a1 1 0 0 0-1 1v8a1 1 0 0 0 1 1h10a1 1 0 0 0 1-1V9a1 1 0 0 0-1-1h-1V6a4 4 0 0 0-4-4Zm-2 6V6a2 2 0 1 1 4 0v2H8Z" />
            </svg>
            <h2 id="unlock-title" className="mt-4 font-display text-2xl font-black text-white">Unlock this {isSchemeType(item.type) ? "scheme" : CONTENT_TYPE_LABELS[item.type].toLowerCase()}</h2>
            <p className="mx-auto mt-3 max-w-lg text-slate-300">
              {isSchemeType(item.type)
                ? `${formations.length} formations and ${plays} plays with videos, diagrams and write-ups are waiting for premium members.`
                : "This video and its breakdown are for premium members."}
            </p>
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              <Link to="/subscribe" className="btn-primary">Unlock Premium</Link>
              {!loaderData.viewer ? (
                <Link to={`/auth?redirectTo=/content/${item.slug}`} className="btn-secondary">Log in</Link>
              ) : null}
            </div>
          </section>
          {formations.length ? (
            <section aria-labelledby="locked-formations">
              <h2 id="locked-formations" className="text-2xl font-bold text-white">Formations</h2>
              <ul className="mt-4 grid gap-3 sm:grid-cols-2">
                {formations.map((formation) => (
                  <li key={formation.slug} className="card flex items-center justify-between gap-4 p-4 opacity-80">
                    <span className="font-bold text-white">{formation.title}</span>
                    <span className="text-xs font-semibold text-slate-400">🔒 {formation.playCount} plays</span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
        <DetailsPanel data={loaderData} />
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = (error as { status?: number })?.status === 404;
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="font-display text-3xl font-black text-white">{notFound ? NOT_FOUND : "Something went wrong"}</h1>
      <p className="mt-4 text-slate-300">
        {notFound ? "This item does not exist or is not published yet." : "We could not load this page. Please try again in a moment."}
      </p>
      <div className="mt-8 flex justify-center gap-3">
        <Link to="/college" className="btn-secondary">College Football 26</Link>
        <Link to="/madden" className="btn-secondary">Madden NFL 26</Link>
      </div>
    </section>
  );
}

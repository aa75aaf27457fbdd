import { data, redirect, useLocation, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/content-detail";
import { BackButton, FormationView, LogInAgain, MainView, UnlockScreen } from "~/components/library/content-page";
import { ContentError } from "~/components/library/content-error";
import { contentRights } from "~/lib/access";
import { isSchemeType } from "~/lib/content";
import { GAME_LABELS } from "~/lib/format";
import { metaDescription, pageMeta } from "~/lib/seo";
import { resolveVideo } from "~/lib/video";
import { commentCountQuery, commentCursorOf, commentRedirectPath, commentsQuery, runCommentAction, sentComment, toCommentPage } from "~/server/comments.server";
import { getApp } from "~/server/context.server";
import { none, readPage } from "~/server/page-read.server";
import { getOptionalUser } from "~/server/guards.server";
import {
  contentBySlugQuery,
  findContentForWrite,
  isNewPageView,
  movedAddress,
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
import { isDataRequest, pagePath, readForm } from "~/server/http.server";
import { PROGRESS_STAGE_LABELS } from "~/lib/progress";
import { contentItemView, formationView, patchView } from "~/server/content-page.server";
import { changePlayStage, schemeStagesQuery, sectionProgressQuery, startedSchemeProgress } from "~/server/progress.server";
import { gameplanChoicesQuery } from "~/server/gameplans.server";
import { redirectWithToast } from "~/server/toast.server";
import { countView, viewsStamp, VIEWS_STAMP_HEADER } from "~/server/views.server";

const FAVORITE_ADDED = "Added to favorites";
const FAVORITE_REMOVED = "Removed from favorites";

const NOT_FOUND = "Content not found";

export function meta({ loaderData, matches, params }: Route.MetaArgs) {
  if (!loaderData) return [{ title: `${NOT_FOUND} | Gridiron Playbook` }];
  const { item } = loaderData;
  // A formation's and a play's own name first, so tabs and history tell them apart.
  const sectionSlug = "sectionSlug" in params ? params.sectionSlug : null;
  const formation = sectionSlug ? loaderData.formations.find((entry) => entry.slug === sectionSlug)?.title : null;
  // A formation's page shows its first play too; only a play's own URL names the play.
  const play = "playSlug" in params ? (loaderData.view?.play?.title ?? null) : null;
  const place = [play, formation].filter(Boolean).join(" · ");
  return pageMeta({
    matches,
    title: `${place ? `${place} · ` : ""}${item.title} | ${GAME_LABELS[item.game]}`,
    description: metaDescription(item.description),
    // A formation's and a play's page is its own address: a shared play link opens the play.
    path: `/content/${item.slug}${formation ? `/section/${sectionSlug}${play ? `/play/${(params as { playSlug: string }).playSlug}` : ""}` : ""}`,
    image: item.thumbnailUrl,
    noindex: !item.isPublished,
  });
}

/**
 * A refusal because something is gone (a gameplan deleted in another tab, a comment deleted
 * meanwhile or by a double tap): the page reads its data again, so it stops offering it. Other
 * refusals change nothing.
 */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 404 || defaultShouldRevalidate;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const { db } = app;
  const slug = params.slug;
  const sectionSlug = "sectionSlug" in params ? (params.sectionSlug as string) : null;
  const playSlug = "playSlug" in params ? (params.playSlug as string) : null;
  const commentCursor = commentCursorOf(new URL(request.url));

  // One round trip, shared with the session check: the item, its formations, ratings, the viewer's
  // own state, comments.
  const page = (withComments: boolean) => (userId: string | null) => ({
    rows: contentBySlugQuery(db, slug),
    sections: sectionsWithCountsQuery(db, slug),
    ratings: ratingSummaryQuery(db, slug),
    ownRating: userId ? viewerRatingQuery(db, slug, userId) : none,
    favorite: userId ? viewerFavoriteQuery(db, slug, userId) : none,
    section: sectionSlug ? sectionQuery(db, slug, sectionSlug) : none,
    plays: sectionSlug ? playsOfSectionQuery(db, slug, sectionSlug) : none,
    progress: userId && sectionSlug ? sectionProgressQuery(db, userId, slug, sectionSlug) : none,
    stages: userId && !sectionSlug ? schemeStagesQuery(db, userId, slug) : none,
    gameplans: userId && sectionSlug ? gameplanChoicesQuery(db, userId) : none,
    comments: withComments ? commentsQuery(db, { type: "content", slug }, commentCursor) : none,
    commentCount: withComments ? commentCountQuery(db, { type: "content", slug }) : none,
  });
  // A batch is all or nothing: when it fails (the comments), the page is read again without them.
  const [viewer, withComments] = await Promise.all([getOptionalUser(context), readPage(app, page(true)).catch(() => null)]);
  const read = withComments ?? (await readPage(app, page(false)));
  const commentsFailed = !withComments;
  const { sections, ownRating, favorite, section, plays, stages } = read;
  const row = read.rows[0];
  const ratingRows = read.ratings;
  const commentRows = read.comments ?? [];
  const commentCountRows = read.commentCount ?? [];

  const rights = row ? contentRights(viewer, row) : null;
  // A link to a slug the item or its formation had before (renamed since): the same page under the new one.
  const moved = await movedAddress(db, viewer, request, { slug, item: row ?? null, visible: Boolean(rights?.see), sectionSlug, sectionFound: Boolean(section?.length) });
  if (moved) throw redirect(moved, 301);
  if (!row || !rights?.see) throw data(NOT_FOUND, { status: 404 });
  if (sectionSlug && (!section?.length || !isSchemeType(row.type))) throw data(NOT_FOUND, { status: 404 });
  if (playSlug && !plays?.some((entry) => entry.slug === playSlug)) throw data(NOT_FOUND, { status: 404 });
  // Drafts are not counted (the UPDATE says so too); the count is written after the answer.
  const counted = row.isPublished && isNewPageView(request, slug);
  app.keepWithCachedPage[VIEWS_STAMP_HEADER] = counted ? countView(app.env, app.executionContext, { slug, sectionSlug, playSlug }) : viewsStamp(slug);

  const unlocked = rights.open;
  const scheme = isSchemeType(row.type);
  const introVideo = resolveVideo(row.videoUrl);
  // This visit's view is written after the answer: shown already.
  const item = contentItemView(row, counted);
  const patch = patchView(row, rights.open);
  const formations = sections.map((entry) => ({ slug: entry.slug, title: entry.title, playCount: entry.playCount }));
  const rating = { ...toRatingSummary(ratingRows), own: ownRating?.[0]?.rating ?? null };

  if (!unlocked) {
    // Nothing premium leaves the server: no write-ups, no play videos, no formation art.
    return {
      locked: true as const,
      item,
      patch,
      progress: null,
      introVideo: scheme ? introVideo : null,
      formations,
      rating,
      viewer: viewer ? { signedIn: true } : null,
      // A favourite saved while the member had access: its star stays, to take it off.
      favorite: Boolean(favorite?.length),
      canRate: false,
      view: null,
      comments: [],
      commentPaging: null,
      commentsFailed: false,
      commentPermission: viewer ? ("premium" as const) : ("login" as const),
      gameplans: null,
    };
  }

  const view =
    section?.[0] && plays
      ? formationView({ section: section[0], plays, playSlug, progress: rights.trackProgress ? (read.progress ?? []) : null, canReadNotes: rights.open })
      : null;
  if (playSlug && !view?.play) throw data(NOT_FOUND, { status: 404 });

  const commentPage = toCommentPage(commentRows, commentCountRows, commentCursor, viewer);
  const playCount = sections.reduce((sum, entry) => sum + entry.playCount, 0);
  return {
    locked: false as const,
    item,
    patch,
    progress: scheme && rights.trackProgress && !view ? startedSchemeProgress(playCount, stages) : null,
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
    // 'Add to gameplan': the member's gameplans of this game.
    gameplans: viewer && view?.play ? (read.gameplans ?? []).filter((plan) => plan.gameplanGame === row.game).map((plan) => ({ id: plan.gameplanId, name: plan.gameplanName })) : null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const app = getApp(context);
  const viewer = await getOptionalUser(context);
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "");
  const target = await findContentForWrite(app.db, params.slug);
  const rights = target ? contentRights(viewer, target) : null;
  if (!target || !rights?.see) throw data(NOT_FOUND, { status: 404 });
  const pathname = pagePath(request);

  if (intent === "play-view") {
    // The first play of a video in a player counts a view (sent by the player with JavaScript).
    if (rights.countView) countView(app.env, app.executionContext, { slug: target.slug, sectionSlug: null, playSlug: null });
    return { ok: true };
  }

  // A comment typed before the session ended comes back with the refusal, to be copied.
  if (!viewer) return data({ error: "Log in to continue.", login: true, intent, sent: sentComment(formData) }, { status: 401 });

  if (intent === "favorite") {
    // Taking one off is always allowed: a member whose access lapsed can still clear their list.
    const adding = formData.get("favorite") === "on";
    if (adding && !rights.favorite) return data({ error: "You must be a premium member to save favorites.", intent }, { status: 403 });
    await toggleFavorite(app.db, viewer.id, target.id, adding);
    // Said, not only drawn on the star: with JavaScript by the star's status line, without it by a toast.
    const done = adding ? FAVORITE_ADDED : FAVORITE_REMOVED;
    return isDataRequest(request) ? { ok: true, done } : redirectWithToast(pathname, { kind: "success", title: done });
  }

  if (intent === "progress") {
    const change = await changePlayStage(app.db, viewer, params, formData.get("stage"));
    if (!change.ok) return data({ error: change.error, intent }, { status: change.status });
    const message = `Marked as ${PROGRESS_STAGE_LABELS[change.stage]}.`;
    if (isDataRequest(request)) return { ok: true, stage: change.stage, message };
    return redirectWithToast(`${pathname}#progress`, { kind: "success", title: "Progress saved", description: message });
  }

  if (intent === "rate") {
    if (!isSchemeType(target.type)) return data({ error: "Only schemes can be rated.", intent }, { status: 400 });
    if (!rights.rate) {
      return data({ error: "You must be a premium member to rate.", intent }, { status: 403 });
    }
    const value = String(formData.get("rating") ?? "");
    if (!/^[1-5]$/.test(value)) return data({ error: "Choose a rating from 1 to 5 stars.", intent }, { status: 400 });
    await saveRating(app.db, viewer.id, target.id, Number(value));
    return redirect(`${pathname}#rating`);
  }

  if (intent.endsWith("-comment")) {
    const result = await runCommentAction(app.db, {
      user: viewer,
      kv: app.env.KV,
      formData,
      target: { contentId: target.id },
      mayPost: rights.comment,
      deniedMessage: "You must be a premium member to comment.",
    });
    if (!result.ok) return data({ error: result.error, intent, sent: sentComment(formData) }, { status: result.status });
    return redirect(commentRedirectPath(request, intent, result.anchor));
  }

  return data({ error: "Unknown action.", intent }, { status: 400 });
}

export type ContentPageData = Route.ComponentProps["loaderData"];

export default function ContentDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { item, locked } = loaderData;
  const error = actionData && "error" in actionData ? actionData.error : null;
  // A refusal is said where its form is: the rating's at the rating, a comment's with the comments,
  // any other (a stage, a favourite without JavaScript, one on a page without those) at the top.
  const intent = actionData && "intent" in actionData ? actionData.intent : "";
  const inMainView = !locked && !loaderData.view;
  const at = inMainView && intent === "rate" ? "rating" : inMainView && intent.endsWith("-comment") ? "comments" : "page";
  // Refused because the session ended: a way back in, to this page.
  const { pathname } = useLocation();
  const login = actionData && "login" in actionData && actionData.login ? `/auth?redirectTo=${encodeURIComponent(pathname)}` : null;
  return (
    <article className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <BackButton game={item.game} />
      {!item.isPublished ? (
        <p className="mt-4 rounded-lg border border-amber-400/50 bg-amber-950/40 px-4 py-2 text-sm font-semibold text-amber-200">
          Draft: only staff can see this page.
        </p>
      ) : null}
      {/* A refused form without its own place for the message (a stage on a play, a favourite, one whose access ended meanwhile): say why here. */}
      {error && at === "page" ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-500/50 bg-red-950/40 px-4 py-2 text-sm font-semibold text-red-200">
          {login ? <span>{error}</span> : error}
          {login ? <LogInAgain to={login} /> : null}
        </p>
      ) : null}
      {locked ? <UnlockScreen data={loaderData} /> : loaderData.view ? <FormationView data={loaderData} /> : <MainView data={loaderData} ratingError={at === "rating" ? error : null} commentError={at === "comments" ? error : null} />}
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ContentError notFound={(error as { status?: number })?.status === 404} title={NOT_FOUND} />;
}

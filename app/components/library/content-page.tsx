// The content page's screens: the header with the favourite star, the main view (video, details,
// rating, formations, comments), a formation with its plays, and the unlock screen.
import { useEffect } from "react";
import { Form, useActionData, useFetcher, useLocation, useNavigate, useNavigation, useRevalidator } from "react-router";
import { useHydrated } from "~/components/use-hydrated";
import { showToast } from "~/components/toaster";
import { Comments, UnsentComment } from "~/components/comments";
import { TypeBadge } from "~/components/content-card";
import { isSitePath } from "~/lib/html";
import { Link } from "~/components/link";
import { VideoPlayer } from "~/components/video-player";
import { CONTENT_TYPE_LABELS, CONTENT_TYPE_NOUNS, GAME_PATHS, isSchemeType } from "~/lib/content";
import { formatCount, formatListingDate, GAME_LABELS } from "~/lib/format";
import { StatusBadge } from "~/components/library/status-badge";
import { ProgressBar } from "~/components/library/progress-bar";
import { ProgressControl, StageMark } from "~/components/library/progress-control";
import { AddToGameplan } from "~/components/gameplans/add-to-gameplan";
import { badgeText } from "~/lib/patch";
import { searchHref } from "~/lib/search";
import type { ContentPageData as LoaderData } from "~/routes/library/content-detail";
import type { PatchView } from "~/server/content-page.server";

/** After a refusal because the session ended: the way back in, to this page. */
export function LogInAgain({ to }: { to: string }) {
  return (
    <>
      {" "}
      <Link to={to} className="text-link">
        Log in
      </Link>
    </>
  );
}

export function BackButton({ game }: { game: "college" | "madden" }) {
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
    <header className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-6 md:grid-cols-[240px_minmax(0,1fr)]">
      {item.thumbnailUrl ? (
        <img src={item.thumbnailUrl} alt="" width={640} height={360} className="aspect-video w-full rounded-2xl border border-field-700 object-cover" />
      ) : null}
      <div>
        <div className="flex flex-wrap items-center gap-2">
          <TypeBadge type={item.type} />
          <span className="text-xs font-semibold uppercase tracking-wider text-slate-400">{GAME_LABELS[item.game]}</span>
          <StatusBadge status={loaderData.patch.status} version={loaderData.patch.version} />
        </div>
        <div className="mt-2 flex items-start gap-3">
          <h1 className="font-display text-3xl font-black leading-tight text-white sm:text-4xl">{item.title}</h1>
          {loaderData.viewer && (!loaderData.locked || loaderData.favorite) ? <FavoriteStar on={loaderData.favorite} /> : null}
        </div>
        <p className="mt-3 whitespace-pre-line text-slate-300">{item.description}</p>
        {loaderData.progress ? (
          <div className="mt-4 max-w-md" aria-label="Your progress in this scheme" role="group">
            <ProgressBar progress={loaderData.progress} />
          </div>
        ) : null}
        <PatchNote patch={loaderData.patch} game={item.game} locked={loaderData.locked} />
      </div>
    </header>
  );
}

/** The staff note behind a status ('Works with adjustment', 'Nerfed'), with what to use instead. */
export function PatchNote({ patch, game, locked }: { patch: PatchView; game: "college" | "madden"; locked: boolean }) {
  const explained = patch.status === "adjusted" || patch.status === "nerfed";
  if (!explained && patch.status !== "needs-retest") return null;
  return (
    <div className="mt-4 rounded-xl border border-field-600 bg-field-800/60 p-4 text-sm" data-testid="patch-note">
      <p className="text-slate-200">
        <strong className="text-white">{badgeText(patch.status, patch.version)}</strong>
        {patch.note ? <>: {patch.note}</> : patch.status === "needs-retest" ? ": our staff are re-testing this on the latest title update." : null}
      </p>
      {patch.status === "needs-retest" && patch.before ? (
        <p className="mt-1 text-slate-300" data-testid="patch-before">
          {patch.before.status === "verified" ? "Last verified" : "Last worked with an adjustment"}
          {patch.before.version ? ` on ${patch.before.version}` : ""}.
        </p>
      ) : null}
      {explained && !patch.note && locked ? <p className="mt-1 text-slate-400">Members see what changed and what to do about it.</p> : null}
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
        {patch.alternative && (isSitePath(patch.alternative) || /^https?:\/\//.test(patch.alternative)) ? <Link to={patch.alternative} className="text-link">Use this instead</Link> : null}
        <Link to={`/updates#${game}`} className="text-link">Title update history</Link>
      </p>
    </div>
  );
}

function FavoriteStar({ on }: { on: boolean }) {
  const fetcher = useFetcher<{ error?: string; done?: string }>();
  const pending = fetcher.formData ? fetcher.formData.get("favorite") === "on" : on;
  // A refusal (signed out meanwhile, access lapsed) is said, not only undone on the star.
  const error = fetcher.state === "idle" ? fetcher.data?.error : undefined;
  useEffect(() => {
    if (error) showToast({ kind: "error", title: "Favorites not changed", description: error });
  }, [error, fetcher.data]);
  return (
    <fetcher.Form method="post" className="shrink-0">
      <input type="hidden" name="intent" value="favorite" />
      <input type="hidden" name="favorite" value={pending ? "off" : "on"} />
      <button
        type="submit"
        aria-label={pending ? "Remove from favorites" : "Add to favorites"}
        title={pending ? "Remove from favorites" : "Add to favorites"}
        className="rounded-full p-2 hover:bg-field-800"
      >
        <svg viewBox="0 0 24 24" className={`h-8 w-8 ${pending ? "text-amber-400" : "text-slate-400"}`} fill={pending ? "currentColor" : "none"} stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
          <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9L12 3Z" strokeLinejoin="round" />
        </svg>
      </button>
      {/* The star's new name is not read out by every screen reader (VoiceOver on a phone): this is. */}
      <p role="status" className="sr-only">
        {fetcher.state === "idle" ? (fetcher.data?.done ?? "") : ""}
      </p>
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
        <div className="flex justify-between gap-4"><dt className="text-slate-400">Views</dt><dd className="font-semibold text-white" data-testid="views" data-views={item.views} suppressHydrationWarning>{formatCount(item.views)}</dd></div>
        {item.runtime ? <div className="flex justify-between gap-4"><dt className="text-slate-400">Runtime</dt><dd className="font-semibold text-white">{item.runtime}</dd></div> : null}
        <div className="flex justify-between gap-4"><dt className="text-slate-400">{item.isPublished ? "Published" : "Created (draft)"}</dt><dd className="font-semibold text-white">{formatListingDate(item.isPublished ? item.publishedAt : item.createdAt)}</dd></div>
      </dl>
      <TagLinks tags={item.tags} game={item.game} label="Tags" className="mt-5" />
    </aside>
  );
}

/** Tags as links to everything else that carries them in this game (the play finder without words). */
function TagLinks({ tags, game, label, className }: { tags: string[]; game: LoaderData["item"]["game"]; label: string; className: string }) {
  if (!tags.length) return null;
  return (
    <ul className={`flex flex-wrap gap-2 ${className}`} aria-label={label}>
      {tags.map((tag) => (
        <li key={tag}>
          <Link
            to={searchHref("", { game, type: null, difficulty: null, tag })}
            className="block rounded-full bg-field-800 px-3 py-1.5 text-xs font-semibold text-slate-300 hover:bg-field-700 hover:text-white"
          >
            #{tag}
          </Link>
        </li>
      ))}
    </ul>
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
  // Refused because the session ended: a way back in, to this page.
  const sessionEnded = Boolean((useActionData() as { login?: boolean } | undefined)?.login);
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "rate";
  // Without JavaScript the answer is a new page: it opens at the rating, where a refusal is said.
  const { pathname } = useLocation();
  const action = useHydrated() ? undefined : `${pathname}#rating`;
  return (
    <section id="rating" aria-labelledby="rating-title" className="card scroll-mt-4 p-5">
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
        <Form
          method="post"
          action={action}
          // The page answers with itself: its entry is replaced, so 'Back' still leaves the page.
          replace
          preventScrollReset
          className="mt-4"
          // While a rating is saving the stars stay focusable (a disabled button drops the keyboard
          // user's focus to the page): a second press waits for the first instead.
          onSubmit={(event) => {
            if (saving) event.preventDefault();
          }}
        >
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
                  aria-disabled={saving || undefined}
                  aria-pressed={rating.own === value}
                  aria-label={`Rate ${value} star${value === 1 ? "" : "s"}`}
                  className={`min-h-11 min-w-11 rounded-md border px-3 text-lg leading-none ${
                    rating.own && value <= rating.own ? "border-amber-400 text-amber-400" : "border-field-600 text-slate-400 hover:text-amber-300"
                  }`}
                >
                  ★
                </button>
              ))}
            </div>
          </fieldset>
          {/* A screen reader hears the rating change (the legend's text is not announced). */}
          <p role="status" className="sr-only">
            {rating.own ? `Rated ${rating.own} of 5` : ""}
          </p>
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
      {error ? (
        <p role="alert" className="field-error">
          {error}
          {sessionEnded ? <LogInAgain to={`/auth?redirectTo=/content/${loaderData.item.slug}`} /> : null}
        </p>
      ) : null}
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

export function MainView({ data: loaderData, ratingError, commentError }: { data: Extract<LoaderData, { locked: false }>; ratingError: string | null; commentError: string | null }) {
  const scheme = isSchemeType(loaderData.item.type);
  return (
    <>
      <Header data={loaderData} />
      <div className="mt-8 grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,1fr)_320px]">
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

export function FormationView({ data: loaderData }: { data: Extract<LoaderData, { locked: false }> }) {
  const { item } = loaderData;
  const view = loaderData.view!;
  const report = usePlayViewReporter(item.slug);
  const revalidator = useRevalidator();
  const playPath = view.play ? `/content/${item.slug}/section/${view.section.slug}/play/${view.play.slug}` : null;
  const track =
    view.play?.progress && view.play.video?.kind === "file"
      ? { playId: view.play.id, resumeFrom: view.play.progress.resumeFrom, onWatched: () => void revalidator.revalidate() }
      : null;
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

      <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,1fr)_320px]">
        <div className="space-y-8">
          {view.play ? (
            <section aria-labelledby="play-title">
              <div className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-1">
                <h2 id="play-title" className="text-xl font-bold text-white">{view.play.title}</h2>
                <StatusBadge status={view.play.patch.status} version={view.play.patch.version} />
              </div>
              {view.play.video ? (
                <VideoPlayer key={view.play.slug} source={view.play.video} title={view.play.title} poster={view.play.imageUrl} onFirstPlay={report} track={track} />
              ) : view.play.imageUrl ? (
                <img src={view.play.imageUrl} alt={`${view.play.title} diagram`} width={640} height={360} className="w-full rounded-2xl border border-field-700" />
              ) : null}
              <TagLinks tags={view.play.tags} game={item.game} label="Situations" className="mt-3" />
            </section>
          ) : (
            <p className="text-slate-400">This formation has no plays yet.</p>
          )}

          {/* Whether the play still works comes first: a nerfed play's note and what to use instead. */}
          {view.play ? <PatchNote patch={view.play.patch} game={item.game} locked={false} /> : null}

          {/* Siblings need keys of their own: two equal keys made React keep the previous play's card. */}
          {view.play?.progress && playPath ? <ProgressControl key={`progress-${view.play.slug}`} action={playPath} stage={view.play.progress.stage} /> : null}

          {view.play && playPath && loaderData.gameplans ? (
            <AddToGameplan key={`gameplan-${view.play.slug}`} playId={view.play.id} playPath={playPath} game={item.game} gameplans={loaderData.gameplans} />
          ) : null}

          <PlaysList data={loaderData} headingId="plays-title-phone" className="lg:hidden" />

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
          <PlaysList data={loaderData} headingId="plays-title" className="hidden lg:block" />
          <DetailsPanel data={loaderData} />
        </div>
      </div>
    </>
  );
}

/**
 * The formation's plays, each a link to its play. On a phone it comes right after the play's video
 * and its controls (the spec's order: video, plays, write-up), in the sidebar from lg up: it is drawn
 * in both places, one hidden by the width, each with its own heading id.
 */
function PlaysList({ data: loaderData, headingId, className }: { data: Extract<LoaderData, { locked: false }>; headingId: string; className: string }) {
  const { item } = loaderData;
  const view = loaderData.view!;
  return (
    <section aria-labelledby={headingId} className={`card p-5 ${className}`}>
      <h2 id={headingId} className="text-lg font-bold text-white">Plays</h2>
      {view.plays.length === 0 ? (
        <p className="mt-3 text-sm text-slate-400">No plays yet.</p>
      ) : (
        <ol className="mt-3 space-y-1">
          {view.plays.map((play, index) => (
            <li key={play.slug}>
              <Link
                to={`/content/${item.slug}/section/${view.section.slug}/play/${play.slug}`}
                aria-current={play.slug === view.play?.slug ? "true" : undefined}
                className={`flex items-center gap-3 rounded-lg px-3 py-2 text-sm ${
                  play.slug === view.play?.slug ? "bg-turf font-bold text-field-950" : "text-slate-200 hover:bg-field-800"
                }`}
              >
                <span className="tabular-nums opacity-70">{index + 1}.</span>
                <span className="flex-1">{play.title}</span>
                {play.stage ? <StageMark stage={play.stage} current={play.slug === view.play?.slug} /> : null}
                <PlayStatusMark patch={play.patch} current={play.slug === view.play?.slug} />
              </Link>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** A play's status in the formation's play list: an icon, with the badge's words for screen readers and on hover. */
function PlayStatusMark({ patch, current }: { patch: PatchView; current: boolean }) {
  const label = badgeText(patch.status, patch.version);
  const style = { verified: "text-emerald-400", "needs-retest": "text-amber-400", adjusted: "text-sky-400", nerfed: "text-red-400" }[patch.status];
  const icon = { verified: "✓", "needs-retest": "↻", adjusted: "≈", nerfed: "✕" }[patch.status];
  return (
    <span title={label} className={`shrink-0 text-xs font-bold ${current ? "" : style}`}>
      <span aria-hidden="true">{icon}</span>
      <span className="sr-only">({label})</span>
    </span>
  );
}

export function UnlockScreen({ data: loaderData }: { data: Extract<LoaderData, { locked: true }> }) {
  const { item, formations } = loaderData;
  const plays = formations.reduce((sum, formation) => sum + formation.playCount, 0);
  // Back to this very page after logging in: the formation or the play, not only the scheme.
  const { pathname } = useLocation();
  return (
    <>
      <Header data={loaderData} />
      <div className="mt-8 grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,1fr)_320px]">
        <div className="space-y-8">
          {/* A comment sent as the session ended: this page has no comments, the text is kept here. */}
          <UnsentComment />
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
            <h2 id="unlock-title" className="mt-4 font-display text-2xl font-black text-white">Unlock this {CONTENT_TYPE_NOUNS[item.type]}</h2>
            <p className="mx-auto mt-3 max-w-lg text-slate-300">
              {isSchemeType(item.type)
                ? `${formations.length} ${formations.length === 1 ? "formation" : "formations"} and ${plays} ${plays === 1 ? "play" : "plays"} with videos, diagrams and write-ups are waiting for premium members.`
                : "This video and its breakdown are for premium members."}
            </p>
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              <Link to="/subscribe" className="btn-primary">Unlock Premium</Link>
              {!loaderData.viewer ? (
                <Link to={`/auth?redirectTo=${pathname}`} className="btn-secondary">Log in</Link>
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
                    <span className="text-xs font-semibold text-slate-400">🔒 {formation.playCount} {formation.playCount === 1 ? "play" : "plays"}</span>
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

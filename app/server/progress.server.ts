import { and, eq, sql } from "drizzle-orm";
import { content, contentPlays, contentSections, playProgress, type ContentType, type Game } from "../../db/schema.ts";
import { contentRights, type AccessSubject } from "../lib/access.ts";
import { isProgressStage, POSITION_SAVE_INTERVAL_MS, summarizeProgress, withinTotal, type ProgressStage, type SchemeProgress } from "../lib/progress.ts";
import { reusableSelect, type Database, type Param } from "./db.server.ts";
import { forgetRecentSaves } from "./recent-saves.server.ts";

// The install tracker's reads and writes (rules in app/lib/progress.ts): a member's stage with each
// play and where they stopped in its self-hosted video, read per formation, per scheme and across
// the member's schemes. Every read is one member's rows by index (play_progress is keyed by user).

const contentIdOf = (slug: string | Param<string>) => sql`(SELECT id FROM content WHERE slug = ${slug})`;

/** The member's rows for the plays of one formation (its play list and the selected play). */
export const sectionProgressQuery = reusableSelect((db: Database, userId: Param<string>, slug: Param<string>, sectionSlug: Param<string>) =>
  db.all<{ playSlug: string; stage: ProgressStage; position: number | null }>(sql`
    SELECT p.slug AS playSlug, pp.stage AS stage, pp.position_seconds AS position
    FROM play_progress pp
    JOIN content_plays p ON p.id = pp.play_id
    JOIN content_sections s ON s.id = p.section_id AND s.slug = ${sectionSlug}
    WHERE pp.user_id = ${userId} AND pp.content_id = ${contentIdOf(slug)}`),
);

/** How many of one scheme's plays the member has at each stage (the scheme page's bar). */
export const schemeStagesQuery = reusableSelect((db: Database, userId: Param<string>, slug: Param<string>) =>
  db.all<{ stage: ProgressStage; plays: number }>(sql`
    SELECT stage, count(*) AS plays FROM play_progress
    WHERE user_id = ${userId} AND content_id = ${contentIdOf(slug)}
    GROUP BY stage`),
);

/** A scheme's bar from the scheme page's reads (its plays counted by formation, the member's stages); null until the member has started it. */
export function startedSchemeProgress(playCount: number, stages: { stage: ProgressStage; plays: number }[] | null): SchemeProgress | null {
  const progress = summarizeProgress(
    playCount,
    (stages ?? []).flatMap((row) => Array<ProgressStage>(row.plays).fill(row.stage)),
  );
  return playCount > 0 && progress.watched > 0 ? withinTotal(progress) : null;
}

/**
 * The member's bar for every scheme they started, by content id (the cards of listings and /home).
 * One grouped read of the member's own rows; a scheme's play count is read only for those.
 */
export function schemeBarsQuery(db: Database, userId: string) {
  return db.all<{ contentId: number; total: number; watched: number; practised: number; gameReady: number }>(sql`
    SELECT m.content_id AS contentId, m.watched AS watched, m.practised AS practised, m.game_ready AS gameReady,
           (SELECT count(*) FROM content_sections s JOIN content_plays p ON p.section_id = s.id WHERE s.content_id = m.content_id) AS total
    FROM (
      SELECT content_id, sum(stage <> 'not-started') AS watched, sum(stage IN ('practised', 'game-ready')) AS practised, sum(stage = 'game-ready') AS game_ready
      FROM play_progress WHERE user_id = ${userId}
      GROUP BY content_id
      HAVING sum(stage <> 'not-started') > 0
    ) m`);
}

export function toSchemeBars(rows: { contentId: number; total: number; watched: number; practised: number; gameReady: number }[] | null): Map<number, SchemeProgress> {
  return new Map(
    (rows ?? [])
      .filter((row) => row.total > 0)
      .map((row) => [row.contentId, withinTotal(row)]),
  );
}

type StartedSchemeRow = {
  contentId: number;
  slug: string;
  title: string;
  game: Game;
  type: ContentType;
  requiredTier: "free" | "premium";
  isPublished: number;
  thumbnailUrl: string | null;
  touchedAt: number;
  total: number;
  watched: number;
  practised: number;
  gameReady: number;
  /** JSON {"section","play","title"} of the first play in order that is not game-ready, or null. */
  nextPlay: string | null;
};

/**
 * The schemes the member has started (a play past 'Not started'), most recently touched first,
 * with their bars and the next play to learn: /home's 'Continue where you left off', the cards'
 * bars and Account Settings' 'My playbook'. One statement over the member's own rows.
 */
export function startedSchemesQuery(db: Database, userId: string, limit: number) {
  return db.all<StartedSchemeRow>(sql`
    WITH mine AS (
      SELECT content_id,
             max(updated_at) AS touched_at,
             sum(stage <> 'not-started') AS watched,
             sum(stage IN ('practised', 'game-ready')) AS practised,
             sum(stage = 'game-ready') AS game_ready
      FROM play_progress WHERE user_id = ${userId}
      GROUP BY content_id
      HAVING sum(stage <> 'not-started') > 0
      ORDER BY touched_at DESC
      LIMIT ${limit}
    )
    SELECT c.id AS contentId, c.slug AS slug, c.title AS title, c.game AS game, c.type AS type,
           c.required_tier AS requiredTier, c.is_published AS isPublished, c.thumbnail_url AS thumbnailUrl,
           m.touched_at AS touchedAt, m.watched AS watched, m.practised AS practised, m.game_ready AS gameReady,
           (SELECT count(*) FROM content_plays p JOIN content_sections s ON s.id = p.section_id WHERE s.content_id = c.id) AS total,
           -- A play nerfed on the current update is learnt last: it is offered only when nothing else is left.
           (SELECT json_object('section', s.slug, 'play', p.slug, 'title', p.title)
              FROM content_sections s
              JOIN content_plays p ON p.section_id = s.id
              LEFT JOIN play_progress x ON x.user_id = ${userId} AND x.play_id = p.id
              LEFT JOIN play_status ps ON ps.play_id = p.id
              WHERE s.content_id = c.id AND coalesce(x.stage, 'not-started') <> 'game-ready'
              ORDER BY coalesce(ps.status, 'verified') = 'nerfed', s.position, s.id, p.position, p.id LIMIT 1) AS nextPlay
    FROM mine m JOIN content c ON c.id = m.content_id
    ORDER BY m.touched_at DESC`);
}

export type StartedScheme = {
  contentId: number;
  slug: string;
  title: string;
  game: Game;
  type: ContentType;
  requiredTier: "free" | "premium";
  isPublished: boolean;
  thumbnailUrl: string | null;
  touchedAt: number;
  progress: SchemeProgress;
  /** Where 'Continue' leads: the first play in the scheme's order that is not game-ready yet. */
  next: { href: string; title: string } | null;
};

export function toStartedSchemes(rows: StartedSchemeRow[]): StartedScheme[] {
  return rows.map((row) => {
    const next = row.nextPlay ? (JSON.parse(row.nextPlay) as { section: string; play: string; title: string }) : null;
    return {
      contentId: row.contentId,
      slug: row.slug,
      title: row.title,
      game: row.game,
      type: row.type,
      requiredTier: row.requiredTier,
      isPublished: Boolean(row.isPublished),
      thumbnailUrl: row.thumbnailUrl,
      touchedAt: row.touchedAt,
      progress: withinTotal(row),
      next: next ? { href: `/content/${row.slug}/section/${next.section}/play/${next.play}`, title: next.title } : null,
    };
  });
}

/** The play a stage form or a position save names, with what the rights function needs about its item. */
export type ProgressTarget = {
  playId: number;
  contentId: number;
  runtime: string | null;
  videoProvider: "youtube" | "vimeo" | "custom";
  isPublished: boolean;
  requiredTier: "free" | "premium";
  type: ContentType;
  stage: ProgressStage | null;
};

// Distinct column names: a batch's rows come back keyed by name (see db.server.ts Read).
const targetColumns = {
  playId: sql<number>`${contentPlays.id}`.as("target_play_id"),
  contentId: sql<number>`${content.id}`.as("target_content_id"),
  runtime: contentPlays.runtime,
  videoProvider: contentPlays.videoProvider,
  isPublished: content.isPublished,
  requiredTier: content.requiredTier,
  type: content.type,
};

/** A play by its page's slugs. */
export function playBySlugsQuery(db: Database, slug: string, sectionSlug: string, playSlug: string) {
  return db
    .select(targetColumns)
    .from(contentPlays)
    .innerJoin(contentSections, eq(contentSections.id, contentPlays.sectionId))
    .innerJoin(content, eq(content.id, contentSections.contentId))
    .where(and(eq(content.slug, slug), eq(contentSections.slug, sectionSlug), eq(contentPlays.slug, playSlug)))
    .limit(1);
}

/** A play by id (the player's position saves), with the member's current stage. */
export function playByIdQuery(db: Database, playId: number, userId: string) {
  return db
    .select({ ...targetColumns, stage: playProgress.stage })
    .from(contentPlays)
    .innerJoin(contentSections, eq(contentSections.id, contentPlays.sectionId))
    .innerJoin(content, eq(content.id, contentSections.contentId))
    .leftJoin(playProgress, and(eq(playProgress.playId, contentPlays.id), eq(playProgress.userId, userId)))
    .where(eq(contentPlays.id, playId))
    .limit(1);
}

/** The member sets their stage with a play (the stage forms). */
export async function setPlayStage(db: Database, target: { userId: string; playId: number; contentId: number }, stage: ProgressStage, now = Date.now()) {
  forgetRecentSaves(target.userId);
  const at = new Date(now);
  await db
    .insert(playProgress)
    .values({ ...target, stage, startedAt: stage === "not-started" ? null : at, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: [playProgress.userId, playProgress.playId],
      set: { stage, startedAt: sql`coalesce(${playProgress.startedAt}, excluded.started_at)`, updatedAt: at },
    });
}

/**
 * Saves where the member stopped in a play's self-hosted video, and marks the play 'Watched' when
 * `watched` (the 90% rule, decided by the caller) and it was not started. At most one save per
 * member and play every POSITION_SAVE_INTERVAL_MS: a save that comes sooner writes nothing (the
 * upsert's WHERE), unless it is the one that marks the play watched, or a save at the video's end
 * (`ended`) that moves the position forward (so no resume is offered from just before the end).
 * Returns whether it wrote.
 */
export async function savePlayPosition(
  db: Database,
  target: { userId: string; playId: number; contentId: number },
  position: number,
  watched: boolean,
  now = Date.now(),
  ended = false,
) {
  const at = new Date(now);
  const result = await db
    .insert(playProgress)
    .values({
      ...target,
      stage: watched ? "watched" : "not-started",
      positionSeconds: Math.floor(position),
      positionSavedAt: at,
      startedAt: watched ? at : null,
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoUpdate({
      target: [playProgress.userId, playProgress.playId],
      set: {
        positionSeconds: sql`excluded.position_seconds`,
        positionSavedAt: sql`excluded.position_saved_at`,
        stage: sql`CASE WHEN ${playProgress.stage} = 'not-started' THEN excluded.stage ELSE ${playProgress.stage} END`,
        startedAt: sql`coalesce(${playProgress.startedAt}, excluded.started_at)`,
        updatedAt: sql`excluded.updated_at`,
      },
      setWhere: sql`${playProgress.positionSavedAt} IS NULL
        OR ${playProgress.positionSavedAt} <= ${now - POSITION_SAVE_INTERVAL_MS}
        OR (${playProgress.stage} = 'not-started' AND excluded.stage = 'watched')
        OR (${ended ? 1 : 0} = 1 AND excluded.position_seconds > coalesce(${playProgress.positionSeconds}, -1))`,
    });
  return result.meta.changes > 0;
}

/** 'Reset progress' of one scheme: every row of the member's for its plays. Returns how many went. */
export async function resetSchemeProgress(db: Database, userId: string, contentId: number) {
  forgetRecentSaves(userId);
  const result = await db.delete(playProgress).where(and(eq(playProgress.userId, userId), eq(playProgress.contentId, contentId)));
  return result.meta.changes;
}

export type StageChange =
  | { ok: true; stage: ProgressStage }
  | { ok: false; status: 400 | 401 | 403 | 404; error: string };

/**
 * The stage form of a play page: the play named by the URL, a stage of the four, and a viewer the
 * rights function lets track it. Nothing is written unless all three hold.
 */
export async function changePlayStage(
  db: Database,
  viewer: AccessSubject & { id: string } | null,
  params: { slug: string; sectionSlug?: string; playSlug?: string },
  stageValue: unknown,
): Promise<StageChange> {
  if (!params.sectionSlug || !params.playSlug) return { ok: false, status: 404, error: "Play not found." };
  const [target] = await playBySlugsQuery(db, params.slug, params.sectionSlug, params.playSlug);
  const rights = target ? contentRights(viewer, target) : null;
  if (!target || !rights?.see) return { ok: false, status: 404, error: "Play not found." };
  if (!viewer) return { ok: false, status: 401, error: "Log in to track your progress." };
  if (!rights.trackProgress) return { ok: false, status: 403, error: "You must be a premium member to track this play." };
  if (!isProgressStage(stageValue)) return { ok: false, status: 400, error: "Choose Not started, Watched, Practised or Game-ready." };
  await setPlayStage(db, { userId: viewer.id, playId: target.playId, contentId: target.contentId }, stageValue);
  return { ok: true, stage: stageValue };
}

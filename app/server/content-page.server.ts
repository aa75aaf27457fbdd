import type { PatchStatus } from "../../db/schema.ts";
import { resumePoint, type ProgressStage } from "../lib/progress.ts";
import { resolveVideo } from "../lib/video.ts";
import type { ContentRow, playsOfSectionQuery, sectionQuery } from "./library.server.ts";
import type { sectionProgressQuery } from "./progress.server.ts";
import { renderDescription } from "./rich-text.server.ts";

// What the content page sends for a formation with its plays, shaped from the page's reads for a
// viewer who may open the item (app/routes/library/content-detail.tsx).

/** The item as its page shows it to anyone who may see it; `counted`: this visit's view, written after the answer. */
export function contentItemView(row: ContentRow, counted: boolean) {
  return {
    slug: row.slug,
    title: row.title,
    description: row.description,
    type: row.type,
    game: row.game,
    thumbnailUrl: row.thumbnailUrl,
    difficulty: row.difficulty,
    tags: row.tags,
    views: row.views + (counted ? 1 : 0),
    author: row.authorFirstName?.trim() || "Unknown",
    createdAt: row.createdAt.getTime(),
    /** When it went live (the day it was made for items published before that was recorded). */
    publishedAt: (row.publishedAt ?? row.createdAt).getTime(),
    isPublished: row.isPublished,
    requiredTier: row.requiredTier,
    runtime: row.runtime,
  };
}

/**
 * An item's or a play's badge, with its note and alternative when the viewer may read them, and
 * (while it needs a re-test) how it last worked: verified or adjusted, on which update.
 */
export type PatchView = {
  status: PatchStatus;
  version: string | null;
  note: string | null;
  alternative: string | null;
  before: { status: "verified" | "adjusted"; version: string | null } | null;
};

type StatusColumns = { status: PatchStatus; statusVersion: string | null; statusNote: string | null; statusAlternative: string | null; statusBefore?: string | null };

/** The JSON of statusBeforeRetest (library.server.ts), or null. */
function statusBefore(json: string | null | undefined): PatchView["before"] {
  if (!json) return null;
  const parsed = JSON.parse(json) as { status: string; version: string | null };
  return parsed.status === "verified" || parsed.status === "adjusted" ? { status: parsed.status, version: parsed.version } : null;
}

/** The badge is public; a premium item's note (and what to use instead) is for those who may open it. */
export function patchView(entry: StatusColumns, canReadNotes: boolean): PatchView {
  return {
    status: entry.status,
    version: entry.statusVersion,
    note: canReadNotes ? entry.statusNote : null,
    alternative: canReadNotes ? entry.statusAlternative : null,
    before: statusBefore(entry.statusBefore),
  };
}

type SectionRow = Awaited<ReturnType<typeof sectionQuery>>[number];
type PlayRow = Awaited<ReturnType<typeof playsOfSectionQuery>>[number];
type ProgressRow = Awaited<ReturnType<typeof sectionProgressQuery>>[number];

export type FormationView = {
  section: { slug: string; title: string; description: string | null; imageUrl: string | null };
  plays: { slug: string; title: string; patch: PatchView; stage: ProgressStage | null }[];
  play: {
    id: number;
    slug: string;
    title: string;
    description: string | null;
    imageUrl: string | null;
    video: ReturnType<typeof resolveVideo>;
    runtime: string | null;
    /** Its situations ('vs blitz', 'red zone'), each a link to everything else with that tag. */
    tags: string[];
    patch: PatchView;
    /** The viewer's stage and where to offer resuming; null for those who cannot track progress. */
    progress: { stage: ProgressStage; resumeFrom: number | null } | null;
  } | null;
};

/**
 * A formation and its plays, the selected one (or the first) in full. `progress` is the viewer's
 * rows for these plays, or null when they may not track progress (a visitor).
 */
export function formationView(options: {
  section: SectionRow;
  plays: PlayRow[];
  playSlug: string | null;
  progress: ProgressRow[] | null;
  canReadNotes: boolean;
}): FormationView {
  const { section, plays, playSlug, progress, canReadNotes } = options;
  const current = playSlug ? plays.find((entry) => entry.slug === playSlug) : plays[0];
  const mine = new Map((progress ?? []).map((entry) => [entry.playSlug, entry]));
  const stageOf = (slug: string) => (progress ? (mine.get(slug)?.stage ?? "not-started") : null);
  return {
    section: {
      slug: section.slug,
      title: section.title,
      description: renderDescription(section.description),
      imageUrl: section.imageUrl,
    },
    plays: plays.map((entry) => ({
      slug: entry.slug,
      title: entry.title,
      patch: { status: entry.status, version: entry.statusVersion, note: null, alternative: null, before: null },
      stage: stageOf(entry.slug),
    })),
    play: current
      ? {
          id: current.id,
          slug: current.slug,
          title: current.title,
          description: renderDescription(current.description),
          imageUrl: current.imageUrl,
          video: resolveVideo(current.videoUrl, current.videoProvider),
          runtime: current.runtime,
          tags: current.tags,
          patch: patchView(current, canReadNotes),
          progress: progress
            ? {
                stage: stageOf(current.slug)!,
                resumeFrom: current.videoProvider === "custom" ? resumePoint(mine.get(current.slug)?.position, current.runtime) : null,
              }
            : null,
        }
      : null,
  };
}

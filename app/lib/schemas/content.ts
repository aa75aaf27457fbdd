import { z } from "zod";
import { CONTENT_TYPES, DIFFICULTIES, GAMES, REQUIRED_TIERS, VIDEO_PROVIDERS } from "../../../db/enums.ts";
import type { ContentType, Game } from "../../../db/schema.ts";
import { slugify } from "../slug";
import { MAX_TAG_LENGTH } from "../content";
import { formatCount } from "../format";
import { resolveVideo } from "../video";

// The content form: one schema for the live validation in the browser and for the action. Images
// are not part of it: the action reads the files and checks them by their bytes.

export type Difficulty = (typeof DIFFICULTIES)[number];
export type RequiredTier = (typeof REQUIRED_TIERS)[number];
export type VideoProvider = (typeof VIDEO_PROVIDERS)[number];

export const CONTENT_TYPE_OPTIONS: { value: ContentType; label: string }[] = [
  { value: "meta-scheme", label: "Meta (scheme)" },
  { value: "off-meta-scheme", label: "Off-Meta (scheme)" },
  { value: "lab-sessions", label: "Lab Sessions" },
  { value: "gameplay", label: "Gameplay" },
  { value: "pro-tip", label: "Pro Tip" },
];
export const GAME_OPTIONS: { value: Game; label: string }[] = [
  { value: "college", label: "College Football 26" },
  { value: "madden", label: "Madden NFL 26" },
];
export const DIFFICULTY_OPTIONS: { value: Difficulty; label: string }[] = [
  { value: "beginner", label: "Beginner" },
  { value: "intermediate", label: "Intermediate" },
  { value: "advanced", label: "Advanced" },
];
export const REQUIRED_TIER_OPTIONS: { value: RequiredTier; label: string }[] = [
  { value: "premium", label: "Premium" },
  { value: "free", label: "Free" },
];
export const VIDEO_PROVIDER_OPTIONS: { value: VideoProvider; label: string }[] = [
  { value: "youtube", label: "YouTube" },
  { value: "vimeo", label: "Vimeo" },
  { value: "custom", label: "Custom" },
];

export const CONTENT_DEFAULTS = {
  type: "meta-scheme",
  game: "college",
  difficulty: "beginner",
  requiredTier: "premium",
  videoProvider: "youtube",
  isPublished: true,
} as const;

export const MAX_TITLE_LENGTH = 200;
export const MAX_DESCRIPTION_LENGTH = 20_000;
export const MAX_TAGS = 30;
export { MAX_TAG_LENGTH };
/** The editor's box that staff tick to delete plays members keep in gameplans: the ids of those plays. */
export const CONFIRM_REMOVAL = "confirmRemoval";
export const GAMEPLAN_PLAY_REMOVED = "A play you removed is in members' gameplans, and saving takes it out of them. Tick 'Remove from members' gameplans' to go ahead.";
export const GAMEPLAN_PLAYS_REMOVED = "Plays you removed are in members' gameplans, and saving takes them out of them. Tick 'Remove from members' gameplans' to go ahead.";
export const GAMEPLAN_PLAYS_MOVED = "This item moves to the other game, and a gameplan holds one game's plays: saving takes its plays out of members' gameplans. Tick 'Remove from members' gameplans' to go ahead.";
/** A stored play that members keep in their gameplans, and in how many gameplans. */
export type PlayInGameplans = { id: number; title: string; formation: string; gameplans: number };
export const MAX_FORMATIONS = 30;
export const MAX_PLAYS_PER_FORMATION = 40;
const MAX_URL_LENGTH = 2000;

/** The slug of a title made only of symbols (then -1, -2, ... like any other). */
export const FALLBACK_CONTENT_SLUG = "content";

export const SLUG_TOO_SHORT = "Slug must be at least 3 characters long";
export const FORMATION_TITLE_REQUIRED = "Formation title is required";
export const FORMATION_SLUG_REQUIRED = "Formation slug is required";
export const FORMATION_SLUG_TAKEN = "Another formation of this content already uses this slug";
export const PLAY_TITLE_REQUIRED = "Play title is required";
export const INVALID_URL = "Must be a valid URL";

export function isSchemeContentType(type: string): boolean {
  return type === "meta-scheme" || type === "off-meta-scheme";
}

/** A video link: an http(s) URL, or one of our own files (/media/...). */
export function isVideoUrl(value: string): boolean {
  if (/^\/media\/[^\s]+$/.test(value) && !value.includes("..")) return true;
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && Boolean(url.hostname);
  } catch {
    return false;
  }
}

/** Tags as typed: split on commas, trimmed, empty ones ignored, duplicates dropped. */
export function parseTags(value: string | string[] | null | undefined): string[] {
  const parts = (Array.isArray(value) ? value : [value ?? ""]).flatMap((entry) => entry.split(","));
  const tags: string[] = [];
  for (const part of parts) {
    const tag = part.trim().replace(/\s+/g, " ");
    if (tag && !tags.some((existing) => existing.toLowerCase() === tag.toLowerCase())) tags.push(tag);
  }
  return tags;
}

/** The slug a formation is saved with: the one typed, or else one derived from its title. */
export function formationSlugOf(formation: { title?: string | null; slug?: string | null }): string {
  return slugify(formation.slug ?? "") || slugify(formation.title ?? "");
}

/** Browsers send text area line breaks as CRLF: stored as LF. */
function normalizeText(value: string | undefined): string {
  return (value ?? "").replace(/\r\n?/g, "\n").trim();
}

const optionalText = (max: number, label: string) =>
  z.string().max(max, `${label} must be at most ${formatCount(max)} characters`).optional();

export const VIDEO_MISMATCH = {
  youtube: "This YouTube address names no video. Copy it from the video's Share button.",
  vimeo: "This Vimeo address names no video. Copy it from the video's Share button.",
  custom: "A custom video is a file: an uploaded video (/media/videos/...) or an address ending in .mp4 or .webm.",
  isYoutube: "This is a YouTube address: choose YouTube as the video provider.",
  isVimeo: "This is a Vimeo address: choose Vimeo as the video provider.",
  isFile: "This is a video file: choose Custom as the video provider.",
} as const;

/**
 * Why a play's video address does not fit its provider (null when it does); members would meet a dead
 * player. A provider that is none of ours has its own message ('Choose a video provider from the list'):
 * nothing is said of the address then.
 */
export function videoMismatch(provider: unknown, url: string): string | null {
  if (provider !== undefined && provider !== "" && !(VIDEO_PROVIDERS as readonly unknown[]).includes(provider)) return null;
  const chosen = provider === "vimeo" || provider === "custom" ? provider : "youtube";
  // Which kind of address this is, whatever was chosen (resolveVideo read for Vimeo skips YouTube).
  const source = resolveVideo(url);
  if (!source) return null; // Not a URL at all: the field's own 'Must be a valid URL'.
  const kind = source.kind === "link" ? null : source.kind === "file" ? "custom" : source.kind;
  if (kind === chosen) return null;
  if (kind === null) return VIDEO_MISMATCH[chosen];
  return kind === "youtube" ? VIDEO_MISMATCH.isYoutube : kind === "vimeo" ? VIDEO_MISMATCH.isVimeo : VIDEO_MISMATCH.isFile;
}

const videoUrlField = z
  .string()
  .trim()
  .max(MAX_URL_LENGTH, INVALID_URL)
  .refine(isVideoUrl, INVALID_URL)
  .optional();

/**
 * An image already stored for this item, kept when no new file is chosen. Only our own media URLs
 * of that folder are kept; anything else sent in the hidden field is dropped.
 */
const storedImageField = (folder: "formationart" | "playart") =>
  z
    .string()
    .optional()
    .transform((value) => (value && value.length <= 500 && value.startsWith(`/media/${folder}/`) && !value.includes("..") ? value : undefined));

/** Tags typed as a comma-separated list (content and plays). */
const tagsField = () =>
  z
    .string()
    .max(MAX_TAGS * (MAX_TAG_LENGTH + 2), "Too many tags")
    .optional()
    .transform((value) => parseTags(value))
    .refine((tags) => tags.length <= MAX_TAGS, `At most ${MAX_TAGS} tags`)
    .refine((tags) => tags.every((tag) => tag.length <= MAX_TAG_LENGTH), `A tag must be at most ${MAX_TAG_LENGTH} characters`)
    // The play finder lists a tag by its words: a tag of symbols only could never be found.
    .refine((tags) => tags.every((tag) => /[\p{L}\p{N}]/u.test(tag)), "A tag needs a letter or a digit");

// Formation and play fields are checked only for scheme types (below): the editor is hidden, and its
// data ignored, for the other types.
const playSchema = z.object({
  title: optionalText(MAX_TITLE_LENGTH, "Play title"),
  description: optionalText(MAX_DESCRIPTION_LENGTH, "Play description"),
  videoProvider: z.enum(VIDEO_PROVIDERS, { error: "Choose a video provider from the list" }).default("youtube"),
  videoUrl: videoUrlField,
  tags: tagsField(),
  imageUrl: storedImageField("playart"),
  // Kept from the stored play so that its address and runtime survive an edit.
  slug: z.string().max(200).optional(),
  runtime: z.string().max(20).optional(),
});

const formationSchema = z.object({
  // The stored formation's id: a new slug renames it rather than replacing it and its plays.
  id: z.coerce.number().int().positive().max(2 ** 53).optional().catch(undefined),
  title: optionalText(MAX_TITLE_LENGTH, "Formation title"),
  slug: z.string().max(200, "Formation slug must be at most 200 characters").optional(),
  description: optionalText(MAX_DESCRIPTION_LENGTH, "Formation description"),
  imageUrl: storedImageField("formationart"),
  plays: z.array(playSchema).max(MAX_PLAYS_PER_FORMATION, `At most ${MAX_PLAYS_PER_FORMATION} plays per formation`).default([]),
});

export const contentFormSchema = z
  .object({
    title: z
      .string({ error: "Title is required" })
      .trim()
      .min(1, "Title is required")
      .max(MAX_TITLE_LENGTH, `Title must be at most ${MAX_TITLE_LENGTH} characters`),
    type: z.enum(CONTENT_TYPES, { error: "Choose a content type from the list" }),
    description: optionalText(MAX_DESCRIPTION_LENGTH, "Description"),
    videoUrl: videoUrlField,
    game: z.enum(GAMES, { error: "Choose a game from the list" }),
    difficulty: z.enum(DIFFICULTIES, { error: "Choose a difficulty from the list" }),
    requiredTier: z.enum(REQUIRED_TIERS, { error: "Choose a required tier from the list" }),
    tags: tagsField(),
    isPublished: z.boolean().optional(),
    formations: z.array(formationSchema).max(MAX_FORMATIONS, `At most ${MAX_FORMATIONS} formations`).default([]),
  })
  .superRefine(
    (value, context) => {
      // Runs even when other fields failed, so that every message shows at once: read defensively.
      if (typeof value.type !== "string" || !isSchemeContentType(value.type) || !Array.isArray(value.formations)) return;
      const seen = new Set<string>();
      value.formations.forEach((formation, index) => {
        if (!formation || typeof formation !== "object") return;
        const title = typeof formation.title === "string" ? formation.title.trim() : "";
        if (!title) context.addIssue({ code: "custom", path: ["formations", index, "title"], message: FORMATION_TITLE_REQUIRED });
        const slug = formationSlugOf({
          title,
          slug: typeof formation.slug === "string" ? formation.slug : "",
        });
        if (!slug) {
          if (title || formation.slug) context.addIssue({ code: "custom", path: ["formations", index, "slug"], message: FORMATION_SLUG_REQUIRED });
        } else if (seen.has(slug)) {
          context.addIssue({ code: "custom", path: ["formations", index, "slug"], message: FORMATION_SLUG_TAKEN });
        }
        if (slug) seen.add(slug);
        if (!Array.isArray(formation.plays)) return;
        formation.plays.forEach((play, playIndex) => {
          if (!play || typeof play !== "object") return;
          if (!(typeof play.title === "string" && play.title.trim())) {
            context.addIssue({ code: "custom", path: ["formations", index, "plays", playIndex, "title"], message: PLAY_TITLE_REQUIRED });
          }
          // A link the player cannot play would reach members as a dead player: say so to staff.
          const mismatch = typeof play.videoUrl === "string" && play.videoUrl.trim() ? videoMismatch(play.videoProvider, play.videoUrl) : null;
          if (mismatch) context.addIssue({ code: "custom", path: ["formations", index, "plays", playIndex, "videoUrl"], message: mismatch });
        });
      });
    },
    { when: () => true },
  )
  .transform((value) => {
    const scheme = isSchemeContentType(value.type);
    return {
      title: value.title,
      type: value.type,
      description: normalizeText(value.description),
      videoUrl: value.videoUrl || null,
      game: value.game,
      difficulty: value.difficulty,
      requiredTier: value.requiredTier,
      tags: value.tags,
      isPublished: value.isPublished ?? false,
      // A non-scheme type saves no formations, whatever the form sent.
      formations: scheme
        ? value.formations.map((formation) => ({
            id: formation.id ?? null,
            title: formation.title!.trim(),
            slug: formationSlugOf(formation),
            description: normalizeText(formation.description) || null,
            imageUrl: formation.imageUrl ?? null,
            plays: withUniquePlaySlugs(formation.plays),
          }))
        : [],
    };
  });

function withUniquePlaySlugs(plays: z.output<typeof playSchema>[]) {
  // A stored play (it carries its slug) keeps it wherever it now sits: a new play of the same name,
  // even placed above it, takes the next free one, and never the stored play's identity (its id,
  // status, members' progress and gameplans are found by this slug).
  const used = new Set<string>();
  const take = (base: string) => {
    let slug = base;
    for (let suffix = 1; used.has(slug); suffix += 1) slug = `${base}-${suffix}`;
    used.add(slug);
    return slug;
  };
  const stored = plays.map((play) => (slugify(play.slug ?? "") ? take(slugify(play.slug ?? "")) : null));
  return plays.map((play, index) => {
    const title = play.title!.trim();
    const slug = stored[index] ?? take(slugify(title) || `play-${index + 1}`);
    return {
      title,
      slug,
      description: normalizeText(play.description) || null,
      imageUrl: play.imageUrl ?? null,
      videoProvider: play.videoProvider,
      videoUrl: play.videoUrl || null,
      runtime: play.runtime?.trim() || null,
      tags: play.tags,
    };
  });
}

export type ContentFormInput = z.input<typeof contentFormSchema>;
export type ContentFormValue = z.output<typeof contentFormSchema>;
export type FormationValue = ContentFormValue["formations"][number];
export type PlayValue = FormationValue["plays"][number];

/** What 'Add Formation' and 'Add Play' insert (and what a scheme type starts with). */
export const EMPTY_PLAY = { title: "", description: "", videoProvider: "youtube", videoUrl: "" } as const;
export const EMPTY_FORMATION = { title: "", slug: "", description: "", plays: [EMPTY_PLAY] };

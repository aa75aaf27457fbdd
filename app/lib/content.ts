import type { ContentType, Game, PatchStatus } from "../../db/schema.ts";

/** A tag's longest form: the editor refuses longer ones, and a search by tag takes every stored one. */
export const MAX_TAG_LENGTH = 50;

export const CONTENT_TYPE_LABELS: Record<ContentType, string> = {
  "meta-scheme": "Meta",
  "off-meta-scheme": "Off-Meta",
  "pro-tip": "Pro Tip",
  gameplay: "Gameplay",
  "lab-sessions": "Lab Sessions",
};

/** What one item of a type is called in a sentence ('Unlock this lab session'). */
export const CONTENT_TYPE_NOUNS: Record<ContentType, string> = {
  "meta-scheme": "scheme",
  "off-meta-scheme": "scheme",
  "pro-tip": "pro tip",
  gameplay: "gameplay video",
  "lab-sessions": "lab session",
};

/** Badge colours per type: meta green, off-meta purple, tip orange, gameplay blue, lab sessions pink. */
export const CONTENT_TYPE_BADGES: Record<ContentType, string> = {
  "meta-scheme": "bg-emerald-500 text-emerald-950",
  "off-meta-scheme": "bg-purple-400 text-purple-950",
  "pro-tip": "bg-orange-500 text-orange-950",
  gameplay: "bg-sky-500 text-sky-950",
  "lab-sessions": "bg-pink-400 text-pink-950",
};

export const SCHEME_TYPES: readonly ContentType[] = ["meta-scheme", "off-meta-scheme"];

export function isSchemeType(type: ContentType) {
  return SCHEME_TYPES.includes(type);
}

export const GAME_PATHS: Record<Game, string> = { college: "/college", madden: "/madden" };

/** What a card shows; nothing premium. */
import type { SchemeProgress } from "./progress";

export type ContentCardData = {
  slug: string;
  title: string;
  description: string;
  type: ContentType;
  game: Game;
  thumbnailUrl: string | null;
  requiredTier: "free" | "premium";
  createdAt: number;
  locked: boolean;
  /** Where it stands against its game's current title update (the badge is public). */
  patch: PatchBadgeData;
  /** The signed-in member's bar for a scheme they started (the install tracker). */
  progress?: SchemeProgress | null;
};

export type PatchBadgeData = { status: PatchStatus; version: string | null };

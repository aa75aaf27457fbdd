// The play finder's request as the URL states it (/search?q=...&game=...&type=...&difficulty=...&tag=...&page=...),
// read the same way on the server and in the browser, and how a snippet's marked words are carried.
import { CONTENT_TYPES, DIFFICULTIES, GAMES, SEARCH_KINDS } from "../../db/enums.ts";
import type { ContentType, Game, PatchStatus } from "../../db/schema.ts";
import { MAX_TAG_LENGTH } from "./content.ts";

type Difficulty = (typeof DIFFICULTIES)[number];

/** Queries are cut here (the page says so). */
export const MAX_QUERY_LENGTH = 200;
/** Words beyond this many are ignored. */
export const MAX_QUERY_WORDS = 12;
export const SEARCH_PAGE_SIZE = 12;

export type SearchFilters = {
  game: Game | null;
  type: ContentType | null;
  difficulty: Difficulty | null;
  tag: string | null;
  /** 'Works on current update': only items and plays verified (or adjusted) on their game's current update. */
  works?: boolean;
};
export const FILTER_NAMES = ["game", "type", "difficulty", "tag"] as const;

/** Whether filters other than the tag narrow a search (the tag alone lists what carries it). */
export function narrowsBeyondTag(filters: SearchFilters): boolean {
  return Boolean(filters.game || filters.type || filters.difficulty || filters.works);
}
export type FilterName = (typeof FILTER_NAMES)[number];

export type SearchRequest = {
  /** The query as typed (cut at MAX_QUERY_LENGTH). */
  text: string;
  truncated: boolean;
  /** The query has more than MAX_QUERY_WORDS words: the rest were not searched for. */
  wordsCut: boolean;
  /** The words searched for: letters and digits, lower case, as the index's tokenizer splits them. */
  words: string[];
  filters: SearchFilters;
  page: number;
};

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

/** Letters and digits of any script; everything else (quotes, `*`, `-`, parentheses, emoji) separates words. */
export function wordsOf(text: string): string[] {
  return allWordsOf(text).slice(0, MAX_QUERY_WORDS);
}

function allWordsOf(text: string): string[] {
  return text.normalize("NFKC").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Words a player puts before what they face ('beat cover 3', 'plays against the blitz'). */
const FACING_WORDS = new Set(["beat", "beats", "beating", "against", "versus", "counter", "counters"]);

/**
 * A player asks for a play that beats something in their own words; the library's situation tags
 * say 'vs cover 3'. 'beat', 'against', 'versus' and 'counter' before another word are read as
 * 'vs' where the index is searched (the words shown, corrected and suggested stay as typed), so
 * 'beat cover 3' finds what 'vs cover 3' finds rather than defences whose write-ups say what can
 * beat them. Last in the query they stay (a title being typed: 'Blitz Beat...').
 */
export function facingAsVs(words: string[]): string[] {
  return words.map((word, index) => (index < words.length - 1 && FACING_WORDS.has(word) ? "vs" : word));
}

export function parseSearchParams(params: URLSearchParams): SearchRequest {
  // Control characters (a NUL typed into the address) are nothing anyone searches for: read as spaces.
  const raw = (params.get("q") ?? "").replace(/[\s\p{Cc}]+/gu, " ").trim();
  const truncated = raw.length > MAX_QUERY_LENGTH;
  const text = truncated ? raw.slice(0, MAX_QUERY_LENGTH) : raw;
  const tag = (params.get("tag") ?? "").replace(/[\s\p{Cc}]+/gu, " ").trim();
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    text,
    truncated,
    wordsCut: allWordsOf(text).length > MAX_QUERY_WORDS,
    words: wordsOf(text),
    filters: {
      game: oneOf(GAMES, params.get("game")),
      type: oneOf(CONTENT_TYPES, params.get("type")),
      difficulty: oneOf(DIFFICULTIES, params.get("difficulty")),
      tag: tag && tag.length <= MAX_TAG_LENGTH ? tag : null,
      works: params.get("works") === "current",
    },
    page: Number.isFinite(page) && page > 0 ? Math.min(page, 10_000) : 1,
  };
}

/** The URL of a search: the query and filters given, and a page when it is not the first. */
export function searchHref(text: string, filters: SearchFilters, page = 1): string {
  const params = new URLSearchParams();
  if (text) params.set("q", text);
  for (const name of FILTER_NAMES) {
    const value = filters[name];
    if (value) params.set(name, value);
  }
  if (filters.works) params.set("works", "current");
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return `/search${query ? `?${query}` : ""}`;
}

/** Marks in a snippet: the index wraps each matched word in these two characters. */
export const MARK_START = "\u0001";
export const MARK_END = "\u0002";

/** A snippet as plain runs of text, every other one matched: ["before ", "word", " after"]. */
export function snippetParts(snippet: string): { text: string; marked: boolean }[] {
  const parts: { text: string; marked: boolean }[] = [];
  let rest = snippet;
  while (rest) {
    const start = rest.indexOf(MARK_START);
    if (start === -1) {
      parts.push({ text: rest, marked: false });
      break;
    }
    if (start > 0) parts.push({ text: rest.slice(0, start), marked: false });
    const end = rest.indexOf(MARK_END, start + 1);
    const stop = end === -1 ? rest.length : end;
    parts.push({ text: rest.slice(start + 1, stop), marked: true });
    rest = end === -1 ? "" : rest.slice(end + 1);
  }
  return parts.filter((part) => part.text);
}

export type SearchKind = (typeof SEARCH_KINDS)[number];

export type SearchResultView = {
  id: string;
  kind: SearchKind;
  title: string;
  href: string;
  game: Game | null;
  type: ContentType | null;
  /** Where it sits: the scheme, then the formation. */
  place: string[];
  snippet: { text: string; marked: boolean }[];
  draft: boolean;
  premium: boolean;
  /** The patch tracker's badge (not for blog posts; a formation shows its scheme's). */
  patch: { status: PatchStatus; version: string | null } | null;
};


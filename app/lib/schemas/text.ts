import { z } from "zod";

/** C0 and C1 control characters, line breaks and tabs included. */
const CONTROLS = /[\u0000-\u001F\u007F-\u009F]+/g;
/**
 * Bidirectional embeddings, overrides and isolates (they reverse how the text after them reads,
 * so a name can pose as another) and zero-width spaces. Joiners stay: emoji sequences and some
 * scripts need them.
 */
const INVISIBLE = /[\u202A-\u202E\u2066-\u2069\u200B\u2060\uFEFF]/g;
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

/** One line as people read it: controls become a space, invisible formatting goes, ends trimmed. */
export function cleanLine(value: string) {
  return value.replace(CONTROLS, " ").replace(INVISIBLE, "").trim();
}

/** Control characters other than tabs and line breaks: nobody types them, and feeds cannot carry them. */
const CONTROLS_IN_BLOCK = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]+/g;

/** Text of several lines (a comment): invisible formatting and stray controls go, line breaks stay, ends trimmed. */
export function cleanBlock(value: string) {
  return value.replace(/\r\n?/g, "\n").replace(CONTROLS_IN_BLOCK, "").replace(INVISIBLE, "").trim();
}

/** Letters and symbols that draw nothing (the Braille blank, Hangul fillers, Khmer and Mongolian blanks). */
const BLANK_LOOKING = /[\u2800\u3164\uFFA0\u115F\u1160\u17B4\u17B5\u180E]/g;

export function hasVisibleCharacter(value: string) {
  return VISIBLE.test(value.replace(BLANK_LOOKING, ""));
}

/**
 * A one-line field shown to other people (names, a subject): cleaned as above, and empty unless
 * something visible is left, so a name of only invisible characters is refused like a blank one.
 */
export function lineField(messages: { required: string; tooLong: string }, max: number) {
  return z
    .string({ error: messages.required })
    .overwrite(cleanLine)
    .refine(hasVisibleCharacter, messages.required)
    .max(max, messages.tooLong);
}

/**
 * A text of several lines read by someone else (a tip, a message): cleaned as cleanBlock, and empty
 * unless something visible is left. Callers add their own length rules.
 */
export function blockField(required: string) {
  return z.string({ error: required }).overwrite(cleanBlock).refine(hasVisibleCharacter, required);
}

/** The same cleaning for a one-line field that may stay empty. */
export function optionalLineField(tooLong: string, max: number) {
  return z.string().overwrite(cleanLine).max(max, tooLong).optional();
}

import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";

// What a posted form may look like before conform reads it. Conform builds a list of N + 1 entries
// for a field named `x[N]` (or `x.N` once `x` is a list), carries out the list change a form's
// `__intent__` asks for (an index inside it too), and a refused form is sent back whole: one small
// field once made the server build millions of empty entries and run out of memory, and many small
// ones made an answer 65 times the size of the request. Our own forms stay far inside these limits
// (the content editor: 30 formations of 40 plays at most).

/** The largest list index of any form of this site. */
export const MAX_FORM_INDEX = 99;
/** Lists inside lists, at most (formations[i].plays[j]). */
const MAX_LIST_DEPTH = 2;
/** The entries all of a form's lists may hold together (the editor's largest form: 30 + 30 x 40). */
const MAX_LIST_ENTRIES = 2000;
/**
 * Fields a form may send: the content editor's largest form sends about 11,000 (30 formations of
 * 40 plays, 9 fields a play). Conform's reading costs a few microseconds a field, but it gathers a
 * repeated name's values by copying them into a new list at each repeat: 45,000 repeats of one name
 * (180 KB) held the Worker for 28 s. Our forms repeat a name at most a few hundred times (the
 * re-test queue's 200 items).
 */
const MAX_FORM_FIELDS = 20_000;
const MAX_NAME_REPEATS = 1_000;
const INTENT = "__intent__";
const STATE = "__state__";
const INTENT_TYPES = new Set(["validate", "update", "reset", "insert", "remove", "reorder"]);

/** Conform's reading of a field name: its keys and list indexes (a key of digits counts as an index). */
function segmentsOf(name: string): (string | number)[] | null {
  const segments: (string | number)[] = [];
  let end = 0;
  for (const match of name.matchAll(/([^.[\]]+)|\[(\d*)\]/g)) {
    if (match.index !== end && !(match.index === end + 1 && name[end] === ".")) return null;
    const [, key, index] = match;
    const value = key ?? index;
    segments.push(/^\d+$/.test(value) ? (value.length > 3 ? Infinity : Number(value)) : value);
    end = match.index + match[0].length;
  }
  return end === name.length ? segments : null;
}

/** Adds a field's lists to `lists` (each list's path and its entries); false when a limit is passed. */
function addLists(name: string, lists: Map<string, number>): boolean {
  const segments = segmentsOf(name);
  if (!segments) return true; // conform skips a name it cannot read
  let path = "";
  let depth = 0;
  for (const segment of segments) {
    if (typeof segment === "number") {
      depth += 1;
      if (segment > MAX_FORM_INDEX || depth > MAX_LIST_DEPTH) return false;
      lists.set(path, Math.max(lists.get(path) ?? 0, segment + 1));
    }
    path += `/${segment}`;
  }
  return true;
}

/** A list change a form may ask for: a known kind, on a name and at indexes within the limits. */
function isIntentAllowed(value: string, lists: Map<string, number>): boolean {
  let intent: unknown;
  try {
    intent = JSON.parse(value);
  } catch {
    return false;
  }
  if (typeof intent !== "object" || intent === null || !INTENT_TYPES.has((intent as { type?: unknown }).type as string)) return false;
  const payload = (intent as { payload?: unknown }).payload ?? {};
  if (typeof payload !== "object" || payload === null) return false;
  const { name, index, from, to } = payload as Record<string, unknown>;
  if (name !== undefined && (typeof name !== "string" || !addLists(`${name}[0]`, lists))) return false;
  return [index, from, to].every((number) => number === undefined || (Number.isInteger(number) && (number as number) >= 0 && (number as number) <= MAX_FORM_INDEX));
}

/** Whether conform may read this form: every limit above kept, and its reading does not fail. */
export function isFormShapeAllowed(form: FormData): boolean {
  const lists = new Map<string, number>();
  const repeats = new Map<string, number>();
  let fields = 0;
  for (const [name, value] of form) {
    const seen = (repeats.get(name) ?? 0) + 1;
    if (++fields > MAX_FORM_FIELDS || seen > MAX_NAME_REPEATS) return false;
    repeats.set(name, seen);
    if (name === INTENT || name === STATE) {
      if (typeof value !== "string" || (name === INTENT && !isIntentAllowed(value, lists))) return false;
    } else if (!addLists(name, lists)) {
      return false;
    }
  }
  let entries = 0;
  for (const size of lists.values()) entries += size;
  if (entries > MAX_LIST_ENTRIES) return false;
  // What is left for conform to refuse (a list change on a field that is not a list, a state that is
  // not JSON) throws as it reads the form: here, once, rather than as a 500 in the page's action.
  try {
    parseWithZod(form, { schema: z.unknown() });
    return true;
  } catch {
    return false;
  }
}

/**
 * A form as a browser sends it, with one value for every name but the ones that are lists
 * (`isList`), and the names that came more than once. A forged repeat of a single field would
 * otherwise come back to the page as a list where the form draws text.
 */
export function withSingleValues(formData: FormData, isList: (name: string) => boolean): { formData: FormData; repeated: string[] } {
  const single = new FormData();
  const repeated = new Set<string>();
  for (const [name, value] of formData) {
    if (!isList(name) && single.has(name)) {
      repeated.add(name);
      continue;
    }
    single.append(name, value);
  }
  return { formData: repeated.size ? single : formData, repeated: [...repeated] };
}

import { z } from "zod";
import { GAMES, PATCH_STATUSES, STATUS_ITEM_KINDS } from "../../../db/enums.ts";
import { isCalendarDay } from "../format.ts";
import { isSitePath } from "../html.ts";
import { isoDay, STATUS_NOTE_MAX, UPDATE_MAX_DAYS_AHEAD, UPDATE_SUMMARY_MAX, UPDATE_VERSION_MAX } from "../patch.ts";

// The patch tracker's forms: a title update (dashboard 'Updates' tab), an item's status (content
// editor and re-test queue) and the queue's 'Mark verified'. The same schemas validate in the
// browser and in the actions.

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => value || null);

/** A link to what to use instead of a nerfed play: a page of this site (/content/...) or an http(s) address. */
export const alternativeLinkField = z
  .string()
  .trim()
  .max(300, "The link can be at most 300 characters.")
  .refine((value) => value === "" || (isSitePath(value) && !/\s/.test(value)) || /^https?:\/\/\S+$/.test(value), "Use a page of this site (starting with /) or a full https:// address.")
  .optional()
  .transform((value) => value || null);

export const titleUpdateSchema = z.object({
  intent: z.literal("save-update"),
  updateId: z.coerce.number().int().positive().optional(),
  game: z.enum(GAMES, { error: "Choose College Football 26 or Madden NFL 26." }),
  version: z
    .string({ error: "Version is required." })
    .trim()
    .min(1, "Version is required.")
    .max(UPDATE_VERSION_MAX, `Version can be at most ${UPDATE_VERSION_MAX} characters.`),
  releasedOn: z
    .string({ error: "Release date is required." })
    .refine(isCalendarDay, "Use a date like 2026-11-18.")
    .refine((value) => value >= "2025-01-01", "The release date is before the game came out.")
    .refine((value) => value <= isoDay(Date.now(), UPDATE_MAX_DAYS_AHEAD), `The release date can be at most ${UPDATE_MAX_DAYS_AHEAD} days ahead.`),
  notesUrl: z
    .string()
    .trim()
    .max(500, "The link can be at most 500 characters.")
    .refine((value) => value === "" || /^https?:\/\/\S+$/.test(value), "Use a full https:// address.")
    .optional()
    .transform((value) => value || null),
  summary: z
    .string()
    .trim()
    .max(UPDATE_SUMMARY_MAX, `The summary can be at most ${UPDATE_SUMMARY_MAX.toLocaleString("en-US")} characters.`)
    .optional()
    .transform((value) => value ?? ""),
  // A checkbox: ticked ('on'), or not sent at all. Anything else was not typed into this form.
  gameplay: z
    .string()
    .optional()
    .refine((value) => value === undefined || value === "" || value === "on" || value === "true", "Touches gameplay is either ticked or not.")
    .transform((value) => value === "on" || value === "true"),
});
export type TitleUpdateValue = z.output<typeof titleUpdateSchema>;

export const statusChangeSchema = z.object({
  intent: z.literal("set-status"),
  itemKind: z.enum(STATUS_ITEM_KINDS, { error: "Unknown item." }),
  itemId: z.coerce.number({ error: "Unknown item." }).int("Unknown item.").positive("Unknown item."),
  status: z.enum(PATCH_STATUSES, { error: "Choose Verified, Needs re-test, Works with adjustment or Nerfed." }),
  note: optionalText(STATUS_NOTE_MAX, `The note can be at most ${STATUS_NOTE_MAX} characters.`),
  alternative: alternativeLinkField,
  // The status's last change when the form was opened (item-status.server.ts setItemStatus).
  revision: z.coerce.number().int().nonnegative().optional().catch(undefined),
  // The game's newest gameplay update when the form was opened (0 for none).
  basis: z.coerce.number().int().nonnegative().optional().catch(undefined),
});
export type StatusChangeValue = z.output<typeof statusChangeSchema>;

/** 'content:12' or 'play:34'. */
export const queueItemField = z.string().regex(/^(content|play):[1-9]\d{0,9}$/, "Unknown item.");

export const markVerifiedSchema = z.object({
  intent: z.literal("mark-verified"),
  items: z.array(queueItemField, { error: "Select at least one item." }).min(1, "Select at least one item.").max(200, "Select at most 200 items at a time."),
});

/** The queue's 'Verified with its plays' on a scheme's row. */
export const markSchemeVerifiedSchema = z.object({
  intent: z.literal("mark-scheme-verified"),
  contentId: z.coerce.number({ error: "Unknown item." }).int("Unknown item.").positive("Unknown item."),
});

export function parseQueueItem(value: string): { kind: "content" | "play"; id: number } {
  const [kind, id] = value.split(":");
  return { kind: kind as "content" | "play", id: Number(id) };
}

import { z } from "zod";
import { GAMEPLAN_SITUATIONS, GAMES } from "../../../db/enums.ts";
import { GAMEPLAN_NAME_MAX, GAMEPLAN_NOTE_MAX } from "../gameplans.ts";
import { lineField } from "./text.ts";

// The gameplans' forms: a new gameplan and its name (/gameplans and the gameplan page), 'Add to
// gameplan' (the play page), a play's note and its moves (the gameplan page). The same schemas
// validate in the browser and in the actions.

const SITUATION_ERROR = "Choose a situation from the list.";
const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(2 ** 31, message);

export const gameplanNameField = lineField({ required: "Name is required.", tooLong: `The name can be at most ${GAMEPLAN_NAME_MAX} characters.` }, GAMEPLAN_NAME_MAX);

export const situationField = z.enum(GAMEPLAN_SITUATIONS, { error: SITUATION_ERROR });

export const createGameplanSchema = z.object({
  intent: z.literal("create"),
  name: gameplanNameField,
  game: z.enum(GAMES, { error: "Choose College Football 26 or Madden NFL 26." }),
});

export const renameGameplanSchema = z.object({
  intent: z.literal("rename"),
  name: gameplanNameField,
});

export const addToGameplanSchema = z.object({
  gameplanId: id("Choose one of your gameplans."),
  situation: situationField,
  playId: id("Play not found."),
});

export const entryNoteSchema = z.object({
  intent: z.literal("note"),
  entryId: id("That play is not in this gameplan."),
  note: z
    .string()
    .trim()
    .max(GAMEPLAN_NOTE_MAX, `The note can be at most ${GAMEPLAN_NOTE_MAX} characters.`)
    .optional()
    .transform((value) => value || null),
});

/** 'Move up' / 'Move down', a drop (JavaScript) or 'Move to' (a situation, at its end unless an index is given), 'Remove'. */
export const entryMoveSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("move"), entryId: id("That play is not in this gameplan."), direction: z.enum(["up", "down"], { error: "Choose up or down." }) }),
  z.object({
    intent: z.literal("place"),
    entryId: id("That play is not in this gameplan."),
    situation: situationField,
    index: z.coerce.number({ error: "Choose a place." }).int("Choose a place.").min(0, "Choose a place.").max(1000, "Choose a place.").optional(),
  }),
  z.object({ intent: z.literal("remove"), entryId: id("That play is not in this gameplan.") }),
]);

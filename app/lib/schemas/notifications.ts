import { z } from "zod";
import { GAMES } from "../../../db/enums.ts";

const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on");

/** Account Settings, 'Notifications' card: a checkbox that is not sent is off. */
export const notificationPreferencesSchema = z.object({
  intent: z.literal("notifications"),
  notifyDigest: checkbox,
  notifyInSite: checkbox,
  followGames: z
    .array(z.enum(GAMES, { error: "Choose College Football 26 or Madden NFL 26." }))
    .optional()
    .transform((games) => [...new Set(games ?? [])]),
});

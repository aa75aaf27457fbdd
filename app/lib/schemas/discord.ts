import { z } from "zod";

/** The Discord card's two buttons (Account Settings): one form each, told apart by intent. */
export const discordAccountSchema = z.object({
  intent: z.enum(["connect-discord", "disconnect-discord"], { error: "Unknown action." }),
});

/** 'Sync now' in the staff's user details dialog. */
export const discordSyncSchema = z.object({
  userId: z.string().trim().min(1, "Choose a user.").max(100),
});

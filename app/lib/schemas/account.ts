import { z } from "zod";

/** What a member types to confirm that they want their account deleted. */
export const DELETE_CONFIRMATION = "DELETE";

/** Account Settings, 'Delete account' (and the same check on the server). */
export const deleteAccountSchema = z.object({
  intent: z.literal("delete-account"),
  // Required on the server for accounts with a password; OAuth-only accounts need a fresh sign-in instead.
  password: z.string().max(256).optional(),
  confirmation: z
    .string({ error: `Type ${DELETE_CONFIRMATION} to confirm` })
    .trim()
    .refine((value) => value === DELETE_CONFIRMATION, `Type ${DELETE_CONFIRMATION} to confirm`),
});

/** The same for this account: with a password, it is asked for with the confirmation (both errors at once). */
export function deleteAccountSchemaFor(hasPassword: boolean) {
  return hasPassword ? deleteAccountSchema.extend({ password: z.string({ error: "Enter your password" }).max(256) }) : deleteAccountSchema;
}

/** The superadmin's 'Delete account' in the user details dialog. */
export const staffDeleteUserSchema = z.object({
  intent: z.literal("delete-user"),
  userId: z.string().min(1).max(64),
  confirmation: z
    .string({ error: `Type ${DELETE_CONFIRMATION} to confirm` })
    .trim()
    .refine((value) => value === DELETE_CONFIRMATION, `Type ${DELETE_CONFIRMATION} to confirm`),
});

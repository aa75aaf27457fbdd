import { z } from "zod";
import { cleanBlock, hasVisibleCharacter } from "./schemas/text.ts";

export const MAX_COMMENT_LENGTH = 2000;

export type CommentView = {
  id: number;
  comment: string;
  authorName: string;
  createdAt: number;
  edited: boolean;
  canEdit: boolean;
};

/**
 * Which page of comments is shown: the total, and the search part of the URL (`?comments=...`) of
 * this page and of the pages just before and after it. "" is the newest page; null, no such page.
 */
export type CommentPaging = { total: number; current: string; earlier: string | null; newer: string | null };

/** Who may post on this page, as the page tells the comment box. */
export type CommentPermission = "allowed" | "login" | "premium";

export const commentTextField = z
  .string({ error: "Comment cannot be empty." })
  .overwrite(cleanBlock)
  // Spaces and zero-width characters alone make an empty card: refused as empty.
  .refine(hasVisibleCharacter, "Comment cannot be empty.")
  .max(MAX_COMMENT_LENGTH, `Comments can be at most ${MAX_COMMENT_LENGTH} characters.`);

/** Only a forged form gets these (the page's forms send a comment's own id and one of the three intents). */
const FORGED_FORM = "This form was not sent as its page sends it. Go back and send the form from its page.";
const commentIdField = z.coerce.number({ error: FORGED_FORM }).int({ error: FORGED_FORM }).positive({ error: FORGED_FORM }).max(Number.MAX_SAFE_INTEGER, { error: FORGED_FORM });

export const commentActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("create-comment"), comment: commentTextField }),
    z.object({ intent: z.literal("update-comment"), commentId: commentIdField, comment: commentTextField }),
    z.object({ intent: z.literal("delete-comment"), commentId: commentIdField }),
  ],
  { error: FORGED_FORM },
);

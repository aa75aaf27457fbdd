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

export const commentActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create-comment"), comment: commentTextField }),
  z.object({ intent: z.literal("update-comment"), commentId: z.coerce.number().int().positive(), comment: commentTextField }),
  z.object({ intent: z.literal("delete-comment"), commentId: z.coerce.number().int().positive() }),
]);

import { and, asc, eq, inArray } from "drizzle-orm";
import { blogPosts, comments, content, type User } from "../../db/schema.ts";
import { isStaff } from "../lib/access.ts";
import { commentActionSchema, type CommentView } from "../lib/comments.ts";
import { type Database, reusableSelect } from "./db.server.ts";

export type CommentTarget = { type: "content"; slug: string } | { type: "blog"; slug: string };

const MAX_COMMENTS_SHOWN = 500;

const commentColumns = {
  id: comments.id,
  userId: comments.userId,
  comment: comments.comment,
  authorName: comments.authorName,
  createdAt: comments.createdAt,
  updatedAt: comments.updatedAt,
};

/** The comments of a content item or blog post, oldest first (one statement, keyed by slug). */
export function commentsQuery(db: Database, target: CommentTarget) {
  return target.type === "content" ? contentCommentsQuery(db, target.slug) : blogCommentsQuery(db, target.slug);
}

const contentCommentsQuery = reusableSelect((db: Database, slug: string) => {
  const ids = db.select({ id: content.id }).from(content).where(eq(content.slug, slug));
  return db.select(commentColumns).from(comments).where(inArray(comments.contentId, ids)).orderBy(asc(comments.createdAt), asc(comments.id)).limit(MAX_COMMENTS_SHOWN);
});

const blogCommentsQuery = reusableSelect((db: Database, slug: string) => {
  const ids = db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, slug));
  return db.select(commentColumns).from(comments).where(inArray(comments.blogPostId, ids)).orderBy(asc(comments.createdAt), asc(comments.id)).limit(MAX_COMMENTS_SHOWN);
});

type CommentRow = { id: number; userId: string; comment: string; authorName: string; createdAt: Date; updatedAt: Date };

export function toCommentViews(rows: CommentRow[], viewer: User | null): CommentView[] {
  return rows.map((row) => ({
    id: row.id,
    comment: row.comment,
    authorName: row.authorName,
    createdAt: row.createdAt.getTime(),
    edited: row.updatedAt.getTime() - row.createdAt.getTime() > 1000,
    canEdit: Boolean(viewer && (viewer.id === row.userId || isStaff(viewer))),
  }));
}

/** Author name as the spec says: first name, else e-mail, else 'User'. */
export function commentAuthorName(user: Pick<User, "firstName" | "email">) {
  return user.firstName?.trim() || user.email || "User";
}

export async function findComment(db: Database, id: number) {
  return db.query.comments.findFirst({ where: eq(comments.id, id) });
}

export async function insertComment(db: Database, user: User, target: { contentId: number } | { blogPostId: number }, text: string) {
  await db.insert(comments).values({
    userId: user.id,
    contentType: "contentId" in target ? "content" : "blog",
    contentId: "contentId" in target ? target.contentId : null,
    blogPostId: "blogPostId" in target ? target.blogPostId : null,
    comment: text,
    authorName: commentAuthorName(user),
  });
}

export async function updateComment(db: Database, id: number, text: string) {
  await db.update(comments).set({ comment: text, updatedAt: new Date() }).where(eq(comments.id, id));
}

export async function deleteComment(db: Database, id: number) {
  await db.delete(comments).where(and(eq(comments.id, id)));
}

export type CommentActionResult =
  | { ok: true; anchor: string }
  | { ok: false; status: 400 | 401 | 403 | 404; error: string };

/**
 * Create, edit or delete a comment on one target. The caller has already decided whether the
 * viewer may post there (mayPost); editing and deleting need the author or staff.
 */
export async function runCommentAction(
  db: Database,
  options: {
    user: User | null;
    formData: FormData;
    target: { contentId: number } | { blogPostId: number };
    mayPost: boolean;
    deniedMessage: string;
  },
): Promise<CommentActionResult> {
  const { user, formData, target } = options;
  if (!user) return { ok: false, status: 401, error: "Log in to comment." };
  const parsed = commentActionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return { ok: false, status: 400, error: parsed.error.issues[0]?.message ?? "Invalid comment." };
  const input = parsed.data;

  if (input.intent === "create-comment") {
    if (!options.mayPost) return { ok: false, status: 403, error: options.deniedMessage };
    await insertComment(db, user, target, input.comment);
    return { ok: true, anchor: "comments" };
  }

  const existing = await findComment(db, input.commentId);
  const belongsHere =
    existing &&
    ("contentId" in target ? existing.contentId === target.contentId : existing.blogPostId === target.blogPostId);
  if (!existing || !belongsHere) return { ok: false, status: 404, error: "That comment no longer exists." };
  if (existing.userId !== user.id && !isStaff(user)) {
    return { ok: false, status: 403, error: "You can only change your own comments." };
  }
  if (input.intent === "update-comment") {
    await updateComment(db, existing.id, input.comment);
    return { ok: true, anchor: `comment-${existing.id}` };
  }
  await deleteComment(db, existing.id);
  return { ok: true, anchor: "comments" };
}

import { and, asc, desc, eq, sql } from "drizzle-orm";
import { blogPosts, comments, content, counters, type User } from "../../db/schema.ts";
import { canChangeComment, isStaff } from "../lib/access.ts";
import { auditEntry } from "./audit.server.ts";
import { commentActionSchema, type CommentPaging, type CommentView } from "../lib/comments.ts";
import { type Database, reusableSelect, type Param } from "./db.server.ts";
import { pagePath } from "./http.server.ts";
import { takeAttempt, type ThrottleRule } from "./throttle.server.ts";

export type CommentTarget = { type: "content"; slug: string } | { type: "blog"; slug: string };

/** Comments are shown this many at a time: the newest page first, each page oldest first. */
export const COMMENTS_PER_PAGE = 50;

/**
 * A page of comments other than the newest is named by the comment just after it or just before it,
 * as (createdAt, id), never by an offset: an earlier page keeps showing the same comments when new
 * ones arrive, and keeps working when the comment that names it has been deleted.
 */
export type CommentCursor = { direction: "before" | "after"; createdAt: number; id: number };

const COMMENT_PAGE_PARAM = "comments";
const CURSOR_PATTERN = /^(before|after)-(\d{1,15})-(\d{1,15})$/;

/** The page of comments a URL asks for (?comments=before-<createdAt>-<id> or after-...), or null for the newest. */
export function commentCursorOf(url: URL): CommentCursor | null {
  const match = CURSOR_PATTERN.exec(url.searchParams.get(COMMENT_PAGE_PARAM) ?? "");
  return match ? { direction: match[1] as CommentCursor["direction"], createdAt: Number(match[2]), id: Number(match[3]) } : null;
}

function searchFor(direction: CommentCursor["direction"], row: { createdAt: Date | number; id: number }) {
  const createdAt = typeof row.createdAt === "number" ? row.createdAt : row.createdAt.getTime();
  return `?${COMMENT_PAGE_PARAM}=${direction}-${createdAt}-${row.id}`;
}

const commentColumns = {
  id: comments.id,
  userId: comments.userId,
  comment: comments.comment,
  authorName: comments.authorName,
  createdAt: comments.createdAt,
  updatedAt: comments.updatedAt,
};

function targetIdOf(db: Database, type: CommentTarget["type"], slug: Param<string>) {
  return type === "content"
    ? db.select({ id: content.id }).from(content).where(eq(content.slug, slug))
    : db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, slug));
}

// One more row than a page, read along the target's index from the cursor on (the index is on
// (target, createdAt) and SQLite keeps the id in every entry, so no sort): the extra row only tells
// whether there is a further page. The newest page is the page before everything.
function pageSelect(type: CommentTarget["type"], direction: CommentCursor["direction"]) {
  return reusableSelect((db: Database, slug: Param<string>, createdAt: Param<number>, id: Param<number>) => {
    const column = type === "content" ? comments.contentId : comments.blogPostId;
    const before = direction === "before";
    const page = db
      .select(commentColumns)
      .from(comments)
      .where(
        and(
          eq(column, targetIdOf(db, type, slug)),
          before ? sql`(${comments.createdAt}, ${comments.id}) < (${createdAt}, ${id})` : sql`(${comments.createdAt}, ${comments.id}) > (${createdAt}, ${id})`,
        ),
      )
      .orderBy(...(before ? [desc(comments.createdAt), desc(comments.id)] : [asc(comments.createdAt), asc(comments.id)]))
      .limit(COMMENTS_PER_PAGE + 1)
      .as("page");
    return db.select().from(page).orderBy(asc(page.createdAt), asc(page.id));
  });
}

const pageSelects = {
  content: { before: pageSelect("content", "before"), after: pageSelect("content", "after") },
  blog: { before: pageSelect("blog", "before"), after: pageSelect("blog", "after") },
};

const NEWEST: CommentCursor = { direction: "before", createdAt: Number.MAX_SAFE_INTEGER, id: Number.MAX_SAFE_INTEGER };

/**
 * One page of the comments of a content item or blog post, oldest first (one statement, keyed by
 * slug): the newest page unless a cursor names another. Give the rows to toCommentPage.
 */
export function commentsQuery(db: Database, target: CommentTarget, cursor: CommentCursor | null = null) {
  const { direction, createdAt, id } = cursor ?? NEWEST;
  return pageSelects[target.type][direction](db, target.slug, createdAt, id);
}

// The counters are kept by triggers (migrations/0003_comment_counters.sql), named by the target's id.
function countSelect(type: CommentTarget["type"]) {
  return reusableSelect((db: Database, slug: Param<string>) =>
    db
      .select({ value: counters.value })
      .from(counters)
      .where(eq(counters.name, sql`${`comments:${type}:`} || ${targetIdOf(db, type, slug)}`)),
  );
}

const countSelects = { content: countSelect("content"), blog: countSelect("blog") };

/** How many comments a target has, from its counter (one primary-key lookup, keyed by slug). */
export function commentCountQuery(db: Database, target: CommentTarget) {
  return countSelects[target.type](db, target.slug);
}

type CommentRow = { id: number; userId: string | null; comment: string; authorName: string; createdAt: Date; updatedAt: Date };

export function toCommentViews(rows: CommentRow[], viewer: User | null): CommentView[] {
  return rows.map((row) => ({
    id: row.id,
    comment: row.comment,
    authorName: row.authorName,
    createdAt: row.createdAt.getTime(),
    edited: row.updatedAt.getTime() - row.createdAt.getTime() > 1000,
    canEdit: canChangeComment(viewer, row),
  }));
}

/**
 * The page the reader asked for, as views, with the total and the links to the pages around it.
 * `rows` come from commentsQuery for the same cursor, `countRows` from commentCountQuery.
 */
export function toCommentPage(
  rows: CommentRow[],
  countRows: { value: number }[],
  cursor: CommentCursor | null,
  viewer: User | null,
): { comments: CommentView[]; paging: CommentPaging } {
  const before = !cursor || cursor.direction === "before";
  const more = rows.length > COMMENTS_PER_PAGE;
  const shown = more ? (before ? rows.slice(1) : rows.slice(0, -1)) : rows;
  const first = shown[0];
  const last = shown.at(-1);
  const hasEarlier = before ? more : true;
  const hasNewer = cursor !== null && (before ? true : more);
  return {
    comments: toCommentViews(shown, viewer),
    paging: {
      total: Math.max(0, countRows[0]?.value ?? 0),
      current: cursor ? searchFor(cursor.direction, cursor) : "",
      earlier: hasEarlier && first ? searchFor("before", first) : null,
      // A page that came back empty (its comments were deleted) leads back to the newest page.
      newer: hasNewer ? (last ? searchFor("after", last) : "") : null,
    },
  };
}

/**
 * Where a comment form sends the reader: a new comment to the newest page, where it is; an edit or
 * a deletion back to the page it was made on.
 */
export function commentRedirectPath(request: Request, intent: string, anchor: string) {
  const cursor = intent === "create-comment" ? null : commentCursorOf(new URL(request.url));
  return `${pagePath(request)}${cursor ? searchFor(cursor.direction, cursor) : ""}#${anchor}`;
}

/** The name a comment shows: first name, else e-mail, else 'User'. */
export function commentAuthorName(user: Pick<User, "firstName" | "email">) {
  return user.firstName?.trim() || user.email || "User";
}

export async function findComment(db: Database, id: number) {
  const [row] = await db.select().from(comments).where(eq(comments.id, id)).limit(1);
  return row;
}

/** A second post of the same words by the same member on the same page within this time is the same comment. */
export const DUPLICATE_COMMENT_MS = 2 * 60 * 1000;

/**
 * Stores a comment; returns its id. The same words posted again by the same member on the same page
 * within two minutes (a double tap without JavaScript, a resent form, two requests at once) are
 * not stored twice: the one statement inserts only when no such comment exists, and the id of the
 * one already there is returned.
 */
export async function insertComment(db: Database, user: User, target: { contentId: number } | { blogPostId: number }, text: string, now = Date.now()): Promise<number> {
  const contentId = "contentId" in target ? target.contentId : null;
  const blogPostId = "blogPostId" in target ? target.blogPostId : null;
  const inserted = await db.all<{ id: number }>(sql`
    INSERT INTO comments (user_id, content_type, content_id, blog_post_id, comment, author_name, created_at, updated_at)
    SELECT ${user.id}, ${contentId === null ? "blog" : "content"}, ${contentId}, ${blogPostId}, ${text}, ${commentAuthorName(user)}, ${now}, ${now}
    WHERE NOT EXISTS (${sameRecentComment(user.id, contentId, blogPostId, text, now)})
    RETURNING id`);
  if (inserted[0]) return inserted[0].id;
  const [again] = await db.all<{ id: number }>(sql`${sameRecentComment(user.id, contentId, blogPostId, text, now)}`);
  // Deleted in between: this post stores it after all.
  return again ? again.id : insertComment(db, user, target, text, now);
}

function sameRecentComment(userId: string, contentId: number | null, blogPostId: number | null, text: string, now: number) {
  const target = contentId === null ? sql`blog_post_id = ${blogPostId}` : sql`content_id = ${contentId}`;
  return sql`SELECT id FROM comments WHERE ${target} AND user_id = ${userId} AND comment = ${text} AND created_at > ${now - DUPLICATE_COMMENT_MS} ORDER BY id LIMIT 1`;
}

/** A refused new comment's text, for the form to show again. */
export function sentComment(formData: FormData) {
  const comment = formData.get("comment");
  const intent = formData.get("intent");
  return (intent === "create-comment" || intent === "update-comment") && typeof comment === "string" ? comment.slice(0, 10_000) : null;
}

/**
 * New comments a member may post in ten minutes (staff are not counted). A reader answering a thread
 * posts a few; an account posting more is flooding the pages every member reads. Only comments that
 * passed validation count, the one resent within two minutes included.
 */
export const COMMENT_RULE: ThrottleRule = { limit: 30, windowSeconds: 10 * 60 };

export type CommentActionResult =
  | { ok: true; anchor: string }
  | { ok: false; status: 400 | 401 | 403 | 404 | 429; error: string };

/**
 * Create, edit or delete a comment on one target. The caller has already decided whether the
 * viewer may post there (mayPost); editing and deleting need the author or staff.
 */
export async function runCommentAction(
  db: Database,
  options: {
    user: User | null;
    /** Where the member's count of new comments is kept (COMMENT_RULE). */
    kv: KVNamespace;
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
    if (!isStaff(user)) {
      const attempt = await takeAttempt(options.kv, `comments:${user.id}`, COMMENT_RULE);
      if (!attempt.taken) {
        const minutes = Math.max(1, Math.ceil(attempt.retryAfterSeconds / 60));
        return { ok: false, status: 429, error: `You have posted many comments in a short time. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.` };
      }
    }
    // Straight to the new comment, at the end of the newest page.
    return { ok: true, anchor: `comment-${await insertComment(db, user, target, input.comment)}` };
  }

  const existing = await findComment(db, input.commentId);
  const belongsHere =
    existing &&
    ("contentId" in target ? existing.contentId === target.contentId : existing.blogPostId === target.blogPostId);
  if (!existing || !belongsHere) return { ok: false, status: 404, error: "That comment no longer exists." };
  if (!canChangeComment(user, existing)) {
    return { ok: false, status: 403, error: "You can only change your own comments." };
  }
  // Saved as it was: nothing changed, so nothing is written and the comment is not marked edited.
  if (input.intent === "update-comment" && input.comment === existing.comment) return { ok: true, anchor: `comment-${existing.id}` };
  // Staff changing someone else's words leave an audit entry, in the same batch as the change.
  const audited = existing.userId !== user.id && isStaff(user);
  const where = eq(comments.id, existing.id);
  const change =
    input.intent === "update-comment" ? db.update(comments).set({ comment: input.comment, updatedAt: new Date() }).where(where) : db.delete(comments).where(where);
  if (!audited) await change;
  else {
    await db.batch([
      change,
      auditEntry(db, user, {
        action: input.intent === "update-comment" ? "comment.update" : "comment.delete",
        targetUserId: existing.userId,
        targetLabel: `Comment #${existing.id} by ${existing.authorName}`,
        before: { comment: existing.comment },
        after: input.intent === "update-comment" ? { comment: input.comment } : null,
      }),
    ]);
  }
  return { ok: true, anchor: input.intent === "update-comment" ? `comment-${existing.id}` : "comments" };
}

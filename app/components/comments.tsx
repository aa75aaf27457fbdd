import { useEffect, useRef, useState } from "react";
import { Form, useActionData, useLocation, useNavigation } from "react-router";
import { Link } from "~/components/link";
import { LogInInNewTab } from "~/components/forms";
import { MAX_COMMENT_LENGTH, type CommentPaging, type CommentPermission, type CommentView } from "~/lib/comments";
import { formatListingDate } from "~/lib/format";
import { useFocusOnArrival, useFocusWhenLost } from "~/components/use-focus-on-arrival";
import { useHydrated } from "~/components/use-hydrated";

/** What a page's action answers a refused comment form (content-detail.tsx, blog-post.tsx). */
type CommentAnswer = { login?: boolean; intent?: string; sent?: string | null };

/**
 * One page of the comments of a content item or blog post, with links to the pages before and after
 * it. Editing and deleting are links that add ?editComment= or ?deleteComment= to the URL (keeping
 * the page), so they work inline with JavaScript and as a separate step without it. The forms post
 * to the page's own action, at the page's own URL.
 */
export function Comments({
  comments,
  paging,
  permission,
  loadFailed = false,
  error,
}: {
  comments: CommentView[];
  paging: CommentPaging;
  permission: CommentPermission;
  loadFailed?: boolean;
  error?: string | null;
}) {
  const location = useLocation();
  const searchParams = new URLSearchParams(location.search);
  const editing = Number(searchParams.get("editComment")) || null;
  const deleting = Number(searchParams.get("deleteComment")) || null;
  const loginHref = `/auth?redirectTo=${encodeURIComponent(location.pathname)}`;
  // Refused because the session had ended (the action says so with `login`), and which form was refused.
  const answer = useActionData() as CommentAnswer | undefined;
  const sessionEnded = Boolean(answer?.login);
  const editRefused = answer?.intent === "update-comment";
  // The comment being edited, when its form is on the page: a refused edit's text stays in it.
  const editFormShown = comments.some((comment) => comment.id === editing && comment.canEdit);
  // A refused edit is said at its form, under the box the member typed in (with JavaScript the page
  // stays scrolled there); only a refusal with no form to hold it is said above 'Add a comment'.
  const editError = error && editRefused && editFormShown ? error : null;
  const pageError = editError ? null : error;
  const here = (hash: string, extra: Record<string, string> = {}) => pageHref(location.pathname, paging.current, hash, extra);

  // A comment deleted, or the paging link pressed gone: the keyboard goes to the heading.
  const heading = useFocusWhenLost<HTMLHeadingElement>();

  return (
    <section id="comments" aria-labelledby="comments-title" className="scroll-mt-4" onClickCapture={heading.used} onSubmitCapture={heading.used}>
      <h2 id="comments-title" className="text-2xl font-bold text-white" ref={heading.ref} tabIndex={-1}>
        Comments {loadFailed ? null : <span className="text-slate-400">({paging.total})</span>}
      </h2>

      {pageError ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-500/50 bg-red-950/40 px-4 py-3 text-sm text-red-300">
          <span>{pageError}</span>
          {sessionEnded && permission === "allowed" && !editRefused ? (
            // The form (JavaScript on) still holds the comment: the login opens beside it, not instead of it.
            <LogInInNewTab href={loginHref} then="then press Post Comment again: your comment is still here." />
          ) : null}
        </p>
      ) : null}

      <div className="mt-5">
        {permission === "allowed" ? (
          <NewCommentForm refused={Boolean(error)} />
        ) : permission === "login" ? (
          <p className="rounded-xl border border-field-700 bg-field-900 p-4 text-sm text-slate-300">
            <Link to={loginHref} className="text-link">
              Log in to comment.
            </Link>
          </p>
        ) : (
          <p className="rounded-xl border border-field-700 bg-field-900 p-4 text-sm text-slate-300">
            You must be a premium member to comment.{" "}
            <Link to="/subscribe" className="text-link">
              Go premium
            </Link>
          </p>
        )}
        {/* Kept to copy when no form on the page holds it (signed out since, or the edited comment gone). */}
        {permission !== "allowed" || (editRefused && !editFormShown) ? <UnsentComment /> : null}
      </div>

      {loadFailed ? (
        <p role="alert" className="mt-6 text-red-300">
          Failed to load comments
        </p>
      ) : comments.length === 0 && paging.total === 0 ? (
        <p className="mt-6 text-slate-400">No comments yet. Be the first to comment!</p>
      ) : (
        <>
          {paging.earlier !== null ? <PageLink to={pageHref(location.pathname, paging.earlier, "comments")}>Show earlier comments</PageLink> : null}
          {comments.length ? (
            <ol className={COMMENT_LIST_CLASSES}>
              {comments.map((comment) => (
                <CommentItem
                  key={comment.id}
                  comment={comment}
                  editing={editing === comment.id}
                  deleting={deleting === comment.id}
                  editError={editing === comment.id ? editError : null}
                  loginHref={sessionEnded ? loginHref : null}
                  href={(extra) => here(`comment-${comment.id}`, extra)}
                />
              ))}
            </ol>
          ) : null}
          {paging.newer !== null ? <PageLink to={pageHref(location.pathname, paging.newer, "comments")}>Show newer comments</PageLink> : null}
        </>
      )}
    </section>
  );
}

// A busy page shows fifty comments: their shared styles are set once, on the list (for its items
// and the header, time and footer inside them), instead of being repeated in every comment's markup.
const COMMENT_LIST_CLASSES = [
  "mt-6 space-y-4 break-words text-slate-200",
  "*:scroll-mt-4 *:rounded-xl *:border *:border-field-700 *:bg-field-900 *:p-4",
  "[&_header]:flex [&_header]:flex-wrap [&_header]:items-baseline [&_header]:justify-between [&_header]:gap-2",
  // overflow-hidden: stacked combining marks stay inside their text instead of covering the author line.
  "[&_header>p]:font-bold [&_header>p]:text-white [&>li>p]:mt-2 [&>li>p]:overflow-hidden [&>li>p]:whitespace-pre-wrap",
  "[&_time]:text-xs [&_time]:text-slate-400",
  // Edit and Delete are 40 px tall: a thumb's target on a phone, not a line of small text.
  "[&_footer]:mt-1 [&_footer]:flex [&_footer]:gap-2 [&_footer]:text-sm [&_footer_a]:inline-flex [&_footer_a]:min-h-10 [&_footer_a]:items-center [&_footer_a]:px-2 [&_footer_a:first-child]:-ml-2",
].join(" ");

function CommentItem({
  comment,
  editing,
  deleting,
  editError,
  loginHref,
  href,
}: {
  comment: CommentView;
  editing: boolean;
  deleting: boolean;
  /** Why this comment's edit was refused (its form is open), and a way back in when the session ended. */
  editError: string | null;
  loginHref: string | null;
  /** This page's URL, at this comment, with extra search parameters. */
  href: (extra?: Record<string, string>) => string;
}) {
  // Edit and Delete come back in place of the edit form or the question (saved or cancelled): only
  // then do they take the keyboard's focus, not when a page of comments arrives.
  const open = editing || deleting;
  const wasOpen = useRef(open);
  const returning = wasOpen.current && !open;
  useEffect(() => {
    wasOpen.current = open;
  }, [open]);
  return (
    <li id={`comment-${comment.id}`} tabIndex={-1}>
      <header>
        <p>{comment.authorName}</p>
        <time>
          {formatListingDate(comment.createdAt)}
          {comment.edited ? " · edited" : ""}
        </time>
      </header>
      {editing && comment.canEdit ? (
        <EditCommentForm comment={comment} cancelHref={href()} error={editError} loginHref={loginHref} />
      ) : (
        <p>{comment.comment}</p>
      )}
      {deleting && comment.canEdit ? (
        <DeleteConfirmation comment={comment} cancelHref={href()} />
      ) : comment.canEdit && !editing ? (
        <CommentActions comment={comment} href={href} returning={returning} />
      ) : null}
    </li>
  );
}

/** Edit and Delete; back from either (saved or cancelled), the keyboard is on Edit again. */
function CommentActions({ comment, href, returning }: { comment: CommentView; href: (extra?: Record<string, string>) => string; returning: boolean }) {
  const focusRef = useFocusOnArrival<HTMLAnchorElement>(returning);
  return (
    <footer>
      <Link ref={focusRef} to={href({ editComment: String(comment.id) })} discover="none" replace preventScrollReset className="text-link">
        Edit
      </Link>
      <Link to={href({ deleteComment: String(comment.id) })} discover="none" replace preventScrollReset className="text-link-danger">
        Delete
      </Link>
    </footer>
  );
}

/** A path on this page with the given search (a page of comments), extra parameters and hash. */
function pageHref(pathname: string, search: string, hash: string, extra: Record<string, string> = {}) {
  const params = new URLSearchParams(search);
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ""}#${hash}`;
}

// A plain link (it works without JavaScript); with it, the page of comments changes in place.
function PageLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <p className="mt-6 text-center">
      <Link to={to} preventScrollReset className="btn-secondary w-full sm:w-auto">
        {children}
      </Link>
    </p>
  );
}

/**
 * Without JavaScript a refused comment (empty, too fast) answers with the whole page: posted to this
 * address with #comments (an edit, with its comment's anchor), the browser opens it at the form and
 * its message, not at the top. With JavaScript the page stays where it is and the form's own action
 * is used.
 */
function useCommentsAction(anchor = "comments") {
  const hydrated = useHydrated();
  const location = useLocation();
  return hydrated ? undefined : `${location.pathname}${location.search}#${anchor}`;
}

/**
 * A comment refused because the session ended (or access lapsed) while it was typed, on the page
 * that answers it without JavaScript: kept to copy. Nothing when no comment came back.
 */
export function UnsentComment() {
  const answer = useActionData() as CommentAnswer | undefined;
  const sent = answer?.sent ?? "";
  if (!sent) return null;
  return (
    <div className="mt-3 space-y-2">
      <label htmlFor="unsent-comment" className="label">
        {answer?.intent === "update-comment" ? "Your edit, not saved" : "Your comment, not posted"}
      </label>
      <textarea id="unsent-comment" readOnly rows={3} className="input" value={sent} />
    </div>
  );
}

function NewCommentForm({ refused }: { refused: boolean }) {
  const navigation = useNavigation();
  // A refused comment comes back as it was sent (without JavaScript, in the page the action answers);
  // a refused edit's text is not a new comment.
  const answer = useActionData() as CommentAnswer | undefined;
  const sent = (answer?.intent !== "update-comment" && answer?.sent) || "";
  const [text, setText] = useState(sent);
  const hydrated = useHydrated();
  const action = useCommentsAction();
  const posting = navigation.state === "submitting" && navigation.formData?.get("intent") === "create-comment";
  // Emptied once the comment is posted, not when it is sent: a refused one stays to be sent again.
  // Posted, the new comment (the answer's address names it) takes the keyboard's focus: a screen
  // reader reads it, and the focus is where the page shows it.
  const sending = useRef(false);
  const { hash } = useLocation();
  useEffect(() => {
    if (navigation.state !== "idle" || !sending.current) return;
    sending.current = false;
    if (refused) return;
    setText("");
    if (hash.startsWith("#comment-")) document.getElementById(hash.slice(1))?.focus();
  }, [navigation.state, refused]);
  const unready = posting || (hydrated && !text.trim());
  return (
    <Form method="post" action={action} replace preventScrollReset className="space-y-3" onSubmit={() => (sending.current = true)}>
      <input type="hidden" name="intent" value="create-comment" />
      <label htmlFor="new-comment" className="label">
        Add a comment
      </label>
      <textarea
        id="new-comment"
        name="comment"
        rows={3}
        maxLength={MAX_COMMENT_LENGTH}
        required
        value={hydrated ? text : undefined}
        defaultValue={hydrated ? undefined : sent}
        onChange={(event) => setText(event.currentTarget.value)}
        className="input"
        placeholder="Share a read, an adjustment or a question..."
      />
      <div className="flex items-center justify-between gap-3">
        <span className="text-xs text-slate-400">{hydrated ? `${text.length}/${MAX_COMMENT_LENGTH}` : `Up to ${MAX_COMMENT_LENGTH} characters`}</span>
        {/* aria-disabled, not disabled: a disabled button drops the keyboard's focus to the page. */}
        <button type="submit" className="btn-primary" aria-disabled={unready || undefined} onClick={(event) => unready && event.preventDefault()}>
          {posting ? "Posting..." : "Post Comment"}
        </button>
      </div>
    </Form>
  );
}

function EditCommentForm({ comment, cancelHref, error, loginHref }: { comment: CommentView; cancelHref: string; error: string | null; loginHref: string | null }) {
  const navigation = useNavigation();
  // A refused edit answered with the whole page (without JavaScript) comes back as typed.
  const answer = useActionData() as CommentAnswer | undefined;
  const typed = answer?.intent === "update-comment" && answer.sent ? answer.sent : null;
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "update-comment";
  const action = useCommentsAction(`comment-${comment.id}`);
  const errorId = `edit-comment-${comment.id}-error`;
  return (
    <Form method="post" action={action} replace preventScrollReset className="mt-3 space-y-3">
      <input type="hidden" name="intent" value="update-comment" />
      <input type="hidden" name="commentId" value={comment.id} />
      <label htmlFor={`edit-comment-${comment.id}`} className="sr-only">
        Edit comment
      </label>
      <textarea
        id={`edit-comment-${comment.id}`}
        name="comment"
        rows={3}
        maxLength={MAX_COMMENT_LENGTH}
        required
        defaultValue={typed ?? comment.comment}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        autoFocus
      />
      {error ? (
        <p role="alert" id={errorId} className="rounded-lg border border-red-500/50 bg-red-950/40 px-4 py-3 text-sm text-red-300">
          <span>{error}</span>
          {loginHref ? <LogInInNewTab href={loginHref} then="then press Save again: your edit is still here." /> : null}
        </p>
      ) : null}
      <div className="flex gap-3">
        {/* aria-disabled, not disabled: a disabled button drops the keyboard's focus to the page. */}
        <button type="submit" className="btn-primary" aria-disabled={saving || undefined} onClick={(event) => saving && event.preventDefault()}>
          {saving ? "Saving..." : "Save"}
        </button>
        <Link to={cancelHref} replace preventScrollReset className="btn-secondary">
          Cancel
        </Link>
      </div>
    </Form>
  );
}

/** In place of Edit and Delete, the keyboard on its answer (which reads the question with it). */
function DeleteConfirmation({ comment, cancelHref }: { comment: CommentView; cancelHref: string }) {
  const focusRef = useFocusOnArrival<HTMLButtonElement>();
  const navigation = useNavigation();
  // Until the page without the comment is there: a second tap would delete what is already gone.
  const deleting = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete-comment";
  return (
    <Form method="post" replace preventScrollReset className="mt-3 flex flex-wrap items-center gap-3 rounded-lg border border-red-500/40 bg-red-950/30 p-3">
      <input type="hidden" name="intent" value="delete-comment" />
      <input type="hidden" name="commentId" value={comment.id} />
      <p id={`delete-comment-${comment.id}`} className="text-sm font-semibold text-red-200">Delete this comment?</p>
      <button
        ref={focusRef}
        type="submit"
        aria-describedby={`delete-comment-${comment.id}`}
        aria-disabled={deleting || undefined}
        onClick={(event) => deleting && event.preventDefault()}
        className="btn-danger px-3 py-1.5"
      >
        Delete
      </button>
      <Link to={cancelHref} replace preventScrollReset className="btn-secondary px-3 py-1.5">
        Cancel
      </Link>
    </Form>
  );
}

import { data, isRouteErrorResponse, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { Link } from "~/components/link";
import type { Route } from "./+types/blog-post";
import { Comments } from "~/components/comments";
import { CopyLink } from "~/components/copy-link";
import { BLOG_CATEGORY_LABELS } from "~/lib/blog";
import { formatListingDate } from "~/lib/format";
import { renderMarkdown } from "~/lib/markdown";
import { pageMeta } from "~/lib/seo";
import { findPublishedPostId, movedBlogSlug, postBySlugQuery } from "~/server/blog.server";
import { commentCountQuery, commentCursorOf, commentRedirectPath, commentsQuery, runCommentAction, sentComment, toCommentPage } from "~/server/comments.server";
import { getApp } from "~/server/context.server";
import { pageSearch, readForm } from "~/server/http.server";
import { none, readPage } from "~/server/page-read.server";
import { getOptionalUser } from "~/server/guards.server";
import { sanitizeHtml } from "~/server/rich-text.server";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Blog Post Not Found | Gridiron Playbook" }];
  const { post } = loaderData;
  return pageMeta({
    matches,
    title: post.title,
    description: post.excerpt ?? post.title,
    path: `/blog/${post.slug}`,
    image: post.featuredImage,
    type: "article",
  });
}

/** A comment action refused because the comment is gone (deleted meanwhile, a double tap): the comments are read again. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 404 || defaultShouldRevalidate;
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const app = getApp(context);
  const { db } = app;
  const target = { type: "blog" as const, slug: params.slug };
  const commentCursor = commentCursorOf(new URL(request.url));
  const page = (withComments: boolean) => () => ({
    rows: postBySlugQuery(db, params.slug),
    comments: withComments ? commentsQuery(db, target, commentCursor) : none,
    commentCount: withComments ? commentCountQuery(db, target) : none,
  });
  // One round trip with the session check; when the comments cannot be read, the post without them.
  const [viewer, withComments] = await Promise.all([getOptionalUser(context), readPage(app, page(true)).catch(() => null)]);
  const { rows, comments, commentCount } = withComments ?? (await readPage(app, page(false)));
  const commentsFailed = !withComments;
  const post = rows[0];
  // A link to the slug the post had before staff changed it: the post under its new slug.
  const moved = post ? null : await movedBlogSlug(db, params.slug);
  if (moved) throw redirect(`/blog/${moved}${pageSearch(request)}`, 301);
  if (!post || !post.isPublished) throw data("Blog Post Not Found", { status: 404 });
  const commentPage = toCommentPage(comments ?? [], commentCount ?? [], commentCursor, viewer);
  return {
    post: {
      slug: post.slug,
      title: post.title,
      excerpt: post.excerpt,
      category: post.category,
      featuredImage: post.featuredImage,
      publishedAt: post.publishedAt?.getTime() ?? null,
      author: post.authorFirstName?.trim() || null,
      html: sanitizeHtml(renderMarkdown(post.content)),
    },
    url: `${new URL(request.url).origin}/blog/${post.slug}`,
    comments: commentPage.comments,
    commentPaging: commentPage.paging,
    commentsFailed,
    commentPermission: viewer ? ("allowed" as const) : ("login" as const),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const app = getApp(context);
  const viewer = await getOptionalUser(context);
  const postId = await findPublishedPostId(app.db, params.slug);
  if (!postId) throw data("Blog Post Not Found", { status: 404 });
  const formData = await readForm(request);
  const result = await runCommentAction(app.db, {
    user: viewer,
    kv: app.env.KV,
    formData,
    target: { blogPostId: postId },
    mayPost: Boolean(viewer),
    deniedMessage: "Log in to comment.",
  });
  if (!result.ok) return data({ error: result.error, login: !viewer, intent: String(formData.get("intent") ?? ""), sent: sentComment(formData) }, { status: result.status });
  return redirect(commentRedirectPath(request, String(formData.get("intent") ?? ""), result.anchor));
}

export default function BlogPost({ loaderData, actionData }: Route.ComponentProps) {
  const { post, url } = loaderData;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link to="/blog" className="inline-flex items-center gap-2 text-sm font-semibold text-slate-300 hover:text-white">
        <span aria-hidden="true">←</span> Back to Blog
      </Link>
      <p className="mt-6 text-xs font-bold uppercase tracking-wider text-turf">{BLOG_CATEGORY_LABELS[post.category]}</p>
      <h1 className="mt-2 font-display text-4xl font-black leading-tight text-white">{post.title}</h1>
      <p className="mt-3 text-sm text-slate-400">
        {formatListingDate(post.publishedAt)}
        {post.author ? ` · by ${post.author}` : ""}
      </p>
      {post.featuredImage ? (
        <img src={post.featuredImage} alt="" width={640} height={360} className="mt-8 aspect-video w-full rounded-2xl border border-field-700 object-cover" />
      ) : null}
      <div className="rich-text mt-8 text-lg" dangerouslySetInnerHTML={{ __html: post.html }} />
      <div className="mt-10 flex flex-wrap items-end justify-between gap-4 border-t border-field-700 pt-6">
        <CopyLink url={url} />
        <Link to="/blog" className="text-sm font-semibold text-turf hover:underline">Back to Blog</Link>
      </div>
      <div className="mt-12">
        <Comments
          comments={loaderData.comments}
          paging={loaderData.commentPaging}
          permission={loaderData.commentPermission}
          loadFailed={loaderData.commentsFailed}
          error={actionData && "error" in actionData ? actionData.error : null}
        />
      </div>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error) || error.status !== 404) {
    return (
      <section className="mx-auto max-w-2xl px-4 py-24 text-center">
        <h1 className="font-display text-3xl font-black text-white">Something went wrong</h1>
        <p className="mt-4 text-slate-300">We could not load this post. Please try again in a moment.</p>
        <Link to="/blog" className="btn-primary mt-8">Back to Blog</Link>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="font-display text-3xl font-black text-white">Blog Post Not Found</h1>
      <p className="mt-4 text-slate-300">The blog post you're looking for doesn't exist or has been removed.</p>
      <Link to="/blog" className="btn-primary mt-8">Back to Blog</Link>
    </section>
  );
}

import { type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { EditorError } from "~/components/admin/editor-error";
import type { Route } from "./+types/blog-form";
import { BlogEditor } from "~/components/admin/blog-editor";
import { BLOG_SAVE_FAILED, blogPostSchema, deriveBlogSlug } from "~/lib/schemas/blog";
import { IMAGE_TOO_LARGE } from "~/lib/uploads";
import { superadminContext } from "~/server/admin.server";
import { getApp } from "~/server/context.server";
import { keepFormIfSignedOut, keptSubmission, takeKeptForm } from "~/server/kept-forms.server";
import { findBlogPostForEdit, isReservedBlogSlug, renderBlogPreview, saveBlogPost } from "~/server/admin-blog.server";
import { movedBlogSlug } from "~/server/blog.server";
import { isDataRequest, readForm, revisionOf } from "~/server/http.server";
import { redirectWithToast } from "~/server/toast.server";
import { isRequestTooLarge, MAX_IMAGE_BYTES } from "~/server/uploads.server";

// Read up to this size, so that an image over its 5 MB (a phone's photo) is refused with what was
// typed kept, as the content editor does; only a body larger still is refused before it is read.
const MAX_REQUEST_BYTES = 6 * MAX_IMAGE_BYTES;

export function meta({ loaderData, error }: Route.MetaArgs) {
  // A refused or failed page names itself (its error page sets the title).
  if (error) return [{ name: "robots", content: "noindex" }];
  const post = loaderData?.post;
  return [
    { title: `${post ? `Edit Blog Post: ${post.title}` : "New Blog Post"} | Gridiron Playbook` },
    { name: "robots", content: "noindex" },
  ];
}

/** The editor, with the post sent while the session had ended put back once after the login (kept-forms.server.ts). */
export async function loader(args: Route.LoaderArgs) {
  const page = await editorPage(args);
  const kept = await takeKeptForm(getApp(args.context), args.request);
  if (!kept) return { ...page, restored: null };
  const content = kept.formData.get("content");
  const preview = renderBlogPreview(typeof content === "string" ? content : "");
  const restored = { ...keptSubmission(kept, blogPostSchema), preview, imageDropped: kept.filesDropped };
  return data({ ...page, restored }, { headers: { "Set-Cookie": kept.setCookie } });
}

async function editorPage({ request, context, params }: Route.LoaderArgs) {
  const { app } = await superadminContext(context, request);
  if (!params.slug) return { post: null, previewHtml: "" };
  let post = await findBlogPostForEdit(app.db, params.slug);
  if (!post) {
    // A bookmark of the editor under the post's earlier slug.
    const moved = await movedBlogSlug(app.db, params.slug, { drafts: true });
    // After a save refused because someone renamed the post meanwhile (posted without JavaScript),
    // the page shows the form as sent, here: a redirect would drop what was typed.
    if (moved && app.method === "GET") throw redirect(`/admin/blog/${moved}`, 301);
    post = moved ? await findBlogPostForEdit(app.db, moved) : null;
    // A save posted without JavaScript after someone deleted the post: the action keeps the form as
    // sent, to be saved as a new post; the page around it is the new post's.
    if (!post && app.method !== "GET") return { post: null, previewHtml: "" };
    if (!post) throw data("Blog Post Not Found", { status: 404 });
  }
  return {
    // updatedAt is the revision the form is sent back with: a save over someone else's newer one is refused.
    post: { ...post, publishedAt: post.publishedAt?.getTime() ?? null, updatedAt: post.updatedAt.getTime() },
    previewHtml: renderBlogPreview(post.content),
  };
}

type ErrorToast = { kind: "error"; title: string; description: string };

export async function action({ request, context, params }: Route.ActionArgs) {
  await keepFormIfSignedOut(context, request);
  const { user, app } = await superadminContext(context, request);
  if (isRequestTooLarge(request, MAX_REQUEST_BYTES)) {
    // The body is not read, so what was typed cannot be echoed back: the form shows its saved values again.
    const result: SubmissionResult<string[]> = {
      status: "error",
      initialValue: null,
      // Said, since the editor comes back without the text: the page does not look as if it were kept.
      error: { featuredImage: [`${IMAGE_TOO_LARGE.title}: ${IMAGE_TOO_LARGE.description} With a file this large, what you typed could not be kept.`] },
      fields: ["featuredImage"],
    };
    return data({ result, preview: null, toast: null }, { status: 413 });
  }
  const formData = await readForm(request);
  const editSlug = params.slug ?? null;

  // With JavaScript off nothing derived the slug while the title was typed: derive it now, as the form would have.
  if (editSlug === null && !String(formData.get("slug") ?? "").trim()) {
    formData.set("slug", deriveBlogSlug(String(formData.get("title") ?? "")));
  }
  // Every answer that keeps the form on the page carries the revision it goes on from.
  const revision = editSlug === null ? null : revisionOf(formData);
  // Without JavaScript a form that comes back (a preview, a refusal) has lost the image chosen in it
  // (a browser never fills a file field again): the editor says so.
  const chosen = formData.get("featuredImage");
  const imageDropped = !isDataRequest(request) && typeof chosen !== "string" && chosen !== null && chosen.size > 0;
  const submission = parseWithZod(formData, { schema: blogPostSchema });
  const content = formData.get("content");
  const preview = renderBlogPreview(typeof content === "string" ? content : "");
  const kept = <R,>(result: R, toast: ErrorToast | null, status: number, keptRevision = revision) =>
    data({ result, preview, toast, revision: keptRevision, imageDropped }, { status });

  if (formData.get("intent") === "preview") {
    // Show the preview and keep what was typed, without judging a form that is not being saved.
    return kept({ ...submission.reply(), status: undefined, error: undefined }, null, 200);
  }
  if (submission.status !== "success") {
    return kept(submission.reply(), null, 400);
  }

  const outcome = await saveBlogPost(app, { editSlug, authorId: user.id, revision, values: submission.value });
  switch (outcome.status) {
    case "stale": {
      const toast: ErrorToast = {
        kind: "error",
        title: "Not saved: changed since you opened it",
        description:
          `This post was saved after you opened this editor (by another superadmin, or by you in another tab), so your changes were not saved.` +
          (outcome.slug !== editSlug ? ` Its address is now /blog/${outcome.slug}.` : "") +
          " Your changes are still in this form: Update again to replace their version with yours, or open the editor again to start from theirs.",
      };
      return kept(submission.reply({ formErrors: [toast.description] }), toast, 409, outcome.revision);
    }
    case "saved": {
      const renamed =
        outcome.slug === outcome.requestedSlug
          ? ""
          : isReservedBlogSlug(outcome.requestedSlug)
            ? ` The slug "${outcome.requestedSlug}" is kept for the editor's own address, so it is now "${outcome.slug}".`
            : ` The slug "${outcome.requestedSlug}" was taken, so it is now "${outcome.slug}".`;
      return redirectWithToast("/admin#blog", {
        kind: "success",
        title: "Blog post saved",
        description: `Successfully saved "${outcome.title}".${renamed}`,
      });
    }
    case "not-found": {
      // Deleted by another superadmin meanwhile: the form kept, posting to the new post's page from
      // now on (a 4xx answer is not followed by the loader with JavaScript on).
      const toast: ErrorToast = {
        kind: "error",
        title: "Not saved: deleted by someone else",
        description:
          "Another superadmin deleted this post after you opened this editor, so your changes were not saved. They are still in this form: Publish saves them as a new post (choose its image again).",
      };
      return data({ result: submission.reply({ formErrors: [toast.description] }), preview, toast, revision: null, imageDropped, deleted: true as const }, { status: 409 });
    }
    case "image-rejected":
      return kept(submission.reply({ fieldErrors: { featuredImage: [`${outcome.title}: ${outcome.description}`] } }), null, 400);
    case "failed": {
      const toast: ErrorToast = { kind: "error", title: "Error", description: outcome.message || BLOG_SAVE_FAILED };
      const fieldErrors = outcome.field ? { [outcome.field]: [outcome.message] } : undefined;
      return kept(submission.reply({ formErrors: [toast.description], fieldErrors }), toast, outcome.field ? 409 : 500);
    }
  }
}

export type BlogFormData = Route.ComponentProps["loaderData"];
export type BlogFormAnswer = Route.ComponentProps["actionData"];

export default function BlogForm({ loaderData, actionData }: Route.ComponentProps) {
  return <BlogEditor loaderData={loaderData} actionData={actionData ?? loaderData.restored ?? undefined} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <EditorError
      error={error}
      notFound={{ heading: "Blog Post Not Found", message: "The blog post you're looking for doesn't exist or has been removed." }}
      failed="We could not load the blog editor. Please try again in a moment."
      back="/admin"
    />
  );
}

// The blog editor's form (/admin/blog/new and /admin/blog/{slug}).
import { getCollectionProps, getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useDeferredValue, useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Link } from "~/components/link";
import type { BlogFormAnswer, BlogFormData } from "~/routes/admin/blog-form";
import { CHECK_ON_SEND, Field, FieldErrors, FilesNotKept } from "~/components/forms";
import { showToast } from "~/components/toaster";
import { BLOG_CATEGORY_LABELS } from "~/lib/blog";
import { formatShortDate } from "~/lib/format";
import { renderMarkdown } from "~/lib/markdown";
import { slugify } from "~/lib/slug";
import { BLOG_CATEGORY_VALUES, blogPostSchema, deriveBlogSlug, MAX_BLOG_EXCERPT_LENGTH, MAX_BLOG_TITLE_LENGTH } from "~/lib/schemas/blog";
import { IMAGE_ACCEPT } from "~/lib/uploads";
import { useHydrated } from "~/components/use-hydrated";

/** The blog editor: title, slug, excerpt, the markdown text with its live preview, image, category, status. */
export function BlogEditor({ loaderData, actionData }: { loaderData: BlogFormData; actionData: BlogFormAnswer }) {
  // A post deleted by another superadmin while this editor was open: what was typed is published
  // (or saved as a draft) as a new post; its image left storage with it.
  const deleted = Boolean(actionData && "deleted" in actionData && actionData.deleted);
  const post = deleted ? null : loaderData.post;
  const editing = post !== null;
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post" && navigation.formData?.get("intent") !== "preview";

  const [form, fields] = useForm({
    id: "blog-post",
    lastResult: actionData?.result ?? undefined,
    defaultValue: {
      title: post?.title ?? "",
      slug: post?.slug ?? "",
      excerpt: post?.excerpt ?? "",
      content: post?.content ?? "",
      category: post?.category ?? "updates",
      status: post?.isPublished ? "published" : "draft",
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: blogPostSchema }),
    ...CHECK_ON_SEND,
  });

  // While creating, the slug follows the title until it is edited by hand; editing never re-derives it.
  const [slugEditedByHand, setSlugEditedByHand] = useState(
    () => editing || Boolean(fields.slug.initialValue && fields.slug.initialValue !== deriveBlogSlug(String(fields.title.initialValue ?? ""))),
  );

  // The stored revision this form goes on from: a refused save over someone else's brings the newer one.
  const sentBack = actionData && "revision" in actionData && typeof actionData.revision === "number" ? actionData.revision : null;
  const revision = sentBack ?? post?.updatedAt ?? null;

  const toast = actionData?.toast ?? null;
  useEffect(() => {
    if (toast) showToast(toast);
  }, [toast]);

  const content = useDeferredValue(typeof fields.content.value === "string" ? fields.content.value : "");
  const serverPreview = actionData?.preview ?? loaderData.previewHtml;
  const previewHtml = hydrated ? renderMarkdown(content) : serverPreview;

  const [chosenImage, setChosenImage] = useState<string | null>(null);
  useEffect(() => {
    return () => {
      if (chosenImage) URL.revokeObjectURL(chosenImage);
    };
  }, [chosenImage]);

  const slugValue = typeof fields.slug.value === "string" ? fields.slug.value : "";
  const submitLabel = editing ? "Update" : "Publish";

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:py-10">
      <Link to="/admin" className="inline-flex items-center gap-2 rounded text-sm font-semibold text-slate-300 hover:text-white">
        <span aria-hidden="true">←</span> Back to Dashboard
      </Link>
      <h1 className="mt-4 font-display text-3xl font-black text-white sm:text-4xl">{editing ? "Edit Blog Post" : "Create New Blog Post"}</h1>
      {editing && post.isPublished ? (
        <p className="mt-2 text-sm text-slate-400">Published {formatShortDate(post.publishedAt)}</p>
      ) : null}

      <Form method="post" action={deleted ? "/admin/blog/new" : undefined} encType="multipart/form-data" {...getFormProps(form)} className="card mt-6 space-y-6 p-4 sm:p-6 lg:p-8">
        {/* Without JavaScript, Enter in a text field presses the first submit button: make that the save, not Preview. */}
        {!hydrated ? (
          <button type="submit" name="intent" value="save" tabIndex={-1} aria-hidden="true" className="sr-only">
            {submitLabel}
          </button>
        ) : null}

        {editing && revision !== null ? <input type="hidden" name="revision" value={revision} /> : null}
        {form.errors?.length ? (
          <div role="alert" className="rounded-lg border border-red-500/50 bg-red-950/40 px-4 py-3 text-sm text-red-300">
            <p className="font-bold text-red-200">Error</p>
            <p>{form.errors[0]}</p>
          </div>
        ) : null}
        <p className="text-sm text-slate-400">Title, URL slug and content are required.</p>

        <div className="grid gap-6 md:grid-cols-2">
          <Field label="Title" htmlFor={fields.title.id} errors={fields.title.errors} errorId={fields.title.errorId}>
            <input
              {...getInputProps(fields.title, { type: "text" })}
              aria-required="true"
              maxLength={MAX_BLOG_TITLE_LENGTH}
              className="input"
              onInput={(event) => {
                if (editing || slugEditedByHand) return;
                form.update({ name: fields.slug.name, value: deriveBlogSlug(event.currentTarget.value) });
              }}
            />
          </Field>
          <Field
            label="URL Slug"
            htmlFor={fields.slug.id}
            errors={fields.slug.errors}
            errorId={fields.slug.errorId}
            hint={
              <>
                <span className="break-all">
                  Address: /blog/<span className="text-slate-200">{slugify(slugValue) || "…"}</span>
                </span>
                <br />
                {editing
                  ? "Changing the slug changes the post's address."
                  : hydrated
                    ? "Follows the title until you edit it. A taken slug gets -1, -2, … on save."
                    : "Leave blank to derive it from the title. A taken slug gets -1, -2, … on save."}
              </>
            }
          >
            <input
              {...getInputProps(fields.slug, { type: "text" })}
              aria-required="true"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              className="input font-mono"
              onInput={(event) => {
                if (!editing) setSlugEditedByHand(event.currentTarget.value.trim() !== "");
              }}
            />
          </Field>
        </div>

        <Field label="Excerpt" htmlFor={fields.excerpt.id} errors={fields.excerpt.errors} errorId={fields.excerpt.errorId} hint="A sentence or two for the blog list and link previews.">
          <textarea {...getTextareaProps(fields.excerpt)} rows={3} maxLength={MAX_BLOG_EXCERPT_LENGTH} className="input" />
        </Field>

        <div className="grid gap-6 lg:grid-cols-2">
          <Field
            label="Content"
            htmlFor={fields.content.id}
            errors={fields.content.errors}
            errorId={fields.content.errorId}
            hint={
              <span id="content-syntax">
                <code>**bold**</code>, <code>*italic*</code>, <code>## Heading</code>, <code>### Subheading</code>, <code>- list item</code>,{" "}
                <code>&gt; quote</code>, <code>[link](https://…)</code>; a new line is a line break, an empty line a new paragraph.
              </span>
            }
          >
            <textarea
              {...getTextareaProps(fields.content)}
              aria-required="true"
              rows={18}
              className="input min-h-64 font-mono text-base leading-relaxed sm:text-sm"
            />
          </Field>
          <section aria-labelledby="blog-preview-title" className="flex min-w-0 flex-col">
            <div className="mb-1.5 flex items-center justify-between gap-3">
              <h2 id="blog-preview-title" className="text-sm font-semibold text-slate-200">
                Preview
              </h2>
              {!hydrated ? (
                <button type="submit" name="intent" value="preview" formNoValidate className="btn-secondary min-h-10 px-3 py-1.5 text-xs">
                  Preview
                </button>
              ) : null}
            </div>
            <div className="min-h-64 flex-1 overflow-auto rounded-lg border border-field-600 bg-field-950 p-4">
              {previewHtml ? (
                <div className="rich-text break-words [&>:first-child]:mt-0!" dangerouslySetInnerHTML={{ __html: previewHtml }} />
              ) : (
                <p className="text-sm text-slate-400">{hydrated ? "The preview appears here as you write." : "Press Preview to see the post as it will look."}</p>
              )}
            </div>
          </section>
        </div>

        <div className="grid gap-6 md:grid-cols-2">
          <Field label="Category" htmlFor={fields.category.id} errors={fields.category.errors} errorId={fields.category.errorId}>
            <select {...getSelectProps(fields.category)} className="input">
              {BLOG_CATEGORY_VALUES.map((category) => (
                <option key={category} value={category}>
                  {BLOG_CATEGORY_LABELS[category]}
                </option>
              ))}
            </select>
          </Field>

          <fieldset aria-describedby={fields.status.errors?.length ? fields.status.errorId : "status-hint"}>
            <legend className="label">Status</legend>
            <div className="flex flex-wrap gap-3">
              {getCollectionProps(fields.status, { type: "radio", options: ["draft", "published"] }).map(({ key, ...radio }) => (
                <label
                  key={key}
                  htmlFor={radio.id}
                  className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-field-600 bg-field-950 px-4 py-2 text-sm font-semibold text-slate-200 has-[:checked]:border-turf has-[:checked]:text-white"
                >
                  <input {...radio} className="h-4 w-4 accent-lime-400" />
                  {radio.value === "published" ? "Publish" : "Draft"}
                </label>
              ))}
            </div>
            <p id="status-hint" className="mt-1 text-xs text-slate-400">
              Saving with Publish sets the publish date to now, also for a post that was already published. A draft is not on the blog.
            </p>
            <FieldErrors id={fields.status.errorId} errors={fields.status.errors} />
          </fieldset>
        </div>

        <div>
          <label htmlFor={fields.featuredImage.id} className="label">
            Featured Image
          </label>
          <FilesNotKept show={Boolean(actionData && "imageDropped" in actionData && actionData.imageDropped)} many={false} className="mb-3" />
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
            {chosenImage || post?.featuredImage ? (
              <img
                src={chosenImage ?? post?.featuredImage ?? undefined}
                alt={chosenImage ? "Chosen featured image" : "Current featured image"}
                width={160}
                height={90}
                className="aspect-video w-40 shrink-0 rounded-lg border border-field-600 object-cover"
                onError={chosenImage ? () => setChosenImage(null) : undefined}
              />
            ) : null}
            <div className="min-w-0 space-y-2">
              <input
                {...getInputProps(fields.featuredImage, { type: "file" })}
                accept={IMAGE_ACCEPT}
                aria-describedby={fields.featuredImage.errors?.length ? `${fields.featuredImage.errorId} featured-image-hint` : "featured-image-hint"}
                className="block w-full text-sm text-slate-300 file:mr-3 file:rounded-md file:border-0 file:bg-field-700 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-white"
                onChange={(event) => {
                  const file = event.currentTarget.files?.[0];
                  setChosenImage(file && file.type.startsWith("image/") ? URL.createObjectURL(file) : null);
                }}
              />
              <p id="featured-image-hint" className="text-xs text-slate-400">
                JPG, PNG, GIF or WebP. Max 5MB.{post?.featuredImage ? " Leave empty to keep the current image." : ""}
              </p>
              <FieldErrors id={fields.featuredImage.errorId} errors={fields.featuredImage.errors} />
              {post?.featuredImage ? (
                <label className="flex items-center gap-2 text-sm text-slate-300">
                  <input {...getInputProps(fields.removeFeaturedImage, { type: "checkbox" })} className="h-4 w-4 accent-lime-400" />
                  Remove the current image
                </label>
              ) : null}
            </div>
          </div>
        </div>

        <div className="flex flex-col-reverse gap-3 border-t border-field-700 pt-6 sm:flex-row sm:justify-end">
          <Link to="/admin" className="btn-secondary">
            Cancel
          </Link>
          <button type="submit" name="intent" value="save" className="btn-primary sm:min-w-32" aria-disabled={saving || undefined} onClick={(event) => saving && event.preventDefault()}>
            {saving ? "Saving..." : submitLabel}
          </button>
        </div>
      </Form>
    </div>
  );
}

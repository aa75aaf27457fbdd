import { and, desc, eq, gte, lt, ne, or, sql } from "drizzle-orm";
import { blogPosts, blogSlugRedirects, type User } from "../../db/schema.ts";
import { auditEntry } from "./audit.server.ts";
import { deleteUnusedMedia, keepMedia, mediaKeysOf, queueMediaDeletion, reserveUploads } from "./orphans.server.ts";
import { renderMarkdown } from "../lib/markdown.ts";
import { BLOG_SAVE_FAILED, type BlogPostFormValues } from "../lib/schemas/blog.ts";
import { nextFreeSlug, slugify } from "../lib/slug.ts";
import type { AppContext } from "./context.server.ts";
import { hasErrorMessage, type Database } from "./db.server.ts";
import { movedBlogSlug } from "./blog.server.ts";
import { sanitizeHtml } from "./rich-text.server.ts";
import { readImageUpload, storeImage } from "./uploads.server.ts";

// The superadmin's blog editor: the list for the dashboard's Blog tab, the save and the delete.

/** Every post, newest first by created_at. A query, so it can be awaited or put in a db.batch. */
export function listPostsForAdmin(db: Database) {
  return db
    .select({
      id: blogPosts.id,
      title: blogPosts.title,
      slug: blogPosts.slug,
      excerpt: blogPosts.excerpt,
      category: blogPosts.category,
      isPublished: blogPosts.isPublished,
      publishedAt: blogPosts.publishedAt,
      createdAt: blogPosts.createdAt,
      authorId: blogPosts.authorId,
    })
    .from(blogPosts)
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id));
}

export type AdminBlogPostRow = Awaited<ReturnType<typeof listPostsForAdmin>>[number];

/**
 * Deletes a post (its comments go with it through the foreign key) with its audit entry, in one
 * batch; its image leaves R2 unless something else uses it. True when a post was deleted.
 */
export async function deleteBlogPost(app: Pick<AppContext, "db" | "env">, actor: Pick<User, "id" | "email" | "role">, id: number): Promise<boolean> {
  const { db } = app;
  const [post] = Number.isSafeInteger(id)
    ? await db.select({ slug: blogPosts.slug, title: blogPosts.title, featuredImage: blogPosts.featuredImage, isPublished: blogPosts.isPublished }).from(blogPosts).where(eq(blogPosts.id, id)).limit(1)
    : [];
  if (!post) return false;
  const keys = mediaKeysOf([post.featuredImage]);
  const results = await db.batch([
    auditEntry(db, actor, { action: "blog.delete", targetLabel: post.slug, before: { slug: post.slug, title: post.title, isPublished: post.isPublished }, after: null }),
    ...(keys.length ? [queueMediaDeletion(db, keys)] : []),
    db.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id }),
  ]);
  await deleteUnusedMedia({ db, bucket: app.env.MEDIA }, keys);
  return (results.at(-1) as { id: number }[]).length > 0;
}

const editableColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  content: blogPosts.content,
  category: blogPosts.category,
  featuredImage: blogPosts.featuredImage,
  isPublished: blogPosts.isPublished,
  publishedAt: blogPosts.publishedAt,
  updatedAt: blogPosts.updatedAt,
};

function postBySlugForEditQuery(db: Database, slug: string) {
  return db.select(editableColumns).from(blogPosts).where(eq(blogPosts.slug, slug)).limit(1);
}

export type EditableBlogPost = Awaited<ReturnType<typeof postBySlugForEditQuery>>[number];

export async function findBlogPostForEdit(db: Database, slug: string): Promise<EditableBlogPost | null> {
  const rows = await postBySlugForEditQuery(db, slug);
  return rows[0] ?? null;
}

/** The preview the public page would show for this markdown source. */
export function renderBlogPreview(source: string | null | undefined): string {
  return source?.trim() ? sanitizeHtml(renderMarkdown(source)) : "";
}

/** Slugs no post may take: /admin/blog/new is the create form. */
const RESERVED_BLOG_SLUGS = ["new"];

/** A slug the blog editor's own address uses (/admin/blog/new): never a post's. */
export function isReservedBlogSlug(slug: string) {
  return RESERVED_BLOG_SLUGS.includes(slug);
}

/** Slugs equal to `slug` or of the form `slug-...` (the candidates nextFreeSlug must avoid). */
function slugFamilyQuery(db: Database, slug: string) {
  // A range, not LIKE 'slug-%': D1 refuses a LIKE pattern over 50 bytes, and a long title makes a
  // longer slug. Every text that starts with 'slug-' sorts from 'slug-' up to, not including,
  // 'slug.' ('.' follows '-'); the range reads the slug's unique index.
  return db
    .select({ id: blogPosts.id, slug: blogPosts.slug })
    .from(blogPosts)
    .where(or(eq(blogPosts.slug, slug), and(gte(blogPosts.slug, `${slug}-`), lt(blogPosts.slug, `${slug}.`))));
}

function isSlugConflict(error: unknown): boolean {
  const messages: string[] = [];
  for (let current: unknown = error; current instanceof Error; current = current.cause) messages.push(current.message);
  return messages.some((message) => message.includes("UNIQUE constraint failed") && message.includes("slug"));
}

export type SaveBlogPostInput = {
  /** The slug in the address when editing; null when creating. */
  editSlug: string | null;
  authorId: string;
  /** The post's updated_at (ms) when the editor was opened; null saves over whatever is stored now. */
  revision: number | null;
  values: BlogPostFormValues;
  now?: Date;
};

export type SaveBlogPostOutcome =
  | { status: "saved"; slug: string; title: string; requestedSlug: string }
  | { status: "not-found" }
  /** Someone saved the post after this editor was opened (its revision is the one it has now): nothing was written. */
  | { status: "stale"; slug: string; revision: number }
  | { status: "image-rejected"; title: string; description: string }
  | { status: "failed"; message: string; field?: "slug" };

const SLUG_ATTEMPTS = 3;

/**
 * The first statement of an edit's batch: if the post was saved since the revision the editor was
 * opened on, it sets updated_at (NOT NULL) to NULL, the constraint fails and the whole batch is
 * undone (as the content editor's guard, admin-content.server.ts).
 */
function revisionGuard(db: Database, id: number, revision: number) {
  return db
    .update(blogPosts)
    .set({ updatedAt: sql`NULL` })
    .where(and(eq(blogPosts.id, id), ne(blogPosts.updatedAt, new Date(revision))));
}

async function staleOutcome(db: Database, id: number): Promise<SaveBlogPostOutcome> {
  const [row] = await db.select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt }).from(blogPosts).where(eq(blogPosts.id, id)).limit(1);
  return row ? { status: "stale", slug: row.slug, revision: row.updatedAt.getTime() } : { status: "not-found" };
}

/**
 * A save that changes the post's slug keeps the old one leading to it (blog_slug_redirects); the
 * slug the post now has, if it once led elsewhere, stops doing so: the live post answers it.
 */
function slugRedirectStatements(db: Database, existing: { id: number; slug: string } | null, slug: string) {
  if (existing?.slug === slug) return [];
  const taken = db.delete(blogSlugRedirects).where(eq(blogSlugRedirects.oldSlug, slug));
  if (!existing) return [taken];
  const kept = db
    .insert(blogSlugRedirects)
    .values({ oldSlug: existing.slug, postId: existing.id })
    .onConflictDoUpdate({ target: blogSlugRedirects.oldSlug, set: { postId: existing.id, createdAt: new Date() } });
  return [taken, kept];
}

/**
 * Creates or updates a post. The slug is made unique (slug-1, slug-2, ...); a chosen image is
 * checked by its bytes and stored under thumbnail/ before the row is written, and removed again
 * if the row cannot be written. Publishing stamps published_at with the current time on every
 * save; a draft has none.
 */
export async function saveBlogPost(
  app: Pick<AppContext, "db" | "env">,
  { editSlug, authorId, revision, values, now = new Date() }: SaveBlogPostInput,
): Promise<SaveBlogPostOutcome> {
  const image = values.featuredImage ? await readImageUpload(values.featuredImage) : null;
  if (image && !image.ok) return { status: "image-rejected", title: image.title, description: image.description };

  let existing: EditableBlogPost | null = null;
  let family: { id: number; slug: string }[];
  if (editSlug !== null) {
    const [postRows, familyRows] = await app.db.batch([postBySlugForEditQuery(app.db, editSlug), slugFamilyQuery(app.db, values.slug)]);
    existing = postRows[0] ?? null;
    if (!existing) {
      // Renamed by someone else while this editor was open: found under its new slug (and refused as stale below).
      const moved = await movedBlogSlug(app.db, editSlug, { drafts: true });
      existing = moved ? await findBlogPostForEdit(app.db, moved) : null;
    }
    if (!existing) return { status: "not-found" };
    // Another superadmin's save since this editor was opened is not overwritten unseen.
    if (revision !== null && existing.updatedAt.getTime() !== revision) {
      return { status: "stale", slug: existing.slug, revision: existing.updatedAt.getTime() };
    }
    family = familyRows;
  } else {
    family = await slugFamilyQuery(app.db, values.slug);
  }

  let featuredImage = values.removeFeaturedImage ? null : (existing?.featuredImage ?? null);
  let storedKey: string | null = null;
  if (image?.ok && values.featuredImage) {
    const name = slugify(values.featuredImage.name.replace(/\.[^.]*$/, "")).slice(0, 60) || "image";
    storedKey = `thumbnail/${now.getTime()}_${name}.${image.kind.extension}`;
    await reserveUploads(app.db, [storedKey]);
    featuredImage = await storeImage(app.env.MEDIA, storedKey, image);
  }
  // The image the post stops using (replaced or removed) leaves R2 after the save.
  const dropped = existing?.featuredImage && existing.featuredImage !== featuredImage ? mediaKeysOf([existing.featuredImage]) : [];
  const bookkeeping = [...(storedKey ? [keepMedia(app.db, [storedKey])] : []), ...(dropped.length ? [queueMediaDeletion(app.db, dropped)] : [])];

  const published = values.status === "published";
  const fields = {
    title: values.title,
    excerpt: values.excerpt ? values.excerpt : null,
    content: values.content,
    category: values.category,
    featuredImage,
    isPublished: published,
    publishedAt: published ? now : null,
  };

  const ownId = existing?.id;
  // /admin/blog/new is the create form: no post may be edited at that address.
  let taken = [...family.filter((row) => row.id !== ownId).map((row) => row.slug), ...RESERVED_BLOG_SLUGS.filter((reserved) => reserved === values.slug)];
  for (let attempt = 1; ; attempt += 1) {
    const slug = nextFreeSlug(values.slug, taken);
    try {
      const write = existing
        ? app.db.update(blogPosts).set({ ...fields, slug, updatedAt: now }).where(eq(blogPosts.id, existing.id))
        : app.db.insert(blogPosts).values({ ...fields, slug, authorId, createdAt: now, updatedAt: now });
      const guard = existing && revision !== null ? [revisionGuard(app.db, existing.id, revision)] : [];
      await app.db.batch([...guard, write, ...slugRedirectStatements(app.db, existing, slug), ...bookkeeping] as unknown as [typeof write]);
      await deleteUnusedMedia({ db: app.db, bucket: app.env.MEDIA }, dropped);
      return { status: "saved", slug, title: values.title, requestedSlug: values.slug };
    } catch (error) {
      // Another save took the slug between our read and our write: pick the next one.
      if (isSlugConflict(error) && attempt < SLUG_ATTEMPTS) {
        taken = [...taken, slug];
        continue;
      }
      if (storedKey) await app.env.MEDIA.delete(storedKey).catch(() => undefined);
      if (existing && hasErrorMessage(error, /NOT NULL constraint failed: blog_posts\.updated_at/)) return staleOutcome(app.db, existing.id);
      if (isSlugConflict(error)) {
        return { status: "failed", field: "slug", message: `The slug "${slug}" is already taken. Please choose another one.` };
      }
      console.error("Blog post save failed", error);
      return { status: "failed", message: BLOG_SAVE_FAILED };
    }
  }
}

import { and, count, desc, eq } from "drizzle-orm";
import { blogPosts, blogSlugRedirects, users } from "../../db/schema.ts";
import type { BlogCardData } from "../lib/blog.ts";
import { type Database, reusableSelect, type Param } from "./db.server.ts";

/**
 * The slug a post has now, when a link names one it had before, or null. Read only where the page
 * would be a 404; a draft moves only in the staff's editor (`drafts`).
 */
export async function movedBlogSlug(db: Database, oldSlug: string, { drafts = false } = {}): Promise<string | null> {
  const [row] = await db
    .select({ slug: blogPosts.slug, isPublished: blogPosts.isPublished })
    .from(blogSlugRedirects)
    .innerJoin(blogPosts, eq(blogPosts.id, blogSlugRedirects.postId))
    .where(eq(blogSlugRedirects.oldSlug, oldSlug))
    .limit(1);
  return row && (row.isPublished || drafts) ? row.slug : null;
}

export const blogCardColumns = {
  slug: blogPosts.slug,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  category: blogPosts.category,
  featuredImage: blogPosts.featuredImage,
  publishedAt: blogPosts.publishedAt,
};

export const latestPostsQuery = reusableSelect((db: Database, limit: Param<number>) => {
  return db
    .select(blogCardColumns)
    .from(blogPosts)
    .where(eq(blogPosts.isPublished, true))
    .orderBy(desc(blogPosts.publishedAt))
    .limit(limit);
});

export function toBlogCard(row: { slug: string; title: string; excerpt: string | null; category: BlogCardData["category"]; featuredImage: string | null; publishedAt: Date | null }): BlogCardData {
  return { ...row, publishedAt: row.publishedAt?.getTime() ?? null };
}

export const BLOG_PAGE_SIZE = 12;

export function blogPageQuery(db: Database, category: BlogCardData["category"] | null, page: number) {
  const filters = [eq(blogPosts.isPublished, true)];
  if (category) filters.push(eq(blogPosts.category, category));
  return db
    .select(blogCardColumns)
    .from(blogPosts)
    .where(and(...filters))
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
    .limit(BLOG_PAGE_SIZE)
    .offset((page - 1) * BLOG_PAGE_SIZE);
}

export function publishedPostCountQuery(db: Database, category: BlogCardData["category"] | null) {
  const filters = [eq(blogPosts.isPublished, true)];
  if (category) filters.push(eq(blogPosts.category, category));
  return db.select({ total: count() }).from(blogPosts).where(and(...filters));
}

export const postBySlugQuery = reusableSelect((db: Database, slug: Param<string>) => {
  return db
    .select({
      id: blogPosts.id,
      slug: blogPosts.slug,
      title: blogPosts.title,
      excerpt: blogPosts.excerpt,
      content: blogPosts.content,
      category: blogPosts.category,
      featuredImage: blogPosts.featuredImage,
      isPublished: blogPosts.isPublished,
      publishedAt: blogPosts.publishedAt,
      authorFirstName: users.firstName,
    })
    .from(blogPosts)
    .leftJoin(users, eq(users.id, blogPosts.authorId))
    .where(eq(blogPosts.slug, slug))
    .limit(1);
});

export async function findPublishedPostId(db: Database, slug: string) {
  const [row] = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), eq(blogPosts.isPublished, true)))
    .limit(1);
  return row?.id ?? null;
}

export function feedPostsQuery(db: Database, limit = 50) {
  return db
    .select({ slug: blogPosts.slug, title: blogPosts.title, excerpt: blogPosts.excerpt, content: blogPosts.content, publishedAt: blogPosts.publishedAt, category: blogPosts.category })
    .from(blogPosts)
    .where(eq(blogPosts.isPublished, true))
    .orderBy(desc(blogPosts.publishedAt))
    .limit(limit);
}

import { and, desc, eq } from "drizzle-orm";
import { blogPosts } from "../../db/schema.ts";
import type { BlogCardData } from "../lib/blog.ts";
import type { Database } from "./db.server.ts";

export const blogCardColumns = {
  slug: blogPosts.slug,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  category: blogPosts.category,
  featuredImage: blogPosts.featuredImage,
  publishedAt: blogPosts.publishedAt,
};

export function latestPostsQuery(db: Database, limit: number) {
  return db
    .select(blogCardColumns)
    .from(blogPosts)
    .where(eq(blogPosts.isPublished, true))
    .orderBy(desc(blogPosts.publishedAt))
    .limit(limit);
}

export function postsInCategoryQuery(db: Database, category: BlogCardData["category"], limit: number) {
  return db
    .select(blogCardColumns)
    .from(blogPosts)
    .where(and(eq(blogPosts.isPublished, true), eq(blogPosts.category, category)))
    .orderBy(desc(blogPosts.publishedAt))
    .limit(limit);
}

export function toBlogCard(row: { slug: string; title: string; excerpt: string | null; category: BlogCardData["category"]; featuredImage: string | null; publishedAt: Date | null }): BlogCardData {
  return { ...row, publishedAt: row.publishedAt?.getTime() ?? null };
}

import { and, desc, eq, inArray, or } from "drizzle-orm";
import { blogPosts, content } from "../../db/schema.ts";
import type { Database } from "./db.server.ts";

export const SITEMAP_CONTENT_LIMIT = 5000;

export function sitemapQueries(db: Database) {
  return [
    db
      .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
      .from(blogPosts)
      .where(eq(blogPosts.isPublished, true))
      .orderBy(desc(blogPosts.publishedAt))
      .limit(SITEMAP_CONTENT_LIMIT),
    db
      .select({ slug: content.slug, type: content.type, updatedAt: content.updatedAt })
      .from(content)
      .where(
        and(
          eq(content.isPublished, true),
          or(inArray(content.type, ["meta-scheme", "off-meta-scheme"]), eq(content.requiredTier, "free")),
        ),
      )
      .orderBy(desc(content.createdAt))
      .limit(SITEMAP_CONTENT_LIMIT),
  ] as const;
}

/** What XML 1.0 cannot carry at all (most control characters, lone surrogates): one would void the whole feed. */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function escapeXml(value: string) {
  return value
    .replace(NOT_XML, "")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;");
}

// Blog posts no page can create yet (hostile markdown, many old posts for pagination, titles that
// need escaping in the feeds), stored straight in the test state.
import { blogPosts, type BlogPost } from "../../db/schema.ts";
import { demoUserId } from "./accounts.ts";
import { testState } from "./test-state.ts";

const DAY = 24 * 60 * 60 * 1000;

export type TestPost = {
  slug: string;
  title: string;
  content: string;
  excerpt?: string | null;
  category?: BlogPost["category"];
  featuredImage?: string | null;
  published?: boolean;
  /** Publication date, in days before now. */
  daysAgo: number;
};

/** Inserts blog posts (authored by the superadmin), ignoring slugs that already exist. */
export async function insertPosts(posts: TestPost[]) {
  const { db } = await testState();
  const authorId = await demoUserId("superadmin");
  const now = Date.now();
  const [first, ...rest] = posts.map((post) => {
    const date = new Date(now - post.daysAgo * DAY);
    return db
      .insert(blogPosts)
      .values({
        slug: post.slug,
        title: post.title,
        excerpt: post.excerpt ?? null,
        content: post.content,
        category: post.category ?? "news",
        featuredImage: post.featuredImage ?? null,
        isPublished: post.published !== false,
        publishedAt: post.published === false ? null : date,
        authorId,
        createdAt: date,
        updatedAt: date,
      })
      .onConflictDoNothing({ target: blogPosts.slug });
  });
  if (first) await db.batch([first, ...rest]);
}

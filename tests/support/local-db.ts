// Direct access to the test server's local D1, for the few HTTP tests that need a row no page can
// create yet (a post with hostile markdown, many posts for pagination, an account without a first
// name) or that check what was stored. Opens the same state directory as the running server
// (tests/support/test-server.ts) through wrangler's platform proxy, as scripts/local-state.ts does.
import { existsSync } from "node:fs";
import { ROOT } from "../../scripts/local-state.ts";
import { TEST_STATE_DIR } from "./test-server.ts";

/** The server's D1, until dispose() (opening takes a few seconds: keep one per test file). */
export async function openLocalDb(): Promise<{ db: D1Database; dispose: () => Promise<void> }> {
  const path = `${ROOT}/${TEST_STATE_DIR}/v3`;
  if (!existsSync(path)) throw new Error(`No local state at ${path}: start the tests with npm test or without TEST_BASE_URL.`);
  const { getPlatformProxy } = await import("wrangler");
  const proxy = await getPlatformProxy<Env>({ configPath: `${ROOT}/wrangler.toml`, persist: { path } });
  return { db: proxy.env.DB, dispose: () => proxy.dispose() };
}

export async function withLocalDb<T>(run: (db: D1Database) => Promise<T>): Promise<T> {
  const { db, dispose } = await openLocalDb();
  try {
    return await run(db);
  } finally {
    await dispose();
  }
}

const DAY = 24 * 60 * 60 * 1000;

export type TestPost = {
  slug: string;
  title: string;
  content: string;
  excerpt?: string | null;
  category?: "updates" | "announcements" | "news";
  featuredImage?: string | null;
  published?: boolean;
  /** Publication date, in days before now. */
  daysAgo: number;
};

/** Inserts blog posts (authored by the superadmin), ignoring slugs that already exist. */
export async function insertPosts(db: D1Database, posts: TestPost[]) {
  const now = Date.now();
  await db.batch(
    posts.map((post) =>
      db
        .prepare(
          `INSERT INTO blog_posts (slug, title, excerpt, content, category, featured_image, is_published, published_at, author_id, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, (SELECT id FROM users WHERE email = 'superadmin@example.com'), ?, ?)
           ON CONFLICT (slug) DO NOTHING`,
        )
        .bind(
          post.slug,
          post.title,
          post.excerpt ?? null,
          post.content,
          post.category ?? "news",
          post.featuredImage ?? null,
          post.published === false ? 0 : 1,
          post.published === false ? null : now - post.daysAgo * DAY,
          now - post.daysAgo * DAY,
          now - post.daysAgo * DAY,
        ),
    ),
  );
}

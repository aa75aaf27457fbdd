// Direct access to the test server's local D1 (the SQLite file miniflare keeps under the test state
// directory), for checks that a refused action stored nothing and for fixtures that need more rows
// than the seed has. The server keeps serving from the same file (WAL mode), so reads see its writes
// and its reads see ours.
import { existsSync, readdirSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { DEMO_ACCOUNTS, type DemoRole } from "../../db/seed.ts";
import { ROOT } from "../../scripts/local-state.ts";
import { TEST_STATE_DIR } from "./test-server.ts";

let cached: DatabaseSync | null = null;

export function testDb(): DatabaseSync {
  if (cached) return cached;
  const dir = `${ROOT}/${TEST_STATE_DIR}/v3/d1/miniflare-D1DatabaseObject`;
  const files = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite") : [];
  for (const file of files) {
    const db = new DatabaseSync(`${dir}/${file}`, { timeout: 10_000 });
    try {
      db.prepare("SELECT 1 FROM content LIMIT 1").get();
      cached = db;
      return db;
    } catch {
      db.close();
    }
  }
  throw new Error(`No local D1 database with a content table under ${dir} (TEST_STATE_DIR=${TEST_STATE_DIR})`);
}

export function userId(role: DemoRole): string {
  const row = testDb().prepare("SELECT id FROM users WHERE email = ?").get(DEMO_ACCOUNTS[role].email) as { id: string } | undefined;
  if (!row) throw new Error(`Demo account ${role} missing from the test database`);
  return row.id;
}

export function contentId(slug: string): number {
  const row = testDb().prepare("SELECT id FROM content WHERE slug = ?").get(slug) as { id: number } | undefined;
  if (!row) throw new Error(`Content ${slug} missing from the test database`);
  return row.id;
}

export function storedRating(role: DemoRole, slug: string): number | null {
  const row = testDb()
    .prepare("SELECT rating FROM content_ratings WHERE user_id = ? AND content_id = ?")
    .get(userId(role), contentId(slug)) as { rating: number } | undefined;
  return row?.rating ?? null;
}

export function isFavorite(role: DemoRole, slug: string): boolean {
  return Boolean(testDb().prepare("SELECT 1 FROM favorites WHERE user_id = ? AND content_id = ?").get(userId(role), contentId(slug)));
}

export function storedViews(slug: string): number {
  return (testDb().prepare("SELECT views FROM content WHERE slug = ?").get(slug) as { views: number }).views;
}

export type StoredComment = { id: number; user_id: string; comment: string; author_name: string; content_id: number | null };

export function commentsOf(slug: string): StoredComment[] {
  return testDb()
    .prepare("SELECT id, user_id, comment, author_name, content_id FROM comments WHERE content_id = ? ORDER BY created_at, id")
    .all(contentId(slug)) as StoredComment[];
}

export function commentById(id: number): StoredComment | undefined {
  return testDb().prepare("SELECT id, user_id, comment, author_name, content_id FROM comments WHERE id = ?").get(id) as StoredComment | undefined;
}

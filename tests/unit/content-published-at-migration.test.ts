import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { migrateToBefore } from "./helpers";

// Migration 0016 adds content.published_at (when an item was first published; the digest's 'new in
// the games you follow' reads it). Items already published count as published when they were
// created, which is what the digest read before; drafts have none until they are published.

const db = env.MIGRATION_DB;

describe("migration 0016 (content published at)", () => {
  beforeAll(async () => {
    const { migrateRest } = await migrateToBefore("0016_");
    await db
      .prepare("INSERT INTO content (id, slug, title, is_published, created_at, updated_at) VALUES (1, 'live', 'Live', 1, 111, 111), (2, 'draft', 'Draft', 0, 222, 222)")
      .run();
    await migrateRest();
  });

  it("dates every published item from its creation and leaves drafts without a date", async () => {
    expect((await db.prepare("SELECT id, published_at FROM content ORDER BY id").all()).results).toEqual([
      { id: 1, published_at: 111 },
      { id: 2, published_at: null },
    ]);
  });

  it("indexes the digest's read by game and publication", async () => {
    const plan = await db.prepare("EXPLAIN QUERY PLAN SELECT 1 FROM content WHERE game = 'college' AND is_published = 1 AND published_at > 100").all();
    expect(JSON.stringify(plan.results)).toContain("content_game_published_at_idx");
  });
});

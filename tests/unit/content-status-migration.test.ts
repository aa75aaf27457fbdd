import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { migrateToBefore } from "./helpers";

// Migration 0020 moves a content item's patch status into content_status without rebuilding
// content: a rebuild's DROP TABLE would cascade-delete every row that refers to an item on D1,
// where foreign keys stay on. Here a database at 0019 holds items with statuses, formations, plays,
// history, ratings, favourites and progress; after 0020 every one of them is still there, each
// item's status moved with it, and the status row follows the item's game, type and published flag.

const db = env.MIGRATION_DB;
const rows = async <T>(statement: string) => (await db.prepare(statement).all<T>()).results;

describe("migration 0020 (content_status)", () => {
  beforeAll(async () => {
    const { migrateRest } = await migrateToBefore("0020_");
    await db.batch([
      db.prepare("INSERT INTO users (id, email, first_name, last_name) VALUES ('u1', 'u1@example.com', 'Una', 'One')"),
      db.prepare("INSERT INTO title_updates (id, game, version, released_on, gameplay) VALUES (1, 'madden', '1.08', '2026-11-01', 1)"),
      db.prepare("INSERT INTO content (id, slug, title, game, type, is_published, created_at) VALUES (1, 'scheme', 'Scheme', 'madden', 'meta-scheme', 1, 100), (2, 'tip', 'Tip', 'college', 'pro-tip', 0, 200)"),
      db.prepare("UPDATE content SET status = 'nerfed', status_update_id = 1, status_note = 'Sinks now', status_alternative = '/content/tip', status_changed_at = 5 WHERE id = 1"),
      db.prepare("INSERT INTO content_sections (id, content_id, slug, title) VALUES (1, 1, 'gun', 'Gun')"),
      db.prepare("INSERT INTO content_plays (id, section_id, slug, title) VALUES (1, 1, 'mesh', 'Mesh')"),
      db.prepare(
        "INSERT INTO status_changes (item_kind, content_id, from_status, to_status, update_id, changed_by, changed_at) VALUES ('content', 1, 'verified', 'nerfed', 1, 'u1', 5)",
      ),
      db.prepare("INSERT INTO content_ratings (user_id, content_id, rating) VALUES ('u1', 1, 4)"),
      db.prepare("INSERT INTO favorites (user_id, content_id) VALUES ('u1', 1)"),
      db.prepare("INSERT INTO play_progress (user_id, play_id, content_id, stage) VALUES ('u1', 1, 1, 'practised')"),
    ]);
    await migrateRest();
  });

  it("moves each item's status, note, alternative and update into content_status, with its game, type, published flag and creation time", async () => {
    expect(await rows("SELECT * FROM content_status ORDER BY content_id")).toEqual([
      {
        content_id: 1,
        game: "madden",
        type: "meta-scheme",
        is_published: 1,
        created_at: 100,
        status: "nerfed",
        status_update_id: 1,
        status_note: "Sinks now",
        status_alternative: "/content/tip",
        status_changed_at: 5,
      },
      {
        content_id: 2,
        game: "college",
        type: "pro-tip",
        is_published: 0,
        created_at: 200,
        status: "verified",
        status_update_id: null,
        status_note: null,
        status_alternative: null,
        status_changed_at: null,
      },
    ]);
    const columns = (await rows<{ name: string }>("PRAGMA table_info(content)")).map((column) => column.name);
    expect(columns.filter((name) => name.startsWith("status"))).toEqual([]);
  });

  it("keeps every row that refers to an item: formations, plays, history, ratings, favourites and progress", async () => {
    expect(await rows("SELECT content_id, to_status FROM status_changes")).toEqual([{ content_id: 1, to_status: "nerfed" }]);
    expect(await rows("SELECT count(*) AS n FROM content_sections WHERE content_id = 1")).toEqual([{ n: 1 }]);
    expect(await rows("SELECT count(*) AS n FROM content_plays")).toEqual([{ n: 1 }]);
    expect(await rows("SELECT rating FROM content_ratings")).toEqual([{ rating: 4 }]);
    expect(await rows("SELECT content_id FROM favorites")).toEqual([{ content_id: 1 }]);
    expect(await rows("SELECT stage FROM play_progress")).toEqual([{ stage: "practised" }]);
    expect(await rows("PRAGMA foreign_key_check")).toEqual([]);
  });

  it("gives a new item its status row (verified), follows its game, type, published flag and creation time, and deletes it with the item", async () => {
    await db.prepare("INSERT INTO content (id, slug, title, game, type, is_published, created_at) VALUES (3, 'new', 'New', 'college', 'gameplay', 0, 300)").run();
    expect(await rows("SELECT content_id, game, type, is_published, created_at, status, status_update_id FROM content_status WHERE content_id = 3")).toEqual([
      { content_id: 3, game: "college", type: "gameplay", is_published: 0, created_at: 300, status: "verified", status_update_id: null },
    ]);
    await db.prepare("UPDATE content SET game = 'madden', type = 'lab-sessions', is_published = 1, created_at = 301 WHERE id = 3").run();
    expect(await rows("SELECT game, type, is_published, created_at, status FROM content_status WHERE content_id = 3")).toEqual([
      { game: "madden", type: "lab-sessions", is_published: 1, created_at: 301, status: "verified" },
    ]);
    // An upsert that updates an existing item inserts no second row and leaves its status alone.
    await db.prepare("INSERT INTO content (slug, title, created_at) VALUES ('scheme', 'Scheme 2', 400) ON CONFLICT (slug) DO UPDATE SET title = excluded.title").run();
    expect(await rows("SELECT status FROM content_status WHERE content_id = 1")).toEqual([{ status: "nerfed" }]);
    await db.prepare("DELETE FROM content WHERE id IN (1, 3)").run();
    expect(await rows("SELECT content_id FROM content_status ORDER BY content_id")).toEqual([{ content_id: 2 }]);
  });
});

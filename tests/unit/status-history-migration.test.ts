import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { migrateToBefore } from "./helpers";

// Migration 0012 rebuilds status_changes without foreign keys on its item columns (patch day's
// bulk insert no longer checks 230,000 ids). On D1 foreign keys stay on, so the rebuild must not
// let DROP TABLE cascade to notification_reads. Here a database at 0011 holds history and read
// marks; after 0012 all of it is still there, ids keep counting from where they were, and deleting
// an item or a play still takes its history with it.

const db = env.MIGRATION_DB;
const rows = async <T>(statement: string) => (await db.prepare(statement).all<T>()).results;

describe("migration 0012 (status history without item keys)", () => {
  beforeAll(async () => {
    const { migrateRest } = await migrateToBefore("0012_");
    await db.batch([
      db.prepare("INSERT INTO users (id, email, first_name, last_name) VALUES ('staff', 'staff@example.com', 'Sam', 'Staff'), ('member', 'member@example.com', 'Mo', 'Member')"),
      db.prepare("INSERT INTO title_updates (id, game, version, released_on, gameplay) VALUES (1, 'madden', '1.08', '2026-11-01', 1), (2, 'madden', '1.09', '2026-11-20', 1)"),
      db.prepare("INSERT INTO content (id, slug, title, game) VALUES (1, 'scheme-one', 'Scheme one', 'madden'), (2, 'scheme-two', 'Scheme two', 'madden')"),
      db.prepare("INSERT INTO content_sections (id, content_id, slug, title) VALUES (1, 1, 'gun', 'Gun'), (2, 2, 'pistol', 'Pistol')"),
      db.prepare("INSERT INTO content_plays (id, section_id, slug, title) VALUES (1, 1, 'mesh', 'Mesh'), (2, 1, 'stick', 'Stick'), (3, 2, 'flood', 'Flood')"),
      db.prepare(
        `INSERT INTO status_changes (id, item_kind, content_id, play_id, from_status, to_status, update_id, note, changed_by, notify, changed_at) VALUES
          (1, 'content', 1, NULL, 'verified', 'needs-retest', 1, NULL, 'staff', 1, 10),
          (2, 'play', 1, 1, 'verified', 'nerfed', 1, 'Sinks now', 'staff', 1, 11),
          (3, 'play', 1, 2, 'verified', 'needs-retest', 2, NULL, 'staff', 0, 12),
          (4, 'content', 2, NULL, 'verified', 'adjusted', 2, 'Motion first', 'staff', 1, 13),
          (5, 'play', 2, 3, 'verified', 'needs-retest', 2, NULL, 'staff', 0, 14),
          (6, 'content', 2, NULL, 'adjusted', 'verified', 2, NULL, 'staff', 1, 15)`,
      ),
      // The newest change is gone (its item's history was edited away): its id must not come back.
      db.prepare("DELETE FROM status_changes WHERE id = 6"),
      db.prepare("INSERT INTO notification_reads (user_id, change_id) VALUES ('member', 1), ('member', 2), ('member', 4), ('member', 5)"),
    ]);
    await migrateRest();
  });

  it("keeps every history row and every read mark", async () => {
    expect(await rows("SELECT id, item_kind, content_id, play_id, from_status, to_status, update_id, note, changed_by, notify, changed_at FROM status_changes ORDER BY id")).toEqual([
      { id: 1, item_kind: "content", content_id: 1, play_id: null, from_status: "verified", to_status: "needs-retest", update_id: 1, note: null, changed_by: "staff", notify: 1, changed_at: 10 },
      { id: 2, item_kind: "play", content_id: 1, play_id: 1, from_status: "verified", to_status: "nerfed", update_id: 1, note: "Sinks now", changed_by: "staff", notify: 1, changed_at: 11 },
      { id: 3, item_kind: "play", content_id: 1, play_id: 2, from_status: "verified", to_status: "needs-retest", update_id: 2, note: null, changed_by: "staff", notify: 0, changed_at: 12 },
      { id: 4, item_kind: "content", content_id: 2, play_id: null, from_status: "verified", to_status: "adjusted", update_id: 2, note: "Motion first", changed_by: "staff", notify: 1, changed_at: 13 },
      { id: 5, item_kind: "play", content_id: 2, play_id: 3, from_status: "verified", to_status: "needs-retest", update_id: 2, note: null, changed_by: "staff", notify: 0, changed_at: 14 },
    ]);
    expect(await rows("SELECT user_id, change_id FROM notification_reads ORDER BY change_id")).toEqual([
      { user_id: "member", change_id: 1 },
      { user_id: "member", change_id: 2 },
      { user_id: "member", change_id: 4 },
      { user_id: "member", change_id: 5 },
    ]);
    expect(await rows("PRAGMA foreign_key_check")).toEqual([]);
    expect(await rows("SELECT name FROM sqlite_master WHERE name LIKE '\\_\\_%' ESCAPE '\\'")).toEqual([]);
  });

  it("checks only the update and the staff member on insert, and keeps the indexes", async () => {
    const keys = await rows<{ from: string; table: string; on_delete: string }>("PRAGMA foreign_key_list(status_changes)");
    expect(keys.map(({ from, table, on_delete }) => ({ from, table, on_delete })).sort((a, b) => a.from.localeCompare(b.from))).toEqual([
      { from: "changed_by", table: "users", on_delete: "SET NULL" },
      { from: "update_id", table: "title_updates", on_delete: "SET NULL" },
    ]);
    const indexes = (await rows<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'status_changes' ORDER BY name")).map((entry) => entry.name);
    expect(indexes).toEqual(["status_changes_content_idx", "status_changes_play_idx", "status_changes_update_idx"]);
    const reads = await rows<{ table: string; on_delete: string }>("PRAGMA foreign_key_list(notification_reads)");
    expect(reads.map(({ table, on_delete }) => `${table} ${on_delete}`).sort()).toEqual(["status_changes CASCADE", "users CASCADE"]);
  });

  it("goes on counting ids past the highest one ever given", async () => {
    const inserted = await db
      .prepare("INSERT INTO status_changes (item_kind, content_id, to_status, update_id, changed_by, changed_at) VALUES ('content', 1, 'verified', 2, 'staff', 20) RETURNING id")
      .first<{ id: number }>();
    expect(inserted?.id).toBe(7);
    await db.prepare("DELETE FROM status_changes WHERE id = 7").run();
  });

  it("deletes a play's history (and its read marks) with the play, and an item's with the item", async () => {
    await db.prepare("DELETE FROM content_plays WHERE id = 1").run();
    expect((await rows<{ id: number }>("SELECT id FROM status_changes ORDER BY id")).map((row) => row.id)).toEqual([1, 3, 4, 5]);
    expect((await rows<{ change_id: number }>("SELECT change_id FROM notification_reads ORDER BY change_id")).map((row) => row.change_id)).toEqual([1, 4, 5]);

    // Deleting the scheme cascades to its formations and plays; every history row of it goes.
    await db.prepare("DELETE FROM content WHERE id = 2").run();
    expect((await rows<{ id: number }>("SELECT id FROM status_changes ORDER BY id")).map((row) => row.id)).toEqual([1, 3]);
    expect((await rows<{ change_id: number }>("SELECT change_id FROM notification_reads ORDER BY change_id")).map((row) => row.change_id)).toEqual([1]);
    expect(await rows("PRAGMA foreign_key_check")).toEqual([]);
  });

  it("still clears the update and the staff member when either is deleted", async () => {
    await db.prepare("DELETE FROM title_updates WHERE id = 1").run();
    await db.prepare("DELETE FROM users WHERE id = 'staff'").run();
    expect(await rows("SELECT id, update_id, changed_by FROM status_changes ORDER BY id")).toEqual([
      { id: 1, update_id: null, changed_by: null },
      { id: 3, update_id: 2, changed_by: null },
    ]);
  });
});

import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { migrateToBefore } from "./helpers";

// Migration 0011 moves a play's patch status into play_status without rebuilding content_plays:
// a rebuild's DROP TABLE would cascade-delete every row that refers to a play on D1, where foreign
// keys stay on. Here a database at 0010 holds plays with statuses, history, progress and a
// gameplan; after 0011 every one of them is still there and each play's status moved with it.

const db = env.MIGRATION_DB;
const rows = async <T>(statement: string) => (await db.prepare(statement).all<T>()).results;

describe("migration 0011 (play_status)", () => {
  beforeAll(async () => {
    const { migrateRest } = await migrateToBefore("0011_");
    await db.batch([
      db.prepare("INSERT INTO users (id, email, first_name, last_name) VALUES ('u1', 'u1@example.com', 'Una', 'One')"),
      db.prepare("INSERT INTO title_updates (id, game, version, released_on, gameplay) VALUES (1, 'madden', '1.08', '2026-11-01', 1)"),
      db.prepare("INSERT INTO content (id, slug, title, game) VALUES (1, 'scheme', 'Scheme', 'madden')"),
      db.prepare("INSERT INTO content_sections (id, content_id, slug, title) VALUES (1, 1, 'gun', 'Gun')"),
      db.prepare("INSERT INTO content_plays (id, section_id, slug, title) VALUES (1, 1, 'mesh', 'Mesh'), (2, 1, 'stick', 'Stick')"),
      db.prepare("UPDATE content_plays SET status = 'nerfed', status_update_id = 1, status_note = 'Sinks now', status_alternative = '/content/x', status_changed_at = 5 WHERE id = 1"),
      db.prepare("UPDATE content_plays SET status = 'needs-retest', status_update_id = 1, status_changed_at = 6 WHERE id = 2"),
      db.prepare(
        "INSERT INTO status_changes (item_kind, content_id, play_id, from_status, to_status, update_id, changed_by, changed_at) VALUES ('play', 1, 1, 'verified', 'nerfed', 1, 'u1', 5), ('play', 1, 2, 'verified', 'needs-retest', 1, 'u1', 6)",
      ),
      db.prepare("INSERT INTO play_progress (user_id, play_id, content_id, stage) VALUES ('u1', 1, 1, 'practised')"),
      db.prepare("INSERT INTO gameplans (id, user_id, name, game) VALUES (1, 'u1', 'Ranked', 'madden')"),
      db.prepare("INSERT INTO gameplan_plays (gameplan_id, play_id, content_id, situation, position) VALUES (1, 2, 1, 'opener', 0)"),
    ]);
    await migrateRest();
  });

  it("moves each play's status, note, alternative and update into play_status", async () => {
    expect(await rows("SELECT * FROM play_status ORDER BY play_id")).toEqual([
      { play_id: 1, status: "nerfed", status_update_id: 1, status_note: "Sinks now", status_alternative: "/content/x", status_changed_at: 5 },
      { play_id: 2, status: "needs-retest", status_update_id: 1, status_note: null, status_alternative: null, status_changed_at: 6 },
    ]);
    const columns = (await rows<{ name: string }>("PRAGMA table_info(content_plays)")).map((column) => column.name);
    expect(columns).not.toContain("status");
    expect(columns.filter((name) => name.startsWith("status"))).toEqual([]);
  });

  it("keeps every row that refers to a play: history, progress and gameplans", async () => {
    expect(await rows("SELECT play_id, to_status FROM status_changes ORDER BY play_id")).toEqual([
      { play_id: 1, to_status: "nerfed" },
      { play_id: 2, to_status: "needs-retest" },
    ]);
    expect(await rows("SELECT play_id, stage FROM play_progress")).toEqual([{ play_id: 1, stage: "practised" }]);
    expect(await rows("SELECT play_id, situation FROM gameplan_plays")).toEqual([{ play_id: 2, situation: "opener" }]);
    expect(await rows("PRAGMA foreign_key_check")).toEqual([]);
  });

  it("gives a new play its status row (verified) and deletes it with the play", async () => {
    await db.prepare("INSERT INTO content_plays (id, section_id, slug, title) VALUES (3, 1, 'flood', 'Flood')").run();
    expect(await rows("SELECT play_id, status, status_update_id FROM play_status WHERE play_id = 3")).toEqual([{ play_id: 3, status: "verified", status_update_id: null }]);
    // An upsert that updates an existing play inserts no second row and leaves its status alone.
    await db.prepare("INSERT INTO content_plays (section_id, slug, title) VALUES (1, 'mesh', 'Mesh 2') ON CONFLICT (section_id, slug) DO UPDATE SET title = excluded.title").run();
    expect(await rows("SELECT status FROM play_status WHERE play_id = 1")).toEqual([{ status: "nerfed" }]);
    await db.prepare("DELETE FROM content_plays WHERE id IN (1, 3)").run();
    expect(await rows("SELECT play_id FROM play_status ORDER BY play_id")).toEqual([{ play_id: 2 }]);
  });
});

import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { migrateToBefore } from "./helpers";

// Migration 0015 puts a play's formation name into its search document's tag column: the plays
// already indexed get it too, and the index (search_fts) follows, so a search naming the formation
// and the play finds the play.

const db = env.MIGRATION_DB;
const rows = async <T>(statement: string) => (await db.prepare(statement).all<T>()).results;

describe("migration 0015 (search: a play's formation)", () => {
  beforeAll(async () => {
    const { migrateRest } = await migrateToBefore("0015_");
    await db.batch([
      db.prepare("INSERT INTO content (id, slug, title, game, is_published) VALUES (1, 'scheme', 'Scheme', 'madden', 1)"),
      db.prepare("INSERT INTO content_sections (id, content_id, slug, title) VALUES (1, 1, 'gun-bunch', 'Gun Bunch'), (2, 1, 'pistol', 'Pistol')"),
      db.prepare(`INSERT INTO content_plays (id, section_id, slug, title, tags) VALUES (1, 1, 'mesh', 'Mesh', '["red zone"]'), (2, 2, 'mesh', 'Mesh', '[]')`),
    ]);
    expect(await rows("SELECT rowid FROM search_fts WHERE search_fts MATCH 'bunch mesh'")).toEqual([]);
    await migrateRest();
  });

  it("gives every play document its formation's name after its own tags, and the index finds it", async () => {
    expect(await rows("SELECT ref_id, tag_text FROM search_documents WHERE kind = 'play' ORDER BY ref_id")).toEqual([
      { ref_id: 1, tag_text: "red zone Gun Bunch" },
      { ref_id: 2, tag_text: "Pistol" },
    ]);
    expect(await rows("SELECT d.kind, d.ref_id FROM search_fts JOIN search_documents d ON d.id = search_fts.rowid WHERE search_fts MATCH 'bunch mesh'")).toEqual([
      { kind: "play", ref_id: 1 },
    ]);
    expect(await rows("SELECT count(*) AS n FROM search_fts WHERE search_fts MATCH 'pistol mesh'")).toEqual([{ n: 1 }]);
  });
});

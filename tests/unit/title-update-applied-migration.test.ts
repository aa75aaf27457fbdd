import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { migrateToBefore } from "./helpers";

// Migration 0014 adds title_updates.applied_at (when an update took effect; NULL while scheduled).
// Every update recorded before it took effect when it was recorded: each keeps being its game's
// current one or not exactly as before.

const db = env.MIGRATION_DB;

describe("migration 0014 (title update applied)", () => {
  beforeAll(async () => {
    const { migrateRest } = await migrateToBefore("0014_");
    await db
      .prepare("INSERT INTO title_updates (id, game, version, released_on, gameplay, created_at) VALUES (1, 'madden', '1.08', '2026-11-01', 1, 111), (2, 'college', '1.07', '2026-11-20', 0, 222)")
      .run();
    await migrateRest();
  });

  it("marks every update already recorded as in effect since it was recorded", async () => {
    expect((await db.prepare("SELECT id, applied_at FROM title_updates ORDER BY id").all()).results).toEqual([
      { id: 1, applied_at: 111 },
      { id: 2, applied_at: 222 },
    ]);
  });
});

import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

// A delete that cascades finds the rows it removes through an index. Without one, every parent row
// deleted reads the whole child table: deleting 500 history rows against 200,000 notification
// read marks took 13 s, so undoing a gameplay update's re-test (230,000 history rows) could never
// finish once members had read their notifications.

type ForeignKey = { table: string; from: string; on_delete: string };

async function rowsOf<T>(sql: string) {
  return (await env.DB.prepare(sql).all<T>()).results;
}

async function applicationTables() {
  const rows = await rowsOf<{ name: string; sql: string }>(
    "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%'",
  );
  return rows.filter((row) => !/VIRTUAL TABLE/i.test(row.sql)).map((row) => row.name);
}

/** The columns an index can search a table by: each index's first column, and an INTEGER PRIMARY KEY. */
async function searchableColumns(table: string) {
  const columns = new Set<string>();
  for (const index of await rowsOf<{ name: string }>(`PRAGMA index_list("${table}")`)) {
    const [first] = await rowsOf<{ name: string; seqno: number }>(`PRAGMA index_info("${index.name}")`);
    if (first) columns.add(first.name);
  }
  const keys = (await rowsOf<{ name: string; type: string; pk: number }>(`PRAGMA table_info("${table}")`)).filter((column) => column.pk > 0);
  if (keys.length === 1 && keys[0].type.toUpperCase() === "INTEGER") columns.add(keys[0].name);
  return columns;
}

describe("foreign keys", () => {
  it("every key that cascades a delete is the first column of an index on its table", async () => {
    const tables = await applicationTables();
    const cascades: ForeignKey[] = [];
    for (const table of tables) {
      for (const key of await rowsOf<{ from: string; on_delete: string }>(`PRAGMA foreign_key_list("${table}")`)) {
        if (key.on_delete.toUpperCase() === "CASCADE") cascades.push({ table, from: key.from, on_delete: key.on_delete });
      }
    }
    // The schema has many (sessions, favourites, progress, history...): a check that finds none checks nothing.
    expect(cascades.length).toBeGreaterThan(10);
    const unindexed: string[] = [];
    for (const key of cascades) {
      if (!(await searchableColumns(key.table)).has(key.from)) unindexed.push(`${key.table}.${key.from}`);
    }
    expect(unindexed).toEqual([]);
  });

  it("deleting a history row finds its read marks by index", async () => {
    const plan = await rowsOf<{ detail: string }>("EXPLAIN QUERY PLAN DELETE FROM status_changes WHERE id = 1");
    const details = plan.map((row) => row.detail);
    expect(details.join("\n")).not.toMatch(/SCAN notification_reads/);
  });
});

// `npm run db:export` / `npm run db:import` (scripts/db-export.ts, scripts/db-import.ts): a backup of
// a seeded local database, restored into an empty one, gives the same rows and a working search
// index, and the search triggers still keep the index in step afterwards. Runs on its own state
// directories (not the test server's): one export and one import, about a minute in all.
import { spawn } from "node:child_process";
import { readdir, readFile, rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareLocalState, QUIET_ENV, ROOT } from "../../scripts/local-state.ts";

const DIR = `.wrangler/db-export-test-${process.pid}`;
const SOURCE = `${DIR}/source`;
const RESTORED = `${DIR}/restored`;
const BACKUP = `${ROOT}/${DIR}/backup.sql`;

const TABLES = ["content", "content_sections", "content_plays", "blog_posts", "users", "counters", "search_documents", "d1_migrations"];

type Snapshot = {
  counts: Record<string, number>;
  /** The counters kept by triggers (migrations 0001, 0003): a trigger firing during the import would change them. */
  counters: Record<string, number>;
  /** Matches for 'bunch' in search_fts, and the size of search_vocab. */
  bunch: number;
  vocabulary: number;
  migrations: string[];
  contentSeq: number;
};

let source: Snapshot;
let backup: string;
let restored: Awaited<ReturnType<typeof openDatabase>>;

beforeAll(async () => {
  await prepareLocalState(SOURCE, { reset: true });
  const db = await openDatabase(SOURCE);
  try {
    source = await snapshot(db.d1);
  } finally {
    await db.dispose();
  }
  await node("scripts/db-export.ts", "--persist-to", SOURCE, "--output", BACKUP);
  backup = await readFile(BACKUP, "utf8");
  await node("scripts/db-import.ts", BACKUP, "--persist-to", RESTORED);
  restored = await openDatabase(RESTORED);
}, 240_000);

afterAll(async () => {
  await restored?.dispose();
  await rm(`${ROOT}/${DIR}`, { recursive: true, force: true });
});

describe("db:export", () => {
  it("dumps real tables only and recreates the search index after every row", () => {
    const lines = backup.split("\n");
    const lastRow = lines.findLastIndex((line) => line.startsWith('INSERT INTO "') && !line.includes("VALUES('rebuild')"));
    const virtualTables = lines.flatMap((line, index) => (line.startsWith("CREATE VIRTUAL TABLE") ? [index] : []));
    // wrangler's part (tables and rows) has none; the appended part creates search_fts and search_vocab once each.
    expect(virtualTables.map((index) => lines[index].split(" ")[3])).toEqual(["search_fts", "search_vocab"]);
    expect(Math.min(...virtualTables)).toBeGreaterThan(lastRow);
    expect(backup).not.toMatch(/search_fts_(data|idx|docsize|config|content)/);
    expect(lines.at(-2)).toBe(`INSERT INTO "search_fts"("search_fts") VALUES('rebuild');`);
    // Every trigger comes after the last row, so none fires while the rows are imported.
    expect(lines.findIndex((line) => line.startsWith("CREATE TRIGGER"))).toBeGreaterThan(lastRow);
    expect(backup).toContain(`INSERT INTO "d1_migrations"`);
  });
});

describe("db:import of the export into an empty database", () => {
  it("restores the same rows and the record of applied migrations", async () => {
    const copy = await snapshot(restored.d1);
    expect(source.counts.content).toBeGreaterThan(0);
    expect(copy.counts).toEqual(source.counts);
    expect(copy.counters).toEqual(source.counters);
    expect(copy.migrations).toEqual(source.migrations);
    const files = (await readdir(`${ROOT}/migrations`)).filter((name) => name.endsWith(".sql")).sort();
    expect(copy.migrations.at(-1)).toBe(files.at(-1));
  });

  it("gives the same full-text search answers and vocabulary", async () => {
    const copy = await snapshot(restored.d1);
    expect(source.bunch).toBeGreaterThan(0);
    expect(copy.bunch).toBe(source.bunch);
    expect(copy.vocabulary).toBe(source.vocabulary);
  });

  it("keeps the search triggers working: a new content item is found by its title, and gone when deleted", async () => {
    const { d1 } = restored;
    const matches = async (word: string) =>
      (await d1.prepare("SELECT count(*) AS n FROM search_fts WHERE search_fts MATCH ?").bind(word).first<{ n: number }>())!.n;
    expect(await matches("zanzibarquill")).toBe(0);
    const inserted = await d1
      .prepare("INSERT INTO content (slug, title, description) VALUES (?, ?, ?) RETURNING id")
      .bind("restored-zanzibarquill", "Zanzibarquill Trips Right", "A formation added after the restore.")
      .first<{ id: number }>();
    expect(await matches("zanzibarquill")).toBe(1);
    // AUTOINCREMENT continues where the source left off (sqlite_sequence is part of the backup).
    expect(inserted!.id).toBe(source.contentSeq + 1);
    await d1.prepare("DELETE FROM content WHERE id = ?").bind(inserted!.id).run();
    expect(await matches("zanzibarquill")).toBe(0);
  });
});

async function snapshot(d1: D1Database): Promise<Snapshot> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    counts[table] = (await d1.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n;
  }
  const bunch = (await d1.prepare("SELECT count(*) AS n FROM search_fts WHERE search_fts MATCH 'bunch'").first<{ n: number }>())!.n;
  const vocabulary = (await d1.prepare("SELECT count(*) AS n FROM search_vocab").first<{ n: number }>())!.n;
  const counterRows = await d1.prepare("SELECT name, value FROM counters").all<{ name: string; value: number }>();
  const counters = Object.fromEntries(counterRows.results.map((row) => [row.name, row.value]));
  const { results } = await d1.prepare("SELECT name FROM d1_migrations ORDER BY id").all<{ name: string }>();
  const sequence = await d1.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'content'").first<{ seq: number }>();
  return { counts, counters, bunch, vocabulary, migrations: results.map((row) => row.name), contentSeq: sequence!.seq };
}

async function openDatabase(stateDir: string) {
  const { getPlatformProxy } = await import("wrangler");
  const proxy = await getPlatformProxy<Env>({ configPath: `${ROOT}/wrangler.toml`, persist: { path: `${ROOT}/${stateDir}/v3` } });
  return { d1: proxy.env.DB, dispose: () => proxy.dispose() };
}

/** Runs a project script under this Node (the project's own, as npm scripts do). */
function node(script: string, ...args: string[]) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...QUIET_ENV },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${script} exited with ${code}:\n${output}`))));
  });
}

// `npm run db:export`: a SQL backup of the D1 database that `npm run db:import` restores into an
// empty database.
//
//   npm run db:export                          the local database in .wrangler/state
//   npm run db:export -- --persist-to DIR      the local database in another state directory
//   npm run db:export -- --remote [--yes]      the remote database named in wrangler.toml
//   ... --output FILE                          default backups/d1-<local|remote>-<date>-<time>.sql
//
// `wrangler d1 export` refuses a whole database that holds virtual tables (the search index of
// migration 0004: the FTS5 table search_fts and the fts5vocab table search_vocab), but exports the
// rows of named tables (--table, --no-schema). Its own schema output is not usable as it is: it
// creates each table just before that table's rows, so rows that refer to a table created later
// (content.author_id -> users) fail on import with "no such table", and with --table it leaves out
// every index, trigger and view not named as well. So the file is put together here, in an order
// that imports, from the database's own schema (sqlite_schema) and wrangler's rows:
//
//   1. every table except the virtual tables and their shadow tables (search_fts_data, ...);
//   2. the rows of those tables (wrangler d1 export --no-schema), d1_migrations and
//      search_documents included, then sqlite_sequence (AUTOINCREMENT counters);
//   3. indexes, triggers and views, after the rows, so no trigger fires during the import;
//   4. the virtual tables and the triggers and views that use them (search_documents' triggers
//      that write search_fts), then an FTS5 'rebuild' that indexes search_documents again.
import { existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { checkOptions, CONFIG, DATABASE, describeTarget, displayPath, optionValue, query, targetFromArgs, type Target } from "./d1-backup.ts";
import { binPath, ROOT, run } from "./local-state.ts";

type SchemaRow = { type: "table" | "index" | "view" | "trigger"; name: string; tbl_name: string; sql: string | null };
type TableListRow = { schema: string; name: string; type: "table" | "view" | "shadow" | "virtual" };

const args = process.argv.slice(2);
checkOptions(args, ["--persist-to", "--remote", "--output", "--yes"]);
const target = targetFromArgs(args);
const output = resolve(optionValue(args, "--output") ?? defaultOutput(target));

if (!target.remote && !existsSync(join(target.stateDir, "v3", "d1"))) {
  throw new Error(`No local D1 database in ${target.stateDir} (see --persist-to).`);
}

// One after the other: two local workerd processes opening the same SQLite file at once can
// meet SQLITE_BUSY (seen in CI).
const tableList = await query<TableListRow>(target, "PRAGMA table_list");
const schema = await query<SchemaRow>(target, "SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY rowid");

const isVirtual = (row: SchemaRow) => row.type === "table" && /^CREATE\s+VIRTUAL\s+TABLE/i.test(row.sql ?? "");
const virtual = schema.filter(isVirtual);
const virtualNames = virtual.map((row) => row.name);
const shadow = tableList.filter((row) => row.schema === "main" && row.type === "shadow").map((row) => row.name);
// sqlite_* tables belong to SQLite (sqlite_sequence's rows are exported below), _cf_* to D1.
const internal = (name: string) => name.startsWith("sqlite_") || name.startsWith("_cf_");
const tables = schema.filter(
  (row) => row.type === "table" && row.sql && !isVirtual(row) && !shadow.includes(row.name) && !internal(row.name),
);
if (!tables.some((row) => row.name !== "d1_migrations")) {
  throw new Error(`Nothing to export: no tables in ${describeTarget(target)}.`);
}
const hasSequence = schema.some((row) => row.name === "sqlite_sequence");

// Views and triggers that use a virtual table, or a view that does, are created after the virtual tables.
const deferred = new Set<string>();
for (let grew = true; grew; ) {
  grew = false;
  for (const row of schema) {
    if ((row.type !== "view" && row.type !== "trigger") || !row.sql || deferred.has(row.name)) continue;
    if ([...virtualNames, ...deferred].some((name) => mentions(row.sql!, name))) {
      deferred.add(row.name);
      grew = true;
    }
  }
}
const dropped = new Set([...virtualNames, ...shadow]);
const objects = (type: SchemaRow["type"], later: boolean) =>
  schema.filter(
    (row) =>
      row.type === type && row.sql && deferred.has(row.name) === later && !internal(row.name) && !dropped.has(row.tbl_name),
  );

// Each FTS5 table must be one that a rebuild fills again: external content in an exported table.
const rebuilds: string[] = [];
for (const row of virtual) {
  const module = /\bUSING\s+(\w+)/i.exec(row.sql!)?.[1]?.toLowerCase();
  if (module === "fts5vocab") continue;
  const content = /\bcontent\s*=\s*['"`]?([^'"`,)\s]*)/i.exec(row.sql!)?.[1];
  if (module !== "fts5" || !content || !tables.some((table) => table.name === content)) {
    throw new Error(
      `Cannot back up the virtual table ${row.name}: only FTS5 tables over an external content table ` +
        `(content='table') and fts5vocab tables can be restored by a rebuild.\n${row.sql}`,
    );
  }
  rebuilds.push(row.name);
}

const part = `${output}.part`;
await mkdir(dirname(output), { recursive: true });
try {
  const exported = [...tables.map((row) => row.name), ...(hasSequence ? ["sqlite_sequence"] : [])];
  await wranglerExport(target, exported, part);
  const dataLines = (await readFile(part, "utf8")).split("\n").filter((line) => line.trim() !== "");
  const unexpected = dataLines.find((line) => !line.startsWith("INSERT INTO ") && !line.startsWith("PRAGMA "));
  if (unexpected) throw new Error(`wrangler d1 export --no-schema wrote more than rows:\n${unexpected.slice(0, 200)}`);
  const rows = dataLines.filter((line) => line.startsWith("INSERT INTO "));
  // Importing the rows fills sqlite_sequence already; its exported rows replace what that wrote.
  const firstSequenceRow = rows.findIndex((line) => line.startsWith(`INSERT INTO "sqlite_sequence"`));
  if (firstSequenceRow >= 0) rows.splice(firstSequenceRow, 0, "DELETE FROM sqlite_sequence;");

  const statement = (row: SchemaRow) => `${row.sql!.trim()};`;
  const file = [
    "-- D1 backup written by scripts/db-export.ts (npm run db:export); restore it into an empty",
    "-- database with npm run db:import.",
    "PRAGMA defer_foreign_keys=TRUE;",
    ...tables.map(statement),
    ...rows,
    ...objects("index", false).map(statement),
    ...objects("view", false).map(statement),
    ...objects("trigger", false).map(statement),
    "-- Virtual tables (wrangler d1 export cannot write them) and what uses them, after every row;",
    "-- each full-text index is then rebuilt from its content table.",
    ...virtual.map(statement),
    ...objects("view", true).map(statement),
    ...objects("trigger", true).map(statement),
    ...rebuilds.map((name) => `INSERT INTO ${quote(name)}(${quote(name)}) VALUES('rebuild');`),
    "",
  ];
  await writeFile(output, file.join("\n"));

  const counted = rows.filter((line) => line.startsWith("INSERT") && !line.startsWith(`INSERT INTO "sqlite_sequence"`));
  const others = ["index", "view", "trigger"].map((type) => objects(type as SchemaRow["type"], false).length);
  console.log(
    `Exported ${describeTarget(target)}: ${tables.length} tables, ${counted.length} rows, ` +
      `${others[0]} indexes, ${others[1]} views, ${others[2]} triggers.`,
  );
  if (virtual.length > 0) {
    console.log(`Rows not exported (virtual tables and their shadow tables): ${[...dropped].join(", ")}.`);
    console.log(
      `Created at the end of the file, after the rows: ${[...virtualNames, ...deferred].join(", ")}; ` +
        `then ${rebuilds.map((name) => `${name} rebuilt`).join(", ")}.`,
    );
  }
  console.log(`Wrote ${displayPath(output)}`);
} finally {
  await rm(part, { force: true });
}

/**
 * The rows of the named tables, by `wrangler d1 export --no-schema`. Locally that command has no
 * --persist-to: it always reads .wrangler/state next to the configuration file. So it is given a
 * copy of wrangler.toml in a temporary directory whose .wrangler/state links to the state directory.
 */
async function wranglerExport(target: Target, tables: string[], file: string) {
  const exportArgs = ["d1", "export", DATABASE, "--output", file, "--no-schema", ...tables.flatMap((name) => ["--table", name])];
  if (target.remote) {
    // The remote export asks first (the database does not answer queries while it runs) unless --yes.
    const confirm = args.includes("--yes") ? ["--skip-confirmation"] : [];
    await run(process.execPath, [binPath("wrangler"), ...exportArgs, "--remote", "--config", CONFIG, ...confirm]);
    return;
  }
  const dir = await mkdtemp(join(tmpdir(), "d1-export-"));
  try {
    await copyFile(CONFIG, join(dir, "wrangler.toml"));
    await mkdir(join(dir, ".wrangler"));
    await symlink(target.stateDir, join(dir, ".wrangler", "state"), "junction");
    await run(process.execPath, [binPath("wrangler"), ...exportArgs, "--local", "--config", join(dir, "wrangler.toml")], { quiet: true });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Whether SQL text names an object (as a whole word, quoted or not). */
function mentions(sql: string, name: string) {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(^|[^\\w$])${escaped}($|[^\\w$])`, "i").test(sql);
}

function quote(name: string) {
  return `"${name.replace(/"/g, '""')}"`;
}

function defaultOutput(target: Target) {
  const stamp = new Date().toISOString().slice(0, 19).replace("T", "-").replace(/:/g, "");
  return join(ROOT, "backups", `d1-${target.remote ? "remote" : "local"}-${stamp}.sql`);
}

// `npm run db:import -- FILE`: restores a backup written by `npm run db:export` into an EMPTY D1
// database (the file creates every table, so it cannot be applied over existing ones).
//
//   npm run db:import -- FILE                      the local database in .wrangler/state
//   npm run db:import -- FILE --persist-to DIR     the local database in another state directory
//   npm run db:import -- FILE --remote [--yes]     the remote database named in wrangler.toml
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { checkOptions, describeTarget, displayPath, executeArgs, query, targetFromArgs } from "./d1-backup.ts";
import { run } from "./local-state.ts";

const args = process.argv.slice(2);
checkOptions(args, ["--persist-to", "--remote", "--yes"]);
const valued = new Set(["--persist-to"]);
const positional = args.filter((arg, index) => !arg.startsWith("--") && !valued.has(args[index - 1] ?? ""));
if (positional.length !== 1) {
  throw new Error("Usage: npm run db:import -- FILE [--persist-to DIR | --remote] [--yes]");
}
const file = resolve(positional[0]);
if (!existsSync(file)) throw new Error(`No such file: ${file}`);
const target = targetFromArgs(args);

const USER_TABLES = "SELECT name FROM sqlite_schema WHERE type = 'table' AND substr(name, 1, 7) <> 'sqlite_' AND substr(name, 1, 4) <> '_cf_'";

const existing = await query<{ name: string }>(target, USER_TABLES);
if (existing.length > 0) {
  throw new Error(
    `Not empty: ${describeTarget(target)} has ${existing.length} tables (${existing[0].name}, ...). ` +
      (target.remote
        ? "Import into a new database (wrangler d1 create) and point wrangler.toml's database_id at it."
        : "Import into a new state directory (--persist-to DIR) or remove this one first."),
  );
}

// The remote import asks for confirmation unless --yes is given; locally there is nothing to ask.
const confirm = !target.remote || args.includes("--yes") ? ["--yes"] : [];
await run(process.execPath, [...executeArgs(target), "--file", file, ...confirm], { quiet: !target.remote });

const tables = (await query<{ name: string }>(target, USER_TABLES)).map((row) => row.name);
const migrations = tables.includes("d1_migrations")
  ? (await query<{ name: string }>(target, "SELECT name FROM d1_migrations ORDER BY id")).map((row) => row.name)
  : [];
console.log(
  `Imported ${displayPath(file)} into ${describeTarget(target)}: ${tables.length} tables; ` +
    (migrations.length > 0 ? `migrations recorded as applied up to ${migrations.at(-1)}.` : "no d1_migrations table in the backup."),
);

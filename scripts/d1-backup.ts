// Shared by `npm run db:export` (scripts/db-export.ts) and `npm run db:import` (scripts/db-import.ts):
// which database a command works on (the local D1 under a state directory, or the remote one named
// in wrangler.toml) and reading from it with `wrangler d1 execute --json`.
import { spawn } from "node:child_process";
import { relative, resolve } from "node:path";
import { binPath, DEFAULT_STATE_DIR, QUIET_ENV, ROOT } from "./local-state.ts";

/** The D1 binding in wrangler.toml. */
export const DATABASE = "DB";
export const CONFIG = `${ROOT}/wrangler.toml`;

export type Target = { remote: true } | { remote: false; stateDir: string };

/** `--remote`, or `--persist-to DIR` (default .wrangler/state; relative paths from the project root). */
export function targetFromArgs(args: string[]): Target {
  if (args.includes("--remote")) {
    if (args.includes("--persist-to")) throw new Error("--persist-to is for the local database; leave it out with --remote.");
    return { remote: true };
  }
  return { remote: false, stateDir: resolve(ROOT, optionValue(args, "--persist-to") ?? DEFAULT_STATE_DIR) };
}

export function describeTarget(target: Target) {
  return target.remote ? "the remote database (wrangler.toml)" : `the local database in ${displayPath(target.stateDir)}`;
}

/** A path inside the project relative to its root, others as they are. */
export function displayPath(path: string) {
  const inProject = relative(ROOT, path);
  return inProject.startsWith("..") ? path : inProject;
}

/** Fails on an option the command does not know (a typo must not export or import the wrong database). */
export function checkOptions(args: string[], known: string[]) {
  const unknown = args.filter((arg) => arg.startsWith("--") && !known.includes(arg.split("=")[0]));
  if (unknown.length > 0) throw new Error(`Unknown option ${unknown.join(", ")}; known: ${known.join(", ")}.`);
}

/** The value after `--name` (or in `--name=value`); undefined when the option is absent. */
export function optionValue(args: string[], name: string) {
  const index = args.indexOf(name);
  if (index >= 0) {
    const value = args[index + 1];
    if (value === undefined || value.startsWith("--")) throw new Error(`${name} needs a value.`);
    return value;
  }
  const inline = args.find((arg) => arg.startsWith(`${name}=`));
  return inline?.slice(name.length + 1);
}

/** Every `wrangler d1 execute` against the target. */
export function executeArgs(target: Target) {
  return [
    binPath("wrangler"),
    "d1",
    "execute",
    DATABASE,
    "--config",
    CONFIG,
    ...(target.remote ? ["--remote"] : ["--local", "--persist-to", target.stateDir]),
  ];
}

/** A local database another workerd has just let go of can answer SQLITE_BUSY for a moment. */
const BUSY_RETRIES = 5;

/** The rows of one SQL statement, read with `wrangler d1 execute --json`. */
export async function query<Row>(target: Target, sql: string): Promise<Row[]> {
  const stdout = await captureUnlessBusy(process.execPath, [...executeArgs(target), "--json", "--command", sql]);
  const results = JSON.parse(stdout) as { results: Row[]; success: boolean }[];
  if (!Array.isArray(results) || results.length !== 1 || !results[0].success) {
    throw new Error(`Unexpected answer from wrangler d1 execute for ${sql}:\n${stdout}`);
  }
  return results[0].results;
}

/** `capture`, tried again after a pause while the database answers SQLITE_BUSY. */
export async function captureUnlessBusy(command: string, args: string[]) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await capture(command, args);
    } catch (error) {
      if (attempt >= BUSY_RETRIES || !String(error).includes("SQLITE_BUSY")) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}

/** Runs wrangler and returns its standard output; fails with both outputs when it fails. */
export function capture(command: string, args: string[]) {
  return new Promise<string>((resolvePromise, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
      // --json prints through wrangler's logger: at QUIET_ENV's level "warn" nothing would come out.
      env: { ...process.env, ...QUIET_ENV, WRANGLER_LOG: "log" },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0
        ? resolvePromise(stdout)
        : reject(new Error(`${command} ${args.join(" ")} exited with ${code}\n${stdout}${stderr}`)),
    );
  });
}

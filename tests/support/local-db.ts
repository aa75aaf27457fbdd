// Direct reads (and the odd time-travel write) on the test server's local D1, through
// `wrangler d1 execute --local` on the same persisted state. Each call starts workerd (~3 s):
// use it only where the HTTP surface cannot show the fact (a row that must not exist, an expiry
// that cannot be waited for).
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { binPath, ROOT } from "../../scripts/local-state.ts";
import { TEST_STATE_DIR } from "./test-server.ts";

const run = promisify(execFile);

/** Runs one SQL statement on the test state's D1 and returns its rows. */
export async function sql<Row = Record<string, unknown>>(statement: string): Promise<Row[]> {
  const { stdout } = await run(
    process.execPath,
    [binPath("wrangler"), "d1", "execute", "DB", "--local", "--persist-to", TEST_STATE_DIR, "--json", "--command", statement],
    // The JSON answer is printed at the "log" level, which the quiet test environment hides.
    { cwd: ROOT, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, WRANGLER_LOG: "log" } },
  );
  const results = JSON.parse(stdout) as { results: Row[]; success: boolean }[];
  return results.flatMap((result) => result.results);
}

/** Quotes a string for SQL (the values come from the tests themselves). */
export function quote(value: string) {
  return `'${value.replaceAll("'", "''")}'`;
}

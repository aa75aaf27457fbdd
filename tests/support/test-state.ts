// The one way the HTTP and browser tests reach the test server's own state (its local D1, KV and
// R2, the files under the state directory): a second local runtime, wrangler's getPlatformProxy,
// opened on the same persisted state as the running server, as scripts/local-state.ts does for
// seeding. The server sees what the tests write and the tests see what the server wrote.
//
// Opening takes a few seconds, so a test file opens it once, on first use, and it is closed after
// the file's own afterAll hooks have run. Use it where the HTTP surface cannot show the fact (a row
// that must not exist, an expiry that cannot be waited for) or to set up rows no page can create.
import { existsSync } from "node:fs";
import { afterAll } from "vitest";
import { createDatabase, type Database } from "../../app/server/db.server.ts";
import { ROOT } from "../../scripts/local-state.ts";
import { TEST_STATE_DIR } from "./test-server.ts";

export type TestState = {
  /** drizzle over the server's D1: the way to read and write rows. */
  db: Database;
  /** The same D1, raw, for the few statements drizzle does not say as plainly. */
  d1: D1Database;
  /** The server's bindings (KV, MEDIA, DB). */
  env: Env;
};

let stateDir = TEST_STATE_DIR;
let opened: Promise<{ state: TestState; dispose: () => Promise<void> }> | undefined;

/**
 * Points this file's test state at the state directory of a server the file started itself
 * (tests/http/billing-stripe.test.ts runs one with a Stripe key). Call it before the first use.
 */
export function useStateDir(dir: string) {
  if (opened) throw new Error("The test state is already open; choose its directory before the first use.");
  stateDir = dir;
}

/** The test server's state, opened on first use in this test file. */
export async function testState(): Promise<TestState> {
  opened ??= open(stateDir);
  return (await opened).state;
}

async function open(dir: string) {
  const path = `${ROOT}/${dir}/v3`;
  if (!existsSync(path)) throw new Error(`No local state at ${path}: start the tests with npm test or without TEST_BASE_URL.`);
  const { getPlatformProxy } = await import("wrangler");
  const proxy = await getPlatformProxy<Env>({ configPath: `${ROOT}/wrangler.toml`, persist: { path } });
  const d1 = patientD1(proxy.env.DB);
  return { state: { db: createDatabase(d1), d1, env: proxy.env }, dispose: () => proxy.dispose() };
}

const BUSY = /SQLITE_BUSY|database is locked|session commit token/;

/** Runs `work` again (up to 10 times, 200 ms apart) while the server's own workerd holds the SQLite file. */
async function whileBusy<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= 10 || !BUSY.test(String(error) + String((error as { cause?: unknown }).cause ?? ""))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/**
 * The server's D1 as the tests use it: two local runtimes share one SQLite file, and a statement of
 * the tests that meets the server's write in progress gets SQLITE_BUSY; it is tried again.
 */
function patientD1(d1: D1Database): D1Database {
  // D1's batch takes only its own statement objects: each wrapper remembers the one it wraps.
  const originals = new WeakMap<object, D1PreparedStatement>();
  const statement = (prepared: D1PreparedStatement): D1PreparedStatement => {
    const wrapped = new Proxy(prepared, {
      get(target, property) {
        if (property === "bind") return (...values: unknown[]) => statement(target.bind(...values));
        const value = Reflect.get(target, property, target);
        if (property === "run" || property === "all" || property === "first" || property === "raw") {
          return (...args: unknown[]) => whileBusy(() => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
        }
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    originals.set(wrapped, prepared);
    return wrapped;
  };
  return new Proxy(d1, {
    get(target, property) {
      if (property === "prepare") return (query: string) => statement(target.prepare(query));
      if (property === "batch") {
        return (statements: D1PreparedStatement[]) => whileBusy(() => target.batch(statements.map((entry) => originals.get(entry) ?? entry)));
      }
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * Keeps the server's D1 busy until `until` (a Date.now() figure): back-to-back writes of the tests'
 * own runtime, each holding SQLite's write lock for a few hundred milliseconds while it counts, so
 * that the server's writes in that time meet "database is locked" as they would under a competing
 * writer. The rows are left as they were (the UPDATE sets nothing new).
 */
export async function holdDatabaseBusy(until: number) {
  const { d1 } = await testState();
  const held = d1.prepare(
    `UPDATE content SET views = views WHERE id = (SELECT min(id) FROM content)
       AND (WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 3000000) SELECT count(*) FROM n) > 0`,
  );
  while (Date.now() < until) await held.run();
}

// Registered when a test file first imports this module, before the file's own hooks: after-all
// hooks run in reverse order, so this one runs last and the file's cleanup can still use the state.
afterAll(async () => {
  const closing = opened;
  opened = undefined;
  const open = await closing?.catch(() => undefined); // a failed open has already failed the tests that asked
  await open?.dispose();
});

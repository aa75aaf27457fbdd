// Direct reads (and the odd time-travel write) on the test server's local D1: a second local
// runtime (wrangler's getPlatformProxy) opened on the same persisted state, started once per test
// file on first use and closed after it. Use it only where the HTTP surface cannot show the fact
// (a row that must not exist, an expiry that cannot be waited for).
import { afterAll } from "vitest";
import { ROOT } from "../../scripts/local-state.ts";
import { TEST_STATE_DIR } from "./test-server.ts";

type Proxy = { env: { DB: D1Database }; dispose: () => Promise<void> };
let proxy: Promise<Proxy> | undefined;

function database() {
  proxy ??= (async () => {
    const { getPlatformProxy } = await import("wrangler");
    return (await getPlatformProxy({
      configPath: `${ROOT}/wrangler.toml`,
      persist: { path: `${ROOT}/${TEST_STATE_DIR}/v3` },
    })) as unknown as Proxy;
  })();
  return proxy;
}

afterAll(async () => {
  if (!proxy) return;
  const opened = proxy;
  proxy = undefined;
  await (await opened).dispose();
});

/** Runs one SQL statement on the test state's D1 and returns its rows. */
export async function sql<Row = Record<string, unknown>>(statement: string): Promise<Row[]> {
  const { env } = await database();
  const { results } = await env.DB.prepare(statement).all<Row>();
  return results;
}

/** Quotes a string for SQL (the values come from the tests themselves). */
export function quote(value: string) {
  return `'${value.replaceAll("'", "''")}'`;
}

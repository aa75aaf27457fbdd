// Local D1/R2/KV state: migrations, seeding and reset, for `npm start`, `npm run dev`, `npm run db:reset`
// and the test setup. Runs under the project's own Node (see docs/decisions/0001-node-bootstrap.md).
import { spawn } from "node:child_process";
import { readFile, rm } from "node:fs/promises";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const DEFAULT_STATE_DIR = ".wrangler/state";

/**
 * Offline noise off: no metrics, no error reports, no wait for Request.cf data, and no local trace
 * store. Local wrangler records every request's trace (each D1 and KV call a span) into a SQLite
 * Durable Object of its own (.wrangler/.../observability, for its local explorer) on the same two
 * cores as the Worker: 200 MB after one bench, and at volume size it doubled a signed-in request's
 * I/O and made patch day 0.6-1.3 s slower. Production observability ([observability] in
 * wrangler.toml) is Cloudflare's and runs outside the request; this only turns off the local copy.
 */
export const QUIET_ENV = {
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_SEND_ERROR_REPORTS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  X_LOCAL_OBSERVABILITY: "false",
  WRANGLER_LOG: process.env.WRANGLER_LOG ?? "warn",
};
Object.assign(process.env, QUIET_ENV);

export function binPath(name: "wrangler" | "react-router") {
  const paths = {
    wrangler: "node_modules/wrangler/bin/wrangler.js",
    "react-router": "node_modules/@react-router/dev/bin.cjs",
  };
  return fileURLToPath(new URL(`../${paths[name]}`, import.meta.url));
}

export function run(command: string, args: string[], options: { quiet?: boolean; env?: Record<string, string> } = {}) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: options.quiet ? ["ignore", "pipe", "pipe"] : "inherit",
      env: { ...process.env, ...QUIET_ENV, ...options.env },
    });
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}\n${output}`)),
    );
  });
}

export async function applyMigrations(stateDir: string) {
  await run(
    process.execPath,
    [binPath("wrangler"), "d1", "migrations", "apply", "DB", "--local", "--config", "wrangler.toml", "--persist-to", stateDir],
    { quiet: true },
  );
}

export async function seedIfEmpty(stateDir: string, { force = false } = {}) {
  const { getPlatformProxy } = await import("wrangler");
  const { isDatabaseSeeded, seedDatabase } = await import("../db/seed.ts");
  const { hashPassword } = await import("../app/server/password.server.ts");
  const proxy = await getPlatformProxy<Env>({
    configPath: `${ROOT}/wrangler.toml`,
    persist: { path: `${ROOT}/${stateDir}/v3` },
  });
  try {
    if (!force && (await isDatabaseSeeded(proxy.env.DB))) return false;
    await seedDatabase({
      d1: proxy.env.DB,
      media: proxy.env.MEDIA,
      hashPassword,
      readImage: async (fileName) => new Uint8Array(await readFile(`${ROOT}/db/seed-images/${fileName}`)),
    });
    return true;
  } finally {
    await proxy.dispose();
  }
}

export async function resetState(stateDir: string) {
  await rm(`${ROOT}/${stateDir}`, { recursive: true, force: true });
}

/** Migrations applied, demo data seeded when the database is empty. */
export async function prepareLocalState(stateDir = DEFAULT_STATE_DIR, { reset = false } = {}) {
  if (reset) await resetState(stateDir);
  await applyMigrations(stateDir);
  const seeded = await seedIfEmpty(stateDir);
  return { seeded };
}

// Builds nothing: serves the already built worker (build/) with wrangler on its own local state,
// freshly migrated and seeded, for the HTTP and browser tests.
import { spawn, type ChildProcess } from "node:child_process";
import { applyMigrations, binPath, prepareLocalState, QUIET_ENV, resetState, ROOT } from "../../scripts/local-state.ts";

export const TEST_STATE_DIR = process.env.TEST_STATE_DIR || ".wrangler/test-state";
export const TEST_PORT = Number(process.env.TEST_PORT || 8791);

export type TestServerOptions = {
  port?: number;
  stateDir?: string;
  /** Extra `--var NAME:value` settings (secrets included), e.g. to switch billing to the Stripe API. */
  vars?: Record<string, string>;
  /** Seed the demo data (default); false: migrations only, for tests that create their own rows. */
  seed?: boolean;
};

export type TestServer = { baseUrl: string; stateDir: string; stop: () => Promise<void> };

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const port = options.port ?? TEST_PORT;
  const stateDir = options.stateDir ?? TEST_STATE_DIR;
  if (options.seed === false) {
    await resetState(stateDir);
    await applyMigrations(stateDir);
  } else {
    await prepareLocalState(stateDir, { reset: true });
  }
  const baseUrl = `http://localhost:${port}`;
  const vars = { SITE_URL: baseUrl, ...options.vars };
  const child: ChildProcess = spawn(
    process.execPath,
    [
      binPath("wrangler"),
      "dev",
      "--port",
      String(port),
      "--ip",
      "localhost",
      "--persist-to",
      stateDir,
      "--show-interactive-dev-session=false",
      ...Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
    ],
    { cwd: ROOT, env: { ...process.env, ...QUIET_ENV }, stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited early:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/favicon.svg`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`wrangler dev did not start within 60 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    baseUrl,
    stateDir,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      try {
        process.kill(-child.pid!, "SIGTERM");
      } catch {
        child.kill("SIGTERM");
      }
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    },
  };
}

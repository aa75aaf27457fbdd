// Builds nothing: serves the already built worker (build/) with wrangler on its own local state,
// freshly migrated and seeded, for the HTTP and browser tests.
import { spawn, type ChildProcess } from "node:child_process";
import { binPath, prepareLocalState, QUIET_ENV, ROOT } from "../../scripts/local-state.ts";

export const TEST_STATE_DIR = process.env.TEST_STATE_DIR || ".wrangler/test-state";
export const TEST_PORT = Number(process.env.TEST_PORT || 8791);

export async function startTestServer(): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  await prepareLocalState(TEST_STATE_DIR, { reset: true });
  const baseUrl = `http://localhost:${TEST_PORT}`;
  const child: ChildProcess = spawn(
    process.execPath,
    [
      binPath("wrangler"),
      "dev",
      "--port",
      String(TEST_PORT),
      "--ip",
      "localhost",
      "--persist-to",
      TEST_STATE_DIR,
      "--show-interactive-dev-session=false",
      "--var",
      `SITE_URL:${baseUrl}`,
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

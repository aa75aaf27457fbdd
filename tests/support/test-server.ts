// Builds nothing: serves the already built worker (build/) with wrangler on its own local state,
// freshly migrated and seeded, for the HTTP and browser tests.
import { spawn, type ChildProcess } from "node:child_process";
import { binPath, prepareLocalState, QUIET_ENV, ROOT } from "../../scripts/local-state.ts";
import { FAKE_OAUTH_CLIENTS, startFakeOAuthProvider } from "./fake-oauth.ts";

export const TEST_STATE_DIR = process.env.TEST_STATE_DIR || ".wrangler/test-state";
export const TEST_PORT = Number(process.env.TEST_PORT || 8791);

export type TestServer = { baseUrl: string; oauthUrl: string; stop: () => Promise<void> };

export async function startTestServer(): Promise<TestServer> {
  await prepareLocalState(TEST_STATE_DIR, { reset: true });
  const baseUrl = `http://localhost:${TEST_PORT}`;
  // Discord and Google are faked at the network edge (see fake-oauth.ts); it lives and dies with wrangler.
  const oauth = await startFakeOAuthProvider();
  const oauthVars = {
    OAUTH_ENDPOINT_OVERRIDE: oauth.url,
    DISCORD_CLIENT_ID: FAKE_OAUTH_CLIENTS.discord.id,
    DISCORD_CLIENT_SECRET: FAKE_OAUTH_CLIENTS.discord.secret,
    GOOGLE_CLIENT_ID: FAKE_OAUTH_CLIENTS.google.id,
    GOOGLE_CLIENT_SECRET: FAKE_OAUTH_CLIENTS.google.secret,
  };
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
      ...Object.entries(oauthVars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
    ],
    { cwd: ROOT, env: { ...process.env, ...QUIET_ENV }, stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      await oauth.stop();
      throw new Error(`wrangler dev exited early:\n${output}`);
    }
    try {
      const response = await fetch(`${baseUrl}/favicon.svg`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stopWrangler(child);
      await oauth.stop();
      throw new Error(`wrangler dev did not start within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    baseUrl,
    oauthUrl: oauth.url,
    stop: async () => {
      await stopWrangler(child);
      await oauth.stop();
    },
  };
}

async function stopWrangler(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    process.kill(-child.pid!, "SIGTERM");
  } catch {
    child.kill("SIGTERM");
  }
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
}

// Builds nothing: serves the already built worker with wrangler on its own local state, freshly
// migrated and seeded, for the HTTP and browser tests. The build is the one in APP_BUILD_DIR
// (`npm test` builds into TEST_BUILD_DIR), or build/ when a project runs on its own.
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, mkdirSync } from "node:fs";
import { applyMigrations, binPath, prepareLocalState, QUIET_ENV, resetState, ROOT } from "../../scripts/local-state.ts";
import { FAKE_DISCORD } from "./fake-discord.ts";
import { FAKE_OAUTH_CLIENTS, startFakeOAuthProvider } from "./fake-oauth.ts";

export const TEST_STATE_DIR = process.env.TEST_STATE_DIR || ".wrangler/test-state";
export const TEST_PORT = Number(process.env.TEST_PORT || 8791);
export const TEST_BUILD_DIR = ".wrangler/test-build";
/** The built worker's directory, relative to the project root. */
export const builtAppDir = () => process.env.APP_BUILD_DIR || "build";

export type TestServerOptions = {
  port?: number;
  stateDir?: string;
  /** Extra `--var NAME:value` settings (secrets included), e.g. to switch billing to the Stripe API. */
  vars?: Record<string, string>;
  /** Seed the demo data (default); false: migrations only, for tests that create their own rows. */
  seed?: boolean;
};

export type TestServer = { baseUrl: string; stateDir: string; oauthUrl: string; logFile: string; stop: () => Promise<void> };

/** Where a test server's output (the worker's logged errors included) is kept, per port, for a failed run's report. */
export const serverLogFile = (port: number) => `${ROOT}/.tmp/server-logs/${port}.log`;

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
  // Discord (sign-in and its guild API) and Google are faked at the network edge (see fake-oauth.ts
// and fake-discord.ts); the fake lives and dies with wrangler.
  const oauth = await startFakeOAuthProvider();
  const vars = {
    SITE_URL: baseUrl,
    OAUTH_ENDPOINT_OVERRIDE: oauth.url,
    DISCORD_CLIENT_ID: FAKE_OAUTH_CLIENTS.discord.id,
    DISCORD_CLIENT_SECRET: FAKE_OAUTH_CLIENTS.discord.secret,
    GOOGLE_CLIENT_ID: FAKE_OAUTH_CLIENTS.google.id,
    GOOGLE_CLIENT_SECRET: FAKE_OAUTH_CLIENTS.google.secret,
    // Tests change rows directly: the edge cache has its own server and tests (tests/http/edge-cache.test.ts).
    EDGE_CACHE: "off",
    // Discord role sync against the same fake (fake-discord.ts): its guild API, bot and role.
    DISCORD_API_OVERRIDE: `${oauth.url}discord.com/api/v10`,
    DISCORD_BOT_TOKEN: FAKE_DISCORD.botToken,
    DISCORD_GUILD_ID: FAKE_DISCORD.guildId,
    DISCORD_MEMBER_ROLE_ID: FAKE_DISCORD.roleId,
    ...options.vars,
  };
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
      // This build's own configuration, not whatever build ran last (.wrangler/deploy/config.json).
      "--config",
      `${builtAppDir()}/server/wrangler.json`,
      ...Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
    ],
    { cwd: ROOT, env: { ...process.env, ...QUIET_ENV }, stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  let output = "";
  const logFile = serverLogFile(port);
  mkdirSync(`${ROOT}/.tmp/server-logs`, { recursive: true });
  const log = createWriteStream(logFile);
  const keep = (chunk: Buffer) => {
    if (output.length < 100_000) output += chunk;
    log.write(chunk);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  child.once("exit", () => log.end());

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
    stateDir,
    oauthUrl: oauth.url,
    logFile,
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

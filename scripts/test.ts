// `npm test`: build once, serve the built worker on a fresh seeded local state, run the unit
// (workerd), HTTP and browser layers, and print the totals as `N passed, N failed`.
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { spawn } from "node:child_process";
import { resolveChromium } from "../tests/support/chromium.ts";
import { startTestServer, TEST_BUILD_DIR } from "../tests/support/test-server.ts";
import { binPath, QUIET_ENV, ROOT, run } from "./local-state.ts";

const extraArgs = process.argv.slice(2);
const started = Date.now();
await mkdir(`${ROOT}/.tmp`, { recursive: true });
await rm(`${ROOT}/.tmp/server-logs`, { recursive: true, force: true });

// The tests' build goes to a directory of its own: `npm start` may be serving build/ meanwhile, and
// replacing its files would leave that site without its scripts and styles. The test servers (and
// the vitest processes that start more of them) read the same variable.
process.env.APP_BUILD_DIR = TEST_BUILD_DIR;
console.log("Building the app...");
await run(process.execPath, [binPath("react-router"), "build"], { quiet: true });
const chromium = await resolveChromium();
console.log(`Browser tests use ${chromium.description}.`);
console.log("Starting the test server on a fresh seeded state...");
const server = await startTestServer();

const resultsFile = `${ROOT}/.tmp/vitest-results.json`;
let exitCode = 1;
try {
  exitCode = await new Promise<number>((resolve) => {
    const child = spawn(
      process.execPath,
      [
        `${ROOT}/node_modules/vitest/vitest.mjs`,
        "run",
        "--reporter=default",
        "--reporter=json",
        `--outputFile.json=${resultsFile}`,
        ...extraArgs,
      ],
      {
        cwd: ROOT,
        stdio: "inherit",
        env: {
          ...process.env,
          ...QUIET_ENV,
          TEST_BASE_URL: server.baseUrl,
          TEST_OAUTH_URL: server.oauthUrl,
          TEST_CHROMIUM_CHOICE: JSON.stringify(chromium),
        },
      },
    );
    child.on("exit", (code) => resolve(code ?? 1));
  });
} finally {
  await server.stop();
}

let passed = 0;
let failed = 0;
try {
  const results = JSON.parse(await readFile(resultsFile, "utf8"));
  passed = results.numPassedTests ?? 0;
  failed = (results.numFailedTests ?? 0) + (results.numRuntimeErrorTestSuites ?? 0);
  if (exitCode !== 0 && failed === 0) failed = 1;
} catch {
  failed = Math.max(failed, 1);
}
if (failed > 0) await reportServerErrors();
const summary = `${passed} passed, ${failed} failed`;
await writeFile(`${ROOT}/.tmp/test-summary.txt`, summary + "\n");
console.log(`\nAll layers finished in ${Math.round((Date.now() - started) / 1000)} s`);
console.log(summary);
process.exit(exitCode === 0 && failed === 0 ? 0 : 1);

/**
 * After a failed run: the errors the test servers logged (a 500's cause is in the server's log, not
 * in the test's), each kind once with the lines after it, so that a failure on a machine that is
 * gone can be understood. Tests provoke some errors on purpose; those repeat, and show once.
 */
async function reportServerErrors() {
  const dir = `${ROOT}/.tmp/server-logs`;
  const files = await readdir(dir).catch(() => [] as string[]);
  const seen = new Set<string>();
  const shown: string[] = [];
  for (const file of files.sort()) {
    const lines = (await readFile(`${dir}/${file}`, "utf8")).replace(/\x1b\[[0-9;]*m/g, "").split("\n");
    for (let index = 0; index < lines.length; index += 1) {
      if (!/\[ERROR\]|Uncaught/.test(lines[index])) continue;
      const kind = lines[index].replace(/reference = \S+|\d+/g, "#").slice(0, 160);
      if (seen.has(kind)) continue;
      seen.add(kind);
      const after = lines.slice(index + 1, index + 8).filter((line) => line.trim() && !line.trim().startsWith("stack:"));
      shown.push(`[port ${file.replace(/\.log$/, "")}] ${lines[index].trim()}`, ...after.slice(0, 3));
    }
  }
  if (shown.length === 0) return;
  console.log(`\nErrors the test servers logged (each kind once; whole logs in .tmp/server-logs/):`);
  console.log(shown.slice(0, 60).map((line) => line.slice(0, 300)).join("\n"));
}

// `npm test`: build once, serve the built worker on a fresh seeded local state, run the unit
// (workerd), HTTP and browser layers, and print the totals as `N passed, N failed`.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { spawn } from "node:child_process";
import { resolveChromium } from "../tests/support/chromium.ts";
import { startTestServer, TEST_BUILD_DIR } from "../tests/support/test-server.ts";
import { binPath, QUIET_ENV, ROOT, run } from "./local-state.ts";

const extraArgs = process.argv.slice(2);
const started = Date.now();
await mkdir(`${ROOT}/.tmp`, { recursive: true });

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
const summary = `${passed} passed, ${failed} failed`;
await writeFile(`${ROOT}/.tmp/test-summary.txt`, summary + "\n");
console.log(`\nAll layers finished in ${Math.round((Date.now() - started) / 1000)} s`);
console.log(summary);
process.exit(exitCode === 0 && failed === 0 ? 0 : 1);

// `npm run bench:startup`: build time, time from an empty local state to the first served page
// (what `npm start` does after `npm install`), and the compressed JavaScript the landing page loads.
import { spawn } from "node:child_process";
import { gzipSync } from "node:zlib";
import { binPath, prepareLocalState, QUIET_ENV, ROOT, run } from "./local-state.ts";

const STATE = ".wrangler/bench-startup-state";
const PORT = 8797;

const buildStart = performance.now();
await run(process.execPath, [binPath("react-router"), "build"], { quiet: true });
const buildSeconds = (performance.now() - buildStart) / 1000;

const startStart = performance.now();
await prepareLocalState(STATE, { reset: true });
await run(process.execPath, [binPath("react-router"), "build"], { quiet: true });
const server = spawn(
  process.execPath,
  [binPath("wrangler"), "dev", "--port", String(PORT), "--ip", "localhost", "--persist-to", STATE, "--show-interactive-dev-session=false"],
  { cwd: ROOT, env: { ...process.env, ...QUIET_ENV }, stdio: "ignore", detached: true },
);
let html = "";
for (;;) {
  try {
    const response = await fetch(`http://localhost:${PORT}/`);
    if (response.ok) {
      html = await response.text();
      break;
    }
  } catch {
    // not up yet
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
}
const firstPageSeconds = (performance.now() - startStart) / 1000;

const scripts = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]));
let compressed = 0;
for (const path of scripts) {
  const body = new Uint8Array(await (await fetch(`http://localhost:${PORT}${path}`)).arrayBuffer());
  compressed += gzipSync(body, { level: 9 }).length;
}
process.kill(-server.pid!, "SIGTERM");

console.log(`build:                         ${buildSeconds.toFixed(1)} s (budget 30 s)`);
console.log(`empty state to first page:     ${firstPageSeconds.toFixed(1)} s (migrate, seed, build, serve; budget 120 s)`);
console.log(`landing JavaScript (gzip):     ${(compressed / 1024).toFixed(1)} KB in ${scripts.size} files (budget 150 KB)`);
process.exit(0);

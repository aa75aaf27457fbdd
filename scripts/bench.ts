// `npm run bench`: builds the app, serves it with wrangler on a separate local state (never the
// development database), and measures the main pages with autocannon at seed size and at volume
// size. Prints requests/s, p50/p99 latency, the ratio to a static asset, D1 round trips and
// database time (Server-Timing), compressed JavaScript and HTML size, and checks the budgets.
// It also times one password hash and a full login request. `npm run bench -- --login` does only that.
import autocannon from "autocannon";
import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../db/seed.ts";
import { hashPassword } from "../app/server/password.server.ts";
import { volumeStatements } from "./bench-volume.ts";
import { binPath, prepareLocalState, QUIET_ENV, ROOT, run } from "./local-state.ts";

const STATE = ".wrangler/bench-state";
const PORT = Number(process.env.BENCH_PORT || 8798);
const BASE = `http://localhost:${PORT}`;
const DURATION = Number(process.env.BENCH_DURATION || 15);
const CONNECTIONS = 8;

type Page = { name: string; path: string; as?: "premium" | "admin"; public: boolean };

const PAGES: Page[] = [
  { name: "/", path: "/", public: true },
  { name: "/madden", path: "/madden", public: true },
  { name: "/madden?page=200", path: "/madden?page=200", public: true },
  { name: "scheme page", path: "/content/madden26-gun-bunch-quick-pass", as: "premium", public: false },
  { name: "formation page", path: "/content/madden26-gun-bunch-quick-pass/section/gun-bunch-wk", as: "premium", public: false },
  { name: "/blog", path: "/blog", public: true },
  { name: "blog post", path: "/blog/site-update-favorites-and-ratings", public: true },
  { name: "/home", path: "/home", as: "premium", public: false },
  { name: "/admin#content", path: "/admin", as: "admin", public: false },
];

type Measurement = {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  roundTrips: number | null;
  dbMilliseconds: number | null;
  javascriptKb: number;
  htmlKb: number;
  errors: number;
  /** The static floor only: p50 of each of its three runs. */
  floorRuns?: number[];
};

async function startServer() {
  const child = spawn(
    process.execPath,
    [binPath("wrangler"), "dev", "--port", String(PORT), "--ip", "localhost", "--persist-to", STATE, "--show-interactive-dev-session=false", "--var", `SITE_URL:${BASE}`],
    { cwd: ROOT, env: { ...process.env, ...QUIET_ENV }, stdio: "ignore", detached: true },
  );
  for (let attempt = 0; attempt < 240; attempt += 1) {
    try {
      if ((await fetch(`${BASE}/favicon.svg`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("wrangler dev did not start");
}

function stopServer(child: ReturnType<typeof spawn>) {
  try {
    process.kill(-child.pid!, "SIGTERM");
  } catch {
    child.kill("SIGTERM");
  }
  return new Promise((resolve) => setTimeout(resolve, 1500));
}

async function signIn(role: "premium" | "admin") {
  const response = await fetch(`${BASE}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: BASE },
    body: new URLSearchParams({ intent: "login", email: DEMO_ACCOUNTS[role].email, password: DEMO_PASSWORD }),
  });
  const cookie = response.headers.getSetCookie().map((value) => value.split(";")[0]).find((pair) => pair.startsWith("session="));
  if (!cookie) throw new Error(`Could not sign in as ${role} (${response.status})`);
  return cookie;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One argon2id hash (here in Node, the same WebAssembly as in workerd) and a whole login POST, one at a time. */
async function measureLogin() {
  const hashTimes: number[] = [];
  for (let index = 0; index < 15; index += 1) {
    const started = performance.now();
    await hashPassword(DEMO_PASSWORD);
    hashTimes.push(performance.now() - started);
  }
  await signIn("premium"); // warm-up: the isolate loads the WebAssembly module once
  const loginTimes: number[] = [];
  for (let index = 0; index < 25; index += 1) {
    const started = performance.now();
    await signIn("premium");
    loginTimes.push(performance.now() - started);
  }
  return { hash: median(hashTimes), login: median(loginTimes), loginMax: Math.max(...loginTimes) };
}

function printLogin(login: Awaited<ReturnType<typeof measureLogin>>) {
  console.log(`\nPasswords: one argon2id hash (m=19 MiB, t=2) median ${login.hash.toFixed(0)} ms (Node);`);
  console.log(`a full login request (throttle reads, D1 lookup, argon2id verify in workerd, new session in KV,`);
  console.log(`timed at the client over loopback, 25 in a row) median ${login.login.toFixed(0)} ms, slowest ${login.loginMax.toFixed(0)} ms (budget 300 ms).`);
}

async function loadVolume() {
  const { getPlatformProxy } = await import("wrangler");
  const proxy = await getPlatformProxy<Env>({ configPath: `${ROOT}/wrangler.toml`, persist: { path: `${ROOT}/${STATE}/v3` } });
  try {
    const started = performance.now();
    for (const statement of volumeStatements(Date.now() - 60 * 86_400_000)) await proxy.env.DB.prepare(statement).run();
    await proxy.env.DB.prepare("ANALYZE").run();
    console.log(`  volume data loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await proxy.dispose();
  }
}

let login: Awaited<ReturnType<typeof measureLogin>> | undefined;

const gzipCache = new Map<string, number>();
async function compressedJavaScript(html: string) {
  const paths = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]));
  let total = 0;
  for (const path of paths) {
    if (!gzipCache.has(path)) {
      const body = await readFile(`${ROOT}/build/client${path}`);
      gzipCache.set(path, gzipSync(body, { level: 9 }).length);
    }
    total += gzipCache.get(path)!;
  }
  return total / 1024;
}

function parseServerTiming(header: string | null) {
  const match = header ? /db;dur=([\d.]+);desc="(\d+) D1/.exec(header) : null;
  return match ? { dbMilliseconds: Number(match[1]), roundTrips: Number(match[2]) } : { dbMilliseconds: 0, roundTrips: 0 };
}

async function measure(url: string, headers: Record<string, string>): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function runLoginOnly() {
  await prepareLocalState(STATE, { reset: true });
  const server = await startServer();
  try {
    return await measureLogin();
  } finally {
    await stopServer(server);
  }
}

async function runSize(label: string, volume: boolean): Promise<{ floor: Measurement; pages: Measurement[] }> {
  console.log(`\n== ${label} ==`);
  await prepareLocalState(STATE, { reset: true });
  if (volume) await loadVolume();
  const server = await startServer();
  try {
    const cookies = { premium: await signIn("premium"), admin: await signIn("admin") };
    const landing = await (await fetch(`${BASE}/`)).text();
    const asset = /src="(\/assets\/[^"]+\.js)"|href="(\/assets\/[^"]+\.js)"/.exec(landing);
    const assetPath = asset?.[1] ?? asset?.[2] ?? "/favicon.svg";

    // The floor is measured three times (before the pages, halfway, after them) and the median
    // is used: on a shared machine the floor drifts over the minutes a size takes.
    const floors: autocannon.Result[] = [await measure(`${BASE}${assetPath}`, {})];
    const pages: Measurement[] = [];
    for (const page of PAGES) {
      const headers: Record<string, string> = page.as ? { Cookie: cookies[page.as] } : {};
      // Warm up, then one request for Server-Timing, JavaScript and HTML size.
      for (let index = 0; index < 5; index += 1) await fetch(`${BASE}${page.path}`, { headers });
      const probe = await fetch(`${BASE}${page.path}`, { headers });
      const html = await probe.text();
      if (probe.status !== 200) throw new Error(`${page.path} answered ${probe.status}`);
      const timing = parseServerTiming(probe.headers.get("Server-Timing"));
      const result = await measure(`${BASE}${page.path}`, headers);
      pages.push({
        name: page.name,
        requestsPerSecond: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        roundTrips: timing.roundTrips,
        dbMilliseconds: timing.dbMilliseconds,
        javascriptKb: await compressedJavaScript(html),
        htmlKb: Buffer.byteLength(html) / 1024,
        errors: result.errors + result.non2xx,
      });
      process.stdout.write(`  measured ${page.name}\n`);
      if (pages.length === Math.ceil(PAGES.length / 2)) floors.push(await measure(`${BASE}${assetPath}`, {}));
    }
    floors.push(await measure(`${BASE}${assetPath}`, {}));
    const middle = [...floors].sort((a, b) => a.latency.p50 - b.latency.p50)[1];
    const floor: Measurement = {
      name: "static asset",
      requestsPerSecond: middle.requests.average,
      p50: middle.latency.p50,
      p99: middle.latency.p99,
      roundTrips: null,
      dbMilliseconds: null,
      javascriptKb: 0,
      htmlKb: 0,
      errors: floors.reduce((sum, result) => sum + result.errors + result.non2xx, 0),
      floorRuns: floors.map((result) => result.latency.p50),
    };
    if (!volume) login = await measureLogin();
    return { floor, pages };
  } finally {
    await stopServer(server);
  }
}

function printTable(label: string, floor: Measurement, pages: Measurement[]) {
  console.log(
    `\n${label}: static floor p50 ${floor.p50} ms (median of runs at ${floor.floorRuns?.join(", ")} ms: before, halfway, after), p99 ${floor.p99} ms, ${floor.requestsPerSecond.toFixed(0)} req/s`,
  );
  const header = ["page", "req/s", "p50 ms", "p99 ms", "p50/floor", "D1 trips", "db ms", "JS KB gz", "HTML KB", "errors"];
  const rows = pages.map((page) => [
    page.name,
    page.requestsPerSecond.toFixed(0),
    String(page.p50),
    String(page.p99),
    (page.p50 / Math.max(floor.p50, 1)).toFixed(2),
    String(page.roundTrips ?? "-"),
    page.dbMilliseconds?.toFixed(1) ?? "-",
    page.javascriptKb.toFixed(1),
    page.htmlKb.toFixed(1),
    String(page.errors),
  ]);
  const widths = header.map((cell, index) => Math.max(cell.length, ...rows.map((row) => row[index].length)));
  const line = (cells: string[]) => cells.map((cell, index) => (index === 0 ? cell.padEnd(widths[index]) : cell.padStart(widths[index]))).join("  ");
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

const started = performance.now();
console.log("Building...");
await run(process.execPath, [binPath("react-router"), "build"], { quiet: true });
if (process.argv.includes("--login")) {
  printLogin(await runLoginOnly());
  process.exit(0);
}
const seed = await runSize("seed size", false);
const volume = await runSize("volume size (100,000 content rows)", true);

printTable("Seed size", seed.floor, seed.pages);
printTable("Volume size", volume.floor, volume.pages);

console.log("\nVolume p50 / seed p50:");
const checks: string[] = [];
for (const page of volume.pages) {
  const before = seed.pages.find((entry) => entry.name === page.name)!;
  const ratio = page.p50 / Math.max(before.p50, 1);
  console.log(`  ${page.name.padEnd(18)} ${ratio.toFixed(2)}`);
  if (ratio > 1.5) checks.push(`${page.name}: volume p50 is ${ratio.toFixed(2)}x seed p50 (budget 1.5x)`);
  const floorRatio = page.p50 / Math.max(volume.floor.p50, 1);
  if (floorRatio > 4) checks.push(`${page.name}: p50 is ${floorRatio.toFixed(2)}x the static floor (budget 4x)`);
  if ((page.roundTrips ?? 0) > 2) checks.push(`${page.name}: ${page.roundTrips} D1 round trips (budget 2)`);
  if (PAGES.find((entry) => entry.name === page.name)?.public && page.javascriptKb > 150) checks.push(`${page.name}: ${page.javascriptKb.toFixed(1)} KB JavaScript (budget 150 KB)`);
  if (page.htmlKb > 50) checks.push(`${page.name}: ${page.htmlKb.toFixed(1)} KB HTML (budget 50 KB)`);
  if (page.errors > 0) checks.push(`${page.name}: ${page.errors} errors or non-2xx answers`);
}
if (login) {
  printLogin(login);
  if (login.login > 300) checks.push(`login: median ${login.login.toFixed(0)} ms (budget 300 ms)`);
}
console.log(checks.length ? `\nBudgets missed:\n  ${checks.join("\n  ")}` : "\nAll budgets hold.");
console.log(`\nBench finished in ${((performance.now() - started) / 60_000).toFixed(1)} minutes.`);
process.exit(0);

// The bench's load generator and CPU meter. wrk (a native program, one thread) drives the load so
// that the figures describe the server rather than the tool: autocannon, in Node, takes about half
// of a two-core machine. wrk is installed from Debian when missing (as .ci/run installs
// Chromium); autocannon remains as a fallback, and the bench says which one measured.
import autocannon from "autocannon";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export type LoadResult = { requestsPerSecond: number; p50: number; p99: number; requests: number; errors: number };
/** `method` and `body` default to a GET without one (a POST's body is sent as written, with its headers). */
export type LoadOptions = { url: string; headers: Record<string, string>; seconds: number; connections: number; method?: "GET" | "POST"; body?: string };
export type LoadGenerator = { name: string; run(options: LoadOptions): Promise<LoadResult> };

function hasCommand(command: string) {
  return spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
}

function installWrk(): boolean {
  if (process.platform !== "linux" || !hasCommand("apt-get")) return false;
  console.log("Installing Debian's wrk (the bench's load generator)...");
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  const prefix = root ? [] : ["sudo", "-n"];
  const run = (args: string[]) =>
    spawnSync(prefix[0] ?? args[0], prefix.length ? [...prefix.slice(1), ...args] : args.slice(1), {
      stdio: "ignore",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    }).status === 0;
  run(["apt-get", "update", "-qq"]);
  return run(["apt-get", "install", "-y", "-qq", "wrk"]) && hasCommand("wrk");
}

/** wrk's latency figures carry their unit: 850.00us, 12.31ms, 1.02s. */
function milliseconds(value: string, unit: string) {
  const factor = unit === "us" ? 0.001 : unit === "s" ? 1000 : 1;
  return Number(value) * factor;
}

export function parseWrkOutput(output: string): LoadResult {
  const percentile = (label: string) => {
    const match = new RegExp(`^\\s*${label}%\\s+([\\d.]+)(us|ms|s)\\s*$`, "m").exec(output);
    if (!match) throw new Error(`wrk printed no ${label}th percentile:\n${output}`);
    return milliseconds(match[1], match[2]);
  };
  const requests = Number(/(\d+) requests in/.exec(output)?.[1] ?? NaN);
  const perSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? NaN);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const socketErrors = socket ? socket.slice(1).reduce((sum, value) => sum + Number(value), 0) : 0;
  return { requestsPerSecond: perSecond, p50: percentile("50"), p99: percentile("99"), requests, errors: non2xx + socketErrors };
}

const wrk: LoadGenerator = {
  name: "wrk (1 thread)",
  async run({ url, headers, seconds, connections, method = "GET", body }) {
    const args = ["-t1", `-c${connections}`, `-d${seconds}s`, "--latency"];
    for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
    if (method === "GET") return parseWrkOutput(execFileSync("wrk", [...args, url], { encoding: "utf8" }));
    // wrk sends another method or a body only from a Lua script.
    const folder = mkdtempSync(join(tmpdir(), "bench-wrk-"));
    try {
      const script = join(folder, "request.lua");
      writeFileSync(script, `wrk.method = ${JSON.stringify(method)}\nwrk.body = ${JSON.stringify(body ?? "")}\n`);
      return parseWrkOutput(execFileSync("wrk", [...args, "-s", script, url], { encoding: "utf8" }));
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  },
};

const autocannonGenerator: LoadGenerator = {
  name: "autocannon (fallback: it shares the server's cores, so figures include the tool)",
  run({ url, headers, seconds, connections, method = "GET", body }) {
    return new Promise((resolve, reject) => {
      autocannon({ url, connections, duration: seconds, headers, method, body }, (error, result) =>
        error
          ? reject(error)
          : resolve({
              requestsPerSecond: result.requests.average,
              p50: result.latency.p50,
              p99: result.latency.p99,
              requests: result.requests.total,
              errors: result.errors + result.non2xx,
            }),
      );
    });
  },
};

/** wrk when present or installable; autocannon otherwise (BENCH_LOAD=autocannon forces it). */
export function chooseLoadGenerator(): LoadGenerator {
  if (process.env.BENCH_LOAD === "autocannon") return autocannonGenerator;
  if (hasCommand("wrk") || installWrk()) return wrk;
  console.log("wrk is not available and could not be installed: measuring with autocannon.");
  return autocannonGenerator;
}

/** Every process below `pid` (wrangler starts workerd as a grandchild). */
function descendants(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    const listed = spawnSync("pgrep", ["-P", String(pid)], { encoding: "utf8" });
    children = (listed.stdout ?? "").trim().split(/\s+/).filter(Boolean).map(Number);
  }
  return children.flatMap((child) => [child, ...descendants(child)]);
}

/** The workerd processes serving one wrangler server (Linux only; empty elsewhere). */
export function workerdProcesses(wranglerPid: number): number[] {
  return descendants(wranglerPid).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "workerd";
    } catch {
      return false;
    }
  });
}

const TICKS_PER_SECOND = 100;

/** CPU time (user + system) the processes have used so far, in milliseconds; null when unknown. */
export function cpuMilliseconds(pids: number[]): number | null {
  if (!pids.length) return null;
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return null;
    }
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

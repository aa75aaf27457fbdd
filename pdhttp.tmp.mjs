import { spawn, execSync } from "node:child_process";
import { copyFileSync, rmSync } from "node:fs";
const STATE = ".tmp/pdstate";
const dbdir = `${STATE}/v3/d1/miniflare-D1DatabaseObject`;
const file = `${dbdir}/9ba2b04bf514d9facfd57ed57d849e77241a7adc99d1c1545d06688b43d84248.sqlite`;
execSync(`mkdir -p ${STATE} && mkdir -p ${STATE}/v3 && for d in kv r2 cache; do [ -d .wrangler/bench-state/volume/v3/$d ] && rm -rf ${STATE}/v3/$d && cp -r .wrangler/bench-state/volume/v3/$d ${STATE}/v3/; done; true && mkdir -p ${dbdir}`);
copyFileSync(process.env.BASE || ".tmp/pd-novac.sqlite", file);
for (const x of ["-wal", "-shm"]) rmSync(file + x, { force: true });
const base = "http://localhost:8799";
const child = spawn(process.execPath, ["node_modules/wrangler/bin/wrangler.js", "dev", "--port", "8799", "--ip", "localhost", "--persist-to", STATE, "--show-interactive-dev-session=false", "--var", `SITE_URL:${base}`], { stdio: "ignore", detached: true, env: { ...process.env, WRANGLER_SEND_METRICS: "false" } });
try {
  for (let i = 0; i < 240; i++) { try { if ((await fetch(`${base}/favicon.svg`)).ok) break; } catch {} await new Promise(r => setTimeout(r, 250)); }
  const login = await fetch(`${base}/auth`, { method: "POST", redirect: "manual", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base }, body: new URLSearchParams({ intent: "login", email: "admin@example.com", password: process.env.PW || "demo1234" }) });
  const cookie = login.headers.getSetCookie().map(v => v.split(";")[0]).find(p => p.startsWith("session="));
  if (!cookie) throw new Error("login " + login.status);
  await fetch(`${base}/madden`);
  const t = performance.now();
  const r = await fetch(`${base}/admin/updates`, { method: "POST", redirect: "manual", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, Cookie: cookie }, body: new URLSearchParams({ intent: "save-update", game: "madden", version: "9.99", releasedOn: new Date().toISOString().slice(0, 10), summary: "x", gameplay: "on" }) });
  const total = performance.now() - t;
  console.log(r.status, total.toFixed(0), "ms", r.headers.get("Server-Timing"));
} finally { process.kill(-child.pid, "SIGTERM"); }

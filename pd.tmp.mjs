import { getPlatformProxy } from "wrangler";
import { copyFileSync, readFileSync } from "node:fs";
const file = ".tmp/pd/v3/d1/miniflare-D1DatabaseObject/9ba2b04bf514d9facfd57ed57d849e77241a7adc99d1c1545d06688b43d84248.sqlite";
copyFileSync(process.env.BASE || ".tmp/pd-base.sqlite", file); for (const x of ["-wal","-shm"]) { try { (await import("node:fs")).rmSync(file + x); } catch {} }
const mf = await getPlatformProxy({ persist: { path: ".tmp/pd/v3" } });
const db = mf.env.DB;
const sqls = readFileSync(process.argv[2], "utf8").split(";\n").map(s => s.trim()).filter(Boolean);
await db.prepare("select count(*) from content").all();
const each = process.argv[3] === "each";
if (each) {
  for (const s of sqls) { const t = performance.now(); await db.prepare(s).run(); console.log((performance.now()-t).toFixed(0), "ms", s.slice(0, 70).replace(/\s+/g," ")); }
} else {
  const t = performance.now(); await db.batch(sqls.map(s => db.prepare(s))); console.log("batch", (performance.now()-t).toFixed(0), "ms");
}
await mf.dispose();

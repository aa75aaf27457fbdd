import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { PAID_PLAN_LIMIT_KIB } from "../../scripts/bundle-limits.ts";
import { binPath, QUIET_ENV, ROOT } from "../../scripts/local-state.ts";
import { builtAppDir } from "../support/test-server";

// The Worker as `wrangler deploy` would upload it (its dry run, from the build `npm test` made):
// it must stay under 80% of Cloudflare's paid-plan limit, so a dependency that balloons the bundle
// is caught here and not at deploy time. (A node test: the unit layer runs inside workerd, which
// cannot run wrangler.)

describe("the deployed bundle", () => {
  it("stays under 80% of the paid plan's compressed size limit", () => {
    const config = `${builtAppDir()}/server/wrangler.json`;
    const output = execFileSync(process.execPath, [binPath("wrangler"), "deploy", "--dry-run", "--config", config, "--outdir", `${ROOT}/.wrangler/test-bundle`], {
      cwd: ROOT,
      encoding: "utf8",
      env: { ...process.env, ...QUIET_ENV, WRANGLER_LOG: "log" },
    });
    const match = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(output);
    expect(match, output).not.toBeNull();
    const gzipKib = Number(match![2]);
    expect(gzipKib).toBeGreaterThan(100);
    expect(gzipKib).toBeLessThan(PAID_PLAN_LIMIT_KIB * 0.8);
  }, 60_000);
});

// wrangler.toml sends every path straight to the Worker except the static files, which are looked
// up first as before: the hashed build output under /assets/ and each file of public/. A file added
// to public/ without its exception would never be served: the Worker would answer its path with 404.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/local-state.ts";
import { get } from "../support/http";

function runWorkerFirst(): string[] {
  const toml = readFileSync(`${ROOT}/wrangler.toml`, "utf8");
  const block = /^\[assets\][\s\S]*?run_worker_first\s*=\s*\[([\s\S]*?)\]/m.exec(toml);
  if (!block) throw new Error("wrangler.toml has no [assets] run_worker_first list");
  return [...block[1]!.matchAll(/"([^"]+)"/g)].map((match) => match[1]!);
}

/** The files of public/ that are served as they are (_headers holds rules for them, it is not served). */
const publicFiles = readdirSync(`${ROOT}/public`).filter((name) => name !== "_headers");

describe("which requests skip the static file lookup (wrangler.toml [assets])", () => {
  it("sends pages to the Worker first and keeps the hashed build assets and every public file as files", () => {
    const patterns = runWorkerFirst();
    expect(patterns[0]).toBe("/*");
    expect(patterns).toContain("!/assets/*");
    for (const name of publicFiles) expect(patterns, `public/${name} needs "!/${name}" in run_worker_first`).toContain(`!/${name}`);
  });

  it("serves every public file, with the rules of _headers", async () => {
    for (const name of publicFiles) {
      const response = await get(`/${name}`);
      expect(response.status, name).toBe(200);
      expect(response.headers.get("Content-Security-Policy"), `${name} is a file, not a page`).toBeNull();
      expect(response.headers.get("X-Content-Type-Options"), name).toBe("nosniff");
      await response.arrayBuffer();
    }
  });

  it("answers pages and unknown paths from the Worker", async () => {
    for (const path of ["/", "/madden", "/robots-that-do-not-exist.txt"]) {
      const response = await get(path);
      expect(response.headers.get("Content-Security-Policy"), path).toContain("nonce-");
      await response.text();
    }
  });
});

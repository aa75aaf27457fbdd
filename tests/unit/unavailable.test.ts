import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { INJECTED_FAILURES, withInjectedFaults } from "~/server/fault-injection.server";
import { isServiceUnavailable, unavailableResponse } from "~/server/unavailable.server";

describe("isServiceUnavailable (a 503, not a 500)", () => {
  it("knows D1's transient failures (a locked local database too) and KV answering 429 or 5xx, also wrapped as drizzle wraps them", () => {
    for (const message of [
      "D1_ERROR: Network connection lost.",
      "D1 DB is overloaded. Too many requests queued.",
      "D1_ERROR: D1 DB storage operation exceeded timeout which caused object to be reset.",
      "D1 DB's isolate exceeded its memory limit and was reset.",
      "KV GET failed: 503 Service Unavailable",
      "KV PUT failed: 429 Too Many Requests",
      "D1_ERROR: database is locked: SQLITE_BUSY",
      "D1_ERROR: Failed to get session commit token: internal error; reference = ms47ct0mkcvf7aeu6rqd8qi8",
      INJECTED_FAILURES.d1,
      INJECTED_FAILURES.kv("get"),
    ]) {
      expect(isServiceUnavailable(new Error(message)), message).toBe(true);
      expect(isServiceUnavailable(new Error("Failed query: select 1", { cause: new Error(message) })), message).toBe(true);
    }
  });

  it("leaves SQL errors, KV's refusals of a bad request and everything else to be a 500", () => {
    for (const message of [
      "D1_ERROR: UNIQUE constraint failed: users.email: SQLITE_CONSTRAINT",
      "D1_ERROR: no such table: fault injected: d1-batch: SQLITE_ERROR",
      "KV GET failed: 414 UTF-8 encoded length of 600 exceeds key length limit of 512.",
      INJECTED_FAILURES.r2,
      "Cannot read properties of undefined",
    ]) {
      expect(isServiceUnavailable(new Error(message)), message).toBe(false);
    }
  });
});

describe("unavailableResponse", () => {
  it("is an HTML page for a browser's page request and plain text otherwise, both with Retry-After: 30", async () => {
    const page = unavailableResponse(new Request("http://localhost/madden?page=2", { headers: { Accept: "text/html" } }), "Gridiron <Playbook>");
    expect(page.status).toBe(503);
    expect(page.headers.get("Retry-After")).toBe("30");
    const html = await page.text();
    expect(html).toContain("Gridiron &#60;Playbook&#62; is briefly unavailable.");
    expect(html).toContain('href="/madden?page=2"');
    const data = unavailableResponse(new Request("http://localhost/madden.data", { headers: { Accept: "text/html" } }), "Gridiron Playbook");
    expect(data.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(data.headers.get("Retry-After")).toBe("30");
  });
});

describe("withInjectedFaults", () => {
  const faulty = (value: string | undefined) =>
    withInjectedFaults(new Request("http://localhost/", { headers: { "X-Fault-Inject": "d1" } }), { ...env, FAULT_INJECTION: value });

  it("is inert unless FAULT_INJECTION is on", async () => {
    for (const value of [undefined, "", "off", "true", "ON"]) {
      expect((await faulty(value).DB.prepare("SELECT 1 AS one").first())?.one).toBe(1);
    }
    await expect(faulty("on").DB.prepare("SELECT 1 AS one").first()).rejects.toThrow(INJECTED_FAILURES.d1);
  });

  it("d1-batch: D1 runs the batch's writes, then rolls them all back", async () => {
    const batchEnv = withInjectedFaults(new Request("http://localhost/", { headers: { "X-Fault-Inject": "d1-batch" } }), { ...env, FAULT_INJECTION: "on" });
    await env.DB.exec("CREATE TABLE IF NOT EXISTS fault_probe (id INTEGER PRIMARY KEY, value TEXT)");
    await expect(
      batchEnv.DB.batch([batchEnv.DB.prepare("INSERT INTO fault_probe (value) VALUES (?)").bind("a"), batchEnv.DB.prepare("INSERT INTO fault_probe (value) VALUES ('b')")]),
    ).rejects.toThrow(/fault injected: d1-batch/);
    expect((await env.DB.prepare("SELECT count(*) AS rows FROM fault_probe").first())?.rows).toBe(0);
    // A batch that only reads goes through.
    const [result] = await batchEnv.DB.batch([batchEnv.DB.prepare("SELECT count(*) AS rows FROM fault_probe")]);
    expect(result.results).toEqual([{ rows: 0 }]);
  });
});

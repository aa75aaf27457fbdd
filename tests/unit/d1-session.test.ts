import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { bookmarkCookie, BOOKMARK_COOKIE, openD1Session } from "~/server/d1-session.server";

// Every request reads through a D1 session (the Sessions API); a write leaves a bookmark cookie
// so that the member's next request reads at least what they wrote. Locally there are no
// replicas: the same code runs against the emulated database.

const request = (method: string, cookie?: string) =>
  new Request("https://gridiron.example/content/x", { method, headers: cookie ? { Cookie: cookie } : {} });

describe("D1 sessions", () => {
  it("reads and writes through the session, and starts from a carried bookmark", async () => {
    const first = openD1Session(request("POST"), env.DB);
    await first.database.prepare("CREATE TABLE IF NOT EXISTS session_probe (value INTEGER)").run();
    await first.database.batch([first.database.prepare("INSERT INTO session_probe (value) VALUES (?)").bind(7)]);
    const bookmark = first.bookmark();
    expect(typeof bookmark).toBe("string");
    const cookie = bookmarkCookie(request("POST"), first)!;
    expect(cookie).toMatch(new RegExp(`^${BOOKMARK_COOKIE}=[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}; Path=/; HttpOnly; SameSite=Lax; Max-Age=3600; Secure$`));

    const next = openD1Session(request("GET", cookie.split(";")[0]), env.DB);
    expect(next.startedFrom).toBe(bookmark);
    expect(await next.database.prepare("SELECT value FROM session_probe").first<{ value: number }>()).toEqual({ value: 7 });
  });

  it("says nothing after a read, nor when the bookmark is the one already carried", async () => {
    const read = openD1Session(request("GET"), env.DB);
    await read.database.prepare("SELECT 1").first();
    expect(bookmarkCookie(request("GET"), read)).toBeNull();
    const unchanged = openD1Session(request("POST"), env.DB);
    expect(bookmarkCookie(request("POST"), unchanged)).toBeNull(); // nothing ran: no bookmark yet
  });

  it("ignores a forged or malformed bookmark cookie", () => {
    for (const value of ["", "a b", "<script>", "x".repeat(300), "1;2", "00000000-0000000e-00000000", "0000000g-0000000e-00000000-00000000000000000000000000000000"]) {
      expect(openD1Session(request("GET", `${BOOKMARK_COOKIE}=${value}`), env.DB).startedFrom, value).toBeNull();
    }
  });
});

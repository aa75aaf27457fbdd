import { describe, expect, it } from "vitest";
import { BUSY_WRITE_ATTEMPTS, isBusyError, writeWhileBusy } from "~/server/db.server";

// As D1 words it: the message of the error, and the SQLite code in its cause.
function d1Error(message: string) {
  return new Error(`D1_ERROR: ${message}`, { cause: new Error(message) });
}

describe("writeWhileBusy (writes made after the answer)", () => {
  it("tries again while the database is busy, and answers with the write that went through", async () => {
    let tries = 0;
    const result = await writeWhileBusy(async () => {
      tries += 1;
      if (tries < 3) throw d1Error("database is locked: SQLITE_BUSY");
      return "written";
    });
    expect(result).toBe("written");
    expect(tries).toBe(3);
  });

  it("gives up after its last try and throws the busy error", async () => {
    let tries = 0;
    await expect(
      writeWhileBusy(async () => {
        tries += 1;
        throw d1Error("SQLITE_BUSY");
      }),
    ).rejects.toThrow(/SQLITE_BUSY/);
    expect(tries).toBe(BUSY_WRITE_ATTEMPTS);
  }, 10_000);

  it("never repeats a write that failed for another reason (it may have run)", async () => {
    let tries = 0;
    await expect(
      writeWhileBusy(async () => {
        tries += 1;
        throw d1Error("NOT NULL constraint failed: content.title: SQLITE_CONSTRAINT");
      }),
    ).rejects.toThrow(/SQLITE_CONSTRAINT/);
    expect(tries).toBe(1);
  });

  it("tells a busy database from other errors, in the message or its cause", () => {
    expect(isBusyError(d1Error("database is locked"))).toBe(true);
    expect(isBusyError(new Error("D1_ERROR", { cause: new Error("SQLITE_BUSY") }))).toBe(true);
    expect(isBusyError(d1Error("Failed to get session commit token: internal error; reference = 66hb95gqfh1fopppu1mjhbgn"))).toBe(true);
    expect(isBusyError(new Error("Network connection lost."))).toBe(false);
    expect(isBusyError(null)).toBe(false);
  });
});

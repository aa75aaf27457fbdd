import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { createDatabase, createReadQueue, instrumentD1, type DatabaseTiming } from "~/server/db.server";
import { insertUser } from "./helpers";

function setup() {
  const timing: DatabaseTiming = { roundTrips: 0, milliseconds: 0 };
  const db = createDatabase(instrumentD1(env.DB, timing));
  return { timing, db, read: createReadQueue(db) };
}

const emailOf = (db: ReturnType<typeof setup>["db"], id: string) => db.select({ email: users.email }).from(users).where(eq(users.id, id));

describe("reads that share a D1 round trip", () => {
  it("sends reads asked for in the same turn as one batch and gives each caller its own results", async () => {
    const { timing, db, read } = setup();
    const first = await insertUser(db);
    const second = await insertUser(db);
    timing.roundTrips = 0;

    const [a, b] = await Promise.all([read([emailOf(db, first)]), read([emailOf(db, second), db.all(sql`select 41 + 1 as answer`)])]);

    expect(timing.roundTrips).toBe(1);
    expect(a).toEqual([[{ email: `${first}@example.com` }]]);
    expect(b).toEqual([[{ email: `${second}@example.com` }], [{ answer: 42 }]]);
  });

  it("reads asked for after an await go in a batch of their own", async () => {
    const { timing, db, read } = setup();
    const id = await insertUser(db);
    timing.roundTrips = 0;

    await read([emailOf(db, id)]);
    await read([emailOf(db, id)]);

    expect(timing.roundTrips).toBe(2);
  });

  it("a failing read fails only its own caller", async () => {
    const { db, read } = setup();
    const id = await insertUser(db);

    const [broken, fine] = await Promise.allSettled([
      read([db.all(sql`select * from no_such_table`)]),
      read([emailOf(db, id)]),
    ]);

    expect(broken.status).toBe("rejected");
    expect(fine).toEqual({ status: "fulfilled", value: [[{ email: `${id}@example.com` }]] });
  });
});

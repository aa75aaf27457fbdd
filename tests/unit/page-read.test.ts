import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { createAppContext } from "~/server/context.server";
import { createDatabase } from "~/server/db.server";
import { none, readPage } from "~/server/page-read.server";
import { createSession } from "~/server/session.server";
import { insertUser } from "./helpers";

const db = createDatabase(env.DB);
const executionContext = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;

/** The request context of a request carrying this session token (or none). */
function contextFor(token: string | null) {
  const request = new Request("http://localhost/", { headers: token ? { Cookie: `session=${token}` } : {} });
  return createAppContext(request, env, executionContext);
}

const emailOf = (id: string) => db.select({ email: users.email }).from(users).where(eq(users.id, id));

describe("readPage", () => {
  it("gives each read back under its name, none as null, with the session check in the same round trip", async () => {
    const id = await insertUser(db);
    const { token } = await createSession(env.KV, id);
    const app = contextFor(token);
    const data = await readPage(app, (userId) => ({
      answer: app.db.all<{ answer: number }>(sql`select 41 + 1 as answer`),
      own: userId ? emailOf(userId) : none,
      skipped: none,
    }));
    expect(data).toEqual({ answer: [{ answer: 42 }], own: [{ email: `${id}@example.com` }], skipped: null });
    expect((await app.getSession())?.user.id).toBe(id);
    expect(app.timing.roundTrips).toBe(1);
  });

  it("builds for no one when nobody is signed in", async () => {
    const app = contextFor(null);
    const seen: (string | null)[] = [];
    const data = await readPage(app, (userId) => {
      seen.push(userId);
      return { own: userId ? emailOf(userId) : none };
    });
    expect(seen).toEqual([null]);
    expect(data.own).toBeNull();
  });

  it("reads again for the confirmed viewer when the stored session's user is no longer valid", async () => {
    const id = await insertUser(db);
    const { token } = await createSession(env.KV, id);
    // The password was changed elsewhere: every older session ends.
    await db.update(users).set({ sessionsValidAfter: new Date(Date.now() + 1000) }).where(eq(users.id, id));
    const app = contextFor(token);
    const seen: (string | null)[] = [];
    const data = await readPage(app, (userId) => {
      seen.push(userId);
      return { own: userId ? emailOf(userId) : none };
    });
    expect(seen).toEqual([id, null]);
    expect(data.own).toBeNull();
    expect(await app.getSession()).toBeNull();
  });
});

import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { content, users } from "../../db/schema";
import { createDatabase, createReadQueue, instrumentD1, reusableSelect, type Database, type DatabaseTiming, type Param } from "~/server/db.server";
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

  it("takes drizzle builders, raw statements with bound values and writes in the same batch", async () => {
    const { timing, db, read } = setup();
    const id = await insertUser(db, { firstName: "Before" });
    timing.roundTrips = 0;

    const [renamed, sum, emails] = await read([
      db.update(users).set({ firstName: "After" }).where(eq(users.id, id)),
      db.all<{ total: number }>(sql`select ${40} + ${2} as total`),
      emailOf(db, id),
    ]);

    expect(timing.roundTrips).toBe(1);
    expect((renamed as D1Result).meta.changes).toBe(1);
    expect(sum).toEqual([{ total: 42 }]);
    expect(emails).toEqual([{ email: `${id}@example.com` }]);
    expect(await db.select({ firstName: users.firstName }).from(users).where(eq(users.id, id))).toEqual([{ firstName: "After" }]);
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

describe("selects built once per isolate", () => {
  // A query with a left join (author may be missing), a boolean and a timestamp column.
  const itemBySlug = reusableSelect((db: Database, slug: Param<string>) =>
    db
      .select({ slug: content.slug, isPublished: content.isPublished, createdAt: content.createdAt, author: users.firstName })
      .from(content)
      .leftJoin(users, eq(users.id, content.authorId))
      .where(eq(content.slug, slug))
      .limit(1),
  );

  it("hands the builder placeholders, not values: a builder that treats one as a string does not compile", () => {
    // @ts-expect-error: `slug` is a placeholder inside the builder; trimming it would do nothing useful.
    const trimmed = reusableSelect((db: Database, slug: Param<string>) => db.select().from(content).where(eq(content.slug, slug.trim())));
    expect(typeof trimmed).toBe("function");
  });

  async function insertItem(db: Database, authorId: string | null, isPublished: boolean) {
    const slug = `unit-reusable-${crypto.randomUUID().slice(0, 8)}`;
    await db.insert(content).values({ slug, title: "Reusable", type: "pro-tip", game: "madden", authorId, isPublished });
    return slug;
  }

  it("gives the same rows as the builder it was made from, for every argument, awaited or in a batch", async () => {
    const { db, read } = setup();
    const author = await insertUser(db, { firstName: "Avery" });
    const withAuthor = await insertItem(db, author, true);
    const withoutAuthor = await insertItem(db, null, false);

    for (const slug of [withAuthor, withoutAuthor, "no-such-slug"]) {
      const direct = await db
        .select({ slug: content.slug, isPublished: content.isPublished, createdAt: content.createdAt, author: users.firstName })
        .from(content)
        .leftJoin(users, eq(users.id, content.authorId))
        .where(eq(content.slug, slug))
        .limit(1);
      expect(await itemBySlug(db, slug), slug).toEqual(direct);
      const [[batched]] = await read([itemBySlug(db, slug)]);
      expect(batched, slug).toEqual(direct[0]);
    }
    const [row] = await itemBySlug(db, withAuthor);
    expect(row).toMatchObject({ slug: withAuthor, isPublished: true, author: "Avery" });
    expect(row.createdAt).toBeInstanceOf(Date);
    expect((await itemBySlug(db, withoutAuthor))[0]).toMatchObject({ isPublished: false, author: null });
  });

  it("binds arguments as values, never as SQL", async () => {
    const { db } = setup();
    expect(await itemBySlug(db, "x' OR '1'='1")).toEqual([]);
  });

  // A raw statement from nested templates, one argument used twice (as the bell's count uses the member's id).
  const nested = (slug: unknown) => sql`(SELECT id FROM content WHERE slug = ${slug})`;
  const rawStatement = (db: Database, slug: Param<string> | string, published: Param<number> | number) =>
    db.all<{ slug: string; again: string; published: number }>(
      sql`SELECT slug, ${slug} AS again, is_published AS published FROM content WHERE id = ${nested(slug)} AND is_published >= ${published}`,
    );
  const rawBySlug = reusableSelect((db: Database, slug: Param<string>, published: Param<number>) => rawStatement(db, slug, published));

  it("builds a raw statement once too: the same rows as the statement itself, each placeholder filled wherever it appears", async () => {
    const { db, read } = setup();
    const published = await insertItem(db, null, true);
    const draft = await insertItem(db, null, false);
    for (const [slug, least] of [[published, 1], [draft, 1], [draft, 0], ["x' OR '1'='1", 0]] as const) {
      const direct = await rawStatement(db, slug, least);
      expect(await rawBySlug(db, slug, least), `${slug} ${least}`).toEqual(direct);
      const [batched] = await read([rawBySlug(db, slug, least)]);
      expect(batched, `${slug} ${least}`).toEqual(direct);
    }
    expect(await rawBySlug(db, published, 1)).toEqual([{ slug: published, again: published, published: 1 }]);
    expect(await rawBySlug(db, draft, 1)).toEqual([]);
  });
});

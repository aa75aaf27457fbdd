import { env } from "cloudflare:workers";
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { blogPosts, content, contentPlays, contentSections, contentStatuses, counters, playStatuses, statusChanges, titleUpdates, users } from "../../db/schema";
import { nextFreeSlug, slugify, slugOrFallback } from "~/lib/slug";
import type { ContentFormValue, FormationValue, PlayValue } from "~/lib/schemas/content";
import { saveContent, type ContentImageFiles } from "~/server/admin-content.server";
import { saveBlogPost } from "~/server/admin-blog.server";
import { createDatabase } from "~/server/db.server";
import { tinyPng } from "./helpers";

// Slug derivation and uniqueness, and the content save against the real migrated D1 and R2: the
// content row and its formations and plays are written in one batch, all or nothing.

describe("slugify", () => {
  it.each([
    ["Gun Bunch: Mesh Spot!", "gun-bunch-mesh-spot"],
    ["  Hello   World  ", "hello-world"],
    ["3-3-5 Tite", "3-3-5-tite"],
    ["a -- b", "a-b"],
    ["---Edges---", "edges"],
    ["tab\tand\nnew line", "tab-and-new-line"],
    ["snake_case & more", "snakecase-more"],
    ["Café Olé", "cafe-ole"],
    ["🏈 Spread RPO", "spread-rpo"],
    ["<script>alert(1)</script>", "scriptalert1script"],
    ["!!! ??? ***", ""],
    ["", ""],
  ])("%j becomes %j", (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it("only ever holds lowercase letters, digits and single inner hyphens, at most 120 characters", () => {
    for (const title of ["A".repeat(300), `${"word ".repeat(40)}end`, `x${"-".repeat(200)}y`, "Ünïcödé Tïtlé -- ÄÖÜ", "a".repeat(119) + " b"]) {
      const slug = slugify(title);
      expect(slug, title).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(slug.length, title).toBeLessThanOrEqual(120);
    }
  });
});

describe("slugOrFallback", () => {
  it("uses the title's slug, else the fallback's, never an empty slug", () => {
    expect(slugOrFallback("Zone Read", "content")).toBe("zone-read");
    expect(slugOrFallback("!!! ***", "content")).toBe("content");
    expect(slugOrFallback("   ", "Post")).toBe("post");
    expect(slugOrFallback("!!!", "???")).toMatch(/^item-[a-z0-9]+$/);
  });
});

describe("nextFreeSlug", () => {
  it("returns the slug when free, else the first free of slug-1, slug-2, ...", () => {
    expect(nextFreeSlug("mesh", [])).toBe("mesh");
    expect(nextFreeSlug("mesh", ["mesh-1", "other"])).toBe("mesh");
    expect(nextFreeSlug("mesh", ["mesh"])).toBe("mesh-1");
    expect(nextFreeSlug("mesh", ["mesh", "mesh-1", "mesh-2"])).toBe("mesh-3");
    expect(nextFreeSlug("mesh", ["mesh", "mesh-2"])).toBe("mesh-1");
    expect(nextFreeSlug("mesh", new Set(["mesh", "mesh-1"]))).toBe("mesh-2");
  });
});

// ---------------------------------------------------------------------------------------------

const db = createDatabase(env.DB);
const storage = { db, bucket: env.MEDIA };
const authorId = crypto.randomUUID();
const noFiles: ContentImageFiles = { thumbnail: null, formations: [] };

beforeAll(async () => {
  await db.insert(users).values({ id: authorId, email: `author-${authorId.slice(0, 8)}@example.com`, firstName: "Ada", lastName: "Author", role: "admin" });
});

function play(title: string, slug = slugify(title)): PlayValue {
  return { title, slug, description: `${title} write-up`, imageUrl: null, videoProvider: "youtube", videoUrl: null, runtime: null, tags: [] };
}

function formation(title: string, plays: PlayValue[], slug = slugify(title), id: number | null = null): FormationValue {
  return { id, title, slug, description: `${title} notes`, imageUrl: null, plays };
}

function value(title: string, formations: FormationValue[]): ContentFormValue {
  return { title, type: "meta-scheme", description: "A scheme", videoUrl: null, game: "college", difficulty: "beginner", requiredTier: "premium", tags: ["test"], isPublished: true, formations };
}

async function stored(slug: string) {
  const [row] = await db.select().from(content).where(eq(content.slug, slug));
  if (!row) return null;
  const sections = await db.select().from(contentSections).where(eq(contentSections.contentId, row.id)).orderBy(contentSections.position);
  const plays = sections.length
    ? await db.select().from(contentPlays).where(inArray(contentPlays.sectionId, sections.map((section) => section.id))).orderBy(contentPlays.sectionId, contentPlays.position)
    : [];
  return { row, sections, plays };
}

async function current(slug: string) {
  const [row] = await db.select().from(content).where(eq(content.slug, slug));
  return { id: row.id, slug: row.slug, title: row.title, game: row.game, thumbnailUrl: row.thumbnailUrl, authorId: row.authorId, updatedAt: row.updatedAt };
}

async function contentCount() {
  const [row] = await db.select().from(counters).where(eq(counters.name, "content:all"));
  return row?.value ?? 0;
}

async function createScheme(title: string) {
  const result = await saveContent(storage, {
    authorId,
    revision: null,
    current: null,
    value: value(title, [formation("Gun Trips TE", [play("Stick RPO"), play("Bubble")]), formation("Pistol Strong", [play("Inside Zone"), play("PA Boot")])]),
    files: noFiles,
  });
  expect(result.status).toBe("saved");
  return (result as { slug: string }).slug;
}

describe("saveContent", () => {
  it("creates a scheme with its formations and plays, in order", async () => {
    const slug = await createScheme("Unit Scheme Create");
    expect(slug).toBe("unit-scheme-create");
    const saved = (await stored(slug))!;
    expect(saved.row).toMatchObject({ title: "Unit Scheme Create", authorId, tags: ["test"] });
    expect(saved.sections.map((section) => [section.slug, section.position])).toEqual([["gun-trips-te", 0], ["pistol-strong", 1]]);
    const titles = saved.sections.map((section) => saved.plays.filter((entry) => entry.sectionId === section.id).map((entry) => entry.title));
    expect(titles).toEqual([["Stick RPO", "Bubble"], ["Inside Zone", "PA Boot"]]);
  });

  it("a play given another video keeps a runtime sent with it, and drops the old video's runtime kept by the form", async () => {
    const save = async (videoUrl: string, runtime: string | null, existing: Awaited<ReturnType<typeof current>> | null) => {
      const mesh = { ...play("Mesh"), videoProvider: "custom" as const, videoUrl, runtime };
      const result = await saveContent(storage, { authorId, revision: null, current: existing, value: value("Unit Runtime", [formation("Gun", [mesh])]), files: noFiles });
      expect(result.status).toBe("saved");
      return (await stored("unit-runtime"))!.plays[0].runtime;
    };
    expect(await save("https://cdn.example/a.mp4", "1:55", null)).toBe("1:55");
    // An uploaded video sends its own length.
    expect(await save("https://cdn.example/b.mp4", "0:07", await current("unit-runtime"))).toBe("0:07");
    // A pasted address, with the runtime the form kept: unknown now.
    expect(await save("https://cdn.example/c.mp4", "0:07", await current("unit-runtime"))).toBeNull();
    // The same video saved again keeps what it has.
    expect(await save("https://cdn.example/c.mp4", "0:12", await current("unit-runtime"))).toBe("0:12");
    expect(await save("https://cdn.example/c.mp4", "0:12", await current("unit-runtime"))).toBe("0:12");
  });

  it("an item moved to the other game goes to re-test there with its plays (its statuses named the game it left); saved again, nothing more", async () => {
    const [college] = await db.insert(titleUpdates).values({ game: "college", version: "u-move-c", releasedOn: "2026-01-05", gameplay: true, appliedAt: new Date(1) }).returning({ id: titleUpdates.id });
    const [madden] = await db.insert(titleUpdates).values({ game: "madden", version: "u-move-m", releasedOn: "2026-01-06", gameplay: true, appliedAt: new Date(1) }).returning({ id: titleUpdates.id });
    const slug = await createScheme("Unit Scheme Moved");
    const saved = (await stored(slug))!;
    // Verified on the college update, as the editor stamps a new item.
    await db.update(contentStatuses).set({ status: "adjusted", statusNote: "Motion first", statusUpdateId: college.id, statusChangedAt: new Date(5) }).where(eq(contentStatuses.contentId, saved.row.id));
    await db.update(playStatuses).set({ statusUpdateId: college.id, statusChangedAt: new Date(5) }).where(inArray(playStatuses.playId, saved.plays.map((entry) => entry.id)));
    const save = async (game: "college" | "madden") =>
      saveContent(storage, {
        authorId,
        revision: null,
        current: await current(slug),
        value: { ...value("Unit Scheme Moved", [formation("Gun Trips TE", [play("Stick RPO"), play("Bubble")]), formation("Pistol Strong", [play("Inside Zone"), play("PA Boot")])]), game },
        files: noFiles,
      });
    const statuses = async () => ({
      item: (await db.select({ status: contentStatuses.status, updateId: contentStatuses.statusUpdateId, note: contentStatuses.statusNote }).from(contentStatuses).where(eq(contentStatuses.contentId, saved.row.id)))[0],
      plays: await db.select({ status: playStatuses.status, updateId: playStatuses.statusUpdateId }).from(playStatuses).where(inArray(playStatuses.playId, saved.plays.map((entry) => entry.id))),
      history: (await db.select().from(statusChanges).where(and(eq(statusChanges.contentId, saved.row.id), eq(statusChanges.toStatus, "needs-retest")))).map(
        (row) => `${row.itemKind}:${row.fromStatus}->${row.toStatus}:${row.notify}`,
      ),
    });
    expect((await save("college")).status).toBe("saved");
    expect((await statuses()).item).toEqual({ status: "adjusted", updateId: college.id, note: "Motion first" });
    expect((await save("madden")).status).toBe("saved");
    const moved = await statuses();
    expect(moved.item).toEqual({ status: "needs-retest", updateId: madden.id, note: null });
    expect(moved.plays).toEqual(Array(4).fill({ status: "needs-retest", updateId: madden.id }));
    expect(moved.history.sort()).toEqual(["content:adjusted->needs-retest:true", ...Array(4).fill("play:verified->needs-retest:false")]);
    // The re-test keeps what it replaced, so that staff can take it back like an update's.
    const [row] = await db.select().from(statusChanges).where(and(eq(statusChanges.contentId, saved.row.id), eq(statusChanges.itemKind, "content"), eq(statusChanges.toStatus, "needs-retest")));
    expect(row).toMatchObject({ fromUpdateId: college.id, fromNote: "Motion first", updateId: madden.id });
    expect((await save("madden")).status).toBe("saved");
    expect((await statuses()).history).toHaveLength(5);

    // A status naming no version (its update deleted since) moves to re-test as well.
    await db.update(contentStatuses).set({ status: "verified", statusUpdateId: null }).where(eq(contentStatuses.contentId, saved.row.id));
    expect((await save("college")).status).toBe("saved");
    expect((await statuses()).item).toEqual({ status: "needs-retest", updateId: college.id, note: null });
  });

  it("a successful edit replaces every formation and play", async () => {
    const slug = await createScheme("Unit Scheme Replace");
    const before = (await stored(slug))!;
    const result = await saveContent(storage, {
      authorId,
      revision: null,
      current: await current(slug),
      value: value("Unit Scheme Replace", [formation("Shotgun Empty", [play("Four Verts")])]),
      files: noFiles,
    });
    expect(result).toEqual({ status: "saved", slug });
    const after = (await stored(slug))!;
    expect(after.sections.map((section) => section.title)).toEqual(["Shotgun Empty"]);
    expect(after.plays.map((entry) => entry.title)).toEqual(["Four Verts"]);
    const oldSectionIds = before.sections.map((section) => section.id);
    expect(await db.select().from(contentSections).where(inArray(contentSections.id, oldSectionIds))).toEqual([]);
    expect(await db.select().from(contentPlays).where(inArray(contentPlays.sectionId, oldSectionIds))).toEqual([]);
  });

  it("leaves the old row, formations and plays intact when a section insert in the middle of the batch fails (a formation without a title)", async () => {
    const slug = await createScheme("Unit Scheme Section Failure");
    const before = (await stored(slug))!;
    const files: ContentImageFiles = { thumbnail: null, formations: [{ image: new File([new Uint8Array(tinyPng())], "rollback-art.png", { type: "image/png" }), plays: [] }] };
    const result = await saveContent(storage, {
      authorId,
      revision: null,
      current: await current(slug),
      // The update of the row and the deletes run first; the second section breaks NOT NULL (the form never sends that).
      value: { ...value("Unit Scheme Section Failure", [formation("Twins", [play("Slant")], "twins"), formation(null as unknown as string, [play("Fade")], "twins-again")]), description: "Changed" },
      files,
    });
    expect(result.status).toBe("failed");
    expect(await stored(slug)).toEqual(before);
    // The image uploaded before the batch is removed again.
    const art = await env.MEDIA.list({ prefix: "formationart/" });
    expect(art.objects.filter((object) => object.key.includes("rollback-art"))).toEqual([]);
  });

  it("leaves everything intact when a play insert fails after earlier plays were written in the same batch", async () => {
    const slug = await createScheme("Unit Scheme Play Failure");
    const before = (await stored(slug))!;
    // 15 plays: the first chunk inserts fine, the second holds a play without a title (NOT NULL).
    const plays = Array.from({ length: 15 }, (_, index) => play(`Play ${index + 1}`));
    plays[12] = play(null as unknown as string, "play-13");
    const result = await saveContent(storage, {
      authorId,
      revision: null,
      current: await current(slug),
      value: value("Unit Scheme Play Failure", [formation("Gun Empty", plays)]),
      files: noFiles,
    });
    expect(result.status).toBe("failed");
    expect(await stored(slug)).toEqual(before);
  });

  it("saves a scheme of 40 plays over four formations (inserts chunked under D1's 100 bound values), and saves it again in place", async () => {
    const formations = Array.from({ length: 4 }, (_, f) => formation(`Set ${f + 1}`, Array.from({ length: 10 }, (_, p) => play(`Set ${f + 1} Play ${p + 1}`))));
    const created = await saveContent(storage, { authorId, revision: null, current: null, value: value("Unit Scheme Forty Plays", formations), files: noFiles });
    expect(created.status).toBe("saved");
    const slug = (created as { slug: string }).slug;
    const first = (await stored(slug))!;
    expect(first.plays).toHaveLength(40);
    const again = await saveContent(storage, { authorId, revision: null, current: await current(slug), value: value("Unit Scheme Forty Plays", formations), files: noFiles });
    expect(again.status).toBe("saved");
    const second = (await stored(slug))!;
    expect({ sections: second.sections, plays: second.plays }).toEqual({ sections: first.sections, plays: first.plays });
  });

  it("renames a formation whose slug changed in place: its plays keep their ids (two formations may swap slugs, one may take a removed one's)", async () => {
    const slug = await createScheme("Unit Scheme Rename");
    const before = (await stored(slug))!;
    const [trips, pistol] = before.sections;
    const playIds = (sectionId: number) => before.plays.filter((entry) => entry.sectionId === sectionId).map((entry) => entry.id);
    const save = async (formations: FormationValue[]) => {
      const result = await saveContent(storage, { authorId, revision: null, current: await current(slug), value: value("Unit Scheme Rename", formations), files: noFiles });
      expect(result).toEqual({ status: "saved", slug });
      return (await stored(slug))!;
    };
    const tripsPlays = [play("Stick RPO"), play("Bubble")];
    const pistolPlays = [play("Inside Zone"), play("PA Boot")];

    // One renamed.
    let after = await save([formation("Gun Trips TE", tripsPlays, "gun-trips-2", trips.id), formation("Pistol Strong", pistolPlays, "pistol-strong", pistol.id)]);
    expect(after.sections.map((section) => [section.id, section.slug])).toEqual([[trips.id, "gun-trips-2"], [pistol.id, "pistol-strong"]]);
    expect(after.plays.map((entry) => entry.id)).toEqual([...playIds(trips.id), ...playIds(pistol.id)]);

    // Two swap their slugs.
    after = await save([formation("Gun Trips TE", tripsPlays, "pistol-strong", trips.id), formation("Pistol Strong", pistolPlays, "gun-trips-2", pistol.id)]);
    expect(after.sections.map((section) => [section.id, section.slug])).toEqual([[trips.id, "pistol-strong"], [pistol.id, "gun-trips-2"]]);
    expect(after.plays.map((entry) => entry.id)).toEqual([...playIds(trips.id), ...playIds(pistol.id)]);

    // One is removed and the other takes its slug.
    after = await save([formation("Pistol Strong", pistolPlays, "pistol-strong", pistol.id)]);
    expect(after.sections.map((section) => [section.id, section.slug])).toEqual([[pistol.id, "pistol-strong"]]);
    expect(after.plays.map((entry) => entry.id)).toEqual(playIds(pistol.id));

    // An id that is not one of this item's formations is no claim: the formation is new.
    after = await save([formation("Pistol Strong", pistolPlays, "pistol-strong", pistol.id), formation("Elsewhere", [play("Slant")], "elsewhere", 999_999_999)]);
    expect(after.sections.map((section) => section.slug)).toEqual(["pistol-strong", "elsewhere"]);
    expect(after.sections[1].id).not.toBe(999_999_999);
  });

  it("creates nothing at all when a new scheme's batch fails", async () => {
    const count = await contentCount();
    const result = await saveContent(storage, {
      authorId,
      revision: null,
      current: null,
      value: value("Unit Scheme Never Created", [formation("Bunch", [play("Mesh"), play(null as unknown as string, "mesh-again")])]),
      files: noFiles,
    });
    expect(result.status).toBe("failed");
    expect(await stored("unit-scheme-never-created")).toBeNull();
    expect(await db.select().from(contentSections).where(eq(contentSections.slug, "bunch"))).toEqual([]);
    expect(await contentCount()).toBe(count);
  });

  it("saves an edit made on the stored revision, and refuses one made on an older revision, changing nothing", async () => {
    const slug = await createScheme("Unit Scheme Revision");
    const opened = await current(slug);
    const revision = opened.updatedAt.getTime();
    // Another editor saves first (a later updated_at).
    await new Promise((resolve) => setTimeout(resolve, 5));
    const theirs = await saveContent(storage, { authorId, revision, current: opened, value: { ...value("Unit Scheme Revision", [formation("Theirs", [play("Their Play")])]), description: "Theirs" }, files: noFiles });
    expect(theirs).toEqual({ status: "saved", slug });
    const before = (await stored(slug))!;
    expect(before.row.updatedAt.getTime()).toBeGreaterThan(revision);

    // This editor was opened on the first revision: refused, told the revision there is now.
    const mine = await saveContent(storage, { authorId, revision, current: await current(slug), value: { ...value("Unit Scheme Revision", [formation("Mine", [play("My Play")])]), description: "Mine" }, files: noFiles });
    expect(mine).toEqual({ status: "stale", slug, revision: before.row.updatedAt.getTime() });
    expect(await stored(slug)).toEqual(before);

    // Saved again on the revision it was told: it replaces theirs.
    const again = await saveContent(storage, { authorId, revision: before.row.updatedAt.getTime(), current: await current(slug), value: { ...value("Unit Scheme Revision", [formation("Mine", [play("My Play")])]), description: "Mine" }, files: noFiles });
    expect(again).toEqual({ status: "saved", slug });
    expect((await stored(slug))!.row.description).toBe("Mine");
  });

  it("refuses inside the batch a save that landed between reading the item and writing it", async () => {
    const slug = await createScheme("Unit Scheme Revision Race");
    const read = await current(slug);
    // Someone else's save lands after this request read the row (so the check before the batch passes).
    const later = new Date(read.updatedAt.getTime() + 1000);
    await db.update(content).set({ description: "Landed meanwhile", updatedAt: later }).where(eq(content.id, read.id));
    const before = (await stored(slug))!;
    const result = await saveContent(storage, {
      authorId,
      revision: read.updatedAt.getTime(),
      current: read,
      value: { ...value("Unit Scheme Revision Race Renamed", [formation("Other", [play("Other Play")])]), description: "Overwrite" },
      files: noFiles,
    });
    expect(result).toEqual({ status: "stale", slug, revision: later.getTime() });
    expect(await stored(slug)).toEqual(before);
    expect(await stored("unit-scheme-revision-race-renamed")).toBeNull();
  });
});

describe("saveBlogPost", () => {
  const post = (slug: string, content: string) => ({ title: "Unit Post Revision", slug, excerpt: "", content, category: "news" as const, status: "draft" as const });

  it("refuses an edit on an older revision, and inside the batch one whose revision changed after it was read", async () => {
    const slug = `unit-post-revision-${crypto.randomUUID().slice(0, 8)}`;
    const created = await saveBlogPost({ db, env }, { editSlug: null, authorId, revision: null, values: post(slug, "First") });
    expect(created.status).toBe("saved");
    const [opened] = await db.select().from(blogPosts).where(eq(blogPosts.slug, slug));

    // Someone else saved since: refused before anything is written.
    const later = new Date(opened.updatedAt.getTime() + 1000);
    await db.update(blogPosts).set({ content: "Theirs", updatedAt: later }).where(eq(blogPosts.id, opened.id));
    const stale = await saveBlogPost({ db, env }, { editSlug: slug, authorId, revision: opened.updatedAt.getTime(), values: post(slug, "Mine") });
    expect(stale).toEqual({ status: "stale", slug, revision: later.getTime() });
    expect((await db.select().from(blogPosts).where(eq(blogPosts.id, opened.id)))[0].content).toBe("Theirs");

    // On the revision it was told, it saves.
    const saved = await saveBlogPost({ db, env }, { editSlug: slug, authorId, revision: later.getTime(), values: post(slug, "Mine") });
    expect(saved.status).toBe("saved");
    expect((await db.select().from(blogPosts).where(eq(blogPosts.id, opened.id)))[0].content).toBe("Mine");
  });

  it("never gives a post the slug 'new' (/admin/blog/new is the create form): it becomes new-1, created or renamed", async () => {
    const created = await saveBlogPost({ db, env }, { editSlug: null, authorId, revision: null, values: post("new", "A post titled New") });
    expect(created).toMatchObject({ status: "saved", slug: "new-1", requestedSlug: "new" });
    const other = `unit-post-new-${crypto.randomUUID().slice(0, 8)}`;
    await saveBlogPost({ db, env }, { editSlug: null, authorId, revision: null, values: post(other, "Another") });
    const renamed = await saveBlogPost({ db, env }, { editSlug: other, authorId, revision: null, values: post("new", "Another") });
    expect(renamed).toMatchObject({ status: "saved", slug: "new-2" });
    expect(await db.select().from(blogPosts).where(eq(blogPosts.slug, "new"))).toEqual([]);
  });
});

import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO_ACCOUNTS, type DemoRole } from "../../db/seed";
import { createDatabase } from "~/server/db.server";
import { COMMENT_RULE, commentAuthorName, commentsQuery, runCommentAction, toCommentViews } from "~/server/comments.server";
import { seedDemoData } from "./helpers";

const db = createDatabase(env.DB);
const users = {} as Record<DemoRole, schema.User>;
let contentId: number;
let otherContentId: number;
let blogPostId: number;

beforeAll(async () => {
  await seedDemoData();
  for (const [role, account] of Object.entries(DEMO_ACCOUNTS) as [DemoRole, (typeof DEMO_ACCOUNTS)[DemoRole]][]) {
    [users[role]] = await db.select().from(schema.users).where(eq(schema.users.email, account.email));
  }
  const idOf = async (slug: string) => (await db.select({ id: schema.content.id }).from(schema.content).where(eq(schema.content.slug, slug)))[0].id;
  contentId = await idOf("madden26-pistol-power-run");
  otherContentId = await idOf("cfb26-spread-rpo-attack");
  blogPostId = (await db.select({ id: schema.blogPosts.id }).from(schema.blogPosts).limit(1))[0].id;
});

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

function act(user: schema.User | null, fields: Record<string, string>, options: { mayPost?: boolean; target?: { contentId: number } | { blogPostId: number } } = {}) {
  return runCommentAction(db, {
    user,
    kv: env.KV,
    formData: form(fields),
    target: options.target ?? { contentId },
    mayPost: options.mayPost ?? true,
    deniedMessage: "You must be a premium member to comment.",
  });
}

const unique = (label: string) => `${label} ${crypto.randomUUID().slice(0, 8)}`;

async function withText(text: string) {
  return db.select().from(schema.comments).where(eq(schema.comments.comment, text));
}

async function posted(text: string, role: DemoRole = "premium", target: { contentId: number } | { blogPostId: number } = { contentId }) {
  const result = await act(users[role], { intent: "create-comment", comment: text }, { target });
  const [row] = await withText(text.trim());
  expect(row).toBeDefined();
  expect(result).toEqual({ ok: true, anchor: `comment-${row.id}` });
  return row;
}

async function byId(id: number) {
  return (await db.select().from(schema.comments).where(eq(schema.comments.id, id)))[0];
}

describe("runCommentAction: posting", () => {
  it("needs a signed-in user", async () => {
    const text = unique("Anonymous");
    expect(await act(null, { intent: "create-comment", comment: text })).toEqual({ ok: false, status: 401, error: "Log in to comment." });
    expect(await withText(text)).toEqual([]);
  });

  it("refuses with the caller's message when the user may not post here", async () => {
    const text = unique("Not allowed");
    expect(await act(users.free, { intent: "create-comment", comment: text }, { mayPost: false })).toEqual({
      ok: false,
      status: 403,
      error: "You must be a premium member to comment.",
    });
    expect(await withText(text)).toEqual([]);
  });

  it("stores the trimmed text on the target with the author's first name", async () => {
    const text = unique("Trimmed");
    const row = await posted(`\n   ${text} \t `);
    expect(row).toMatchObject({ comment: text, authorName: "Jordan", userId: users.premium.id, contentType: "content", contentId, blogPostId: null });
  });

  it("stores comments on blog posts with the blog target", async () => {
    const row = await posted(unique("On the blog"), "free", { blogPostId });
    expect(row).toMatchObject({ contentType: "blog", blogPostId, contentId: null, authorName: "Taylor" });
  });

  it.each([
    ["empty", ""],
    ["spaces", "     "],
    ["line breaks and tabs", "\n\t\n  "],
    ["zero-width spaces", "\u200B\u200B"],
    ["direction marks and a BOM", "\u202E \uFEFF\u2066"],
    ["blank-looking letters (Braille blank, Hangul fillers)", "\u2800\u3164\uFFA0\u115F"],
  ])("refuses an %s comment", async (_, comment) => {
    const before = (await db.select().from(schema.comments)).length;
    expect(await act(users.premium, { intent: "create-comment", comment })).toEqual({ ok: false, status: 400, error: "Comment cannot be empty." });
    expect((await db.select().from(schema.comments)).length).toBe(before);
  });

  it("refuses a missing comment field", async () => {
    const result = await act(users.premium, { intent: "create-comment" });
    expect(result).toMatchObject({ ok: false, status: 400 });
  });

  it("accepts 2,000 characters and refuses 2,001 with a clear message", async () => {
    const marker = unique("Max");
    const exact = `${marker}${"a".repeat(2000 - marker.length)}`;
    await posted(`  ${exact}  `);
    const result = await act(users.premium, { intent: "create-comment", comment: `${exact}b` });
    expect(result).toEqual({ ok: false, status: 400, error: "Comments can be at most 2000 characters." });
    expect(await withText(`${exact}b`)).toEqual([]);
  });

  it("refuses unknown intents", async () => {
    for (const intent of ["", "create", "drop-comment", "favorite"]) {
      const result = await act(users.admin, { intent, comment: "x", commentId: "1" });
      expect(result, intent).toMatchObject({ ok: false, status: 400 });
    }
  });
});

describe("runCommentAction: a member posting many comments", () => {
  it(`stores ${COMMENT_RULE.limit} in ten minutes, then refuses with 429 and stores nothing; edits and staff are not held back`, async () => {
    const id = crypto.randomUUID();
    await db.insert(schema.users).values({ id, email: `${id}@example.com`, firstName: "Flood" });
    const [member] = await db.select().from(schema.users).where(eq(schema.users.id, id));
    const label = unique("Flood");
    // An invalid comment is refused for what it is, and not counted: the limit's full count follows.
    expect(await act(member, { intent: "create-comment", comment: "  " })).toMatchObject({ status: 400 });
    for (let index = 1; index <= COMMENT_RULE.limit; index += 1) {
      expect(await act(member, { intent: "create-comment", comment: `${label} ${index}` }), `comment ${index}`).toMatchObject({ ok: true });
    }
    const refused = await act(member, { intent: "create-comment", comment: `${label} one more` }, { target: { blogPostId } });
    expect(refused).toEqual({ ok: false, status: 429, error: "You have posted many comments in a short time. Please try again in 10 minutes." });
    expect(await withText(`${label} one more`)).toEqual([]);
    // Their own comments can still be corrected.
    const [first] = await withText(`${label} 1`);
    expect(await act(member, { intent: "update-comment", commentId: String(first.id), comment: `${label} 1, corrected` })).toMatchObject({ ok: true });
    // Another member, and staff, post as before.
    await posted(unique("Someone else"), "premium");
    await posted(unique("Staff answer"), "admin");
  });
});

describe("runCommentAction: editing and deleting", () => {
  it("lets the author edit (trimmed) and delete their own comment", async () => {
    const row = await posted(unique("Mine"));
    const edited = unique("Mine, edited");
    expect(await act(users.premium, { intent: "update-comment", commentId: String(row.id), comment: ` ${edited}\n` })).toEqual({
      ok: true,
      anchor: `comment-${row.id}`,
    });
    const after = await byId(row.id);
    expect(after?.comment).toBe(edited);
    expect(after?.authorName).toBe("Jordan");
    expect(await act(users.premium, { intent: "delete-comment", commentId: String(row.id) })).toEqual({ ok: true, anchor: "comments" });
    expect(await byId(row.id)).toBeUndefined();
  });

  it("lets an author whose premium access ended still delete their own comment", async () => {
    const row = await posted(unique("Expired author"), "expired");
    expect(await act(users.expired, { intent: "delete-comment", commentId: String(row.id) }, { mayPost: false })).toMatchObject({ ok: true });
    expect(await byId(row.id)).toBeUndefined();
  });

  it.each(["free", "expired", "premium"] as const)("refuses %s (not staff) someone else's comment with 403, changing nothing", async (role) => {
    const author: DemoRole = role === "premium" ? "admin" : "premium";
    const row = await posted(unique(`Belongs to ${author}`), author);
    for (const fields of [
      { intent: "update-comment", commentId: String(row.id), comment: "Hijacked" } as Record<string, string>,
      { intent: "delete-comment", commentId: String(row.id) },
    ]) {
      expect(await act(users[role], fields, { mayPost: true })).toEqual({ ok: false, status: 403, error: "You can only change your own comments." });
    }
    expect(await byId(row.id)).toEqual(row);
  });

  it.each(["admin", "superadmin"] as const)("lets %s edit and delete anyone's comment, keeping the author", async (role) => {
    const row = await posted(unique("Member comment"));
    const edited = unique(`Moderated by ${role}`);
    expect(await act(users[role], { intent: "update-comment", commentId: String(row.id), comment: edited })).toMatchObject({ ok: true });
    expect(await byId(row.id)).toMatchObject({ comment: edited, userId: users.premium.id, authorName: "Jordan" });
    expect(await act(users[role], { intent: "delete-comment", commentId: String(row.id) })).toMatchObject({ ok: true });
    expect(await byId(row.id)).toBeUndefined();
  });

  it("validates an edit like a new comment", async () => {
    const row = await posted(unique("Valid"));
    expect(await act(users.premium, { intent: "update-comment", commentId: String(row.id), comment: "  " })).toEqual({
      ok: false,
      status: 400,
      error: "Comment cannot be empty.",
    });
    expect(await act(users.premium, { intent: "update-comment", commentId: String(row.id), comment: "x".repeat(2001) })).toMatchObject({
      ok: false,
      status: 400,
      error: "Comments can be at most 2000 characters.",
    });
    expect(await byId(row.id)).toEqual(row);
  });

  it("answers 404 for a comment of another target, or one that does not exist", async () => {
    const row = await posted(unique("Stays on its page"));
    for (const target of [{ contentId: otherContentId }, { blogPostId }]) {
      expect(await act(users.admin, { intent: "delete-comment", commentId: String(row.id) }, { target })).toEqual({
        ok: false,
        status: 404,
        error: "That comment no longer exists.",
      });
    }
    expect(await byId(row.id)).toEqual(row);
    expect(await act(users.admin, { intent: "delete-comment", commentId: "987654321" })).toMatchObject({ ok: false, status: 404 });
  });

  it("refuses comment ids that are not positive integers", async () => {
    for (const commentId of ["", "abc", "0", "-3", "1.5", "1e3x"]) {
      expect(await act(users.admin, { intent: "delete-comment", commentId }), commentId).toMatchObject({ ok: false, status: 400 });
    }
  });
});

describe("comment views and author names", () => {
  it("uses the first name, else the e-mail, else 'User'", () => {
    expect(commentAuthorName({ firstName: "  Jordan ", email: "j@example.com" })).toBe("Jordan");
    expect(commentAuthorName({ firstName: "   ", email: "j@example.com" })).toBe("j@example.com");
    expect(commentAuthorName({ firstName: null, email: "j@example.com" })).toBe("j@example.com");
    expect(commentAuthorName({ firstName: null, email: "" })).toBe("User");
  });

  it("lets the author and staff edit, and marks edits made more than a second later", () => {
    const created = new Date("2026-11-01T12:00:00Z");
    const rows = [
      { id: 1, userId: users.premium.id, comment: "a", authorName: "Jordan", createdAt: created, updatedAt: created },
      { id: 2, userId: users.admin.id, comment: "b", authorName: "Alex", createdAt: created, updatedAt: new Date(created.getTime() + 5000) },
    ];
    expect(toCommentViews(rows, users.premium).map((view) => [view.canEdit, view.edited])).toEqual([[true, false], [false, true]]);
    expect(toCommentViews(rows, users.free).map((view) => view.canEdit)).toEqual([false, false]);
    expect(toCommentViews(rows, null).map((view) => view.canEdit)).toEqual([false, false]);
    expect(toCommentViews(rows, users.superadmin).map((view) => view.canEdit)).toEqual([true, true]);
  });

  it("reads a target's comments oldest first", async () => {
    const slug = "madden26-pistol-power-run";
    const first = await posted(unique("First"));
    const second = await posted(unique("Second"), "admin");
    await db.update(schema.comments).set({ createdAt: new Date("2020-01-01T00:00:00Z") }).where(eq(schema.comments.id, second.id));
    const ids = (await commentsQuery(db, { type: "content", slug })).map((row) => row.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    const rows = await commentsQuery(db, { type: "content", slug });
    const times = rows.map((row) => row.createdAt.getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });
});

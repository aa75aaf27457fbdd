import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { comments } from "../../db/schema";
import { SEED_COMMENTS } from "../../db/seed-data";
import type { DemoRole } from "../../db/seed";
import {
  alertText,
  commentById,
  commentsOf,
  expectNotToContain,
  expectToContain,
  firstNameOf,
  freeSchemes,
  renderedComments,
  seedItem,
} from "../support/library";
import { baseUrl, get, postForm, signIn } from "../support/http";
import { testState } from "../support/test-state";

// Comments are posted on this premium scheme (and nowhere else in the suite)...
const SLUG = "madden26-pistol-power-run";
// ...and the permission messages are read on a free scheme that everyone can open.
const FREE_SCHEME = freeSchemes()[0].slug;

const ROLES = ["free", "expired", "premium", "admin", "superadmin"] as const;
type Role = (typeof ROLES)[number];
const cookies = {} as Record<Role, string>;
beforeAll(async () => {
  for (const role of ROLES) cookies[role] = await signIn(role as DemoRole);
});

const unique = (label: string) => `${label} ${crypto.randomUUID().slice(0, 8)}`;

async function page(slug: string, role?: Role, query = "") {
  const response = await get(`/content/${slug}${query}`, { cookie: role ? cookies[role] : undefined });
  return response.text();
}

function post(fields: Record<string, string>, role?: Role, slug = SLUG) {
  return postForm(`/content/${slug}`, fields, { cookie: role ? cookies[role] : undefined });
}

async function create(text: string, role: Role = "premium") {
  const response = await post({ intent: "create-comment", comment: text }, role);
  expect(response.status, `posting as ${role}`).toBe(302);
  const stored = (await commentsOf(SLUG)).filter((row) => row.comment === text.trim());
  expect(stored).toHaveLength(1);
  return stored[0];
}

async function countWithText(text: string) {
  const { db } = await testState();
  return (await db.select({ n: count() }).from(comments).where(eq(comments.comment, text)))[0].n;
}

describe("who may comment", () => {
  it("asks visitors to log in, with a link back to the page", async () => {
    const html = await page(FREE_SCHEME);
    expectToContain(html, "Log in to comment.");
    expectToContain(html, `href="/auth?redirectTo=${encodeURIComponent(`/content/${FREE_SCHEME}`)}"`);
    expectNotToContain(html, 'id="new-comment"');
  });

  it.each(["free", "expired"] as const)("tells the %s member that commenting needs premium", async (role) => {
    const html = await page(FREE_SCHEME, role);
    expectToContain(html, "You must be a premium member to comment.");
    expectNotToContain(html, 'id="new-comment"');
    expectNotToContain(html, "Log in to comment.");
  });

  it.each(["premium", "admin", "superadmin"] as const)("offers %s the comment form", async (role) => {
    const html = await page(SLUG, role);
    expectToContain(html, 'id="new-comment"');
    expectToContain(html, 'name="intent" value="create-comment"');
    expectNotToContain(html, "You must be a premium member to comment.");
  });

  it("refuses a visitor's POST with 401, storing nothing", async () => {
    const text = unique("Visitor comment");
    const response = await post({ intent: "create-comment", comment: text }, undefined, FREE_SCHEME);
    expect(response.status).toBe(401);
    expect(await countWithText(text)).toBe(0);
  });

  it.each(["free", "expired"] as const)("refuses a POST from the %s member with 403, storing nothing", async (role) => {
    for (const slug of [FREE_SCHEME, SLUG]) {
      const text = unique(`Forged ${role} comment`);
      const response = await post({ intent: "create-comment", comment: text }, role, slug);
      expect(response.status, slug).toBe(403);
      expect(await countWithText(text)).toBe(0);
    }
    const response = await post({ intent: "create-comment", comment: unique("Forged") }, role, FREE_SCHEME);
    expect(alertText(await response.text())).toContain("You must be a premium member to comment.");
  });

  it("hides the comments of a locked page from viewers without access", async () => {
    const seeded = SEED_COMMENTS.find((entry) => entry.contentSlug && seedItem(entry.contentSlug).requiredTier === "premium")!;
    for (const role of [undefined, "free", "expired"] as const) {
      for (const form of ["", ".data"]) {
        const response = await get(`/content/${seeded.contentSlug}${form}`, { cookie: role ? cookies[role] : undefined });
        expectNotToContain(await response.text(), seeded.comment.slice(0, 40), `${role ?? "visitor"} ${form}`);
      }
    }
  });
});

describe("posting", () => {
  it("stores the trimmed text with the author's first name and shows it", async () => {
    const text = unique("Power read from pistol");
    const response = await post({ intent: "create-comment", comment: `  \n ${text}  \n\t` }, "premium");
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get("Location")!, baseUrl()).pathname).toBe(`/content/${SLUG}`);
    const stored = (await commentsOf(SLUG)).filter((row) => row.comment === text);
    expect(stored).toHaveLength(1);
    expect(response.headers.get("Location")).toMatch(new RegExp(`#comment-${stored[0].id}$`));
    expect(stored[0].authorName).toBe(firstNameOf("premium"));
    const shown = renderedComments(await page(SLUG, "admin")).find((comment) => comment.id === stored[0].id);
    expect(shown).toMatchObject({ author: firstNameOf("premium"), text });
  });

  it("keeps line breaks inside the text", async () => {
    const text = `${unique("First line")}\nSecond line`;
    const stored = await create(text);
    expect(stored.comment).toBe(text);
  });

  it.each([
    ["empty", ""],
    ["blank", "   \n\t  "],
  ])("refuses an %s comment with a message", async (_, text) => {
    const before = (await commentsOf(SLUG)).length;
    const response = await post({ intent: "create-comment", comment: text }, "premium");
    expect(response.status).toBe(400);
    expect(alertText(await response.text())).toContain("Comment cannot be empty.");
    expect((await commentsOf(SLUG)).length).toBe(before);
  });

  it("refuses a comment without the field", async () => {
    const response = await post({ intent: "create-comment" }, "premium");
    expect(response.status).toBe(400);
  });

  it("accepts 2,000 characters (after trimming) and refuses 2,001 with a clear message", async () => {
    const marker = unique("Long");
    const exact = `${marker} ${"x".repeat(2000 - marker.length - 1)}`;
    expect(exact).toHaveLength(2000);
    expect((await post({ intent: "create-comment", comment: `   ${exact}   ` }, "premium")).status).toBe(302);
    expect(await countWithText(exact)).toBe(1);

    const tooLong = `${exact}y`;
    const response = await post({ intent: "create-comment", comment: tooLong }, "premium");
    expect(response.status).toBe(400);
    expect(alertText(await response.text())).toContain("Comments can be at most 2000 characters.");
    expect(await countWithText(tooLong)).toBe(0);
    const huge = await post({ intent: "create-comment", comment: "z".repeat(100_000) }, "premium");
    expect(huge.status).toBe(400);
  });

  it("shows HTML in a comment as text, escaped", async () => {
    const marker = unique("xss");
    const text = `${marker} <script>alert("pwned")</script><img src=x onerror=alert(1)> <a href="javascript:alert(2)">link</a> & done`;
    const stored = await create(text);
    const html = await page(SLUG, "premium");
    expectNotToContain(html, '<script>alert("pwned")');
    expectNotToContain(html, "<img src=x onerror");
    expectNotToContain(html, 'href="javascript:alert(2)"');
    expectToContain(html, "&lt;script&gt;");
    expect(renderedComments(html).find((comment) => comment.id === stored.id)?.text).toBe(text);
  });

  it("lists comments oldest first, after the seeded ones", async () => {
    const seeded = SEED_COMMENTS.filter((entry) => entry.contentSlug === FREE_SCHEME).sort((a, b) => b.daysAgo - a.daysAgo);
    expect(seeded.length).toBeGreaterThanOrEqual(2);
    const shown = renderedComments(await page(FREE_SCHEME)).map((comment) => comment.text);
    const positions = seeded.map((entry) => shown.indexOf(entry.comment));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(renderedComments(await page(FREE_SCHEME)).map((comment) => comment.author).slice(0, seeded.length)).toEqual(
      seeded.map((entry) => firstNameOf(entry.author)),
    );

    const first = await create(unique("Older"));
    const second = await create(unique("Newer"), "admin");
    const third = await create(unique("Newest"));
    const ids = renderedComments(await page(SLUG, "premium")).map((comment) => comment.id);
    expect(ids.indexOf(first.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(third.id));
    expect(renderedComments(await page(SLUG, "premium")).find((comment) => comment.id === second.id)?.author).toBe(firstNameOf("admin"));
  });
});

describe("editing and deleting", () => {
  it("lets the author edit their own comment (trimmed), and refuses an empty edit", async () => {
    const stored = await create(unique("Before edit"));
    const html = await page(SLUG, "premium");
    expectToContain(html, `href="/content/${SLUG}?editComment=${stored.id}#comment-${stored.id}"`);
    expectToContain(html, `href="/content/${SLUG}?deleteComment=${stored.id}#comment-${stored.id}"`);
    // The edit link opens the form in place (also without JavaScript).
    const editing = await page(SLUG, "premium", `?editComment=${stored.id}`);
    expectToContain(editing, `id="edit-comment-${stored.id}"`);
    expectToContain(editing, 'name="intent" value="update-comment"');

    const edited = unique("After edit");
    const response = await post({ intent: "update-comment", commentId: String(stored.id), comment: `  ${edited} ` }, "premium");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(new RegExp(`/content/${SLUG}#comment-${stored.id}$`));
    expect((await commentById(stored.id))?.comment).toBe(edited);
    expect(renderedComments(await page(SLUG)).length).toBe(0); // locked for visitors
    expect(renderedComments(await page(SLUG, "premium")).find((comment) => comment.id === stored.id)?.text).toBe(edited);

    // Saved again as it is (spaces around it aside): nothing is written, and it is not marked edited again.
    const { db } = await testState();
    const dates = async () => (await db.select({ createdAt: comments.createdAt, updatedAt: comments.updatedAt }).from(comments).where(eq(comments.id, stored.id)))[0];
    await db.update(comments).set({ updatedAt: (await dates()).createdAt }).where(eq(comments.id, stored.id));
    const unchanged = await post({ intent: "update-comment", commentId: String(stored.id), comment: ` ${edited}  ` }, "premium");
    expect(unchanged.status).toBe(302);
    expect(unchanged.headers.get("Location")).toMatch(new RegExp(`/content/${SLUG}#comment-${stored.id}$`));
    const after = await dates();
    expect(after.updatedAt.getTime()).toBe(after.createdAt.getTime());
    expect(renderedComments(await page(SLUG, "premium")).find((comment) => comment.id === stored.id)?.html).not.toContain("edited");

    const empty = await post({ intent: "update-comment", commentId: String(stored.id), comment: "   " }, "premium");
    expect(empty.status).toBe(400);
    expect(alertText(await empty.text())).toContain("Comment cannot be empty.");
    const tooLong = await post({ intent: "update-comment", commentId: String(stored.id), comment: "y".repeat(2001) }, "premium");
    expect(tooLong.status).toBe(400);
    expect((await commentById(stored.id))?.comment).toBe(edited);

    // Refused from its open form (the page without JavaScript): said under the edit box, not above 'Add a comment'.
    const fromForm = await postForm(`/content/${SLUG}?editComment=${stored.id}`, { intent: "update-comment", commentId: String(stored.id), comment: "   " }, { cookie: cookies.premium });
    expect(fromForm.status).toBe(400);
    const refusedHtml = await fromForm.text();
    const item = new RegExp(`<li id="comment-${stored.id}"[\\s\\S]*?</li>`).exec(refusedHtml)?.[0] ?? "";
    expect(alertText(item)).toEqual(["Comment cannot be empty."]);
    expectToContain(item, `aria-describedby="edit-comment-${stored.id}-error"`);
    // The form posts back to its comment's anchor, where the browser then opens the answer.
    expectToContain(item, `action="/content/${SLUG}?editComment=${stored.id}#comment-${stored.id}"`);
    const beforeList = refusedHtml.slice(refusedHtml.indexOf('id="comments"'), refusedHtml.indexOf(`<li id="comment-${stored.id}"`));
    expect(alertText(beforeList)).toEqual([]);
    expect((await commentById(stored.id))?.comment).toBe(edited);
  });

  it("asks 'Delete this comment?' and lets the author delete their own comment", async () => {
    const stored = await create(unique("To delete"));
    const confirming = await page(SLUG, "premium", `?deleteComment=${stored.id}`);
    expectToContain(confirming, "Delete this comment?");
    expectToContain(confirming, 'name="intent" value="delete-comment"');
    const response = await post({ intent: "delete-comment", commentId: String(stored.id) }, "premium");
    expect(response.status).toBe(302);
    expect(await commentById(stored.id)).toBeUndefined();
    expect(renderedComments(await page(SLUG, "premium")).some((comment) => comment.id === stored.id)).toBe(false);
  });

  it.each(["free", "expired"] as const)("refuses the %s member's edit or delete of someone else's comment with 403, changing nothing", async (role) => {
    const stored = await create(unique(`Not yours, ${role}`));
    const update = await post({ intent: "update-comment", commentId: String(stored.id), comment: "Hijacked" }, role);
    expect(update.status).toBe(403);
    const remove = await post({ intent: "delete-comment", commentId: String(stored.id) }, role);
    expect(remove.status).toBe(403);
    expect(await commentById(stored.id)).toEqual(stored);
  });

  it("refuses the premium member's edit or delete of a staff member's comment with 403", async () => {
    const stored = await create(unique("Staff note"), "admin");
    const update = await post({ intent: "update-comment", commentId: String(stored.id), comment: "Hijacked" }, "premium");
    expect(update.status).toBe(403);
    expect(alertText(await update.text())).toContain("You can only change your own comments.");
    expect((await post({ intent: "delete-comment", commentId: String(stored.id) }, "premium")).status).toBe(403);
    expect(await commentById(stored.id)).toEqual(stored);
  });

  it("shows edit and delete links only on the viewer's own comments, and no form for someone else's", async () => {
    const staff = await create(unique("Admin comment"), "admin");
    const own = await create(unique("Own comment"));
    const comments = renderedComments(await page(SLUG, "premium"));
    expect(comments.find((comment) => comment.id === own.id)?.canEdit).toBe(true);
    expect(comments.find((comment) => comment.id === staff.id)?.canEdit).toBe(false);
    expectNotToContain(await page(SLUG, "premium", `?editComment=${staff.id}`), `id="edit-comment-${staff.id}"`);
    expectNotToContain(await page(SLUG, "premium", `?deleteComment=${staff.id}`), "Delete this comment?");
  });

  it("lets staff edit and delete anyone's comment", async () => {
    const stored = await create(unique("Member comment"));
    const comments = renderedComments(await page(SLUG, "admin"));
    expect(comments.every((comment) => comment.canEdit)).toBe(true);

    const edited = unique("Edited by staff");
    expect((await post({ intent: "update-comment", commentId: String(stored.id), comment: edited }, "admin")).status).toBe(302);
    expect(await commentById(stored.id)).toMatchObject({ comment: edited, authorName: firstNameOf("premium") });
    expect((await post({ intent: "delete-comment", commentId: String(stored.id) }, "superadmin")).status).toBe(302);
    expect(await commentById(stored.id)).toBeUndefined();
  });

  it("an edit refused because the session ended, or because the comment was deleted meanwhile, comes back as typed to copy (the page as answered without JavaScript)", async () => {
    const stored = await create(unique("Edited while signed out"));
    const typed = unique("My rewritten read");
    const editPath = `/content/${SLUG}?editComment=${stored.id}`;
    const signedOut = await postForm(editPath, { intent: "update-comment", commentId: String(stored.id), comment: typed });
    expect(signedOut.status).toBe(401);
    const outHtml = await signedOut.text();
    expectToContain(outHtml, "Your edit, not saved");
    expect(outHtml).toMatch(new RegExp(`<textarea id="unsent-comment"[^>]*readOnly[^>]*>${typed}</textarea>`, "i"));
    expect((await commentById(stored.id))?.comment).toBe(stored.comment);

    // Deleted (by staff, in another tab) while its author typed the edit.
    expect((await post({ intent: "delete-comment", commentId: String(stored.id) }, "admin")).status).toBe(302);
    const gone = await postForm(editPath, { intent: "update-comment", commentId: String(stored.id), comment: typed }, { cookie: cookies.premium });
    expect(gone.status).toBe(404);
    const goneHtml = await gone.text();
    expect(alertText(goneHtml).join(" ")).toContain("That comment no longer exists.");
    expect(goneHtml).toMatch(new RegExp(`<textarea id="unsent-comment"[^>]*>${typed}</textarea>`, "i"));
    // A new comment's box is not filled with the edit.
    expect(goneHtml).not.toMatch(new RegExp(`<textarea id="new-comment"[^>]*>${typed}`));
  });

  it("a rating refused because the session ended is said at the rating, with a way to log in, not among the comments", async () => {
    // A free scheme: a visitor sees its rating and comments.
    const response = await postForm(`/content/${FREE_SCHEME}`, { intent: "rate", rating: "3" });
    expect(response.status).toBe(401);
    const html = await response.text();
    const rating = /<section id="rating"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
    const commentsSection = /<section id="comments"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
    expect(alertText(rating).join(" ")).toContain("Log in to continue.");
    expect(rating).toContain(`href="/auth?redirectTo=/content/${FREE_SCHEME}"`);
    expect(alertText(commentsSection)).toEqual([]);
    expect(html).not.toContain("Post Comment again");
  });

  it("refuses to change a comment through another content page (404), or an unknown one", async () => {
    const stored = await create(unique("Stays here"));
    const other = await post({ intent: "update-comment", commentId: String(stored.id), comment: "Moved" }, "premium", FREE_SCHEME);
    expect(other.status).toBe(404);
    expect((await post({ intent: "delete-comment", commentId: String(stored.id) }, "admin", FREE_SCHEME)).status).toBe(404);
    expect(await commentById(stored.id)).toEqual(stored);
    expect((await post({ intent: "delete-comment", commentId: "999999999" }, "admin")).status).toBe(404);
    for (const commentId of ["abc", "-1", "0", "1.5", "", "99999999999999999999"]) {
      const response = await post({ intent: "delete-comment", commentId }, "admin");
      expect(response.status, commentId).toBe(400);
      // Words for a person, not the validator's ('expected number, received NaN').
      expect(await response.text(), commentId).toContain("This form was not sent as its page sends it.");
    }
    const wrongIntent = await post({ intent: "rate-comment" }, "admin");
    expect(wrongIntent.status).toBe(400);
    expect(await wrongIntent.text()).not.toContain("discriminator");
  });
});

describe("a comment sent twice", () => {
  it("is stored once: again at once (a double tap, a resent form) and twice at the same moment, each sent to the one comment", async () => {
    const text = unique("Sent twice");
    const [first, second] = await Promise.all([post({ intent: "create-comment", comment: text }, "premium"), post({ intent: "create-comment", comment: text }, "premium")]);
    const again = await post({ intent: "create-comment", comment: text }, "premium");
    for (const response of [first, second, again]) expect(response.status).toBe(302);
    expect(await countWithText(text)).toBe(1);
    const [stored] = (await commentsOf(SLUG)).filter((row) => row.comment === text);
    for (const response of [first, second, again]) expect(response.headers.get("Location")).toMatch(new RegExp(`#comment-${stored.id}$`));
    // The same words from another member are their own comment.
    expect((await post({ intent: "create-comment", comment: text }, "admin")).status).toBe(302);
    expect(await countWithText(text)).toBe(2);
  });
});

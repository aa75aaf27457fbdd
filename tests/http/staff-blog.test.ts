import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { blogPosts, blogSlugRedirects } from "../../db/schema";
import { attemptLogin, createMember, demoUserId, fromAddress, newClientAddress, toastFrom } from "../support/accounts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../../db/seed";
import { mainOf, responseText, sectionLabelledBy, tags, textOf } from "../support/html";
import { get, postForm, signIn } from "../support/http";
import { backdatePost, blogPostBySlug, controlNames, fakePngFile, hugePngFile, imageKeys, locationOf, page, pngFile, postMultipart, token } from "../support/staff";
import { testState, type TestState } from "../support/test-state";

// The blog editor (superadmin only) over HTTP: drafts and publishing with the published_at rule,
// the slug rules, validation, the featured image, the preview, and the public page.

let state: TestState;
let superadmin: string;
let superadminId: string;

beforeAll(async () => {
  state = await testState();
  superadmin = await signIn("superadmin");
  superadminId = await demoUserId("superadmin");
});

type PostInput = { title?: string; slug?: string; excerpt?: string; content?: string; category?: string; status?: string; intent?: string; featuredImage?: File };

function blogForm(input: PostInput) {
  const form = new FormData();
  form.append("intent", input.intent ?? "save");
  form.append("title", input.title ?? "");
  form.append("slug", input.slug ?? "");
  form.append("excerpt", input.excerpt ?? "");
  form.append("content", input.content ?? "");
  form.append("category", input.category ?? "updates");
  form.append("status", input.status ?? "draft");
  form.append("featuredImage", input.featuredImage ?? new File([], "", { type: "application/octet-stream" }));
  return form;
}

const CONTENT = "## What changed\n\nThe **cover 3** fix is *real*.\n\n- Slants\n- Drags\n\n> Trust the read.\n\n[Patch notes](https://example.com/notes)";

async function save(path: string, input: PostInput) {
  return postMultipart(path, blogForm(input), superadmin);
}

describe("the blog form", () => {
  it("renders the post's fields, 'Publish' when creating and 'Update' when editing", async () => {
    const create = await page("/admin/blog/new", superadmin);
    for (const name of ["title", "slug", "excerpt", "content", "category", "status", "featuredImage", "intent"]) expect(controlNames(create.html, "blog-post"), name).toContain(name);
    for (const text of ["Create New Blog Post", "Title", "URL Slug", "Excerpt", "Content", "Preview", "Category", "Updates", "Announcements", "News", "Draft", "Publish", "Featured Image", "Cancel", "Back to Dashboard"]) {
      expect(create.main, text).toContain(text);
    }
    expect(create.html).toMatch(/<input[^>]*name="status"[^>]*checked=""[^>]*value="draft"/);
    const [seeded] = await state.db.select().from(blogPosts).limit(1);
    const edit = await page(`/admin/blog/${seeded.slug}`, superadmin);
    expect(edit.main).toContain("Edit Blog Post");
    expect(edit.main).toContain("Update");
    expect(tags(edit.html, "input").find((input) => input.name === "title")?.value).toBe(seeded.title);
  });
});

describe("a post sent after the session ended", () => {
  it("is kept for this browser only, for its own editor, once", async () => {
    const title = `Kept ${token()}`;
    const response = await postMultipart("/admin/blog/new", blogForm({ title, excerpt: "Kept through the login.", content: CONTENT }));
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe(`/auth?redirectTo=${encodeURIComponent("/admin/blog/new")}`);
    const kept = response.headers.getSetCookie().find((cookie) => cookie.startsWith("gp_kept_form="))!;
    expect(kept).toMatch(/^gp_kept_form=[a-z2-7]{32}; HttpOnly; SameSite=Lax; Path=\/; Max-Age=7200$/);
    const browserCookie = kept.split(";")[0];
    // Unclaimed, it comes back to nobody: not even to this account's session in this browser.
    expect((await page("/admin/blog/new", `${superadmin}; ${browserCookie}`)).html).not.toContain(title);
    // The login it led to, straight back to the editor, makes it this account's.
    const login = await attemptLogin(DEMO_ACCOUNTS.superadmin.email, DEMO_PASSWORD, { Cookie: browserCookie }, { redirectTo: "/admin/blog/new" });
    expect(locationOf(login)).toBe("/admin/blog/new");
    // Another browser, the same account: nothing comes back.
    expect((await page("/admin/blog/new", superadmin)).html).not.toContain(title);
    // Another editor of this browser: nothing either (the form stays kept for its own).
    expect((await page("/admin/blog/welcome-to-the-playbook-lab", `${superadmin}; ${browserCookie}`)).html).not.toContain(title);
    // Its own editor, after the login: back once, with the message, and the cookie forgotten.
    const back = await get("/admin/blog/new", { cookie: `${superadmin}; ${browserCookie}` });
    expect(back.headers.getSetCookie().some((cookie) => /^gp_kept_form=; .*Max-Age=0/.test(cookie))).toBe(true);
    const html = await back.text();
    expect(html).toContain(`value="${title}"`);
    expect(html).toContain("Not saved: your session had ended. What you typed is back in the form; save it now.");
    expect((await page("/admin/blog/new", `${superadmin}; ${browserCookie}`)).html).not.toContain(title);
    expect(await blogPostBySlug(`kept-${title.slice(5)}`)).toBeFalsy();
  });

  it("goes back only to whoever logged in through the login it led to: another account logging in on this computer never sees it", async () => {
    const [alice, bob] = [await createMember(), await createMember()];
    const words = `Alice unsent tip ${token()}`;
    const sent = await postForm("/submit-tip", { formationName: "Gun Bunch", playName: "Mesh", playbook: "Chiefs", gameType: "madden", tipDescription: words });
    expect(locationOf(sent)).toBe(`/auth?redirectTo=${encodeURIComponent("/submit-tip")}`);
    const browserCookie = sent.headers.getSetCookie().find((cookie) => cookie.startsWith("gp_kept_form="))!.split(";")[0];
    // Bob logs in on the same computer, to his home page: the form stays unclaimed, and never his.
    const bobLogin = await attemptLogin(bob.email, DEMO_PASSWORD, { Cookie: browserCookie });
    expect(locationOf(bobLogin)).toBe("/home");
    const bobSession = bobLogin.headers.getSetCookie().find((cookie) => cookie.startsWith("session="))!.split(";")[0];
    expect(await responseText(await get("/submit-tip", { cookie: `${bobSession}; ${browserCookie}` }))).not.toContain(words);
    // Alice, through the login it led to: hers again.
    const aliceLogin = await attemptLogin(alice.email, DEMO_PASSWORD, { Cookie: browserCookie }, { redirectTo: "/submit-tip" });
    const aliceSession = aliceLogin.headers.getSetCookie().find((cookie) => cookie.startsWith("session="))!.split(";")[0];
    expect(await responseText(await get("/submit-tip", { cookie: `${aliceSession}; ${browserCookie}` }))).toContain(words);
  });

  it("is one per browser, and at most 30 per address in 10 minutes: past that the login says nothing was kept", async () => {
    const address = fromAddress(newClientAddress());
    const tip = (words: string, cookie?: string) =>
      postForm("/submit-tip", { formationName: "Gun Bunch", playName: "Mesh", playbook: "Chiefs", gameType: "madden", tipDescription: words }, { headers: address, cookie });
    const first = await tip(`First unsent tip ${token()}`);
    const browserCookie = first.headers.getSetCookie().find((cookie) => cookie.startsWith("gp_kept_form="))!.split(";")[0];
    // The same browser sending another form before logging in: the same token, the newer form.
    const second = await tip(`Second unsent tip ${token()}`, browserCookie);
    expect(second.headers.getSetCookie().find((cookie) => cookie.startsWith("gp_kept_form="))!.split(";")[0]).toBe(browserCookie);
    for (let sent = 2; sent < 30; sent++) expect((await tip(`Tip ${sent}`)).headers.getSetCookie().some((cookie) => cookie.startsWith("gp_kept_form="))).toBe(true);
    const refused = await tip(`One too many ${token()}`);
    expect(locationOf(refused)).toBe(`/auth?redirectTo=${encodeURIComponent("/submit-tip")}`);
    expect(refused.headers.getSetCookie().some((cookie) => cookie.startsWith("gp_kept_form="))).toBe(false);
    expect(toastFrom(refused)).toEqual({ kind: "error", title: "Session ended", description: "Log in again, then send the form again: what you typed could not be kept." });
    // Another address is not held back by this one.
    const elsewhere = await postForm("/submit-tip", { formationName: "Gun Bunch", playName: "Mesh", playbook: "Chiefs", gameType: "madden", tipDescription: "Elsewhere" }, { headers: fromAddress(newClientAddress()) });
    expect(toastFrom(elsewhere)?.description).toBe("Log in again: what you typed comes back in the form, not yet saved.");
  });

  it("is not read at all when it is larger than a form with a picture or two: the login, nothing kept", async () => {
    const response = await postMultipart("/admin/blog/new", blogForm({ title: "Huge", content: "x".repeat(9 * 1024 * 1024) }));
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe(`/auth?redirectTo=${encodeURIComponent("/admin/blog/new")}`);
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("gp_kept_form="))).toBe(false);
    expect(toastFrom(response)?.description).toBe("Log in again, then send the form again: what you typed could not be kept.");
  });
});

describe("a post titled 'New'", () => {
  it("gets another slug, and the message says 'new' is kept for the editor, not that a post has it", async () => {
    const response = await save("/admin/blog/new", { title: "New", slug: "new", excerpt: "A post called New.", content: CONTENT, status: "draft" });
    expect(response.status).toBe(302);
    expect(toastFrom(response)?.description).toMatch(/^Successfully saved "New"\. The slug "new" is kept for the editor's own address, so it is now "new-\d+"\.$/);
  });
});

describe("drafts and publishing", () => {
  const id = token();
  const title = `Patch Notes Breakdown ${id}`;
  const slug = `patch-notes-breakdown-${id}`;

  it("creates a draft with the slug derived from the title: published_at null, not on the blog", async () => {
    const response = await save("/admin/blog/new", { title, excerpt: "What the patch did.", content: CONTENT, category: "news", status: "draft" });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe("/admin#blog");
    expect(toastFrom(response)).toEqual({ kind: "success", title: "Blog post saved", description: `Successfully saved "${title}".` });
    const post = (await blogPostBySlug(slug))!;
    // Browsers send a text area's line breaks as CRLF.
    expect(post.content.replaceAll("\r\n", "\n")).toBe(CONTENT);
    expect(post).toMatchObject({ title, excerpt: "What the patch did.", category: "news", isPublished: false, publishedAt: null, featuredImage: null, authorId: superadminId });
    expect((await page(`/blog/${slug}`)).status).toBe(404);
    const blogTab = textOf(sectionLabelledBy((await page("/admin", superadmin)).html, "blog-heading")!);
    expect(blogTab).toContain(`${title} What the patch did. News Draft N/A`);
  });

  it("publishes it: published_at is now, and the public page shows the rendered post", async () => {
    const startedAt = Date.now();
    const response = await save(`/admin/blog/${slug}`, { title, slug, excerpt: "What the patch did.", content: CONTENT, category: "news", status: "published" });
    expect(response.status).toBe(302);
    const post = (await blogPostBySlug(slug))!;
    // Moved back at once: other files expect the seed's newest posts on /blog and in the feed.
    await backdatePost(slug);
    expect(post.isPublished).toBe(true);
    expect(post.publishedAt!.getTime()).toBeGreaterThanOrEqual(startedAt - 1000);
    expect(post.publishedAt!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    const publicPage = await page(`/blog/${slug}`);
    expect(publicPage.status).toBe(200);
    expect(publicPage.main).toContain(title);
    const main = mainOf(publicPage.html);
    expect(main).toContain("<h2>What changed</h2>");
    expect(main).toContain("<strong>cover 3</strong>");
    expect(main).toContain("<em>real</em>");
    expect((await page("/blog?category=news")).main).toContain(title);
  });

  it("resets published_at on every save of a published post", async () => {
    const old = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000);
    await state.db.update(blogPosts).set({ publishedAt: old }).where(eq(blogPosts.slug, slug));
    const startedAt = Date.now();
    expect((await save(`/admin/blog/${slug}`, { title: `${title} (updated)`, slug, content: CONTENT, category: "news", status: "published" })).status).toBe(302);
    const post = (await blogPostBySlug(slug))!;
    await backdatePost(slug);
    expect(post.title).toBe(`${title} (updated)`);
    expect(post.publishedAt!.getTime()).toBeGreaterThanOrEqual(startedAt - 1000);
  });

  it("keeps the slug when the title changes on an edit, and back to draft clears published_at and hides the post", async () => {
    expect((await save(`/admin/blog/${slug}`, { title: "A Completely Different Title", slug, content: CONTENT, status: "draft" })).status).toBe(302);
    const post = (await blogPostBySlug(slug))!;
    expect(post).toMatchObject({ title: "A Completely Different Title", isPublished: false, publishedAt: null });
    expect((await page(`/blog/${slug}`)).status).toBe(404);
  });

  it("deletes a post from the dashboard (superadmin)", async () => {
    const post = (await blogPostBySlug(slug))!;
    const dialog = await page(`/admin?post=${post.id}&dialog=delete-post#blog`, superadmin);
    expect(dialog.main).toContain(`Delete “${post.title}” and its comments? This action cannot be undone.`);
    const response = await postForm("/admin", { intent: "delete-post", postId: String(post.id) }, { cookie: superadmin });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe("/admin#blog");
    expect(toastFrom(response)).toEqual({ kind: "success", title: "Success", description: "Blog post deleted successfully" });
    expect(await blogPostBySlug(slug)).toBeNull();
    // Sent again by this browser: that deletion again, its answer (decision 0025); by anyone else: gone.
    expect(locationOf(await postForm("/admin", { intent: "delete-post", postId: String(post.id) }, { cookie: superadmin }))).toBe("/admin#blog");
    expect((await postForm("/admin", { intent: "delete-post", postId: String(post.id) }, { cookie: await signIn("superadmin") })).status).toBe(404);
  });
});

describe("slugs and validation", () => {
  it("requires a slug on an edit ('Slug is required') and changes nothing", async () => {
    const slug = `slug-required-${token()}`;
    expect((await save("/admin/blog/new", { title: "Slug required", slug, content: "Body" })).status).toBe(302);
    const before = await blogPostBySlug(slug);
    const response = await save(`/admin/blog/${slug}`, { title: "Slug required", slug: "   ", content: "Body", status: "published" });
    expect(response.status).toBe(400);
    expect(await responseText(response)).toContain("Slug is required");
    expect(await blogPostBySlug(slug)).toEqual(before);
  });

  it.each([
    [{ title: "" }, "Title is required"],
    [{ content: "   " }, "Content is required"],
    [{ slug: "!!!" }, "Slug must contain letters or numbers"],
    [{ category: "gossip" }, "Category must be updates, announcements or news"],
  ])("refuses %o with '%s' and stores nothing", async (fields, message) => {
    const slug = `invalid-post-${token()}`;
    const response = await save("/admin/blog/new", { title: "Invalid post", slug, content: "Body", ...fields });
    expect(response.status).toBe(400);
    expect(await responseText(response)).toContain(message);
    expect(await blogPostBySlug(slug)).toBeNull();
  });

  it("makes a taken slug unique (-1) and derives a slug from a title of only symbols", async () => {
    const base = `taken-${token()}`;
    expect((await save("/admin/blog/new", { title: "First", slug: base, content: "Body" })).status).toBe(302);
    const second = await save("/admin/blog/new", { title: "Second", slug: base, content: "Body" });
    expect(second.status).toBe(302);
    expect(toastFrom(second)?.description).toContain(`"${base}-1"`);
    expect((await blogPostBySlug(`${base}-1`))?.title).toBe("Second");
    const symbols = await save("/admin/blog/new", { title: "*** !!! ***", content: "Body" });
    expect(symbols.status).toBe(302);
    expect(toastFrom(symbols)?.description).toMatch(/^Successfully saved "\*\*\* !!! \*\*\*"\./);
    const rows = await state.db.select().from(blogPosts).where(eq(blogPosts.title, "*** !!! ***"));
    for (const row of rows) expect(row.slug).toMatch(/^post(-\d+)?$/);
  });

  it("saves a post whose slug is long (D1 refuses a LIKE pattern over 50 bytes), twice: the second gets -1", async () => {
    const title = `Title Update 1.08 patch notes for every ranked player ${token()}`;
    const first = await save("/admin/blog/new", { title, content: "Body" });
    expect(first.status).toBe(302);
    const [stored] = await state.db.select({ slug: blogPosts.slug }).from(blogPosts).where(eq(blogPosts.title, title));
    expect(stored.slug.length).toBeGreaterThan(50);
    // A second post of the same title (its own body: the same form sent again is one post, decision 0025).
    const second = await save("/admin/blog/new", { title, content: "Another body" });
    expect(second.status).toBe(302);
    expect(toastFrom(second)?.description).toContain(`"${stored.slug}-1"`);
  });
});

describe("a changed slug", () => {
  it("keeps the old one leading to the post (301, the query kept), in the editor too; a new post may take it; deleting the post removes it", async () => {
    const id = token();
    const old = `moving-post-${id}`;
    const moved = `moved-post-${id}`;
    expect((await save("/admin/blog/new", { title: "Moving post", slug: old, content: "Body" })).status).toBe(302);
    const edit = await save(`/admin/blog/${old}`, { title: "Moving post", slug: moved, content: "Body", status: "published" });
    // Moved back at once: other files expect the seed's newest posts on /blog and in the feed.
    await backdatePost(moved);
    expect(edit.status).toBe(302);
    const visit = await page(`/blog/${old}?ref=digest`);
    expect([visit.status, visit.location]).toEqual([301, `/blog/${moved}?ref=digest`]);
    expect((await page(`/blog/${moved}`)).main).toContain("Moving post");
    const navigation = await get(`/blog/${old}.data?ref=digest&_routes=routes%2Fblog%2Fblog-post`);
    expect(await navigation.text()).toContain(`"redirect","/blog/${moved}?ref=digest"`);
    const editor = await page(`/admin/blog/${old}`, superadmin);
    expect([editor.status, editor.location]).toEqual([301, `/admin/blog/${moved}`]);
    expect((await page(`/blog/never-${id}`)).status).toBe(404);

    // A draft moves only in the editor: visitors find nothing, as on its own slug.
    await state.db.update(blogPosts).set({ isPublished: false, publishedAt: null }).where(eq(blogPosts.slug, moved));
    expect((await page(`/blog/${old}`)).status).toBe(404);
    expect((await page(`/admin/blog/${old}`, superadmin)).location).toBe(`/admin/blog/${moved}`);

    // A new post may take the old slug: it answers it from then on.
    expect((await save("/admin/blog/new", { title: "Taker", slug: old, content: "Body" })).status).toBe(302);
    const taker = await page(`/admin/blog/${old}`, superadmin);
    expect(taker.status).toBe(200);
    expect(tags(taker.html, "input").find((input) => input.name === "title")?.value).toBe("Taker");
    expect(await state.db.select().from(blogSlugRedirects).where(eq(blogSlugRedirects.oldSlug, old))).toEqual([]);

    const post = (await blogPostBySlug(moved))!;
    await state.db.insert(blogSlugRedirects).values({ oldSlug: `gone-${id}`, postId: post.id });
    expect((await postForm("/admin", { intent: "delete-post", postId: String(post.id) }, { cookie: superadmin })).status).toBe(302);
    expect(await state.db.select().from(blogSlugRedirects).where(eq(blogSlugRedirects.postId, post.id))).toEqual([]);
    expect((await page(`/admin/blog/gone-${id}`, superadmin)).status).toBe(404);
  });
});

describe("the featured image", () => {
  it("stores a real image under thumbnail/ in R2", async () => {
    const id = token();
    const slug = `with-image-${id}`;
    expect((await save("/admin/blog/new", { title: "With image", slug, content: "Body", featuredImage: pngFile(`cover-${id}.png`) })).status).toBe(302);
    const post = (await blogPostBySlug(slug))!;
    expect(post.featuredImage).toMatch(new RegExp(`^/media/thumbnail/\\d+_cover-${id}\\.png$`));
    expect((await state.env.MEDIA.head(post.featuredImage!.slice("/media/".length)))?.httpMetadata?.contentType).toBe("image/png");
  });

  it.each([
    ["text bytes named .png", (id: string) => fakePngFile(`fake-${id}.png`), "Invalid file type: Please upload an image file."],
    ["an image over 5 MB", (id: string) => hugePngFile(`huge-${id}.png`), "File too large: Please upload an image smaller than 5MB."],
  ])("refuses %s: no post, no R2 object", async (_, file, message) => {
    const id = token();
    const slug = `bad-image-${id}`;
    const response = await save("/admin/blog/new", { title: "Bad image", slug, content: "Body", featuredImage: file(id) });
    expect(response.status).toBe(400);
    expect(await responseText(response)).toContain(message);
    expect(await blogPostBySlug(slug)).toBeNull();
    expect((await imageKeys()).filter((key) => key.includes(id))).toEqual([]);
  });
  it("refuses a phone photo of 8 MB with what was typed kept (without JavaScript nothing stopped it in the browser)", async () => {
    const id = token();
    const slug = `big-photo-${id}`;
    const bytes = new Uint8Array(8 * 1024 * 1024);
    bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const response = await save("/admin/blog/new", { title: `Big photo ${id}`, slug, content: "Typed before the photo.", featuredImage: new File([bytes], `photo-${id}.png`, { type: "image/png" }) });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(textOf(html)).toContain("File too large: Please upload an image smaller than 5MB.");
    expect(html).toContain(`value="Big photo ${id}"`);
    expect(html).toContain("Typed before the photo.");
    expect(await blogPostBySlug(slug)).toBeNull();
  });
});

describe("a form too large to read (a 32 MB picture, without JavaScript)", () => {
  it("is refused unread (413), and says that what was typed could not be kept", async () => {
    const id = token();
    const bytes = new Uint8Array(32 * 1024 * 1024);
    bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const slug = `huge-photo-${id}`;
    const response = await save("/admin/blog/new", { title: `Huge photo ${id}`, slug, content: "Typed before the photo.", featuredImage: new File([bytes], `huge-${id}.png`, { type: "image/png" }) });
    expect(response.status).toBe(413);
    expect(textOf(await response.text())).toContain("File too large: Please upload an image smaller than 5MB. With a file this large, what you typed could not be kept.");
    expect(await blogPostBySlug(slug)).toBeNull();
  });
});

describe("the preview without JavaScript", () => {
  it("renders the markdown, sanitised, keeps what was typed and saves nothing", async () => {
    const slug = `preview-${token()}`;
    const response = await save("/admin/blog/new", { intent: "preview", title: "Preview only", slug, content: `${CONTENT}\n\n<script>alert(1)</script> [bad](javascript:alert(2))` });
    expect(response.status).toBe(200);
    const html = await response.text();
    const preview = sectionLabelledBy(html, "blog-preview-title")!;
    expect(preview).toContain("<h2>What changed</h2>");
    expect(preview).toContain("<strong>cover 3</strong>");
    expect(preview).not.toContain("<script>alert");
    expect(preview).not.toContain("javascript:");
    expect(html).toMatch(/name="title" value="Preview only"/);
    expect(await blogPostBySlug(slug)).toBeNull();
  });
});

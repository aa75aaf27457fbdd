import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { comments } from "../../db/schema";
import { SEED_BLOG_POSTS, SEED_COMMENTS } from "../../db/seed-data";
import { COMMENT_RULE } from "../../app/server/comments.server";
import { createSignedInMember } from "../support/accounts";
import { insertPosts, type TestPost } from "../support/blog";
import { attributesOf, linksOf, mainOf, tags, textOf } from "../support/html";
import { baseUrl, get, postForm, signIn } from "../support/http";
import { testState } from "../support/test-state";

const published = SEED_BLOG_POSTS.filter((post) => post.isPublished).sort((a, b) => a.daysAgo - b.daysAgo);
const draft = SEED_BLOG_POSTS.find((post) => !post.isPublished)!;
const CATEGORY_LABELS = { updates: "Updates", announcements: "Announcements", news: "News" } as const;

// Posts this file adds: one with hostile markdown and HTML, and enough old announcements to fill two
// pages of that category. All are older than the seed's posts, so the landing page and /home keep
// showing the seed's latest three.
const HOSTILE: TestPost = {
  slug: "test-hostile-markdown",
  title: `<script>alert("title")</script> Hostile <img src=x onerror=alert(1)>`,
  excerpt: `<b onmouseover=alert(1)>excerpt</b>`,
  category: "news",
  daysAgo: 3000,
  content: [
    "## Safe heading <svg onload=alert(1)>",
    "<script>alert(1)</script>",
    "Text with <img src=x onerror=alert(2)> an image and <iframe src=javascript:alert(3)></iframe> a frame.",
    "[javascript link](javascript:alert(4)) and [data link](data:text/html;base64,PHNjcmlwdD5hbGVydCg1KTwvc2NyaXB0Pg==)",
    "[protocol-relative](//evil.example/x) and [quote breaker](/ok\"onmouseover=\"alert(6)) and [[nested] brackets](/nested)",
    `<a href="javascript:alert(7)">raw link</a> <p onclick="alert(8)">raw paragraph</p> <style>body{display:none}</style>`,
    "- **bold <b onmouseover=alert(9)>inside</b>**",
    "> quote with <math><mi xlink:href=javascript:alert(10)>x</mi></math>",
  ].join("\n\n"),
};
const PAGINATION_POSTS: TestPost[] = Array.from({ length: 13 }, (_, index) => ({
  slug: `test-pagination-${String(index + 1).padStart(2, "0")}`,
  title: `Pagination test post ${index + 1}`,
  content: "Old news.",
  excerpt: "An old announcement.",
  category: "announcements",
  daysAgo: 2000 + index,
}));

beforeAll(async () => {
  await insertPosts([HOSTILE, ...PAGINATION_POSTS]);
});

async function html(path: string, cookie?: string) {
  const response = await get(path, { cookie });
  expect(response.status, path).toBe(200);
  return response.text();
}

/** The post cards of a blog list page: slug, category label and date. */
function cards(page: string) {
  return linksOf(mainOf(page))
    .filter((link) => link.href?.startsWith("/blog/"))
    .map((link) => ({ slug: link.href!.slice("/blog/".length), text: link.text, date: /[A-Z][a-z]{2} \d{2}, \d{4}/.exec(link.text)?.[0] }));
}

function categoryNav(page: string) {
  const start = page.indexOf('aria-label="Blog categories"');
  return page.slice(start, page.indexOf("</nav>", start));
}

function currentTab(page: string) {
  return linksOf(categoryNav(page)).find((link) => link.attributes["aria-current"] === "page")?.text;
}

function richText(page: string) {
  const match = /<div class="rich-text[^"]*">([\s\S]*?)<\/div>/.exec(page);
  if (!match) throw new Error("No rich-text block on the page");
  return match[1];
}

describe("blog list", () => {
  it("shows the category tabs as links with ?category=, the current one marked", async () => {
    const page = await html("/blog");
    const nav = categoryNav(page);
    expect(linksOf(nav).map((link) => [link.text, link.href])).toEqual([
      ["All Posts", "/blog"],
      ["Updates", "/blog?category=updates"],
      ["Announcements", "/blog?category=announcements"],
      ["News", "/blog?category=news"],
    ]);
    expect(linksOf(nav).find((link) => link.attributes["aria-current"] === "page")?.text).toBe("All Posts");
    expect(currentTab(await html("/blog?category=updates"))).toBe("Updates");
  });

  it("lists published posts only, newest first", async () => {
    const list = cards(await html("/blog"));
    const slugs = list.map((card) => card.slug);
    expect(slugs.slice(0, published.length)).toEqual(published.map((post) => post.slug));
    expect(slugs).not.toContain(draft.slug);
    const dates = list.map((card) => Date.parse(card.date!));
    expect(dates.every((date) => Number.isFinite(date))).toBe(true);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it("is the same for a signed-in member (no draft either)", async () => {
    const slugs = cards(await html("/blog", await signIn("admin"))).map((card) => card.slug);
    expect(slugs.slice(0, published.length)).toEqual(published.map((post) => post.slug));
    expect(slugs).not.toContain(draft.slug);
  });

  it("filters by category", async () => {
    for (const category of ["updates", "news"] as const) {
      const list = cards(await html(`/blog?category=${category}`));
      const expected = published.filter((post) => post.category === category).map((post) => post.slug);
      expect(list.map((card) => card.slug).slice(0, expected.length), category).toEqual(expected);
      for (const card of list) expect(card.text.startsWith(CATEGORY_LABELS[category]), card.slug).toBe(true);
      expect(list.map((card) => card.slug)).not.toContain(draft.slug);
    }
  });

  it("sends a page past the end to the last page, not to 'No blog posts found in this category.'", async () => {
    const response = await get("/blog?category=updates&page=50");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/blog?category=updates");
    const page = await html("/blog?category=updates");
    expect(cards(page).length).toBeGreaterThan(0);
    expect(textOf(mainOf(page))).not.toContain("No blog posts found in this category.");
  });

  it("never answers 500 for an unknown category or a bad page number", async () => {
    const all = cards(await html("/blog")).map((card) => card.slug);
    for (const query of ["category=bogus", "category=", "category=UPDATES", "category=%3Cscript%3E", "category=updates&category=news", "page=abc", "page=-3", "page=0", "page=1e999", "page=99999999999"]) {
      let response = await get(`/blog?${query}`);
      // A page number past the end leads to the last page.
      if (response.status === 302) response = await get(response.headers.get("Location")!);
      expect(response.status, query).toBe(200);
      const page = await response.text();
      if (query.startsWith("category=") && !query.includes("updates")) {
        expect(cards(page).map((card) => card.slug), query).toEqual(all);
        expect(currentTab(page), query).toBe("All Posts");
      }
    }
  });

  it("paginates, 12 posts a page, with links to older and newer posts", async () => {
    const first = await html("/blog?category=announcements");
    const firstCards = cards(first);
    expect(firstCards).toHaveLength(12);
    expect(textOf(mainOf(first))).toContain("Page 1 of 2");
    const older = linksOf(first).find((link) => link.text === "Older posts");
    expect(older?.href).toBe("/blog?category=announcements&page=2");
    expect(linksOf(first).find((link) => link.text === "Newer posts")).toBeUndefined();

    const second = await html(older!.href!);
    const secondCards = cards(second);
    const seeded = published.filter((post) => post.category === "announcements").length;
    expect(secondCards).toHaveLength(seeded + PAGINATION_POSTS.length - 12);
    expect(textOf(mainOf(second))).toContain("Page 2 of 2");
    expect(linksOf(second).find((link) => link.text === "Newer posts")?.href).toBe("/blog?category=announcements");
    expect(linksOf(second).find((link) => link.text === "Older posts")).toBeUndefined();

    const slugs = [...firstCards, ...secondCards].map((card) => card.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(slugs.slice(-3)).toEqual(["test-pagination-11", "test-pagination-12", "test-pagination-13"]);
    const dates = [...firstCards, ...secondCards].map((card) => Date.parse(card.date!));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });
});

describe("blog post page", () => {
  it("renders the stored markdown to HTML: headings, bold, lists, quotes", async () => {
    const page = await html("/blog/welcome-to-the-playbook-lab");
    const body = richText(page);
    expect(body).toContain("<h2>A new season starts today</h2>");
    expect(body).toContain("<h3>What is in the library</h3>");
    expect(body).toContain("<li><strong>Meta schemes</strong>: the offenses and defenses winning ranked games right now</li>");
    expect(body).toContain("<blockquote><p>Learn the reads, not just the plays. That is how you win when the meta changes.</p></blockquote>");
    expect(body).toContain("<strong>Spread RPO Attack</strong>");
    expect(body).not.toMatch(/\*\*|## |^- /m);
  });

  it("renders the items of one list as one list, also when blank lines separate them", async () => {
    // The seed's posts (and CommonMark's "loose lists") separate the items with blank lines.
    const body = richText(await html("/blog/welcome-to-the-playbook-lab"));
    expect(body.match(/<ul>/g)).toHaveLength(1);
    const list = /<ul>([\s\S]*?)<\/ul>/.exec(body)?.[1] ?? "";
    expect(list.match(/<li>/g)).toHaveLength(3);
  });

  it("renders links (external ones open safely in a new tab) and italics", async () => {
    const body = richText(await html("/blog/new-lab-sessions-every-friday"));
    const discord = linksOf(body).find((link) => link.text === "Discord community");
    expect(discord?.href).toBe("https://discord.com");
    expect(discord?.attributes.rel).toContain("noopener");
    expect(discord?.attributes.target).toBe("_blank");
    expect(body).toContain("<em>Lab request</em>");
  });

  it("shows the title, category, date, author, the link to share and the way back to the blog", async () => {
    const slug = "welcome-to-the-playbook-lab";
    const post = SEED_BLOG_POSTS.find((entry) => entry.slug === slug)!;
    const main = mainOf(await html(`/blog/${slug}`));
    const text = textOf(main);
    expect(text).toContain(post.title);
    expect(text).toContain("News");
    expect(text).toMatch(/[A-Z][a-z]{2} \d{2}, \d{4} · by Sam/);
    expect(linksOf(main).filter((link) => link.text.includes("Back to Blog")).map((link) => link.href)).toContain("/blog");
    // Without JavaScript the link to copy is shown in a field.
    const field = tags(main, "input").find((input) => input.id === "share-link");
    expect(field?.value).toBe(`${baseUrl()}/blog/${slug}`);
    expect(field).toHaveProperty("readonly");
  });

  it("shows a post with hostile markdown and HTML harmlessly", async () => {
    const page = await html(`/blog/${HOSTILE.slug}`);
    const body = richText(page);
    // Only formatting tags, and links to http(s) or site paths, survive.
    const allowed = new Set(["p", "br", "strong", "b", "em", "i", "u", "s", "ul", "ol", "li", "blockquote", "h2", "h3", "h4", "code", "pre", "hr", "a"]);
    for (const match of body.matchAll(/<([a-zA-Z][\w-]*)([^>]*)>/g)) {
      expect(allowed.has(match[1].toLowerCase()), match[0]).toBe(true);
      const attributes = attributesOf(match[0]);
      for (const name of Object.keys(attributes)) expect(["href", "rel", "target", "title"], match[0]).toContain(name);
      if (attributes.href !== undefined) expect(attributes.href, match[0]).toMatch(/^(https?:\/\/|\/(?!\/))/);
    }
    expect(body).not.toMatch(/<(script|img|svg|iframe|style|math)/i);
    expect(body).not.toMatch(/href="[^"]*(javascript|data):/i);
    // The hostile text is still readable, as text.
    expect(textOf(body)).toContain("Safe heading <svg onload=alert(1)>");
    expect(textOf(body)).toContain("<script>alert(1)</script>");
    expect(body).toContain("<h2>");
    expect(body).toContain("<blockquote>");

    // Nowhere else on the page either: the title is text, and every script is one of ours.
    expect(page).not.toMatch(/<script>alert|<img src=x|<b onmouseover/);
    expect(textOf(mainOf(page))).toContain(`<script>alert("title")</script> Hostile`);
    const nonce = page.match(/nonce="([^"]+)"/)?.[1];
    for (const script of tags(page, "script")) expect(script.nonce).toBe(nonce);
  });

  it("answers 'Blog Post Not Found' with status 404 for a missing or draft slug", async () => {
    for (const path of ["/blog/no-such-post", `/blog/${draft.slug}`]) {
      for (const cookie of [undefined, await signIn("free")]) {
        const response = await get(path, { cookie });
        expect(response.status, path).toBe(404);
        const text = textOf(mainOf(await response.text()));
        expect(text).toContain("Blog Post Not Found");
        expect(text).toContain("The blog post you're looking for doesn't exist or has been removed.");
        expect(text).not.toContain(draft.title);
      }
    }
  });
});

describe("blog comments", () => {
  const slug = "title-update-1-3-patch-notes";

  it("shows the post's comments, oldest first, to everyone", async () => {
    const expected = SEED_COMMENTS.filter((comment) => comment.blogSlug === slug).sort((a, b) => b.daysAgo - a.daysAgo);
    const text = textOf(mainOf(await html(`/blog/${slug}`)));
    const positions = expected.map((comment) => text.indexOf(comment.comment));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it("asks visitors to log in, and refuses a visitor's comment", async () => {
    const main = mainOf(await html(`/blog/${slug}`));
    const login = linksOf(main).find((link) => link.text === "Log in to comment.");
    expect(login?.href).toBe(`/auth?redirectTo=${encodeURIComponent(`/blog/${slug}`)}`);
    expect(main).not.toContain('name="comment"');

    const comment = `Visitor comment ${crypto.randomUUID()}`;
    const response = await postForm(`/blog/${slug}`, { intent: "create-comment", comment });
    expect(response.status).toBe(401);
    expect(textOf(await response.text())).toContain("Log in to comment.");
    expect(await html(`/blog/${slug}`)).not.toContain(comment);
  });

  it.each(["free", "expired", "premium"] as const)("lets a signed-in %s member post a comment, shown as text", async (role) => {
    const cookie = await signIn(role);
    const main = mainOf(await html(`/blog/${slug}`, cookie));
    expect(main).toContain('name="comment"');
    expect(textOf(main)).toContain("Post Comment");

    const comment = `Nice breakdown <b>${role}</b> ${crypto.randomUUID()}`;
    const response = await postForm(`/blog/${slug}`, { intent: "create-comment", comment }, { cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(new RegExp(`^/blog/${slug}#comment-\\d+$`));
    const after = await html(`/blog/${slug}`);
    expect(textOf(after)).toContain(comment);
    expect(after).not.toContain(`<b>${role}</b>`);
  });

  it("refuses an empty comment with a message", async () => {
    const response = await postForm(`/blog/${slug}`, { intent: "create-comment", comment: "   " }, { cookie: await signIn("free") });
    expect(response.status).toBe(400);
    expect(textOf(await response.text())).toContain("Comment cannot be empty.");
  });

  it("refuses a member's comment past the ten-minute limit with 429, the message and their words kept", async () => {
    const { cookie } = await createSignedInMember();
    const run = crypto.randomUUID().slice(0, 8);
    for (let index = 1; index <= COMMENT_RULE.limit; index += 1) {
      const response = await postForm(`/blog/${slug}`, { intent: "create-comment", comment: `Flood ${run} ${index}` }, { cookie });
      expect(response.status, `comment ${index}`).toBe(302);
    }
    const comment = `Flood ${run} one more`;
    const response = await postForm(`/blog/${slug}`, { intent: "create-comment", comment }, { cookie });
    expect(response.status).toBe(429);
    const text = textOf(await response.text());
    expect(text).toContain("You have posted many comments in a short time. Please try again in 10 minutes.");
    expect(text).toContain(comment);
    const { db } = await testState();
    expect(await db.select({ total: count() }).from(comments).where(eq(comments.comment, comment))).toEqual([{ total: 0 }]);
  });

  it("refuses comments on a draft post", async () => {
    const comment = `Draft comment ${crypto.randomUUID()}`;
    const response = await postForm(`/blog/${draft.slug}`, { intent: "create-comment", comment }, { cookie: await signIn("free") });
    expect(response.status).toBe(404);
    const { db } = await testState();
    expect(await db.select({ total: count() }).from(comments).where(eq(comments.comment, comment))).toEqual([{ total: 0 }]);
  });
});

describe("a draft post", () => {
  it("appears nowhere: blog list pages, post page, sitemap, RSS, landing, member home", async () => {
    const member = await signIn("premium");
    const pages = [
      ["/blog", await html("/blog")],
      ["/blog?page=2", await html("/blog?page=2")],
      [`/blog?category=${draft.category}`, await html(`/blog?category=${draft.category}`)],
      ["/sitemap.xml", await html("/sitemap.xml")],
      ["/blog/rss.xml", await html("/blog/rss.xml")],
      ["/", await html("/")],
      ["/ (member)", await html("/", member)],
      ["/home", await html("/home", member)],
    ] as const;
    for (const [path, body] of pages) {
      expect(body, path).not.toContain(draft.slug);
      expect(body, path).not.toContain(draft.title);
    }
    expect((await get(`/blog/${draft.slug}`)).status).toBe(404);
  });
});

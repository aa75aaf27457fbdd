import { beforeAll, describe, expect, it } from "vitest";
import { SEED_BLOG_POSTS, SEED_CONTENT } from "../../db/seed-data";
import { GAME_LABELS } from "~/lib/format";
import { headOf, textOf, xmlProblems, xmlValues } from "../support/html";
import { baseUrl, get, signIn } from "../support/http";
import { insertPosts } from "../support/blog";

const publishedPosts = SEED_BLOG_POSTS.filter((post) => post.isPublished).sort((a, b) => a.daysAgo - b.daysAgo);
const draftPost = SEED_BLOG_POSTS.find((post) => !post.isPublished)!;
const SCHEME_TYPES = new Set(["meta-scheme", "off-meta-scheme"]);
const publishedSchemes = SEED_CONTENT.filter((item) => item.isPublished && SCHEME_TYPES.has(item.type));
const draftContent = SEED_CONTENT.filter((item) => !item.isPublished);

// A published post whose title and excerpt need escaping in XML.
const SPECIAL = {
  slug: "test-feed-escaping",
  title: `Q&A: "Cover 3" <vs> Four Verts & more`,
  excerpt: "Tom & Jerry's <b>best</b> reads",
  content: "Plain text.",
  daysAgo: 2500,
};

beforeAll(async () => {
  await insertPosts([SPECIAL]);
});

async function body(path: string) {
  const response = await get(path);
  expect(response.status, path).toBe(200);
  return { response, text: await response.text() };
}

describe("sitemap.xml", () => {
  let locs: string[];
  beforeAll(async () => {
    const { response, text } = await body("/sitemap.xml");
    expect(response.headers.get("Content-Type")).toMatch(/^application\/xml/);
    expect(xmlProblems(text)).toEqual([]);
    expect(text).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    locs = xmlValues(text, "loc");
  });

  it("lists the public pages with absolute URLs", () => {
    for (const path of ["/", "/college", "/madden", "/blog", "/subscribe", "/contact", "/terms-of-service", "/privacy-policy"]) {
      expect(locs).toContain(`${baseUrl()}${path}`);
    }
    for (const loc of locs) expect(loc.startsWith(`${baseUrl()}/`), loc).toBe(true);
  });

  it("lists every published post and no draft", () => {
    for (const post of publishedPosts) expect(locs).toContain(`${baseUrl()}/blog/${post.slug}`);
    expect(locs.some((loc) => loc.includes(draftPost.slug))).toBe(false);
  });

  it("lists the teaser of every published scheme and no draft content", () => {
    for (const item of publishedSchemes) expect(locs).toContain(`${baseUrl()}/scheme/${item.slug}`);
    for (const item of draftContent) expect(locs.some((loc) => loc.endsWith(`/${item.slug}`)), item.slug).toBe(false);
  });

  it("lists no private or staff pages", () => {
    for (const loc of locs) {
      expect(new URL(loc).pathname, loc).not.toMatch(/^\/(admin|home|account-settings|auth|reset-password|dev|success|cancel|submit-tip|logout)(\/|$)/);
    }
  });
});

describe("robots.txt", () => {
  it("names the sitemap and keeps crawlers out of private areas", async () => {
    const { response, text } = await body("/robots.txt");
    expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toContain(`Sitemap: ${baseUrl()}/sitemap.xml`);
    for (const path of ["/admin", "/account-settings", "/home"]) expect(text).toContain(`Disallow: ${path}`);
    expect(text).not.toMatch(/^Disallow: \/$/m);
  });
});

describe("blog RSS feed", () => {
  let xml: string;
  let items: string[];
  beforeAll(async () => {
    const { response, text } = await body("/blog/rss.xml");
    expect(response.headers.get("Content-Type")).toMatch(/^application\/rss\+xml/);
    xml = text;
    items = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((match) => match[1]);
  });

  it("is well-formed RSS 2.0 with a channel title, link and description", () => {
    expect(xmlProblems(xml)).toEqual([]);
    expect(xml).toMatch(/<rss version="2\.0"[^>]*>\s*<channel>/);
    const channel = xml.slice(0, xml.indexOf("<item>"));
    expect(xmlValues(channel, "title")).toEqual(["Gridiron Playbook Blog"]);
    expect(xmlValues(channel, "link")).toEqual([`${baseUrl()}/blog`]);
    expect(xmlValues(channel, "description")[0]).toBeTruthy();
  });

  it("has an item with title, link, guid, date and description for each published post, newest first", () => {
    const links = items.map((item) => xmlValues(item, "link")[0]);
    for (const post of publishedPosts) expect(links).toContain(`${baseUrl()}/blog/${post.slug}`);
    expect(links.slice(0, publishedPosts.length)).toEqual(publishedPosts.map((post) => `${baseUrl()}/blog/${post.slug}`));
    const dates: number[] = [];
    for (const item of items) {
      expect(xmlValues(item, "title")[0]).toBeTruthy();
      expect(xmlValues(item, "guid")[0]).toBe(xmlValues(item, "link")[0]);
      expect(xmlValues(item, "description")[0]).toBeTruthy();
      const date = xmlValues(item, "pubDate")[0];
      expect(date).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
      dates.push(Date.parse(date));
    }
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it("leaves out the draft", () => {
    expect(xml).not.toContain(draftPost.slug);
    expect(xml).not.toContain(draftPost.title);
  });

  it("escapes titles and summaries", () => {
    const item = items.find((entry) => entry.includes(SPECIAL.slug));
    expect(item).toBeDefined();
    expect(xmlValues(item!, "title")).toEqual([SPECIAL.title]);
    expect(xmlValues(item!, "description")).toEqual([SPECIAL.excerpt]);
  });
});

describe("page metadata", () => {
  const post = publishedPosts[0];
  const scheme = publishedSchemes[0];
  const pages = [
    "/",
    "/blog",
    `/blog/${post.slug}`,
    "/contact",
    "/terms-of-service",
    "/privacy-policy",
    "/college",
    "/madden",
    "/subscribe",
    `/scheme/${scheme.slug}`,
    // A free scheme's formation and play: each is its own address (a shared play link opens the play).
    "/content/cfb26-spread-rpo-attack/section/gun-bunch",
    "/content/cfb26-spread-rpo-attack/section/gun-bunch/play/mesh",
  ];

  it.each(pages)("%s has a title, a description, a canonical URL, Open Graph tags and a Twitter card", async (path) => {
    const { text } = await body(path);
    const head = headOf(text);
    expect(head.titles).toHaveLength(1);
    expect(head.titles[0]).toMatch(/Gridiron Playbook/);
    expect(head.meta("description")).toHaveLength(1);
    expect(head.meta("description")[0]?.length).toBeGreaterThan(20);
    expect(head.link("canonical")).toEqual([`${baseUrl()}${path}`]);
    for (const property of ["og:title", "og:description", "og:url", "og:type"]) {
      expect(head.meta(property), property).toHaveLength(1);
      expect(head.meta(property)[0], property).toBeTruthy();
    }
    expect(head.meta("og:url")).toEqual([`${baseUrl()}${path}`]);
    expect(head.meta("og:image")).toHaveLength(1);
    expect(head.meta("og:image")[0]).toMatch(/^https?:\/\//);
    expect(head.meta("twitter:card")).toEqual(["summary_large_image"]);
  });

  it.each(pages)("%s points feed readers to the blog's RSS feed", async (path) => {
    const { text } = await body(path);
    expect(text).toMatch(/<link [^>]*rel="alternate" type="application\/rss\+xml" title="Gridiron Playbook Blog" href="\/blog\/rss.xml"\/?>/);
  });

  it("a formation and a play are titled with their own names before the scheme's", async () => {
    const formation = scheme.formations[0];
    const play = formation.plays[0];
    const base = `/content/${scheme.slug}/section/${formation.slug}`;
    const cookie = await signIn("premium");
    const titleOf = async (path: string) => textOf(/<title>([^<]*)<\/title>/.exec(await (await get(path, { cookie })).text())![1]);
    expect(await titleOf(base)).toBe(`${formation.title} · ${scheme.title} | ${GAME_LABELS[scheme.game]} | Gridiron Playbook`);
    expect(await titleOf(`${base}/play/${play.slug}`)).toBe(`${play.title} · ${formation.title} · ${scheme.title} | ${GAME_LABELS[scheme.game]} | Gridiron Playbook`);
  });

  it("a blog post shares its own title, excerpt and featured image, as an article", async () => {
    const { text } = await body(`/blog/${post.slug}`);
    const head = headOf(text);
    expect(head.titles[0]).toBe(`${post.title} | Gridiron Playbook`);
    expect(head.meta("og:title")).toEqual([post.title]);
    expect(head.meta("description")).toEqual([post.excerpt]);
    expect(head.meta("og:description")).toEqual([post.excerpt]);
    expect(head.meta("og:type")).toEqual(["article"]);
    expect(head.meta("og:image")).toEqual([`${baseUrl()}/media/thumbnail/seed-${post.image}`]);
    expect(head.meta("twitter:image")).toEqual([`${baseUrl()}/media/thumbnail/seed-${post.image}`]);
    // The shared image exists.
    const image = await get(`/media/thumbnail/seed-${post.image}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("Content-Type")).toMatch(/^image\//);
  });

  it("the default sharing image exists", async () => {
    const { text } = await body("/");
    const image = await get(new URL(headOf(text).meta("og:image")[0]!).pathname);
    expect(image.status).toBe(200);
    expect(image.headers.get("Content-Type")).toMatch(/^image\//);
  });

  it("a missing post's page is titled 'Blog Post Not Found' and has no canonical URL", async () => {
    const response = await get("/blog/no-such-post");
    expect(response.status).toBe(404);
    const head = headOf(await response.text());
    expect(head.titles).toEqual(["Blog Post Not Found | Gridiron Playbook"]);
    expect(head.link("canonical")).toEqual([]);
  });
});


// Helpers for the staff tests (dashboard, content and blog forms, tips) against the running test
// server: multipart form posts as the browser sends them, page reads, and direct reads of what the
// app stored in the server's own D1 and R2 (through ./test-state.ts).
import { eq, inArray } from "drizzle-orm";
import { blogPosts, content, contentPlays, contentSections, userTips } from "../../db/schema.ts";
import { mainOf, readableHtml, tags, textOf } from "./html.ts";
import { baseUrl, get, url } from "./http.ts";
import { testState } from "./test-state.ts";

/** A short random token, lowercase letters and digits, to keep names unique across runs and files. */
export function token(length = 8) {
  return crypto.randomUUID().replaceAll("-", "").slice(0, length);
}

/** A same-origin multipart POST (the content and blog forms use multipart/form-data). */
export function postMultipart(path: string, body: FormData, cookie?: string) {
  return fetch(url(path), {
    method: "POST",
    redirect: "manual",
    headers: { Origin: baseUrl(), "Sec-Fetch-Site": "same-origin", ...(cookie ? { Cookie: cookie } : {}) },
    body,
  });
}

export type PlayInput = { title?: string; description?: string; videoProvider?: string; videoUrl?: string; slug?: string; tags?: string; image?: File };
export type FormationInput = { id?: number; title?: string; slug?: string; description?: string; image?: File; plays: PlayInput[] };
export type ContentInput = {
  title: string;
  type?: string;
  game?: string;
  description?: string;
  videoUrl?: string;
  difficulty?: string;
  requiredTier?: string;
  tags?: string;
  isPublished?: boolean;
  thumbnail?: File;
  formations?: FormationInput[];
};

/** A file input left empty, as a browser sends it. */
const noFile = () => new File([], "", { type: "application/octet-stream" });

/** The multipart body of the content form, with the names the form renders. */
export function contentForm(input: ContentInput) {
  const form = new FormData();
  form.append("title", input.title);
  form.append("type", input.type ?? "meta-scheme");
  form.append("game", input.game ?? "college");
  form.append("description", input.description ?? "");
  form.append("thumbnail", input.thumbnail ?? noFile());
  form.append("videoUrl", input.videoUrl ?? "");
  form.append("difficulty", input.difficulty ?? "beginner");
  form.append("requiredTier", input.requiredTier ?? "premium");
  form.append("tags", input.tags ?? "");
  (input.formations ?? []).forEach((formation, index) => {
    const name = `formations[${index}]`;
    form.append(`${name}.imageUrl`, "");
    if (formation.id !== undefined) form.append(`${name}.id`, String(formation.id));
    form.append(`${name}.title`, formation.title ?? "");
    form.append(`${name}.slug`, formation.slug ?? "");
    form.append(`${name}.image`, formation.image ?? noFile());
    form.append(`${name}.description`, formation.description ?? "");
    formation.plays.forEach((play, playIndex) => {
      const playName = `${name}.plays[${playIndex}]`;
      form.append(`${playName}.slug`, play.slug ?? "");
      form.append(`${playName}.runtime`, "");
      form.append(`${playName}.imageUrl`, "");
      form.append(`${playName}.title`, play.title ?? "");
      form.append(`${playName}.image`, play.image ?? noFile());
      form.append(`${playName}.description`, play.description ?? "");
      form.append(`${playName}.videoProvider`, play.videoProvider ?? "youtube");
      form.append(`${playName}.videoUrl`, play.videoUrl ?? "");
      form.append(`${playName}.tags`, play.tags ?? "");
    });
  });
  // Drafts unless told otherwise: other files expect the seed's newest content on the public pages.
  if (input.isPublished) form.append("isPublished", "on");
  return form;
}

/** FormData from plain fields; a value that is a File (or Blob) is appended as a file. */
export function formDataOf(fields: Record<string, string | File | undefined>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) form.append(name, value);
  }
  return form;
}

/** A GET of a page: status, raw HTML, readable HTML (see readableHtml), and the visible text of its <main>. */
export async function page(path: string, cookie?: string) {
  const response = await get(path, { cookie });
  const html = await response.text();
  let main = "";
  try {
    main = textOf(mainOf(html));
  } catch {
    main = textOf(html);
  }
  return { response, status: response.status, location: response.headers.get("Location"), html, text: readableHtml(html), main };
}

/** The names of the controls of a form: those inside it and those outside that name it with form=. */
export function controlNames(html: string, formId: string) {
  const start = html.search(new RegExp(`<form[^>]*id="${formId}"`));
  if (start < 0) throw new Error(`No form #${formId}`);
  const inside = html.slice(start, html.indexOf("</form>", start));
  const names = new Set<string>();
  for (const tag of ["input", "select", "textarea", "button"]) {
    for (const attributes of [...tags(inside, tag), ...tags(html, tag).filter((found) => found.form === formId)]) {
      if (attributes.name) names.add(attributes.name);
    }
  }
  return names;
}

/** The location a redirect points to, as a path with its query and hash. */
export function locationOf(response: Response) {
  const location = response.headers.get("Location");
  if (!location) return null;
  const target = new URL(location, baseUrl());
  return `${target.pathname}${target.search}${target.hash}`;
}

/** A 1x1 PNG. */
export function pngFile(name: string) {
  const base64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
  return new File([Buffer.from(base64, "base64")], name, { type: "image/png" });
}

/** Text bytes dressed up as a PNG (name and declared type), which the server must refuse by its bytes. */
export function fakePngFile(name: string) {
  return new File([new TextEncoder().encode("<?php echo 'this is not an image'; ?>\n".repeat(20))], name, { type: "image/png" });
}

/** A real PNG header followed by zeros: more than 5 MB. */
export function hugePngFile(name: string) {
  const bytes = new Uint8Array(5 * 1024 * 1024 + 1024);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new File([bytes], name, { type: "image/png" });
}

/** Every R2 object key under the image folders the staff forms write to. */
export async function imageKeys() {
  const { env } = await testState();
  const keys: string[] = [];
  for (const prefix of ["thumbnail/", "formationart/", "playart/"]) {
    let cursor: string | undefined;
    do {
      const listing = await env.MEDIA.list({ prefix, cursor });
      keys.push(...listing.objects.map((object) => object.key));
      cursor = listing.truncated ? listing.cursor : undefined;
    } while (cursor);
  }
  return keys;
}

/** A content item with its formations and their plays, in order, as stored. */
export async function storedContent(slug: string) {
  const { db } = await testState();
  const [row] = await db.select().from(content).where(eq(content.slug, slug));
  if (!row) return null;
  const sections = await db.select().from(contentSections).where(eq(contentSections.contentId, row.id)).orderBy(contentSections.position);
  const plays = sections.length
    ? await db.select().from(contentPlays).where(inArray(contentPlays.sectionId, sections.map((section) => section.id))).orderBy(contentPlays.position)
    : [];
  return {
    row,
    formations: sections.map((section) => ({ ...section, plays: plays.filter((play) => play.sectionId === section.id) })),
  };
}

export async function contentByTitle(title: string) {
  const { db } = await testState();
  return db.select().from(content).where(eq(content.title, title));
}

export async function tipsOf(userId: string) {
  const { db } = await testState();
  return db.select().from(userTips).where(eq(userTips.userId, userId)).orderBy(userTips.id);
}

export async function blogPostBySlug(slug: string) {
  const { db } = await testState();
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.slug, slug));
  return row ?? null;
}

const DAY = 24 * 60 * 60 * 1000;

// The HTTP and browser layers share one server and run at the same time: other files expect the
// seed's newest content and posts on the landing page, /home, /blog and the feeds. Content and
// posts made here are saved as drafts, or moved far into the past as soon as they are published,
// and unpublished again when done.

/** Publishes a content item (saved as a draft) as if it had been created ten years ago. */
export async function publishAsOld(slug: string) {
  const { db } = await testState();
  await db.update(content).set({ isPublished: true, createdAt: new Date(Date.now() - 3650 * DAY) }).where(eq(content.slug, slug));
}

export async function unpublishContent(slugs: string[]) {
  const { db } = await testState();
  if (slugs.length) await db.update(content).set({ isPublished: false }).where(inArray(content.slug, slugs));
}

/** Moves a published post's date back (a thousand days: after the seed's posts, on /blog's first page). */
export async function backdatePost(slug: string) {
  const { db } = await testState();
  await db.update(blogPosts).set({ publishedAt: new Date(Date.now() - 1000 * DAY) }).where(eq(blogPosts.slug, slug));
}

/** A value read twice around a request: the page must show one of the values in between. */
export function within(value: number, a: number, b: number) {
  return value >= Math.min(a, b) && value <= Math.max(a, b);
}

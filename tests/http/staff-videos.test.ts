import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { content, contentPlays, contentSections, mediaDeletions } from "../../db/schema";
import { toastFrom } from "../support/accounts";
import { responseText } from "../support/html";
import { baseUrl, get, postForm, signIn, url } from "../support/http";
import { contentByTitle, contentForm, postMultipart, storedContent, token } from "../support/staff";
import { testState, type TestState } from "../support/test-state";
import { MAX_FORM_VIDEO_BYTES, VIDEO_FORM_TOO_LARGE, VIDEO_INVALID_TYPE, VIDEO_PART_BYTES } from "~/lib/videos";
import { eq } from "drizzle-orm";

// Uploading play videos over HTTP: the uploader's steps (start, parts, complete) as the browser
// sends them, staff only; the no-JavaScript form; the stored video reaching premium members only;
// a video in use never deleted.

let state: TestState;
let admin: string;
let premium: string;
const createdContent: number[] = [];

beforeAll(async () => {
  [state, admin, premium] = await Promise.all([testState(), signIn("admin"), signIn("premium")]);
});
afterAll(async () => {
  for (const id of createdContent) await state.db.delete(content).where(eq(content.id, id));
});

function mp4(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size).fill(5);
  bytes.set([0, 0, 0, 0x20, ...new TextEncoder().encode("ftypisom")]);
  return bytes;
}

function step(name: string, body: BodyInit, cookie: string | null, query: Record<string, string> = {}) {
  const json = typeof body === "string";
  return fetch(url(`/admin/videos/upload?${new URLSearchParams({ step: name, ...query })}`), {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: baseUrl(),
      "Sec-Fetch-Site": "same-origin",
      "Content-Type": json ? "application/json" : "application/octet-stream",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body,
  });
}

/** Uploads `bytes` as the browser's uploader does; returns the stored address. */
async function uploadInParts(name: string, bytes: Uint8Array, cookie = admin): Promise<string> {
  const started = await step("start", JSON.stringify({ name, size: bytes.byteLength }), cookie);
  expect(started.status).toBe(200);
  const { key, uploadId, partBytes } = (await started.json()) as { key: string; uploadId: string; partBytes: number };
  expect(partBytes).toBe(VIDEO_PART_BYTES);
  const parts = [];
  for (let offset = 0, part = 1; offset < bytes.byteLength; offset += partBytes, part += 1) {
    const response = await step("part", bytes.slice(offset, offset + partBytes), cookie, { key, uploadId, part: String(part) });
    expect(response.status).toBe(200);
    parts.push(((await response.json()) as { part: unknown }).part);
  }
  const done = await step("complete", JSON.stringify({ key, uploadId, parts }), cookie);
  expect(done.status).toBe(200);
  const body = (await done.json()) as { url: string; size: number };
  expect(body.size).toBe(bytes.byteLength);
  return body.url;
}

describe("video upload in parts", () => {
  it("stores a video of two parts whole; premium members can play it, visitors cannot", async () => {
    const bytes = mp4(VIDEO_PART_BYTES + 4096);
    const address = await uploadInParts(`Mesh ${token(4)}.mp4`, bytes);
    expect(address).toMatch(/^\/media\/videos\/[a-z0-9]+-mesh-[a-z0-9-]+\.mp4$/);
    const served = await get(address, { cookie: premium });
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("video/mp4");
    // Compared as bytes at once: toEqual walks 8 MB element by element for seconds, and the event loop
    // held that long lets the server close an idle kept-alive connection the next fetch then reuses.
    const received = Buffer.from(await served.arrayBuffer());
    expect(received.byteLength).toBe(bytes.byteLength);
    expect(received.equals(bytes)).toBe(true);
    const ranged = await get(address, { cookie: premium, headers: { Range: "bytes=4-11" } });
    expect(ranged.status).toBe(206);
    expect(new TextDecoder().decode(await ranged.arrayBuffer())).toBe("ftypisom");
    expect((await get(address)).status).toBe(403);
  });

  it("is for staff only: a visitor is sent to log in, a member refused, nothing started", async () => {
    const body = JSON.stringify({ name: "clip.mp4", size: 100 });
    const visitor = await step("start", body, null);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/auth\?redirectTo=/);
    const member = await step("start", body, premium);
    expect(member.status).toBe(403);
    const listed = await state.env.MEDIA.list({ prefix: "videos/" });
    expect(listed.objects.every((object) => !object.key.endsWith("-clip.mp4"))).toBe(true);
  });

  it("refuses a file that is not an MP4 or WebM, by its name and by its bytes", async () => {
    const byName = await step("start", JSON.stringify({ name: "notes.exe", size: 100 }), admin);
    expect(byName.status).toBe(415);
    expect(await byName.json()).toMatchObject({ ok: false, ...VIDEO_INVALID_TYPE });

    const started = (await (await step("start", JSON.stringify({ name: "disguised.mp4", size: 40 }), admin)).json()) as { key: string; uploadId: string };
    const html = new TextEncoder().encode("<html><script>alert(document.cookie)</script></html>");
    const part = await step("part", html, admin, { key: started.key, uploadId: started.uploadId, part: "1" });
    expect(part.status).toBe(415);
    expect(await part.json()).toMatchObject(VIDEO_INVALID_TYPE);
    expect(await state.env.MEDIA.head(started.key)).toBeNull();
  });

  it("refuses a cross-site upload", async () => {
    const response = await fetch(url("/admin/videos/upload?step=start"), {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: admin, Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site", "Content-Type": "application/json" },
      body: JSON.stringify({ name: "clip.mp4", size: 100 }),
    });
    expect(response.status).toBe(403);
  });
});

describe("the videos page", () => {
  it("takes a video without JavaScript and shows its address", async () => {
    const form = new FormData();
    form.set("intent", "upload");
    form.set("video", new File([mp4(2048)], "Zone Beater.mp4", { type: "video/mp4" }));
    const response = await postMultipart("/admin/videos", form, admin);
    expect(response.status).toBe(302);
    const location = response.headers.get("Location") ?? "";
    expect(location).toMatch(/^\/admin\/videos\?uploaded=videos%2F[a-z0-9]+-zone-beater\.mp4$/);
    const key = decodeURIComponent(location.split("=")[1]);
    const page = await responseText(await get(location, { cookie: admin }));
    expect(page).toContain("Video uploaded");
    expect(page).toContain(`value="/media/${key}"`);
  });

  it("refuses a video too large for one post, and one that is not a video", async () => {
    const form = new FormData();
    form.set("intent", "upload");
    form.set("video", new File([mp4(MAX_FORM_VIDEO_BYTES + 1024 * 1024)], "long.mp4"));
    const large = await postMultipart("/admin/videos", form, admin);
    expect(large.status).toBe(413);
    expect(await responseText(large)).toContain(VIDEO_FORM_TOO_LARGE.description);

    form.set("video", new File([new TextEncoder().encode("GIF89a not a video")], "clip.mp4"));
    const fake = await postMultipart("/admin/videos", form, admin);
    expect(fake.status).toBe(415);
    expect(await responseText(fake)).toContain(VIDEO_INVALID_TYPE.description);
  });

  it("lists who uses a video and deletes only one nobody uses", async () => {
    const usedUrl = await uploadInParts("used-by-a-play.mp4", mp4(1024));
    const unusedUrl = await uploadInParts("not-used.mp4", mp4(1024));
    const slug = `videos-http-${token(6)}`;
    const [item] = await state.db.insert(content).values({ slug, title: `Videos Http ${slug}`, type: "meta-scheme", game: "college", isPublished: false }).returning({ id: content.id });
    createdContent.push(item.id);
    const [section] = await state.db.insert(contentSections).values({ contentId: item.id, slug: "gun", title: "Gun" }).returning({ id: contentSections.id });
    await state.db.insert(contentPlays).values({ sectionId: section.id, slug: "mesh", title: "Mesh Spot", videoProvider: "custom", videoUrl: usedUrl });

    const page = await responseText(await get("/admin/videos", { cookie: admin }));
    expect(page).toContain(`href="/admin/content/${slug}"`);

    const inUse = await postForm("/admin/videos", { intent: "delete", key: usedUrl.slice("/media/".length) }, { cookie: admin });
    expect(inUse.status).toBe(409);
    expect(await responseText(inUse)).toContain("Not deleted: an item uses this video. Give them another video first.");
    expect(await state.env.MEDIA.head(usedUrl.slice("/media/".length))).not.toBeNull();

    const deleted = await postForm("/admin/videos", { intent: "delete", key: unusedUrl.slice("/media/".length) }, { cookie: admin });
    expect(deleted.status).toBe(302);
    expect(toastFrom(deleted)).toMatchObject({ kind: "success", title: "Video deleted" });
    expect(await state.env.MEDIA.head(unusedUrl.slice("/media/".length))).toBeNull();

    const member = await postForm("/admin/videos", { intent: "delete", key: usedUrl.slice("/media/".length) }, { cookie: premium });
    expect(member.status).toBe(403);
  });
});

describe("an uploaded video stays in the library until staff delete it there", () => {
  it("a play moved off it, and then its whole scheme deleted, leave the video stored and listed as used by nothing", async () => {
    const url = await uploadInParts("kept-after-edit.mp4", mp4(1024));
    const key = url.slice("/media/".length);
    const title = `Kept Video ${token(6)}`;
    const withVideo = contentForm({ title, formations: [{ title: "Gun", plays: [{ title: "Mesh Kept", videoProvider: "custom", videoUrl: url }] }] });
    expect((await postMultipart("/admin/content/new", withVideo, admin)).status).toBe(302);
    const slug = (await contentByTitle(title))[0].slug;
    const saved = (await storedContent(slug))!;
    createdContent.push(saved.row.id);
    expect(await responseText(await get("/admin/videos", { cookie: admin }))).toContain(`href="/admin/content/${slug}"`);

    // The play moves to a YouTube link: the upload is no longer used, and stays.
    const moved = contentForm({ title, formations: [{ id: saved.formations[0].id, title: "Gun", plays: [{ title: "Mesh Kept", slug: "mesh-kept", videoProvider: "youtube", videoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" }] }] });
    const form = await responseText(await get(`/admin/content/${slug}`, { cookie: admin }));
    moved.append("revision", /name="revision" value="([^"]+)"/.exec(form)![1]);
    const edit = await postMultipart(`/admin/content/${slug}`, moved, admin);
    expect(edit.status).toBe(302);
    expect((await storedContent(slug))!.formations[0].plays[0].videoUrl).toContain("youtube.com");
    expect(await state.env.MEDIA.head(key)).not.toBeNull();
    expect(await state.db.select().from(mediaDeletions).where(eq(mediaDeletions.key, key))).toEqual([]);

    // Put back on the play, then the scheme deleted: still stored.
    const back = contentForm({ title, formations: [{ id: saved.formations[0].id, title: "Gun", plays: [{ title: "Mesh Kept", slug: "mesh-kept", videoProvider: "custom", videoUrl: url }] }] });
    back.append("revision", /name="revision" value="([^"]+)"/.exec(await responseText(await get(`/admin/content/${slug}`, { cookie: admin })))![1]);
    expect((await postMultipart(`/admin/content/${slug}`, back, admin)).status).toBe(302);
    expect((await postForm("/admin", { intent: "delete-content", slug }, { cookie: admin })).status).toBe(302);
    expect(await state.env.MEDIA.head(key)).not.toBeNull();

    // Used by nothing now, the library deletes it.
    const deleted = await postForm("/admin/videos", { intent: "delete", key }, { cookie: admin });
    expect(deleted.status).toBe(302);
    expect(await state.env.MEDIA.head(key)).toBeNull();
  });
});

describe("who may play an uploaded video", () => {
  it("a published scheme's intro video plays for everyone (its 'Free intro video'); a premium tip's video for members only", async () => {
    const intro = await uploadInParts("scheme-intro.mp4", mp4(512));
    const tip = await uploadInParts("tip-video.mp4", mp4(512));
    const slug = `videos-intro-${token(6)}`;
    const [scheme] = await state.db
      .insert(content)
      .values({ slug, title: `Intro ${slug}`, type: "meta-scheme", game: "madden", requiredTier: "premium", isPublished: true, videoUrl: intro })
      .returning({ id: content.id });
    const [proTip] = await state.db
      .insert(content)
      .values({ slug: `${slug}-tip`, title: `Tip ${slug}`, type: "pro-tip", game: "madden", requiredTier: "premium", isPublished: true, videoUrl: tip })
      .returning({ id: content.id });
    createdContent.push(scheme.id, proTip.id);
    expect((await get(intro)).status).toBe(200);
    expect((await get(tip)).status).toBe(403);
    expect((await get(tip, { cookie: premium })).status).toBe(200);
    // The videos page counts the intro as a use.
    expect(await responseText(await get("/admin/videos", { cookie: admin }))).toContain(`href="/admin/content/${slug}"`);
  });
});


import { env } from "cloudflare:workers";
import { Buffer } from "node:buffer";
import { describe, expect, it } from "vitest";
import { content, contentPlays, contentSections } from "../../db/schema";
import { formatBytes, isUploadedVideoKey, VIDEO_PART_BYTES, videoExtension, videoKeyFor } from "~/lib/videos";
import { createDatabase } from "~/server/db.server";
import { completeVideoUpload, deleteVideo, listVideos, sniffVideo, startVideoUpload, storeFormVideo, uploadVideoPart } from "~/server/videos.server";
import { ownMediaPath } from "~/server/admin-content.server";

// Uploaded play videos against the real local R2 (multipart upload) and D1: the type is read from
// the first bytes, a video in parts comes out whole, and a video in use is never deleted.

const db = createDatabase(env.DB);
const bucket = env.MEDIA;

/** The start of an MP4 ("ftyp" box, isom brand) followed by `size` bytes in all. */
function mp4(size: number, fill = 7): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size).fill(fill);
  bytes.set([0, 0, 0, 0x20, ...new TextEncoder().encode("ftypisom")]);
  return bytes;
}
const webm = () => Uint8Array.from([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3, 4]);

describe("video files", () => {
  it("reads MP4 and WebM from their first bytes, and nothing else", () => {
    expect(sniffVideo(mp4(64))).toBe("mp4");
    expect(sniffVideo(webm())).toBe("webm");
    const quicktime = mp4(64);
    quicktime.set(new TextEncoder().encode("qt  "), 8);
    expect(sniffVideo(quicktime)).toBeNull();
    expect(sniffVideo(new TextEncoder().encode("<html><script>alert(1)</script>"))).toBeNull();
    expect(sniffVideo(new Uint8Array(3))).toBeNull();
  });

  it("names keys from the file name, never outside videos/", () => {
    expect(videoExtension("Mesh Read.MP4")).toBe("mp4");
    expect(videoExtension("clip.m4v")).toBe("mp4");
    expect(videoExtension("clip.webm")).toBe("webm");
    expect(videoExtension("clip.mov")).toBeNull();
    expect(videoExtension("clip.mp4.html")).toBeNull();
    const key = videoKeyFor("../../Mesh Read (v2).mp4", "mp4", 1_700_000_000_000);
    expect(key).toMatch(/^videos\/[a-z0-9]+-mesh-read-v2\.mp4$/);
    expect(isUploadedVideoKey(key)).toBe(true);
    expect(isUploadedVideoKey("videos/../avatars/x.mp4")).toBe(false);
    expect(isUploadedVideoKey("playart/abc-x.mp4")).toBe(false);
    expect(videoKeyFor("!!!.webm", "webm", 1, "abc123")).toBe("videos/1abc123-video.webm");
    // Two uploads of one name in the same millisecond get two keys.
    expect(videoKeyFor("Play 1.mp4", "mp4", 5)).not.toBe(videoKeyFor("Play 1.mp4", "mp4", 5));
    expect(formatBytes(32 * 1024 * 1024)).toBe("32 MB");
  });
});

describe("upload in parts", () => {
  it("joins the parts into the whole file, served with its type", async () => {
    const file = mp4(VIDEO_PART_BYTES + 1000, 9);
    const started = await startVideoUpload(bucket, "Trips Mesh.mp4", file.byteLength);
    if (!started.ok) throw new Error("start refused");
    expect(started.key).toMatch(/^videos\/[a-z0-9]+-trips-mesh\.mp4$/);
    const first = await uploadVideoPart(bucket, started.key, started.uploadId, 1, file.subarray(0, VIDEO_PART_BYTES));
    const second = await uploadVideoPart(bucket, started.key, started.uploadId, 2, file.subarray(VIDEO_PART_BYTES));
    if (!first.ok || !second.ok) throw new Error("part refused");
    const done = await completeVideoUpload(bucket, started.key, started.uploadId, [first.part, second.part]);
    expect(done).toEqual({ ok: true, url: `/media/${started.key}`, size: file.byteLength });
    const stored = await bucket.get(started.key);
    expect(stored?.httpMetadata?.contentType).toBe("video/mp4");
    // Compared as bytes at once (toEqual walks 8 MB element by element for seconds).
    const received = Buffer.from(await stored!.arrayBuffer());
    expect(received.byteLength).toBe(file.byteLength);
    expect(received.equals(file)).toBe(true);
  });

  it("refuses a file that is not a video of its name, and a part too large", async () => {
    expect(await startVideoUpload(bucket, "notes.txt", 100)).toEqual({ ok: false, reason: "type" });
    expect(await startVideoUpload(bucket, "huge.mp4", 3 * 1024 * 1024 * 1024)).toEqual({ ok: false, reason: "size" });
    expect(await startVideoUpload(bucket, "empty.mp4", 0)).toEqual({ ok: false, reason: "size" });

    const started = await startVideoUpload(bucket, "renamed.webm", 64);
    if (!started.ok) throw new Error("start refused");
    // MP4 bytes under a .webm name: refused, and the upload is gone.
    expect(await uploadVideoPart(bucket, started.key, started.uploadId, 1, mp4(64))).toEqual({ ok: false, reason: "type" });
    expect(await bucket.head(started.key)).toBeNull();

    const other = await startVideoUpload(bucket, "big-part.mp4", VIDEO_PART_BYTES * 2);
    if (!other.ok) throw new Error("start refused");
    expect(await uploadVideoPart(bucket, other.key, other.uploadId, 1, mp4(VIDEO_PART_BYTES + 1))).toEqual({ ok: false, reason: "size" });
    expect(await uploadVideoPart(bucket, "avatars/x.png", other.uploadId, 1, mp4(64))).toEqual({ ok: false, reason: "upload" });

    // A complete that leaves out the first part (the one checked) is refused: HTML sent as part 2 only.
    const skipping = await startVideoUpload(bucket, "skip.mp4", 64);
    if (!skipping.ok) throw new Error("start refused");
    const html = await uploadVideoPart(bucket, skipping.key, skipping.uploadId, 2, new TextEncoder().encode("<html><script>alert(1)</script></html>"));
    if (!html.ok) throw new Error("part refused");
    expect(await completeVideoUpload(bucket, skipping.key, skipping.uploadId, [html.part])).toEqual({ ok: false, reason: "upload" });
    expect(await bucket.head(skipping.key)).toBeNull();
  });

  it("stores a video sent whole in a form, checked by its bytes", async () => {
    const stored = await storeFormVideo(bucket, new File([webm()], "Zone Beater.webm"));
    if (!stored.ok) throw new Error("refused");
    expect(stored.url).toMatch(/^\/media\/videos\/[a-z0-9]+-zone-beater\.webm$/);
    expect((await bucket.head(stored.url.slice("/media/".length)))?.httpMetadata?.contentType).toBe("video/webm");
    expect(await storeFormVideo(bucket, new File([new TextEncoder().encode("GIF89a....")], "clip.mp4"))).toEqual({ ok: false, reason: "type" });
  });
});

describe("stored videos", () => {
  it("lists each video with the items that use it, and deletes only one nobody uses", async () => {
    const used = await storeFormVideo(bucket, new File([mp4(128)], "used-one.mp4"));
    const unused = await storeFormVideo(bucket, new File([mp4(128)], "unused-one.mp4"));
    if (!used.ok || !unused.ok) throw new Error("refused");
    const slug = `video-use-${crypto.randomUUID().slice(0, 8)}`;
    const [item] = await db.insert(content).values({ slug, title: "Video Use Scheme", type: "meta-scheme", game: "madden" }).returning({ id: content.id });
    const [section] = await db.insert(contentSections).values({ contentId: item.id, slug: "gun", title: "Gun" }).returning({ id: contentSections.id });
    await db.insert(contentPlays).values({ sectionId: section.id, slug: "mesh", title: "Mesh", videoProvider: "custom", videoUrl: used.url });

    const { videos } = await listVideos(db, bucket);
    const listed = (url: string) => videos.find((video) => video.url === url);
    expect(listed(used.url)?.uses).toEqual([{ url: used.url, title: "Mesh", itemTitle: "Video Use Scheme", slug, sectionSlug: "gun", playSlug: "mesh" }]);
    expect(listed(unused.url)?.uses).toEqual([]);
    expect(listed(unused.url)?.size).toBe(128);

    const usedKey = used.url.slice("/media/".length);
    expect(await deleteVideo(db, bucket, usedKey)).toEqual({ ok: false, reason: "in-use", uses: 1 });
    expect(await bucket.head(usedKey)).not.toBeNull();
    const unusedKey = unused.url.slice("/media/".length);
    expect(await deleteVideo(db, bucket, unusedKey)).toEqual({ ok: true });
    expect(await bucket.head(unusedKey)).toBeNull();
    expect(await deleteVideo(db, bucket, unusedKey)).toEqual({ ok: false, reason: "missing" });
    expect(await deleteVideo(db, bucket, "avatars/someone.png")).toEqual({ ok: false, reason: "missing" });
  });
});

describe("our own videos by their full address", () => {
  it("are kept as /media/... paths; other sites' and other kinds of address stay as they are", () => {
    const origins = ["http://localhost:8787", "https://gridironplaybook.example"];
    expect(ownMediaPath("http://localhost:8787/media/videos/abc-mesh.mp4", origins)).toBe("/media/videos/abc-mesh.mp4");
    expect(ownMediaPath("https://gridironplaybook.example/media/videos/abc-mesh.mp4", origins)).toBe("/media/videos/abc-mesh.mp4");
    expect(ownMediaPath("https://cdn.example/media/videos/abc-mesh.mp4", origins)).toBe("https://cdn.example/media/videos/abc-mesh.mp4");
    expect(ownMediaPath("http://localhost:8787/media/videos/abc-mesh.mp4?t=3", origins)).toBe("http://localhost:8787/media/videos/abc-mesh.mp4?t=3");
    expect(ownMediaPath("https://www.youtube.com/watch?v=aP7cW2nQ8Ld", origins)).toBe("https://www.youtube.com/watch?v=aP7cW2nQ8Ld");
    expect(ownMediaPath("/media/videos/abc-mesh.mp4", origins)).toBe("/media/videos/abc-mesh.mp4");
    expect(ownMediaPath(null, origins)).toBeNull();
  });
});


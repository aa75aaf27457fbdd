import { describe, expect, it } from "vitest";
import { SEED_CONTENT } from "../../db/seed-data";
import { seedMediaKey } from "../../db/seed";
import { get, signIn } from "../support/http";

const IMAGE = "/media/thumbnail/seed-thumb-air-raid.png";
// The sample video is used by plays of free schemes: open to everyone.
const FREE_VIDEO = "/media/videos/sample-play.mp4";

/** A play diagram used only by premium schemes. */
function premiumOnlyPlayArt() {
  const used = (tier: "free" | "premium") =>
    new Set(SEED_CONTENT.filter((item) => item.requiredTier === tier).flatMap((item) => item.formations.flatMap((formation) => formation.plays.map((play) => play.image))));
  const free = used("free");
  const image = [...used("premium")].find((name) => !free.has(name));
  if (!image) throw new Error("The seed has no play art used only by premium content");
  return `/media/${seedMediaKey("playart", image)}`;
}

describe("media route", () => {
  it("serves an R2 object with its content type, ETag and a long cache lifetime", async () => {
    const response = await get(IMAGE);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("ETag")).toMatch(/^".+"$/);
    expect(response.headers.get("Cache-Control")).toContain("max-age=31536000");
    expect(response.headers.get("Accept-Ranges")).toBe("bytes");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(Number(response.headers.get("Content-Length"))).toBe(bytes.length);
  });

  it("answers a Range request with 206 and the requested bytes", async () => {
    const whole = new Uint8Array(await (await get(IMAGE)).arrayBuffer());
    const response = await get(IMAGE, { headers: { Range: "bytes=10-109" } });
    expect(response.status).toBe(206);
    expect(response.headers.get("Content-Range")).toBe(`bytes 10-109/${whole.length}`);
    const part = new Uint8Array(await response.arrayBuffer());
    expect(part.length).toBe(100);
    expect([...part]).toEqual([...whole.slice(10, 110)]);
  });

  it("supports open-ended and suffix ranges", async () => {
    const size = (await (await get(IMAGE)).arrayBuffer()).byteLength;
    const open = await get(IMAGE, { headers: { Range: `bytes=${size - 5}-` } });
    expect(open.status).toBe(206);
    expect((await open.arrayBuffer()).byteLength).toBe(5);
    const suffix = await get(IMAGE, { headers: { Range: "bytes=-7" } });
    expect(suffix.status).toBe(206);
    expect(suffix.headers.get("Content-Range")).toBe(`bytes ${size - 7}-${size - 1}/${size}`);
  });

  it("answers 416 for a range beyond the object and serves the whole object for a malformed one", async () => {
    const beyond = await get(IMAGE, { headers: { Range: "bytes=99999999-" } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("Content-Range")).toMatch(/^bytes \*\/\d+$/);
    for (const header of ["bytes=abc", "items=0-10", "bytes=50-10", "bytes=0-1,5-9", "bytes=-"]) {
      const response = await get(IMAGE, { headers: { Range: header } });
      expect(response.status, header).toBe(200);
    }
  });

  it("answers 304 when the ETag still matches", async () => {
    const etag = (await get(IMAGE)).headers.get("ETag")!;
    const response = await get(IMAGE, { headers: { "If-None-Match": etag } });
    expect(response.status).toBe(304);
  });

  it("answers 404 for unknown keys", async () => {
    expect((await get("/media/thumbnail/nothing-here.png")).status).toBe(404);
    expect((await get("/media/")).status).toBe(404);
  });

  it("serves premium play art to premium members and staff only", async () => {
    const art = premiumOnlyPlayArt();
    expect((await get(art)).status).toBe(403);
    expect((await get(art, { cookie: await signIn("free") })).status).toBe(403);
    expect((await get(art, { cookie: await signIn("expired") })).status).toBe(403);
    for (const role of ["premium", "admin"] as const) {
      const response = await get(art, { cookie: await signIn(role) });
      expect(response.status, role).toBe(200);
      expect(response.headers.get("Cache-Control")).toContain("private");
    }
  });

  it("serves the self-hosted video of a free scheme's play to everyone, seekable by Range", async () => {
    const response = await get(FREE_VIDEO, { headers: { Range: "bytes=0-1023" } });
    expect(response.status).toBe(206);
    expect(response.headers.get("Content-Type")).toBe("video/mp4");
    expect((await response.arrayBuffer()).byteLength).toBe(1024);
  });
});

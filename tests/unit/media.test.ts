import { describe, expect, it } from "vitest";
import { isMemberOnlyKey, parseRange } from "~/server/media.server";

describe("parseRange", () => {
  it("reads closed, open-ended and suffix ranges", () => {
    expect(parseRange("bytes=0-99", 1000)).toEqual({ offset: 0, length: 100 });
    expect(parseRange("bytes=900-", 1000)).toEqual({ offset: 900, length: 100 });
    expect(parseRange("bytes=-100", 1000)).toEqual({ offset: 900, length: 100 });
    expect(parseRange("bytes=990-5000", 1000)).toEqual({ offset: 990, length: 10 });
    expect(parseRange("bytes=-5000", 1000)).toEqual({ offset: 0, length: 1000 });
  });

  it("ignores absent or malformed headers (the whole object is served)", () => {
    for (const header of [null, "", "bytes=", "bytes=-", "bytes=a-b", "items=0-1", "bytes=5-1", "bytes=0-1,3-4"]) {
      expect(parseRange(header, 1000), String(header)).toBeNull();
    }
  });

  it("marks ranges outside the object as unsatisfiable", () => {
    expect(parseRange("bytes=1000-", 1000)).toBe("unsatisfiable");
    expect(parseRange("bytes=-0", 1000)).toBe("unsatisfiable");
  });
});

describe("member-only media", () => {
  it("covers formation art, play art and self-hosted videos, not thumbnails or avatars", () => {
    expect(isMemberOnlyKey("formationart/x.png")).toBe(true);
    expect(isMemberOnlyKey("playart/x.png")).toBe(true);
    expect(isMemberOnlyKey("videos/x.mp4")).toBe(true);
    expect(isMemberOnlyKey("thumbnail/x.png")).toBe(false);
    expect(isMemberOnlyKey("avatars/x.png")).toBe(false);
  });
});

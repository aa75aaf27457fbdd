import { describe, expect, it } from "vitest";
import { SEED_CONTENT } from "../../db/seed-data";
import { VIDEO_MISMATCH, videoMismatch } from "~/lib/schemas/content";
import { resolveVideo } from "~/lib/video";

const ID = "dQw4w9WgXcQ";
const youtube = { kind: "youtube", embedUrl: `https://www.youtube-nocookie.com/embed/${ID}?rel=0&modestbranding=1`, watchUrl: `https://www.youtube.com/watch?v=${ID}` };
const vimeo = (id: string) => ({ kind: "vimeo", embedUrl: `https://player.vimeo.com/video/${id}?dnt=1`, watchUrl: `https://vimeo.com/${id}` });

describe("resolveVideo", () => {
  it.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `https://youtube.com/watch?v=${ID}&t=42s`,
    `https://m.youtube.com/watch?feature=share&v=${ID}`,
    `http://www.youtube.com/watch?v=${ID}`,
    `https://youtu.be/${ID}`,
    `https://youtu.be/${ID}?t=10`,
    `https://www.youtube.com/embed/${ID}`,
    `https://www.youtube.com/shorts/${ID}`,
    `https://www.youtube.com/live/${ID}`,
    `https://www.youtube-nocookie.com/embed/${ID}?rel=0`,
    `  https://www.youtube.com/watch?v=${ID}  `,
  ])("embeds %s from the privacy-enhanced YouTube domain", (url) => {
    expect(resolveVideo(url)).toEqual(youtube);
    expect(resolveVideo(url, "youtube")).toEqual(youtube);
  });

  it.each([
    ["https://vimeo.com/871204563", "871204563"],
    ["https://www.vimeo.com/871204563", "871204563"],
    ["https://player.vimeo.com/video/76979871", "76979871"],
    ["https://vimeo.com/channels/staffpicks/76979871", "76979871"],
  ])("embeds the Vimeo video %s without tracking", (url, id) => {
    expect(resolveVideo(url)).toEqual(vimeo(id));
    expect(resolveVideo(url, "vimeo")).toEqual(vimeo(id));
  });

  it("plays our own files and direct video files with the file player", () => {
    expect(resolveVideo("/media/videos/sample-play.mp4", "custom")).toEqual({ kind: "file", src: "/media/videos/sample-play.mp4" });
    expect(resolveVideo("/media/videos/clip.webm")).toEqual({ kind: "file", src: "/media/videos/clip.webm" });
    expect(resolveVideo("https://cdn.example.com/clips/a.MP4")).toEqual({ kind: "file", src: "https://cdn.example.com/clips/a.MP4" });
    expect(resolveVideo("https://cdn.example.com/clips/a.mov?token=1")).toEqual({ kind: "file", src: "https://cdn.example.com/clips/a.mov?token=1" });
  });

  it.each([null, undefined, "", "   ", "not a url", "javascript:alert(1)", "JAVASCRIPT:alert(1)//.mp4", "data:video/mp4;base64,AAAA", "ftp://example.com/a.mp4", "file:///etc/passwd", "//evil.example/a.mp4", "media/videos/sample-play.mp4"])(
    "has nothing to play for %j",
    (url) => {
      expect(resolveVideo(url)).toBeNull();
    },
  );

  it.each([
    "https://example.com/some/page",
    `https://evil.example/watch?v=${ID}`,
    `https://youtube.com.evil.example/watch?v=${ID}`,
    `https://evil.example/?next=https://www.youtube.com/watch?v=${ID}`,
    "https://www.youtube.com/watch?v=tooShort",
    `https://www.youtube.com/watch?v=${ID}x`,
    "https://www.youtube.com/channel/UCabcdefghijk",
    "https://vimeo.com/about",
    "https://vimeo.com.evil.example/871204563",
  ])("offers a plain link, not an embed, for %s", (url) => {
    expect(resolveVideo(url)).toEqual({ kind: "link", url });
  });

  it("resolves every seeded video", () => {
    for (const item of SEED_CONTENT) {
      expect(resolveVideo(item.videoUrl)?.kind, item.slug).toBe("youtube");
      for (const play of item.formations.flatMap((formation) => formation.plays)) {
        const source = resolveVideo(play.videoProvider === "custom" ? "/media/videos/sample-play.mp4" : play.videoUrl, play.videoProvider);
        expect(source?.kind, play.slug).toBe(play.videoProvider === "custom" ? "file" : play.videoProvider);
      }
    }
  });
});

describe("a play's video address against its provider (the content editor)", () => {
  it.each([
    ["youtube", `https://www.youtube.com/watch?v=${ID}`, null],
    ["youtube", "https://www.youtube.com/watch?v=short", VIDEO_MISMATCH.youtube],
    ["youtube", "https://example.com/some-page", VIDEO_MISMATCH.youtube],
    ["youtube", "https://vimeo.com/76979871", VIDEO_MISMATCH.isVimeo],
    ["youtube", "/media/videos/sample-play.mp4", VIDEO_MISMATCH.isFile],
    ["vimeo", "https://vimeo.com/76979871", null],
    ["vimeo", "https://vimeo.com/about", VIDEO_MISMATCH.vimeo],
    ["vimeo", `https://youtu.be/${ID}`, VIDEO_MISMATCH.isYoutube],
    ["custom", "/media/videos/sample-play.mp4", null],
    ["custom", "https://cdn.example.com/plays/mesh.webm", null],
    ["custom", "https://example.com/watch", VIDEO_MISMATCH.custom],
    ["custom", `https://www.youtube.com/watch?v=${ID}`, VIDEO_MISMATCH.isYoutube],
    // Not a URL: the field's own message ('Must be a valid URL').
    ["youtube", "not a url", null],
    // A provider that is none of ours: its own message ('Choose a video provider from the list'), nothing of YouTube.
    ["dailymotion", "https://example.com/x", null],
  ])("%s with %s", (provider, url, message) => {
    expect(videoMismatch(provider, url)).toBe(message);
  });

  it("accepts every play of the seed", () => {
    for (const item of SEED_CONTENT) {
      for (const formation of item.formations ?? []) {
        for (const play of formation.plays) {
          // The seeder stores the sample video at its media address (db/seed.ts).
          const url = play.videoProvider === "custom" ? "/media/videos/sample-play.mp4" : play.videoUrl;
          expect(videoMismatch(play.videoProvider, url), `${item.slug}/${play.slug}`).toBeNull();
        }
      }
    }
  });
});

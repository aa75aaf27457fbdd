export type VideoSource =
  | { kind: "youtube"; embedUrl: string; watchUrl: string }
  | { kind: "vimeo"; embedUrl: string; watchUrl: string }
  | { kind: "file"; src: string }
  | { kind: "link"; url: string };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

function youtubeId(url: URL): string | null {
  const host = url.hostname.replace(/^www\./, "").replace(/^m\./, "");
  let id: string | null = null;
  if (host === "youtu.be") id = url.pathname.slice(1).split("/")[0];
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    if (url.pathname === "/watch") id = url.searchParams.get("v");
    else {
      const match = /^\/(?:embed|shorts|live|v)\/([^/?#]+)/.exec(url.pathname);
      id = match?.[1] ?? null;
    }
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

function vimeoId(url: URL): string | null {
  const host = url.hostname.replace(/^www\./, "");
  if (host !== "vimeo.com" && host !== "player.vimeo.com") return null;
  const match = /\/(?:video\/)?(\d{4,})/.exec(url.pathname);
  return match?.[1] ?? null;
}

/**
 * How to play a video URL: YouTube (privacy-enhanced domain) and Vimeo embeds, our own files
 * (served by the Range-capable media route), anything else as a plain link.
 */
export function resolveVideo(url: string | null | undefined, provider?: "youtube" | "vimeo" | "custom"): VideoSource | null {
  if (!url || !url.trim()) return null;
  const value = url.trim();
  if (value.startsWith("/media/")) return { kind: "file", src: value };
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return null;
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return null;
  const youtube = youtubeId(parsed);
  if (youtube && provider !== "vimeo") {
    return {
      kind: "youtube",
      embedUrl: `https://www.youtube-nocookie.com/embed/${youtube}?rel=0&modestbranding=1`,
      watchUrl: `https://www.youtube.com/watch?v=${youtube}`,
    };
  }
  const vimeo = vimeoId(parsed);
  if (vimeo) return { kind: "vimeo", embedUrl: `https://player.vimeo.com/video/${vimeo}?dnt=1`, watchUrl: `https://vimeo.com/${vimeo}` };
  if (/\.(mp4|webm|ogg|mov|m4v)$/i.test(parsed.pathname)) return { kind: "file", src: value };
  return { kind: "link", url: value };
}

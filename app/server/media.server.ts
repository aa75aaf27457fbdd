// Serving R2 objects: content type from the stored metadata, ETag, long caching and HTTP Range.

const ONE_YEAR = 60 * 60 * 24 * 365;

/** Folders whose objects are premium material (formation and play art, self-hosted play videos). */
const MEMBER_ONLY_PREFIXES = ["formationart/", "playart/", "videos/"];

export function isMemberOnlyKey(key: string) {
  return MEMBER_ONLY_PREFIXES.some((prefix) => key.startsWith(prefix));
}

export type ByteRange = { offset: number; length: number };

/**
 * Parses a single-range `bytes=` header against an object of `size` bytes.
 * Returns null when the header is absent or malformed (the whole object is served, as RFC 9110
 * allows), or "unsatisfiable" when it lies outside the object.
 */
export function parseRange(header: string | null, size: number): ByteRange | "unsatisfiable" | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, startText, endText] = match;
  if (startText === "" && endText === "") return null;
  if (startText === "") {
    const suffix = Number(endText);
    if (!Number.isSafeInteger(suffix)) return null;
    if (suffix === 0 || size === 0) return "unsatisfiable";
    const length = Math.min(suffix, size);
    return { offset: size - length, length };
  }
  const start = Number(startText);
  const end = endText === "" ? size - 1 : Math.min(Number(endText), size - 1);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end)) return null;
  if (endText !== "" && Number(endText) < start) return null;
  if (start >= size) return "unsatisfiable";
  return { offset: start, length: end - start + 1 };
}

export async function serveMediaObject(
  bucket: R2Bucket,
  key: string,
  request: Request,
  cacheControl: "public" | "private",
): Promise<Response> {
  const head = await bucket.head(key);
  if (!head) return new Response("Not found", { status: 404 });

  const headers = new Headers();
  head.writeHttpMetadata(headers);
  if (!headers.has("Content-Type")) headers.set("Content-Type", "application/octet-stream");
  headers.set("ETag", head.httpEtag);
  headers.set("Accept-Ranges", "bytes");
  headers.set(
    "Cache-Control",
    cacheControl === "public" ? `public, max-age=${ONE_YEAR}, immutable` : "private, max-age=3600",
  );
  if (cacheControl === "private") headers.set("Vary", "Cookie");

  const ifNoneMatch = request.headers.get("If-None-Match");
  if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim() === head.httpEtag || tag.trim() === "*")) {
    return new Response(null, { status: 304, headers });
  }

  // A Range is honoured only when If-Range (if present) still matches this version.
  const ifRange = request.headers.get("If-Range");
  const range = ifRange && ifRange !== head.httpEtag ? null : parseRange(request.headers.get("Range"), head.size);
  if (range === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${head.size}`);
    return new Response("Range not satisfiable", { status: 416, headers });
  }
  if (request.method === "HEAD") {
    headers.set("Content-Length", String(head.size));
    return new Response(null, { status: 200, headers });
  }

  const object = await bucket.get(key, range ? { range } : undefined);
  if (!object) return new Response("Not found", { status: 404 });
  if (range) {
    headers.set("Content-Range", `bytes ${range.offset}-${range.offset + range.length - 1}/${head.size}`);
    headers.set("Content-Length", String(range.length));
    return new Response(object.body, { status: 206, headers });
  }
  headers.set("Content-Length", String(head.size));
  return new Response(object.body, { status: 200, headers });
}

/**
 * Member-only folders still hold the art and videos of free content, which everyone may see, and
 * the intro videos of published schemes (their teaser, 'Free intro video', shown to everyone).
 * One indexed statement checks whether such an item uses this media URL.
 */
export async function isFreeContentMedia(d1: D1Database, url: string): Promise<boolean> {
  const row = await d1
    .prepare(
      `SELECT 1 AS found FROM content c
         WHERE c.video_url = ?1 AND c.video_url LIKE '/media/%' AND c.is_published = 1
           AND (c.required_tier = 'free' OR c.type IN ('meta-scheme', 'off-meta-scheme'))
       UNION ALL
       SELECT 1 FROM content c
         WHERE c.is_published = 1 AND c.required_tier = 'free' AND (
           c.id IN (SELECT s.content_id FROM content_sections s WHERE s.image_url = ?1)
           OR c.id IN (SELECT s.content_id FROM content_sections s JOIN content_plays p ON p.section_id = s.id
                       WHERE p.image_url = ?1 OR p.video_url = ?1))
       LIMIT 1`,
    )
    .bind(url)
    .first<{ found: number }>();
  return row !== null;
}

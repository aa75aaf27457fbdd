// Image uploads: the type is decided by the file's first bytes, never by its name or declared type.
import { IMAGE_INVALID_TYPE, IMAGE_TOO_LARGE } from "../lib/uploads.ts";

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export type ImageKind = { extension: "jpg" | "png" | "gif" | "webp"; contentType: string };

export function sniffImage(bytes: Uint8Array): ImageKind | null {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (bytes.length >= 3 && starts(0xff, 0xd8, 0xff)) return { extension: "jpg", contentType: "image/jpeg" };
  if (bytes.length >= 8 && starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return { extension: "png", contentType: "image/png" };
  if (bytes.length >= 6 && (starts(0x47, 0x49, 0x46, 0x38, 0x37, 0x61) || starts(0x47, 0x49, 0x46, 0x38, 0x39, 0x61))) {
    return { extension: "gif", contentType: "image/gif" };
  }
  if (
    bytes.length >= 12 &&
    starts(0x52, 0x49, 0x46, 0x46) &&
    bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50
  ) {
    return { extension: "webp", contentType: "image/webp" };
  }
  return null;
}

export type ImageCheck =
  | { ok: true; bytes: Uint8Array; kind: ImageKind }
  | { ok: false; title: "Invalid file type" | "File too large"; description: string };

export async function readImageUpload(value: FormDataEntryValue | null): Promise<ImageCheck> {
  if (!value || typeof value === "string" || value.size === 0) {
    return { ok: false, ...IMAGE_INVALID_TYPE };
  }
  if (value.size > MAX_IMAGE_BYTES) {
    return { ok: false, ...IMAGE_TOO_LARGE };
  }
  const bytes = new Uint8Array(await value.arrayBuffer());
  const kind = sniffImage(bytes);
  if (!kind) return { ok: false, ...IMAGE_INVALID_TYPE };
  return { ok: true, bytes, kind };
}

/** A request body larger than this is refused before it is parsed. */
export function isRequestTooLarge(request: Request, limit = MAX_IMAGE_BYTES + 512 * 1024) {
  const length = Number(request.headers.get("Content-Length") ?? "0");
  return Number.isFinite(length) && length > limit;
}

export type StoredImage = { bytes: Uint8Array; kind: ImageKind };

export async function storeImage(bucket: R2Bucket, key: string, image: StoredImage) {
  await bucket.put(key, image.bytes, {
    httpMetadata: { contentType: image.kind.contentType, cacheControl: "public, max-age=31536000, immutable" },
  });
  return `/media/${key}`;
}

export function mediaKeyFromUrl(url: string | null | undefined) {
  return url?.startsWith("/media/") ? url.slice("/media/".length) : null;
}

/**
 * Reads and drops a request body that will be refused, up to a limit: a body left unread makes
 * some runtimes close the connection before the answer arrives.
 */
export async function discardRequestBody(request: Request, limit = 32 * 1024 * 1024) {
  if (!request.body || request.body.locked) return;
  let read = 0;
  try {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
      if (read > limit) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // The client went away: nothing to do.
  }
}

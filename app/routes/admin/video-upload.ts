import type { Route } from "./+types/video-upload";
import { isUploadedVideoKey, VIDEO_INVALID_TYPE, VIDEO_PART_BYTES, VIDEO_TOO_LARGE, VIDEO_UPLOAD_FAILED } from "~/lib/videos";
import { staffContext } from "~/server/admin.server";
import { discardRequestBody, isRequestTooLarge } from "~/server/uploads.server";
import { abortVideoUpload, completeVideoUpload, startVideoUpload, uploadVideoPart, type VideoRefusal } from "~/server/videos.server";

// The uploader's steps, staff only (app/components/admin/video-upload.tsx), each a POST answered in
// JSON: ?step=start {name, size} -> {key, uploadId, partBytes}; ?step=part&key&uploadId&part=N with
// the part's bytes as the body -> {part}; ?step=complete {key, uploadId, parts} -> {url, size};
// ?step=abort {key, uploadId}. A refusal is {title, description} with a 4xx status.

const REFUSALS: Record<VideoRefusal, { status: number; message: { title: string; description: string } }> = {
  type: { status: 415, message: VIDEO_INVALID_TYPE },
  size: { status: 413, message: VIDEO_TOO_LARGE },
  upload: { status: 400, message: VIDEO_UPLOAD_FAILED },
};

const NO_STORE = { "Cache-Control": "private, no-store" };

function refuse(reason: VideoRefusal) {
  const { status, message } = REFUSALS[reason];
  return Response.json({ ok: false, ...message }, { status, headers: NO_STORE });
}

async function readJson(request: Request): Promise<Record<string, unknown> | null> {
  if (isRequestTooLarge(request, 256 * 1024)) return null;
  try {
    const value: unknown = await request.json();
    return value && typeof value === "object" ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const text = (value: unknown) => (typeof value === "string" ? value.slice(0, 500) : "");

function readParts(value: unknown): R2UploadedPart[] | null {
  if (!Array.isArray(value) || value.length === 0 || value.length > 10_000) return null;
  const parts = value.map((part: { partNumber?: unknown; etag?: unknown }) => ({ partNumber: Number(part?.partNumber), etag: text(part?.etag) }));
  return parts.every((part) => Number.isInteger(part.partNumber) && part.partNumber > 0 && part.etag) ? parts : null;
}

export async function loader() {
  return new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { app } = await staffContext(context, request);
  const bucket = app.env.MEDIA;
  const url = new URL(request.url);
  const step = url.searchParams.get("step");
  if (request.method !== "POST") return new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });

  if (step === "part") {
    if (isRequestTooLarge(request, VIDEO_PART_BYTES)) {
      await discardRequestBody(request);
      return refuse("size");
    }
    const key = url.searchParams.get("key") ?? "";
    const uploadId = url.searchParams.get("uploadId") ?? "";
    const partNumber = Number(url.searchParams.get("part"));
    const bytes = new Uint8Array(await request.arrayBuffer());
    const result = await uploadVideoPart(bucket, key, uploadId, partNumber, bytes);
    return result.ok ? Response.json({ ok: true, part: result.part }, { headers: NO_STORE }) : refuse(result.reason);
  }

  const body = await readJson(request);
  if (!body) return refuse("upload");
  if (step === "start") {
    const result = await startVideoUpload(bucket, text(body.name), Number(body.size));
    return result.ok ? Response.json(result, { headers: NO_STORE }) : refuse(result.reason);
  }
  const key = text(body.key);
  const uploadId = text(body.uploadId);
  if (!isUploadedVideoKey(key) || !uploadId) return refuse("upload");
  if (step === "complete") {
    const parts = readParts(body.parts);
    if (!parts) return refuse("upload");
    const result = await completeVideoUpload(bucket, key, uploadId, parts);
    return result.ok ? Response.json(result, { headers: NO_STORE }) : refuse(result.reason);
  }
  if (step === "abort") {
    await abortVideoUpload(bucket, key, uploadId);
    return Response.json({ ok: true }, { headers: NO_STORE });
  }
  return refuse("upload");
}

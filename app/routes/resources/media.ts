import type { Route } from "./+types/media";
import { getApp } from "~/server/context.server";
import { isFreeContentMedia, isMemberOnlyKey, serveMediaObject } from "~/server/media.server";
import { hasPremiumAccess } from "~/lib/access";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const key = params["*"] ?? "";
  if (!key || key.includes("..")) return new Response("Not found", { status: 404 });

  if (isMemberOnlyKey(key)) {
    const current = await app.getSession();
    if (!hasPremiumAccess(current?.user) && !(await isFreeContentMedia(app.d1, `/media/${key}`))) {
      return new Response("Premium members only", { status: 403, headers: { "Cache-Control": "private, no-store" } });
    }
    return serveMediaObject(app.env.MEDIA, key, request, "private");
  }
  return serveMediaObject(app.env.MEDIA, key, request, "public");
}

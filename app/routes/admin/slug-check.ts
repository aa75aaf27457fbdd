import type { Route } from "./+types/slug-check";
import { MAX_SLUG_LENGTH } from "~/lib/slug";
import { staffContext } from "~/server/admin.server";
import { checkContentSlug } from "~/server/admin-content.server";

// The content form's live slug hint: GET ?slug=...&current=... (current: the edited item's own
// slug, which does not count as taken). Answers { slug, available, suggestion }.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { app } = await staffContext(context, request);
  const url = new URL(request.url);
  const slug = (url.searchParams.get("slug") ?? "").slice(0, MAX_SLUG_LENGTH * 2);
  const current = url.searchParams.get("current")?.slice(0, MAX_SLUG_LENGTH * 2) || null;
  const result = await checkContentSlug(app.db, slug, current);
  return Response.json(result, { headers: { "Cache-Control": "private, no-store" } });
}

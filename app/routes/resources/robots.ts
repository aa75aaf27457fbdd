import type { Route } from "./+types/robots";
import { getApp } from "~/server/context.server";

export function loader({ context }: Route.LoaderArgs) {
  const base = getApp(context).env.SITE_URL.replace(/\/$/, "");
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /account-settings",
    "Disallow: /home",
    "Disallow: /dev/",
    "Disallow: /auth/",
    "",
    `Sitemap: ${base}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}

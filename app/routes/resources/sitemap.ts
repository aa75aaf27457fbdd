import type { Route } from "./+types/sitemap";
import { getApp } from "~/server/context.server";
import { escapeXml, sitemapQueries } from "~/server/feeds.server";

const STATIC_PAGES = ["/", "/college", "/madden", "/blog", "/updates", "/subscribe", "/contact", "/terms-of-service", "/privacy-policy"];

export async function loader({ context }: Route.LoaderArgs) {
  const { db, env } = getApp(context);
  const base = env.SITE_URL.replace(/\/$/, "");
  const [posts, items] = await db.batch(sitemapQueries(db));
  const entries = [
    ...STATIC_PAGES.map((path) => ({ loc: `${base}${path}`, lastmod: null as Date | null })),
    ...posts.map((post) => ({ loc: `${base}/blog/${post.slug}`, lastmod: post.updatedAt })),
    ...items.map((item) => ({
      loc: `${base}/${item.type === "meta-scheme" || item.type === "off-meta-scheme" ? "scheme" : "content"}/${item.slug}`,
      lastmod: item.updatedAt,
    })),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${entries
  .map((entry) => `  <url><loc>${escapeXml(entry.loc)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod.toISOString().slice(0, 10)}</lastmod>` : ""}</url>`)
  .join("\n")}
</urlset>
`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300, s-maxage=3600" },
  });
}

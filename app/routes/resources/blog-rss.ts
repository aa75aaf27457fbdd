import type { Route } from "./+types/blog-rss";
import { markdownToText } from "~/lib/markdown";
import { getApp } from "~/server/context.server";
import { feedPostsQuery } from "~/server/blog.server";
import { escapeXml } from "~/server/feeds.server";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, env } = getApp(context);
  const base = env.SITE_URL.replace(/\/$/, "");
  const posts = await feedPostsQuery(db, 50);
  const items = posts
    .map((post) => {
      const link = `${base}/blog/${post.slug}`;
      const summary = post.excerpt || markdownToText(post.content).slice(0, 300);
      return `    <item>
      <title>${escapeXml(post.title)}</title>
      <link>${escapeXml(link)}</link>
      <guid isPermaLink="true">${escapeXml(link)}</guid>
      <category>${escapeXml(post.category)}</category>
      ${post.publishedAt ? `<pubDate>${post.publishedAt.toUTCString()}</pubDate>` : ""}
      <description>${escapeXml(summary)}</description>
    </item>`;
    })
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeXml(env.SITE_NAME)} Blog</title>
    <link>${escapeXml(`${base}/blog`)}</link>
    <atom:link href="${escapeXml(`${base}/blog/rss.xml`)}" rel="self" type="application/rss+xml" />
    <description>Updates, announcements and news from ${escapeXml(env.SITE_NAME)}.</description>
    <language>en-us</language>
${items}
  </channel>
</rss>
`;
  return new Response(xml, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=300, s-maxage=1800" },
  });
}

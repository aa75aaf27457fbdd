import { redirect } from "react-router";
import { Link } from "~/components/link";
import type { Route } from "./+types/blog-list";
import { BlogCard } from "~/components/blog-card";
import { BLOG_CATEGORY_LABELS, type BlogCategory } from "~/lib/blog";
import { pageMeta } from "~/lib/seo";
import { BLOG_PAGE_SIZE, blogPageQuery, publishedPostCountQuery, toBlogCard } from "~/server/blog.server";
import { getApp } from "~/server/context.server";
import { readPage } from "~/server/page-read.server";

const TABS: { category: BlogCategory | null; label: string }[] = [
  { category: null, label: "All Posts" },
  { category: "updates", label: BLOG_CATEGORY_LABELS.updates },
  { category: "announcements", label: BLOG_CATEGORY_LABELS.announcements },
  { category: "news", label: BLOG_CATEGORY_LABELS.news },
];

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    matches,
    title: "Blog",
    description: "Updates, announcements and news from the Gridiron Playbook team.",
    path: "/blog",
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const requested = url.searchParams.get("category");
  const category = TABS.find((tab) => tab.category === requested)?.category ?? null;
  const pageNumber = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  const page = Number.isFinite(pageNumber) && pageNumber > 0 ? Math.min(pageNumber, 10_000) : 1;
  const app = getApp(context);
  const { db } = app;
  // Shares the session check's D1 batch when a member is signed in (the root loader needs the user).
  const { rows, count } = await readPage(app, () => ({ rows: blogPageQuery(db, category, page), count: publishedPostCountQuery(db, category) }));
  const total = count[0].total;
  const pageCount = Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE));
  // A page past the end: the last one, not 'No blog posts found in this category.'
  if (page > pageCount) throw redirect(hrefFor(category, pageCount));
  return { category, page, pageCount, posts: rows.map(toBlogCard) };
}

function hrefFor(category: BlogCategory | null, page = 1) {
  const params = new URLSearchParams();
  if (category) params.set("category", category);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return `/blog${query ? `?${query}` : ""}`;
}

export default function BlogList({ loaderData }: Route.ComponentProps) {
  const { category, page, pageCount, posts } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="font-display text-4xl font-black text-white">Blog</h1>
      <p className="mt-2 text-slate-400">Updates, announcements and news from the team.</p>
      <nav aria-label="Blog categories" className="mt-8">
        <ul className="flex flex-wrap gap-2">
          {TABS.map((tab) => (
            <li key={tab.label}>
              <Link
                to={hrefFor(tab.category)}
                aria-current={tab.category === category ? "page" : undefined}
                className={`inline-flex rounded-full px-4 py-2 text-sm font-bold ${
                  tab.category === category ? "bg-turf text-field-950" : "border border-field-600 text-slate-300 hover:bg-field-800"
                }`}
              >
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {posts.length === 0 ? (
        <p className="mt-10 rounded-2xl border border-dashed border-field-600 p-10 text-center text-slate-400">No blog posts found in this category.</p>
      ) : (
        <>
          {/* The cards' titles are h3: a heading between them and the page's h1 keeps the outline whole. */}
          <h2 className="sr-only">Posts</h2>
          <div className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {posts.map((post) => (
              <BlogCard key={post.slug} post={post} />
            ))}
          </div>
        </>
      )}
      {pageCount > 1 ? (
        <nav aria-label="Pagination" className="mt-10 flex items-center justify-center gap-3">
          {page > 1 ? <Link to={hrefFor(category, page - 1)} rel="prev" className="btn-secondary">Newer posts</Link> : null}
          <span className="text-sm text-slate-400">Page {page} of {pageCount}</span>
          {page < pageCount ? <Link to={hrefFor(category, page + 1)} rel="next" className="btn-secondary">Older posts</Link> : null}
        </nav>
      ) : null}
    </div>
  );
}

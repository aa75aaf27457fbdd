import { Link } from "~/components/link";
import { BLOG_CATEGORY_LABELS, type BlogCardData } from "~/lib/blog";
import { formatListingDate } from "~/lib/format";

export function BlogCard({ post }: { post: BlogCardData }) {
  return (
    <Link to={`/blog/${post.slug}`} className="card group flex flex-col overflow-hidden transition-colors hover:border-turf/60">
      <div className="aspect-video overflow-hidden bg-field-800">
        {post.featuredImage ? (
          <img src={post.featuredImage} alt="" loading="lazy" width={640} height={360} className="h-full w-full object-cover transition-transform group-hover:scale-105" />
        ) : null}
      </div>
      <div className="flex flex-1 flex-col p-4">
        <p className="text-xs font-bold uppercase tracking-wider text-turf">{BLOG_CATEGORY_LABELS[post.category]}</p>
        <h3 className="mt-2 text-lg font-bold leading-snug text-white">{post.title}</h3>
        {post.excerpt ? <p className="mt-2 line-clamp-3 text-sm text-slate-400">{post.excerpt}</p> : null}
        <p className="mt-auto pt-4 text-xs font-semibold text-slate-400">{formatListingDate(post.publishedAt)}</p>
      </div>
    </Link>
  );
}

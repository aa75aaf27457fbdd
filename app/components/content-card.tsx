import { Link } from "react-router";
import { CONTENT_TYPE_BADGES, CONTENT_TYPE_LABELS, isSchemeType, type ContentCardData } from "~/lib/content";
import { formatListingDate } from "~/lib/format";

export function TypeBadge({ type }: { type: ContentCardData["type"] }) {
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-bold ${CONTENT_TYPE_BADGES[type]}`}>
      {CONTENT_TYPE_LABELS[type]}
    </span>
  );
}

export function ContentCard({ item }: { item: ContentCardData }) {
  const body = (
    <>
      <div className="relative aspect-video overflow-hidden rounded-t-2xl bg-field-800">
        {item.thumbnailUrl ? (
          <img src={item.thumbnailUrl} alt="" loading="lazy" width={640} height={360} className={`h-full w-full object-cover ${item.locked ? "opacity-40 blur-[2px]" : ""}`} />
        ) : null}
        <span className="absolute bottom-3 left-3">
          <TypeBadge type={item.type} />
        </span>
        {item.requiredTier === "free" ? (
          <span className="absolute bottom-3 right-3 rounded-full bg-white px-2.5 py-0.5 text-xs font-bold text-field-950">Free</span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col p-4">
        <h3 className="text-lg font-bold leading-snug text-white">{item.title}</h3>
        <p className="mt-2 line-clamp-3 text-sm text-slate-400">{item.description}</p>
        <p className="mt-auto pt-4 text-xs font-semibold text-slate-400">{formatListingDate(item.createdAt)}</p>
      </div>
    </>
  );

  if (!item.locked) {
    return (
      <Link to={`/content/${item.slug}`} className="card group flex flex-col overflow-hidden transition-colors hover:border-turf/60">
        {body}
      </Link>
    );
  }
  return (
    <article className="card relative flex flex-col overflow-hidden">
      {body}
      <div className="border-t border-field-700 p-4">
        <p className="flex items-center gap-2 text-sm font-bold text-white">
          <svg viewBox="0 0 20 20" className="h-4 w-4 text-turf" fill="currentColor" aria-hidden="true">
            <path d="M10 2a4 4 0 0 0-4 4v2H5a1 1 0 0 0-1 1v8a1 1 0 0 0 1 1h10a1 1 0 0 0 1-1V9a1 1 0 0 0-1-1h-1V6a4 4 0 0 0-4-4Zm-2 6V6a2 2 0 1 1 4 0v2H8Z" />
          </svg>
          Premium Content
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Link to="/subscribe" className="btn-primary px-3 py-2 text-xs">
            Unlock Premium
          </Link>
          {isSchemeType(item.type) ? (
            <Link to={`/scheme/${item.slug}`} className="btn-secondary px-3 py-2 text-xs">
              View Preview
            </Link>
          ) : null}
        </div>
      </div>
    </article>
  );
}

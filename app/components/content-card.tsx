import { Link } from "~/components/link";
import { CONTENT_TYPE_BADGES, CONTENT_TYPE_LABELS, isSchemeType, type ContentCardData } from "~/lib/content";
import { formatListingDate } from "~/lib/format";
import { StatusBadge } from "~/components/library/status-badge";
import { ProgressBar } from "~/components/library/progress-bar";

export function TypeBadge({ type }: { type: ContentCardData["type"] }) {
  return <span className={`badge ${CONTENT_TYPE_BADGES[type]}`}>{CONTENT_TYPE_LABELS[type]}</span>;
}

// The card's parts are styled by the card-* utilities in app.css: a listing page has 24 of them.
export function ContentCard({ item }: { item: ContentCardData }) {
  const body = (
    <>
      <div className="card-media">
        {item.thumbnailUrl ? (
          <img src={item.thumbnailUrl} alt="" loading="lazy" width={640} height={360} />
        ) : null}
        <span className="absolute bottom-3 left-3">
          <TypeBadge type={item.type} />
        </span>
        {item.requiredTier === "free" ? <span className="badge absolute bottom-3 right-3 bg-white text-field-950">Free</span> : null}
      </div>
      <div className="card-body">
        <h3>{item.title}</h3>
        <p className="card-excerpt">{item.description}</p>
        <p className="card-date">
          <span>{formatListingDate(item.createdAt)}</span>
          <StatusBadge status={item.patch.status} version={item.patch.version} />
        </p>
        {item.progress ? <ProgressBar progress={item.progress} compact /> : null}
      </div>
    </>
  );

  if (!item.locked) {
    return (
      <Link to={`/content/${item.slug}`} className="card-link">
        {body}
      </Link>
    );
  }
  return (
    <article className="card-locked">
      {body}
      <div className="card-offer">
        <p className="lock-label">Premium Content</p>
        <div>
          <Link to="/subscribe" className="btn-primary btn-sm">
            Unlock Premium
          </Link>
          {isSchemeType(item.type) ? (
            <Link to={`/scheme/${item.slug}`} className="btn-secondary btn-sm">
              View Preview
            </Link>
          ) : null}
        </div>
      </div>
    </article>
  );
}

import { and, asc, avg, count, eq, inArray, sql, type SQL } from "drizzle-orm";
import { content, contentPlays, contentRatings, contentStatuses, contentSections, contentSlugRedirects, favorites, playStatuses, sectionSlugRedirects, titleUpdates, users } from "../../db/schema.ts";
import { type AccessSubject, isStaff } from "../lib/access.ts";
import { type Database, reusableSelect, type Param } from "./db.server.ts";
import { pagePath, pageSearch } from "./http.server.ts";
import { isSchemeType } from "../lib/content.ts";
import type { ContentType } from "../../db/schema.ts";

// Reads for the content detail pages. Every statement is keyed by the URL's slugs, so a page's
// reads go to D1 together in one batch.

/**
 * The slug an item has now, when a link names one it had before (its title changed), or null. Read
 * only when no item has the slug (a page that would be a 404); a draft moves only for staff.
 */
export async function movedContentSlug(db: Database, viewer: AccessSubject | null | undefined, oldSlug: string): Promise<string | null> {
  const [row] = await db
    .select({ slug: content.slug, isPublished: content.isPublished })
    .from(contentSlugRedirects)
    .innerJoin(content, eq(content.id, contentSlugRedirects.contentId))
    .where(eq(contentSlugRedirects.oldSlug, oldSlug))
    .limit(1);
  return row && (row.isPublished || isStaff(viewer)) ? row.slug : null;
}

/**
 * The slug a formation of this item has now, when a link names one it had before (staff renamed
 * it), or null. Read only when the formation page would be a 404.
 */
export async function movedSectionSlug(db: Database, contentId: number, oldSlug: string): Promise<string | null> {
  const [row] = await db
    .select({ slug: contentSections.slug })
    .from(sectionSlugRedirects)
    .innerJoin(contentSections, eq(contentSections.id, sectionSlugRedirects.sectionId))
    .where(and(eq(sectionSlugRedirects.contentId, contentId), eq(sectionSlugRedirects.oldSlug, oldSlug)))
    .limit(1);
  return row?.slug ?? null;
}

/**
 * Where a page answers now when its address names a slug the item had before (its title changed),
 * or, for an item the viewer may see, a slug its formation had before (staff renamed it): the same
 * page, its own address (a client navigation adds .data) with the query kept; null when nothing
 * moved. Reads only for a page that would be a 404.
 */
export async function movedAddress(
  db: Database,
  viewer: AccessSubject | null | undefined,
  request: Request,
  page: { slug: string; item: { id: number; type: ContentType } | null; visible: boolean; sectionSlug: string | null; sectionFound: boolean },
): Promise<string | null> {
  const address = (pattern: RegExp, replacement: string) => `${pagePath(request).replace(pattern, replacement)}${pageSearch(request)}`;
  if (!page.item) {
    const moved = await movedContentSlug(db, viewer, page.slug);
    return moved ? address(/^\/content\/[^/]+/, `/content/${moved}`) : null;
  }
  if (!page.visible || !page.sectionSlug || page.sectionFound || !isSchemeType(page.item.type)) return null;
  const moved = await movedSectionSlug(db, page.item.id, page.sectionSlug);
  return moved ? address(/^(\/content\/[^/]+\/section\/)[^/]+/, `$1${moved}`) : null;
}

function contentIdBySlug(db: Database, slug: Param<string>) {
  return db.select({ id: content.id }).from(content).where(eq(content.slug, slug));
}

/**
 * While an item or a play needs a re-test: its last status that worked ('verified' or 'adjusted')
 * and the update it was set on, from its history, as JSON (`{"status":..,"version":..}`); null
 * otherwise. A player between games reads 'Last verified on 1.08' under 'Needs re-test after 1.09'.
 */
function statusBeforeRetest(status: SQL, contentId: SQL, playId: SQL | null) {
  const item = playId ? sql`h.play_id = ${playId}` : sql`h.content_id = ${contentId} AND h.play_id IS NULL`;
  return sql<string | null>`(CASE WHEN ${status} = 'needs-retest' THEN (SELECT json_object('status', h.to_status, 'version', u.version)
    FROM status_changes h LEFT JOIN title_updates u ON u.id = h.update_id
    WHERE ${item} AND h.to_status IN ('verified', 'adjusted') ORDER BY h.changed_at DESC, h.id DESC LIMIT 1) END)`;
}

export const contentBySlugQuery = reusableSelect((db: Database, slug: Param<string>) => {
  return db
    .select({
      id: content.id,
      slug: content.slug,
      title: content.title,
      description: content.description,
      type: content.type,
      game: content.game,
      thumbnailUrl: content.thumbnailUrl,
      videoUrl: content.videoUrl,
      tags: content.tags,
      difficulty: content.difficulty,
      requiredTier: content.requiredTier,
      isPublished: content.isPublished,
      views: content.views,
      runtime: content.runtime,
      createdAt: content.createdAt,
      publishedAt: content.publishedAt,
      authorFirstName: users.firstName,
      status: contentStatuses.status,
      statusNote: contentStatuses.statusNote,
      statusAlternative: contentStatuses.statusAlternative,
      statusVersion: titleUpdates.version,
      statusBefore: statusBeforeRetest(sql`${contentStatuses.status}`, sql`${content.id}`, null).as("status_before"),
    })
    .from(content)
    .innerJoin(contentStatuses, eq(contentStatuses.contentId, content.id))
    .leftJoin(users, eq(users.id, content.authorId))
    .leftJoin(titleUpdates, eq(titleUpdates.id, contentStatuses.statusUpdateId))
    .where(eq(content.slug, slug))
    .limit(1);
});

export type ContentRow = Awaited<ReturnType<typeof contentBySlugQuery>>[number];

/** Formations of a content item with their play counts, in order. */
export const sectionsWithCountsQuery = reusableSelect((db: Database, slug: Param<string>) => {
  return db
    .select({
      id: contentSections.id,
      slug: contentSections.slug,
      title: contentSections.title,
      playCount: count(contentPlays.id),
    })
    .from(contentSections)
    .leftJoin(contentPlays, eq(contentPlays.sectionId, contentSections.id))
    .where(inArray(contentSections.contentId, contentIdBySlug(db, slug)))
    .groupBy(contentSections.id)
    .orderBy(asc(contentSections.position), asc(contentSections.id));
});

export const sectionQuery = reusableSelect((db: Database, slug: Param<string>, sectionSlug: Param<string>) => {
  return db
    .select()
    .from(contentSections)
    .where(and(inArray(contentSections.contentId, contentIdBySlug(db, slug)), eq(contentSections.slug, sectionSlug)))
    .limit(1);
});

export const playsOfSectionQuery = reusableSelect((db: Database, slug: Param<string>, sectionSlug: Param<string>) => {
  const sectionIds = db
    .select({ id: contentSections.id })
    .from(contentSections)
    .where(and(inArray(contentSections.contentId, contentIdBySlug(db, slug)), eq(contentSections.slug, sectionSlug)));
  return db
    .select({
      id: contentPlays.id,
      slug: contentPlays.slug,
      title: contentPlays.title,
      description: contentPlays.description,
      imageUrl: contentPlays.imageUrl,
      videoProvider: contentPlays.videoProvider,
      videoUrl: contentPlays.videoUrl,
      runtime: contentPlays.runtime,
      tags: contentPlays.tags,
      status: playStatuses.status,
      statusNote: playStatuses.statusNote,
      statusAlternative: playStatuses.statusAlternative,
      statusVersion: titleUpdates.version,
      statusBefore: statusBeforeRetest(sql`${playStatuses.status}`, sql`NULL`, sql`${contentPlays.id}`).as("status_before"),
    })
    .from(contentPlays)
    .innerJoin(playStatuses, eq(playStatuses.playId, contentPlays.id))
    .leftJoin(titleUpdates, eq(titleUpdates.id, playStatuses.statusUpdateId))
    .where(inArray(contentPlays.sectionId, sectionIds))
    .orderBy(asc(contentPlays.position), asc(contentPlays.id));
});

export const ratingSummaryQuery = reusableSelect((db: Database, slug: Param<string>) => {
  return db
    .select({ average: avg(contentRatings.rating), total: count(contentRatings.rating) })
    .from(contentRatings)
    .where(inArray(contentRatings.contentId, contentIdBySlug(db, slug)));
});

export const viewerRatingQuery = reusableSelect((db: Database, slug: Param<string>, userId: Param<string>) => {
  return db
    .select({ rating: contentRatings.rating })
    .from(contentRatings)
    .where(and(eq(contentRatings.userId, userId), inArray(contentRatings.contentId, contentIdBySlug(db, slug))))
    .limit(1);
});

export const viewerFavoriteQuery = reusableSelect((db: Database, slug: Param<string>, userId: Param<string>) => {
  return db
    .select({ id: favorites.id })
    .from(favorites)
    .where(and(eq(favorites.userId, userId), inArray(favorites.contentId, contentIdBySlug(db, slug))))
    .limit(1);
});

/**
 * `views` more views (app/server/views.server.ts coalesces them), in one atomic UPDATE, for published content only, and only when the formation
 * and play named by the URL exist (a 404 is not a view).
 */
export function countViewStatement(db: Database, slug: string, place: { sectionSlug?: string | null; playSlug?: string | null } = {}, views = 1) {
  const conditions = [eq(content.slug, slug), eq(content.isPublished, true)];
  if (place.sectionSlug) {
    const sections = db
      .select({ id: contentSections.id })
      .from(contentSections)
      .where(and(eq(contentSections.contentId, content.id), eq(contentSections.slug, place.sectionSlug)));
    if (place.playSlug) {
      conditions.push(
        sql`EXISTS (SELECT 1 FROM ${contentPlays} WHERE ${contentPlays.sectionId} IN ${sections} AND ${contentPlays.slug} = ${place.playSlug})`,
      );
    } else {
      conditions.push(sql`EXISTS ${sections}`);
    }
  }
  return db
    .update(content)
    .set({ views: sql`${content.views} + ${views}` })
    .where(and(...conditions));
}

/**
 * A page view counts when the page is opened: directly, or from another page. Moving between the
 * formations of the same scheme, and the reload that follows a rating, comment or favourite on
 * it (its Referer is the page itself), do not count again.
 */
export function isNewPageView(request: Request, slug: string) {
  if (request.method !== "GET") return false;
  const referer = request.headers.get("Referer");
  if (!referer) return true;
  try {
    const refererUrl = new URL(referer);
    if (refererUrl.origin !== new URL(request.url).origin) return true;
    const path = refererUrl.pathname;
    return !(path === `/content/${slug}` || path.startsWith(`/content/${slug}/`));
  } catch {
    return true;
  }
}

export function toRatingSummary(rows: { average: string | null; total: number }[]) {
  const row = rows[0];
  const total = row?.total ?? 0;
  return { average: total ? Math.round(Number(row!.average) * 100) / 100 : null, total };
}

export async function findContentForWrite(db: Database, slug: string) {
  const [row] = await db
    .select({ id: content.id, slug: content.slug, type: content.type, requiredTier: content.requiredTier, isPublished: content.isPublished })
    .from(content)
    .where(eq(content.slug, slug))
    .limit(1);
  return row;
}

export async function toggleFavorite(db: Database, userId: string, contentId: number, on: boolean) {
  if (on) {
    await db.insert(favorites).values({ userId, contentId }).onConflictDoNothing();
  } else {
    await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.contentId, contentId)));
  }
}

export async function saveRating(db: Database, userId: string, contentId: number, rating: number) {
  await db
    .insert(contentRatings)
    .values({ userId, contentId, rating })
    .onConflictDoUpdate({
      target: [contentRatings.userId, contentRatings.contentId],
      set: { rating, updatedAt: new Date() },
    });
}

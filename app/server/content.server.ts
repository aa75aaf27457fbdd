import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { content, contentStatuses, favorites, titleUpdates, type ContentType, type Game, type User } from "../../db/schema.ts";
import { canOpenContent } from "../lib/access.ts";
import { WORKING_STATUSES } from "../lib/patch.ts";
import type { ContentCardData } from "../lib/content.ts";
import type { SchemeProgress } from "../lib/progress.ts";
import { type Database, reusableSelect, type Param } from "./db.server.ts";

export const PAGE_SIZE = 24;

const cardColumns = {
  id: content.id,
  slug: content.slug,
  title: content.title,
  description: content.description,
  type: content.type,
  game: content.game,
  thumbnailUrl: content.thumbnailUrl,
  requiredTier: content.requiredTier,
  createdAt: content.createdAt,
  status: contentStatuses.status,
  // The version its status names (a primary-key lookup in a table of a few dozen rows).
  statusVersion: sql<string | null>`(SELECT ${titleUpdates.version} FROM ${titleUpdates} WHERE ${titleUpdates.id} = ${contentStatuses.statusUpdateId})`,
};

type CardRow = { [K in Exclude<keyof typeof cardColumns, "statusVersion" | "status">]: (typeof content.$inferSelect)[K] } & {
  status: (typeof contentStatuses.$inferSelect)["status"];
  statusVersion: string | null;
};

/** A card's item with its status row (every item has one: a trigger makes it with the item). */
const withStatus = eq(contentStatuses.contentId, content.id);

/** Cards show three lines of the description: send no more than that. */
const CARD_DESCRIPTION_LENGTH = 140;

export function excerpt(text: string, length: number) {
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), length - 20)).trimEnd()}…`;
}

/** A card; `bars` (the member's scheme bars, by content id) adds the viewer's progress to a scheme they started. */
export function toCard(row: CardRow, viewer: User | null, bars?: Map<number, SchemeProgress>): ContentCardData {
  const locked = !canOpenContent(viewer, row);
  return {
    slug: row.slug,
    title: row.title,
    description: excerpt(row.description, CARD_DESCRIPTION_LENGTH),
    type: row.type,
    game: row.game,
    thumbnailUrl: row.thumbnailUrl,
    requiredTier: row.requiredTier,
    createdAt: row.createdAt.getTime(),
    locked,
    patch: { status: row.status, version: row.statusVersion },
    progress: locked ? null : (bars?.get(row.id) ?? null),
  };
}

export const latestContentQuery = reusableSelect((db: Database, game: Param<Game>, limit: Param<number>) => {
  return db
    .select(cardColumns)
    .from(content)
    .innerJoin(contentStatuses, withStatus)
    .where(and(eq(content.game, game), eq(content.isPublished, true)))
    .orderBy(desc(content.createdAt))
    .limit(limit);
});

/** The newest published premium item of a game (landing previews). */
export const latestPremiumQuery = reusableSelect((db: Database, game: Param<Game>) => {
  return db
    .select(cardColumns)
    .from(content)
    .innerJoin(contentStatuses, withStatus)
    .where(and(eq(content.game, game), eq(content.isPublished, true), eq(content.requiredTier, "premium")))
    .orderBy(desc(content.createdAt))
    .limit(1);
});

export const favoritesQuery = reusableSelect((db: Database, userId: Param<string>, limit: Param<number>) => {
  return db
    .select(cardColumns)
    .from(favorites)
    .innerJoin(content, eq(content.id, favorites.contentId))
    .innerJoin(contentStatuses, withStatus)
    .where(and(eq(favorites.userId, userId), eq(content.isPublished, true)))
    .orderBy(desc(favorites.createdAt))
    .limit(limit);
});

export type ListingOrder = "latest" | "oldest";

/**
 * One page of a game's published listing. The page's ids come from the (game, [type,]
 * is_published, created_at) index alone, so a deep offset never reads whole rows.
 */
export function listingPageQuery(
  db: Database,
  options: { game: Game; type: ContentType | null; order: ListingOrder; page: number; working?: boolean },
) {
  const offset = (options.page - 1) * PAGE_SIZE;
  const queries = LISTINGS[`${options.order}:${options.working ? "working" : "all"}`];
  return options.type ? queries.ofType(db, options.game, options.type, offset) : queries.all(db, options.game, offset);
}

/**
 * Only what works on the game's current title update ('Works on current update'): verified or
 * adjusted. Written out as the partial indexes' own condition (db/schema.ts content_status), so the
 * planner uses them: listing pages and their totals read only working rows, even on patch day when
 * few are left.
 */
export function worksOnCurrentUpdate() {
  return sql`${contentStatuses.status} IN (${sql.raw(WORKING_STATUSES.map((status) => `'${status}'`).join(", "))})`;
}

/**
 * How many published items of each type of a game work on its current update: the filtered
 * listing's tabs count what they would list (and its total is their sum), in one pass
 * over the covering (game, status, is_published, type) index. It is named: left to itself, SQLite
 * takes the partial index ordered by type for the GROUP BY, then reads every row for its status.
 */
export function workingCountsByTypeQuery(db: Database, game: Game) {
  return db.all<{ type: ContentType; total: number }>(sql`SELECT ${contentStatuses.type} AS type, count(*) AS total
    FROM ${contentStatuses} INDEXED BY content_status_game_status_idx
    WHERE ${contentStatuses.game} = ${game} AND ${worksOnCurrentUpdate()} AND ${contentStatuses.isPublished} = 1 GROUP BY ${contentStatuses.type}`);
}

// The listing's statement has eight shapes (with or without a type, newest or oldest first, all or
// only what works on the current update), each built once (see reusableSelect). A page's ids come
// from an index alone: content's listing indexes, or for 'Works on current update' content_status's
// partial ones (its copies of game, type, published flag and creation time are the item's own).
function listingQueries(order: ListingOrder, working: boolean) {
  const direction = order === "oldest" ? asc : desc;
  const build = (db: Database, filters: { game: Param<Game>; type?: Param<ContentType> }, offset: Param<number>) => {
    const pageIds = working
      ? db
          .select({ id: contentStatuses.contentId })
          .from(contentStatuses)
          .where(
            and(
              eq(contentStatuses.game, filters.game),
              eq(contentStatuses.isPublished, true),
              filters.type === undefined ? undefined : eq(contentStatuses.type, filters.type),
              worksOnCurrentUpdate(),
            ),
          )
          .orderBy(direction(contentStatuses.createdAt), direction(contentStatuses.contentId))
          .limit(PAGE_SIZE)
          .offset(offset)
      : db
          .select({ id: content.id })
          .from(content)
          .where(and(eq(content.game, filters.game), eq(content.isPublished, true), filters.type === undefined ? undefined : eq(content.type, filters.type)))
          .orderBy(direction(content.createdAt), direction(content.id))
          .limit(PAGE_SIZE)
          .offset(offset);
    return db
      .select(cardColumns)
      .from(content)
      .innerJoin(contentStatuses, withStatus)
      .where(inArray(content.id, pageIds))
      .orderBy(direction(content.createdAt), direction(content.id));
  };
  return {
    ofType: reusableSelect((db: Database, game: Param<Game>, type: Param<ContentType>, offset: Param<number>) => build(db, { game, type }, offset)),
    all: reusableSelect((db: Database, game: Param<Game>, offset: Param<number>) => build(db, { game }, offset)),
  };
}

const LISTINGS = {
  "latest:all": listingQueries("latest", false),
  "oldest:all": listingQueries("oldest", false),
  "latest:working": listingQueries("latest", true),
  "oldest:working": listingQueries("oldest", true),
};

export function contentCounterNames(game: Game) {
  return (["meta-scheme", "off-meta-scheme", "gameplay", "lab-sessions", "pro-tip"] as const).map(
    (type) => `content:${game}:${type}`,
  );
}

/** The newest published scheme with its rating (landing page). */
export const latestSchemeWithRatingQuery = reusableSelect((db: Database) => {
  return db
    .select({
      ...cardColumns,
      averageRating: sql<number | null>`(SELECT avg(rating) FROM content_ratings WHERE content_id = ${content.id})`,
      ratingCount: sql<number>`(SELECT count(*) FROM content_ratings WHERE content_id = ${content.id})`,
    })
    .from(content)
    .innerJoin(contentStatuses, withStatus)
    .where(and(inArray(content.type, ["meta-scheme", "off-meta-scheme"]), eq(content.isPublished, true)))
    .orderBy(desc(content.createdAt))
    .limit(1);
});

import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "~/server/db.server";
import { contentCounterNames, listingPageQuery, workingCountsByTypeQuery, type ListingOrder } from "~/server/content.server";
import { schemeBarsQuery, schemeStagesQuery, sectionProgressQuery, startedSchemesQuery } from "~/server/progress.server";
import { commentsQuery } from "~/server/comments.server";
import { countersQuery } from "~/server/counters.server";
import {
  contentBySlugQuery,
  playsOfSectionQuery,
  ratingSummaryQuery,
  sectionQuery,
  sectionsWithCountsQuery,
  viewerFavoriteQuery,
  viewerRatingQuery,
} from "~/server/library.server";
import { seedDemoData } from "./helpers";

// The library's reads must stay fast at 100,000 rows: every table access is an index search,
// never a scan of content or comments.

const db = createDatabase(env.DB);

type PlanRow = { id: number; parent: number; detail: string };

async function planOf(query: { toSQL(): { sql: string; params: unknown[] } } | { getQuery(): { sql: string; params: unknown[] } }) {
  const { sql, params } = "toSQL" in query ? query.toSQL() : query.getQuery();
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all<PlanRow>();
  return { sql, rows: results };
}

function expectIndexed(plan: { sql: string; rows: PlanRow[] }, tables: string[]) {
  const details = plan.rows.map((row) => row.detail);
  const label = `${plan.sql}\n${details.join("\n")}`;
  expect(details.length, label).toBeGreaterThan(0);
  for (const detail of details) {
    expect(detail, label).not.toMatch(/^SCAN (content|content_status|comments|content_sections|content_plays|content_ratings|favorites|counters|play_progress)\b/);
  }
  for (const table of tables) {
    const access = details.filter((detail) => new RegExp(`^SEARCH ${table}\\b`).test(detail));
    expect(access.length, `${label}\n(no search of ${table})`).toBeGreaterThan(0);
    for (const detail of access) expect(detail, label).toMatch(/USING (COVERING )?INDEX|USING INTEGER PRIMARY KEY|USING PRIMARY KEY/);
  }
}

/** The rows of a subquery (by its parent id chain) must not sort: the index gives the order. */
function expectSubquerySortedByIndex(plan: { sql: string; rows: PlanRow[] }) {
  const subqueries = plan.rows.filter((row) => /SUBQUERY/.test(row.detail)).map((row) => row.id);
  const inside = plan.rows.filter((row) => subqueries.includes(row.parent));
  expect(inside.length, plan.sql).toBeGreaterThan(0);
  for (const row of inside) expect(row.detail, plan.rows.map((entry) => entry.detail).join("\n")).not.toMatch(/TEMP B-TREE/);
}

beforeAll(seedDemoData);

describe("query plans", () => {
  for (const game of ["college", "madden"] as const) {
    for (const type of [null, "meta-scheme", "pro-tip"] as const) {
      for (const order of ["latest", "oldest"] as ListingOrder[]) {
        it(`listing page of ${game}, ${type ?? "all"}, ${order}: ids from the listing index, rows by primary key`, async () => {
          for (const page of [1, 500]) {
            const plan = await planOf(listingPageQuery(db, { game, type, order, page }));
            expectIndexed(plan, ["content"]);
            const details = plan.rows.map((row) => row.detail).join("\n");
            expect(details).toMatch(type ? /content_game_type_listing_idx/ : /content_game_listing_idx/);
            expect(details).toMatch(/USING COVERING INDEX content_game(_type)?_listing_idx/);
            expectSubquerySortedByIndex(plan);
          }
        });
      }
    }
  }

  for (const game of ["college", "madden"] as const) {
    for (const type of [null, "meta-scheme"] as const) {
      it(`'Works on current update' of ${game}, ${type ?? "all"}: ids from the partial index of working items, the total from an index alone`, async () => {
        for (const page of [1, 500]) {
          const plan = await planOf(listingPageQuery(db, { game, type, order: "latest", page, working: true }));
          expectIndexed(plan, ["content", "content_status"]);
          // The page's 24 ids come in order from content_status's partial index of working items (each narrow row checked once by its key).
          expect(plan.rows.map((row) => row.detail).join("\n")).toMatch(
            type ? /SEARCH content_status USING INDEX content_status_working_type_idx/ : /SEARCH content_status USING INDEX content_status_working_idx/,
          );
          expectSubquerySortedByIndex(plan);
        }
        // The tabs' counts (and so the total): one pass over a covering index, no row of the table read.
        const counts = await planOf(workingCountsByTypeQuery(db, game));
        expect(counts.rows.map((row) => row.detail).join("\n")).toMatch(/^SEARCH content_status USING COVERING INDEX content_status_game_status_idx/);
      });
    }
  }

  it("the install tracker's reads: one member's rows by index", async () => {
    const slug = "cfb26-spread-rpo-attack";
    const userId = "00000000-0000-0000-0000-000000000000";
    const plans = [
      await planOf(sectionProgressQuery(db, userId, slug, "gun-bunch")),
      await planOf(schemeStagesQuery(db, userId, slug)),
      await planOf(schemeBarsQuery(db, userId)),
      await planOf(startedSchemesQuery(db, userId, 12)),
    ];
    for (const plan of plans) {
      const details = plan.rows.map((row) => row.detail);
      const label = `${plan.sql}\n${details.join("\n")}`;
      // play_progress is read by the member's key only; no table of the library is scanned.
      const progress = details.filter((detail) => /\b(play_progress|pp|x)\b/.test(detail) && !/SUBQUERY|CO-ROUTINE/.test(detail));
      expect(progress.length, label).toBeGreaterThan(0);
      for (const detail of progress) expect(detail, label).toMatch(/^SEARCH (play_progress|pp|x) USING (COVERING )?INDEX play_progress_user_(content|updated)_idx|^SEARCH (play_progress|pp|x) USING (COVERING )?INDEX sqlite_autoindex_play_progress_1|PRIMARY KEY/);
      for (const detail of details) expect(detail, label).not.toMatch(/^SCAN (content|content_sections|content_plays|play_progress|p|s|pp|x|c)\b/);
    }
  });

  it("comments of a content item and of a blog post", async () => {
    const content = await planOf(commentsQuery(db, { type: "content", slug: "cfb26-spread-rpo-attack" }));
    expectIndexed(content, ["comments", "content"]);
    expect(content.rows.map((row) => row.detail).join("\n")).toMatch(/comments_content_idx/);
    const blog = await planOf(commentsQuery(db, { type: "blog", slug: "title-update-1-3-patch-notes" }));
    expectIndexed(blog, ["comments", "blog_posts"]);
    expect(blog.rows.map((row) => row.detail).join("\n")).toMatch(/comments_blog_post_idx/);
  });

  it("the tab counters", async () => {
    for (const game of ["college", "madden"] as const) {
      const plan = await planOf(countersQuery(db, contentCounterNames(game)));
      expectIndexed(plan, ["counters"]);
    }
  });

  it("the reads of a content page", async () => {
    const slug = "cfb26-spread-rpo-attack";
    const userId = "00000000-0000-0000-0000-000000000000";
    expectIndexed(await planOf(contentBySlugQuery(db, slug)), ["content"]);
    expectIndexed(await planOf(sectionsWithCountsQuery(db, slug)), ["content_sections", "content"]);
    expectIndexed(await planOf(sectionQuery(db, slug, "gun-bunch")), ["content_sections", "content"]);
    expectIndexed(await planOf(playsOfSectionQuery(db, slug, "gun-bunch")), ["content_plays", "content_sections", "content"]);
    expectIndexed(await planOf(ratingSummaryQuery(db, slug)), ["content_ratings", "content"]);
    expectIndexed(await planOf(viewerRatingQuery(db, slug, userId)), ["content_ratings", "content"]);
    expectIndexed(await planOf(viewerFavoriteQuery(db, slug, userId)), ["favorites", "content"]);
  });
});

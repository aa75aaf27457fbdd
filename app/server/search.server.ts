// The play finder's reads: full text over search_documents (kept by the triggers of migration
// 0004) through the FTS5 table search_fts, with facet counts, 'Did you mean ...?' from the index's
// own vocabulary, and the count of searches that found nothing.
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { and, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { content, contentStatuses, searchMisses, type ContentType, type Game, type PatchStatus } from "../../db/schema.ts";
import { searchRights, type SearchRights } from "../lib/access.ts";
import { facingAsVs, FILTER_NAMES, SEARCH_PAGE_SIZE, snippetParts, wordsOf, type FilterName, type SearchFilters, type SearchRequest, type SearchResultView } from "../lib/search.ts";
import type { AppContext } from "./context.server.ts";
import { worksOnCurrentUpdate } from "./content.server.ts";
import { reusableSelect, writeWhileBusy, type Database, type Param } from "./db.server.ts";
import { none, readPage } from "./page-read.server.ts";
import { recordAttempt, type ThrottleRule } from "./throttle.server.ts";

/** bm25 weights of the index's columns: a word in a title counts ten times one in the text. */
const WEIGHTS = { title: 10, tags: 6, body: 1 } as const;
const PUBLIC_COLUMNS = "{title tag_text body}";
const TAG_FACET_SIZE = 12;

/**
 * The FTS5 query for the words: each word quoted (so no character of the input is FTS syntax),
 * all of them required, the last one (from two letters) as a prefix so results follow typing.
 */
export function matchExpression(typed: string[], any = false): string {
  const words = facingAsVs(typed);
  // A one-letter prefix would match most of the index: the last word is a prefix from two letters.
  const prefix = (word: string, index: number) => (index === words.length - 1 && [...word].length >= 2 ? "*" : "");
  return words.map((word, index) => `"${word.replaceAll('"', "")}"${prefix(word, index)}`).join(any ? " OR " : " ");
}

/** The same query limited to the columns everyone may search (not premium write-ups). */
export function publicMatchExpression(words: string[], any = false): string {
  return `${PUBLIC_COLUMNS} : (${matchExpression(words, any)})`;
}

/** Words that say how a question is asked, not what it is about ('how to beat cover 3'). */
const QUESTION_WORDS = new Set(
  "a an and are as at be best by can do does for from how i in is it me my of on or out should the this to use what when where which who why with you your".split(" "),
);

/**
 * The words a search with some of the words looks for, when no result has all of them: the
 * question's own words left out, and one-character words ('3' of 'cover 3'), which alone match
 * too much to mean anything; nothing when fewer than two words were typed (one word that finds
 * nothing has no 'some' to fall back on).
 */
export function someOfTheWords(words: string[]): string[] {
  if (words.length < 2) return [];
  return words.filter((word) => !QUESTION_WORDS.has(word) && [...word].length >= 2);
}

/** A viewer's rights as two bits, as the statements test them: 1 premium write-ups, 2 drafts. */
export function scopeOf(rights: SearchRights): number {
  return (rights.premiumWriteUps ? 1 : 0) | (rights.drafts ? 2 : 0);
}

/**
 * Whose search this is. Known rights (a visitor, or a viewer already confirmed) are bound as a
 * number. For a signed-in member whose row is read in the same batch, the statements work out a
 * guess from that row; the loader compares the guess with searchRights() (the authority) and
 * searches again in the rare case they differ, so one round trip serves the usual case.
 */
export type SearchScope = { rights: SearchRights } | { guessFor: string; now: number };

function scopeSql(scope: SearchScope): SQL {
  if ("rights" in scope) return sql`${scopeOf(scope.rights)}`;
  return sql`coalesce((SELECT (CASE WHEN u.role IN ('admin', 'superadmin') OR (u.subscription_tier = 'premium' AND u.access_expires_at > ${scope.now}) THEN 1 ELSE 0 END)
    | (CASE WHEN u.role IN ('admin', 'superadmin') THEN 2 ELSE 0 END) FROM users u WHERE u.id = ${scope.guessFor}), 0)`;
}

function filterSql(filters: SearchFilters, except?: FilterName): SQL {
  const parts: SQL[] = [sql`1`];
  if (filters.game && except !== "game") parts.push(sql`d.game = ${filters.game}`);
  if (filters.type && except !== "type") parts.push(sql`d.type = ${filters.type}`);
  if (filters.difficulty && except !== "difficulty") parts.push(sql`d.difficulty = ${filters.difficulty}`);
  if (filters.tag && except !== "tag") parts.push(sql`EXISTS (SELECT 1 FROM json_each(d.tags) WHERE lower(json_each.value) = lower(${filters.tag}))`);
  if (filters.works) parts.push(sql`d.kind <> 'post' AND ${STATUS_OF_DOCUMENT} IN ('verified', 'adjusted')`);
  return sql.join(parts, sql` AND `);
}

/** A document's patch status: a play's own, a content item's or formation's that of the item. */
const STATUS_OF_DOCUMENT = sql.raw(
  `(CASE d.kind WHEN 'play' THEN (SELECT ps.status FROM play_status ps WHERE ps.play_id = d.ref_id) WHEN 'post' THEN NULL ELSE (SELECT cs.status FROM content_status cs WHERE cs.content_id = d.content_id) END)`,
);

export type SearchHitRow = {
  id: number;
  kind: "content" | "formation" | "play" | "post";
  game: Game | null;
  type: ContentType | null;
  isPublished: number;
  title: string;
  contentSlug: string | null;
  contentTitle: string | null;
  requiredTier: "free" | "premium" | null;
  sectionSlug: string | null;
  sectionTitle: string | null;
  playSlug: string | null;
  postSlug: string | null;
  snippet: string;
  status: PatchStatus | null;
  statusVersion: string | null;
};

export type FacetRow = { facet: "scope" | "kind" | FilterName; value: string | number | null; n: number };

/** Where a search's documents come from and in what order: the index's matches, or a tag's documents. */
type DocumentSource = { from: SQL; where: SQL; snippet: SQL; order: SQL };

/**
 * Two statements for one search: a page of results with snippets, and the facet counts (every
 * filter counted with the other filters applied) with the total per kind. D1 allows few terms in a
 * compound SELECT, so the four plain facets share one grouped SELECT. Both carry the scope the
 * statements used (the facets' 'scope' row).
 */
function documentStatements(db: Database, source: (has: (bit: 1 | 2) => SQL) => DocumentSource, filters: SearchFilters, scope: SearchScope, offset: number) {
  const viewer = sql`WITH viewer(scope) AS (SELECT ${scopeSql(scope)})`;
  const has = (bit: 1 | 2) => sql.raw(`((SELECT scope FROM viewer) & ${bit})`);
  const { from, where, snippet, order } = source(has);
  const visible = sql`${where} AND (d.is_published = 1 OR ${has(2)})`;
  const hits = db.all<SearchHitRow>(sql`${viewer}
    SELECT d.id, d.kind, d.game, d.type, d.is_published AS isPublished, d.title,
      c.slug AS contentSlug, c.title AS contentTitle, c.required_tier AS requiredTier,
      s.slug AS sectionSlug, s.title AS sectionTitle, p.slug AS playSlug, b.slug AS postSlug,
      (CASE d.kind WHEN 'play' THEN ps.status WHEN 'post' THEN NULL ELSE cs.status END) AS status,
      (SELECT u.version FROM title_updates u WHERE u.id = (CASE d.kind WHEN 'play' THEN ps.status_update_id WHEN 'post' THEN NULL ELSE cs.status_update_id END)) AS statusVersion,
      ${snippet} AS snippet
    FROM ${from}
    LEFT JOIN content c ON c.id = d.content_id
    LEFT JOIN content_status cs ON d.kind <> 'post' AND d.kind <> 'play' AND cs.content_id = d.content_id
    LEFT JOIN content_sections s ON s.id = d.section_id
    LEFT JOIN content_plays p ON d.kind = 'play' AND p.id = d.ref_id
    LEFT JOIN play_status ps ON d.kind = 'play' AND ps.play_id = d.ref_id
    LEFT JOIN blog_posts b ON d.kind = 'post' AND b.id = d.ref_id
    WHERE ${visible} AND ${filterSql(filters)}
    ORDER BY ${order}, d.id
    LIMIT ${SEARCH_PAGE_SIZE} OFFSET ${offset}`);
  const facets = db.all<FacetRow>(sql`${viewer}, hits AS MATERIALIZED (
      SELECT d.kind, d.game, d.type, d.difficulty, d.tags, d.ref_id, d.content_id FROM ${from} WHERE ${visible})
    SELECT 'scope' AS facet, (SELECT scope FROM viewer) AS value, 0 AS n
    UNION ALL SELECT f.column1, (CASE f.column1 WHEN 'kind' THEN d.kind WHEN 'game' THEN d.game WHEN 'type' THEN d.type ELSE d.difficulty END) AS value, count(*)
      FROM hits d, (VALUES ('kind'), ('game'), ('type'), ('difficulty')) f
      WHERE (CASE f.column1 WHEN 'kind' THEN ${filterSql(filters)} WHEN 'game' THEN ${filterSql(filters, "game")}
        WHEN 'type' THEN ${filterSql(filters, "type")} ELSE ${filterSql(filters, "difficulty")} END)
      GROUP BY 1, 2 HAVING value IS NOT NULL
    UNION ALL SELECT * FROM (SELECT 'tag', t.value, count(*) AS n FROM hits d, json_each(d.tags) t WHERE ${filterSql(filters, "tag")}
      GROUP BY t.value ORDER BY n DESC, t.value LIMIT ${TAG_FACET_SIZE})`);
  return { hits, facets };
}

/**
 * A search for words: the index's matches, best first (bm25), with the matched words marked. Every
 * word is required, or (`any`) at least one of them: bm25 then ranks first what holds the most.
 */
export function searchStatements(db: Database, words: string[], filters: SearchFilters, scope: SearchScope, offset: number, any = false) {
  return documentStatements(
    db,
    (has) => ({
      from: sql`search_fts JOIN search_documents d ON d.id = search_fts.rowid`,
      where: sql`search_fts MATCH (CASE WHEN ${has(1)} THEN ${matchExpression(words, any)} ELSE ${publicMatchExpression(words, any)} END)`,
      snippet: sql`snippet(search_fts, (CASE WHEN d.body = '' AND ${has(1)} THEN 3 ELSE 2 END), char(1), char(2), '…', 16)`,
      order: sql`bm25(search_fts, ${sql.raw(`${WEIGHTS.title}.0, ${WEIGHTS.tags}.0, ${WEIGHTS.body}.0`)}, (CASE WHEN ${has(1)} THEN 1.0 ELSE 0.0 END))`,
    }),
    filters,
    scope,
    offset,
  );
}

/** The phrase of a tag's words in the index's tag column, or null when the tag has no words. */
export function tagMatchExpression(tag: string): string | null {
  const words = wordsOf(tag);
  return words.length ? `{tag_text} : "${words.join(" ")}"` : null;
}

/**
 * Everything tagged with the filters' tag (a search without words): newest first, a scheme before
 * its formations and plays. The index's tag column narrows the documents first: content items and
 * plays carry their own tags there, and formations and plays inherit their item's, which the exact
 * tag filter then confirms. The snippet is the start of the text the viewer may read.
 */
export function taggedStatements(db: Database, filters: SearchFilters, scope: SearchScope, offset: number) {
  const phrase = filters.tag ? tagMatchExpression(filters.tag) : null;
  const tagged = sql`(SELECT rowid FROM search_fts WHERE search_fts MATCH ${phrase})`;
  return documentStatements(
    db,
    (has) => ({
      from: sql`search_documents d`,
      // A tag of symbols only cannot be saved (the editor refuses it): nothing carries one, and
      // looking for it would read every document's tags (0.7 s per statement at volume size).
      where: phrase
        ? sql`(d.id IN ${tagged} OR d.content_id IN (SELECT t.content_id FROM search_documents t WHERE t.kind = 'content' AND t.id IN ${tagged}))`
        : sql`0`,
      snippet: sql`substr((CASE WHEN d.body = '' AND ${has(1)} THEN d.locked ELSE d.body END), 1, 400)`,
      order: sql`coalesce(d.published_at, 0) DESC, (CASE d.kind WHEN 'content' THEN 0 WHEN 'formation' THEN 1 WHEN 'play' THEN 2 ELSE 3 END)`,
    }),
    filters,
    scope,
    offset,
  );
}

export type Facets = {
  scope: number;
  total: number;
  kinds: Partial<Record<SearchHitRow["kind"], number>>;
  game: { value: string; count: number }[];
  type: { value: string; count: number }[];
  difficulty: { value: string; count: number }[];
  tag: { value: string; count: number }[];
};

export function readFacets(rows: FacetRow[]): Facets {
  const facets: Facets = { scope: 0, total: 0, kinds: {}, game: [], type: [], difficulty: [], tag: [] };
  for (const row of rows) {
    if (row.facet === "scope") facets.scope = Number(row.value);
    else if (row.facet === "kind") {
      facets.kinds[row.value as SearchHitRow["kind"]] = row.n;
      facets.total += row.n;
    } else facets[row.facet].push({ value: String(row.value), count: row.n });
  }
  for (const name of ["game", "type", "difficulty"] as const) facets[name].sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  return facets;
}

/** Where a result leads. */
export function hitHref(hit: SearchHitRow): string {
  if (hit.kind === "post") return `/blog/${hit.postSlug}`;
  const base = `/content/${hit.contentSlug}`;
  if (hit.kind === "formation") return `${base}/section/${hit.sectionSlug}`;
  if (hit.kind === "play") return `${base}/section/${hit.sectionSlug}/play/${hit.playSlug}`;
  return base;
}

const newestColumns = { slug: content.slug, title: content.title, type: content.type, game: content.game, requiredTier: content.requiredTier };

/** The newest published items, shown under an empty search. */
export const newestContentQuery = reusableSelect((db: Database, limit: Param<number>) =>
  db.select(newestColumns).from(content).where(eq(content.isPublished, true)).orderBy(desc(content.createdAt), desc(content.id)).limit(limit),
);

/**
 * The newest published items that match a search's filters (a search without words or tag: the
 * empty search page lists these under the chosen filters, so the filters are seen to count).
 */
export function newestMatchingQuery(db: Database, filters: Omit<SearchFilters, "tag">, limit: number) {
  return db
    .select(newestColumns)
    .from(content)
    .innerJoin(contentStatuses, eq(contentStatuses.contentId, content.id))
    .where(
      and(
        eq(content.isPublished, true),
        filters.game ? eq(content.game, filters.game) : undefined,
        filters.type ? eq(content.type, filters.type) : undefined,
        filters.difficulty ? eq(content.difficulty, filters.difficulty) : undefined,
        filters.works ? worksOnCurrentUpdate() : undefined,
      ),
    )
    .orderBy(desc(content.createdAt), desc(content.id))
    .limit(limit);
}

// ---- 'Did you mean ...?' ----------------------------------------------------------------------

/** The index folds diacritics; so do the words compared with its vocabulary. */
function fold(word: string) {
  return word.normalize("NFD").replace(/\p{M}/gu, "");
}

/** Edit distance with transpositions (optimal string alignment), stopping early past `limit`. */
export function editDistance(a: string, b: string, limit = 3): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous2: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, previous2[j - 2] + 1);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    previous2 = previous;
    previous = current;
  }
  return previous[b.length];
}

type VocabRow = { term: string; docs: number };

/**
 * Terms of the index near each word: same first letter, similar length (and, for the last word,
 * any term it begins). Only from columns the viewer may search, so a suggestion never comes from
 * a premium write-up the viewer cannot read.
 */
export function vocabularyStatements(db: Database, words: string[], rights: SearchRights) {
  const columns = rights.premiumWriteUps ? ["title", "tag_text", "body", "locked"] : ["title", "tag_text", "body"];
  return words.map((raw, index) => {
    const word = fold(raw);
    const first = String.fromCodePoint(word.codePointAt(0)!);
    const last = index === words.length - 1;
    return db.all<VocabRow>(sql`SELECT term, sum(doc) AS docs FROM search_vocab
      WHERE term >= ${first} AND term < ${`${first}\u{10FFFF}`} AND col IN (${sql.join(columns.map((column) => sql`${column}`), sql`, `)})
        AND (length(term) BETWEEN ${word.length - 2} AND ${word.length + 2} ${last ? sql`OR substr(term, 1, ${word.length}) = ${word}` : sql``})
      GROUP BY term`);
  });
}

/**
 * The words with each one the index does not know replaced by its nearest known term (one edit
 * for short words, two for longer; ties go to the more common term), or null when every word is
 * known or no replacement is close enough.
 */
export function correctedWords(words: string[], vocabularies: VocabRow[][]): string[] | null {
  let changed = false;
  const corrected = words.map((raw, index) => {
    const word = fold(raw);
    const terms = vocabularies[index] ?? [];
    const last = index === words.length - 1;
    if (terms.some((row) => row.term === word || (last && row.term.startsWith(word)))) return raw;
    const limit = word.length <= 4 ? 1 : 2;
    let best: VocabRow | null = null;
    let bestDistance = limit + 1;
    for (const row of terms) {
      const distance = editDistance(word, row.term, limit);
      if (distance < bestDistance || (distance === bestDistance && best && row.docs > best.docs)) {
        best = row;
        bestDistance = distance;
      }
    }
    if (!best || bestDistance > limit) return raw;
    changed = true;
    return best.term;
  });
  return changed ? corrected : null;
}

// ---- Searches that found nothing ---------------------------------------------------------------

/** One more search that found nothing, counted per normalised query and day; no user id. */
export function recordMiss(db: Database, words: string[], now = new Date()) {
  const query = words.join(" ");
  const day = now.toISOString().slice(0, 10);
  return db
    .insert(searchMisses)
    .values({ query, day, count: 1, lastSeenAt: now })
    .onConflictDoUpdate({ target: [searchMisses.query, searchMisses.day], set: { count: sql`${searchMisses.count} + 1`, lastSeenAt: now } });
}

const NO_FILTERS: SearchFilters = { game: null, type: null, difficulty: null, tag: null, works: false };

/** Searches without results counted from one address in an hour; more are not counted (a script filling the table). */
export const MISS_ADDRESS_RULE: ThrottleRule = { limit: 30, windowSeconds: 60 * 60 };
const MISS_REPEAT_RULE: ThrottleRule = { limit: 1, windowSeconds: 24 * 60 * 60 };

/**
 * Counts a search without results for the staff's 'Searches without results', after the answer: at
 * most once a day per query and address, so that one visitor repeating a query cannot push it to the
 * top of the list, and at most MISS_ADDRESS_RULE's number of queries per address and hour, so that a script
 * cannot fill the table. The address stays in KV's counters (the key holds a hash of the query) and
 * never reaches D1. Returns whether it was counted.
 */
export async function countMiss(app: AppContext, address: string, words: string[]): Promise<boolean> {
  const query = encodeHexLowerCase(sha256(new TextEncoder().encode(words.join(" ")))).slice(0, 32);
  const repeat = await recordAttempt(app.env.KV, `search-miss:${address}:${query}`, MISS_REPEAT_RULE);
  if (repeat.used > MISS_REPEAT_RULE.limit) return false;
  const perAddress = await recordAttempt(app.env.KV, `search-miss:${address}`, MISS_ADDRESS_RULE);
  if (perAddress.used > MISS_ADDRESS_RULE.limit) return false;
  await writeWhileBusy(() => recordMiss(app.db, words));
  return true;
}

/** The header that keeps a search's words with its page in the edge cache (never sent to a browser). */
export const SEARCH_MISS_HEADER = "X-Edge-Search-Miss";

/** countMiss after the answer. */
export function countMissAfterAnswer(app: AppContext, address: string, words: string[]) {
  app.executionContext.waitUntil(countMiss(app, address, words).then(() => undefined, (error: unknown) => console.error("Recording a search without results failed", error)));
}

/**
 * A search page from the edge cache that found nothing when it was drawn counts for this visitor
 * as it would have drawn (once a day per query and address); the page leaves without the header.
 */
export function countCachedMiss(app: AppContext, page: Response, address: string): Response {
  const words = page.headers.get(SEARCH_MISS_HEADER);
  if (words === null) return page;
  const headers = new Headers(page.headers);
  headers.delete(SEARCH_MISS_HEADER);
  try {
    const list = decodeURIComponent(words).split(" ").filter(Boolean);
    if (list.length) countMissAfterAnswer(app, address, list);
  } catch {
    // Not ours: nothing to count.
  }
  return new Response(page.body, { status: page.status, headers });
}

/** Drops the searches without results older than the dashboard's 30 days (the scheduled job). */
export async function pruneMisses(db: Database, now = Date.now()) {
  const before = new Date(now - 30 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const result = await db.delete(searchMisses).where(lt(searchMisses.day, before));
  return result.meta.changes ?? 0;
}

/** The most frequent searches without results of the last 30 days (staff dashboard). */
export function topMissesQuery(db: Database, now = Date.now()) {
  const since = new Date(now - 30 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const searches = sql<number>`sum(${searchMisses.count})`.mapWith(Number);
  return db
    .select({ query: searchMisses.query, searches, lastSeenAt: sql<number>`max(${searchMisses.lastSeenAt})`.mapWith(Number) })
    .from(searchMisses)
    .where(gte(searchMisses.day, since))
    .groupBy(searchMisses.query)
    .orderBy(desc(searches), desc(sql`max(${searchMisses.lastSeenAt})`))
    .limit(10);
}

// ---- One search, as the page needs it -----------------------------------------------------------

export type SearchOutcome = {
  hits: SearchHitRow[];
  facets: Facets;
  /** The page shown: the one asked for, or the last one when that is beyond it. */
  page: number;
  pageCount: number;
  /** The query with its misspelt words corrected, when that finds something for this viewer. */
  suggestion: string | null;
  /** No result held every word: these hold some of them (someOfTheWords). */
  partial: boolean;
  /** No result held every word and filters were on: how many hold every word without them (null: no filters). */
  withoutFilters: number | null;
  /** What the viewer may search (searchRights), which also decides where results lead. */
  rights: SearchRights;
};

/**
 * Runs a search for the request's viewer: one D1 round trip (with the session check) in the usual
 * case; one more when the rights guessed in SQL differ from searchRights() and when the page asked
 * for is beyond the last. A search that finds nothing takes a second for the vocabulary of 'Did
 * you mean' and the results with some of the words together, and a third only when a word has a
 * correction to try. A search without words lists what carries its tag filter (taggedStatements).
 */
export async function runSearch(app: AppContext, search: SearchRequest, address: string): Promise<SearchOutcome> {
  const every = await readResults(app, search.words, search, false);
  if (every.facets.total > 0 || !search.words.length) return { ...every, suggestion: null, partial: false, withoutFilters: null };

  // A one-letter word is most likely a word being typed (results follow typing): not counted.
  if (search.words.every((word) => [...word].length >= 2)) {
    countMissAfterAnswer(app, address, search.words);
    // A visitor's page may be served from the edge cache to the next ones: their searches count too.
    app.keepWithCachedPage[SEARCH_MISS_HEADER] = encodeURIComponent(search.words.join(" "));
  }
  const { rights } = every;
  const some = someOfTheWords(search.words);
  const someStatements = (page: number) => searchStatements(app.db, some, search.filters, { rights }, (page - 1) * SEARCH_PAGE_SIZE, true);
  // With filters on, the same batch counts what every word finds without them: the filter, not the
  // library, may be what hides the exact match ('gun bunch mesh' with 'Works on current update').
  const filtered = FILTER_NAMES.some((name) => search.filters[name]) || Boolean(search.filters.works);
  const read = await readPage(app, () => {
    const partial = some.length ? someStatements(search.page) : null;
    const vocabularies = vocabularyStatements(app.db, search.words, rights);
    const unfiltered = filtered ? searchStatements(app.db, search.words, NO_FILTERS, { rights }, 0).facets : none;
    return {
      someHits: partial?.hits ?? none,
      someFacets: partial?.facets ?? none,
      unfiltered,
      ...Object.fromEntries(vocabularies.map((statement, index) => [`vocabulary${index}`, statement])),
    };
  });
  const withoutFilters = read.unfiltered ? readFacets(read.unfiltered).total : null;
  const vocabularies = search.words.map((_, index) => (read as Record<string, unknown>)[`vocabulary${index}`] as VocabRow[]);
  const suggestion = await suggest(app, search, rights, vocabularies);
  if (!read.someHits || !read.someFacets) return { ...every, suggestion, partial: false, withoutFilters };
  const facets = readFacets(read.someFacets);
  if (facets.total === 0) return { ...every, suggestion, partial: false, withoutFilters };
  const pageCount = Math.max(1, Math.ceil(facets.total / SEARCH_PAGE_SIZE));
  const page = Math.min(search.page, pageCount);
  const hits = page === search.page ? read.someHits : (await readPage(app, () => ({ hits: someStatements(page).hits }))).hits;
  return { hits, facets, page, pageCount, rights, suggestion, partial: true, withoutFilters };
}

/** One search's page of results and facets, with the viewer's rights settled and the page in range. */
async function readResults(app: AppContext, words: string[], search: SearchRequest, any: boolean) {
  const { db } = app;
  const now = Date.now();
  const statements = (scope: SearchScope, page: number) =>
    words.length
      ? searchStatements(db, words, search.filters, scope, (page - 1) * SEARCH_PAGE_SIZE, any)
      : taggedStatements(db, search.filters, scope, (page - 1) * SEARCH_PAGE_SIZE);
  let read = await readPage(app, (userId) => statements(userId ? { guessFor: userId, now } : { rights: searchRights(null, now) }, search.page));
  const viewer = (await app.getSession())?.user ?? null;
  const rights = searchRights(viewer, now);
  if (readFacets(read.facets).scope !== scopeOf(rights)) read = await readPage(app, () => statements({ rights }, search.page));

  const facets = readFacets(read.facets);
  const pageCount = Math.max(1, Math.ceil(facets.total / SEARCH_PAGE_SIZE));
  let page = search.page;
  let hits = read.hits;
  if (page > pageCount) {
    page = pageCount;
    hits = (await readPage(app, () => ({ hits: statements({ rights }, page).hits }))).hits;
  }
  return { hits, facets, page, pageCount, rights };
}

/**
 * The query with its misspelt words corrected (from the index's vocabulary for each word), offered
 * when it finds something: with every word, or with some of them ('how to beat cover tree':
 * 'cover three' is what the results then hold).
 */
async function suggest(app: AppContext, search: SearchRequest, rights: SearchRights, vocabularies: VocabRow[][]): Promise<string | null> {
  const corrected = correctedWords(search.words, vocabularies);
  if (!corrected) return null;
  const some = someOfTheWords(corrected);
  const found = await readPage(app, () => ({
    every: searchStatements(app.db, corrected, search.filters, { rights }, 0).facets,
    some: some.length ? searchStatements(app.db, some, search.filters, { rights }, 0, true).facets : none,
  }));
  const finds = readFacets(found.every).total > 0 || (found.some !== null && readFacets(found.some).total > 0);
  return finds ? corrected.join(" ") : null;
}

const SNIPPET_LENGTH = 180;

/**
 * Markdown marks (headings, quotes, table edges, emphasis, code, links) left out of a snippet; the
 * text stays, with the same characters where they are text ('#1', '->', '3rd | long', 'x > y').
 * A longer text (the start of a write-up, under a search without words) is cut at a word, with '…'.
 */
export function plainSnippet(snippet: string) {
  const plain = snippet
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^[ \t]*#{1,6}[ \t]+/gm, "")
    .replace(/^[ \t]*>[ \t]?/gm, "")
    .replace(/^[ \t]*\|?[ \t]*:?-{3,}[-:| \t]*$/gm, "")
    .replace(/^[ \t]*\|[ \t]*|[ \t]*\|[ \t]*$/gm, "")
    .replace(/(\*\*|__|~~)(?=\S)(.+?)(?<=\S)\1/g, "$2")
    // A word's highlight marks (MARK_START, MARK_END) count as the word: hot_route_slant stays whole.
    .replace(/(^|[^\w*\u0001\u0002])([*_])(?=\S)(.+?)(?<=\S)\2(?![\w\u0001\u0002])/g, "$1$3")
    .replace(/`+([^`]*)`+/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
  if (plain.length <= SNIPPET_LENGTH) return plain;
  const cut = plain.slice(0, SNIPPET_LENGTH);
  const space = cut.lastIndexOf(" ");
  return `${(space > SNIPPET_LENGTH / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, "")}…`;
}

/** What the page shows of each result; locked schemes lead to their preview. */
export function resultViews(hits: SearchHitRow[], rights: SearchRights): SearchResultView[] {
  return hits.map((hit) => {
    const premium = hit.requiredTier === "premium";
    const locked = premium && !rights.premiumWriteUps;
    const scheme = hit.type === "meta-scheme" || hit.type === "off-meta-scheme";
    const href = locked && scheme ? `/scheme/${hit.contentSlug}` : hitHref(hit);
    const place = hit.kind === "formation" ? [hit.contentTitle ?? ""] : hit.kind === "play" ? [hit.contentTitle ?? "", hit.sectionTitle ?? ""] : [];
    return {
      id: `${hit.kind}-${hit.id}`,
      kind: hit.kind,
      title: hit.title,
      href,
      game: hit.game,
      type: hit.type,
      place,
      snippet: snippetParts(plainSnippet(hit.snippet ?? "")),
      draft: !hit.isPublished,
      premium,
      patch: hit.status ? { status: hit.status, version: hit.statusVersion } : null,
    };
  });
}

import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { content, contentPlays, contentSections, searchMisses } from "../../db/schema";
import { facingAsVs, parseSearchParams, searchHref, snippetParts, wordsOf } from "~/lib/search";
import { MAX_TAG_LENGTH } from "~/lib/schemas/content";
import { createDatabase } from "~/server/db.server";
import {
  pruneMisses,
  correctedWords,
  editDistance,
  matchExpression,
  plainSnippet,
  publicMatchExpression,
  readFacets,
  searchStatements,
  someOfTheWords,
  taggedStatements,
  tagMatchExpression,
  vocabularyStatements,
} from "~/server/search.server";

// The play finder's query builder and ranking, against the migrated D1 of this test file.

const db = createDatabase(env.DB);
const PUBLIC = { premiumWriteUps: false, drafts: false };
const MEMBER = { premiumWriteUps: true, drafts: false };
const STAFF = { premiumWriteUps: true, drafts: true };
const NO_FILTERS = { game: null, type: null, difficulty: null, tag: null };

describe("reading the request", () => {
  it("keeps letters and digits of any script, lower case; everything else separates words", () => {
    expect(wordsOf('"Cover 3" -NEAR(man*) AND 🏈 Ñandú')).toEqual(["cover", "3", "near", "man", "and", "ñandú"]);
    expect(wordsOf("")).toEqual([]);
    expect(wordsOf("a ".repeat(50))).toHaveLength(12);
  });

  it("reads 'beat', 'against', 'versus' and 'counter' before what the player faces as the tags' 'vs' where the index is searched", () => {
    expect(facingAsVs(["beat", "cover", "3"])).toEqual(["vs", "cover", "3"]);
    expect(facingAsVs(["plays", "against", "the", "blitz"])).toEqual(["plays", "vs", "the", "blitz"]);
    expect(facingAsVs(["versus", "man"])).toEqual(["vs", "man"]);
    // Last in the query it is a word being typed, and 'beater' is a name.
    expect(facingAsVs(["blitz", "beat"])).toEqual(["blitz", "beat"]);
    expect(facingAsVs(["blitz", "beater"])).toEqual(["blitz", "beater"]);
    // The words shown stay as typed.
    expect(parseSearchParams(new URLSearchParams({ q: "beat cover 3" })).words).toEqual(["beat", "cover", "3"]);
  });

  it("reads control characters in the address (a NUL) as spaces, never echoing them", () => {
    const request = parseSearchParams(new URLSearchParams({ q: "cover\u0000three\u0007", tag: "\u0000" }));
    expect(request.text).toBe("cover three");
    expect(request.filters.tag).toBeNull();
    expect(parseSearchParams(new URLSearchParams({ tag: "vs\u0000man" })).filters.tag).toBe("vs man");
  });

  it("cuts the query at 200 characters, ignores unknown filters and keeps the page in range", () => {
    const request = parseSearchParams(new URLSearchParams({ q: `  cover   ${"x".repeat(300)}`, game: "nfl", type: "pro-tip", difficulty: "expert", tag: "vs man", page: "-3" }));
    expect(request.text).toHaveLength(200);
    expect(request.truncated).toBe(true);
    expect(request.filters).toEqual({ game: null, type: "pro-tip", difficulty: null, tag: "vs man", works: false });
    expect(parseSearchParams(new URLSearchParams({ works: "current" })).filters.works).toBe(true);
    expect(searchHref("blitz", { ...NO_FILTERS, works: true })).toBe("/search?q=blitz&works=current");
    expect(request.page).toBe(1);
    expect(parseSearchParams(new URLSearchParams({ page: "99999999" })).page).toBe(10_000);
    // Every tag the editor stores (up to 50 characters) can be searched; a longer one no tag can be.
    expect(parseSearchParams(new URLSearchParams({ tag: "x".repeat(MAX_TAG_LENGTH) })).filters.tag).toBe("x".repeat(MAX_TAG_LENGTH));
    expect(parseSearchParams(new URLSearchParams({ tag: "x".repeat(MAX_TAG_LENGTH + 1) })).filters.tag).toBeNull();
  });

  it("writes the URL back with only what is set", () => {
    expect(searchHref("cover three", { ...NO_FILTERS, game: "madden", tag: "red zone" }, 2)).toBe("/search?q=cover+three&game=madden&tag=red+zone&page=2");
    expect(searchHref("", NO_FILTERS)).toBe("/search");
  });
});

describe("the FTS5 expression", () => {
  it("quotes every word and makes the last a prefix", () => {
    expect(matchExpression(["cover", "thr"])).toBe('"cover" "thr"*');
    expect(publicMatchExpression(["near"])).toBe('{title tag_text body} : ("near"*)');
    expect(matchExpression(["cover", "a"])).toBe('"cover" "a"');
  });

  it("with some of the words: any one of them, the question's own words left out", async () => {
    expect(matchExpression(["cover", "thr"], true)).toBe('"cover" OR "thr"*');
    // 'beat' before what is faced is the tags' 'vs'.
    expect(publicMatchExpression(["beat", "cover"], true)).toBe('{title tag_text body} : ("vs" OR "cover"*)');
    expect(someOfTheWords(["how", "to", "beat", "cover", "3"])).toEqual(["beat", "cover"]);
    expect(someOfTheWords(["cover", "3", "x"])).toEqual(["cover"]);
    expect(someOfTheWords(["cover"])).toEqual([]);
    expect(someOfTheWords(["how", "to"])).toEqual([]);
  });

  it("no input becomes FTS syntax: hostile queries run without error", async () => {
    for (const query of ['"', "NEAR(a b)", "a AND b OR c", "col:x", "{title}:x", "^x", "*", "(-x)", "x'; drop table content; --"]) {
      const words = wordsOf(query);
      if (!words.length) continue;
      const { hits, facets } = searchStatements(db, words, NO_FILTERS, { rights: PUBLIC }, 0);
      await expect(hits, query).resolves.toBeInstanceOf(Array);
      await expect(facets, query).resolves.toBeInstanceOf(Array);
    }
  });
});

async function insertScheme(fields: { title: string; description?: string; tags?: string[]; requiredTier?: "free" | "premium"; game?: "college" | "madden"; isPublished?: boolean; createdAt?: Date }, writeUp = "") {
  const slug = `unit-search-${crypto.randomUUID().slice(0, 8)}`;
  const [row] = await db
    .insert(content)
    .values({ slug, type: "meta-scheme", game: "madden", requiredTier: "free", isPublished: true, tags: [], description: "", ...fields })
    .returning({ id: content.id });
  const [section] = await db.insert(contentSections).values({ contentId: row.id, slug: "formation", title: "Formation", description: writeUp }).returning({ id: contentSections.id });
  await db.insert(contentPlays).values({ sectionId: section.id, slug: "play", title: "Play", description: writeUp, tags: ["red zone"] });
  return { slug, id: row.id, sectionId: section.id };
}

describe("ranking and filters", () => {
  it("a word in a title ranks above the same word in a description", async () => {
    const word = `zqrank${crypto.randomUUID().slice(0, 6)}`;
    await insertScheme({ title: "Plain scheme", description: `Mentions ${word} once in passing, among many other words of a description.` });
    await insertScheme({ title: `The ${word} scheme` });
    const rows = await searchStatements(db, [word], NO_FILTERS, { rights: PUBLIC }, 0).hits;
    expect(rows.filter((row) => row.kind === "content").map((row) => row.title)).toEqual([`The ${word} scheme`, "Plain scheme"]);
  });

  it("filters by game and tag, counting each facet with the other filters applied", async () => {
    const word = `zqfacet${crypto.randomUUID().slice(0, 6)}`;
    await insertScheme({ title: `${word} one`, game: "madden", tags: ["vs man"] });
    await insertScheme({ title: `${word} two`, game: "college", tags: ["vs zone"] });
    const facets = readFacets(await searchStatements(db, [word], { ...NO_FILTERS, game: "madden" }, { rights: PUBLIC }, 0).facets);
    expect(facets.total).toBe(1);
    // The game facet ignores the game filter; the tag facet applies it.
    expect(facets.game).toEqual([
      { value: "college", count: 1 },
      { value: "madden", count: 1 },
    ]);
    expect(facets.tag).toEqual([{ value: "vs man", count: 1 }]);
    const tagged = await searchStatements(db, [word], { ...NO_FILTERS, tag: "VS ZONE" }, { rights: PUBLIC }, 0).hits;
    expect(tagged.map((row) => row.title)).toEqual([`${word} two`]);
  });

  it("with any word, what holds more of them ranks first", async () => {
    const [a, b] = [`zqany${crypto.randomUUID().slice(0, 6)}`, `zqother${crypto.randomUUID().slice(0, 6)}`];
    await insertScheme({ title: `Only ${a}` });
    await insertScheme({ title: `Both ${a} ${b}` });
    expect(readFacets(await searchStatements(db, [a, b], NO_FILTERS, { rights: PUBLIC }, 0).facets).total).toBe(1);
    const rows = await searchStatements(db, [a, b], NO_FILTERS, { rights: PUBLIC }, 0, true).hits;
    expect(rows.filter((row) => row.kind === "content").map((row) => row.title)).toEqual([`Both ${a} ${b}`, `Only ${a}`]);
  });

  it("a play is found by its formation's name with its own, and follows its formation's renaming", async () => {
    const [formation, play] = [`zqform${crypto.randomUUID().slice(0, 6)}`, `zqplay${crypto.randomUUID().slice(0, 6)}`];
    const { sectionId } = await insertScheme({ title: "Formation host" });
    await db.update(contentSections).set({ title: `Gun ${formation}` }).where(eq(contentSections.id, sectionId));
    await db.insert(contentPlays).values({ sectionId, slug: "named", title: `${play} Mesh` });
    const hits = async (words: string[]) =>
      (await searchStatements(db, words, NO_FILTERS, { rights: PUBLIC }, 0).hits).map((row) => `${row.kind}:${row.title}:${row.sectionTitle ?? ""}`);
    // Every word: the formation's from its name, the play's from its title. Its title is still its own.
    expect(await hits(["gun", formation, play])).toEqual([`play:${play} Mesh:Gun ${formation}`]);
    // The formation itself ranks above its plays on its name.
    expect((await hits([formation]))[0]).toBe(`formation:Gun ${formation}:Gun ${formation}`);
    const renamed = `zqrenamed${crypto.randomUUID().slice(0, 6)}`;
    await db.update(contentSections).set({ title: `Pistol ${renamed}` }).where(eq(contentSections.id, sectionId));
    expect(await hits([formation, play])).toEqual([]);
    expect(await hits([renamed, play])).toEqual([`play:${play} Mesh:Pistol ${renamed}`]);
    // A formation's name is not a tag: the tag filter still reads the tags themselves.
    const tagged = await searchStatements(db, [play], { ...NO_FILTERS, tag: `Pistol ${renamed}` }, { rights: PUBLIC }, 0).hits;
    expect(tagged).toEqual([]);
  });

  it("premium write-ups match only with the right to read them; drafts only for staff", async () => {
    const word = `zqlocked${crypto.randomUUID().slice(0, 6)}`;
    await insertScheme({ title: "Premium scheme", requiredTier: "premium" }, `<p>The <strong>${word}</strong> read.</p>`);
    const draft = `zqdraft${crypto.randomUUID().slice(0, 6)}`;
    await insertScheme({ title: `${draft} draft`, isPublished: false });
    const count = async (words: string[], rights: typeof PUBLIC) => readFacets(await searchStatements(db, words, NO_FILTERS, { rights }, 0).facets).total;
    expect(await count([word], PUBLIC)).toBe(0);
    expect(await count([word], MEMBER)).toBe(2);
    const [hit] = await searchStatements(db, [word], NO_FILTERS, { rights: MEMBER }, 0).hits;
    expect(snippetParts(hit.snippet).find((part) => part.marked)?.text).toBe(word);
    expect(hit.snippet).not.toContain("<strong>");
    expect(await count([draft], MEMBER)).toBe(0);
    expect(await count([draft], STAFF)).toBe(1);
    // HTML tag names are not indexed as words.
    expect(await count(["strong", word], MEMBER)).toBe(0);
  });

  it("a signed-in member's rights are guessed from their row in the same statement", async () => {
    const word = `zqguess${crypto.randomUUID().slice(0, 6)}`;
    await insertScheme({ title: "Guessed", requiredTier: "premium" }, word);
    const facets = readFacets(await searchStatements(db, [word], NO_FILTERS, { guessFor: "nobody-at-all", now: Date.now() }, 0).facets);
    expect(facets.scope).toBe(0);
    expect(facets.total).toBe(0);
  });
});

describe("a tag without words", () => {
  it("is a phrase in the index's tag column; a tag of symbols only is not looked up there", () => {
    expect(tagMatchExpression("3rd-and-Long")).toBe('{tag_text} : "3rd and long"');
    expect(tagMatchExpression('"red" zone*')).toBe('{tag_text} : "red zone"');
    expect(tagMatchExpression("🏈")).toBeNull();
  });

  it("a tag of symbols only lists nothing: the editor refuses one, and every document's tags would be read for it", async () => {
    await insertScheme({ title: "Symbol tagged", tags: ["🏈"] });
    const { hits, facets } = taggedStatements(db, { ...NO_FILTERS, tag: "🏈" }, { rights: STAFF }, 0);
    expect(await hits).toEqual([]);
    expect(readFacets(await facets).total).toBe(0);
  });

  it("lists what carries the tag, an item's formations and plays with it, newest first; never a longer tag", async () => {
    const tag = `zqtag ${crypto.randomUUID().slice(0, 6)}`;
    const older = await insertScheme({ title: "Older tagged", tags: [tag], createdAt: new Date(Date.now() - 60_000) });
    const newer = await insertScheme({ title: "Newer tagged", tags: [tag.toUpperCase()] });
    await insertScheme({ title: "Longer tag", tags: [`${tag} defense`] });
    // A play of an untagged item that carries the tag itself.
    const untagged = await insertScheme({ title: "Untagged item" });
    await db.insert(contentPlays).values({ sectionId: untagged.sectionId, slug: "own-tag", title: "Own tag play", description: "", tags: [tag] });
    const read = taggedStatements(db, { ...NO_FILTERS, tag }, { rights: PUBLIC }, 0);
    const hits = await read.hits;
    expect(hits.map((row) => `${row.kind} ${row.contentSlug}`)).toEqual([
      `play ${untagged.slug}`,
      `content ${newer.slug}`,
      `formation ${newer.slug}`,
      `play ${newer.slug}`,
      `content ${older.slug}`,
      `formation ${older.slug}`,
      `play ${older.slug}`,
    ]);
    const facets = readFacets(await read.facets);
    expect(facets.total).toBe(7);
    expect(facets.kinds).toEqual({ content: 2, formation: 2, play: 3 });
    expect(readFacets(await taggedStatements(db, { ...NO_FILTERS, tag, game: "college" }, { rights: PUBLIC }, 0).facets).total).toBe(0);
  });

  it("shows a premium write-up's start only with the right to read it, and drafts only to staff", async () => {
    const tag = `zqtag ${crypto.randomUUID().slice(0, 6)}`;
    const secret = `zqsecret${crypto.randomUUID().slice(0, 6)}`;
    await insertScheme({ title: "Premium tagged", tags: [tag], requiredTier: "premium" }, `<p>Read the ${secret} first.</p>`);
    await insertScheme({ title: "Draft tagged", tags: [tag], isPublished: false });
    const hits = async (rights: typeof PUBLIC) => taggedStatements(db, { ...NO_FILTERS, tag }, { rights }, 0).hits;
    const locked = await hits(PUBLIC);
    expect(locked.map((row) => row.title).sort()).toEqual(["Formation", "Play", "Premium tagged"]);
    expect(JSON.stringify(locked)).not.toContain(secret);
    expect((await hits(MEMBER)).find((row) => row.kind === "formation")?.snippet).toContain(`Read the ${secret} first.`);
    expect((await hits(STAFF)).filter((row) => row.title === "Draft tagged")).toHaveLength(1);
  });

  it("a long write-up's start is cut at a word", () => {
    const text = `${"word ".repeat(60)}end`;
    const cut = plainSnippet(text);
    expect(cut.length).toBeLessThanOrEqual(181);
    expect(cut).toMatch(/ word…$/);
    expect(plainSnippet("A [link](https://example.com) and **bold**.")).toBe("A link and bold.");
    expect(plainSnippet("## Reads\n> Quote *this* and __that__, `code` and ~~gone~~.")).toBe("Reads Quote this and that, code and gone.");
    expect(plainSnippet("| Down | Call |\n|---|---|\n| 3rd | Mesh |")).toBe("Down | Call 3rd | Mesh");
    // The same characters as text stay: nothing of what the write-up says is lost.
    expect(plainSnippet("The #1 read -> hit the flat on 3rd | long when x > y, snake_case and 2 * 3 * 4.")).toBe(
      "The #1 read -> hit the flat on 3rd | long when x > y, snake_case and 2 * 3 * 4.",
    );
    expect(plainSnippet("<b>bold</b> safeties deep")).toBe("<b>bold</b> safeties deep");
    // Highlighted words around an underscore (the index marks each one) keep it, as emphasis of a marked word goes.
    expect(plainSnippet("use \u0001hot\u0002_\u0001route\u0002_\u0001slant\u0002.")).toBe("use \u0001hot\u0002_\u0001route\u0002_\u0001slant\u0002.");
    expect(plainSnippet("read *\u0001cover\u0002* first")).toBe("read \u0001cover\u0002 first");
  });
});

describe("'Did you mean'", () => {
  it("measures edits, transpositions included", () => {
    expect(editDistance("spred", "spread")).toBe(1);
    expect(editDistance("tree", "three")).toBe(1);
    expect(editDistance("form", "from")).toBe(1);
    expect(editDistance("cover", "blitz", 2)).toBe(3);
  });

  it("replaces an unknown word by the nearest term of the index, and leaves known words alone", async () => {
    const word = `zqvocab${crypto.randomUUID().slice(0, 4).replace(/\d/g, "k")}`;
    await insertScheme({ title: `${word} spread` });
    const misspelt = `${word.slice(0, -1)}`; // one letter short
    const query = ["spread", `${misspelt}x`];
    const vocab = await Promise.all(vocabularyStatements(db, query, PUBLIC));
    expect(correctedWords(query, vocab)).toEqual(["spread", word]);
    const known = ["spread", word];
    expect(correctedWords(known, await Promise.all(vocabularyStatements(db, known, PUBLIC)))).toBeNull();
  });
});

describe("searches without results", () => {
  it("the scheduled job drops the days older than the dashboard's 30", async () => {
    const now = Date.parse("2026-11-27T12:00:00Z");
    await db.insert(searchMisses).values([
      { query: "prune old", day: "2026-10-27", count: 4, lastSeenAt: new Date(now) },
      { query: "prune kept", day: "2026-10-28", count: 2, lastSeenAt: new Date(now) },
    ]);
    expect(await pruneMisses(db, now)).toBe(1);
    expect((await db.select({ query: searchMisses.query }).from(searchMisses)).map((row) => row.query)).toEqual(["prune kept"]);
  });
});

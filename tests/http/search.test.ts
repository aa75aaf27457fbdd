import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchMisses } from "../../db/schema";
import { SEED_BLOG_POSTS, SEED_CONTENT } from "../../db/seed-data";
import type { DemoRole } from "../../db/seed";
import { fromAddress, newClientAddress, toastFrom } from "../support/accounts";
import { textOf } from "../support/html";
import { get, postForm, signIn } from "../support/http";
import { plainFragments, premiumStringsOf } from "../support/library";
import { SEARCH_PAGE_SIZE } from "~/lib/search";
import { testState } from "../support/test-state";
import { backdatePost, contentByTitle, contentForm, postMultipart, publishAsOld, token, unpublishContent } from "../support/staff";

// The play finder over HTTP: what each viewer may find (premium write-ups and drafts never leak),
// the index following saves made through the staff forms, hostile queries, and one round trip.

const VIEWERS = ["visitor", "free", "expired", "premium", "admin", "superadmin"] as const;
type Viewer = (typeof VIEWERS)[number];
const LOCKED: Viewer[] = ["visitor", "free", "expired"];
const OPEN: Viewer[] = ["premium", "admin", "superadmin"];

const cookies = {} as Record<Viewer, string | undefined>;
beforeAll(async () => {
  for (const viewer of VIEWERS) cookies[viewer] = viewer === "visitor" ? undefined : await signIn(viewer as DemoRole);
});

async function search(query: string, viewer: Viewer = "visitor", extra = "", headers: Record<string, string> = {}) {
  const response = await get(`/search?q=${encodeURIComponent(query)}${extra}`, { cookie: cookies[viewer], headers });
  const html = await response.text();
  const status = /id="search-status"[^>]*>([^<]*)/.exec(html)?.[1] ?? "";
  const total = Number(/^(\d+) result/.exec(status)?.[1] ?? "NaN");
  return { response, html, text: textOf(html), total };
}

const words = (text: string) => new Set((text.replace(/<[^>]*>/g, " ").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter(Boolean));

/** Every word a visitor may read somewhere: titles, descriptions, tags, free write-ups, blog posts. */
function publicWords() {
  const seen = new Set<string>();
  const add = (text: string) => words(text).forEach((word) => seen.add(word));
  for (const item of SEED_CONTENT) {
    add(`${item.title} ${item.description} ${item.tags.join(" ")}`);
    for (const formation of item.formations) {
      add(formation.title);
      if (item.requiredTier === "free") add(formation.description);
      for (const play of formation.plays) {
        add(`${play.title} ${play.tags.join(" ")}`);
        if (item.requiredTier === "free") add(play.description);
      }
    }
  }
  for (const post of SEED_BLOG_POSTS) add(`${post.title} ${post.excerpt} ${post.content}`);
  return seen;
}

/** Words that appear only in the write-ups of published premium schemes. */
function premiumOnlyWords() {
  const open = publicWords();
  const found = new Set<string>();
  for (const item of SEED_CONTENT.filter((entry) => entry.isPublished && entry.requiredTier === "premium")) {
    for (const formation of item.formations) {
      for (const text of [formation.description, ...formation.plays.map((play) => play.description)]) {
        for (const word of words(text)) if (word.length >= 6 && !/\d/.test(word) && !open.has(word)) found.add(word);
      }
    }
  }
  return [...found].sort();
}

describe("what each viewer may find", () => {
  const secret = premiumOnlyWords().slice(0, 3);
  const premiumFragments = SEED_CONTENT.filter((item) => item.isPublished && item.requiredTier === "premium").flatMap((item) => premiumStringsOf(item).writeUps);

  it("has words that only premium write-ups hold", () => {
    expect(secret.length).toBe(3);
  });

  it("a word only a premium write-up holds finds nothing for a visitor, a free or an expired member, and nothing of it shows", async () => {
    for (const viewer of LOCKED) {
      for (const word of secret) {
        const { response, html, total } = await search(word, viewer);
        expect(response.status, `${viewer} ${word}`).toBe(200);
        expect(total, `${viewer} ${word}`).toBe(0);
        expect(html).not.toContain("<mark");
        for (const fragment of premiumFragments) expect(html, `${viewer}: ${fragment}`).not.toContain(fragment);
      }
    }
  });

  it("finds it, marked in the snippet, for premium members and staff", async () => {
    for (const viewer of OPEN) {
      for (const word of secret) {
        const { html, total } = await search(word, viewer);
        expect(total, `${viewer} ${word}`).toBeGreaterThan(0);
        expect(html.toLowerCase(), `${viewer} ${word}`).toContain(`<mark class="rounded bg-turf/30 px-0.5 text-white">${word}`);
      }
    }
  });

  it("a premium formation found by its title shows no write-up to a locked viewer, and leads to the scheme's preview", async () => {
    const scheme = SEED_CONTENT.find((item) => item.isPublished && item.requiredTier === "premium" && item.formations.length)!;
    const formation = scheme.formations[0];
    for (const viewer of LOCKED) {
      const { html, total } = await search(formation.title, viewer);
      expect(total, viewer).toBeGreaterThan(0);
      expect(html).toContain(`href="/scheme/${scheme.slug}"`);
      for (const fragment of plainFragments(formation.description)) expect(html, viewer).not.toContain(fragment);
    }
    const { html } = await search(formation.title, "premium");
    expect(html).toContain(`href="/content/${scheme.slug}/section/${formation.slug}"`);
  });

  it("drafts are found by staff only", async () => {
    const draft = SEED_CONTENT.find((item) => !item.isPublished)!;
    const open = publicWords();
    const published = new Set(SEED_CONTENT.filter((item) => item.isPublished).flatMap((item) => [...words(`${item.title} ${item.description}`)]));
    const word = [...words(draft.title)].find((entry) => entry.length >= 5 && !published.has(entry)) ?? [...words(draft.title)].find((entry) => !open.has(entry));
    expect(word, draft.title).toBeTruthy();
    for (const viewer of ["visitor", "free", "premium"] as const) {
      const { text } = await search(word!, viewer);
      expect(text, viewer).not.toContain(draft.title);
    }
    for (const viewer of ["admin", "superadmin"] as const) {
      const { text } = await search(word!, viewer);
      expect(text, viewer).toContain(draft.title);
      expect(text, viewer).toContain("Draft");
    }
  });

  it("a play is found by its formation's name and its own, by every viewer, with every word", async () => {
    // A premium play whose words are not all in its scheme's title or description, nor in its
    // formation's title: only the play's own document, with its formation's name, has all of them.
    const has = (text: string, query: string) => [...words(query)].every((word) => words(text).has(word));
    const { scheme, formation, play } = SEED_CONTENT.filter((item) => item.isPublished && item.requiredTier === "premium")
      .flatMap((scheme) => scheme.formations.flatMap((formation) => formation.plays.map((play) => ({ scheme, formation, play }))))
      .find(({ scheme, formation, play }) => {
        const query = `${formation.title} ${play.title}`;
        return !has(scheme.title, query) && !has(scheme.description, query) && !has(formation.title, query);
      })!;
    const query = `${formation.title} ${play.title}`;
    for (const viewer of ["visitor", "free", "premium"] as const) {
      const { html, text } = await search(query, viewer);
      expect(text, viewer).not.toContain("No result has every word");
      expect(html, viewer).toContain('id="results-play"');
      expect(textOf(html.slice(html.indexOf('id="results-play"'))), viewer).toContain(`${formation.title} › ${play.title}`);
    }
    const { html } = await search(query, "premium");
    expect(html).toContain(`href="/content/${scheme.slug}/section/${formation.slug}/play/${play.slug}"`);
  });

  it("a misspelt word is offered its correction, above the results that have some of the words", async () => {
    const cover = await search("cover tree");
    expect(cover.text).toContain("No result has every word of “cover tree”. These have some of them.");
    expect(cover.text).toMatch(/Did you mean cover three \?/);
    expect(cover.html).toContain('href="/search?q=cover+three"');
    const spread = await search("spred option");
    expect(spread.text).toMatch(/Did you mean spread option \?/);
    expect((await search("spread option")).total).toBeGreaterThan(0);
  });

  it("'beat cover 3' finds the plays tagged 'vs cover 3', not the defences whose write-ups say what beats them", async () => {
    const beat = await search("beat cover 3", "premium");
    const vs = await search("vs cover 3", "premium");
    expect(beat.total).toBeGreaterThan(0);
    expect(beat.total).toBe(vs.total);
    expect(beat.text).toContain("beat cover 3");
  });

  it("a question no result answers word for word shows the results with some of its words, and says so", async () => {
    const question = await search("how to beat cover 3");
    expect(question.total).toBeGreaterThan(0);
    expect(question.text).toContain(`${question.total} results with some of the words of “how to beat cover 3”`);
    expect(question.text).toContain("No result has every word of “how to beat cover 3”. These have some of them.");
    const marked = [...question.html.matchAll(/<mark[^>]*>([^<]*)<\/mark>/g)].map((match) => match[1].toLowerCase());
    // 'how' and 'to' are left out; 'cover', the last word, is a prefix ('coverage').
    expect(marked.length).toBeGreaterThan(0);
    // 'beat' before what is faced is searched as the tags' 'vs'.
    for (const word of marked) expect(word).toMatch(/^(vs|cover)/);
    // A misspelt word in a question is corrected when the corrected question finds something.
    const misspelt = await search("how to beat cover tree");
    expect(misspelt.text).toContain("No result has every word of “how to beat cover tree”. These have some of them.");
    expect(misspelt.text).toMatch(/Did you mean how to beat cover three \?/);
    // Only the question's own words and one word that is nowhere: nothing to fall back on.
    for (const query of ["how to zqnowhere", "zqnowhere"]) {
      const { total, text } = await search(query);
      expect(total, query).toBe(0);
      expect(text, query).toContain(`No results for “${query}”.`);
    }
    // Nothing found and no filter chosen: no 'Filters' heading over an empty list.
    const nothing = await search("zqnowhere");
    expect(nothing.html).not.toContain('id="filters"');
    expect((await search("blitz")).html).toContain('id="filters"');
  });

  it("some of the words never reach a premium write-up for a viewer who cannot read it", async () => {
    for (const word of secret) {
      for (const viewer of LOCKED) {
        const { html, total } = await search(`${word} blitz`, viewer);
        expect(total, `${viewer} ${word}`).toBeGreaterThan(0);
        expect(html.toLowerCase(), `${viewer} ${word}`).not.toContain(`${word}</mark>`);
        for (const fragment of premiumFragments) expect(html, `${viewer}: ${fragment}`).not.toContain(fragment);
      }
    }
  });

  it("a correction never comes from a premium write-up for a viewer who cannot read it", async () => {
    const [word] = premiumOnlyWords().filter((entry) => entry.length >= 7);
    const misspelt = `${word.slice(0, 3)}${word[4]}${word[3]}${word.slice(5)}`;
    expect((await search(misspelt, "visitor")).text).not.toContain("Did you mean");
    expect((await search(misspelt, "premium")).text).toContain(`Did you mean ${word} ?`);
  });
});

describe("the search box's own examples", () => {
  it("each example in the placeholder finds something, for a visitor", async () => {
    const { html } = await search("");
    const placeholder = /id="search-query"[^>]*placeholder="([^"]*)"|placeholder="([^"]*)"[^>]*id="search-query"/.exec(html) ?? /placeholder="(Try [^"]*)"/.exec(html);
    const text = (placeholder?.[1] ?? placeholder?.[2] ?? "").replaceAll("&#x27;", "'").replaceAll("&#39;", "'");
    const examples = [...text.matchAll(/'([^']+)'/g)].map((match) => match[1]);
    expect(examples.length, text).toBeGreaterThanOrEqual(2);
    for (const example of examples) expect((await search(example)).total, example).toBeGreaterThan(0);
  });
});

describe("filters", () => {
  it("narrow the results and count each value with the other filters applied; unknown values are ignored", async () => {
    const all = await search("cover");
    const madden = await search("cover", "visitor", "&game=madden");
    expect(madden.total).toBeGreaterThan(0);
    expect(madden.total).toBeLessThan(all.total);
    expect(madden.text).not.toContain("College Football 26 ›");
    const withTag = await search("cover", "visitor", "&game=madden&tag=3rd%20and%20long");
    expect(withTag.total).toBeGreaterThan(0);
    expect(withTag.total).toBeLessThanOrEqual(madden.total);
    // A chosen tag outside the most frequent ones still counts what it gives: the results shown.
    const rare = await search("3rd and long", "premium", "&tag=vs%20blitz");
    expect(rare.total).toBeGreaterThan(0);
    const chosen = /<a[^>]*aria-current="true"[^>]*>[\s\S]*?<\/a>/.exec(rare.html.slice(rare.html.indexOf('id="filter-tag"')))![0];
    expect(textOf(chosen)).toBe(`vs blitz (chosen, remove) ${rare.total}`);
    const unknown = await search("cover", "visitor", "&game=nfl&type=nope&difficulty=%3Cx%3E");
    expect(unknown.response.status).toBe(200);
    expect(unknown.total).toBe(all.total);
  });
});

describe("a tag without words", () => {
  const created: string[] = [];
  afterAll(async () => {
    await unpublishContent(created);
  });

  it("lists everything that carries the tag, the item's formations and plays with it; a locked viewer sees no premium write-up", async () => {
    const admin = await signIn("admin");
    const id = token(6);
    const [tag, secret, title] = [`zq situation ${id}`, `qzsecret${id}`, `Tagged zq${id} Scheme`];
    const form = contentForm({
      title,
      requiredTier: "premium",
      tags: `vs man, ${tag}`,
      formations: [{ title: "Gun Bunch", description: `<p>Flood the flat with ${secret}.</p>`, plays: [{ title: "Mesh", description: `Cross it ${secret}.` }, { title: "Smash", description: "Corner." }] }],
    });
    expect((await postMultipart("/admin/content/new", form, admin)).status).toBe(302);
    const [row] = await contentByTitle(title);
    created.push(row.slug);
    await publishAsOld(row.slug);
    const query = `&tag=${encodeURIComponent(tag)}`;
    for (const viewer of VIEWERS) {
      const { response, html, text, total } = await search("", viewer, query);
      expect(response.status, viewer).toBe(200);
      expect(total, viewer).toBe(4);
      expect(text, viewer).toContain(`4 results tagged “${tag}”`);
      expect(text, viewer).toContain(`${title} › Gun Bunch › Mesh`);
      if (LOCKED.includes(viewer)) {
        expect(html, viewer).not.toContain(secret);
        expect(html, viewer).toContain(`href="/scheme/${row.slug}"`);
      } else expect(text, viewer).toContain(`Flood the flat with ${secret}.`);
    }
    // The tag's words typed into the box search as words; the tag filter kept beside them narrows.
    expect((await search("smash", "premium", query)).total).toBe(1);
  });

  it("the seed's situations list their schemes, and no premium write-up shows to a locked viewer", async () => {
    const tagged = SEED_CONTENT.filter((item) => item.isPublished && item.tags.includes("red zone"));
    expect(tagged.some((item) => item.requiredTier === "premium")).toBe(true);
    const least = tagged.reduce((sum, item) => sum + 1 + item.formations.length + item.formations.reduce((plays, formation) => plays + formation.plays.length, 0), 0);
    const premiumFragments = SEED_CONTENT.filter((item) => item.isPublished && item.requiredTier === "premium").flatMap((item) => premiumStringsOf(item).writeUps);
    for (const viewer of LOCKED) {
      const { html, total } = await search("", viewer, "&tag=red%20zone");
      expect(total, viewer).toBeGreaterThanOrEqual(least);
      for (const fragment of premiumFragments) expect(html, `${viewer}: ${fragment}`).not.toContain(fragment);
    }
  });

  it("a scheme page's tags lead there, within the scheme's game", async () => {
    const item = SEED_CONTENT.find((entry) => entry.isPublished && entry.tags.includes("red zone"))!;
    const html = await (await get(`/content/${item.slug}`, { cookie: cookies.premium })).text();
    const href = `/search?game=${item.game}&tag=red+zone`;
    expect(html).toContain(`href="${href.replace("&", "&amp;")}"`);
    const { total, text } = await search("", "premium", `&game=${item.game}&tag=red+zone`);
    expect(total).toBeGreaterThan(0);
    expect(text).toContain(item.title);
    const other = item.game === "madden" ? "College Football 26" : "Madden NFL 26";
    expect(text).not.toContain(`${other} Verified`);
  });

  it("a play's situations lead there too", async () => {
    const item = SEED_CONTENT.find((entry) => entry.isPublished && entry.requiredTier === "premium" && entry.formations.some((formation) => formation.plays.some((play) => play.tags.length)))!;
    const formation = item.formations.find((entry) => entry.plays.some((play) => play.tags.length))!;
    const play = formation.plays.find((entry) => entry.tags.length)!;
    const html = await (await get(`/content/${item.slug}/section/${formation.slug}/play/${play.slug}`, { cookie: cookies.premium })).text();
    const list = /<ul[^>]*aria-label="Situations"[^>]*>[\s\S]*?<\/ul>/.exec(html)?.[0] ?? "";
    expect(textOf(list)).toBe(play.tags.map((tag) => `#${tag}`).join(" "));
    const tag = play.tags[0];
    expect(list).toContain(`href="/search?game=${item.game}&amp;tag=${encodeURIComponent(tag).replaceAll("%20", "+")}"`);
    const { text } = await search(play.title, "premium", `&game=${item.game}&tag=${encodeURIComponent(tag)}`);
    expect(text).toContain(`${item.title} › ${formation.title} › ${play.title}`);
  });

  it("says at the top which filters are chosen, each a link that takes it off (on a phone the list is below the results)", async () => {
    const { html, total } = await search("mesh", "visitor", "&game=college&works=current");
    expect(total).toBeGreaterThan(0);
    const chips = /<ul[^>]*aria-label="Filters chosen"[^>]*>[\s\S]*?<\/ul>/.exec(html)?.[0] ?? "";
    expect(textOf(chips)).toBe("Works on the current update × (remove) Game: College Football 26 × (remove)");
    expect(chips).toContain('href="/search?q=mesh&amp;game=college"');
    expect(chips).toContain('href="/search?q=mesh&amp;works=current"');
    expect((await search("mesh")).html).not.toContain('aria-label="Filters chosen"');
  });

  it("a tag nothing carries says so; other filters that hide it offer to be dropped", async () => {
    const none = await search("", "visitor", "&tag=zq-nothing-here");
    expect(none.total).toBe(0);
    expect(none.text).toContain("Nothing is tagged “zq-nothing-here”.");
    expect(none.text).not.toContain("Search without filters");
    // A tag of symbols only: nothing can carry one (the editor refuses it).
    const symbols = await search("", "visitor", `&tag=${encodeURIComponent("🏈")}`);
    expect(symbols.response.status).toBe(200);
    expect(symbols.text).toContain("Nothing is tagged “🏈”.");
    const hidden = await search("", "visitor", "&tag=Oregon%20playbook&game=madden");
    expect(hidden.total).toBe(0);
    expect(hidden.text).toContain("Nothing tagged “Oregon playbook” matches these filters.");
    expect(hidden.text).toContain("Show everything tagged “Oregon playbook”");
    expect(hidden.html).toContain('href="/search?tag=Oregon+playbook"');
    expect((await search("", "visitor", "&tag=Oregon%20playbook")).total).toBeGreaterThan(0);
  });
});

describe("hostile and odd input", () => {
  it("never answers 500 nor shows an FTS error", async () => {
    const queries = ['"', '"cover', "cover*", "-cover", "NEAR(cover three)", "cover AND three", "cover OR", "(((", ")", "🏈 🙂", "col:cover", "{title}: x", "^cover", "'; DROP TABLE content; --", "x".repeat(1000), "ç̧ô", "\u0000"];
    for (const query of queries) {
      const { response, html } = await search(query);
      expect(response.status, query).toBe(200);
      expect(html, query).not.toMatch(/fts5|syntax error|SQLITE/i);
    }
  });

  it("cuts a long query at 200 characters and says so", async () => {
    const { text } = await search(`cover ${"a".repeat(400)}`);
    expect(text).toContain("Only the first 200 characters of your search were used.");
  });

  it("searches the first 12 words of a longer query and says so", async () => {
    const { text } = await search(`${"a ".repeat(12)}zzzqqq`);
    expect(text).toContain("Only the first 12 words of your search were used.");
    expect((await search(`${"a ".repeat(11)}zzzqqq`)).text).not.toContain("words of your search were used");
  });

  it("an empty query shows a prompt and the newest items", async () => {
    const { response, text } = await search("");
    expect(response.status).toBe(200);
    expect(text).toContain("Search schemes, formations, plays and blog posts by name, situation or tag.");
    expect(text).toContain("Newest in the library");
  });

  it("filters without words or tag narrow the newest items and stay on the page as chips to take off", async () => {
    const { html, text } = await search("", "visitor", "&game=madden&difficulty=advanced");
    expect(text).toContain("Your next search keeps these filters:");
    expect(text).toContain("Newest with these filters");
    expect(html).toContain('href="/search?difficulty=advanced"');
    expect(html).toContain('href="/search?game=madden"');
    const expected = SEED_CONTENT.filter((item) => item.isPublished && item.game === "madden" && item.difficulty === "advanced");
    expect(expected.length).toBeGreaterThan(0);
    const listed = [...html.slice(html.indexOf('id="newest-heading"')).matchAll(/href="\/content\/([^"]+)"/g)].map((match) => match[1]);
    expect(listed.length).toBe(Math.min(6, expected.length));
    for (const slug of listed) expect(expected.map((item) => item.slug)).toContain(slug);
    // The same with words cleared from a filtered search: the form keeps the filters for the next words.
    const kept = await search("", "visitor", "&game=college&type=meta-scheme");
    expect(kept.html).toMatch(/<input type="hidden" name="game" value="college"/);
    expect(kept.text).not.toContain("Newest in the library");
    const nothing = await search("", "visitor", "&game=college&type=pro-tip&difficulty=advanced&works=current");
    if (!SEED_CONTENT.some((item) => item.isPublished && item.game === "college" && item.type === "pro-tip" && item.difficulty === "advanced")) {
      expect(nothing.text).toContain("Nothing in the library matches these filters yet.");
    }
  });

  it("a query of symbols only says that it found nothing and why, not the empty prompt", async () => {
    for (const query of ["🏈", "???", "--"]) {
      const { response, text } = await search(query);
      expect(response.status, query).toBe(200);
      expect(text, query).toContain(`0 results for “${query}”`);
      expect(text, query).toContain(`No results for “${query}”. Search looks for words and numbers, not symbols`);
      expect(text, query).not.toContain("Search schemes, formations, plays and blog posts by name, situation or tag.");
    }
    // Beside a tag, the symbols are left out (and the page says so) and the tag lists what carries it.
    const tagged = await search("", "visitor", "&tag=Oregon%20playbook");
    const withSymbols = await search("???", "visitor", "&tag=Oregon%20playbook");
    expect(tagged.total).toBeGreaterThan(0);
    expect(withSymbols.total).toBe(tagged.total);
    expect(withSymbols.text).toContain(`${tagged.total} ${tagged.total === 1 ? "result" : "results"} tagged “Oregon playbook”`);
    expect(withSymbols.text).toContain("Search looks for words and numbers, not symbols: “???” was left out.");
  });

  it("a page beyond the last shows the last page", async () => {
    const first = await search("the");
    const lastPage = Math.max(1, Math.ceil(first.total / SEARCH_PAGE_SIZE));
    const { response, text } = await search("the", "visitor", "&page=999");
    expect(response.status).toBe(200);
    if (lastPage > 1) expect(text).toContain(`Page ${lastPage} of ${lastPage}`);
    expect(text).toContain(`${first.total} results`);
  });

  it("diacritics are folded: 'cóver' finds what 'cover' finds", async () => {
    expect((await search("cóver")).total).toBe((await search("cover")).total);
  });

  it("the last word is a prefix, so results follow typing", async () => {
    expect((await search("gun bun")).total).toBe((await search("gun bunch")).total);
  });
});

describe("filters that hide the exact match", () => {
  it("a search whose filters leave no result with every word says how many have every word without them, in the same round trips", async () => {
    for (const viewer of ["visitor", "premium"] as const) {
      const unfiltered = await search("gun bunch mesh", viewer);
      expect(unfiltered.total, viewer).toBeGreaterThan(1);
      // Counted once as a search without results from this address (a D1 write after the answer,
      // which would be counted in the round trips or not depending on timing): measured the second time.
      const address = fromAddress(newClientAddress());
      await search("gun bunch mesh", viewer, "&type=pro-tip", address);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const filtered = await search("gun bunch mesh", viewer, "&type=pro-tip", address);
      expect(filtered.text, viewer).toContain(`${unfiltered.total} results have every word without the filters.`);
      expect(filtered.html, viewer).toContain('href="/search?q=gun+bunch+mesh"');
      expect(Number(/desc="(\d+) D1 round trips"/.exec(filtered.response.headers.get("Server-Timing") ?? "")?.[1]), viewer).toBe(2);
    }
  });
});

describe("what an empty search offers", () => {
  it("no way out when the words find nothing even without the filters: no link to another empty page", async () => {
    const { total, text } = await search("zzzq", "visitor", "&game=madden");
    expect(total).toBe(0);
    expect(text).toContain("No results for “zzzq”.");
    expect(text).not.toContain("Search without filters");
    expect(text).not.toContain("may be hiding");
    expect(text).not.toContain("without the filters");
    // Nor the patch filter, which can only narrow nothing further.
    expect(text).not.toContain("Works on current update");
    expect((await search("zzzq", "visitor", "&works=current")).text).toContain("Works on current update");
  });

  it("'Works on current update' with other filters: the way out drops every filter, since dropping it alone may find nothing", async () => {
    const address = fromAddress(newClientAddress());
    const { total, text, html } = await search("mesh spot", "visitor", "&works=current&game=madden&difficulty=advanced", address);
    expect(total).toBe(0);
    expect(text).not.toContain("Search everything, whatever its status");
    expect(text).toMatch(/\d+ results? (has|have) every word without the filters\. Search without filters/);
    expect(html).toContain('href="/search?q=mesh+spot"');
    expect((await search("mesh spot", "visitor", "&game=madden&difficulty=advanced")).total).toBe(0);
  });
});

describe("one round trip", () => {
  function roundTrips(response: Response) {
    return Number(/desc="(\d+) D1 round trips"/.exec(response.headers.get("Server-Timing") ?? "")?.[1] ?? 0);
  }
  it("a search with filters answers in one D1 round trip, signed in or not", async () => {
    for (const viewer of ["visitor", "premium", "admin"] as const) {
      const { response } = await search("cover three", viewer, "&game=madden");
      expect(roundTrips(response), viewer).toBe(1);
      expect(roundTrips((await search("", viewer, "&game=madden&tag=red%20zone")).response), `${viewer}, a tag without words`).toBe(1);
    }
  });

  it("a search with no result for every word takes two: the results with some of them read with the vocabulary; three with a correction to try", async () => {
    // Each query holds a one-letter word, so it is not counted as a search without results: that
    // write runs beside the reads (waitUntil) and would be counted or not depending on timing.
    for (const viewer of ["visitor", "premium"] as const) {
      const question = await search("how to beat cover 3", viewer);
      expect(question.text, viewer).toContain("These have some of them.");
      expect(roundTrips(question.response), viewer).toBe(2);
      // No term of the index near either word: nothing to correct, nothing found.
      const nowhere = await search("zzzzzzzzz x", viewer);
      expect(nowhere.total, viewer).toBe(0);
      expect(roundTrips(nowhere.response), `${viewer}, found nowhere`).toBe(2);
      const misspelt = await search("how to beat cover tree 3", viewer);
      expect(misspelt.text, viewer).toMatch(/Did you mean how to beat cover three 3 \?/);
      expect(roundTrips(misspelt.response), `${viewer}, with a correction`).toBe(3);
    }
  });
});

describe("the index follows the staff forms", () => {
  let admin: string;
  let superadmin: string;
  const created: string[] = [];
  beforeAll(async () => {
    [admin, superadmin] = await Promise.all([signIn("admin"), signIn("superadmin")]);
  });
  afterAll(async () => {
    await unpublishContent(created);
  });

  it("content: create, edit, publish, unpublish and delete", async () => {
    const id = token(6);
    const [first, second, writeUp] = [`qzfirst${id}`, `qzsecond${id}`, `qzwriteup${id}`];
    const title = `Finder ${first} Scheme`;
    const form = contentForm({ title, requiredTier: "premium", tags: "vs man", formations: [{ title: "Gun Bunch", description: `<p>Flood with ${writeUp}.</p>`, plays: [{ title: "Mesh", description: "Cross it.", tags: "vs man, red zone" }] }] });
    expect((await postMultipart("/admin/content/new", form, admin)).status).toBe(302);
    const [row] = await contentByTitle(title);
    created.push(row.slug);
    expect((await search(first, "admin")).total).toBe(1);
    expect((await search(first, "premium")).total).toBe(0);

    await publishAsOld(row.slug);
    expect((await search(first, "premium")).total).toBe(1);
    expect((await search(writeUp, "premium")).total).toBe(1);
    expect((await search(writeUp, "visitor")).total).toBe(0);
    const play = await search(first, "premium", "&tag=red%20zone");
    expect(play.total).toBe(0);
    expect((await search("mesh", "premium", "&tag=red%20zone")).text).toContain(`${title} › Gun Bunch › Mesh`);

    const edited = contentForm({ title: `Finder ${second} Scheme`, requiredTier: "free", isPublished: true, formations: [{ title: "Gun Bunch", description: `<p>Flood with ${writeUp}.</p>`, plays: [{ title: "Mesh", description: "Cross it." }] }] });
    expect((await postMultipart(`/admin/content/${row.slug}`, edited, admin)).status).toBe(302);
    // A new title gives a new slug.
    const [renamed] = await contentByTitle(`Finder ${second} Scheme`);
    created.push(renamed.slug);
    await publishAsOld(renamed.slug);
    expect((await search(first, "premium")).total).toBe(0);
    expect((await search(second, "premium")).total).toBe(1);
    // Free now: its write-up is open to everyone.
    expect((await search(writeUp, "visitor")).total).toBe(1);

    await unpublishContent([renamed.slug]);
    expect((await search(second, "premium")).total).toBe(0);
    expect((await search(second, "admin")).total).toBe(1);

    const deleted = await postForm("/admin", { intent: "delete-content", slug: renamed.slug }, { cookie: admin });
    expect(toastFrom(deleted)?.kind).toBe("success");
    expect((await search(second, "admin")).total).toBe(0);
    expect((await search(writeUp, "admin")).total).toBe(0);
  });

  it("a write-up's script or style is not searched, as its page does not show it", async () => {
    const id = token(6);
    const [shown, hidden, styled, after, unclosed, unclosedAfter] = [`qzshown${id}`, `qzhidden${id}`, `qzstyled${id}`, `qzafter${id}`, `qzunclosed${id}`, `qzunclosedafter${id}`];
    const form = contentForm({
      title: `Finder script ${id}`,
      requiredTier: "free",
      isPublished: true,
      formations: [{
        title: "Gun Bunch",
        description: `<p>Read ${shown}.</p><SCRIPT type="text/javascript">var ${hidden} = "<b>";</script><style>.${styled}{color:red}</style> ${after}`,
        plays: [
          { title: "Mesh", description: `Cross ${shown}<script>document.write("${hidden}")</script> ${after}` },
          // Never closed: the page shows what follows the tag, and so does the search.
          { title: "Snag", description: `<p>Open ${unclosed}</p><script>` + ` ${unclosedAfter}` },
        ],
      }],
    });
    expect((await postMultipart("/admin/content/new", form, admin)).status).toBe(302);
    const [row] = await contentByTitle(`Finder script ${id}`);
    created.push(row.slug);
    await publishAsOld(row.slug);
    const found = await search(shown, "premium");
    expect(found.total).toBe(2);
    expect(found.text).toContain(after);
    expect(found.text).not.toContain(hidden);
    expect(found.text).not.toContain("document.write");
    expect((await search(hidden, "premium")).total).toBe(0);
    expect((await search(styled, "premium")).total).toBe(0);
    expect((await search(after, "premium")).total).toBe(2);
    expect((await search(unclosed, "premium")).total).toBe(1);
    expect((await search(unclosedAfter, "premium")).total).toBe(1);
  });

  it("blog posts: a draft is never found; publish, edit and delete follow", async () => {
    const id = token(6);
    const word = `qzpost${id}`;
    const slug = `finder-post-${id}`;
    const save = (status: string, title: string, path = "/admin/blog/new") => {
      const form = new FormData();
      for (const [name, value] of Object.entries({ intent: "save", title, slug, excerpt: "", content: `All about ${word}.`, category: "updates", status })) form.append(name, value);
      form.append("featuredImage", new File([], "", { type: "application/octet-stream" }));
      return postMultipart(path, form, superadmin);
    };
    expect((await save("draft", "Finder draft")).status).toBe(302);
    expect((await search(word, "superadmin")).total).toBe(0);
    expect((await save("published", "Finder published", `/admin/blog/${slug}`)).status).toBe(302);
    await backdatePost(slug);
    const found = await search(word, "visitor");
    expect(found.total).toBe(1);
    expect(found.html).toContain(`href="/blog/${slug}"`);
    expect((await save("published", `Finder renamed qzrenamed${id}`, `/admin/blog/${slug}`)).status).toBe(302);
    await backdatePost(slug);
    expect((await search(`qzrenamed${id}`, "visitor")).total).toBe(1);
    expect((await save("draft", "Finder back to draft", `/admin/blog/${slug}`)).status).toBe(302);
    expect((await search(word, "visitor")).total).toBe(0);
  });
});

describe("searches that found nothing", () => {
  it("are counted per normalised query and day, with no member recorded, and staff see the most frequent", async () => {
    const word = `qzmissing${token(6)}`;
    await search(`${word.toUpperCase()}  "Blitz`, "premium", "", fromAddress(newClientAddress()));
    await search(`${word} blitz!`, "visitor", "", fromAddress(newClientAddress()));
    const { db } = await testState();
    const stored = async () => db.select().from(searchMisses).where(eq(searchMisses.query, `${word} blitz`));
    // Recorded after the answer (waitUntil): poll briefly.
    await expect.poll(async () => (await stored())[0]?.count ?? 0, { timeout: 5_000 }).toBe(2);
    const [row] = await stored();
    expect(Object.keys(row).sort()).toEqual(["count", "day", "lastSeenAt", "query"]);
    // A one-letter word is a word being typed: not counted (a counted one above took well under a second).
    await search(`${word} z`, "visitor", "", fromAddress(newClientAddress()));
    await search(`${word} blitz`, "visitor", "", fromAddress(newClientAddress()));
    await expect.poll(async () => (await stored())[0]?.count ?? 0, { timeout: 5_000 }).toBe(3);
    expect(await db.select().from(searchMisses).where(eq(searchMisses.query, `${word} z`))).toEqual([]);

    const [top] = await db
      .select({ query: searchMisses.query, searches: sql<number>`sum(${searchMisses.count})` })
      .from(searchMisses)
      .groupBy(searchMisses.query)
      .orderBy(desc(sql`sum(${searchMisses.count})`), desc(sql`max(${searchMisses.lastSeenAt})`))
      .limit(1);
    const dashboard = await get("/admin", { cookie: cookies.admin });
    const text = textOf(await dashboard.text());
    expect(text).toContain("Searches with no results");
    expect(text).toContain(top.query);
  });

  it("one address counts a query once a day, and at most 30 queries an hour: a script cannot fill the table or top the list", async () => {
    const word = `qzflood${token(6)}`;
    const address = fromAddress(newClientAddress());
    const { db } = await testState();
    for (let repeat = 0; repeat < 3; repeat++) await search(`${word} repeated`, "visitor", "", address);
    await search(`${word} repeated`, "visitor", "", fromAddress(newClientAddress()));
    const count = async (query: string) => (await db.select().from(searchMisses).where(eq(searchMisses.query, query)))[0]?.count ?? 0;
    await expect.poll(() => count(`${word} repeated`), { timeout: 5_000 }).toBe(2);
    // 31 more queries from the first address: 29 are counted (the repeated one was its first of 30).
    for (let index = 1; index <= 31; index++) await search(`${word} distinct${index}`, "visitor", "", address);
    const stored = async () => (await db.select().from(searchMisses).where(sql`${searchMisses.query} LIKE ${`${word} distinct%`}`)).length;
    await expect.poll(stored, { timeout: 5_000 }).toBe(29);
    // Give the last writes time to land if any were to: the count stays at 29.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await stored()).toBe(29);
  });
});


import { beforeAll, describe, expect, it } from "vitest";
import { SEED_CONTENT, type SeedContent } from "../../db/seed-data";
import { seedMediaKey, type DemoRole } from "../../db/seed";
import {
  freeSchemes,
  isScheme,
  plainFragments,
  playWriteUp,
  premiumSchemes,
  premiumStringsOf,
  unpublishedItems,
  videoIdOf,
  expectNotToContain,
  expectToContain,
} from "../support/library";
import { textOf } from "../support/html";
import { get, signIn } from "../support/http";

const LOCKED_VIEWERS = ["visitor", "free", "expired"] as const;
const OPEN_VIEWERS = ["premium", "admin", "superadmin"] as const;
const NON_STAFF = ["visitor", "free", "expired", "premium"] as const;
const STAFF = ["admin", "superadmin"] as const;
type Viewer = (typeof LOCKED_VIEWERS)[number] | (typeof OPEN_VIEWERS)[number];

const cookies = {} as Record<Viewer, string | undefined>;
beforeAll(async () => {
  for (const role of [...LOCKED_VIEWERS, ...OPEN_VIEWERS]) {
    cookies[role] = role === "visitor" ? undefined : await signIn(role as DemoRole);
  }
});

async function fetchAs(path: string, viewer: Viewer) {
  const response = await get(path, { cookie: cookies[viewer] });
  return { status: response.status, body: await response.text() };
}

/** The page and its data request (what client-side navigation loads). */
function bothForms(path: string) {
  return [path, `${path}.data`];
}

function schemeUrls(item: SeedContent) {
  const formation = item.formations[0];
  const play = formation.plays[1] ?? formation.plays[0];
  return [
    `/content/${item.slug}`,
    `/content/${item.slug}/section/${formation.slug}`,
    `/content/${item.slug}/section/${formation.slug}/play/${play.slug}`,
  ];
}

const premiumOnly = (folder: "formationart" | "playart") => {
  const imagesOf = (tier: "free" | "premium") =>
    new Set(
      SEED_CONTENT.filter((item) => item.requiredTier === tier).flatMap((item) =>
        item.formations.flatMap((formation) => (folder === "formationart" ? [formation.image] : formation.plays.map((play) => play.image))),
      ),
    );
  const free = imagesOf("free");
  const image = [...imagesOf("premium")].find((name) => !free.has(name));
  if (!image) throw new Error(`No ${folder} used only by premium content`);
  return `/media/${seedMediaKey(folder, image)}`;
};

describe("unpublished content", () => {
  const drafts = unpublishedItems();

  it("exists in the seed", () => {
    expect(drafts.length).toBeGreaterThan(0);
  });

  it.each(NON_STAFF)("is 'Content not found' with status 404 for %s, in the page and its data", async (viewer) => {
    for (const draft of drafts) {
      for (const path of bothForms(`/content/${draft.slug}`)) {
        const { status, body } = await fetchAs(path, viewer);
        expect(status, `${path} as ${viewer}`).toBe(404);
        expectNotToContain(body, draft.title);
        for (const fragment of plainFragments(draft.description)) expectNotToContain(body, fragment);
        expectNotToContain(body, videoIdOf(draft.videoUrl));
        if (!path.endsWith(".data")) expectToContain(body, "Content not found");
      }
    }
  });

  it.each(STAFF)("is shown to %s, marked as a draft", async (viewer) => {
    for (const draft of drafts) {
      const { status, body } = await fetchAs(`/content/${draft.slug}`, viewer);
      expect(status, draft.slug).toBe(200);
      expectToContain(body, draft.title.replaceAll("'", "&#x27;"));
      expectToContain(body, "Draft: only staff can see this page.");
      // Its details give the day it was made, not a 'Published' day it never had.
      expectToContain(body, '<dt class="text-slate-400">Created (draft)</dt>');
      expectNotToContain(body, '<dt class="text-slate-400">Published</dt>');
      expectToContain(body, videoIdOf(draft.videoUrl));
    }
  });

  it("is not shown to members who used to be premium", async () => {
    const { status } = await fetchAs(`/content/${drafts[0].slug}`, "expired");
    expect(status).toBe(404);
  });
});

describe("unknown slugs", () => {
  const free = freeSchemes()[0];
  const premium = premiumSchemes()[0];
  const proTip = SEED_CONTENT.find((item) => item.type === "pro-tip" && item.isPublished)!;

  it.each([...LOCKED_VIEWERS, ...OPEN_VIEWERS])("answer 404 'Content not found' to %s, never 500", async (viewer) => {
    const paths = [
      "/content/no-such-content",
      `/content/${free.slug}/section/no-such-formation`,
      `/content/${free.slug}/section/${free.formations[0].slug}/play/no-such-play`,
      `/content/${premium.slug}/section/no-such-formation`,
      `/content/${proTip.slug}/section/anything`,
      `/content/no-such-content/section/${free.formations[0].slug}`,
      `/content/no-such-content/section/x/play/y`,
      `/content/${"a".repeat(4000)}`,
      "/content/%F0%9F%8F%88",
      "/content/'%20OR%201=1--",
      `/content/${free.slug}/section/%00`,
    ];
    for (const path of paths) {
      for (const form of bothForms(path)) {
        const { status, body } = await fetchAs(form, viewer);
        expect(status, `${form} as ${viewer}`).toBe(404);
        if (!form.endsWith(".data")) expectToContain(body, "Content not found", form);
      }
    }
  });

  it.each(OPEN_VIEWERS)("answer 404 for an unknown play of a premium scheme to %s", async (viewer) => {
    const { status, body } = await fetchAs(`/content/${premium.slug}/section/${premium.formations[0].slug}/play/no-such-play`, viewer);
    expect(status).toBe(404);
    expectToContain(body, "Content not found");
  });

  // The play list is already read for the page; a play that does not exist is not a page.
  it.each(LOCKED_VIEWERS)("answer 404 for an unknown play of a premium scheme to %s too", async (viewer) => {
    const { status, body } = await fetchAs(`/content/${premium.slug}/section/${premium.formations[0].slug}/play/no-such-play`, viewer);
    expect(status).toBe(404);
    expectToContain(body, "Content not found");
  });
});

describe("premium schemes leak nothing to viewers without access", () => {
  const schemes = premiumSchemes();

  it("exist in the seed for both games", () => {
    expect(new Set(schemes.map((item) => item.game))).toEqual(new Set(["college", "madden"]));
  });

  it.each(LOCKED_VIEWERS)("%s: pages and data contain no write-up, play video or formation/play art", async (viewer) => {
    for (const item of schemes) {
      const { writeUps, videos } = premiumStringsOf(item);
      expect(writeUps.length).toBeGreaterThan(item.formations.length);
      for (const path of schemeUrls(item)) {
        for (const form of bothForms(path)) {
          const { status, body } = await fetchAs(form, viewer);
          expect(status, `${form} as ${viewer}`).toBe(200);
          for (const fragment of writeUps) expectNotToContain(body, fragment, `${form} as ${viewer} leaks a write-up`);
          for (const id of videos) expectNotToContain(body, id, `${form} as ${viewer} leaks a play video`);
          expectNotToContain(body, "/media/formationart/", form);
          expectNotToContain(body, "/media/playart/", form);
          expectNotToContain(body, "/media/videos/", form);
          // The unlock screen, with the free intro video.
          if (!form.endsWith(".data")) {
            expectToContain(textOf(body), "Unlock this scheme");
            expectToContain(body, 'href="/subscribe"');
            expectToContain(body, "Free intro video");
          }
          expectToContain(body, videoIdOf(item.videoUrl));
        }
      }
    }
  });

  it("shows visitors a log-in link on the unlock screen, and not to signed-in members", async () => {
    const item = schemes[0];
    expectToContain((await fetchAs(`/content/${item.slug}`, "visitor")).body, `href="/auth?redirectTo=/content/${item.slug}"`);
    expectNotToContain((await fetchAs(`/content/${item.slug}`, "free")).body, `href="/auth?redirectTo=/content/${item.slug}"`);
    // From a formation or a play, back to that formation or play.
    const formation = item.formations[0];
    const play = formation.plays[0];
    for (const path of [`/content/${item.slug}/section/${formation.slug}`, `/content/${item.slug}/section/${formation.slug}/play/${play.slug}`]) {
      expectToContain((await fetchAs(path, "visitor")).body, `href="/auth?redirectTo=${path}"`);
    }
  });

  it.each(LOCKED_VIEWERS)("%s: the scheme teaser contains no write-up, play video or art either", async (viewer) => {
    for (const item of schemes) {
      const { writeUps, videos } = premiumStringsOf(item);
      for (const form of bothForms(`/scheme/${item.slug}`)) {
        const { status, body } = await fetchAs(form, viewer);
        expect(status).toBe(200);
        for (const fragment of writeUps) expectNotToContain(body, fragment);
        for (const id of [...videos, videoIdOf(item.videoUrl)]) expectNotToContain(body, id);
        expectNotToContain(body, "/media/formationart/");
        expectNotToContain(body, "/media/playart/");
      }
    }
  });

  it.each(LOCKED_VIEWERS)("%s: premium videos of other content types are not sent either", async (viewer) => {
    const others = SEED_CONTENT.filter((item) => item.isPublished && item.requiredTier === "premium" && !isScheme(item));
    expect(others.length).toBeGreaterThan(0);
    for (const item of others) {
      for (const form of bothForms(`/content/${item.slug}`)) {
        const { status, body } = await fetchAs(form, viewer);
        expect(status).toBe(200);
        expectNotToContain(body, videoIdOf(item.videoUrl), `${form} as ${viewer}`);
      }
      expectToContain((await fetchAs(`/content/${item.slug}`, viewer)).body, "This video and its breakdown are for premium members.");
    }
  });
});

describe("premium schemes are open to premium members and staff", () => {
  it.each(OPEN_VIEWERS)("%s gets the write-ups, play videos and art of every formation and play", async (viewer) => {
    for (const item of premiumSchemes()) {
      for (const formation of item.formations) {
        const section = await fetchAs(`/content/${item.slug}/section/${formation.slug}`, viewer);
        expect(section.status).toBe(200);
        // The first play is shown when the URL names none.
        expectToContain(section.body, playWriteUp(formation.plays[0]));
        expectToContain(section.body, videoIdOf(formation.plays[0].videoUrl));
        expectToContain(section.body, `/media/${seedMediaKey("formationart", formation.image)}`);
        expectToContain(section.body, `/media/${seedMediaKey("playart", formation.plays[0].image)}`);
        for (const fragment of plainFragments(formation.description)) expectToContain(section.body, fragment);
        expectNotToContain(section.body, "Unlock this");

        const play = formation.plays[formation.plays.length - 1];
        for (const form of bothForms(`/content/${item.slug}/section/${formation.slug}/play/${play.slug}`)) {
          const response = await fetchAs(form, viewer);
          expect(response.status, form).toBe(200);
          expectToContain(response.body, playWriteUp(play), form);
          expectToContain(response.body, videoIdOf(play.videoUrl), form);
          expectToContain(response.body, `/media/${seedMediaKey("playart", play.image)}`, form);
        }
      }
    }
  });

  it.each(OPEN_VIEWERS)("%s sees the formations with play counts, the rating widget and the comment box on the scheme page", async (viewer) => {
    const item = premiumSchemes()[0];
    const { body } = await fetchAs(`/content/${item.slug}`, viewer);
    for (const formation of item.formations) {
      expectToContain(body, `href="/content/${item.slug}/section/${formation.slug}"`);
    }
    expect(body).toMatch(new RegExp(`${item.formations[0].plays.length}<!-- --> <!-- -->plays`));
    expectToContain(body, 'aria-label="Rate 1 star"');
    expectToContain(body, 'id="new-comment"');
    // The details panel: type, difficulty, author's first name, views, tags.
    const text = textOf(body);
    expectToContain(text, `Type ${item.type === "meta-scheme" ? "Meta" : "Off-Meta"}`);
    expectToContain(text, `Difficulty ${item.difficulty}`);
    expectToContain(text, "Author Alex");
    expect(text).toMatch(/Views [\d,]+/);
    for (const tag of item.tags) expectToContain(text, `#${tag}`);
    expectNotToContain(body, "Unlock this");
  });
});

describe("free content is open to everyone", () => {
  it.each(LOCKED_VIEWERS)("%s gets a free scheme's write-ups, play videos and art", async (viewer) => {
    for (const item of freeSchemes()) {
      for (const formation of item.formations) {
        for (const play of formation.plays) {
          const path = `/content/${item.slug}/section/${formation.slug}/play/${play.slug}`;
          for (const form of bothForms(path)) {
            const { status, body } = await fetchAs(form, viewer);
            expect(status, form).toBe(200);
            expectToContain(body, playWriteUp(play), form);
            expectToContain(body, play.videoProvider === "custom" ? "/media/videos/sample-play.mp4" : videoIdOf(play.videoUrl), form);
            expectToContain(body, `/media/${seedMediaKey("formationart", formation.image)}`, form);
          }
        }
      }
      const { body } = await fetchAs(`/content/${item.slug}`, viewer);
      expectNotToContain(body, "Unlock this");
    }
  });

  it.each(LOCKED_VIEWERS)("%s can watch free content of other types", async (viewer) => {
    const free = SEED_CONTENT.filter((item) => item.isPublished && item.requiredTier === "free" && !isScheme(item));
    expect(free.length).toBeGreaterThan(0);
    for (const item of free) {
      const { status, body } = await fetchAs(`/content/${item.slug}`, viewer);
      expect(status).toBe(200);
      expectToContain(body, `youtube-nocookie.com/embed/${videoIdOf(item.videoUrl)}`);
      expectNotToContain(body, "Unlock this");
    }
  });
});

describe("the unlock screen", () => {
  it("names what a premium item of each type is, in the singular ('Unlock this lab session')", async () => {
    const nouns = { "meta-scheme": "scheme", "off-meta-scheme": "scheme", "pro-tip": "pro tip", gameplay: "gameplay video", "lab-sessions": "lab session" };
    const seen = new Set<string>();
    for (const item of SEED_CONTENT.filter((entry) => entry.isPublished && entry.requiredTier === "premium")) {
      const { status, body } = await fetchAs(`/content/${item.slug}`, "visitor");
      expect(status, item.slug).toBe(200);
      expect(textOf(body), item.slug).toMatch(new RegExp(`Unlock this ${nouns[item.type]}(?![a-z])`));
      seen.add(item.type);
    }
    expect([...seen].sort()).toEqual(Object.keys(nouns).sort());
  });
});

describe("member-only media", () => {
  const formationArt = premiumOnly("formationart");
  const playArt = premiumOnly("playart");

  it.each(LOCKED_VIEWERS)("refuses premium formation and play art to %s with 403", async (viewer) => {
    for (const path of [formationArt, playArt]) {
      const response = await get(path, { cookie: cookies[viewer] });
      expect(response.status, `${path} as ${viewer}`).toBe(403);
      expect(response.headers.get("Content-Type") ?? "").not.toContain("image/");
      const ranged = await get(path, { cookie: cookies[viewer], headers: { Range: "bytes=0-10" } });
      expect(ranged.status).toBe(403);
    }
  });

  it.each(OPEN_VIEWERS)("serves premium formation and play art to %s", async (viewer) => {
    for (const path of [formationArt, playArt]) {
      const response = await get(path, { cookie: cookies[viewer] });
      expect(response.status, `${path} as ${viewer}`).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/png");
      expect(response.headers.get("Cache-Control")).toContain("private");
    }
  });

  it.each(LOCKED_VIEWERS)("serves the art and the self-hosted video of free schemes to %s", async (viewer) => {
    const item = freeSchemes()[0];
    const formation = item.formations[0];
    for (const path of [
      `/media/${seedMediaKey("formationart", formation.image)}`,
      `/media/${seedMediaKey("playart", formation.plays[0].image)}`,
      "/media/videos/sample-play.mp4",
    ]) {
      const response = await get(path, { cookie: cookies[viewer], headers: { Range: "bytes=0-99" } });
      expect(response.status, `${path} as ${viewer}`).toBe(206);
    }
  });

  it("does not open member-only folders by path tricks", async () => {
    for (const path of [
      formationArt.replace("/media/formationart/", "/media/thumbnail/../formationart/"),
      formationArt.replace("/media/formationart/", "/media//formationart/"),
      formationArt.replace("/media/formationart/", "/media/%66ormationart/"),
      `${formationArt}?x=1`,
    ]) {
      const response = await get(path);
      expect([403, 404], path).toContain(response.status);
    }
  });
});

import { desc, eq, gt, inArray, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comments, content, contentPlays, contentRatings, contentSections, contentSlugRedirects, contentStatuses, favorites, gameplanPlays, gameplanRemovals, gameplans, playStatuses, statusChanges, titleUpdates } from "../../db/schema";
import { demoUserId, toastFrom } from "../support/accounts";
import { attributesOf, mainOf, responseText, sectionLabelledBy, tags, textOf } from "../support/html";
import { get, postForm, signIn } from "../support/http";
import {
  contentByTitle,
  contentForm,
  type ContentInput,
  type FormationInput,
  controlNames,
  fakePngFile,
  hugePngFile,
  imageKeys,
  locationOf,
  page,
  pngFile,
  postMultipart,
  publishAsOld,
  storedContent,
  token,
  unpublishContent,
} from "../support/staff";
import { testState, type TestState } from "../support/test-state";
import { CONFIRM_REMOVAL, GAMEPLAN_PLAYS_MOVED, GAMEPLAN_PLAYS_REMOVED, VIDEO_MISMATCH } from "~/lib/schemas/content";
import { NO_UPLOADED_VIDEO } from "~/server/admin-content.server";
import { formatListingDate } from "~/lib/format";

// The content editor over HTTP, as the browser submits it (multipart, conform's field names read
// from the rendered form): create and edit a scheme with formations and plays, unique slugs, the
// validation messages, images checked by their bytes and stored in R2, hostile text, and delete.

let state: TestState;
let admin: string;
let superadmin: string;
let premium: string;
let adminId: string;
/** Content this file published (as old content): unpublished again at the end. */
const published: string[] = [];

async function publish(slug: string) {
  await publishAsOld(slug);
  published.push(slug);
}

beforeAll(async () => {
  state = await testState();
  [admin, superadmin, premium] = await Promise.all([signIn("admin"), signIn("superadmin"), signIn("premium")]);
  adminId = await demoUserId("admin");
});
afterAll(async () => {
  await unpublishContent(published);
});

const twoByTwo = (id: string): FormationInput[] => [
  {
    title: "Gun Trips TE",
    description: "Spacing and seams.\n\nRead the apex.",
    image: pngFile(`formation-${id}.png`),
    plays: [
      { title: "Stick RPO", description: "Throw the stick if the apex widens.", videoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", image: pngFile(`play-${id}.png`) },
      { title: "Bubble Screen", description: "Numbers to the trips side.", videoProvider: "vimeo", videoUrl: "https://vimeo.com/76979871" },
    ],
  },
  {
    title: "Pistol Strong",
    slug: "pistol-red-zone",
    description: "For the red zone.",
    plays: [
      { title: "Inside Zone", description: "Press the A gap." },
      { title: "PA Boot", description: "Over route against Cover 3." },
    ],
  },
];

async function createContent(input: ContentInput, cookie = admin) {
  const response = await postMultipart("/admin/content/new", contentForm(input), cookie);
  expect(response.status, await response.clone().text().then((text) => textOf(text).slice(0, 300))).toBe(302);
  const [row] = (await contentByTitle(input.title)).sort((a, b) => b.id - a.id);
  return { response, row };
}

describe("the form's fields and list intents (no JavaScript needed)", () => {
  it("renders the basic fields and one formation with one play, with the names the tests post", async () => {
    const { html, main } = await page("/admin/content/new", admin);
    expect(main).toContain("Create New Content");
    const names = controlNames(html, "content-form");
    for (const name of [
      "title", "type", "game", "description", "thumbnail", "videoUrl", "difficulty", "requiredTier", "tags", "isPublished",
      "formations[0].title", "formations[0].slug", "formations[0].description", "formations[0].image", "formations[0].imageUrl",
      "formations[0].plays[0].title", "formations[0].plays[0].description", "formations[0].plays[0].image", "formations[0].plays[0].videoProvider",
      "formations[0].plays[0].videoUrl", "formations[0].plays[0].slug", "formations[0].plays[0].runtime", "formations[0].plays[0].imageUrl", "__intent__",
    ]) {
      expect(names, name).toContain(name);
    }
    expect(names).not.toContain("formations[1].title");
    // A new item defaults to meta-scheme, college, beginner, premium, published.
    const selected = (name: string) => {
      const start = html.indexOf(`name="${name}"`);
      return attributesOf(/<option[^>]*selected[^>]*>/.exec(html.slice(start, html.indexOf("</select>", start)))?.[0] ?? "<option>").value;
    };
    expect([selected("type"), selected("game"), selected("difficulty"), selected("requiredTier")]).toEqual(["meta-scheme", "college", "beginner", "premium"]);
    expect(tags(html, "input").find((input) => input.name === "isPublished")).toHaveProperty("checked");
    for (const label of ["Meta (scheme)", "Off-Meta (scheme)", "Lab Sessions", "Gameplay", "Pro Tip", "+ Add Formation", "+ Add Play", "Publish immediately", "Create Content", "Cancel"]) {
      expect(main, label).toContain(label);
    }
  });

  it("adds a formation and a play through the list-intent buttons, keeping what was typed", async () => {
    const { html } = await page("/admin/content/new", admin);
    const intents = tags(html, "button").filter((button) => button.name === "__intent__").map((button) => button.value);
    const addFormation = intents.find((value) => JSON.parse(value).type === "insert" && JSON.parse(value).payload.name === "formations")!;
    const addPlay = intents.find((value) => JSON.parse(value).type === "insert" && JSON.parse(value).payload.name === "formations[0].plays")!;
    expect(addFormation).toBeTruthy();
    expect(addPlay).toBeTruthy();

    const title = `Intent scheme ${token()}`;
    const typed = contentForm({ title, formations: [{ title: "Typed formation", plays: [{ title: "Typed play" }] }] });
    typed.append("__intent__", addFormation);
    const afterFormation = await postMultipart("/admin/content/new", typed, admin);
    expect(afterFormation.status).toBe(200);
    const formationHtml = await afterFormation.text();
    const names = controlNames(formationHtml, "content-form");
    for (const name of ["formations[1].title", "formations[1].slug", "formations[1].plays[0].title"]) expect(names, name).toContain(name);
    const inputs = tags(formationHtml, "input");
    expect(inputs.find((input) => input.name === "title")?.value).toBe(title);
    expect(inputs.find((input) => input.name === "formations[0].title")?.value).toBe("Typed formation");
    expect(inputs.find((input) => input.name === "formations[0].plays[0].title")?.value).toBe("Typed play");

    const withPlay = contentForm({ title, formations: [{ title: "Typed formation", plays: [{ title: "Typed play" }] }] });
    withPlay.append("__intent__", addPlay);
    const playHtml = await (await postMultipart("/admin/content/new", withPlay, admin)).text();
    expect(controlNames(playHtml, "content-form")).toContain("formations[0].plays[1].title");
    // A list intent saves nothing.
    expect(await contentByTitle(title)).toEqual([]);
  });
});

describe("creating a scheme", () => {
  it("stores the content with two formations of two plays each, its images in R2, and shows it on the public page", async () => {
    const id = token();
    const title = `Staff Scheme ${id}`;
    const slug = `staff-scheme-${id}`;
    const { response, row } = await createContent({
      title,
      game: "madden",
      description: "A test scheme.\nSecond line.",
      videoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      difficulty: "intermediate",
      requiredTier: "premium",
      tags: " zone beater , red zone,, ",
      thumbnail: pngFile(`thumb-${id}.png`),
      formations: twoByTwo(id),
    });
    expect(locationOf(response)).toBe("/admin#content");
    expect(toastFrom(response)).toEqual({ kind: "success", title: "Content Created", description: `Successfully created "${title}"` });

    expect(row).toMatchObject({
      slug,
      title,
      type: "meta-scheme",
      game: "madden",
      description: "A test scheme.\nSecond line.",
      videoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      tags: ["zone beater", "red zone"],
      difficulty: "intermediate",
      requiredTier: "premium",
      isPublished: false,
      authorId: adminId,
    });
    expect(row.thumbnailUrl).toMatch(new RegExp(`^/media/thumbnail/\\d+_thumb-${id}\\.png$`));

    const stored = (await storedContent(slug))!;
    expect(stored.formations.map((formation) => ({ title: formation.title, slug: formation.slug, position: formation.position, plays: formation.plays.map((play) => [play.title, play.slug, play.position, play.videoProvider]) }))).toEqual([
      { title: "Gun Trips TE", slug: "gun-trips-te", position: 0, plays: [["Stick RPO", "stick-rpo", 0, "youtube"], ["Bubble Screen", "bubble-screen", 1, "vimeo"]] },
      { title: "Pistol Strong", slug: "pistol-red-zone", position: 1, plays: [["Inside Zone", "inside-zone", 0, "youtube"], ["PA Boot", "pa-boot", 1, "youtube"]] },
    ]);
    const [first, second] = stored.formations;
    expect(first.description).toBe("Spacing and seams.\n\nRead the apex.");
    expect(first.imageUrl).toMatch(new RegExp(`^/media/formationart/\\d+_formation-${id}\\.png$`));
    expect(first.plays[0].imageUrl).toMatch(new RegExp(`^/media/playart/\\d+_play-${id}\\.png$`));
    expect(first.plays[0].videoUrl).toBe("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    expect(first.plays[1].imageUrl).toBeNull();
    expect(second.imageUrl).toBeNull();

    // The images are in R2 under thumbnail/, formationart/ and playart/, typed by their bytes.
    for (const url of [row.thumbnailUrl!, first.imageUrl!, first.plays[0].imageUrl!]) {
      const object = await state.env.MEDIA.head(url.slice("/media/".length));
      expect(object?.httpMetadata?.contentType, url).toBe("image/png");
    }

    // In the dashboard's Content tab (newest first), as a draft, with its actions.
    const dashboard = await page("/admin", admin);
    const table = sectionLabelledBy(dashboard.html, "content-heading")!;
    expect(textOf(table)).toContain(title);
    expect(table).toContain(`href="/scheme/${slug}"`);
    expect(table).toContain(`href="/admin/content/${slug}"`);
    expect(textOf(table)).toMatch(new RegExp(`${title} A test scheme\\. Second line\\. Meta Madden NFL 26 0 Draft`));

    // The public page, for a premium member: the scheme, its formations and their plays.
    await publish(slug);
    const detail = await page(`/content/${slug}`, premium);
    expect(detail.status).toBe(200);
    expect(detail.main).toContain(title);
    expect(detail.main).toContain("Gun Trips TE 2 plays");
    expect(detail.main).toContain("Pistol Strong 2 plays");
    const formation = await page(`/content/${slug}/section/gun-trips-te`, premium);
    expect(formation.status).toBe(200);
    const plays = textOf(sectionLabelledBy(formation.html, "plays-title")!);
    expect(plays).toContain("Stick RPO");
    expect(plays).toContain("Bubble Screen");
    expect(formation.main).toContain("Throw the stick if the apex widens.");
    const play = await page(`/content/${slug}/section/pistol-red-zone/play/pa-boot`, premium);
    expect(play.status).toBe(200);
    expect(play.main).toContain("PA Boot");
    expect(play.main).toContain("Over route against Cover 3.");

  });

  it("saves no formations for a type that is not a scheme, whatever the form sent", async () => {
    const title = `Staff Pro Tip ${token()}`;
    const { row } = await createContent({ title, type: "pro-tip", requiredTier: "free", formations: twoByTwo(token()).map((formation) => ({ ...formation, image: undefined, plays: formation.plays.map((play) => ({ ...play, image: undefined })) })) });
    expect(row.type).toBe("pro-tip");
    expect((await storedContent(row.slug))!.formations).toEqual([]);
  });
});

describe("slugs", () => {
  it("are made unique on save with -1, -2", async () => {
    const title = `Same Title ${token()}`;
    const base = title.toLowerCase().replaceAll(" ", "-");
    // Three items of one title, each its own (the same form sent again is one item: decision 0025).
    for (let index = 0; index < 3; index += 1) await createContent({ title, type: "gameplay", description: `Item ${index}` });
    const slugs = (await contentByTitle(title)).sort((a, b) => a.id - b.id).map((row) => row.slug);
    expect(slugs).toEqual([base, `${base}-1`, `${base}-2`]);
    const check = await (await get(`/admin/slug-check?slug=${base}`, { cookie: admin })).json();
    expect(check).toEqual({ slug: base, available: false, suggestion: `${base}-3` });
  });

  it("are made unique for a long title too (D1 refuses a GLOB pattern over 50 bytes once a row reaches it)", async () => {
    const title = `Gun Bunch Wk Mesh Spot against every Cover 3 Match look ${token()}`;
    const base = title.toLowerCase().replaceAll(" ", "-");
    expect(base.length).toBeGreaterThan(50);
    for (let index = 0; index < 2; index += 1) await createContent({ title, type: "gameplay", description: `Item ${index}` });
    const slugs = (await contentByTitle(title)).sort((a, b) => a.id - b.id).map((row) => row.slug);
    expect(slugs).toEqual([base, `${base}-1`]);
    const check = await get(`/admin/slug-check?slug=${base}`, { cookie: admin });
    expect(check.status).toBe(200);
    expect(await check.json()).toEqual({ slug: base, available: false, suggestion: `${base}-2` });
  });

  it("an edit to a title whose slug is taken moves to the first free -1, -2, as the hint says; its own slug stays free to it", async () => {
    const id = token();
    const taken = `Taken title ${id}`;
    await createContent({ title: taken, type: "gameplay" });
    const { row } = await createContent({ title: `Renamed later ${id}`, type: "gameplay" });
    const base = taken.toLowerCase().replaceAll(" ", "-");
    const edit = await postMultipart(`/admin/content/${row.slug}`, contentForm({ title: taken, type: "gameplay" }), admin);
    expect(edit.status).toBe(302);
    const [moved] = (await contentByTitle(taken)).filter((item) => item.id === row.id);
    expect(moved.slug).toBe(`${base}-1`);
    // The live hint says so, in the spec's words (the item's own slug does not count as taken).
    const check = await (await get(`/admin/slug-check?slug=${base}&current=${base}-1`, { cookie: admin })).json();
    expect(check).toEqual({ slug: base, available: false, suggestion: `${base}-1` });
    // The old slug leads to it.
    expect((await get(`/admin/content/${row.slug}`, { cookie: admin })).status).toBe(301);
  });

  it("an item that is not there (deleted while its editor was open, or never there) says 'Content not found', not the unknown-path page, and a save to it keeps the form", async () => {
    const missing = `/admin/content/never-there-${token()}`;
    const opened = await get(missing, { cookie: admin });
    expect(opened.status).toBe(404);
    const text = textOf(await opened.text());
    expect(text).toContain("Content not found");
    expect(text).toContain("This item does not exist or was deleted. If you were saving it, nothing was saved.");
    expect(text).not.toContain("Did you forget to add the page to the router?");
    // A save to it is refused with the form kept, now posting to the create page; nothing is saved.
    const saved = await postMultipart(missing, contentForm({ title: "Saved after its deletion", type: "gameplay" }), admin);
    expect(saved.status).toBe(409);
    const page = await saved.text();
    expect(textOf(page)).toContain("Another staff member deleted this item after you opened this editor, so your changes were not saved.");
    expect(page).toContain('action="/admin/content/new"');
    expect(page).toContain('value="Saved after its deletion"');
    expect(await contentByTitle("Saved after its deletion")).toEqual([]);
  });

  it("never come out empty for a title of only symbols, and never take the reserved 'new'", async () => {
    const [last] = await state.db.select({ id: content.id }).from(content).orderBy(desc(content.id)).limit(1);
    const lastId = last?.id ?? 0;
    const symbols = "!!! ??? *** ###";
    await createContent({ title: symbols, type: "gameplay" });
    await createContent({ title: "New", type: "gameplay" });
    const rows = await state.db.select().from(content).where(gt(content.id, lastId));
    const symbolRow = rows.find((row) => row.title === symbols)!;
    expect(symbolRow.slug).toMatch(/^content(-\d+)?$/);
    const newRow = rows.find((row) => row.title === "New")!;
    expect(newRow.slug).toMatch(/^new-\d+$/);
  });
});

describe("validation", () => {
  it.each([
    ["formation without a title", [{ title: "", slug: "some-slug", plays: [{ title: "A play" }] }], "Formation title is required"],
    ["formation whose title gives no slug, and no slug", [{ title: "***", slug: "", plays: [{ title: "A play" }] }], "Formation slug is required"],
    ["play without a title", [{ title: "Gun Bunch", plays: [{ title: "   ", description: "No title" }] }], "Play title is required"],
    ["two formations with one slug", [{ title: "Gun Bunch", plays: [] }, { title: "Gun  Bunch!", plays: [] }], "Another formation of this content already uses this slug"],
    ["a play video that is not a URL", [{ title: "Gun Bunch", plays: [{ title: "Mesh", videoUrl: "javascript:alert(1)" }] }], "Must be a valid URL"],
    ["play tag of symbols only", [{ title: "Gun Bunch", plays: [{ title: "Mesh", tags: "red zone, 🏈" }] }], "A tag needs a letter or a digit"],
    // Members would meet a dead player.
    ["YouTube address that names no video", [{ title: "Gun Bunch", plays: [{ title: "Mesh", videoUrl: "https://www.youtube.com/watch?v=short" }] }], VIDEO_MISMATCH.youtube],
    ["Vimeo address under YouTube", [{ title: "Gun Bunch", plays: [{ title: "Mesh", videoUrl: "https://vimeo.com/76979871" }] }], VIDEO_MISMATCH.isVimeo],
    ["custom video storage does not hold", [{ title: "Gun Bunch", plays: [{ title: "Mesh", videoProvider: "custom", videoUrl: "/media/videos/never-uploaded.mp4" }] }], NO_UPLOADED_VIDEO],
  ] as [string, FormationInput[], string][])("refuses a %s with its message and stores nothing", async (_, formations, message) => {
    const title = `Invalid scheme ${token()}`;
    const response = await postMultipart("/admin/content/new", contentForm({ title, formations }), admin);
    expect(response.status).toBe(400);
    expect(await responseText(response)).toContain(message);
    expect(await contentByTitle(title)).toEqual([]);
  });

  it.each([
    [{ title: "   " }, "Title is required"],
    [{ videoUrl: "not a url" }, "Must be a valid URL"],
    [{ type: "bogus" }, "Choose a content type from the list"],
    [{ game: "fifa" }, "Choose a game from the list"],
    [{ difficulty: "legendary" }, "Choose a difficulty from the list"],
    [{ requiredTier: "gold" }, "Choose a required tier from the list"],
    // The play finder lists a tag by its words: one of symbols only could never be found.
    [{ tags: "vs man, ???" }, "A tag needs a letter or a digit"],
  ])("refuses basic fields %o with '%s' and stores nothing", async (fields, message) => {
    const title = `Invalid basics ${token()}`;
    const response = await postMultipart("/admin/content/new", contentForm({ title, type: "gameplay", ...fields }), admin);
    expect(response.status).toBe(400);
    const html = await responseText(response);
    expect(html).toContain(message);
    expect(await contentByTitle(title)).toEqual([]);
    // The tags' message is read with their box (without JavaScript the page is drawn by the server).
    if ("tags" in fields) expect(html).toMatch(/<input[^>]*aria-describedby="content-form-tags-hint content-form-tags-error"[^>]*aria-invalid="true"/);
  });

  it.each(["title", "formations[0].title", "formations[0].plays[0].title", "formations[0].slug"])(
    "refuses a forged form with %s sent twice (400, the form back with a message), storing nothing",
    async (name) => {
      const title = `Repeated field ${token()}`;
      const form = contentForm({ title, formations: [{ title: "Gun Bunch", plays: [{ title: "Mesh" }] }] });
      form.append(name, "Second value");
      const response = await postMultipart("/admin/content/new", form, admin);
      expect(response.status).toBe(400);
      const html = await responseText(response);
      expect(html).toContain("Not saved: the form came with a field more than once. Check it and save again.");
      expect(html).toContain(`value="${title}"`);
      expect(await contentByTitle(title)).toEqual([]);
      expect(await contentByTitle("Second value")).toEqual([]);
    },
  );

  it("refuses an edit without its type, game, difficulty or tier field (a form that lost them), each named, and changes nothing", async () => {
    const title = `Incomplete form ${token()}`;
    const { row } = await createContent({ title, type: "pro-tip", game: "madden", requiredTier: "free", formations: [] });
    const before = await storedContent(row.slug);
    const form = contentForm({ title });
    for (const name of ["type", "game", "difficulty", "requiredTier"]) form.delete(name);
    const response = await postMultipart(`/admin/content/${row.slug}`, form, admin);
    expect(response.status).toBe(400);
    const html = await responseText(response);
    for (const message of ["Choose a content type from the list", "Choose a game from the list", "Choose a difficulty from the list", "Choose a required tier from the list"]) {
      expect(html).toContain(message);
    }
    expect(await storedContent(row.slug)).toEqual(before);
  });

  it("takes a custom play video that storage holds", async () => {
    const title = `Uploaded video ${token()}`;
    await createContent({ title, formations: [{ title: "Gun Bunch", plays: [{ title: "Mesh", videoProvider: "custom", videoUrl: "/media/videos/sample-play.mp4" }] }] });
    expect(await contentByTitle(title)).toHaveLength(1);
  });

  it("leaves an edited scheme's formations intact when the edit is invalid", async () => {
    const title = `Kept scheme ${token()}`;
    const { row } = await createContent({ title, formations: twoByTwo(token()) });
    const before = await storedContent(row.slug);
    const response = await postMultipart(`/admin/content/${row.slug}`, contentForm({ title, formations: [{ title: "Replacement", plays: [{ title: "" }] }] }), admin);
    expect(response.status).toBe(400);
    expect(await responseText(response)).toContain("Play title is required");
    expect(await storedContent(row.slug)).toEqual(before);
  });
});

describe("images", () => {
  async function keysWith(id: string) {
    return (await imageKeys()).filter((key) => key.includes(id));
  }

  it("refuses text bytes named .png and sent as image/png ('Invalid file type'): no row, no R2 object", async () => {
    const id = token();
    const title = `Fake image ${id}`;
    const response = await postMultipart("/admin/content/new", contentForm({ title, thumbnail: fakePngFile(`fake-${id}.png`), formations: twoByTwo(id) }), admin);
    expect(response.status).toBe(400);
    const text = await responseText(response);
    expect(text).toContain("Invalid file type");
    expect(text).toContain("Please upload an image file.");
    expect(await contentByTitle(title)).toEqual([]);
    expect(await keysWith(id)).toEqual([]);
  });

  it("refuses an image over 5 MB ('File too large'), storing none of the other good images either", async () => {
    const id = token();
    const title = `Huge image ${id}`;
    const formations = twoByTwo(id);
    formations[1].plays[1].image = hugePngFile(`huge-${id}.png`);
    const response = await postMultipart("/admin/content/new", contentForm({ title, thumbnail: pngFile(`good-thumb-${id}.png`), formations }), admin);
    expect(response.status).toBe(413);
    const text = await responseText(response);
    expect(text).toContain("File too large");
    expect(text).toContain("Please upload an image smaller than 5MB.");
    expect(await contentByTitle(title)).toEqual([]);
    expect(await keysWith(id)).toEqual([]);
  });

  it("refuses a bad formation image on an edit: the row, formations and plays are unchanged", async () => {
    const id = token();
    const title = `Edit image ${id}`;
    const { row } = await createContent({ title, formations: twoByTwo(id) });
    const before = await storedContent(row.slug);
    const keysBefore = await keysWith(id);
    const formations = twoByTwo(`${id}x`);
    formations[0].image = fakePngFile(`bad-formation-${id}.png`);
    const response = await postMultipart(`/admin/content/${row.slug}`, contentForm({ title: `${title} changed`, formations }), admin);
    expect(response.status).toBe(400);
    expect(await responseText(response)).toContain("Invalid file type");
    expect(await storedContent(row.slug)).toEqual(before);
    expect(await keysWith(id)).toEqual(keysBefore);
  });
});

describe("hostile text", () => {
  it("is stored as written and shown escaped or sanitised on the public pages and in the dashboard", async () => {
    const id = token();
    const title = `<script>alert("t")</script> Hostile ${id}`;
    const formationDescription = `<p onclick="alert(2)">Read the <strong>safety</strong></p><script>alert(3)</script><a href="javascript:alert(4)">bad link</a><iframe src="https://evil.example/"></iframe>`;
    const playDescription = `<img src=x onerror=alert(5)><em>fine</em> <a href="https://example.com/ok">good link</a>`;
    const { row } = await createContent({
      title,
      description: `<img src=x onerror=alert(1)> plain description`,
      tags: `<b>bold tag</b>`,
      formations: [{ title: `<svg onload=alert(6)>Shotgun`, slug: "shotgun", description: formationDescription, plays: [{ title: `<i>Mesh</i>`, description: playDescription }] }],
    });
    expect(row.slug).toBe(`scriptalerttscript-hostile-${id}`);
    await publish(row.slug);
    const stored = (await storedContent(row.slug))!;
    expect(row.title).toBe(title);
    expect(row.description).toBe(`<img src=x onerror=alert(1)> plain description`);
    expect(stored.formations[0].description).toBe(formationDescription);
    expect(stored.formations[0].plays[0].description).toBe(playDescription);

    // Markup that only exists if the text was not escaped, plus any event handler or script URL in a real tag.
    const hostileMarkup = [`<script>alert`, `<img src=x`, `<svg onload`, `<iframe`, `<b>bold tag</b>`, `<i>Mesh</i>`];
    const dangerousAttributes = (html: string) =>
      [...html.matchAll(/<[a-zA-Z][\w-]*(?:\s[^>]*)?>/g)].flatMap((match) =>
        Object.entries(attributesOf(match[0])).filter(([name, value]) => name.startsWith("on") || /^\s*javascript:/i.test(value)).map(([name, value]) => `${name}=${value}`),
      );
    const pages = {
      detail: await page(`/content/${row.slug}`, premium),
      formation: await page(`/content/${row.slug}/section/shotgun`, premium),
      dashboard: await page("/admin", admin),
    };
    for (const [name, { html, status }] of Object.entries(pages)) {
      expect(status, name).toBe(200);
      const main = mainOf(html);
      for (const markup of hostileMarkup) expect(main, `${name}: ${markup}`).not.toContain(markup);
      expect(dangerousAttributes(main), name).toEqual([]);
    }
    expect(pages.detail.main).toContain(`<script>alert("t")</script> Hostile ${id}`);
    expect(mainOf(pages.detail.html)).toContain("&lt;script&gt;");
    // Rich text keeps its harmless formatting and safe links.
    const formationMain = mainOf(pages.formation.html);
    expect(formationMain).toContain("<strong>safety</strong>");
    expect(formationMain).toContain("<em>fine</em>");
    expect(formationMain).toMatch(/<a href="https:\/\/example\.com\/ok"[^>]*>good link<\/a>/);
    expect(pages.formation.main).toContain("<i>Mesh</i>");
    // Nothing hostile in the head either (title and description meta tags).
    const head = pages.detail.html.slice(0, pages.detail.html.indexOf("</head>"));
    expect(head).not.toContain("<script>alert");
    expect(head).not.toContain("<img src=x");
  });
});

describe("the details' day", () => {
  it("a draft gives the day it was made; published later, the day it went live", async () => {
    const title = `Published day ${token()}`;
    const { row } = await createContent({ title, type: "gameplay", isPublished: false });
    await state.db.update(content).set({ createdAt: new Date("2001-01-01T12:00:00Z") }).where(eq(content.id, row.id));
    const draft = await get(`/content/${row.slug}`, { cookie: admin });
    expect(textOf(await draft.text())).toContain("Created (draft) Jan 01, 2001");
    const published = await postMultipart(`/admin/content/${row.slug}`, contentForm({ title, type: "gameplay", isPublished: true }), admin);
    expect(published.status).toBe(302);
    const [stored] = await state.db.select({ publishedAt: content.publishedAt }).from(content).where(eq(content.id, row.id));
    expect(stored.publishedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    const live = textOf(await (await get(`/content/${row.slug}`, { cookie: admin })).text());
    expect(live).toContain(`Published ${formatListingDate(stored.publishedAt)}`);
    expect(live).not.toContain("Jan 01, 2001");
    await state.db.delete(content).where(eq(content.id, row.id));
  });
});

describe("editing", () => {
  it("replaces the formations and plays, keeps the slug, and says 'Content Updated'", async () => {
    const id = token();
    const title = `Edited scheme ${id}`;
    const { row } = await createContent({ title, formations: twoByTwo(id) });
    // Made old first, so that publishing it with the switch below leaves the newest content alone.
    await publish(row.slug);
    await state.db.update(content).set({ isPublished: false }).where(eq(content.slug, row.slug));
    const before = (await storedContent(row.slug))!;
    const oldSections = before.formations.map((formation) => formation.id);
    const oldPlays = before.formations.flatMap((formation) => formation.plays.map((play) => play.id));

    // The edit form shows what is stored.
    const form = await page(`/admin/content/${row.slug}`, admin);
    expect(form.main).toContain("Edit Content");
    expect(form.main).toContain("Update Content");
    const inputs = tags(form.html, "input");
    expect(inputs.find((input) => input.name === "formations[1].slug")?.value).toBe("pistol-red-zone");
    expect(inputs.find((input) => input.name === "formations[1].plays[1].title")?.value).toBe("PA Boot");

    const response = await postMultipart(
      `/admin/content/${row.slug}`,
      contentForm({ title, game: "madden", isPublished: true, formations: [{ title: "Shotgun Empty", description: "Five wide.", plays: [{ title: "Four Verts", description: "Seams." }] }] }),
      admin,
    );
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe("/admin#content");
    expect(toastFrom(response)).toEqual({ kind: "success", title: "Content Updated", description: `Successfully updated "${title}"` });

    const after = (await storedContent(row.slug))!;
    expect(after.row.id).toBe(row.id);
    expect(after.row.game).toBe("madden");
    expect(after.row.isPublished).toBe(true);
    expect(after.row.createdAt).toEqual(before.row.createdAt);
    expect(after.formations.map((formation) => [formation.title, formation.slug, formation.plays.map((play) => play.title)])).toEqual([["Shotgun Empty", "shotgun-empty", ["Four Verts"]]]);
    expect(await state.db.select().from(contentSections).where(inArray(contentSections.id, oldSections))).toEqual([]);
    expect(await state.db.select().from(contentPlays).where(inArray(contentPlays.id, oldPlays))).toEqual([]);
    expect((await page(`/content/${row.slug}`, premium)).main).toContain("Shotgun Empty 1 play");
    expect((await page(`/content/${row.slug}/section/gun-trips-te`, premium)).status).toBe(404);

    // Changing the type to one that is not a scheme clears the formations.
    expect((await postMultipart(`/admin/content/${row.slug}`, contentForm({ title, type: "lab-sessions", formations: [{ title: "Ignored", plays: [{ title: "Ignored" }] }] }), admin)).status).toBe(302);
    expect((await storedContent(row.slug))!.formations).toEqual([]);
  });

  it("a new item and its plays start 'Verified on' their game's current update, with a first history row, and appear under it on /updates", async () => {
    const id = token();
    const title = `First status ${id}`;
    const { row } = await createContent({ title, game: "madden", formations: twoByTwo(id) });
    const [current] = await state.db.select({ id: titleUpdates.id, version: titleUpdates.version }).from(titleUpdates).where(eq(titleUpdates.game, "madden")).orderBy(desc(titleUpdates.releasedOn), desc(titleUpdates.id)).limit(1);
    const [item] = await state.db.select({ status: contentStatuses.status, updateId: contentStatuses.statusUpdateId }).from(contentStatuses).where(eq(contentStatuses.contentId, row.id));
    expect(item).toEqual({ status: "verified", updateId: current.id });
    const stored = (await storedContent(row.slug))!;
    const playIds = stored.formations.flatMap((formation) => formation.plays.map((play) => play.id));
    const plays = await state.db.select({ status: playStatuses.status, updateId: playStatuses.statusUpdateId }).from(playStatuses).where(inArray(playStatuses.playId, playIds));
    expect(plays).toEqual(playIds.map(() => ({ status: "verified", updateId: current.id })));
    const history = await state.db.select().from(statusChanges).where(eq(statusChanges.contentId, row.id));
    expect(history.map((change) => [change.itemKind, change.fromStatus, change.toStatus, change.updateId, change.notify, change.changedBy])).toEqual([
      ["content", null, "verified", current.id, false, adminId],
      ...playIds.map(() => ["play", null, "verified", current.id, false, adminId]),
    ]);

    // An edit that adds a play stamps only the new play; what was there keeps its row.
    const edited = await postMultipart(
      `/admin/content/${row.slug}`,
      contentForm({ title, game: "madden", formations: [...twoByTwo(id), { title: "Shotgun Empty", description: "Five wide.", plays: [{ title: "Mesh Rail", description: "Rail by the back." }] }] }),
      admin,
    );
    expect(edited.status).toBe(302);
    expect(await state.db.select().from(statusChanges).where(eq(statusChanges.contentId, row.id))).toHaveLength(history.length + 1);

    await publish(row.slug);
    const updates = await page("/updates", premium);
    const madden = textOf(updates.html.slice(updates.html.indexOf('id="madden"')));
    const underCurrent = madden.slice(madden.indexOf(`Title Update ${current.version}`));
    expect(underCurrent).toContain(title);
  });

  it("keeps the formations and plays that stay (same ids, patch status and history), reorders them, and drops only what left", async () => {
    const id = token();
    const title = `Kept plays ${id}`;
    const { row } = await createContent({ title, formations: twoByTwo(id) });
    const before = (await storedContent(row.slug))!;
    const [gun, pistol] = before.formations;
    const boot = pistol.plays.find((play) => play.title === "PA Boot")!;
    await state.db.update(playStatuses).set({ status: "nerfed", statusNote: `Nerfed ${id}` }).where(eq(playStatuses.playId, boot.id));
    await state.db.insert(statusChanges).values({ itemKind: "play", contentId: row.id, playId: boot.id, fromStatus: "verified", toStatus: "nerfed", note: `Nerfed ${id}`, changedAt: new Date() });

    // Pistol first, its plays swapped and one renamed in place (same slug); Gun Trips TE keeps only its first play.
    const response = await postMultipart(
      `/admin/content/${row.slug}`,
      contentForm({
        title,
        formations: [
          { title: "Pistol Strong", slug: "pistol-red-zone", description: "For the red zone.", plays: [{ title: "PA Boot Over", slug: "pa-boot", description: "Over route." }, { title: "Inside Zone", description: "Press the A gap." }] },
          { title: "Gun Trips TE", description: "Spacing.", plays: [{ title: "Stick RPO", description: "Stick." }] },
        ],
      }),
      admin,
    );
    expect(response.status).toBe(302);
    const after = (await storedContent(row.slug))!;
    expect(after.formations.map((formation) => [formation.id, formation.plays.map((play) => [play.id, play.title])])).toEqual([
      [pistol.id, [[boot.id, "PA Boot Over"], [pistol.plays[0].id, "Inside Zone"]]],
      [gun.id, [[gun.plays[0].id, "Stick RPO"]]],
    ]);
    const [kept] = await state.db.select().from(contentPlays).innerJoin(playStatuses, eq(playStatuses.playId, contentPlays.id)).where(eq(contentPlays.id, boot.id));
    expect(kept).toMatchObject({ content_plays: { position: 0 }, play_status: { status: "nerfed", statusNote: `Nerfed ${id}` } });
    // Its first row (new, verified) and the nerf: an edit writes no new first row for a play that stays.
    expect((await state.db.select().from(statusChanges).where(eq(statusChanges.playId, boot.id))).map((change) => [change.fromStatus, change.toStatus])).toEqual([
      [null, "verified"],
      ["verified", "nerfed"],
    ]);
    expect(await state.db.select().from(contentPlays).where(eq(contentPlays.id, gun.plays[1].id))).toEqual([]);
  });

  it("a save that deletes plays members keep in gameplans is refused, naming them, until 'Remove from members' gameplans' is ticked for exactly those plays", async () => {
    const id = token();
    const title = `Gameplan plays ${id}`;
    const { row } = await createContent({ title, formations: twoByTwo(id) });
    const [gun, pistol] = (await storedContent(row.slug))!.formations;
    const [bubble, boot] = [gun.plays[1], pistol.plays[1]];
    const userId = await demoUserId("premium");
    const plans = await state.db
      .insert(gameplans)
      .values([{ userId, name: `Plan A ${id}`, game: "college" }, { userId, name: `Plan B ${id}`, game: "college" }])
      .returning({ id: gameplans.id });
    await state.db.insert(gameplanPlays).values([
      // Called in two situations of one plan: one gameplan.
      { gameplanId: plans[0].id, playId: bubble.id, contentId: row.id, situation: "openers", position: 0 },
      { gameplanId: plans[0].id, playId: bubble.id, contentId: row.id, situation: "red-zone", position: 0 },
      { gameplanId: plans[0].id, playId: boot.id, contentId: row.id, situation: "first-down", position: 0 },
      { gameplanId: plans[1].id, playId: boot.id, contentId: row.id, situation: "first-down", position: 0 },
    ]);
    // Bubble Screen and PA Boot taken out of the form.
    const edit = (confirm?: string) => {
      const form = contentForm({
        title,
        formations: [
          { title: "Gun Trips TE", description: "Spacing.", plays: [{ title: "Stick RPO", description: "Stick." }] },
          { title: "Pistol Strong", slug: "pistol-red-zone", description: "For the red zone.", plays: [{ title: "Inside Zone", description: "Press the A gap." }] },
        ],
      });
      if (confirm !== undefined) form.append(CONFIRM_REMOVAL, confirm);
      return postMultipart(`/admin/content/${row.slug}`, form, admin);
    };
    const playsLeft = async () => (await storedContent(row.slug))!.formations.flatMap((formation) => formation.plays.map((play) => play.id));
    const inPlans = async () => (await state.db.select().from(gameplanPlays).where(inArray(gameplanPlays.gameplanId, plans.map((plan) => plan.id)))).length;

    const refused = await edit();
    expect(refused.status).toBe(409);
    const refusal = textOf(await refused.text());
    expect(refusal).toContain(`Not saved: ${GAMEPLAN_PLAYS_REMOVED}`);
    expect(refusal).toContain("Bubble Screen (Gun Trips TE): in 1 gameplan");
    expect(refusal).toContain("PA Boot (Pistol Strong): in 2 gameplans");
    expect(await playsLeft()).toHaveLength(4);
    expect(await inPlans()).toBe(4);
    // Ticked for one of them only (a form older than the other's removal): still refused.
    expect((await edit(String(bubble.id))).status).toBe(409);
    expect(await playsLeft()).toHaveLength(4);
    // Ticked for both: saved, and the gameplans lose them.
    const saved = await edit(`${bubble.id},${boot.id}`);
    expect(saved.status).toBe(302);
    expect(await playsLeft()).toEqual([gun.plays[0].id, pistol.plays[0].id]);
    expect(await inPlans()).toBe(0);

    // The member is told on each gameplan what went and from where, and on the list of gameplans.
    const board = textOf((await page(`/gameplans/${plans[0].id}`, premium)).main);
    expect(board).toContain("Plays were removed by our team");
    expect(board).toContain("Bubble Screen (Gun Trips TE, " + title + "), from Openers");
    expect(board).toContain("Bubble Screen (Gun Trips TE, " + title + "), from Red zone");
    expect(board).toContain("PA Boot (Pistol Strong, " + title + "), from 1st down");
    const other = textOf((await page(`/gameplans/${plans[1].id}`, premium)).main);
    expect(other).toContain("A play was removed by our team");
    expect(other).toContain("PA Boot (Pistol Strong, " + title + "), from 1st down");
    expect(other).not.toContain("Bubble Screen");
    const list = textOf((await page("/gameplans", premium)).main);
    expect(list).toContain(`Plan A ${id}`);
    expect(list).toContain("Plays removed by our team");
    expect(list).toContain("A play removed by our team");
    await state.db.delete(gameplans).where(inArray(gameplans.id, plans.map((plan) => plan.id)));
  });

  it("an item moved to the other game takes its plays out of members' gameplans of the game it left, once ticked, and each gameplan says where they went", async () => {
    const id = token();
    const title = `Moved plays ${id}`;
    const { row } = await createContent({ title, formations: twoByTwo(id) });
    const [gun] = (await storedContent(row.slug))!.formations;
    const userId = await demoUserId("premium");
    const [plan] = await state.db.insert(gameplans).values({ userId, name: `College plan ${id}`, game: "college" }).returning({ id: gameplans.id });
    await state.db.insert(gameplanPlays).values([
      { gameplanId: plan.id, playId: gun.plays[0].id, contentId: row.id, situation: "openers", position: 0, note: "Stick it on third." },
      { gameplanId: plan.id, playId: gun.plays[1].id, contentId: row.id, situation: "red-zone", position: 0 },
    ]);
    const move = (confirm?: string) => {
      const form = contentForm({ title, game: "madden", formations: twoByTwo(id).map((formation) => ({ ...formation, image: undefined, plays: formation.plays.map((play) => ({ ...play, image: undefined })) })) });
      if (confirm !== undefined) form.append(CONFIRM_REMOVAL, confirm);
      return postMultipart(`/admin/content/${row.slug}`, form, admin);
    };
    const refused = await move();
    expect(refused.status).toBe(409);
    expect(textOf(await refused.text())).toContain(`Not saved: ${GAMEPLAN_PLAYS_MOVED}`);
    expect((await storedContent(row.slug))!.row.game).toBe("college");
    expect(await state.db.select().from(gameplanPlays).where(eq(gameplanPlays.gameplanId, plan.id))).toHaveLength(2);

    const saved = await move(`${gun.plays[0].id},${gun.plays[1].id}`);
    expect(saved.status).toBe(302);
    expect((await storedContent(row.slug))!.row.game).toBe("madden");
    expect(await state.db.select().from(gameplanPlays).where(eq(gameplanPlays.gameplanId, plan.id))).toEqual([]);
    const board = textOf((await page(`/gameplans/${plan.id}`, premium)).main);
    expect(board).toContain("Plays were removed by our team");
    expect(board).toContain("They moved to Madden NFL 26, so they are no longer on this gameplan or its call sheet.");
    expect(board).toContain(`Stick RPO (Gun Trips TE, ${title}), from Openers, on `);
    expect(board).toContain("(moved to Madden NFL 26)");
    expect(board).toContain("Your note: Stick it on third.");
    await state.db.delete(gameplans).where(eq(gameplans.id, plan.id));
  });

  it("a new play of the same name placed above a stored one takes the next slug, never the stored play's id and status", async () => {
    const id = token();
    const title = `Same-named play ${id}`;
    const { row } = await createContent({ title, formations: twoByTwo(id) });
    const [gun, pistol] = (await storedContent(row.slug))!.formations;
    const stick = gun.plays[0];
    await state.db.update(playStatuses).set({ status: "nerfed", statusNote: `Nerfed ${id}` }).where(eq(playStatuses.playId, stick.id));

    const response = await postMultipart(
      `/admin/content/${row.slug}`,
      contentForm({
        title,
        formations: [
          {
            id: gun.id,
            title: "Gun Trips TE",
            plays: [{ title: "Stick RPO", description: `The new one ${id}.` }, ...gun.plays.map((play) => ({ title: play.title, slug: play.slug, description: play.description ?? "" }))],
          },
          { id: pistol.id, title: "Pistol Strong", slug: "pistol-red-zone", plays: pistol.plays.map((play) => ({ title: play.title, slug: play.slug })) },
        ],
      }),
      admin,
    );
    expect(response.status).toBe(302);
    const [after] = (await storedContent(row.slug))!.formations;
    const newPlay = after.plays[0];
    expect(gun.plays.map((play) => play.id)).not.toContain(newPlay.id);
    expect(after.plays.map((play) => [play.id, play.slug])).toEqual([
      [newPlay.id, `${stick.slug}-1`],
      [stick.id, stick.slug],
      [gun.plays[1].id, gun.plays[1].slug],
    ]);
    expect(after.plays[0].description).toBe(`The new one ${id}.`);
    const [status] = await state.db.select().from(playStatuses).where(eq(playStatuses.playId, stick.id));
    expect(status).toMatchObject({ status: "nerfed", statusNote: `Nerfed ${id}` });
  });

  it("a formation given a new slug in the editor is renamed in place: its plays keep their ids and patch status", async () => {
    const id = token();
    const title = `Renamed formation ${id}`;
    const { row } = await createContent({ title, formations: twoByTwo(id) });
    const before = (await storedContent(row.slug))!;
    const [gun, pistol] = before.formations;
    // The editor sends each stored formation's id with it.
    const editor = await (await get(`/admin/content/${row.slug}`, { cookie: admin })).text();
    expect(editor).toMatch(new RegExp(`<input[^>]*name="formations\\[0\\]\\.id"[^>]*value="${gun.id}"|<input[^>]*value="${gun.id}"[^>]*name="formations\\[0\\]\\.id"`));
    const boot = pistol.plays.find((play) => play.title === "PA Boot")!;
    await state.db.update(playStatuses).set({ status: "nerfed", statusNote: `Nerfed ${id}` }).where(eq(playStatuses.playId, boot.id));

    const response = await postMultipart(
      `/admin/content/${row.slug}`,
      contentForm({
        title,
        formations: [
          { id: gun.id, title: "Gun Trips TE", slug: "gun-trips-left", plays: gun.plays.map((play) => ({ title: play.title, slug: play.slug })) },
          { id: pistol.id, title: "Pistol Strong", slug: "pistol-2", plays: pistol.plays.map((play) => ({ title: play.title, slug: play.slug })) },
        ],
      }),
      admin,
    );
    expect(response.status).toBe(302);
    const after = (await storedContent(row.slug))!;
    expect(after.formations.map((formation) => [formation.id, formation.slug, formation.plays.map((play) => play.id)])).toEqual([
      [gun.id, "gun-trips-left", gun.plays.map((play) => play.id)],
      [pistol.id, "pistol-2", pistol.plays.map((play) => play.id)],
    ]);
    const [status] = await state.db.select().from(playStatuses).where(eq(playStatuses.playId, boot.id));
    expect(status).toMatchObject({ status: "nerfed", statusNote: `Nerfed ${id}` });

    // Links to the old formation addresses lead to the renamed formations (301), play and query kept.
    const old = await get(`/content/${row.slug}/section/${pistol.slug}/play/${boot.slug}?from=bookmark`, { cookie: admin });
    expect(old.status).toBe(301);
    expect(locationOf(old)).toBe(`/content/${row.slug}/section/pistol-2/play/${boot.slug}?from=bookmark`);
    expect((await get(locationOf(old)!, { cookie: admin })).status).toBe(200);
    // Gun takes its first slug back: that address is its own again, and its second one leads to it.
    await postMultipart(
      `/admin/content/${row.slug}`,
      contentForm({
        title,
        formations: [
          { id: gun.id, title: "Gun Trips TE", slug: gun.slug, plays: gun.plays.map((play) => ({ title: play.title, slug: play.slug })) },
          { id: pistol.id, title: "Pistol Strong", slug: "pistol-2", plays: pistol.plays.map((play) => ({ title: play.title, slug: play.slug })) },
        ],
      }),
      admin,
    );
    expect((await get(`/content/${row.slug}/section/${gun.slug}`, { cookie: admin })).status).toBe(200);
    expect(locationOf(await get(`/content/${row.slug}/section/gun-trips-left`, { cookie: admin }))).toBe(`/content/${row.slug}/section/${gun.slug}`);
    // An address no formation ever had is still a 404.
    expect((await get(`/content/${row.slug}/section/never-${id}`, { cookie: admin })).status).toBe(404);
  });

  it("a new title moves the item to a new slug; links to the old one lead there (301), the rest of the path and the query kept", async () => {
    const id = token();
    const { row } = await createContent({ title: `Moving scheme ${id}`, formations: twoByTwo(id) });
    const old = row.slug;
    await publish(old);
    const edit = await postMultipart(`/admin/content/${old}`, contentForm({ title: `Moved scheme ${id}`, isPublished: true, formations: twoByTwo(id) }), admin);
    expect(edit.status).toBe(302);
    const [moved] = await contentByTitle(`Moved scheme ${id}`);
    expect(moved.id).toBe(row.id);
    expect(moved.slug).toBe(`moved-scheme-${id}`);
    published.push(moved.slug);

    const movedTo = async (path: string, cookie?: string) => {
      const response = await get(path, { cookie });
      return { status: response.status, location: response.headers.get("Location") };
    };
    expect(await movedTo(`/content/${old}`, premium)).toEqual({ status: 301, location: `/content/${moved.slug}` });
    expect(await movedTo(`/content/${old}/section/gun-trips-te/play/bubble-screen?t=30`, premium)).toEqual({
      status: 301,
      location: `/content/${moved.slug}/section/gun-trips-te/play/bubble-screen?t=30`,
    });
    // A client navigation (JavaScript on) asks with .data and _routes: the redirect names the page itself.
    const navigation = await get(`/content/${old}/section/gun-trips-te/play/bubble-screen.data?t=30&_routes=content-play`, { cookie: premium });
    expect(await navigation.text()).toContain(`"redirect","/content/${moved.slug}/section/gun-trips-te/play/bubble-screen?t=30"`);
    expect(await movedTo(`/scheme/${old}`)).toEqual({ status: 301, location: `/scheme/${moved.slug}` });
    expect(await movedTo(`/admin/content/${old}`, admin)).toEqual({ status: 301, location: `/admin/content/${moved.slug}` });
    expect((await page(`/content/${moved.slug}/section/gun-trips-te/play/bubble-screen`, premium)).main).toContain("Bubble Screen");
    // Links to a slug that never existed stay a 404.
    expect((await get(`/content/never-${id}`, { cookie: premium })).status).toBe(404);

    // A draft moves only for staff: a member following the old link finds nothing, as on its own slug.
    await state.db.update(content).set({ isPublished: false }).where(eq(content.id, row.id));
    expect((await movedTo(`/content/${old}`, premium)).status).toBe(404);
    expect((await movedTo(`/scheme/${old}`)).status).toBe(404);
    expect(await movedTo(`/content/${old}`, admin)).toEqual({ status: 301, location: `/content/${moved.slug}` });

    // A new item may take the old slug: the live item answers it from then on.
    const { row: taker } = await createContent({ title: `Moving scheme ${id}` });
    expect(taker.slug).toBe(old);
    const opened = await page(`/content/${old}`, admin);
    expect(opened.status).toBe(200);
    expect(opened.html).toContain(`Moving scheme ${id}`);
    expect(await state.db.select().from(contentSlugRedirects).where(eq(contentSlugRedirects.oldSlug, old))).toEqual([]);

    // Deleting the moved item removes what led to it.
    await state.db.insert(contentSlugRedirects).values({ oldSlug: `gone-${id}`, contentId: row.id });
    expect((await postForm("/admin", { intent: "delete-content", slug: moved.slug }, { cookie: admin })).status).toBe(302);
    expect(await state.db.select().from(contentSlugRedirects).where(eq(contentSlugRedirects.contentId, row.id))).toEqual([]);
    expect((await get(`/content/gone-${id}`, { cookie: admin })).status).toBe(404);
  });
});

describe("deleting content", () => {
  it("removes its formations, plays, ratings, comments and favourites", async () => {
    const id = token();
    const title = `Doomed scheme ${id}`;
    const { row } = await createContent({ title, formations: twoByTwo(id) });
    const stored = (await storedContent(row.slug))!;
    const sectionIds = stored.formations.map((formation) => formation.id);
    const playIds = stored.formations.flatMap((formation) => formation.plays.map((play) => play.id));
    const premiumId = await demoUserId("premium");
    await state.db.insert(contentRatings).values([{ userId: premiumId, contentId: row.id, rating: 5 }, { userId: adminId, contentId: row.id, rating: 3 }]);
    await state.db.insert(comments).values({ userId: premiumId, contentType: "content", contentId: row.id, comment: "Great scheme", authorName: "Jordan" });
    await state.db.insert(favorites).values({ userId: premiumId, contentId: row.id });

    const dialogPath = `/admin?content=${row.slug}&dialog=delete-content#content`;
    const dialog = await page(dialogPath, admin);
    expect(dialog.main).toContain(`Delete “${title}”? Its formations, plays, ratings, comments and favorites are deleted too. This action cannot be undone.`);
    expect(dialog.main).not.toContain("Members keep");
    // Two of its plays in one member's gameplan (one of them in two situations): the dialog says so.
    const [plan] = await state.db.insert(gameplans).values({ userId: premiumId, name: `Doomed plan ${id}`, game: "college" }).returning({ id: gameplans.id });
    await state.db.insert(gameplanPlays).values([
      { gameplanId: plan.id, playId: playIds[0], contentId: row.id, situation: "openers", position: 0 },
      { gameplanId: plan.id, playId: playIds[0], contentId: row.id, situation: "red-zone", position: 0 },
      { gameplanId: plan.id, playId: playIds[1], contentId: row.id, situation: "openers", position: 1 },
    ]);
    expect(textOf((await page(dialogPath, admin)).main)).toContain("Members keep 2 of its plays in 1 gameplan: they leave that gameplan.");
    await publish(row.slug);
    expect((await page(`/content/${row.slug}`, premium)).status).toBe(200);

    const response = await postForm("/admin", { intent: "delete-content", slug: row.slug }, { cookie: admin });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe("/admin#content");
    expect(toastFrom(response)).toEqual({ kind: "success", title: "Success", description: "Content deleted successfully" });

    expect(await storedContent(row.slug)).toBeNull();
    expect(await state.db.select().from(contentSections).where(or(inArray(contentSections.id, sectionIds), eq(contentSections.contentId, row.id)))).toEqual([]);
    expect(await state.db.select().from(contentPlays).where(or(inArray(contentPlays.id, playIds), inArray(contentPlays.sectionId, sectionIds)))).toEqual([]);
    expect(await state.db.select().from(contentRatings).where(eq(contentRatings.contentId, row.id))).toEqual([]);
    expect(await state.db.select().from(comments).where(eq(comments.contentId, row.id))).toEqual([]);
    expect(await state.db.select().from(favorites).where(eq(favorites.contentId, row.id))).toEqual([]);
    expect(await state.db.select().from(gameplanPlays).where(eq(gameplanPlays.gameplanId, plan.id))).toEqual([]);
    // The member's gameplan keeps what it said: each entry, with its formation and the scheme gone with it.
    const told = await state.db
      .select({ situation: gameplanRemovals.situation, play: gameplanRemovals.playTitle, formation: gameplanRemovals.formation, scheme: gameplanRemovals.contentTitle })
      .from(gameplanRemovals)
      .where(eq(gameplanRemovals.gameplanId, plan.id));
    const [first, second] = stored.formations[0].plays;
    expect(told.sort((a, b) => `${a.situation}${a.play}`.localeCompare(`${b.situation}${b.play}`))).toEqual(
      [
        { situation: "openers", play: first.title, formation: stored.formations[0].title, scheme: title },
        { situation: "red-zone", play: first.title, formation: stored.formations[0].title, scheme: title },
        { situation: "openers", play: second.title, formation: stored.formations[0].title, scheme: title },
      ].sort((a, b) => `${a.situation}${a.play}`.localeCompare(`${b.situation}${b.play}`)),
    );
    await state.db.delete(gameplans).where(eq(gameplans.id, plan.id));
    expect(await state.db.select().from(gameplanRemovals).where(eq(gameplanRemovals.gameplanId, plan.id))).toEqual([]);
    expect((await page(`/content/${row.slug}`, premium)).status).toBe(404);

    const again = await postForm("/admin", { intent: "delete-content", slug: row.slug }, { cookie: superadmin });
    expect(again.status).toBe(404);
  });
});

import { asc, eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { content, contentPlays, contentSections, gameplanPlays, gameplans } from "../../db/schema";
import { GAMEPLAN_SITUATIONS } from "../../db/enums";
import { GAMEPLAN_NAME_MAX } from "~/lib/gameplans";
import { DEMO_PASSWORD } from "../../db/seed";
import { SEED_GAMEPLANS } from "../../db/seed-data";
import { createMember, demoUserId } from "../support/accounts";
import { launchBrowser, newPage, onScreen, signInAs, signInWithPassword, type PageOptions, visible } from "../support/browser";
import { JS_MODES, watchedPage, type JsMode, type WatchedPage } from "../support/form-matrix";
import { testState, type TestState } from "../support/test-state";

// Gameplans in the browser: every form of a gameplan, with JavaScript on and off, up to its success
// message (create, 'Add to gameplan', 'Move up', the note, 'Move to', 'Remove', rename, share,
// 'Stop sharing', delete); drag and drop with JavaScript; the call sheet printed to PDF by Chromium
// (one landscape page holding every play name, read back with pdf.js); the wristband;
// phone-sized screens.

let browser: Browser;
let state: TestState;
beforeAll(async () => {
  [browser, state] = await Promise.all([launchBrowser(), testState()]);
});
afterAll(async () => {
  await browser?.close();
});

const MESH = "/content/cfb26-spread-rpo-attack/section/gun-bunch/play/mesh";
const SNAG = "/content/cfb26-spread-rpo-attack/section/gun-bunch/play/snag";

async function signedInMember(mode: JsMode, options: PageOptions = {}) {
  const member = await createMember({ subscriptionTier: "premium", accessExpiresAt: new Date(Date.now() + 30 * 86_400_000) });
  const w = await watchedPage(browser, mode, options);
  await signInWithPassword(w.page, member.email, DEMO_PASSWORD);
  return { w, member };
}

async function open(w: WatchedPage, mode: JsMode, path: string) {
  await w.page.goto(path, { waitUntil: mode.javaScriptEnabled ? "networkidle" : "load" });
  await w.check();
}

async function succeeded(w: WatchedPage, text: string) {
  await visible(w.page.getByRole("status").getByText(text, { exact: true }), 15_000);
  await w.check();
}

/** The play names of one situation of the gameplan page, in order. */
/** The first plays of the seed's Spread RPO Attack, in their order (to put on a gameplan directly). */
function spreadPlays(count: number) {
  return state.db
    .select({ id: contentPlays.id, title: contentPlays.title, contentId: content.id })
    .from(contentPlays)
    .innerJoin(contentSections, eq(contentSections.id, contentPlays.sectionId))
    .innerJoin(content, eq(content.id, contentSections.contentId))
    .where(eq(content.slug, "cfb26-spread-rpo-attack"))
    .orderBy(asc(contentSections.position), asc(contentPlays.position))
    .limit(count);
}

async function playsIn(page: Page, situation: string) {
  return page.locator(`#situation-${situation} li[data-entry] p.font-bold`).allInnerTexts();
}

function entry(page: Page, title: string) {
  return page.locator("li[data-entry]", { has: page.locator("p.font-bold", { hasText: new RegExp(`^${title}( Locked)?$`) }) });
}

async function addToGameplan(w: WatchedPage, mode: JsMode, path: string, gameplan: string, situation: string, title: string) {
  await open(w, mode, path);
  await w.page.getByLabel("Gameplan", { exact: true }).selectOption({ label: gameplan });
  await w.page.getByLabel("Situation", { exact: true }).selectOption({ label: situation });
  await w.page.getByRole("button", { name: "Add to gameplan" }).click();
  await succeeded(w, `${title} is in ${gameplan} under ${situation}.`);
}

/** Creates a College Football gameplan from /gameplans through its form; returns the new gameplan's path. */
async function createGameplan(w: WatchedPage, mode: JsMode, name: string) {
  await open(w, mode, "/gameplans");
  await w.page.getByLabel("Name", { exact: true }).fill(name);
  await w.page.getByLabel("Game", { exact: true }).selectOption("college");
  await w.page.getByRole("button", { name: "Create gameplan" }).click();
  await succeeded(w, "Gameplan created");
  return new URL(w.page.url()).pathname;
}

/** The text of the element that has keyboard focus. */
function focused(page: Page) {
  return page.evaluate(() => document.activeElement?.textContent?.trim() ?? null);
}

describe.each(JS_MODES)("gameplan forms ($label)", (mode) => {
  it("builds a gameplan: create, add plays, move, note, move to, remove, rename, share, stop sharing, delete", async () => {
    const { w } = await signedInMember(mode);
    const { page } = w;
    const name = `Week ${crypto.randomUUID().slice(0, 6)}`;

    const gameplanPath = await createGameplan(w, mode, name);
    await visible(page.getByRole("heading", { name, level: 1 }));

    await addToGameplan(w, mode, MESH, name, "Openers", "Mesh");
    await addToGameplan(w, mode, SNAG, name, "Openers", "Snag");

    await open(w, mode, gameplanPath);
    expect(await playsIn(page, "openers")).toEqual(["Mesh", "Snag"]);
    await page.getByRole("button", { name: "Move up (Snag)" }).click();
    await succeeded(w, "Play moved");
    // Without JavaScript the page opens again at the play, not at its top.
    if (!mode.javaScriptEnabled) expect(new URL(page.url()).hash).toMatch(/^#entry-\d+$/);
    await expect.poll(() => playsIn(page, "openers")).toEqual(["Snag", "Mesh"]);
    // With JavaScript the keyboard stays on the play: Snag is first now, so on its 'Move down'.
    if (mode.javaScriptEnabled) await expect.poll(() => focused(page)).toBe("Move down (Snag)");

    await entry(page, "Mesh").locator("summary").click();
    await page.getByLabel("Note for Mesh").fill("Hot route the back vs man.");
    await page.getByRole("button", { name: "Save note (Mesh)" }).click();
    await succeeded(w, "Note saved");
    await visible(entry(page, "Mesh").getByTestId("entry-note").getByText("Hot route the back vs man."));
    // The box holds the saved note, so saving again does not put back an older one.
    expect(await page.getByLabel("Note for Mesh").inputValue()).toBe("Hot route the back vs man.");
    if (!mode.javaScriptEnabled) expect(new URL(page.url()).hash).toMatch(/^#entry-\d+$/);
    // The note's form is rebuilt with the saved note: the keyboard stays on its button.
    if (mode.javaScriptEnabled) await expect.poll(() => focused(page)).toBe("Save note (Mesh)");

    if (!(await entry(page, "Mesh").locator("details").evaluate((details) => (details as HTMLDetailsElement).open))) await entry(page, "Mesh").locator("summary").click();
    await page.getByLabel("Move to (for Mesh)").selectOption({ label: "Red zone" });
    await page.getByRole("button", { name: "Move (Mesh)", exact: true }).click();
    await succeeded(w, "The play is in Red zone.");
    await expect.poll(() => playsIn(page, "red-zone")).toEqual(["Mesh"]);
    expect(await playsIn(page, "openers")).toEqual(["Snag"]);
    if (mode.javaScriptEnabled) await expect.poll(() => focused(page)).toBe("Note, move or remove (Mesh)");

    if (!(await entry(page, "Snag").locator("details").evaluate((details) => (details as HTMLDetailsElement).open))) await entry(page, "Snag").locator("summary").click();
    await page.getByRole("button", { name: "Remove (Snag)" }).click();
    await succeeded(w, "Play removed");
    await expect.poll(() => playsIn(page, "openers")).toEqual([]);
    if (!mode.javaScriptEnabled) expect(new URL(page.url()).hash).toBe("#situation-openers");
    // The last play of the situation is gone: the keyboard lands on the situation's heading, not the page's top.
    if (mode.javaScriptEnabled) await expect.poll(() => focused(page)).toBe("Openers0 plays");

    await page.getByLabel("Name", { exact: true }).fill(`${name} finals`);
    await page.getByRole("button", { name: "Rename", exact: true }).click();
    await succeeded(w, "Gameplan renamed");
    await visible(page.getByRole("heading", { name: `${name} finals`, level: 1 }));
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe(`${name} finals`);
    if (mode.javaScriptEnabled) await expect.poll(() => focused(page)).toBe("Rename");

    await page.getByRole("button", { name: "Create share link" }).click();
    await succeeded(w, "Share link created");
    if (mode.javaScriptEnabled) await expect.poll(() => focused(page)).toBe("Stop sharing");
    const link = await page.getByLabel("Share link").inputValue();
    expect(link).toMatch(/\/gameplans\/shared\/[A-Za-z0-9_-]{32}$/);
    const visitor = await newPage(browser, { javaScriptEnabled: mode.javaScriptEnabled });
    await visitor.page.goto(link);
    await visible(visitor.page.getByRole("heading", { name: `${name} finals` }));
    await visible(visitor.page.getByText("Mesh", { exact: true }));
    await visible(visitor.page.getByRole("link", { name: "Join Gridiron Playbook" }));

    await page.getByRole("button", { name: "Stop sharing" }).click();
    await succeeded(w, "Sharing stopped");
    await visitor.page.reload();
    await visible(visitor.page.getByRole("heading", { name: "This gameplan is no longer shared" }));
    await visitor.context.close();

    // A play with a note asks first: 'Keep it' keeps it, 'Yes, remove' removes it and its note.
    const openMesh = async () => {
      if (!(await entry(page, "Mesh").locator("details").evaluate((details) => (details as HTMLDetailsElement).open))) await entry(page, "Mesh").locator("summary").click();
    };
    const question = entry(page, "Mesh").getByText("from this gameplan? Its note goes with it.");
    await openMesh();
    await page.getByRole("link", { name: "Remove (Mesh)" }).click();
    await visible(question);
    if (mode.javaScriptEnabled) await expect.poll(() => focused(page)).toBe("Yes, remove");
    await entry(page, "Mesh").getByRole("link", { name: "Keep it" }).click();
    await expect.poll(() => question.count()).toBe(0);
    expect(await playsIn(page, "red-zone")).toEqual(["Mesh"]);
    // Still open where 'Remove' is, with JavaScript or without (a new page then).
    await visible(page.getByRole("link", { name: "Remove (Mesh)" }));
    if (mode.javaScriptEnabled) await expect.poll(() => focused(page)).toBe("Remove (Mesh)");
    await openMesh();
    await page.getByRole("link", { name: "Remove (Mesh)" }).click();
    await entry(page, "Mesh").getByRole("button", { name: "Yes, remove" }).click();
    await succeeded(w, "Play removed");
    await expect.poll(() => playsIn(page, "red-zone")).toEqual([]);
    expect(new URL(page.url()).searchParams.has("remove")).toBe(false);

    // Asked in place: the keyboard is on the answer, and back on the link after 'Cancel'.
    await page.getByRole("link", { name: "Delete gameplan" }).click();
    await visible(page.getByRole("button", { name: "Yes, delete gameplan" }));
    if (mode.javaScriptEnabled) await expect.poll(() => focused(page)).toBe("Yes, delete gameplan");
    await page.getByRole("link", { name: "Cancel", exact: true }).click();
    await visible(page.getByRole("link", { name: "Delete gameplan" }));
    if (mode.javaScriptEnabled) await expect.poll(() => focused(page)).toBe("Delete gameplan");
    await page.getByRole("link", { name: "Delete gameplan" }).click();
    await page.getByRole("button", { name: "Yes, delete gameplan" }).click();
    await succeeded(w, "Gameplan deleted");
    expect(new URL(page.url()).pathname).toBe("/gameplans");
    await w.finish();
  });

  it("a gameplan started from a play (none of its game yet) comes back to that play, which then offers it", async () => {
    const { w } = await signedInMember(mode);
    const { page } = w;
    const name = `From Mesh ${crypto.randomUUID().slice(0, 6)}`;
    await open(w, mode, MESH);
    await visible(page.getByText("You have no College Football 26 gameplans yet.", { exact: false }));
    await page.getByRole("link", { name: "Create a gameplan" }).click();
    await page.waitForURL((url) => url.pathname === "/gameplans");
    await visible(page.getByText("Once it is created, you go back to the play to add it.", { exact: true }));
    await w.check();
    await page.getByLabel("Name", { exact: true }).fill(name);
    // The game comes chosen from the play.
    expect(await page.getByLabel("Game", { exact: true }).inputValue()).toBe("college");
    await page.getByRole("button", { name: "Create gameplan" }).click();
    await succeeded(w, "Gameplan created");
    expect(new URL(page.url()).pathname).toBe(MESH);
    expect(new URL(page.url()).hash).toBe("#add-to-gameplan");
    await page.getByLabel("Situation", { exact: true }).selectOption({ label: "Openers" });
    expect(await page.getByLabel("Gameplan", { exact: true }).locator("option:checked").innerText()).toBe(name);
    await page.getByRole("button", { name: "Add to gameplan" }).click();
    await succeeded(w, `Mesh is in ${name} under Openers.`);
    await w.finish();
  });
});

describe("with JavaScript", () => {
  it("drags a play to another place and another situation; the order is saved", async () => {
    // Tall enough for every situation to be on screen: a drag does not scroll the page here.
    const { w, member } = await signedInMember(JS_MODES[0], { viewport: { width: 1280, height: 2400 } });
    const { page } = w;
    const [plan] = await state.db.insert(gameplans).values({ userId: member.id, name: "Drag plan", game: "college" }).returning({ id: gameplans.id });
    const plays = await spreadPlays(3);
    await state.db.insert(gameplanPlays).values(plays.map((play, position) => ({ gameplanId: plan.id, playId: play.id, contentId: play.contentId, situation: "openers" as const, position })));
    const [first, second, third] = plays.map((play) => play.title);

    await open(w, JS_MODES[0], `/gameplans/${plan.id}`);
    await entry(page, third).dragTo(entry(page, first), { targetPosition: { x: 20, y: 2 } });
    await expect.poll(() => playsIn(page, "openers")).toEqual([third, first, second]);
    await entry(page, first).dragTo(page.locator("#situation-goal-line"));
    await expect.poll(() => playsIn(page, "goal-line")).toEqual([first]);
    await expect.poll(() => playsIn(page, "openers")).toEqual([third, second]);
    await page.reload({ waitUntil: "networkidle" });
    expect(await playsIn(page, "openers")).toEqual([third, second]);
    expect(await playsIn(page, "goal-line")).toEqual([first]);
    await w.finish();
  });

  it("on a phone, the toast of a move never covers the 'Move down' the keyboard stays on", async () => {
    const { w, member } = await signedInMember(JS_MODES[0], { viewport: { width: 390, height: 844 } });
    const { page } = w;
    const [plan] = await state.db.insert(gameplans).values({ userId: member.id, name: "Thumb plan", game: "college" }).returning({ id: gameplans.id });
    // Three plays in Openers, and the same three further down the board (a page that scrolls).
    const plays = await spreadPlays(3);
    await state.db.insert(gameplanPlays).values(
      (["openers", "goal-line"] as const).flatMap((situation) => plays.map((play, position) => ({ gameplanId: plan.id, playId: play.id, contentId: play.contentId, situation, position }))),
    );
    await open(w, JS_MODES[0], `/gameplans/${plan.id}`);
    // The goal line's first play's 'Move down' near the bottom of the screen, where the toast appears.
    const button = page.locator("#situation-goal-line").getByRole("button", { name: `Move down (${plays[0].title})` });
    await button.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - (window.innerHeight - 150)));
    await button.focus();
    await page.keyboard.press("Enter");
    await succeeded(w, "Play moved");
    await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest("#situation-goal-line")))).toBe(true);
    // What is drawn at the focused button's middle is the button, not the toast over it.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const active = document.activeElement as HTMLElement;
          const box = active.getBoundingClientRect();
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return Boolean(hit && (hit === active || active.contains(hit)));
        }),
      )
      .toBe(true);
    await w.finish();
  });

  it("'Add to gameplan' to a gameplan deleted in another tab says so, and the form stops offering it", async () => {
    const { w, member } = await signedInMember(JS_MODES[0], { viewport: { width: 390, height: 844 } });
    const { page } = w;
    const [gone, kept] = await state.db
      .insert(gameplans)
      .values([{ userId: member.id, name: "Deleted elsewhere", game: "college" as const }, { userId: member.id, name: "Still here", game: "college" as const }])
      .returning({ id: gameplans.id });
    await open(w, JS_MODES[0], MESH);
    const gameplan = page.getByLabel("Gameplan", { exact: true });
    await gameplan.selectOption({ label: "Deleted elsewhere" });
    await state.db.delete(gameplans).where(eq(gameplans.id, gone.id));
    await page.getByRole("button", { name: "Add to gameplan" }).click();
    await visible(page.locator("#add-to-gameplan").getByRole("status").getByText("Gameplan not found.", { exact: true }));
    await expect.poll(() => gameplan.locator("option").allInnerTexts()).toEqual(["Still here"]);
    await page.getByRole("button", { name: "Add to gameplan" }).click();
    await succeeded(w, "Mesh is in Still here under Openers.");
    expect(await state.db.select({ id: gameplanPlays.id }).from(gameplanPlays).where(eq(gameplanPlays.gameplanId, kept.id))).toHaveLength(1);
    w.problems.splice(0, w.problems.length, ...w.problems.filter((problem) => !problem.includes("status of 404")));
    await w.finish();
  });

  it("a drop the server refuses puts the play back and says why above the board", async () => {
    const { w, member } = await signedInMember(JS_MODES[0], { viewport: { width: 1280, height: 2400 } });
    const { page } = w;
    const [plan] = await state.db.insert(gameplans).values({ userId: member.id, name: "Refused drop", game: "college" }).returning({ id: gameplans.id });
    const [play] = await spreadPlays(1);
    // The same play in two situations: moving the '1st down' one into 'Openers' is refused (409).
    await state.db.insert(gameplanPlays).values([
      { gameplanId: plan.id, playId: play.id, contentId: play.contentId, situation: "openers" as const, position: 0 },
      { gameplanId: plan.id, playId: play.id, contentId: play.contentId, situation: "first-down" as const, position: 0 },
    ]);
    await open(w, JS_MODES[0], `/gameplans/${plan.id}`);
    await page.locator("#situation-first-down li[data-entry]").first().dragTo(page.locator("#situation-openers"));
    await visible(page.getByRole("alert").filter({ hasText: "This play is already in Openers." }));
    expect(await playsIn(page, "openers")).toEqual([play.title]);
    expect(await playsIn(page, "first-down")).toEqual([play.title]);
    // The browser's own note of the 409 answer is expected here.
    w.problems.splice(0, w.problems.length, ...w.problems.filter((problem) => !problem.includes("status of 409")));
    await w.finish();
  });

  it("'Print call sheet' calls the browser's print", async () => {
    const { context, page } = await newPage(browser);
    await signInAs(page, "premium");
    await page.goto(`/gameplans/${await seededGameplanId(0)}`, { waitUntil: "networkidle" });
    await page.evaluate(() => {
      window.print = () => document.body.setAttribute("data-printed", "yes");
    });
    await page.getByRole("button", { name: "Print call sheet" }).click();
    expect(await page.locator("body").getAttribute("data-printed")).toBe("yes");
    await context.close();
  });
});

/** A new premium member with an empty gameplan of that name and game. */
async function premiumPlan(name: string, game: "college" | "madden") {
  const member = await createMember({ subscriptionTier: "premium", accessExpiresAt: new Date(Date.now() + 86_400_000) });
  const [plan] = await state.db.insert(gameplans).values({ userId: member.id, name, game }).returning({ id: gameplans.id });
  return { member, plan };
}

/** A game's plays (the first `limit` of them by id), with their titles and schemes. */
function playsOfGame(game: "college" | "madden", limit = 1000) {
  return state.db
    .select({ id: contentPlays.id, title: contentPlays.title, contentId: content.id })
    .from(contentPlays)
    .innerJoin(contentSections, eq(contentSections.id, contentPlays.sectionId))
    .innerJoin(content, eq(content.id, contentSections.contentId))
    .where(eq(content.game, game))
    .orderBy(asc(contentPlays.id))
    .limit(limit);
}

/** The premium demo member's seeded gameplans, in SEED_GAMEPLANS order. */
async function seededGameplanId(index: number) {
  const rows = await state.db.select({ id: gameplans.id, name: gameplans.name }).from(gameplans).where(eq(gameplans.userId, await demoUserId("premium"))).orderBy(asc(gameplans.id));
  return rows.find((row) => row.name === SEED_GAMEPLANS[index].name)!.id;
}

/**
 * The page printed to PDF by Chromium (landscape), its number of pages and its text, read back with
 * pdf.js (an npm package: `npm test` needs nothing installed by hand).
 */
async function printed(page: Page) {
  const pdf = await page.pdf({ landscape: true, printBackground: true });
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false }).promise;
  try {
    const texts: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const content = await (await document.getPage(number)).getTextContent();
      texts.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
    }
    return { pages: document.numPages, text: texts.join(" ").replace(/\s+/g, " ") };
  } finally {
    await document.destroy();
  }
}

describe("without JavaScript", () => {
  it("a refused 'Move to' opens the page again at the play, its message on screen", async () => {
    const mode = JS_MODES[1];
    expect(mode.javaScriptEnabled).toBe(false);
    const { w, member } = await signedInMember(mode, { viewport: { width: 390, height: 844 } });
    const { page } = w;
    const [plan] = await state.db.insert(gameplans).values({ userId: member.id, name: "Refusal plan", game: "college" }).returning({ id: gameplans.id });
    const [mesh] = await state.db
      .select({ id: contentPlays.id, contentId: content.id })
      .from(contentPlays)
      .innerJoin(contentSections, eq(contentSections.id, contentPlays.sectionId))
      .innerJoin(content, eq(content.id, contentSections.contentId))
      .where(eq(contentPlays.slug, "mesh"))
      .limit(1);
    // Mesh under Openers, and again under Goal line: moving the Goal line one to Openers is refused.
    const rows = await state.db
      .insert(gameplanPlays)
      .values((["openers", "goal-line"] as const).map((situation) => ({ gameplanId: plan.id, playId: mesh.id, contentId: mesh.contentId, situation, position: 0 })))
      .returning({ id: gameplanPlays.id, situation: gameplanPlays.situation });
    const goalLine = rows.find((row) => row.situation === "goal-line")!;
    await open(w, mode, `/gameplans/${plan.id}`);
    const item = page.locator(`#entry-${goalLine.id}`);
    await item.locator("summary").click();
    await item.getByLabel(/^Move to/).selectOption({ label: "Openers" });
    await item.getByRole("button", { name: /^Move \(/ }).click();
    await page.waitForLoadState("load");
    expect(new URL(page.url()).hash).toBe(`#entry-${goalLine.id}`);
    const message = item.getByRole("alert");
    await visible(message);
    expect(await onScreen(message)).toBe(true);
    w.problems.splice(0, w.problems.length, ...w.problems.filter((problem) => !problem.includes("status of 409")));
    await w.finish();
  });
});

describe("without JavaScript, on a phone", () => {
  it("a refused rename or new gameplan opens the page again at its form, the message on screen", async () => {
    const mode = JS_MODES[1];
    expect(mode.javaScriptEnabled).toBe(false);
    const { w, member } = await signedInMember(mode, { viewport: { width: 390, height: 844 } });
    const { page } = w;
    const plans = await state.db
      .insert(gameplans)
      .values(["Alpha plan", "Beta plan", "Gamma plan", "Delta plan"].map((name) => ({ userId: member.id, name, game: "college" as const })))
      .returning({ id: gameplans.id, name: gameplans.name });
    const beta = plans.find((plan) => plan.name === "Beta plan")!;
    // A long board: nine plays under Openers, so the rename form is screens below the top.
    const plays = await spreadPlays(9);
    await state.db.insert(gameplanPlays).values(plays.map((play, position) => ({ gameplanId: beta.id, playId: play.id, contentId: play.contentId, situation: "openers" as const, position })));

    await open(w, mode, `/gameplans/${beta.id}`);
    const rename = page.locator("#rename-gameplan");
    await rename.getByLabel("Name", { exact: true }).fill("alpha PLAN");
    await rename.getByRole("button", { name: "Rename", exact: true }).click();
    await page.waitForLoadState("load");
    expect(new URL(page.url()).hash).toBe("#rename-gameplan");
    await visible(rename.locator("[id$='-error']"));
    expect(await onScreen(page.locator("#rename-gameplan [id$='-error']"))).toBe(true);

    await open(w, mode, "/gameplans");
    const create = page.locator("#create-gameplan");
    await create.getByLabel("Name", { exact: true }).fill("Gamma Plan");
    await create.getByLabel("Game", { exact: true }).selectOption("college");
    await create.getByRole("button", { name: "Create gameplan" }).click();
    await page.waitForLoadState("load");
    expect(new URL(page.url()).hash).toBe("#create-gameplan");
    expect(await onScreen(page.locator("#create-gameplan [id$='-error']"))).toBe(true);
    w.problems.splice(0, w.problems.length, ...w.problems.filter((problem) => !problem.includes("status of 409")));
    await w.finish();
  });
});

describe("printing", () => {
  it.each(SEED_GAMEPLANS.map((plan, index) => [plan.name, index] as const))("the call sheet of %s is one landscape page holding every play name, and nothing of the site around it", async (_, index) => {
    const { context, page } = await newPage(browser);
    await signInAs(page, "premium");
    await page.goto(`/gameplans/${await seededGameplanId(index)}`);
    const { pages, text } = await printed(page);
    expect(pages).toBe(1);
    const titles = await state.db
      .select({ title: contentPlays.title })
      .from(gameplanPlays)
      .innerJoin(contentPlays, eq(contentPlays.id, gameplanPlays.playId))
      .where(eq(gameplanPlays.gameplanId, await seededGameplanId(index)));
    expect(titles.length).toBe(SEED_GAMEPLANS[index].plays.length);
    for (const { title } of titles) expect(text).toContain(title);
    for (const label of ["Openers", "1st down", "3rd and short", "3rd and long", "Red zone", "Two-minute", "vs Blitz", "Goal line"]) expect(text).toContain(label.toUpperCase());
    for (const frame of ["Move up", "Rename", "Delete gameplan", "Terms of Service"]) expect(text).not.toContain(frame);
    await context.close();
  });

  it("a full gameplan (60 plays with notes) still prints on one landscape page with every play name", async () => {
    const { member, plan } = await premiumPlan("Full sheet", "madden");
    const plays = await playsOfGame("madden", 60);
    const rows = Array.from({ length: 60 }, (_, index) => ({
      gameplanId: plan.id,
      playId: plays[index % plays.length].id,
      contentId: plays[index % plays.length].contentId,
      situation: GAMEPLAN_SITUATIONS[index % GAMEPLAN_SITUATIONS.length],
      position: Math.floor(index / GAMEPLAN_SITUATIONS.length),
      note: "Check the coverage first, then audible to the hot route if the safety rotates down late.",
    }));
    for (let start = 0; start < rows.length; start += 10) await state.db.insert(gameplanPlays).values(rows.slice(start, start + 10));
    const { context, page } = await newPage(browser);
    await signInWithPassword(page, member.email, DEMO_PASSWORD);
    await page.goto(`/gameplans/${plan.id}`);
    const { pages, text } = await printed(page);
    expect(pages).toBe(1);
    for (const play of new Set(rows.map((row) => plays.find((entry) => entry.id === row.playId)!.title))) expect(text).toContain(play);
    await context.close();
  });

  /** A premium member's Madden gameplan named `name` holding the first `count` Madden plays in one situation, each with `noteOf(index)`. */
  async function printablePlan(name: string, count: number, noteOf: (index: number) => string | null) {
    const { member, plan } = await premiumPlan(name, "madden");
    const plays = await playsOfGame("madden", count);
    expect(plays.length).toBe(count);
    const rows = plays.map((play, index) => ({ gameplanId: plan.id, playId: play.id, contentId: play.contentId, situation: "openers" as const, position: index, note: noteOf(index) }));
    for (let start = 0; start < rows.length; start += 10) await state.db.insert(gameplanPlays).values(rows.slice(start, start + 10));
    const { context, page } = await newPage(browser);
    await signInWithPassword(page, member.email, DEMO_PASSWORD);
    await page.goto(`/gameplans/${plan.id}`);
    return { context, page, titles: plays.map((play) => play.title) };
  }

  /** Text read back from a PDF breaks lines where the sheet wrapped them: compared without whitespace. */
  const squashed = (text: string) => text.replace(/\s+/g, "");

  const NOTE =
    "vs Cover 3: read the flat defender; if he sinks throw the flat, if he widens hit the curl. vs man: slant. Hot route the TE vs blitz, and if the safety rotates down late check to the backside dig before the snap. ".repeat(2);

  it("a member's note prints in full when the page has room: one opener's 200-character note among six", async () => {
    const note = NOTE.slice(0, 200).trim();
    const { context, page } = await printablePlan("Six openers", 6, (index) => (index === 0 ? note : null));
    const { pages, text } = await printed(page);
    expect(pages).toBe(1);
    expect(squashed(text)).toContain(squashed(note));
    await context.close();
  });

  it("eight openers with notes of 260 characters print on one page, every note in full", async () => {
    const note = NOTE.slice(0, 260).trim();
    const { context, page } = await printablePlan("Long notes", 8, () => note);
    const { pages, text } = await printed(page);
    expect(pages).toBe(1);
    expect(squashed(text).split(squashed(note)).length - 1).toBe(8);
    await context.close();
  });

  it("every Madden play in one situation, each with a note, under a 60-character name without spaces, still prints on one page", async () => {
    const total = (await playsOfGame("madden")).length;
    const name = "W".repeat(GAMEPLAN_NAME_MAX);
    const { context, page, titles } = await printablePlan(name, total, () => "Hot TE");
    const { pages, text } = await printed(page);
    expect(pages).toBe(1);
    expect(squashed(text)).toContain(name);
    for (const title of titles) expect(text).toContain(title);
    // The name wraps inside the sheet instead of widening it (Chromium would shrink the whole page to fit).
    await page.emulateMedia({ media: "print" });
    expect(await page.evaluate(() => document.querySelector<HTMLElement>(".call-sheet header")!.scrollWidth - document.querySelector<HTMLElement>(".call-sheet header")!.clientWidth)).toBeLessThanOrEqual(0);
    await context.close();
  });

  it("the longest notes on as many plays as one situation holds print in full, the situations flowing through the columns", async () => {
    const note = NOTE.slice(0, 280).trim();
    const { context, page, titles } = await printablePlan("Every note", 27, () => note);
    const { pages, text } = await printed(page);
    expect(pages).toBe(1);
    for (const title of titles) expect(text).toContain(title);
    expect(squashed(text).split(squashed(note)).length - 1).toBe(27);
    await context.close();
  });

  it("a full gameplan (60 plays, every note 280 characters long) cuts its notes short and still prints on one page", async () => {
    const note = NOTE.slice(0, 280).trim();
    const { member, plan } = await premiumPlan("Sixty notes", "college");
    const plays = await playsOfGame("college", 27);
    const slots = [
      ...plays.map((play, index) => ({ play, situation: "openers" as const, position: index })),
      ...plays.map((play, index) => ({ play, situation: "third-long" as const, position: index })),
      ...plays.slice(0, 6).map((play, index) => ({ play, situation: "red-zone" as const, position: index })),
    ];
    expect(slots.length).toBe(60);
    const rows = slots.map(({ play, situation, position }) => ({ gameplanId: plan.id, playId: play.id, contentId: play.contentId, situation, position, note }));
    for (let start = 0; start < rows.length; start += 10) await state.db.insert(gameplanPlays).values(rows.slice(start, start + 10));
    const { context, page } = await newPage(browser);
    await signInWithPassword(page, member.email, DEMO_PASSWORD);
    await page.goto(`/gameplans/${plan.id}`);
    const { pages, text } = await printed(page);
    expect(pages).toBe(1);
    for (const { title } of plays) expect(text).toContain(title);
    expect(squashed(text)).not.toContain(squashed(note));
    await context.close();
  });

  it("the wristband numbers the openers and the 3rd-down plays on its own URL", async () => {
    const { context, page } = await newPage(browser);
    await signInAs(page, "premium");
    await page.goto(`/gameplans/${await seededGameplanId(1)}`);
    await page.getByRole("link", { name: "Wristband" }).click();
    await visible(page.getByRole("heading", { name: "Wristband", level: 1 }));
    const card = page.getByRole("region", { name: /Ranked Weekend/ });
    const lines = (await card.locator("li").allInnerTexts()).map((line) => line.replace(/\s+/g, " ").trim());
    const plan = SEED_GAMEPLANS[1].plays;
    const expected = (["openers", "third-short", "third-long"] as const).flatMap((situation) => plan.filter((entry) => entry.situation === situation));
    expect(lines.length).toBe(expected.length);
    lines.forEach((line, index) => expect(line.startsWith(`${index + 1} `)).toBe(true));
    const { pages } = await printed(page);
    expect(pages).toBe(1);
    await context.close();
  });
});

describe("phone-sized screens", () => {
  it("the gameplan pages never scroll sideways at 390 px, even with a long name without spaces", async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await signInAs(page, "premium");
    const id = await seededGameplanId(0);
    const token = crypto.randomUUID().replaceAll("-", "");
    const [{ name }] = await state.db.select({ name: gameplans.name }).from(gameplans).where(eq(gameplans.id, id));
    const longName = "#RankedWeekendGauntletVsCover2HeavyUsersWeek12PlayoffPush".padEnd(GAMEPLAN_NAME_MAX, "X");
    await state.db.update(gameplans).set({ shareToken: token, name: longName }).where(eq(gameplans.id, id));
    try {
      for (const path of ["/gameplans", `/gameplans/${id}`, `/gameplans/${id}?delete=1`, `/gameplans/${id}/wristband`, `/gameplans/shared/${token}`, "/gameplans/shared/gone", MESH]) {
        await page.goto(path);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
      }
    } finally {
      await state.db.update(gameplans).set({ shareToken: null, name }).where(eq(gameplans.id, id));
    }
    await context.close();
  });
});

describe("a session that ended while adding a play", () => {
  it("logging in leads back to the play, and the login form opens at the top of the page", async () => {
    const { w } = await signedInMember(JS_MODES[0], { viewport: { width: 390, height: 844 } });
    const { page } = w;
    await createGameplan(w, JS_MODES[0], "Between games");
    await open(w, JS_MODES[0], MESH);
    await page.locator("#add-to-gameplan").scrollIntoViewIfNeeded();
    // The session ends (signed out in another tab) before the tap.
    await w.context.clearCookies();
    await page.getByRole("button", { name: "Add to gameplan" }).click();
    await page.waitForURL((url) => url.pathname === "/auth", { timeout: 15_000 });
    await visible(page.getByLabel("Email"));
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe(`${MESH}#add-to-gameplan`);
    await w.finish();
  });
});

describe.each(JS_MODES)("a play our team deleted ($label)", (mode) => {
  it("is listed above the board on a phone until 'Dismiss', which says so and leaves the keyboard on the gameplan's name", async () => {
    const { w } = await signedInMember(mode, { viewport: { width: 390, height: 844 } });
    const { page } = w;
    const name = `Told ${crypto.randomUUID().slice(0, 6)}`;
    const gameplanPath = await createGameplan(w, mode, name);
    const gameplanId = Number(gameplanPath.split("/").pop());
    // A scheme of the test's own whose play is on the gameplan, then deleted from the library.
    const slug = `removed-play-${crypto.randomUUID().slice(0, 8)}`;
    const [item] = await state.db.insert(content).values({ slug, title: "Deleted Scheme", game: "college", requiredTier: "free", isPublished: false }).returning({ id: content.id });
    const [section] = await state.db.insert(contentSections).values({ contentId: item.id, slug: "empty", title: "Empty Set" }).returning({ id: contentSections.id });
    const [play] = await state.db.insert(contentPlays).values({ sectionId: section.id, slug: "four-verts", title: "Four Verts", position: 0 }).returning({ id: contentPlays.id });
    await state.db.insert(gameplanPlays).values({ gameplanId, playId: play.id, contentId: item.id, situation: "two-minute", position: 0 });
    // As the content editor's save and 'Delete' do: the plays first, then their formation and item.
    await state.db.delete(contentPlays).where(eq(contentPlays.id, play.id));
    await state.db.delete(content).where(eq(content.id, item.id));

    await open(w, mode, gameplanPath);
    const notice = page.getByRole("region", { name: "A play was removed by our team" });
    await visible(notice);
    expect(await onScreen(notice)).toBe(true);
    expect(await notice.innerText()).toContain("Four Verts (Empty Set, Deleted Scheme), from Two-minute, on ");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await notice.getByRole("button", { name: "Dismiss" }).click();
    await succeeded(w, "Notice dismissed");
    await expect.poll(() => notice.count()).toBe(0);
    if (mode.javaScriptEnabled) expect(await focused(page)).toBe(name);
    await w.finish();
  });
});

describe.each(JS_MODES)("a play removed in another tab ($label)", (mode) => {
  it("moving it is refused above the board, and the board drops it", async () => {
    const { w } = await signedInMember(mode);
    const { page } = w;
    const name = `Tabs ${crypto.randomUUID().slice(0, 6)}`;
    const gameplanPath = await createGameplan(w, mode, name);
    await addToGameplan(w, mode, MESH, name, "Openers", "Mesh");
    await addToGameplan(w, mode, SNAG, name, "Openers", "Snag");
    await open(w, mode, gameplanPath);
    // Another tab of the same browser removes Snag.
    const other = await w.context.newPage();
    await other.goto(gameplanPath);
    await entry(other, "Snag").locator("summary").click();
    await other.getByRole("button", { name: "Remove (Snag)" }).click();
    await visible(other.getByRole("status").getByText("Play removed", { exact: true }), 15_000);
    await other.close();

    await page.getByRole("button", { name: "Move up (Snag)" }).click();
    await visible(page.getByRole("alert").getByText("That play is not in this gameplan.", { exact: true }), 15_000);
    await expect.poll(() => playsIn(page, "openers")).toEqual(["Mesh"]);
    // The browser's own note of the 404 answer is expected here.
    w.problems.splice(0, w.problems.length, ...w.problems.filter((problem) => !problem.includes("status of 404")));
    await w.finish();
  });
});

describe.each(JS_MODES)("a note typed while the session ran out ($label)", (mode) => {
  it("comes back through the login in its form, unsaved, and saves in one tap", async () => {
    const { w, member } = await signedInMember(mode, { viewport: { width: 390, height: 844 } });
    const { page } = w;
    const name = `Late ${crypto.randomUUID().slice(0, 6)}`;
    const gameplanPath = await createGameplan(w, mode, name);
    await addToGameplan(w, mode, MESH, name, "Openers", "Mesh");
    await open(w, mode, gameplanPath);
    await entry(page, "Mesh").locator("summary").click();
    // The longest note, in letters that take three bytes each: it is kept whole through the login.
    const note = "スロットをモーション".repeat(28);
    await page.getByLabel("Note for Mesh").fill(note);
    // The session ends before 'Save note'.
    await w.context.clearCookies();
    await page.getByRole("button", { name: "Save note (Mesh)" }).click();
    await page.waitForURL((url) => url.pathname === "/auth", { timeout: 15_000 });
    await page.getByLabel("Email").fill(member.email);
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL((url) => url.pathname === gameplanPath, { timeout: 15_000 });
    // Back at the play (its place on the board), the note in its form.
    expect(new URL(page.url()).hash).toMatch(/^#entry-\d+$/);
    await visible(page.getByText("Not saved: your session had ended. Your note is here; save it now.").first());
    expect(await page.getByLabel("Note for Mesh").inputValue()).toBe(note);
    await page.getByRole("button", { name: "Save note (Mesh)" }).click();
    await succeeded(w, "Note saved");
    await expect.poll(() => entry(page, "Mesh").getByTestId("entry-note").innerText()).toBe(note);
    await w.finish();
  });
});


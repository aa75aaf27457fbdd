import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_RATINGS } from "../../db/seed-data";
import { focusedName, launchBrowser, newPage, signInAs, visible } from "../support/browser";
import { customPlays, playWriteUp, premiumSchemes, publishedSeed, seedItem, TAB_TYPES, videoIdOf } from "../support/library";

// Items this file changes (ratings, favourites, comments of the premium member), used nowhere else:
const JS_ON_SCHEME = "cfb26-flexbone-triple-option";
const JS_OFF_SCHEME = "madden26-nickel-match-defense";

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  await browser?.close();
});

async function open(options: { javaScriptEnabled: boolean; role?: "premium" }) {
  const { context, page } = await newPage(browser, { javaScriptEnabled: options.javaScriptEnabled });
  contexts.push(context);
  if (options.role) await signInAs(page, options.role);
  return page;
}

const cardTitles = (page: Page) => page.locator("h3").allTextContents();
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function pathOf(page: Page) {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

function expectedAverage(slug: string, own: number) {
  const values = [...SEED_RATINGS.filter((rating) => rating.contentSlug === slug && rating.author !== "premium").map((rating) => rating.rating), own];
  return `${(values.reduce((sum, value) => sum + value, 0) / values.length).toFixed(2)} / 5 · ${values.length} ${values.length === 1 ? "rating" : "ratings"}`;
}

describe.each([
  ["on", true],
  ["off", false],
])("browsing the library (JavaScript %s)", (_, javaScriptEnabled) => {
  it("shows the tabs with their counts, switches tab and order, and opens a card", async () => {
    const page = await open({ javaScriptEnabled });
    await page.goto("/college");
    const tabs = page.getByRole("navigation", { name: "Content types" });
    await visible(tabs.getByRole("link", { name: /All Content/ }));
    expect(await page.getByTestId("count-all").textContent()).toBe(String(publishedSeed("college").length));
    for (const type of TAB_TYPES) {
      expect(await page.getByTestId(`count-${type}`).textContent(), type).toBe(String(publishedSeed("college", type).length));
    }
    expect(await cardTitles(page)).toEqual(publishedSeed("college").map((item) => item.title));

    await tabs.getByRole("link", { name: /Pro Tips/ }).click();
    await page.waitForURL("**/college?type=pro-tip");
    await visible(tabs.locator('a[aria-current="page"]', { hasText: "Pro Tips" }));
    expect(await cardTitles(page)).toEqual(publishedSeed("college", "pro-tip").map((item) => item.title));

    await page.getByRole("link", { name: /Switch to oldest first/ }).click();
    await page.waitForURL("**/college?type=pro-tip&sort=oldest");
    await visible(page.getByRole("link", { name: /Switch to latest first/ }));
    expect(await cardTitles(page)).toEqual(publishedSeed("college", "pro-tip").map((item) => item.title).reverse());

    // Free content opens for a visitor; premium cards are locked with their offers.
    const free = publishedSeed("college", "pro-tip").find((item) => item.requiredTier === "free")!;
    await page.getByRole("link", { name: new RegExp(escapeRegExp(free.title)) }).click();
    await page.waitForURL(`**/content/${free.slug}`);
    await visible(page.getByRole("heading", { level: 1, name: free.title }));
    await page.getByRole("link", { name: "Back" }).click();
    await page.waitForURL((url) => url.pathname === "/college");
    if (javaScriptEnabled) expect(await pathOf(page)).toBe("/college?type=pro-tip&sort=oldest");

    await page.goto("/madden?type=meta-scheme");
    expect(await cardTitles(page)).toEqual(publishedSeed("madden", "meta-scheme").map((item) => item.title));
    const premium = publishedSeed("madden", "meta-scheme").find((item) => item.requiredTier === "premium")!;
    await visible(page.getByText("Premium Content"));
    await page.getByRole("link", { name: "View Preview" }).first().click();
    await page.waitForURL(`**/scheme/${premium.slug}`);
    await visible(page.getByRole("heading", { level: 1, name: premium.title }));
    await visible(page.getByRole("link", { name: "Unlock Premium" }).last());
  });

  it("shows a visitor the unlock screen of a premium scheme, with the free intro video", async () => {
    const page = await open({ javaScriptEnabled });
    const scheme = premiumSchemes()[0];
    await page.goto(`/content/${scheme.slug}`, { waitUntil: "domcontentloaded" });
    await visible(page.getByRole("heading", { name: "Unlock this scheme" }));
    await visible(page.getByRole("heading", { name: "Free intro video" }));
    expect(await page.locator("iframe").getAttribute("src")).toContain(`youtube-nocookie.com/embed/${videoIdOf(scheme.videoUrl)}`);
    await visible(page.getByRole("link", { name: /Watch on YouTube/ }));
    expect(await page.getByRole("link", { name: "Unlock Premium" }).last().getAttribute("href")).toBe("/subscribe");
    await visible(page.getByRole("link", { name: "Log in", exact: true }));
    // Formations are listed, locked, without links; no comments, no rating form.
    await visible(page.getByText(scheme.formations[0].title, { exact: true }));
    expect(await page.locator(`a[href^="/content/${scheme.slug}/section/"]`).count()).toBe(0);
    expect(await page.getByRole("button", { name: /Rate \d/ }).count()).toBe(0);
    expect(await page.getByLabel("Add a comment").count()).toBe(0);
  });
});

describe("a premium member with JavaScript", () => {
  let page: Page;
  const scriptErrors: string[] = [];
  beforeAll(async () => {
    page = await open({ javaScriptEnabled: true, role: "premium" });
    page.on("pageerror", (error) => scriptErrors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error" && !/youtube|vimeo|ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED/i.test(message.text())) {
        scriptErrors.push(message.text());
      }
    });
  });

  it("opens a scheme, a formation and a play, and watches the self-hosted video with the custom player", async () => {
    const { item, formation, play } = customPlays()[0];
    await page.goto(`/content/${item.slug}`);
    await visible(page.getByRole("heading", { level: 1, name: item.title }));
    await page.getByRole("link", { name: new RegExp(`^${escapeRegExp(formation.title)}`) }).first().click();
    await page.waitForURL(`**/content/${item.slug}/section/${formation.slug}`);
    await visible(page.getByRole("navigation", { name: "Breadcrumb" }).getByText(formation.title));
    await page.getByRole("link", { name: new RegExp(escapeRegExp(play.title)) }).first().click();
    await page.waitForURL(`**/section/${formation.slug}/play/${play.slug}`);
    await visible(page.getByRole("heading", { name: play.title, exact: true }));
    await visible(page.getByText(playWriteUp(play)));

    const player = page.getByRole("region", { name: `Video player: ${play.title}` });
    await visible(player);
    const video = player.locator("video");
    expect(await video.getAttribute("controls")).toBeNull();
    const controls = page.getByTestId("video-controls");
    const state = () => video.evaluate((element: HTMLVideoElement) => ({ time: element.currentTime, paused: element.paused, muted: element.muted, duration: element.duration }));
    await video.evaluate((element: HTMLVideoElement) => (element.readyState >= 1 ? null : new Promise((resolve) => element.addEventListener("loadedmetadata", resolve, { once: true }))));
    const duration = (await state()).duration;
    expect(duration).toBeGreaterThan(5);

    const playViews: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().includes(`/content/${item.slug}`) && request.postData()?.includes("play-view")) playViews.push(request.url());
    });

    // Play, then the controls hide after 3 s without mouse movement and come back on a move.
    await player.getByRole("button", { name: "Play" }).click();
    await page.waitForFunction(() => {
      const element = document.querySelector("video")!;
      return !element.paused && element.currentTime > 0.2;
    });
    await visible(player.getByRole("button", { name: "Pause" }));
    expect(await controls.getAttribute("data-visible")).toBe("true");
    await page.waitForFunction(() => document.querySelector('[data-testid="video-controls"]')?.getAttribute("data-visible") === "false", null, { timeout: 5000 });
    expect((await state()).paused).toBe(false);
    const box = (await player.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
    await page.mouse.move(box.x + box.width / 2 + 20, box.y + box.height / 3);
    await page.waitForFunction(() => document.querySelector('[data-testid="video-controls"]')?.getAttribute("data-visible") === "true");

    await player.getByRole("button", { name: "Pause" }).click();
    expect((await state()).paused).toBe(true);
    await visible(player.getByRole("button", { name: "Play" }));

    await player.getByRole("button", { name: "Mute" }).click();
    expect((await state()).muted).toBe(true);
    await player.getByRole("button", { name: "Unmute" }).click();
    expect((await state()).muted).toBe(false);

    await player.getByRole("button", { name: "Back 10 seconds" }).click();
    expect((await state()).time).toBe(0);
    await player.getByRole("button", { name: "Forward 10 seconds" }).click();
    expect((await state()).time).toBeCloseTo(Math.min(10, duration), 1);
    await player.getByRole("button", { name: "Back 10 seconds" }).click();
    expect((await state()).time).toBeCloseTo(Math.max(0, Math.min(10, duration) - 10), 1);

    // Keyboard: Space and k toggle, the arrows skip, m mutes.
    await player.focus();
    await page.keyboard.press("Space");
    await page.waitForFunction(() => !document.querySelector("video")!.paused);
    await page.keyboard.press("k");
    await page.waitForFunction(() => document.querySelector("video")!.paused);
    const before = (await state()).time;
    await page.keyboard.press("ArrowRight");
    expect((await state()).time).toBeCloseTo(Math.min(before + 10, duration), 1);
    await page.keyboard.press("ArrowLeft");
    expect((await state()).time).toBeCloseTo(Math.max(0, Math.min(before + 10, duration) - 10), 1);
    await page.keyboard.press("m");
    expect((await state()).muted).toBe(true);
    await page.keyboard.press("k");
    await page.waitForFunction(() => !document.querySelector("video")!.paused);
    await page.keyboard.press("k");
    await page.waitForFunction(() => document.querySelector("video")!.paused);

    // A click on the control bar's bare background (most of the video on a phone) plays, as one on the video does.
    expect(await controls.getAttribute("data-visible")).toBe("true");
    const bar = (await controls.boundingBox())!;
    await page.mouse.click(bar.x + bar.width / 2, bar.y + 6);
    await page.waitForFunction(() => !document.querySelector("video")!.paused);
    await player.getByRole("button", { name: "Pause" }).click();

    // The first play of this player counted one view; playing again did not.
    await page.waitForLoadState("networkidle");
    expect(playViews).toHaveLength(1);
  });

  it("rates a scheme, replacing the rating; 'Back' then still leaves the page", async () => {
    await page.goto("/college?type=off-meta-scheme");
    await page.getByRole("link", { name: new RegExp(escapeRegExp(seedItem(JS_ON_SCHEME).title)) }).first().click();
    await page.waitForURL(`**/content/${JS_ON_SCHEME}`);
    const rating = page.locator("#rating");
    await visible(rating.getByRole("group", { name: /Rate this scheme|Your rating/ }));
    // From the keyboard: the pressed star keeps focus while the rating saves and after.
    await rating.getByRole("button", { name: "Rate 4 stars" }).focus();
    await page.keyboard.press("Enter");
    await visible(rating.getByText("Your rating: 4 of 5"));
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Rate 4 stars");
    expect(await page.getByTestId("rating-summary").textContent()).toBe(expectedAverage(JS_ON_SCHEME, 4));
    await rating.getByRole("button", { name: "Rate 2 stars" }).click();
    await visible(rating.getByText("Your rating: 2 of 5"));
    expect(await page.getByTestId("rating-summary").textContent()).toBe(expectedAverage(JS_ON_SCHEME, 2));
    await page.reload();
    await visible(rating.getByText("Your rating: 2 of 5"));
    // The ratings answered with the same page and took no place in the history.
    await page.getByRole("link", { name: "Back", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/college");
  });

  it("favourites a scheme with the star and finds it on /home", async () => {
    await page.goto(`/content/${JS_ON_SCHEME}`);
    await page.getByRole("button", { name: "Add to favorites" }).click();
    await visible(page.getByRole("button", { name: "Remove from favorites" }));
    // The label says what a press does; no aria-pressed beside it ("Remove from favorites, pressed" contradicts itself).
    expect(await page.getByRole("button", { name: "Remove from favorites" }).getAttribute("aria-pressed")).toBeNull();
    await page.waitForLoadState("networkidle");
    await page.goto("/home");
    const favorites = page.locator('section[aria-labelledby="favorites-title"]');
    await visible(favorites.getByText(seedItem(JS_ON_SCHEME).title));
    await favorites.getByRole("link", { name: new RegExp(escapeRegExp(seedItem(JS_ON_SCHEME).title)) }).click();
    await page.waitForURL(`**/content/${JS_ON_SCHEME}`);
    await page.getByRole("button", { name: "Remove from favorites" }).click();
    await visible(page.getByRole("button", { name: "Add to favorites" }));
    await page.waitForLoadState("networkidle");
    await page.goto("/home");
    await visible(page.getByRole("heading", { name: "Your Favorites" }));
    expect(await page.locator('section[aria-labelledby="favorites-title"]').getByText(seedItem(JS_ON_SCHEME).title).count()).toBe(0);
  });

  it("posts, edits and deletes a comment", async () => {
    await page.goto(`/content/${JS_ON_SCHEME}`);
    const text = `Browser comment ${crypto.randomUUID().slice(0, 8)}`;
    const box = page.getByLabel("Add a comment");
    // Once the page is interactive, an empty comment cannot be posted.
    await page.locator('button[aria-disabled="true"]:has-text("Post Comment")').waitFor();
    await box.fill(text);
    await page.getByRole("button", { name: "Post Comment" }).click();
    const comment = page.locator("li", { hasText: text });
    await visible(comment);
    await visible(comment.getByText("Jordan", { exact: true }));
    await page.waitForFunction(() => (document.getElementById("new-comment") as HTMLTextAreaElement).value === "");

    await comment.getByRole("link", { name: "Edit" }).click();
    const editor = comment.getByLabel("Edit comment");
    await visible(editor);
    // Refused (only spaces): said under the box, on screen where the member is, the box still open.
    // The comment's text is in the box now, and the refusal keeps what was typed: found by its box.
    const editing = page.locator("li", { has: page.getByLabel("Edit comment") });
    const editBox = editing.getByLabel("Edit comment");
    await editBox.fill("   ");
    await editing.getByRole("button", { name: "Save" }).click();
    const refusal = editing.getByRole("alert");
    await visible(refusal);
    expect(await refusal.textContent()).toBe("Comment cannot be empty.");
    expect(await refusal.evaluate((element) => element.getBoundingClientRect().bottom <= window.innerHeight && element.getBoundingClientRect().top >= 0)).toBe(true);
    expect(await page.locator("#comments > [role=alert]").count()).toBe(0);
    // The browser logs the refusal's 400 answer to the console: expected here, not a script error.
    scriptErrors.splice(0, scriptErrors.length, ...scriptErrors.filter((message) => !message.includes("status of 400")));
    await editBox.fill(`${text} (edited)`);
    await editing.getByRole("button", { name: "Save" }).click();
    await visible(page.getByText(`${text} (edited)`));
    await page.waitForFunction(() => !document.querySelector("textarea[id^='edit-comment-']"));
    // The keyboard is back on the comment's 'Edit', not at the top of the page.
    await expect.poll(() => focusedName(page)).toBe("Edit");

    const edited = page.locator("li", { hasText: `${text} (edited)` });
    await edited.getByRole("link", { name: "Delete" }).click();
    await visible(edited.getByText("Delete this comment?"));
    await expect.poll(() => focusedName(page)).toBe("Delete");
    await edited.getByRole("button", { name: "Delete" }).click();
    await page.waitForFunction((needle) => !document.body.innerText.includes(needle), text);
    // The comment and its buttons are gone: the keyboard is on the comments' heading.
    await expect.poll(() => focusedName(page)).toMatch(/^Comments/);
    await page.reload();
    expect(await page.getByText(text).count()).toBe(0);
  });

  it("on a phone, the formation's list of plays comes between the play's video and its write-up, and a play picked in it opens at the top", async () => {
    const { context, page: phone } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    contexts.push(context);
    await signInAs(phone, "premium");
    const { item, formation } = customPlays()[0];
    await phone.goto(`/content/${item.slug}/section/${formation.slug}`);
    const plays = phone.getByRole("region", { name: "Plays" });
    // The spec's order on a phone: the play's video, the list of plays, then the write-up (and the rest).
    const top = async (locator: Locator) => (await locator.boundingBox())!.y;
    const video = await top(phone.getByRole("heading", { level: 2 }).first());
    expect(await top(plays)).toBeGreaterThan(video);
    expect(await top(plays)).toBeLessThan(await top(phone.getByRole("heading", { name: "Write Up" })));
    expect(await top(plays)).toBeLessThan(await top(phone.getByRole("heading", { name: "Other Formations" })));
    await plays.scrollIntoViewIfNeeded();
    expect(await phone.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    const link = plays.getByRole("link").nth(1);
    const title = (await link.locator("span.flex-1").textContent())!;
    await link.focus();
    await phone.keyboard.press("Enter");
    await visible(phone.getByRole("heading", { name: title, exact: true }));
    await expect.poll(() => phone.evaluate(() => window.scrollY)).toBeLessThan(100);
    // The keyboard is where the page opened, not on the list's link now out of sight below.
    await expect.poll(() => phone.evaluate(() => document.activeElement?.id)).toBe("main");
  });

  it("on a wide screen, a play picked in the formation's list beside it keeps the keyboard on the list", async () => {
    const { context, page: wide } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    await signInAs(wide, "premium");
    const { item, formation } = customPlays()[0];
    await wide.goto(`/content/${item.slug}/section/${formation.slug}`, { waitUntil: "networkidle" });
    const link = wide.getByRole("region", { name: "Plays" }).getByRole("link").nth(1);
    const title = (await link.locator("span.flex-1").textContent())!;
    await link.focus();
    await wide.keyboard.press("Enter");
    await visible(wide.getByRole("heading", { name: title, exact: true }));
    // The list is still in view: the next Tab goes on to the play after it.
    await expect.poll(() => wide.evaluate(() => document.activeElement?.getAttribute("aria-current"))).toBe("true");
  });

  it("on a phone, the rating stars and a comment's Edit and Delete are thumb-sized targets", async () => {
    const { context, page: phone } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    contexts.push(context);
    await signInAs(phone, "premium");
    await phone.goto(`/content/${JS_OFF_SCHEME}`, { waitUntil: "networkidle" });
    const text = `Thumb-sized targets ${Date.now()}`;
    await phone.getByLabel("Add a comment").fill(text);
    await phone.getByRole("button", { name: "Post Comment" }).click();
    const own = phone.getByRole("listitem").filter({ hasText: text });
    await visible(own);
    const sizes = async (locator: Locator) => (await locator.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().height)));
    for (const height of await sizes(own.getByRole("link", { name: /^(Edit|Delete)$/ }))) expect(height).toBeGreaterThanOrEqual(40);
    const stars = await sizes(phone.getByRole("button", { name: /^Rate \d stars?$/ }));
    expect(stars).toHaveLength(5);
    for (const height of stars) expect(height).toBeGreaterThanOrEqual(44);
  });

  it("ran all of the above without script errors or CSP violations", () => {
    expect(scriptErrors).toEqual([]);
  });
});

describe("a premium member without JavaScript", () => {
  let page: Page;
  beforeAll(async () => {
    page = await open({ javaScriptEnabled: false, role: "premium" });
  });

  it("opens a formation and a play, with the browser's own video controls", async () => {
    const { item, formation, play } = customPlays()[customPlays().length - 1];
    await page.goto(`/content/${item.slug}`);
    await page.getByRole("link", { name: new RegExp(`^${escapeRegExp(formation.title)}`) }).first().click();
    await page.waitForURL(`**/content/${item.slug}/section/${formation.slug}`);
    await page.getByRole("link", { name: new RegExp(escapeRegExp(play.title)) }).first().click();
    await page.waitForURL(`**/play/${play.slug}`);
    await visible(page.getByText(playWriteUp(play)));
    const video = page.getByTestId("video-player").locator("video");
    expect(await video.getAttribute("controls")).not.toBeNull();
    expect(await video.getAttribute("src")).toBe("/media/videos/sample-play.mp4");
    expect(await page.getByTestId("video-controls").count()).toBe(0);
    // The play art of a premium scheme's play is shown to the member.
    const premium = premiumSchemes()[0];
    await page.goto(`/content/${premium.slug}/section/${premium.formations[0].slug}`);
    await visible(page.getByText(playWriteUp(premium.formations[0].plays[0])));
  });

  it("rates a scheme with a plain form", async () => {
    await page.goto(`/content/${JS_OFF_SCHEME}`);
    const rating = page.locator("#rating");
    await rating.getByRole("button", { name: "Rate 5 stars" }).click();
    await visible(rating.getByText("Your rating: 5 of 5"));
    expect(await page.getByTestId("rating-summary").textContent()).toBe(expectedAverage(JS_OFF_SCHEME, 5));
    await rating.getByRole("button", { name: "Rate 3 stars" }).click();
    await visible(rating.getByText("Your rating: 3 of 5"));
    expect(await page.getByTestId("rating-summary").textContent()).toBe(expectedAverage(JS_OFF_SCHEME, 3));
  });

  it("favourites a scheme with the star's form and finds it on /home", async () => {
    await page.goto(`/content/${JS_OFF_SCHEME}`);
    await page.getByRole("button", { name: "Add to favorites" }).click();
    await visible(page.getByRole("button", { name: "Remove from favorites" }));
    await page.goto("/home");
    await visible(page.locator('section[aria-labelledby="favorites-title"]').getByText(seedItem(JS_OFF_SCHEME).title));
    await page.goto(`/content/${JS_OFF_SCHEME}`);
    await page.getByRole("button", { name: "Remove from favorites" }).click();
    await visible(page.getByRole("button", { name: "Add to favorites" }));
    await page.goto("/home");
    expect(await page.locator('section[aria-labelledby="favorites-title"]').getByText(seedItem(JS_OFF_SCHEME).title).count()).toBe(0);
  });

  it("posts, edits and deletes a comment, confirming the deletion on its own step", async () => {
    await page.goto(`/content/${JS_OFF_SCHEME}`);
    const text = `No-JS comment ${crypto.randomUUID().slice(0, 8)}`;
    await page.getByLabel("Add a comment").fill(`   ${text}   `);
    await page.getByRole("button", { name: "Post Comment" }).click();
    const comment = page.locator("li", { hasText: text });
    await visible(comment);
    expect((await comment.locator("header + p").textContent())?.trim()).toBe(text);

    await comment.getByRole("link", { name: "Edit" }).click();
    await page.waitForURL(/editComment=\d+/);
    const editing = page.locator("li", { has: page.getByLabel("Edit comment") });
    // Refused (only spaces): the answer opens at the comment, its message under the box.
    await editing.getByLabel("Edit comment").fill("   ");
    await editing.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/#comment-\d+$/);
    const refusal = editing.getByRole("alert");
    await visible(refusal);
    expect(await refusal.textContent()).toBe("Comment cannot be empty.");
    expect(await refusal.evaluate((element) => element.getBoundingClientRect().bottom <= window.innerHeight && element.getBoundingClientRect().top >= 0)).toBe(true);
    expect(await page.locator("#comments > [role=alert]").count()).toBe(0);
    await editing.getByLabel("Edit comment").fill(`${text} (edited)`);
    await editing.getByRole("button", { name: "Save" }).click();
    await visible(page.getByText(`${text} (edited)`));
    expect(page.url()).not.toContain("editComment");

    await page.locator("li", { hasText: `${text} (edited)` }).getByRole("link", { name: "Delete" }).click();
    await page.waitForURL(/deleteComment=\d+/);
    const confirming = page.locator("li", { hasText: "Delete this comment?" });
    await visible(confirming);
    await confirming.getByRole("button", { name: "Delete" }).click();
    await visible(page.getByRole("heading", { name: /Comments/ }));
    expect(await page.getByText(text).count()).toBe(0);
  });
});

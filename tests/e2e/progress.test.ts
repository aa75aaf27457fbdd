import type { Browser } from "playwright-core";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { playProgress } from "../../db/schema";
import { DEMO_PASSWORD } from "../../db/seed";
import { createMember } from "../support/accounts";
import { focusedName, launchBrowser, newPage, signInWithPassword, visible } from "../support/browser";
import { JS_MODES, watchedPage } from "../support/form-matrix";
import { testState, type TestState } from "../support/test-state";

// The install tracker in Chromium: the stage form and 'My playbook's reset with JavaScript on and
// off; the self-hosted video played past 90% (seek, then play) marks the play watched and offers
// 'Resume from' after a reload; the play page and /home at phone width.

let browser: Browser;
let state: TestState;
beforeAll(async () => {
  [browser, state] = await Promise.all([launchBrowser(), testState()]);
});
afterAll(async () => {
  await browser?.close();
});

const SCHEME = "cfb26-spread-rpo-attack";
const STICK = `/content/${SCHEME}/section/gun-trips-te/play/stick`;
const MESH = `/content/${SCHEME}/section/gun-bunch/play/mesh`;
const YEAR = 365 * 86_400_000;

/**
 * Reads the test state again while the server's own workerd holds the SQLite file (a beacon may
 * be landing): the local D1 then answers SQLITE_BUSY for a moment.
 */
async function whenFree<T>(read: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await read();
    } catch (error) {
      if (attempt >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }
}

async function stagesOf(userId: string) {
  return whenFree(() => state.db.select({ stage: playProgress.stage, position: playProgress.positionSeconds }).from(playProgress).where(eq(playProgress.userId, userId)));
}

describe.each(JS_MODES)("the install tracker with $label", (mode) => {
  it("sets a play's stage from its page, then resets the scheme from 'My playbook' after confirming", async () => {
    const member = await createMember();
    const w = await watchedPage(browser, mode);
    const { page } = w;
    await signInWithPassword(page, member.email, DEMO_PASSWORD);
    await page.goto(STICK);
    const stages = page.getByRole("group", { name: "Your stage with this play" });
    await visible(stages);
    expect(await stages.getByRole("button", { name: "Not started" }).getAttribute("aria-pressed")).toBe("true");
    await stages.getByRole("button", { name: "Practised" }).click();
    await visible(page.getByText("Marked as Practised.").first(), 15_000);
    await page.waitForFunction(() => document.querySelector('[aria-label="Your stage with this play"] button[aria-pressed="true"]')?.textContent === "Practised");
    expect(await stagesOf(member.id)).toEqual([{ stage: "practised", position: null }]);
    // The play list marks it.
    await visible(page.getByRole("link", { name: /Stick\s+Practised/ }));
    await w.check();

    await page.goto("/account-settings#playbook");
    const card = page.locator("#playbook");
    await visible(card.getByText("0 of 9 plays game-ready"));
    await card.getByRole("link", { name: /^Reset progress/ }).click();
    await visible(card.getByText(/Reset your progress in/));
    // Asked in place: the keyboard is on the answer, and back on the link after 'Cancel'.
    if (mode.javaScriptEnabled) {
      await expect.poll(() => focusedName(page)).toBe("Yes, reset progress");
      await card.getByRole("link", { name: "Cancel", exact: true }).click();
      await expect.poll(() => focusedName(page)).toMatch(/^Reset progress/);
      await card.getByRole("link", { name: /^Reset progress/ }).click();
    }
    await card.getByRole("button", { name: "Yes, reset progress" }).click();
    await visible(page.getByText("Progress reset", { exact: true }).first(), 15_000);
    // The scheme and its controls are gone: the keyboard is on the card's heading, not the page's top.
    if (mode.javaScriptEnabled) await expect.poll(() => focusedName(page)).toBe("My playbook");
    await visible(page.getByText("No schemes in progress yet.", { exact: false }));
    expect(await stagesOf(member.id)).toEqual([]);
    await w.finish();
  });
});

describe("'My playbook' with two schemes (JavaScript on)", () => {
  it("'Reset progress' on one scheme while another's question is open takes the keyboard to the new question's answer", async () => {
    const member = await createMember({ subscriptionTier: "premium", subscriptionStatus: "active", accessExpiresAt: new Date(Date.now() + YEAR) });
    const w = await watchedPage(browser, JS_MODES[0]);
    const { page } = w;
    await signInWithPassword(page, member.email, DEMO_PASSWORD);
    // Nickel first: the scheme used last (Spread RPO, whose question is open) is listed above it.
    for (const play of ["/content/madden26-nickel-match-defense/section/nickel-2-4-5-even/play/mid-blitz", STICK]) {
      await page.goto(play, { waitUntil: "networkidle" });
      await page.getByRole("group", { name: "Your stage with this play" }).getByRole("button", { name: "Practised" }).click();
      await visible(page.getByText("Marked as Practised.").first(), 15_000);
    }
    await page.goto(`/account-settings?reset=${SCHEME}#playbook`, { waitUntil: "networkidle" });
    const card = page.locator("#playbook");
    await visible(card.getByText(/Reset your progress in/));
    const other = card.getByRole("link", { name: /^Reset progress of Nickel/ });
    await other.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(/reset=madden26-nickel-match-defense/);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-describedby"))).toBe("reset-madden26-nickel-match-defense");
    await w.finish();
  });
});

describe("moving between plays in the play list (JavaScript on)", () => {
  it("shows one stage control, the play's own: a stage set there marks the play on screen", async () => {
    const member = await createMember();
    const w = await watchedPage(browser, JS_MODES.find((candidate) => candidate.javaScriptEnabled)!);
    const { page } = w;
    await signInWithPassword(page, member.email, DEMO_PASSWORD);
    await page.goto(MESH, { waitUntil: "networkidle" });
    for (const next of ["snag", "mesh", "snag"]) {
      await page.locator(`main a[href$="/play/${next}"]:visible`).first().click();
      await page.waitForURL(new RegExp(`/play/${next}$`));
      await visible(page.getByRole("heading", { name: next === "snag" ? "Snag" : "Mesh", exact: true }));
    }
    // Two equal keys among its siblings once made React keep each previous play's card as well.
    await expect.poll(() => page.getByRole("group", { name: "Your stage with this play" }).count()).toBe(1);
    await page.getByRole("group", { name: "Your stage with this play" }).getByRole("button", { name: "Game-ready" }).click();
    await visible(page.getByText("Marked as Game-ready.").first(), 15_000);
    const rows = await whenFree(() =>
      state.db.select({ stage: playProgress.stage }).from(playProgress).where(eq(playProgress.userId, member.id)),
    );
    expect(rows).toEqual([{ stage: "game-ready" }]);
    await visible(page.getByRole("link", { name: /Snag\s+Game-ready/ }));
    await w.finish();
  });
});

describe("the self-hosted video", () => {
  it("played past 90% (seek, then play) marks the play watched, and after a reload offers to resume there", async () => {
    const member = await createMember({ subscriptionTier: "premium", subscriptionStatus: "active", accessExpiresAt: new Date(Date.now() + YEAR) });
    const { context, page } = await newPage(browser);
    try {
      await signInWithPassword(page, member.email, DEMO_PASSWORD);
      await page.goto(MESH);
      const player = page.getByRole("region", { name: "Video player: Mesh" });
      await visible(player);
      const video = player.locator("video");
      await video.evaluate((element: HTMLVideoElement) => (element.readyState >= 1 ? null : new Promise((resolve) => element.addEventListener("loadedmetadata", resolve, { once: true }))));
      // Seek to 92% of the video and play it slowly, so that the pause below lands before its end.
      await video.evaluate((element: HTMLVideoElement) => {
        element.playbackRate = 0.25;
        element.currentTime = element.duration * 0.92;
      });
      await player.getByRole("button", { name: "Play" }).click();
      const stages = page.getByRole("group", { name: "Your stage with this play" });
      await page.waitForFunction(() => document.querySelector('[aria-label="Your stage with this play"] button[aria-pressed="true"]')?.textContent === "Watched", null, { timeout: 15_000 });
      await player.getByRole("button", { name: "Pause" }).click();
      expect(await stages.getByRole("button", { name: "Watched" }).getAttribute("aria-pressed")).toBe("true");
      const [row] = await whenFree(() => state.db.select().from(playProgress).where(and(eq(playProgress.userId, member.id))));
      expect(row).toMatchObject({ stage: "watched", positionSeconds: 6 });

      await page.reload();
      const resume = player.getByRole("button", { name: "Resume from 0:06" });
      await visible(resume);
      // The player shows the video's length (7 s), even when the browser read it before the script ran.
      await page.waitForFunction(() => document.querySelector('[data-testid="video-player"] [aria-live="off"]')?.textContent?.endsWith("/ 0:07"), null, { timeout: 10_000 });
      await resume.click();
      await page.waitForFunction(() => {
        const element = document.querySelector("video")!;
        return !element.paused && element.currentTime >= 6;
      });
      await visible(player.getByRole("button", { name: "Pause" }));
      // The resume button went as the video started: the keyboard is on 'Pause' in its place.
      await expect.poll(() => focusedName(page)).toBe("Pause");
    } finally {
      await context.close();
    }
  });
});

describe("the self-hosted video, to its end and away", () => {
  async function memberOnMesh() {
    const member = await createMember({ subscriptionTier: "premium", subscriptionStatus: "active", accessExpiresAt: new Date(Date.now() + YEAR) });
    const { context, page } = await newPage(browser);
    await signInWithPassword(page, member.email, DEMO_PASSWORD);
    await page.goto(MESH, { waitUntil: "networkidle" });
    const player = page.getByRole("region", { name: "Video player: Mesh" });
    await visible(player);
    await player.locator("video").evaluate((element: HTMLVideoElement) => (element.readyState >= 1 ? null : new Promise((resolve) => element.addEventListener("loadedmetadata", resolve, { once: true }))));
    return { member, context, page, player };
  }

  it("skipped to its end, the play is 'Watched' at once, and the control shows it even after a stage was clicked", async () => {
    const { member, context, page, player } = await memberOnMesh();
    try {
      const stages = page.getByRole("group", { name: "Your stage with this play" });
      await stages.getByRole("button", { name: "Not started" }).click();
      await visible(page.getByText("Marked as Not started.", { exact: true }));
      await player.getByRole("button", { name: "Play" }).click();
      await player.getByRole("button", { name: "Forward 10 seconds" }).click();
      await page.waitForFunction(() => document.querySelector('[aria-label="Your stage with this play"] button[aria-pressed="true"]')?.textContent === "Watched", null, { timeout: 15_000 });
      expect(await page.getByText("Marked as Not started.", { exact: true }).count()).toBe(0);
      const [row] = await stagesOf(member.id);
      expect(row.stage).toBe("watched");
    } finally {
      await context.close();
    }
  });

  it("the position slider seeks (by keyboard too), the speed list slows the video, and 'Full screen' fills the screen", async () => {
    const { context, page, player } = await memberOnMesh();
    try {
      const video = player.locator("video");
      const slider = player.getByRole("slider", { name: "Position in the video" });
      expect(await slider.getAttribute("aria-valuetext")).toBe("0:00 of 0:07");
      await slider.fill("5");
      await expect.poll(() => video.evaluate((element: HTMLVideoElement) => Math.round(element.currentTime))).toBe(5);
      expect(await slider.getAttribute("aria-valuetext")).toBe("0:05 of 0:07");
      // The slider's own keys move it (home to the start), not the player's ten-second skips.
      await slider.focus();
      await page.keyboard.press("Home");
      await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBe(0);
      await page.keyboard.press("ArrowRight");
      const stepped = await video.evaluate((element: HTMLVideoElement) => element.currentTime);
      expect(stepped).toBeGreaterThan(0);
      expect(stepped).toBeLessThan(1);

      const speed = player.getByRole("combobox", { name: "Playback speed" });
      expect(await speed.inputValue()).toBe("1");
      await speed.selectOption("0.5");
      expect(await video.evaluate((element: HTMLVideoElement) => element.playbackRate)).toBe(0.5);

      await player.getByRole("button", { name: "Full screen" }).click();
      await expect.poll(() => page.evaluate(() => document.fullscreenElement?.getAttribute("data-testid") ?? null)).toBe("video-player");
      await player.getByRole("button", { name: "Exit full screen" }).click();
      await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
      await visible(player.getByRole("button", { name: "Full screen" }));
    } finally {
      await context.close();
    }
  });

  it("with the keyboard, the controls stay on screen while one of them has focus", async () => {
    const { context, page, player } = await memberOnMesh();
    try {
      await player.locator("video").evaluate((element: HTMLVideoElement) => {
        element.playbackRate = 0.5;
      });
      await player.getByRole("button", { name: "Play" }).focus();
      await page.keyboard.press("Enter");
      await page.waitForFunction(() => !document.querySelector("video")!.paused);
      await page.waitForTimeout(3_500);
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toContain("Back 10 seconds");
      expect(await player.getByTestId("video-controls").getAttribute("data-visible")).toBe("true");
    } finally {
      await context.close();
    }
  });

  it("going to another play inside the site keeps the place in the video, offered on the way back", async () => {
    const { member, context, page, player } = await memberOnMesh();
    try {
      await player.getByRole("button", { name: "Play" }).click();
      await page.waitForFunction(() => document.querySelector("video")!.currentTime >= 2.2, null, { timeout: 15_000 });
      // No save has been sent yet (the first comes 10 s after the start); leaving by a link sends one.
      await page.locator(`main a[href$="/play/snag"]:visible`).first().click();
      await page.waitForURL(/\/play\/snag$/);
      await expect.poll(async () => (await stagesOf(member.id))[0]?.position ?? 0, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
      await page.goto(MESH);
      await visible(page.getByRole("region", { name: "Video player: Mesh" }).getByRole("button", { name: /^Resume from 0:0[2-9]$/ }));
    } finally {
      await context.close();
    }
  });
});

describe("at phone width", () => {
  it("on a touch screen, a tap on the playing video brings its faded controls back instead of pausing it", async () => {
    const member = await createMember();
    const context = await browser.newContext({ baseURL: inject("baseUrl"), viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    try {
      await signInWithPassword(page, member.email, DEMO_PASSWORD);
      await page.goto(MESH, { waitUntil: "networkidle" });
      const player = page.getByTestId("video-player");
      const bar = page.getByTestId("video-controls");
      await page.getByRole("button", { name: "Play", exact: true }).tap();
      await expect.poll(() => bar.getAttribute("data-visible"), { timeout: 6_000 }).toBe("false");
      const box = (await player.boundingBox())!;
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      await expect.poll(() => bar.getAttribute("data-visible")).toBe("true");
      expect(await page.locator("video").first().evaluate((video: HTMLVideoElement) => video.paused)).toBe(false);
      // With the bar shown, a tap on the video pauses it as before.
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 4);
      await expect.poll(() => page.locator("video").first().evaluate((video: HTMLVideoElement) => video.paused)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it.each([320, 390])("every control of the self-hosted player is inside the player at %i px", async (width) => {
    const member = await createMember();
    const { context, page } = await newPage(browser, { viewport: { width, height: 844 } });
    try {
      await signInWithPassword(page, member.email, DEMO_PASSWORD);
      await page.goto(MESH, { waitUntil: "networkidle" });
      const player = (await page.locator("video").first().boundingBox())!;
      for (const name of ["Play", "Back 10 seconds", "Forward 10 seconds", "Mute", "Playback speed", "Full screen"]) {
        const control = page.getByRole(name === "Playback speed" ? "combobox" : "button", { name, exact: true });
        const box = (await control.boundingBox())!;
        expect(box.x, name).toBeGreaterThanOrEqual(player.x);
        expect(box.x + box.width, name).toBeLessThanOrEqual(player.x + player.width);
        expect(box.y + box.height, name).toBeLessThanOrEqual(player.y + player.height);
      }
    } finally {
      await context.close();
    }
  });

  it("the play page's stage control and /home's 'Continue where you left off' fit the screen", async () => {
    const member = await createMember();
    const { context, page } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    try {
      await signInWithPassword(page, member.email, DEMO_PASSWORD);
      await page.goto(STICK);
      const stages = page.getByRole("group", { name: "Your stage with this play" });
      await stages.getByRole("button", { name: "Game-ready" }).click();
      await page.waitForFunction(() => document.querySelector('[aria-label="Your stage with this play"] button[aria-pressed="true"]')?.textContent === "Game-ready");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const box = (await stages.getByRole("button", { name: "Game-ready" }).boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      await page.goto("/home");
      await visible(page.getByRole("heading", { name: "Continue where you left off" }));
      await visible(page.getByRole("link", { name: "Next: Inside Zone Bubble RPO" }));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await context.close();
    }
  });
});

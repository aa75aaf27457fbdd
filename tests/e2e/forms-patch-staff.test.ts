import type { Browser } from "playwright-core";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { content, contentPlays, contentSections, contentStatuses, playStatuses, titleUpdates } from "../../db/schema";
import { launchBrowser, signInAs, visible } from "../support/browser";
import { JS_MODES, watchedPage, type WatchedPage } from "../support/form-matrix";
import { token } from "../support/staff";
import { testState, type TestState } from "../support/test-state";
import { formatUpdateDate, isoDay } from "~/lib/patch";

// The patch tracker's staff forms in the browser matrix, with JavaScript on and off: record, edit
// and delete a title update, schedule one, set a status from the content editor, one-click
// 'Verified', 'Mark verified' and 'Verified with its plays' in the re-test queue. Each answered by
// its success message. The updates are dated before the games' current ones (or ahead, scheduled)
// and the items are this file's own drafts, so the seed's statuses
// stay as other files expect them.

let browser: Browser;
let state: TestState;
beforeAll(async () => {
  [browser, state] = await Promise.all([launchBrowser(), testState()]);
});
afterAll(async () => {
  await browser?.close();
});

async function succeeded(w: WatchedPage, title: string, description?: string) {
  const toast = w.page.getByRole("status");
  await visible(toast.getByText(title, { exact: true }), 15_000);
  if (description) await visible(toast.getByText(description, { exact: true }));
  await w.check();
}

/** A wait that times out names what the page said meanwhile (its toast and alerts), not only what the database holds. */
async function saysWhyNot(page: WatchedPage["page"], wait: () => Promise<unknown>) {
  try {
    await wait();
  } catch (error) {
    const said = await page.locator('[role="status"], [role="alert"]').allInnerTexts().catch(() => []);
    const status = await page.locator("select[name=status]").evaluateAll((selects) => selects.map((select) => (select as unknown as HTMLSelectElement).value)).catch(() => []);
    throw new Error(`${(error as Error).message}\nThe page said: ${JSON.stringify(said)}; its status fields: ${JSON.stringify(status)}`);
  }
}

/** A draft scheme of this file with one play, both needing a re-test after the seed's Madden 1.08. */
async function draftScheme(id: string) {
  const [item] = await state.db
    .insert(content)
    .values({ slug: `patch-matrix-${id}`, title: `Patch Matrix ${id}`, type: "meta-scheme", game: "madden", isPublished: false })
    .returning({ id: content.id });
  await state.db.update(contentStatuses).set({ status: "needs-retest" }).where(eq(contentStatuses.contentId, item.id));
  const [section] = await state.db.insert(contentSections).values({ contentId: item.id, slug: "gun", title: "Gun Matrix" }).returning({ id: contentSections.id });
  const [play] = await state.db
    .insert(contentPlays)
    .values({ sectionId: section.id, slug: "mesh", title: `Mesh ${id}` })
    .returning({ id: contentPlays.id });
  await state.db.update(playStatuses).set({ status: "needs-retest" }).where(eq(playStatuses.playId, play.id));
  return { contentId: item.id, playId: play.id, slug: `patch-matrix-${id}` };
}

describe.each(JS_MODES)("patch tracker staff forms with $label", (mode) => {
  it("records, edits and deletes a title update", async () => {
    const version = `0.${token(4)}`;
    const w = await watchedPage(browser, mode);
    const { page } = w;
    await signInAs(page, "admin");
    await page.goto("/admin#updates");
    await page.getByRole("link", { name: "Record a title update" }).click();
    await visible(page.getByRole("heading", { name: "Record a title update" }));
    await page.getByLabel("Game", { exact: true }).selectOption("college");
    await page.getByLabel("Version", { exact: true }).fill(version);
    await page.getByLabel("Release date", { exact: true }).fill("2025-07-15");
    await page.getByLabel("Summary", { exact: true }).fill("Recorded from the form matrix.");
    // A mistyped link then a press on 'Touches gameplay': no message appears as the link is left to
    // push the box from under the pointer, so the press unticks it (it is said when the form is sent).
    await page.getByLabel("Official notes (link)", { exact: true }).fill("ea.com/notes");
    const gameplay = page.getByRole("checkbox", { name: /Touches gameplay/ });
    await gameplay.click();
    expect(await gameplay.isChecked()).toBe(false);
    await page.getByLabel("Official notes (link)", { exact: true }).fill("https://www.ea.com/games/ea-sports-college-football/news/matrix-notes");
    await page.getByRole("button", { name: "Record update" }).click();
    // Older than the game's current update: recorded for the record, nothing goes back to re-test.
    await succeeded(w, "Title update recorded", `College Football 26 ${version} is saved.`);
    expect((await state.db.select().from(titleUpdates).where(eq(titleUpdates.version, version)))[0]).toMatchObject({ gameplay: false, notesUrl: "https://www.ea.com/games/ea-sports-college-football/news/matrix-notes" });
    // With JavaScript the keyboard is at the form, drawn anew for the next update.
    if (mode.javaScriptEnabled) await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("title-update-heading");
    // The form starts empty for the next update: pressing the button again must not resend this one.
    expect(await page.getByLabel("Version", { exact: true }).inputValue()).toBe("");
    expect(await page.getByLabel("Summary", { exact: true }).inputValue()).toBe("");

    await page.getByRole("link", { name: `Edit College Football 26 ${version}` }).first().click();
    await visible(page.getByRole("heading", { name: `Edit College Football 26 ${version}` }));
    // The game is not a field of the edit: the form says how to correct it.
    await visible(page.getByTestId("update-game-note"));
    // With JavaScript the keyboard follows to the form it opened (at the top of the page).
    if (mode.javaScriptEnabled) await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("title-update-heading");
    await page.getByLabel("Summary", { exact: true }).fill("Edited from the form matrix.");
    await page.getByRole("button", { name: "Save update" }).click();
    await succeeded(w, "Title update saved", `College Football 26 ${version} is saved.`);
    expect((await state.db.select().from(titleUpdates).where(eq(titleUpdates.version, version)))[0].summary).toBe("Edited from the form matrix.");

    const row = page.locator(`[data-update="college-${version}"]`);
    await row.getByText("Delete").first().click();
    await row.getByRole("button", { name: `Delete ${version}` }).click();
    await succeeded(w, "Title update deleted", `College Football 26 ${version} is deleted. Statuses that named it are kept.`);
    if (mode.javaScriptEnabled) await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("title-update-list-heading");
    expect(await state.db.select().from(titleUpdates).where(eq(titleUpdates.version, version))).toHaveLength(0);
    await w.finish();
  });

  it("schedules a title update dated ahead, then deletes it", async () => {
    const version = `0.${token(4)}`;
    const day = isoDay(Date.now(), 12);
    const w = await watchedPage(browser, mode);
    const { page } = w;
    await signInAs(page, "admin");
    await page.goto("/admin/updates");
    await page.getByLabel("Game", { exact: true }).selectOption("college");
    await page.getByLabel("Version", { exact: true }).fill(version);
    await page.getByLabel("Release date", { exact: true }).fill(day);
    await page.getByRole("button", { name: "Record update" }).click();
    // Nothing changes before its day: the toast says when it takes effect and what happens then.
    await succeeded(w, "Title update recorded", `College Football 26 ${version} is saved. It takes effect on ${formatUpdateDate(day)}: then every verified or adjusted item of the game goes back to re-test.`);
    const row = page.locator(`[data-update="college-${version}"]`);
    await visible(row.getByText("Scheduled", { exact: true }));
    expect((await state.db.select().from(titleUpdates).where(eq(titleUpdates.version, version)))[0].appliedAt).toBeNull();
    await row.getByText("Delete").first().click();
    await row.getByRole("button", { name: `Delete ${version}` }).click();
    await succeeded(w, "Title update deleted", `College Football 26 ${version} is deleted. Statuses that named it are kept.`);
    if (mode.javaScriptEnabled) await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("title-update-list-heading");
    await w.finish();
  });

  it("sets a status from the content editor, then verifies in the queue one by one and by selection", async () => {
    const id = token();
    const scheme = await draftScheme(id);
    const w = await watchedPage(browser, mode);
    const { page } = w;
    try {
      await signInAs(page, "admin");
      await page.goto(`/admin/content/${scheme.slug}`);
      await visible(page.getByRole("heading", { name: "Patch status" }));
      const card = page.locator("#patch-status");
      await card.getByLabel("Status", { exact: true }).first().selectOption("adjusted");
      await card.getByLabel("Note", { exact: true }).first().fill("Motion the slot first since 1.08.");
      await page.getByRole("button", { name: "Save status of This item" }).click();
      await succeeded(w, "Status saved", "The status and its history are saved; members who follow it will hear about it.");

      // A refused entry stays in the editor: its message under the play it was typed for, as typed.
      const play = card.locator(`#status-play-${scheme.playId}`);
      await play.getByLabel("Status", { exact: true }).selectOption("nerfed");
      await play.getByLabel("Use instead (for 'Nerfed')", { exact: true }).fill("/content/the-fix");
      await page.getByRole("button", { name: `Save status of Mesh ${id} (Gun Matrix)` }).click();
      await visible(play.getByRole("alert").getByText("Say what happened in the note.", { exact: true }), 15_000);
      await visible(page.getByRole("heading", { name: "Patch status" }));
      expect(await play.getByLabel("Status", { exact: true }).inputValue()).toBe("nerfed");
      expect(await play.getByLabel("Use instead (for 'Nerfed')", { exact: true }).inputValue()).toBe("/content/the-fix");
      expect((await state.db.select({ status: playStatuses.status }).from(playStatuses).where(eq(playStatuses.playId, scheme.playId)))[0].status).toBe("needs-retest");
      // The browser reports the refused post's 400 as a console error: that one is expected.
      w.problems.splice(0, w.problems.length, ...w.problems.filter((problem) => !problem.includes("status of 400")));
      await visible(page.getByText("Motion the slot first since 1.08.").last());
      expect((await state.db.select({ status: contentStatuses.status }).from(contentStatuses).where(eq(contentStatuses.contentId, scheme.contentId)))[0].status).toBe("adjusted");

      // Saved as 'Nerfed' with its link, then moved off 'Nerfed' with the link still in the form: the
      // link goes with that status, and the form shows what is stored.
      const playStatus = async () => (await state.db.select({ status: playStatuses.status, alternative: playStatuses.statusAlternative }).from(playStatuses).where(eq(playStatuses.playId, scheme.playId)))[0];
      await play.getByLabel("Note", { exact: true }).fill("Dead since the patch.");
      await play.getByLabel("Use instead (for 'Nerfed')", { exact: true }).fill("/content/cfb26-flexbone-triple-option");
      await page.getByRole("button", { name: `Save status of Mesh ${id} (Gun Matrix)` }).click();
      await expect.poll(playStatus, { timeout: 15_000 }).toEqual({ status: "nerfed", alternative: "/content/cfb26-flexbone-triple-option" });
      await visible(play.getByText(/^Nerfed in /));
      await play.getByLabel("Status", { exact: true }).selectOption("verified");
      await page.getByRole("button", { name: `Save status of Mesh ${id} (Gun Matrix)` }).click();
      await saysWhyNot(page, () => expect.poll(playStatus, { timeout: 15_000 }).toEqual({ status: "verified", alternative: null }));
      await expect.poll(() => play.getByLabel("Use instead (for 'Nerfed')", { exact: true }).inputValue(), { timeout: 15_000 }).toBe("");
      await w.check();
      await state.db.update(playStatuses).set({ status: "needs-retest" }).where(eq(playStatuses.playId, scheme.playId));

      // Back to re-test, then one-click 'Verified' on the play and 'Mark verified' on the item.
      await state.db.update(contentStatuses).set({ status: "needs-retest" }).where(eq(contentStatuses.contentId, scheme.contentId));
      // Hydrated first (a press before it is a plain page load, whose focus starts at the top).
      await page.goto("/admin/updates?game=madden#queue", { waitUntil: mode.javaScriptEnabled ? "networkidle" : "load" });
      // From the keyboard: with JavaScript the focus goes on to the row that takes its place (else the queue's heading).
      await page.getByRole("button", { name: `Verified: Mesh ${id} (Gun Matrix)` }).focus();
      await page.keyboard.press("Enter");
      await succeeded(w, "Marked verified", "1 item is verified on the current update.");
      if (mode.javaScriptEnabled) await expect.poll(() => page.evaluate(() => document.activeElement?.id ?? "")).toMatch(/^(verify-(content|play)-\d+|queue-heading)$/);
      // Back at the queue, not the top of the screen.
      expect(new URL(page.url()).hash).toBe("#queue");
      expect(await page.locator("#queue").evaluate((element) => element.getBoundingClientRect().top)).toBeLessThan(200);
      expect((await state.db.select({ status: playStatuses.status }).from(playStatuses).where(eq(playStatuses.playId, scheme.playId)))[0].status).toBe("verified");

      // Away first: a goto to the address already open (its hash included) would not load it again.
      await page.goto("/updates");
      await page.goto("/admin/updates?game=madden#queue");
      // Nothing selected: refused beside the button, where the page then is (without JavaScript it opens at the queue).
      await page.getByRole("button", { name: "Mark verified", exact: true }).click();
      const refusal = page.locator("#queue").getByRole("alert").getByText("Select at least one item.", { exact: true });
      await visible(refusal);
      const box = await refusal.boundingBox();
      expect(box && box.y >= 0 && box.y + box.height <= page.viewportSize()!.height).toBe(true);
      w.problems.splice(0, w.problems.length, ...w.problems.filter((problem) => !problem.includes("status of 400")));
      await page.getByRole("checkbox", { name: `Select Patch Matrix ${id}` }).check();
      await page.getByRole("button", { name: "Mark verified", exact: true }).click();
      await succeeded(w, "Marked verified", "1 item is verified on the current update.");
      expect((await state.db.select({ status: contentStatuses.status }).from(contentStatuses).where(eq(contentStatuses.contentId, scheme.contentId)))[0].status).toBe("verified");

      // Back to re-test with its play: 'Verified with its 1 play' on the scheme's row does both.
      await state.db.update(contentStatuses).set({ status: "needs-retest" }).where(eq(contentStatuses.contentId, scheme.contentId));
      await state.db.update(playStatuses).set({ status: "needs-retest" }).where(eq(playStatuses.playId, scheme.playId));
      // Another address than the page's own: a change of the hash alone would not load it again.
      await page.goto("/admin/updates#queue");
      await page.getByRole("button", { name: `Verified with its 1 play: Patch Matrix ${id}` }).click();
      await succeeded(w, "Marked verified", "2 items are verified on the current update: the scheme and 1 play.");
      expect((await state.db.select({ status: contentStatuses.status }).from(contentStatuses).where(eq(contentStatuses.contentId, scheme.contentId)))[0].status).toBe("verified");
      expect((await state.db.select({ status: playStatuses.status }).from(playStatuses).where(eq(playStatuses.playId, scheme.playId)))[0].status).toBe("verified");
      await w.finish();
    } finally {
      await state.db.delete(content).where(eq(content.id, scheme.contentId));
    }
  });
});

describe("the keyboard across pages, with JavaScript", () => {
  it("'Set status' in the re-test queue opens the item's editor with the keyboard at its status form", async () => {
    const id = token(6);
    const scheme = await draftScheme(id);
    try {
      const w = await watchedPage(browser, JS_MODES[0]);
      const { page } = w;
      await signInAs(page, "admin");
      await page.goto("/admin/updates#queue", { waitUntil: "networkidle" });
      await page.getByRole("link", { name: `Set status of Mesh ${id} (Gun Matrix)` }).focus();
      await page.keyboard.press("Enter");
      await page.waitForURL(new RegExp(`#status-play-${scheme.playId}$`));
      await expect.poll(() => page.evaluate((anchor) => Boolean(document.getElementById(anchor)?.contains(document.activeElement)), `status-play-${scheme.playId}`)).toBe(true);
      await w.finish();
    } finally {
      await state.db.delete(content).where(eq(content.id, scheme.contentId));
    }
  });
});

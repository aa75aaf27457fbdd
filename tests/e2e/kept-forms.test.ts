import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { blogPosts, userTips } from "../../db/schema";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../../db/seed";
import { createMember } from "../support/accounts";
import { launchBrowser, signInAs, signInWithPassword, visible } from "../support/browser";
import { JS_MODES, watchedPage, type JsMode, type WatchedPage } from "../support/form-matrix";
import { storedContent, token } from "../support/staff";
import { testState } from "../support/test-state";

// A long form sent after its session ended (signed out in another tab, or expired) goes through the
// login and comes back in its form, not saved, to be saved in one tap: the blog editor, the content
// editor, a gameplan's name (new or changed), and (without JavaScript) the tip form.

const KEPT = "Not saved: your session had ended. What you typed is back in the form; save it now.";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The session ends (the cookie is gone, as after 'Sign out everywhere' elsewhere): the send leads to the login, which leads back. */
async function logInAgainAfterSend(w: WatchedPage, email: string, send: () => Promise<void>, path: string) {
  await w.context.clearCookies();
  await send();
  await w.page.waitForURL((url) => url.pathname === "/auth", { timeout: 15_000 });
  await visible(w.page.getByText("Log in again: what you typed comes back in the form, not yet saved.", { exact: true }));
  await w.page.getByLabel("Email").fill(email);
  await w.page.getByLabel("Password").fill(DEMO_PASSWORD);
  await w.page.getByRole("button", { name: "Login" }).click();
  await w.page.waitForURL((url) => url.pathname === path, { timeout: 15_000 });
  await visible(w.page.getByText(KEPT, { exact: true }));
}

async function savedToast(page: Page, text: string) {
  await visible(page.getByRole("status").getByText(text, { exact: true }), 15_000);
}

describe.each(JS_MODES)("a form sent after the session ended ($label)", (mode: JsMode) => {
  it("the blog editor: the new post comes back after the login and is saved", async () => {
    const w = await watchedPage(browser, mode);
    const { page } = w;
    const title = `Kept Post ${token()}`;
    await signInAs(page, "superadmin");
    await page.goto("/admin/blog/new", { waitUntil: mode.javaScriptEnabled ? "networkidle" : "load" });
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Excerpt").fill("Typed before the session ended.");
    await page.getByLabel("Content", { exact: true }).fill("## Patch day\n\nEvery word of this survives the login.");
    await page.getByRole("radio", { name: "Draft" }).check();
    await logInAgainAfterSend(w, DEMO_ACCOUNTS.superadmin.email, () => page.getByRole("button", { name: "Publish", exact: true }).click(), "/admin/blog/new");
    expect(await page.getByLabel("Title", { exact: true }).inputValue()).toBe(title);
    expect((await page.getByLabel("Content", { exact: true }).inputValue()).replaceAll("\r\n", "\n")).toBe("## Patch day\n\nEvery word of this survives the login.");
    const { db } = await testState();
    expect(await db.select().from(blogPosts).where(eq(blogPosts.title, title))).toEqual([]);
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await savedToast(page, `Successfully saved "${title}".`);
    expect(await db.select({ title: blogPosts.title }).from(blogPosts).where(eq(blogPosts.title, title))).toEqual([{ title }]);
    // Put back once: the editor opened again is empty.
    await page.goto("/admin/blog/new");
    expect(await page.getByLabel("Title", { exact: true }).inputValue()).toBe("");
    w.problems.splice(0, w.problems.length, ...w.problems.filter((problem) => !problem.includes("status of 401")));
    await w.finish();
  });

  it("a new gameplan's name, and a gameplan's new name, come back after the login and are saved", async () => {
    const member = await createMember();
    const w = await watchedPage(browser, mode);
    const { page } = w;
    await signInWithPassword(page, member.email, DEMO_PASSWORD);
    await page.goto("/gameplans", { waitUntil: mode.javaScriptEnabled ? "networkidle" : "load" });
    const name = `Kept plan ${token(4)}`;
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Game", { exact: true }).selectOption("college");
    await logInAgainAfterSend(w, member.email, () => page.getByRole("button", { name: "Create gameplan" }).click(), "/gameplans");
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe(name);
    expect(await page.getByLabel("Game", { exact: true }).inputValue()).toBe("college");
    await page.getByRole("button", { name: "Create gameplan" }).click();
    await savedToast(page, `${name} is ready. Open any play and use 'Add to gameplan'.`);
    const path = new URL(page.url()).pathname;

    const renamed = `Renamed ${token(4)}`;
    await page.getByLabel("Name", { exact: true }).fill(renamed);
    await logInAgainAfterSend(w, member.email, () => page.getByRole("button", { name: "Rename" }).click(), path);
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe(renamed);
    await page.getByRole("button", { name: "Rename" }).click();
    await savedToast(page, `It is now called ${renamed}.`);
    await visible(page.getByRole("heading", { name: renamed, level: 1 }));
    w.problems.splice(0, w.problems.length, ...w.problems.filter((problem) => !problem.includes("status of 401")));
    await w.finish();
  });

  it("Account Settings: new names come back after the login and are saved", async () => {
    const member = await createMember({ firstName: "Before", lastName: "Rename" });
    const w = await watchedPage(browser, mode);
    const { page } = w;
    await signInWithPassword(page, member.email, DEMO_PASSWORD);
    await page.goto("/account-settings", { waitUntil: mode.javaScriptEnabled ? "networkidle" : "load" });
    const card = page.locator("#profile");
    await card.getByLabel("First name").fill("Kept");
    await card.getByLabel("Last name").fill("Through Login");
    await logInAgainAfterSend(w, member.email, () => card.getByRole("button", { name: "Save Changes" }).click(), "/account-settings");
    expect(await card.getByLabel("First name").inputValue()).toBe("Kept");
    expect(await card.getByLabel("Last name").inputValue()).toBe("Through Login");
    await card.getByRole("button", { name: "Save Changes" }).click();
    await savedToast(page, "Profile updated");
    await w.finish();
  });

  it("the content editor: an edit comes back after the login and is saved", async () => {
    const w = await watchedPage(browser, mode);
    const { page } = w;
    // A draft no other test reads: its description changes here.
    const slug = "madden26-coverage-adjustments";
    const path = `/admin/content/${slug}`;
    await signInAs(page, "admin");
    await page.goto(path, { waitUntil: mode.javaScriptEnabled ? "networkidle" : "load" });
    const description = `Rewritten on patch day ${token()}.`;
    await page.getByLabel("Description", { exact: true }).fill(description);
    await logInAgainAfterSend(w, DEMO_ACCOUNTS.admin.email, () => page.getByRole("button", { name: "Update Content" }).click(), path);
    expect(await page.getByLabel("Description", { exact: true }).inputValue()).toBe(description);
    const title = await page.getByLabel("Title", { exact: true }).inputValue();
    await page.getByRole("button", { name: "Update Content" }).click();
    await savedToast(page, `Successfully updated "${title}"`);
    expect((await storedContent(slug))!.row.description).toBe(description);
    await w.finish();
  });
});

describe("a tip sent without JavaScript after the session ended", () => {
  it("comes back after the login and is submitted", async () => {
    const member = await createMember();
    const w = await watchedPage(browser, JS_MODES[1]);
    const { page } = w;
    await signInWithPassword(page, member.email, DEMO_PASSWORD);
    await page.goto("/submit-tip");
    const play = `Kept Mesh ${token()}`;
    await page.getByLabel("Formation name", { exact: true }).fill("Gun Bunch Wk");
    await page.getByLabel("Play name", { exact: true }).fill(play);
    await page.getByLabel("Playbook", { exact: true }).fill("Kansas City Chiefs");
    await page.getByLabel("Tip description", { exact: true }).fill("Motion the Z across before the snap: the mesh clears man coverage every time.");
    await logInAgainAfterSend(w, member.email, () => page.getByRole("button", { name: "Submit Tip" }).click(), "/submit-tip");
    expect(await page.getByLabel("Play name", { exact: true }).inputValue()).toBe(play);
    await page.getByRole("button", { name: "Submit Tip" }).click();
    await visible(page.getByRole("heading", { name: "Thank you!" }));
    const { db } = await testState();
    expect(await db.select({ playName: userTips.playName }).from(userTips).where(eq(userTips.userId, member.id))).toEqual([{ playName: play }]);
    await w.finish();
  });
});

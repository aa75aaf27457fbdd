import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { content } from "../../db/schema";
import { createConfirmedUser } from "../support/accounts";
import { launchBrowser, newPage, signInAs, signInWithPassword, visible } from "../support/browser";
import { testState, type TestState } from "../support/test-state";
import { token } from "../support/staff";

// A double click on a submit button without JavaScript sends the form twice, and the browser shows
// the answer to the second copy: it is the first one's (docs/decisions/0025).

let browser: Browser;
let state: TestState;
beforeAll(async () => {
  [browser, state] = await Promise.all([launchBrowser(), testState()]);
});
afterAll(async () => {
  await browser?.close();
});

/** Two clicks on the button 10 ms apart, as a hurried double click: the browser sends the form twice. */
async function twice(page: Page, button: Locator) {
  await button.scrollIntoViewIfNeeded();
  const box = (await button.boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await page.mouse.click(x, y);
  await page.waitForTimeout(10);
  await page.mouse.click(x, y);
  // Both copies were sent (the test is about what the second one does); the page is the second's answer.
  await expect.poll(() => posts.length, { timeout: 5_000 }).toBe(2);
  await page.waitForLoadState("load");
}

describe("a form double-clicked without JavaScript", () => {
  it("creates one item, and says so", async () => {
    const { context, page } = await newPage(browser, { javaScriptEnabled: false });
    await signInAs(page, "admin");
    const title = `Double Clicked ${token()}`;
    await page.goto("/admin/content/new");
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.locator('[name="formations[0].title"]').fill("Gun Bunch");
    await page.locator('[name="formations[0].plays[0].title"]').fill("Mesh");
    // A draft: other files expect the seed's newest items on the public pages.
    await page.getByText("Publish immediately").click();
    expect(await page.getByRole("switch", { name: "Publish immediately" }).isChecked()).toBe(false);
    await twice(page, page.getByRole("button", { name: "Create Content" }));
    await visible(page.getByRole("status").getByText(`Successfully created "${title}"`, { exact: true }), 15_000);
    expect(await state.db.select({ id: content.id }).from(content).where(eq(content.title, title))).toHaveLength(1);
    await state.db.delete(content).where(eq(content.title, title));
    await context.close();
  });

  it("changes the password once and keeps the member signed in with it", async () => {
    const user = await createConfirmedUser("dblclick");
    const { context, page } = await newPage(browser, { javaScriptEnabled: false });
    await signInWithPassword(page, user.email, user.password);
    await page.goto("/account-settings");
    const password = "Double#Click3d";
    await page.getByLabel("Current password").fill(user.password);
    await page.getByLabel("New password", { exact: true }).fill(password);
    await page.getByLabel("Confirm new password").fill(password);
    await twice(page, page.getByRole("button", { name: "Change Password" }));
    await visible(page.getByText("Password changed successfully!"), 15_000);
    expect(new URL(page.url()).pathname).toBe("/account-settings");
    // Still signed in: the page after a reload is the settings, not the login.
    await page.reload();
    expect(new URL(page.url()).pathname).toBe("/account-settings");
    await context.close();
  });
});

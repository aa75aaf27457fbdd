import { readFile } from "node:fs/promises";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../db/seed";
import { createMember, storedMemberByEmail } from "../support/accounts";
import { launchBrowser, signInAs, signInWithPassword, visible } from "../support/browser";
import { JS_MODES, watchedPage } from "../support/form-matrix";
import { rowsOf } from "../support/trust";

// The trust forms in Chromium, JavaScript on and off: 'Download my data', 'Delete account', the
// superadmin's deletion from the user details dialog and the Activity tab's filters.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(JS_MODES)("trust forms in Chromium, $label", (mode) => {
  it("downloads my data as a JSON file", async () => {
    const member = await createMember({ firstName: "Dana" });
    const w = await watchedPage(browser, mode);
    const { page } = w;
    await signInWithPassword(page, member.email, DEMO_PASSWORD);
    await page.goto("/account-settings#your-data");
    await visible(page.getByRole("heading", { name: "Your data" }));
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download my data" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^gridiron-playbook-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await download.path())!, "utf8"));
    expect(data.profile).toMatchObject({ email: member.email, firstName: "Dana" });
    await w.finish();
  });

  it("deletes my account with my password and the typed confirmation", async () => {
    const member = await createMember();
    const w = await watchedPage(browser, mode);
    const { page } = w;
    await signInWithPassword(page, member.email, DEMO_PASSWORD);
    await page.goto("/account-settings#delete-account");
    const card = page.locator("#delete-account");
    if (mode.javaScriptEnabled) await page.waitForLoadState("networkidle");
    // A wrong password first: refused, and counted where the Security card says so.
    await card.getByLabel("Password").fill("Not-my-password-9");
    await card.getByLabel("Type DELETE to confirm").fill("DELETE");
    await card.getByRole("button", { name: "Delete account" }).click();
    await visible(card.getByText("Password is incorrect"));
    await expect.poll(() => page.getByTestId("password-attempts").textContent()).toBe("1/3 attempts used");
    w.problems.splice(0, w.problems.length, ...w.problems.filter((problem) => !problem.includes("status of 400")));
    await card.getByLabel("Password").fill(DEMO_PASSWORD);
    await card.getByLabel("Type DELETE to confirm").fill("DELETE");
    await card.getByRole("button", { name: "Delete account" }).click();
    await page.waitForURL((url) => url.pathname !== "/account-settings", { timeout: 15_000 }).catch(async () => {
      throw new Error(`Still on settings: ${await card.innerText()}`);
    });
    await visible(page.getByText("Your account and your data have been deleted. A confirmation e-mail is on its way."));
    expect(new URL(page.url()).pathname).toBe("/");
    expect((await rowsOf(member.id)).users).toBe(0);
    await w.finish();
  });

  it("lets a superadmin delete a member from the user details dialog, and read it in Activity", async () => {
    const member = await createMember();
    const w = await watchedPage(browser, mode);
    const { page } = w;
    await signInAs(page, "superadmin");
    await page.goto(`/admin?q=${encodeURIComponent(member.email)}&user=${member.id}&dialog=details#users`);
    const dialog = page.getByRole("dialog");
    // A wrong word first: refused beside the box, which is marked invalid and (with JavaScript) has the keyboard back.
    await dialog.getByLabel("Type DELETE to confirm").fill("nope");
    await dialog.getByRole("button", { name: "Delete account" }).focus();
    await page.keyboard.press("Enter");
    await visible(page.getByRole("dialog").getByText("Type DELETE to confirm.", { exact: true }));
    const box = page.getByRole("dialog").getByLabel("Type DELETE to confirm");
    expect(await box.getAttribute("aria-invalid")).toBe("true");
    expect(await box.getAttribute("aria-describedby")).toBe("delete-user-error");
    if (mode.javaScriptEnabled) await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("delete-user-confirmation");
    w.problems.splice(0, w.problems.length, ...w.problems.filter((problem) => !problem.includes("status of 400")));
    await box.fill("DELETE");
    await page.getByRole("dialog").getByRole("button", { name: "Delete account" }).click();
    await visible(page.getByText("Account deleted", { exact: true }));
    await expect(storedMemberByEmail(member.email)).rejects.toThrow();

    await page.goto("/admin#activity");
    await page.getByLabel("Affected user").fill(member.email);
    await page.getByRole("button", { name: "Filter" }).click();
    await page.waitForURL((url) => url.searchParams.get("affected") === member.email);
    // With JavaScript the address changes before React draws the filtered list: wait for the list itself.
    const rows = page.getByTestId("activity-row");
    await expect.poll(() => rows.count()).toBe(1);
    await visible(rows.first().getByText("Deleted account"));
    // 'Clear filters' empties the fields too: the next filter is not narrowed by the one before.
    await page.getByLabel("Staff member").selectOption({ label: "superadmin@example.com" });
    await page.getByRole("button", { name: "Filter" }).click();
    await page.waitForURL((url) => url.searchParams.has("actor"));
    // The form drawn anew for the filter keeps the keyboard on 'Filter'.
    if (mode.javaScriptEnabled) await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Filter");
    await page.getByRole("link", { name: "Clear filters" }).click();
    await page.waitForURL((url) => !url.searchParams.has("actor") && !url.searchParams.has("affected"));
    await expect.poll(() => page.getByLabel("Affected user").inputValue()).toBe("");
    await expect.poll(() => page.getByLabel("Staff member").inputValue()).toBe("");
    await w.finish();
  });
});

import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { userTips } from "../../db/schema";
import type { DemoRole } from "../../db/seed";
import { createMember } from "../support/accounts";
import { testState, type TestState } from "../support/test-state";
import { launchBrowser, signInAs, visible } from "../support/browser";
import { token } from "../support/staff";

// The dashboard's dialogs and the Users tab's live search in Chromium. Every dialog opens from a
// link (a URL with ?dialog=...) and closes by its ✕ link without JavaScript; with JavaScript each one
// is a real modal: focus moves in and stays in, Escape and the backdrop close it, and focus goes back
// to the link that opened it.

let browser: Browser;
let state: TestState;
/** A signed-in session per role, reused by every test (one password check each). */
const sessions = new Map<DemoRole, Awaited<ReturnType<BrowserContext["storageState"]>>>();
let member: Awaited<ReturnType<typeof createMember>>;
let formationName: string;

beforeAll(async () => {
  [browser, state] = await Promise.all([launchBrowser(), testState()]);
  member = await createMember({ firstName: "Dana", lastName: `Dialog${token(4)}` });
  formationName = `Dialog Trips ${token()}`;
  await state.db.insert(userTips).values({
    userId: member.id,
    formationName,
    playName: "Smash",
    playbook: "Air Raid",
    gameType: "madden",
    tipDescription: "Read the flat defender before the snap.",
  });
  for (const role of ["admin", "superadmin"] as const) {
    const context = await browser.newContext({ baseURL: inject("baseUrl") });
    await signInAs(await context.newPage(), role);
    sessions.set(role, await context.storageState());
    await context.close();
  }
});
afterAll(async () => {
  await browser?.close();
});

async function staffPage(role: DemoRole, javaScriptEnabled = true) {
  const context = await browser.newContext({ baseURL: inject("baseUrl"), javaScriptEnabled, storageState: sessions.get(role), viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return { context, page, errors };
}

/** The dashboard marks its active tab only once hydrated. */
const dashboardHydrated = (page: Page) => visible(page.locator('nav[aria-label="Dashboard sections"] a[aria-current="page"]'));

const focusIsIn = (dialog: Locator) => dialog.evaluate((element) => element.contains(document.activeElement));
const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);
/** Room for a navigation on a loaded machine. */
const eventually = { timeout: 10_000 };
const openDialogs = (page: Page) => page.getByRole("dialog").count();

type DialogCase = {
  title: string;
  role: DemoRole;
  path: () => string;
  row: (page: Page) => Locator;
  link: string;
};

const DIALOGS: DialogCase[] = [
  { title: "User details", role: "superadmin", path: () => `/admin?q=${encodeURIComponent(member.email)}#users`, row: (page) => page.locator("#users").getByRole("row").filter({ hasText: member.email }), link: "Details" },
  { title: "Edit user", role: "superadmin", path: () => `/admin?q=${encodeURIComponent(member.email)}#users`, row: (page) => page.locator("#users").getByRole("row").filter({ hasText: member.email }), link: "Edit" },
  { title: "Tip details", role: "admin", path: () => "/admin#tips", row: (page) => page.locator("#tips").getByRole("row").filter({ hasText: formationName }), link: "Details" },
  { title: "Review tip", role: "admin", path: () => "/admin#tips", row: (page) => page.locator("#tips").getByRole("row").filter({ hasText: formationName }), link: "Review" },
  { title: "Delete tip", role: "admin", path: () => "/admin#tips", row: (page) => page.locator("#tips").getByRole("row").filter({ hasText: formationName }), link: "Delete" },
  { title: "Delete content", role: "admin", path: () => "/admin#content", row: (page) => page.locator("#content tbody tr").first(), link: "Delete" },
  { title: "Delete blog post", role: "superadmin", path: () => "/admin#blog", row: (page) => page.locator("#blog tbody tr").first(), link: "Delete" },
];

describe.each(DIALOGS)("the $title dialog", ({ title, role, path, row, link }) => {
  it("with JavaScript: focus moves in and Tab cycles inside; Escape and the backdrop close it; focus returns to its link", async () => {
    const { context, page, errors } = await staffPage(role);
    await page.goto(path());
    await dashboardHydrated(page);
    const opener = row(page).getByRole("link", { name: link, exact: true });
    const dialog = page.getByRole("dialog", { name: title });

    await opener.click();
    await visible(dialog);
    expect(await dialog.getAttribute("aria-modal")).toBe("true");
    await expect.poll(() => focusIsIn(dialog), eventually).toBe(true);
    expect(page.url()).toContain("dialog=");

    // Tab and Shift+Tab go round the dialog's controls (and wrap) without ever leaving it.
    const controls = await dialog.evaluate((element) =>
      [...element.querySelectorAll<HTMLElement>("a[href], button:not([disabled]), input:not([type=hidden]), select, textarea")].filter((control) => control.getClientRects().length > 0).length,
    );
    expect(controls).toBeGreaterThan(0);
    const seen = new Set<string>();
    for (let step = 0; step < controls * 2 + 1; step++) {
      await page.keyboard.press("Tab");
      expect(await focusIsIn(dialog), `Tab ${step + 1}`).toBe(true);
      seen.add(await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120) ?? ""));
    }
    expect(seen.size).toBe(controls);
    for (let step = 0; step < controls + 1; step++) {
      await page.keyboard.press("Shift+Tab");
      expect(await focusIsIn(dialog), `Shift+Tab ${step + 1}`).toBe(true);
    }

    await page.keyboard.press("Escape");
    await expect.poll(() => openDialogs(page), eventually).toBe(0);
    expect(page.url()).not.toContain("dialog=");
    await expect.poll(() => isFocused(opener), eventually).toBe(true);

    await opener.click();
    await visible(dialog);
    // The top-left corner is backdrop, outside the panel.
    await page.mouse.click(8, 8);
    await expect.poll(() => openDialogs(page), eventually).toBe(0);
    expect(page.url()).not.toContain("dialog=");
    await expect.poll(() => isFocused(opener), eventually).toBe(true);

    // A click inside the panel leaves it open.
    await opener.click();
    await visible(dialog);
    await dialog.getByRole("heading", { name: title }).click();
    expect(await openDialogs(page)).toBe(1);
    await dialog.getByRole("link", { name: "Close dialog" }).click();
    await expect.poll(() => openDialogs(page), eventually).toBe(0);
    await expect.poll(() => isFocused(opener), eventually).toBe(true);

    expect(errors).toEqual([]);
    await context.close();
  });

  it("without JavaScript: opens from its link and closes with the ✕ link", async () => {
    const { context, page } = await staffPage(role, false);
    await page.goto(path());
    await row(page).getByRole("link", { name: link, exact: true }).click();
    await page.waitForURL((url) => url.search.includes("dialog="), { timeout: 15_000 });
    const dialog = page.getByRole("dialog", { name: title });
    await visible(dialog);
    expect(await dialog.getAttribute("aria-modal")).toBe("true");
    expect(page.url()).toContain("dialog=");
    // The keyboard starts in the dialog (the browser's autofocus), not on the page behind it.
    expect(await isFocused(dialog)).toBe(true);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Close dialog");
    await dialog.getByRole("link", { name: "Close dialog" }).click();
    await page.waitForURL((url) => !url.search.includes("dialog="), { timeout: 15_000 });
    await page.waitForLoadState("load");
    expect(await openDialogs(page)).toBe(0);
    await context.close();
  });
});

describe("where focus goes when a dialog closes without its link", () => {
  it("a dialog in the page's first address gives focus back to the row's link with that address", async () => {
    const { context, page } = await staffPage("admin");
    const [tip] = await state.db.select({ id: userTips.id }).from(userTips).where(eq(userTips.formationName, formationName));
    await page.goto(`/admin?tip=${tip.id}&dialog=details#tips`);
    await dashboardHydrated(page);
    const dialog = page.getByRole("dialog", { name: "Tip details" });
    await visible(dialog);
    await expect.poll(() => focusIsIn(dialog), eventually).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => openDialogs(page), eventually).toBe(0);
    const details = page.getByRole("row").filter({ hasText: formationName }).getByRole("link", { name: "Details" });
    await expect.poll(() => isFocused(details), eventually).toBe(true);
    await context.close();
  });

  it("a dialog's address without its tab's anchor (a link taken before the page was interactive) opens in that tab", async () => {
    // The superadmin's dashboard opens at Users: the tip's dialog is in Tips.
    const { context, page } = await staffPage("superadmin");
    const [tip] = await state.db.select({ id: userTips.id }).from(userTips).where(eq(userTips.formationName, formationName));
    await page.goto(`/admin?tip=${tip.id}&dialog=details`);
    await dashboardHydrated(page);
    const dialog = page.getByRole("dialog", { name: "Tip details" });
    await visible(dialog);
    expect(await page.locator('nav[aria-label="Dashboard sections"] a[aria-current="page"]').textContent()).toMatch(/Tips/);
    await expect.poll(() => focusIsIn(dialog), eventually).toBe(true);
    await context.close();
  });

  it("a deleted row's dialog gives focus to the tab's heading", async () => {
    const doomed = `Doomed Trips ${token()}`;
    await state.db.insert(userTips).values({ userId: member.id, formationName: doomed, playName: "Mesh", playbook: "Air Raid", gameType: "madden", tipDescription: "A tip that is about to be deleted." });
    const { context, page } = await staffPage("admin");
    await page.goto("/admin#tips");
    await dashboardHydrated(page);
    await page.getByRole("row").filter({ hasText: doomed }).getByRole("link", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete tip" });
    await visible(dialog);
    await dialog.getByRole("button", { name: "Delete" }).click();
    await visible(page.getByRole("status").getByText("Tip deleted successfully"));
    await expect.poll(() => openDialogs(page), eventually).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id), eventually).toBe("tips-heading");
    await context.close();
  });
});

describe("a refused dialog stays in its tab", () => {
  it("a superadmin's review laid over another staff member's since comes back in the Tips tab's dialog, the notes as typed", async () => {
    const overtaken = `Overtaken Trips ${token()}`;
    const [tip] = await state.db
      .insert(userTips)
      .values({ userId: member.id, formationName: overtaken, playName: "Stick", playbook: "Air Raid", gameType: "madden", tipDescription: "A tip two staff members review at once." })
      .returning({ id: userTips.id });
    // The superadmin's first tab is Users: a refused answer without the Tips hash opened there.
    const { context, page, errors } = await staffPage("superadmin");
    await page.goto(`/admin?tip=${tip.id}&dialog=review#tips`);
    await dashboardHydrated(page);
    const dialog = page.getByRole("dialog", { name: "Review tip" });
    await visible(dialog);
    // Another staff member approves it meanwhile.
    await state.db.update(userTips).set({ status: "approved", adminNotes: "Approved by the other one.", updatedAt: new Date(Date.now() + 1000) }).where(eq(userTips.id, tip.id));
    await dialog.getByLabel("Admin notes (optional)").fill("Too close to an existing play.");
    // Opened by a full load: the form the server drew posts without the hash; the browser's adds it.
    await expect.poll(() => dialog.locator("form").first().getAttribute("action")).toMatch(/#tips$/);
    await dialog.getByRole("button", { name: "Reject" }).click();
    await visible(page.getByRole("dialog", { name: "Review tip" }).getByRole("alert").getByText(/^Not saved: another staff member reviewed this tip/), 15_000);
    expect(new URL(page.url()).hash).toBe("#tips");
    expect(await page.getByRole("dialog", { name: "Review tip" }).getByLabel("Admin notes (optional)").inputValue()).toBe("Too close to an existing play.");
    expect((await state.db.select({ status: userTips.status }).from(userTips).where(eq(userTips.id, tip.id)))[0].status).toBe("approved");
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("the dashboard's tabs from the keyboard", () => {
  it("a tab chosen with Enter puts the focus on its section's heading (not the page), the chosen tab again too", async () => {
    const { context, page, errors } = await staffPage("superadmin");
    await page.goto("/admin#users");
    await dashboardHydrated(page);
    const tabs = page.getByRole("navigation", { name: "Dashboard sections" });
    for (const [label, heading] of [["Tips", "tips-heading"], ["Updates", "updates-heading"], ["Messages", "messages-heading"], ["Messages", "messages-heading"]]) {
      await tabs.getByRole("link", { name: label, exact: true }).focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => page.evaluate(() => document.activeElement?.id), eventually).toBe(heading);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("the Users tab's live search", () => {
  const emailsInTable = (page: Page) => page.locator("#users tbody tr td:nth-child(2)").allInnerTexts();

  it("narrows the list as the box is typed in, follows in the address without adding history, and keeps focus", async () => {
    const { context, page, errors } = await staffPage("superadmin");
    await page.goto("/admin?contentPage=2&usersPage=2#users");
    await dashboardHydrated(page);
    const box = page.getByRole("searchbox", { name: "Search users" });
    await box.evaluate((element) => Object.assign(element, { probe: "same element" }));
    await box.focus();
    const historyBefore = await page.evaluate(() => history.length);

    await box.pressSequentially("PREMIUM@exa", { delay: 40 });
    await expect.poll(() => emailsInTable(page), eventually).toEqual(["premium@example.com"]);
    await expect.poll(() => new URL(page.url()).searchParams.get("q"), eventually).toBe("PREMIUM@exa");
    const url = new URL(page.url());
    expect(url.searchParams.get("contentPage")).toBe("2");
    expect(url.searchParams.has("usersPage")).toBe(false);
    expect(url.hash).toBe("#users");
    expect(await page.evaluate(() => history.length)).toBe(historyBefore);
    expect(await box.evaluate((element) => element === document.activeElement && (element as HTMLInputElement & { probe?: string }).probe)).toBe("same element");
    expect(await box.inputValue()).toBe("PREMIUM@exa");

    // A full name, typed slowly enough for a search after each key: still no new history entries.
    await box.fill("");
    for (const key of "dana dialog") {
      await box.press(key === " " ? "Space" : key);
      await page.waitForTimeout(350);
    }
    await expect.poll(() => emailsInTable(page), eventually).toContain(member.email);
    expect((await emailsInTable(page)).every((email) => email !== "premium@example.com")).toBe(true);
    await expect.poll(() => new URL(page.url()).searchParams.get("q"), eventually).toBe("dana dialog");
    expect(await page.evaluate(() => history.length)).toBe(historyBefore);
    expect(await isFocused(box)).toBe(true);

    // Emptying the box lists everyone again.
    await box.fill("");
    await expect.poll(() => new URL(page.url()).searchParams.has("q"), eventually).toBe(false);
    await expect.poll(async () => (await emailsInTable(page)).length, eventually).toBeGreaterThan(1);

    expect(errors).toEqual([]);
    await context.close();
  });

  it("without JavaScript searches with the Search button, keeping the other lists' pages", async () => {
    const { context, page } = await staffPage("superadmin", false);
    await page.goto("/admin?contentPage=2&usersPage=2#users");
    await page.getByRole("searchbox", { name: "Search users" }).fill("premium@");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForLoadState("load");
    expect(await emailsInTable(page)).toEqual(["premium@example.com"]);
    const url = new URL(page.url());
    expect(url.searchParams.get("q")).toBe("premium@");
    expect(url.searchParams.get("contentPage")).toBe("2");
    expect(url.searchParams.has("usersPage")).toBe(false);
    await context.close();
  });
});

describe("the User details dialog on a phone", () => {
  it("wraps a long e-mail address and name inside the dialog, 'Copy' in view", async () => {
    const long = await createMember({ firstName: "Christopherjonathanalexander", lastName: `Smithsonianworthington${token(4)}`, email: `christopher.a.smith88.${token(6)}@outlook-example.com` });
    const context = await browser.newContext({ baseURL: inject("baseUrl"), storageState: sessions.get("superadmin"), viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`/admin?q=${encodeURIComponent(long.email)}&user=${long.id}&dialog=details#users`);
    const dialog = page.getByRole("dialog", { name: "User details" });
    await visible(dialog);
    const copy = dialog.getByRole("button", { name: "Copy email" });
    const box = (await copy.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    // Nothing in the dialog scrolls sideways.
    expect(await dialog.evaluate((element) => [...element.querySelectorAll("*")].every((child) => child.scrollWidth <= child.clientWidth + 1 || getComputedStyle(child).overflowX !== "visible"))).toBe(true);
    expect(await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
    await context.close();
  });
});

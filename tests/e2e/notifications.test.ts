import type { Browser } from "playwright-core";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { content, favorites, statusChanges } from "../../db/schema";
import { DEMO_PASSWORD } from "../../db/seed";
import { createMember, storedMember } from "../support/accounts";
import { launchBrowser, newPage, signInWithPassword, visible } from "../support/browser";
import { JS_MODES, watchedPage, type WatchedPage } from "../support/form-matrix";
import { testState, type TestState } from "../support/test-state";
import { signLink } from "~/server/signed-links.server";

// Notifications in the browser, with JavaScript on and off: the bell's count, 'Mark as read' and
// 'Mark all as read' on /notifications, the 'Notifications' card of Account Settings, the
// unsubscribe page; and /notifications at phone width.

let browser: Browser;
let state: TestState;
beforeAll(async () => {
  [browser, state] = await Promise.all([launchBrowser(), testState()]);
});
afterAll(async () => {
  await browser?.close();
});

async function succeeded(w: WatchedPage, title: string, description: string) {
  const toast = w.page.getByRole("status");
  await visible(toast.getByText(title, { exact: true }), 15_000);
  await visible(toast.getByText(description, { exact: true }));
  await w.check();
}

/** A member following two seeded schemes, each with a status change since. */
async function memberWithTwoChanges() {
  const member = await createMember();
  // Schemes no other test file changes the status of.
  for (const slug of ["madden26-mut-champs-run", "cfb26-dynasty-rivalry-week"]) {
    const [item] = await state.db.select({ id: content.id }).from(content).where(eq(content.slug, slug));
    await state.db.insert(favorites).values({ userId: member.id, contentId: item.id, createdAt: new Date(Date.now() - 3_600_000) });
    await state.db.insert(statusChanges).values({ itemKind: "content", contentId: item.id, fromStatus: "needs-retest", toStatus: "verified", notify: true, changedAt: new Date(Date.now() - 600_000) });
  }
  return member;
}

const signIn = (w: WatchedPage, email: string) => signInWithPassword(w.page, email, DEMO_PASSWORD);

describe.each(JS_MODES)("notifications with $label", (mode) => {
  it("the bell counts unread notifications; mark one, then all, as read", async () => {
    const member = await memberWithTwoChanges();
    const w = await watchedPage(browser, mode);
    const { page } = w;
    await signIn(w, member.email);
    // At least this member's two changes (other files' changes on the same schemes may add to them).
    const bell = page.getByRole("link", { name: /^Notifications, \d+ unread$/ }).first();
    await visible(bell);
    const unread = Number(/(\d+) unread/.exec((await bell.getAttribute("aria-label")) ?? "")?.[1]);
    expect(unread).toBeGreaterThanOrEqual(2);
    await bell.click();
    await visible(page.getByRole("heading", { name: "Notifications", level: 1 }));
    // From the keyboard: with JavaScript the focus then stays on the notification's link (its button is gone).
    await page.getByRole("button", { name: /^Mark as read: / }).first().focus();
    await page.keyboard.press("Enter");
    await succeeded(w, "Marked as read", "The notification is marked as read.");
    if (mode.javaScriptEnabled) await expect.poll(() => page.evaluate(() => document.activeElement?.id ?? "")).toMatch(/^notification-\d+-link$/);
    // Without it the page comes back at that notification, not at the top of the list.
    else expect(new URL(page.url()).hash).toMatch(/^#notification-\d+$/);
    await visible(page.getByRole("link", { name: `Notifications, ${unread - 1} unread` }).first());
    await page.getByRole("button", { name: "Mark all as read" }).click();
    await succeeded(w, "All caught up", "Every notification is marked as read.");
    // Its button is gone: with JavaScript the keyboard is on the page's heading, not lost to the page.
    if (mode.javaScriptEnabled) await expect.poll(() => page.evaluate(() => document.activeElement?.id ?? "")).toBe("notifications-heading");
    await visible(page.getByRole("link", { name: "Notifications", exact: true }).first());
    await w.finish();
  });

  it("the 'Notifications' card saves the member's choices", async () => {
    const member = await createMember();
    const w = await watchedPage(browser, mode);
    const { page } = w;
    await signIn(w, member.email);
    await page.goto("/account-settings#notifications");
    const card = page.locator("#notifications");
    await card.getByLabel("In-site notifications").uncheck();
    await card.getByLabel("Madden NFL 26").check();
    await card.getByRole("button", { name: "Save notifications" }).click();
    await succeeded(w, "Notifications saved", "Your notification settings have been updated.");
    expect(await storedMember(member.id)).toMatchObject({ notifyDigest: true, notifyInSite: false, followGames: ["madden"] });
    await w.finish();
  });

  it("the unsubscribe page turns the digest off without signing in", async () => {
    const member = await createMember();
    const w = await watchedPage(browser, mode);
    const { page } = w;
    const signature = await signLink("gridiron-playbook-local-development-link-secret", "unsubscribe-digest", member.id);
    await page.goto(`/unsubscribe?u=${member.id}&s=${signature}`);
    await visible(page.getByRole("heading", { name: "Unsubscribe from the daily digest?" }));
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await visible(page.getByRole("heading", { name: "You're unsubscribed" }));
    expect((await storedMember(member.id)).notifyDigest).toBe(false);
    await w.finish();
  });
});

describe("/notifications on a phone", () => {
  it("fits the screen, with the bell beside the menu", async () => {
    const member = await memberWithTwoChanges();
    const { context, page } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    try {
      await signInWithPassword(page, member.email, DEMO_PASSWORD);
      const bell = page.getByRole("link", { name: /^Notifications, \d+ unread$/ }).last();
      await bell.waitFor({ state: "visible" });
      await bell.click();
      await visible(page.getByRole("heading", { name: "Notifications", level: 1 }));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await context.close();
    }
  });
});

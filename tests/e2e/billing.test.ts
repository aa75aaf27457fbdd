import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../db/seed";
import { createMember, storedMember, updateMember } from "../support/accounts";
import { focusedName, launchBrowser, newPage, signInWithPassword, visible } from "../support/browser";
import { RESEND_WINDOW_MS } from "~/server/resends.server";

// The local billing journey in Chromium (test mode: no Stripe key, localhost).

const PREMIUM_SCHEME = "/content/cfb26-335-tite-defense";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("billing in Chromium", () => {
  it("a free member subscribes with a promo code, opens a meta scheme, cancels, keeps access, and loses it once the expiry passes", async () => {
    const member = await createMember();
    const { context, page } = await newPage(browser);
    await signInWithPassword(page, member.email, DEMO_PASSWORD);
    const nav = page.getByRole("navigation", { name: "Main" });
    await visible(nav.getByText("Free Tier", { exact: true }));

    // Plan choice, then the checkout step with a promo code.
    await page.goto("/subscribe");
    await visible(page.getByText("save $54"));
    await page.getByRole("link", { name: "Choose Monthly" }).click();
    await page.waitForURL((url) => url.pathname === "/subscribe" && url.searchParams.get("plan") === "monthly");
    await visible(page.getByRole("heading", { name: "Premium Monthly" }));
    await page.getByLabel("Promo code (optional)").fill("GRIDIRON10");
    await page.getByRole("button", { name: "Proceed to Payment" }).click();

    // The local test checkout.
    await page.waitForURL((url) => url.pathname === "/subscribe/test-checkout", { timeout: 15_000 });
    await visible(page.getByText("Test mode", { exact: true }));
    await visible(page.getByText("Promo code applied: GRIDIRON10 (10% off the first payment)"));
    // $14.95 less 10% ($1.495, rounded up to $1.50).
    expect(await page.getByTestId("due-today").textContent()).toBe("$13.45");
    await visible(page.getByRole("button", { name: "Cancel" }));
    await page.getByRole("button", { name: "Pay" }).click();

    await page.waitForURL((url) => url.pathname === "/success", { timeout: 15_000 });
    await visible(page.getByRole("heading", { name: "Thank you for subscribing!" }));
    await visible(page.getByText("Your premium membership is active."));
    await visible(nav.getByText("Premium", { exact: true }));

    // A premium meta scheme opens.
    await page.goto(PREMIUM_SCHEME);
    await visible(page.getByRole("heading", { name: "Formations", exact: true }));
    expect(await page.getByRole("heading", { name: "Unlock this scheme" }).count()).toBe(0);

    // Cancel from Account Settings.
    await page.goto("/account-settings#subscription");
    await visible(page.getByText("Premium Active", { exact: true }));
    // By keyboard: the question takes the focus on its answer, and 'Keep premium' gives it back.
    await page.waitForLoadState("networkidle");
    await page.getByRole("link", { name: "Cancel Subscription" }).focus();
    await page.keyboard.press("Enter");
    await visible(page.getByText("Cancel your subscription?", { exact: true }));
    await expect.poll(() => focusedName(page)).toBe("Yes, cancel subscription");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect.poll(() => focusedName(page)).toBe("Cancel Subscription");
    await page.keyboard.press("Enter");
    await expect.poll(() => focusedName(page)).toBe("Yes, cancel subscription");
    await page.keyboard.press("Enter");
    await visible(page.getByText("Subscription cancelled", { exact: true }));
    // The keyboard is on what took the answer's place.
    await expect.poll(() => focusedName(page)).toBe("Resume Subscription");
    await visible(page.getByText("Your subscription has been cancelled. You'll have access until the end of your billing period."));
    await visible(page.getByText("Cancelled", { exact: true }));
    await visible(page.getByText("Ends", { exact: true }));
    await visible(page.getByRole("button", { name: "Resume Subscription" }));
    const stored = await storedMember(member.id);
    expect(stored.cancelAtPeriodEnd).toBe(true);

    // Access is kept until the end of the period...
    await page.goto(PREMIUM_SCHEME);
    await visible(page.getByRole("heading", { name: "Formations", exact: true }));

    // ...and ends once it has passed (the clock moves in the database).
    await updateMember(member.id, { accessExpiresAt: new Date(Date.now() - 60_000) });
    await page.goto(PREMIUM_SCHEME);
    await visible(page.getByRole("heading", { name: "Unlock this scheme" }));
    await visible(nav.getByText("Free Tier", { exact: true }));
    // Account Settings still says what the membership was: cancelled, and the day it ended.
    await page.goto("/account-settings");
    const card = page.locator("#subscription");
    await visible(card.getByText("Cancelled", { exact: true }));
    await visible(card.getByText("Premium ended", { exact: true }));
    await visible(card.getByRole("link", { name: "Upgrade to Premium" }));
    await context.close();
  });

  it("from the keyboard, choosing a plan leaves the focus on the checkout step, and 'Choose a different plan' on the plans", async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await page.goto("/subscribe");
    await page.waitForLoadState("networkidle");
    const focusedText = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? null);
    await page.getByRole("link", { name: "Choose Yearly" }).focus();
    await page.keyboard.press("Enter");
    await visible(page.getByRole("heading", { name: "Premium Yearly" }));
    await expect.poll(focusedText).toBe("Premium Yearly");
    await page.getByRole("link", { name: "Choose a different plan" }).focus();
    await page.keyboard.press("Enter");
    await visible(page.getByRole("link", { name: "Choose Monthly" }));
    await expect.poll(focusedText).toBe("Plans");
    await context.close();
  });

  it("shows a signed-out visitor the checkout step, then the 'Login Required' toast, /auth a second later, and the same plan and code after login", async () => {
    const member = await createMember();
    const { context, page } = await newPage(browser);
    await page.goto("/subscribe");
    await page.waitForLoadState("networkidle");
    await page.getByRole("link", { name: "Choose Yearly" }).click();
    // The checkout step, as for a member: the plan, the optional code, 'Proceed to Payment'.
    await page.waitForURL((url) => url.pathname === "/subscribe" && url.searchParams.get("plan") === "yearly");
    await visible(page.getByRole("heading", { name: "Premium Yearly" }));
    await page.getByLabel("Promo code (optional)").fill("  GRIDIRON10 ");
    const clicked = Date.now();
    await page.getByRole("button", { name: "Proceed to Payment" }).click();
    await visible(page.getByText("Login Required", { exact: true }), 2_000);
    await visible(page.getByText("Please log in to subscribe to a plan."));
    expect(new URL(page.url()).pathname).toBe("/subscribe");
    await page.waitForURL((url) => url.pathname === "/auth", { timeout: 5_000 });
    const elapsed = Date.now() - clicked;
    expect(elapsed).toBeGreaterThanOrEqual(900);
    expect(elapsed).toBeLessThan(4_000);
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/subscribe?plan=yearly&promo=GRIDIRON10");

    await page.getByLabel("Email").fill(member.email);
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL((url) => url.pathname === "/subscribe" && url.searchParams.get("plan") === "yearly", { timeout: 15_000 });
    await visible(page.getByRole("heading", { name: "Premium Yearly" }));
    expect(await page.getByLabel("Promo code (optional)").inputValue()).toBe("GRIDIRON10");
    await context.close();
  });

  it("without JavaScript, redirects the visitor's checkout to /auth with the message, and back to the plan after login", async () => {
    const member = await createMember();
    const { context, page } = await newPage(browser, { javaScriptEnabled: false });
    await page.goto("/subscribe");
    await page.getByRole("link", { name: "Choose Monthly" }).click();
    await page.waitForURL((url) => url.searchParams.get("plan") === "monthly");
    await page.getByLabel("Promo code (optional)").fill("GRIDIRON10");
    await page.getByRole("button", { name: "Proceed to Payment" }).click();
    await page.waitForURL((url) => url.pathname === "/auth");
    await visible(page.getByText("Login Required", { exact: true }));
    await visible(page.getByText("Please log in to subscribe to a plan."));
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/subscribe?plan=monthly&promo=GRIDIRON10");

    await page.getByLabel("Email").fill(member.email);
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL((url) => url.pathname === "/subscribe" && url.searchParams.get("plan") === "monthly");
    await visible(page.getByRole("button", { name: "Proceed to Payment" }));
    expect(await page.getByLabel("Promo code (optional)").inputValue()).toBe("GRIDIRON10");
    await context.close();
  });
});

describe("a Subscription card left open", () => {
  it("refused because the subscription ended meanwhile, it is read again and shows the ended state", async () => {
    const member = await createMember();
    const { context, page } = await newPage(browser);
    await signInWithPassword(page, member.email, DEMO_PASSWORD);
    await page.goto("/subscribe?plan=monthly");
    await page.getByRole("button", { name: "Proceed to Payment" }).click();
    await page.waitForURL((url) => url.pathname === "/subscribe/test-checkout", { timeout: 15_000 });
    await page.getByRole("button", { name: "Pay" }).click();
    await page.waitForURL((url) => url.pathname === "/success", { timeout: 15_000 });
    // This tab opens the cancel step; in another, the member cancels and the subscription ends.
    await page.goto("/account-settings?cancel=confirm#subscription");
    await page.waitForLoadState("networkidle");
    await visible(page.getByText("Premium Active", { exact: true }));
    const other = await context.newPage();
    await other.goto("/account-settings?cancel=confirm#subscription");
    const cancelledAt = Date.now();
    await other.getByRole("button", { name: "Yes, cancel subscription" }).click();
    await visible(other.getByText("Subscription cancelled", { exact: true }));
    await other.getByRole("button", { name: "Simulate renewal" }).click();
    await other.waitForLoadState("networkidle");
    // Left open longer than a double click's gap: within it, the same press in the same browser is
    // that cancellation again (decision 0025).
    await page.waitForTimeout(Math.max(0, cancelledAt + RESEND_WINDOW_MS + 500 - Date.now()));
    await page.getByRole("button", { name: "Yes, cancel subscription" }).click();
    await visible(page.getByText("Your subscription has already ended, so nothing was changed.", { exact: false }), 15_000);
    await expect.poll(() => page.getByText("Premium Active", { exact: true }).count()).toBe(0);
    expect((await storedMember(member.id)).subscriptionTier).toBe("free");
    await context.close();
  });
});


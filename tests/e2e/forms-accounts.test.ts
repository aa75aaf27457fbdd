import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../db/seed";
import { createMember, storedMember, TEST_PASSWORD, uniqueEmail } from "../support/accounts";
import { launchBrowser, signInWithPassword, visible } from "../support/browser";
import { JS_MODES, watchedPage, type WatchedPage } from "../support/form-matrix";
import { makePng } from "../support/images";

// The browser matrix, accounts and billing: each form once with valid input, with JavaScript on and
// off, up to its success message (see tests/support/form-matrix.ts for what every page is checked for).

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const NEW_PASSWORD = "Hurry#Up0ffense7";

function topBar(page: Page) {
  return page.getByRole("navigation", { name: "Main" });
}

/** Opens the newest link to `path` in the local outbox's messages to `email`. */
async function followOutboxLink(page: Page, email: string, path: string) {
  await page.goto("/dev/outbox");
  const message = page.getByTestId("outbox-message").filter({ has: page.getByTestId("outbox-to").getByText(email, { exact: true }) }).first();
  await message.locator(`a[data-testid="outbox-link"][href*="${path}"]`).first().click();
}

async function register(w: WatchedPage, email: string, firstName: string) {
  const { page } = w;
  await page.getByLabel("First name").fill(firstName);
  await page.getByLabel("Last name").fill("Matrix");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Register" }).click();
  await visible(page.getByText("Registration successful! Check your email for confirmation."));
  await w.check();
}

async function logIn(w: WatchedPage, email: string, password: string) {
  const { page } = w;
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  // With JavaScript the login page shows it for a second; without, it is the toast after the redirect.
  await visible(page.getByText("Login successful! Redirecting..."));
  await page.waitForURL((url) => url.pathname !== "/auth", { timeout: 15_000 });
  await w.check();
}

/** Through the checkout step and the local test checkout, up to 'Thank you for subscribing!'. */
async function subscribe(w: WatchedPage, plan: "Monthly" | "Yearly", promoCode: string | null) {
  const { page } = w;
  await page.goto("/subscribe");
  await page.getByRole("link", { name: `Choose ${plan}` }).click();
  await visible(page.getByRole("heading", { name: `Premium ${plan}` }));
  if (promoCode) await page.getByLabel("Promo code (optional)").fill(promoCode);
  await page.getByRole("button", { name: "Proceed to Payment" }).click();
  await page.waitForURL((url) => url.pathname === "/subscribe/test-checkout", { timeout: 15_000 });
  await visible(page.getByText("Test mode", { exact: true }));
  if (promoCode) {
    await visible(page.getByText(`Promo code applied: ${promoCode} (10% off the first payment)`));
    // The discount is taken off what is due today: 10% of $14.95 ($1.495) rounds to $1.50; of $125, $12.50.
    expect(await page.getByTestId("due-today").textContent()).toBe(plan === "Monthly" ? "$13.45" : "$112.50");
  }
  await w.check();
  await page.getByRole("button", { name: "Pay" }).click();
  await page.waitForURL((url) => url.pathname === "/success", { timeout: 15_000 });
  await visible(page.getByRole("heading", { name: "Thank you for subscribing!" }));
  await visible(page.getByText("Your premium membership is active."));
  await visible(topBar(page).getByText("Premium", { exact: true }));
  await w.check();
}

describe.each(JS_MODES)("account and billing forms in Chromium, $label", (mode) => {
  const tag = mode.javaScriptEnabled ? "js" : "nojs";

  it("register, ask for the confirmation again, confirm and login", async () => {
    const w = await watchedPage(browser, mode);
    const { page } = w;
    const email = uniqueEmail(`matrix-register-${tag}`);
    await page.goto("/auth?mode=register");
    await register(w, email, "Morgan");
    // Not confirmed yet: the login says so and offers the link again.
    await page.goto("/auth");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
    await visible(page.getByText("Email not confirmed", { exact: true }));
    w.problems.splice(0, w.problems.length, ...w.problems.filter((problem) => !/status of 4\d\d/.test(problem)));
    // From the keyboard: the button goes with the answer, and the focus to the notice that replaces it.
    await page.getByRole("button", { name: "Resend confirmation email" }).focus();
    await page.keyboard.press("Enter");
    const notice = page.getByText("If the account is waiting for confirmation, a new link is on its way.", { exact: true });
    await visible(notice);
    // Answered, the login's refusal is not kept beside it (the same page with and without JavaScript).
    expect(await page.getByText("Email not confirmed", { exact: true }).count()).toBe(0);
    if (mode.javaScriptEnabled) {
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? null)).toBe("If the account is waiting for confirmation, a new link is on its way.");
    }
    await w.check();
    await followOutboxLink(page, email, "/auth/confirm");
    await visible(w.page.getByText("Email confirmed"));
    await logIn(w, email, TEST_PASSWORD);
    await visible(w.page.getByRole("heading", { name: "Welcome Back, Morgan" }));
    await visible(topBar(w.page).getByText("Morgan", { exact: true }));
    await w.finish();
  });

  it("forgot password and reset password", async () => {
    const member = await createMember({ firstName: "Rory" });
    const w = await watchedPage(browser, mode);
    await w.page.goto("/auth?mode=forgot");
    await w.page.getByLabel("Email", { exact: true }).fill(member.email);
    await w.page.getByRole("button", { name: "Send Reset Email" }).click();
    await visible(w.page.getByRole("heading", { name: "Check Your Email" }));
    // The success words on the card, without JavaScript too (no toast there).
    await visible(w.page.getByText("Check your email for password reset instructions.").first());
    if (mode.javaScriptEnabled) await visible(w.page.getByText("Reset Email Sent"));
    await w.check();
    // 'Resend Email' says that it sent, without JavaScript too (the card itself stays the same).
    await w.page.getByRole("button", { name: "Resend Email" }).click();
    await visible(w.page.getByText("A new password reset email has been sent.").first());
    if (mode.javaScriptEnabled) await visible(w.page.getByText("Reset Email Resent"));
    await w.check();

    await followOutboxLink(w.page, member.email, "/reset-password");
    await visible(w.page.getByRole("heading", { name: "Choose a new password" }));
    await w.page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await w.page.getByLabel("Confirm new password").fill(NEW_PASSWORD);
    await w.page.getByRole("button", { name: "Reset Password" }).click();
    await visible(w.page.getByRole("heading", { name: "Password reset successfully!" }));
    await w.check();
    await w.page.getByRole("link", { name: "Go to Login Now" }).click();
    await w.page.waitForURL((url) => url.pathname === "/auth");
    await logIn(w, member.email, NEW_PASSWORD);
    await visible(w.page.getByRole("heading", { name: "Welcome Back, Rory" }));
    await w.finish();
  });

  it("profile, avatar and change password in Account Settings", async () => {
    const member = await createMember({ firstName: "Robin", lastName: "Tester" });
    const w = await watchedPage(browser, mode);
    const { page } = w;
    await signInWithPassword(page, member.email, DEMO_PASSWORD);
    await page.goto("/account-settings");

    // Profile
    await page.getByLabel("First name").fill("  Marlowe  ");
    await page.getByLabel("Last name").fill("Stone");
    await page.getByRole("button", { name: "Save Changes" }).focus();
    await page.keyboard.press("Enter");
    await visible(page.getByText("Profile updated", { exact: true }));
    await visible(page.getByText("Your profile information has been updated successfully."));
    // Back at the card, not at the top of the page.
    expect(new URL(page.url()).hash).toBe("#profile");
    await visible(topBar(page).getByText("Marlowe", { exact: true }));
    // The box shows the name as stored (trimmed), not as typed; the keyboard is still on the button.
    await expect.poll(() => page.getByLabel("First name").inputValue()).toBe("Marlowe");
    if (mode.javaScriptEnabled) await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? null)).toBe("Save Changes");
    expect((await storedMember(member.id)).lastName).toBe("Stone");
    await w.check();

    // Avatar
    await page.getByLabel("Change Avatar").setInputFiles({ name: "avatar.png", mimeType: "image/png", buffer: makePng(64, 64) });
    await page.getByRole("button", { name: "Upload" }).click();
    await visible(page.getByText("Avatar updated", { exact: true }));
    await visible(page.getByText("Your profile picture has been updated successfully."));
    expect((await storedMember(member.id)).profileImageUrl).toMatch(/avatars\//);
    await w.check();

    // Change password
    await page.getByLabel("Current password").fill(DEMO_PASSWORD);
    await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("Confirm new password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Change Password" }).click();
    await visible(page.getByText("Password changed successfully!"));
    if (mode.javaScriptEnabled) await visible(page.getByText("Password Updated", { exact: true }));
    await w.check();
    await w.finish();

    // The new password is the one that works now.
    const again = await watchedPage(browser, mode);
    await again.page.goto("/auth");
    await logIn(again, member.email, NEW_PASSWORD);
    await again.finish();
  });

  it("subscribe to the monthly plan without a promo code, cancel and resume", async () => {
    const member = await createMember();
    const w = await watchedPage(browser, mode);
    const { page } = w;
    await signInWithPassword(page, member.email, DEMO_PASSWORD);
    await subscribe(w, "Monthly", null);
    expect((await storedMember(member.id)).subscriptionPlan).toBe("monthly");

    await page.goto("/account-settings#subscription");
    // Confirmed on the card first: one tap does not end a membership.
    await page.getByRole("link", { name: "Cancel Subscription" }).click();
    await visible(page.getByText("Cancel your subscription?", { exact: true }));
    await page.getByRole("button", { name: "Yes, cancel subscription" }).click();
    await visible(page.getByText("Subscription cancelled", { exact: true }));
    await visible(page.getByText("Your subscription has been cancelled. You'll have access until the end of your billing period."));
    expect((await storedMember(member.id)).cancelAtPeriodEnd).toBe(true);
    await w.check();

    await page.getByRole("button", { name: "Resume Subscription" }).click();
    await visible(page.getByText("Subscription resumed", { exact: true }));
    await visible(page.getByText("Your subscription will renew as usual."));
    expect((await storedMember(member.id)).cancelAtPeriodEnd).toBe(false);
    await w.check();

    // The test mode's simulations.
    await page.getByRole("button", { name: "Simulate renewal" }).click();
    await visible(page.getByText("Renewal simulated."));
    await w.check();
    await page.getByRole("button", { name: "Simulate failed payment" }).click();
    await visible(page.getByText("Failed payment simulated."));
    await visible(page.getByText("Past Due", { exact: true }));
    expect((await storedMember(member.id)).subscriptionStatus).toBe("past_due");
    await w.check();

    // 'Manage Billing' says where the portal is, locally (Stripe's portal needs a key).
    await page.getByRole("button", { name: "Manage Billing" }).click();
    await visible(page.getByText("The Stripe billing portal opens here once Stripe is configured.").first());
    w.problems.splice(0, w.problems.length, ...w.problems.filter((problem) => !problem.includes("status of 400")));
    await w.finish();
  });

  it("subscribe to the yearly plan with a promo code", async () => {
    const member = await createMember();
    const w = await watchedPage(browser, mode);
    await signInWithPassword(w.page, member.email, DEMO_PASSWORD);
    await subscribe(w, "Yearly", "GRIDIRON10");
    expect((await storedMember(member.id)).subscriptionPlan).toBe("yearly");
    await w.finish();
  });

  it("a visitor chooses a plan, is asked to log in, registers, confirms and lands back on the plan with the code", async () => {
    const w = await watchedPage(browser, mode);
    const { page } = w;
    const email = uniqueEmail(`matrix-visitor-${tag}`);
    await page.goto("/subscribe");
    await page.getByRole("link", { name: "Choose Monthly" }).click();
    await visible(page.getByRole("heading", { name: "Premium Monthly" }));
    await page.getByLabel("Promo code (optional)").fill("GRIDIRON10");
    await page.getByRole("button", { name: "Proceed to Payment" }).click();
    await visible(page.getByText("Login Required", { exact: true }));
    await visible(page.getByText("Please log in to subscribe to a plan."));
    await page.waitForURL((url) => url.pathname === "/auth", { timeout: 5_000 });
    await w.check();

    await page.getByRole("link", { name: "Need an account? Register" }).click();
    await visible(page.getByRole("heading", { name: "Create your account" }));
    await register(w, email, "Parker");
    await followOutboxLink(page, email, "/auth/confirm");
    await visible(page.getByText("Email confirmed"));
    await logIn(w, email, TEST_PASSWORD);
    await page.waitForURL((url) => url.pathname === "/subscribe" && url.searchParams.get("plan") === "monthly");
    await visible(page.getByRole("heading", { name: "Premium Monthly" }));
    expect(await page.getByLabel("Promo code (optional)").inputValue()).toBe("GRIDIRON10");
    await page.getByRole("button", { name: "Proceed to Payment" }).click();
    await page.waitForURL((url) => url.pathname === "/subscribe/test-checkout", { timeout: 15_000 });
    await visible(page.getByText("Promo code applied: GRIDIRON10 (10% off the first payment)"));
    await w.finish();
  });
});

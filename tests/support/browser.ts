import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { inject } from "vitest";
import { BUNDLED_FONTS } from "./chromium.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoRole } from "../../db/seed.ts";

/** Launches the Chromium chosen once for the run (see chromium.ts and global-setup.ts). */
export function launchBrowser(): Promise<Browser> {
  const choice = inject("chromium");
  return chromium.launch({
    executablePath: choice.path,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
      ...(choice.source === "npm" ? ["--no-zygote"] : []),
    ],
    env: choice.source === "npm" ? { ...process.env, FONTCONFIG_PATH: process.env.FONTCONFIG_PATH ?? BUNDLED_FONTS } : undefined,
  });
}

export type PageOptions = {
  javaScriptEnabled?: boolean;
  viewport?: { width: number; height: number };
  /** Extra headers on every request, e.g. CF-Connecting-IP for a client address of its own. */
  headers?: Record<string, string>;
  /** Lets axe-core be injected as an inline script despite the page's CSP. */
  bypassCSP?: boolean;
};

export async function newPage(browser: Browser, options: PageOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: inject("baseUrl"),
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    viewport: options.viewport ?? { width: 1280, height: 900 },
    bypassCSP: options.bypassCSP ?? false,
    extraHTTPHeaders: options.headers,
  });
  const page = await context.newPage();
  return { context, page };
}

/** Signs in through the real login form (works with JavaScript on or off). */
export async function signInAs(page: Page, role: DemoRole) {
  await signInWithPassword(page, DEMO_ACCOUNTS[role].email, DEMO_PASSWORD);
}

export async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL((url) => url.pathname !== "/auth", { timeout: 15_000 });
}

/** Whether the element is wholly inside the window as it is scrolled now (a message the reader sees without scrolling). */
export function onScreen(locator: import("playwright-core").Locator) {
  return locator.first().evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });
}

/** Waits until the locator is visible (fails the test after the timeout). */
export async function visible(locator: import("playwright-core").Locator, timeout = 10_000) {
  await locator.first().waitFor({ state: "visible", timeout });
}

/** The name of the element that has the keyboard's focus (its aria-label, else its text); null on the page itself. */
export function focusedName(page: import("playwright-core").Page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return null;
    return element.getAttribute("aria-label") ?? element.textContent?.trim() ?? null;
  });
}

/**
 * How many places a screen reader reads the text out from: the alerts and live regions (outermost
 * only, as a region inside another is read with it) that show it.
 */
export function announcements(page: import("playwright-core").Page, text: string) {
  return page.evaluate((needle) => {
    const spaced = (value: string) => value.replace(/\s+/g, " ").trim();
    const live = '[role="alert"], [role="status"], [aria-live]:not([aria-live="off"])';
    return [...document.querySelectorAll<HTMLElement>(live)].filter(
      (region) => !region.parentElement?.closest(live) && region.checkVisibility() && spaced(region.innerText).includes(needle),
    ).length;
  }, text);
}

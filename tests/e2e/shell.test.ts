import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, signInAs, visible } from "../support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("page shell in Chromium", () => {
  it("shows the visitor navigation and the 404 page", async () => {
    const { context, page } = await newPage(browser);
    await page.goto("/");
    await visible(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login / Register" }));
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await visible(page.getByRole("heading", { name: "404 Page Not Found" }));
    await visible(page.getByText("Did you forget to add the page to the router?"));
    await context.close();
  });

  it("runs without CSP violations or script errors", async () => {
    const { context, page } = await newPage(browser);
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each([
    ["premium", "Jordan", "Premium", false],
    ["free", "Taylor", "Free Tier", false],
    ["expired", "Casey", "Free Tier", false],
    ["admin", "Alex", "Premium", true],
    ["superadmin", "Sam", "Premium", true],
  ] as const)("signs in as the %s demo account and shows its name and tier", async (role, firstName, label, staff) => {
    const { context, page } = await newPage(browser);
    await signInAs(page, role);
    const nav = page.getByRole("navigation", { name: "Main" });
    await visible(nav.getByText(firstName, { exact: true }));
    await visible(nav.getByText(label, { exact: true }));
    await visible(nav.getByRole("link", { name: "Dashboard" }));
    expect(await nav.getByRole("link", { name: "Pricing" }).count()).toBe(label === "Premium" ? 0 : 1);
    await nav.getByText(firstName, { exact: true }).click();
    expect(await nav.getByRole("link", { name: "Admin" }).count()).toBe(staff ? 1 : 0);
    await context.close();
  });

  it("signs in and out with JavaScript off, with a flash message after the redirect", async () => {
    const { context, page } = await newPage(browser, { javaScriptEnabled: false });
    await signInAs(page, "premium");
    await visible(page.getByText("Login successful! Redirecting..."));
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByText("Jordan", { exact: true }).click();
    await nav.getByRole("button", { name: "Logout" }).click();
    await visible(nav.getByRole("link", { name: "Login / Register" }));
    await context.close();
  });

  it("keeps the top bar inside narrow phones (320 and 360 px), the 'Menu' button on screen, for visitors and members", async () => {
    for (const who of ["visitor", "premium"] as const) {
      for (const width of [320, 360]) {
        const { context, page } = await newPage(browser, { viewport: { width, height: 740 } });
        if (who === "premium") await signInAs(page, "premium");
        await page.goto("/madden");
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${who} at ${width}`).toBeLessThanOrEqual(width);
        const menu = await page.locator("summary").filter({ hasText: /^\s*Menu\s*$/ }).boundingBox();
        expect(menu, `${who} at ${width}`).not.toBeNull();
        expect(menu!.x + menu!.width, `${who} at ${width}`).toBeLessThanOrEqual(width);
        // The play finder is one tap away in the bar, beside the bell.
        const search = await page.locator("header nav").getByRole("link", { name: "Search", exact: true }).and(page.locator(":visible")).boundingBox();
        expect(search, `${who} at ${width}`).not.toBeNull();
        expect(search!.x + search!.width, `${who} at ${width}`).toBeLessThanOrEqual(menu!.x);
        await context.close();
      }
    }
  });

  it("on a phone, every field a member can type in or choose from is at least 16 px (a smaller one makes the browser zoom in when tapped)", async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await signInAs(page, "premium");
    const small: string[] = [];
    for (const path of ["/home", "/search?q=mesh", "/gameplans", "/content/cfb26-spread-rpo-attack/section/gun-bunch/play/mesh", "/account-settings", "/contact", "/blog/community-tournament-october"]) {
      await page.goto(path, { waitUntil: "networkidle" });
      const gameplan = path === "/gameplans" ? await page.locator('a[href^="/gameplans/"]').first().getAttribute("href") : null;
      if (gameplan) await page.goto(gameplan, { waitUntil: "networkidle" });
      // Closed panels too (the phone menu with its search box, a gameplan's 'Note, move or remove'), open for the count.
      await page.evaluate(() => document.querySelectorAll("details").forEach((details) => (details.open = true)));
      small.push(
        ...(await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>("input, select, textarea")]
            .filter((field) => !["hidden", "checkbox", "radio", "range", "file", "submit", "button"].includes(field.getAttribute("type") ?? ""))
            .filter((field) => field.getClientRects().length > 0 && getComputedStyle(field).visibility !== "hidden")
            .filter((field) => parseFloat(getComputedStyle(field).fontSize) < 16)
            .map((field) => `${location.pathname} ${field.id || field.getAttribute("name") || field.tagName} ${getComputedStyle(field).fontSize}`),
        )),
      );
    }
    expect(small).toEqual([]);
    await context.close();
  });

  it("opens the mobile menu on a phone-sized screen", async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await page.goto("/");
    await page.locator("summary").filter({ hasText: "Menu" }).click();
    await visible(page.getByRole("link", { name: "Madden NFL 26" }).last());
    await context.close();
  });

  it("offers a member on a phone the account menu's items without Submit Tip (the spec's phone menu); the tip form is reached from Account Settings", async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await signInAs(page, "premium");
    await page.goto("/college");
    const menu = page.locator("details").filter({ has: page.locator("summary").filter({ hasText: /^\s*Menu\s*$/ }) });
    await menu.locator("summary").click();
    for (const name of ["Account Settings", "Gameplans"]) await visible(menu.getByRole("link", { name, exact: true }));
    await visible(menu.getByRole("button", { name: "Logout" }));
    expect(await menu.getByRole("link", { name: "Submit Tip", exact: true }).count()).toBe(0);
    await menu.getByRole("link", { name: "Account Settings", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/account-settings");
    await page.locator("#tips").getByRole("link", { name: /Submit (Your First|New) Tip/ }).click();
    await page.waitForURL((url) => url.pathname === "/submit-tip");
    await context.close();
  });

  it("offers Submit Tip in the menu of a laptop narrower than 1280 px, where the account menu is folded into it", async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 1024, height: 768 } });
    await signInAs(page, "premium");
    await page.goto("/college");
    const menu = page.locator("details").filter({ has: page.locator("summary").filter({ hasText: /^\s*Menu\s*$/ }) });
    await menu.locator("summary").click();
    await menu.getByRole("link", { name: "Submit Tip", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/submit-tip");
    await context.close();
  });

  it("announces a page opened inside the site by its title and starts the keyboard at its main content", async () => {
    const { context, page } = await newPage(browser);
    await page.goto("/blog", { waitUntil: "networkidle" });
    expect(await page.getByTestId("route-announcer").textContent()).toBe("");
    const post = page.locator('main a[href^="/blog/"]').first();
    await post.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname.startsWith("/blog/"));
    // The post's own title first (the URL changes a moment before the title does).
    await expect.poll(() => page.title()).not.toBe("Blog | Gridiron Playbook");
    await expect.poll(() => page.getByTestId("route-announcer").textContent()).toBe(await page.title());
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("main");
    // The next Tab is on the new page's first control, not back in the top bar.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("main")))).toBe(true);
    await context.close();
  });

  it("keeps the phone menu open when it was opened before the page became interactive", async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    // The page's scripts arrive late, as on a slow phone network: the menu is opened before them.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/**/*.js", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/college", { waitUntil: "commit" });
    const menu = page.locator("details").filter({ has: page.locator("summary").filter({ hasText: "Menu" }) });
    await menu.locator("summary").click();
    expect(await menu.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(true);
    release();
    await page.waitForLoadState("networkidle");
    // Interactive now (Escape closes it, which only the page's script does), and it stayed open until then.
    expect(await menu.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(true);
    await menu.locator("summary").focus();
    await page.keyboard.press("Escape");
    await expect.poll(() => menu.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(false);
    await context.close();
  });

  it("closes the phone menu when the keyboard leaves it, so focus never sits under it", async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await page.goto("/college");
    const menu = page.locator("details").filter({ has: page.locator("summary").filter({ hasText: "Menu" }) });
    await menu.locator("summary").focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => menu.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(true);
    // Tab through the menu's links and fields until focus leaves it.
    const inside = () => menu.evaluate((element) => element.contains(document.activeElement));
    await page.keyboard.press("Tab");
    expect(await inside()).toBe(true);
    for (let press = 0; press < 40 && (await inside()); press++) await page.keyboard.press("Tab");
    expect(await inside()).toBe(false);
    // Focus has left the menu: it is closed, so what has focus is not under it.
    expect(await menu.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(false);
    await context.close();
  });

  it("without JavaScript, hides the phone menu the keyboard has left, and shows it again on the way back", async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    await page.goto("/college");
    const menu = page.locator("details").filter({ has: page.locator("summary").filter({ hasText: "Menu" }) });
    const panel = menu.locator("summary + div");
    await menu.locator("summary").focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => menu.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(true);
    expect(await panel.isVisible()).toBe(true);
    const inside = () => menu.evaluate((element) => element.contains(document.activeElement));
    await page.keyboard.press("Tab");
    expect(await inside()).toBe(true);
    expect(await panel.isVisible()).toBe(true);
    for (let press = 0; press < 40 && (await inside()); press++) await page.keyboard.press("Tab");
    expect(await inside()).toBe(false);
    // Nothing closes it without a script: it is still open, but hidden, and what has the focus is on top.
    expect(await menu.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(true);
    expect(await panel.isVisible()).toBe(false);
    const onTop = await page.evaluate(() => {
      const focused = document.activeElement as HTMLElement;
      focused.scrollIntoView({ block: "center" });
      const box = focused.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return Boolean(hit && (focused === hit || focused.contains(hit)));
    });
    expect(onTop).toBe(true);
    // Back into it: shown again.
    await page.keyboard.press("Shift+Tab");
    expect(await inside()).toBe(true);
    expect(await panel.isVisible()).toBe(true);
    await context.close();
  });
});

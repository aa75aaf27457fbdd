import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { launchBrowser, newPage, signInAs, visible } from "../support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const POST_SLUG = "community-tournament-october";
const POST_TITLE = "Community Tournament: Sign-Ups Are Open";

/** The contact form is rate-limited per address: each context sends from its own. */
async function ownAddress(context: BrowserContext) {
  const address = `10.${200 + Math.floor(Math.random() * 50)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
  await context.setExtraHTTPHeaders({ "CF-Connecting-IP": address });
}

async function heroVideo(page: Page) {
  return page.locator("video").first().evaluate((video: HTMLVideoElement) => ({
    muted: video.muted,
    loop: video.loop,
    autoplay: video.autoplay,
    poster: video.getAttribute("poster"),
    currentSrc: video.currentSrc,
    networkState: video.networkState,
    paused: video.paused,
  }));
}

describe("landing page in Chromium", () => {
  it("plays a muted, looping hero video with a poster, and the hero buttons lead to /subscribe and /college", async () => {
    const { context, page } = await newPage(browser);
    await page.goto("/");
    await page.waitForFunction(() => Boolean(document.querySelector("video")?.currentSrc));
    const video = await heroVideo(page);
    expect(video).toMatchObject({ muted: true, loop: true, autoplay: true, poster: "/hero-poster.png" });
    expect(new URL(video.currentSrc).pathname).toBe("/hero.mp4");
    const poster = await page.request.get("/hero-poster.png");
    expect(poster.status()).toBe(200);

    await page.getByRole("link", { name: "Start Dominating Now" }).click();
    await page.waitForURL((url) => url.pathname === "/subscribe");
    await page.goto("/");
    await page.getByRole("link", { name: "View College Schemes" }).click();
    await page.waitForURL((url) => url.pathname === "/college");
    await context.close();
  });

  it.each([true, false])("stops the hero video with 'Pause background video' from the keyboard (JavaScript %s)", async (javaScriptEnabled) => {
    const { context, page } = await newPage(browser, { javaScriptEnabled });
    await page.goto("/");
    if (javaScriptEnabled) await page.waitForLoadState("networkidle");
    const pause = page.getByRole("checkbox", { name: "Pause background video" });
    const video = page.locator("video").first();
    await expect.poll(() => video.isVisible()).toBe(true);
    await pause.focus();
    await page.keyboard.press("Space");
    expect(await pause.isChecked()).toBe(true);
    // Hidden either way (its poster stays behind it); with JavaScript it stops playing too.
    await expect.poll(() => video.isVisible()).toBe(false);
    if (javaScriptEnabled) expect(await video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
    await page.keyboard.press("Space");
    await expect.poll(() => video.isVisible()).toBe(true);
    if (javaScriptEnabled) await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(false);
    await context.close();
  });

  it("chooses no video source for people who prefer reduced motion (the poster stays)", async () => {
    const context = await browser.newContext({ baseURL: inject("baseUrl"), reducedMotion: "reduce" });
    const page = await context.newPage();
    const videoRequests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/hero.mp4") videoRequests.push(request.url());
    });
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    const video = await heroVideo(page);
    expect(video.currentSrc).toBe("");
    expect(video.networkState).toBe(3); // NETWORK_NO_SOURCE
    expect(video.paused).toBe(true);
    expect(video.poster).toBe("/hero-poster.png");
    expect(videoRequests).toEqual([]);
    expect(await page.getByRole("checkbox", { name: "Pause background video" }).isVisible()).toBe(false);
    await context.close();
  });
});

describe("blog in Chromium", () => {
  it.each([true, false])("goes from the list to a post and posts a comment as a free member (JavaScript %s)", async (javaScriptEnabled) => {
    const { context, page } = await newPage(browser, { javaScriptEnabled });
    await signInAs(page, "free");
    await page.goto("/blog");
    await page.getByRole("link", { name: new RegExp(POST_TITLE) }).click();
    await page.waitForURL((url) => url.pathname === `/blog/${POST_SLUG}`);
    await visible(page.getByRole("heading", { level: 1, name: POST_TITLE }));

    const comment = `See you in the bracket! ${javaScriptEnabled ? "js" : "no-js"} ${Date.now()}`;
    await page.getByLabel("Add a comment").fill(comment);
    await page.getByRole("button", { name: "Post Comment" }).click();
    const posted = page.locator("#comments li").filter({ hasText: comment });
    await visible(posted);
    await visible(posted.getByText("Taylor", { exact: true }));
    expect(new URL(page.url()).pathname).toBe(`/blog/${POST_SLUG}`);
    if (javaScriptEnabled) expect(await page.getByLabel("Add a comment").inputValue()).toBe("");
    await context.close();
  });

  it("asks a visitor to log in to comment", async () => {
    const { context, page } = await newPage(browser);
    // A click while the page hydrates can be lost: let the page settle first.
    await page.goto(`/blog/${POST_SLUG}`, { waitUntil: "networkidle" });
    await page.getByRole("link", { name: "Log in to comment." }).click();
    // The link may be followed by the browser (before hydration) or by the router (after it): poll the URL.
    await expect
      .poll(() => {
        const url = new URL(page.url());
        return url.pathname === "/auth" && url.searchParams.get("redirectTo") === `/blog/${POST_SLUG}`;
      }, { timeout: 15_000 })
      .toBe(true);
    await context.close();
  });

  it("copies the post's link with JavaScript on", async () => {
    const { context, page } = await newPage(browser);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: inject("baseUrl") });
    await page.goto(`/blog/${POST_SLUG}`);
    const button = page.getByRole("button", { name: "Copy link" });
    await visible(button);
    await button.click();
    await visible(page.getByRole("button", { name: "Link copied!" }));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${inject("baseUrl")}/blog/${POST_SLUG}`);
    await visible(page.getByRole("button", { name: "Copy link" }), 5000); // back after a moment
    await context.close();
  });

  it("shows the post's link in a field to copy by hand with JavaScript off", async () => {
    const { context, page } = await newPage(browser, { javaScriptEnabled: false });
    await page.goto(`/blog/${POST_SLUG}`);
    const field = page.getByLabel("Link to this post");
    await visible(field);
    expect(await field.inputValue()).toBe(`${inject("baseUrl")}/blog/${POST_SLUG}`);
    expect(await field.getAttribute("readonly")).not.toBeNull();
    expect(await page.getByRole("button", { name: "Copy link" }).count()).toBe(0);
    await context.close();
  });
});

describe("contact form in Chromium", () => {
  async function fillContact(page: Page, marker: string) {
    await page.getByLabel("Name", { exact: true }).fill("Pat Doe");
    await page.getByLabel("Email", { exact: true }).fill("pat@example.com");
    await page.getByLabel("Subject", { exact: true }).fill("Question");
    await page.getByLabel("Message", { exact: true }).fill(`How do I switch plans? ${marker}`);
  }

  it("with JavaScript on: an empty submit shows the 'Missing Information' toast and sends nothing", async () => {
    const { context, page } = await newPage(browser);
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await page.goto("/contact");
    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: "Send Message" }).click();
    const toasts = page.getByRole("status");
    await visible(toasts.getByText("Missing Information"), 5000);
    await visible(toasts.getByText("Please fill in all required fields."));
    expect(posts).toEqual([]); // checked in the browser, nothing sent
    await context.close();
  });

  it("with JavaScript on: a valid message shows the 'Message Sent!' toast and reaches the outbox", async () => {
    const { context, page } = await newPage(browser);
    await ownAddress(context);
    await page.goto("/contact");
    await page.waitForLoadState("networkidle");
    const marker = `e2e-js-${Date.now()}`;
    await fillContact(page, marker);
    await page.getByRole("button", { name: "Send Message" }).click();
    const toasts = page.getByRole("status");
    await visible(toasts.getByText("Message Sent!"));
    await visible(toasts.getByText("We'll get back to you within 24 hours."));

    await page.goto("/dev/outbox");
    await visible(page.getByText(marker));
    await context.close();
  });

  it("with JavaScript on: empties the form once the message is sent, as the reload does without JavaScript", async () => {
    const { context, page } = await newPage(browser);
    await ownAddress(context);
    await page.goto("/contact");
    await page.waitForLoadState("networkidle");
    await fillContact(page, `e2e-clear-${Date.now()}`);
    await page.getByRole("button", { name: "Send Message" }).click();
    await visible(page.getByRole("status").getByText("Message Sent!"));
    for (const label of ["Name", "Email", "Subject", "Message"]) {
      expect(await page.getByLabel(label, { exact: true }).inputValue(), label).toBe("");
    }
    await context.close();
  });

  it("with JavaScript on: a refused message (the hourly limit) keeps what was typed", async () => {
    const { context, page } = await newPage(browser);
    await ownAddress(context);
    await page.goto("/contact");
    await page.waitForLoadState("networkidle");
    for (let sent = 1; sent <= 5; sent++) {
      await fillContact(page, `e2e-limit-${sent}-${Date.now()}`);
      await page.getByRole("button", { name: "Send Message" }).click();
      await visible(page.getByRole("status").getByText("Message Sent!"));
      await expect.poll(() => page.getByLabel("Message", { exact: true }).inputValue()).toBe("");
    }
    const marker = `e2e-refused-${Date.now()}`;
    await fillContact(page, marker);
    await page.getByRole("button", { name: "Send Message" }).click();
    await visible(page.getByText("Message not sent - You have sent several messages in a short time. Please try again later."));
    expect(await page.getByLabel("Message", { exact: true }).inputValue()).toContain(marker);
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).not.toBe("");
    await context.close();
  });

  it("with JavaScript off: the same messages after the page reloads", async () => {
    const { context, page } = await newPage(browser, { javaScriptEnabled: false });
    await ownAddress(context);
    await page.goto("/contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.waitForLoadState("load");
    await visible(page.getByText("Missing Information - Please fill in all required fields."));

    const marker = `e2e-nojs-${Date.now()}`;
    await fillContact(page, marker);
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.waitForURL((url) => url.pathname === "/contact");
    const toasts = page.getByRole("status");
    await visible(toasts.getByText("Message Sent!"));
    await visible(toasts.getByText("We'll get back to you within 24 hours."));

    await page.goto("/dev/outbox");
    await visible(page.getByText(marker));
    await context.close();
  });
});

describe("phone-sized screen", () => {
  const PHONE = { width: 375, height: 740 };

  async function sidewaysOverflow(page: Page) {
    return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  }

  it("opens the mobile menu with every item", async () => {
    const { context, page } = await newPage(browser, { viewport: PHONE });
    await page.goto("/");
    const menu = page.locator("details").filter({ has: page.locator("summary", { hasText: "Menu" }) });
    expect(await menu.locator("a", { hasText: "Contact" }).isVisible()).toBe(false);
    await page.locator("summary").filter({ hasText: "Menu" }).click();
    for (const label of ["Home", "College Football 26", "Madden NFL 26", "Blog", "Pricing", "Contact", "Login / Register"]) {
      await visible(menu.getByRole("link", { name: label, exact: true }));
    }
    expect(await sidewaysOverflow(page)).toBe(0);
    await menu.getByRole("link", { name: "Blog", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/blog");
    // The menu closes behind the link it followed, and on Escape, back on its button.
    const menuAfter = page.locator("details").filter({ has: page.locator("summary", { hasText: "Menu" }) });
    await expect.poll(() => menuAfter.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(false);
    await page.locator("summary").filter({ hasText: "Menu" }).click();
    await visible(menuAfter.getByRole("link", { name: "Contact", exact: true }));
    await page.keyboard.press("Escape");
    await expect.poll(() => menuAfter.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("SUMMARY");
    await context.close();
  });

  it("never scrolls sideways on the public pages and the member home", async () => {
    const { context, page } = await newPage(browser, { viewport: PHONE });
    const paths = ["/", "/blog", `/blog/${POST_SLUG}`, "/contact", "/terms-of-service", "/privacy-policy", "/cancel", "/blog/no-such-post"];
    for (const path of paths) {
      await page.goto(path);
      expect(await sidewaysOverflow(page), path).toBe(0);
    }
    await signInAs(page, "premium");
    for (const path of ["/home", "/", `/blog/${POST_SLUG}`]) {
      await page.goto(path);
      expect(await sidewaysOverflow(page), `${path} signed in`).toBe(0);
    }
    await context.close();
  });
});

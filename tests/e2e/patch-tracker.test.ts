import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, signInAs, visible } from "../support/browser";
import { JS_MODES } from "../support/form-matrix";

// The patch tracker as a member meets it in the browser: the badges on the cards and the play,
// the 'Works on current update' switch (a link, so it works without JavaScript), and /updates on a phone.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(JS_MODES)("patch tracker with $label", ({ javaScriptEnabled }) => {
  it("the switch keeps only what works on the current update, and turns off again", async () => {
    const { context, page } = await newPage(browser, { javaScriptEnabled });
    try {
      await page.goto("/madden");
      await visible(page.getByText("Needs re-test after 1.08").first());
      const toggle = page.getByRole("switch", { name: "Works on current update" });
      await expect(toggle.getAttribute("aria-checked")).resolves.toBe("false");
      await toggle.click();
      await page.waitForURL(/works=current/);
      await visible(page.getByText("that work on the current title update"));
      await expect(page.getByText("Needs re-test after 1.08").count()).resolves.toBe(0);
      await visible(page.getByText("Verified on 1.08").first());
      if (javaScriptEnabled) {
        // A switch answers Space too, from the keyboard.
        await page.getByRole("switch", { name: "Works on current update" }).focus();
        await page.keyboard.press("Space");
      } else {
        await page.getByRole("switch", { name: "Works on current update" }).click();
      }
      await page.waitForURL((url) => !url.search.includes("works"));
      await visible(page.getByText("Needs re-test after 1.08").first());
    } finally {
      await context.close();
    }
  });

  it("a member reads a nerfed play's note and follows the link to what to use instead", async () => {
    const { context, page } = await newPage(browser, { javaScriptEnabled });
    try {
      await signInAs(page, "premium");
      await page.goto("/content/cfb26-335-tite-defense/section/335-split/play/sugar-a-gap-blitz");
      await visible(page.getByText("Nerfed in 1.07").first());
      await page.getByRole("link", { name: "Use this instead" }).click();
      await page.waitForURL(/\/play\/tite-mid-blitz$/);
      await visible(page.getByRole("heading", { name: "Tite Mid Blitz" }));
    } finally {
      await context.close();
    }
  });
});

describe("/updates on a phone", () => {
  it("fits the screen and lists both games' updates, newest first", async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    try {
      await page.goto("/updates");
      await visible(page.getByRole("heading", { name: "Title Updates", level: 1 }));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const headings = await page.locator("#madden h3").allTextContents();
      expect(headings.slice(0, 2)).toEqual(["Title Update 1.08", "Title Update 1.07"]);
      await page.screenshot({ path: ".tmp/updates-phone.png", fullPage: false });
    } finally {
      await context.close();
    }
  });
});

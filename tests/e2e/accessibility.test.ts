import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { comments, content, gameplans, userTips } from "../../db/schema";
import { DEMO_PASSWORD } from "../../db/seed";
import { createMember, demoUserId } from "../support/accounts";
import { launchBrowser, newPage, signInAs, signInWithPassword } from "../support/browser";
import { testState } from "../support/test-state";

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

async function axeViolations(page: Page): Promise<Violation[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.slice(0, 3).map((node) => ({ target: node.target })),
    }));
  });
}

function describeViolations(path: string, violations: Violation[]) {
  return violations.map((violation) => `${path}: ${violation.id} (${violation.impact}) ${violation.help} at ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`).join("\n");
}

const PUBLIC_PAGES = [
  "/",
  "/college",
  "/madden?type=meta-scheme",
  "/content/cfb26-spread-rpo-attack",
  "/content/cfb26-335-tite-defense",
  "/scheme/cfb26-335-tite-defense",
  "/blog",
  "/blog/site-update-favorites-and-ratings",
  "/contact",
  "/subscribe",
  "/subscribe?plan=yearly",
  "/auth",
  "/auth?mode=register",
  "/auth?mode=forgot",
  "/terms-of-service",
  "/privacy-policy",
  "/search",
  "/search?q=cover",
  "/search?q=cover+tree",
  "/search?q=blitz&works=current",
  "/search?game=college&tag=red+zone",
  "/search?q=how+to+beat+cover+3",
  "/updates",
  "/madden?works=current",
  "/no-such-page",
];

const MEMBER_PAGES = [
  "/search?q=robber&game=college",
  "/home",
  "/account-settings",
  "/submit-tip",
  "/content/cfb26-335-tite-defense/section/335-tite",
  "/content/cfb26-335-tite-defense/section/335-split/play/sugar-a-gap-blitz",
  "/notifications",
  "/account-settings#notifications",
  // The install tracker: the stage control and resume offer, the scheme's bar, the playbook's reset step.
  "/content/cfb26-spread-rpo-attack/section/gun-bunch/play/mesh",
  "/content/cfb26-spread-rpo-attack",
  "/account-settings?reset=cfb26-spread-rpo-attack",
  "/account-settings#discord",
  "/account-settings#your-data",
  "/account-settings#delete-account",
  "/gameplans",
];
const STAFF_PAGES = ["/admin", "/admin#activity", "/admin?affected=premium%40example.com#activity", "/admin/content/new", "/admin/blog/new", "/admin/updates", "/admin/videos", "/admin/updates?edit=1", "/admin/content/cfb26-335-tite-defense"];

describe("accessibility (axe-core, WCAG 2.1 A and AA)", () => {
  it("finds no violations on the public pages", async () => {
    const { context, page } = await newPage(browser, { bypassCSP: true });
    const problems: string[] = [];
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      const violations = await axeViolations(page);
      if (violations.length) problems.push(describeViolations(path, violations));
    }
    await context.close();
    expect(problems.join("\n")).toBe("");
  });

  it("finds no violations on member and staff pages", async () => {
    const problems: string[] = [];
    for (const [role, paths] of [["premium", MEMBER_PAGES], ["superadmin", STAFF_PAGES]] as const) {
      const { context, page } = await newPage(browser, { bypassCSP: true });
      await signInAs(page, role);
      for (const path of paths) {
        await page.goto(path);
        const violations = await axeViolations(page);
        if (violations.length) problems.push(describeViolations(path, violations));
      }
      await context.close();
    }
    expect(problems.join("\n")).toBe("");
  });
});

describe("wide screens (axe-core), where the top bar has its own search box", () => {
  it("finds no violations on /search at 1600 px, for a visitor and a member (two search landmarks, each named)", async () => {
    const problems: string[] = [];
    for (const role of [null, "premium"] as const) {
      const { context, page } = await newPage(browser, { bypassCSP: true, viewport: { width: 1600, height: 1000 } });
      if (role) await signInAs(page, role);
      for (const path of ["/search", "/search?q=cover"]) {
        await page.goto(path);
        const violations = await axeViolations(page);
        if (violations.length) problems.push(describeViolations(`${path} (${role ?? "visitor"})`, violations));
      }
      await context.close();
    }
    expect(problems.join("\n")).toBe("");
  });
});

describe("gameplans (axe-core, WCAG 2.1 A and AA)", () => {
  it("finds no violations on a gameplan, its delete confirmation, its wristband, its shared page and a revoked link", async () => {
    const { db } = await testState();
    const [plan] = await db.select({ id: gameplans.id }).from(gameplans).where(eq(gameplans.userId, await demoUserId("premium"))).orderBy(asc(gameplans.id)).limit(1);
    const token = crypto.randomUUID().replaceAll("-", "");
    await db.update(gameplans).set({ shareToken: token }).where(eq(gameplans.id, plan.id));
    const problems: string[] = [];
    try {
      for (const [role, paths] of [
        ["premium", [`/gameplans/${plan.id}`, `/gameplans/${plan.id}?delete=1`, `/gameplans/${plan.id}/wristband`, "/content/cfb26-spread-rpo-attack/section/gun-bunch/play/snag"]],
        [null, [`/gameplans/shared/${token}`, "/gameplans/shared/no-longer"]],
      ] as const) {
        const { context, page } = await newPage(browser, { bypassCSP: true });
        if (role) await signInAs(page, role);
        for (const path of paths) {
          await page.goto(path);
          const violations = await axeViolations(page);
          if (violations.length) problems.push(describeViolations(path, violations));
        }
        await context.close();
      }
    } finally {
      await db.update(gameplans).set({ shareToken: null }).where(eq(gameplans.id, plan.id));
    }
    expect(problems.join("\n")).toBe("");
  });
});

describe("phone-sized screens", () => {
  it("never scrolls sideways", async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 375, height: 740 } });
    const overflowing: string[] = [];
    for (const path of ["/", "/college", "/content/cfb26-spread-rpo-attack", "/blog", "/contact", "/subscribe", "/auth", "/search?q=cover", "/updates", "/madden?works=current", "/content/cfb26-335-tite-defense"]) {
      await page.goto(path);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 375) overflowing.push(`${path} is ${width}px wide`);
    }
    await context.close();
    expect(overflowing).toEqual([]);
  });

  it("wraps a word longer than the screen instead of widening the page: a pasted link in a comment, a long search, a long tip name", async () => {
    const { db } = await testState();
    const id = crypto.randomUUID().slice(0, 8);
    const longLink = `https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=PLxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789&index=12&t=${id}`;
    const author = await createMember({ firstName: "Long", lastName: "Words" });
    // A draft of this test's own (staff open drafts), so no listing or comment count of the seed moves.
    const [item] = await db
      .insert(content)
      .values({ slug: `long-words-${id}`, title: `Long Words ${id}`, type: "meta-scheme", game: "madden", isPublished: false })
      .returning({ id: content.id });
    await db.insert(comments).values([
      { userId: author.id, contentType: "content", contentId: item.id, comment: `Clip of the bubble read: ${longLink}`, authorName: "Long W." },
      { userId: author.id, contentType: "content", contentId: item.id, comment: "X".repeat(2000), authorName: "Long W." },
    ]);
    await db.insert(userTips).values({ userId: author.id, formationName: "F".repeat(190), playName: "Mesh", playbook: "Test", tipDescription: "A tip long enough to be a real tip." });

    const overflowing: string[] = [];
    const check = async (page: Page, path: string) => {
      await page.goto(path);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 375) overflowing.push(`${path} is ${width}px wide`);
    };
    const staff = await newPage(browser, { viewport: { width: 375, height: 740 } });
    await signInAs(staff.page, "admin");
    await check(staff.page, `/content/long-words-${id}`);
    await check(staff.page, `/search?q=${"X".repeat(150)}`);
    await staff.context.close();
    const member = await newPage(browser, { viewport: { width: 375, height: 740 } });
    await signInWithPassword(member.page, author.email, DEMO_PASSWORD);
    await check(member.page, "/account-settings");
    await member.context.close();
    expect(overflowing).toEqual([]);
  });

  it("shows the re-test queue's 'Verified' on a phone without scrolling sideways", async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 375, height: 740 } });
    await signInAs(page, "admin");
    await page.goto("/admin/updates#queue");
    const verified = page.getByRole("button", { name: /^Verified: / }).first();
    const box = await verified.boundingBox();
    await context.close();
    expect(box).not.toBeNull();
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  });

  it("the member's own pages fit a 320 px phone, the avatar's file field included", async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 320, height: 640 } });
    const overflowing: string[] = [];
    await signInAs(page, "premium");
    for (const path of ["/home", "/account-settings", "/gameplans", "/notifications"]) {
      await page.goto(path);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 320) overflowing.push(`${path} is ${width}px wide`);
    }
    await context.close();
    expect(overflowing).toEqual([]);
  });

  it("shows each title update's 'Edit' in the dashboard on a phone without scrolling the table", async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 360, height: 740 } });
    await signInAs(page, "admin");
    await page.goto("/admin#updates");
    const edit = page.getByRole("link", { name: /^Edit (College Football 26|Madden NFL 26) / }).first();
    const box = await edit.boundingBox();
    await context.close();
    expect(box).not.toBeNull();
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  });

  it("never scrolls sideways on the staff pages either (their wide tables scroll inside their box)", async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 375, height: 740 } });
    const overflowing: string[] = [];
    await signInAs(page, "admin");
    for (const path of ["/admin", "/admin/updates", "/admin/videos", "/admin/content/new", "/admin/blog/new", "/admin/discord-sync"]) {
      await page.goto(path);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 375) overflowing.push(`${path} is ${width}px wide`);
    }
    await context.close();
    expect(overflowing).toEqual([]);
  });

  it("a 320 px screen (or 200% zoom) needs no sideways scroll on the checkout or the staff's videos page", async () => {
    const overflowing: string[] = [];
    const check = async (page: Page, path: string) => {
      await page.goto(path);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 320) overflowing.push(`${path} is ${width}px wide`);
    };
    const free = await newPage(browser, { viewport: { width: 320, height: 640 } });
    await signInAs(free.page, "free");
    await check(free.page, "/subscribe?plan=monthly");
    await check(free.page, "/subscribe?plan=yearly");
    await free.context.close();
    const admin = await newPage(browser, { viewport: { width: 320, height: 640 } });
    await signInAs(admin.page, "admin");
    for (const path of ["/admin/videos", "/admin/updates", "/admin"]) await check(admin.page, path);
    await admin.context.close();
    expect(overflowing).toEqual([]);
  });

  it("on a phone the top bar's search, bell and menu are each at least 44 px square", async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 320, height: 640 } });
    await signInAs(page, "premium");
    await page.goto("/home");
    const nav = page.getByRole("navigation", { name: "Main" });
    const targets = [nav.getByRole("link", { name: "Search" }), nav.getByRole("link", { name: /^Notifications/ }), nav.locator("summary").filter({ hasText: "Menu" })];
    for (const target of targets) {
      // The wide screen's copies are in the page too, hidden: the one shown on the phone is measured.
      const boxes = (await Promise.all((await target.all()).map((element) => element.boundingBox()))).filter((box) => box !== null);
      expect(boxes).toHaveLength(1);
      expect(Math.min(boxes[0].width, boxes[0].height)).toBeGreaterThanOrEqual(44);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await context.close();
  });

  it("keyboard focus moving back up a page is never hidden under the sticky top bar", async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await signInAs(page, "premium");
    await page.goto("/content/cfb26-spread-rpo-attack/section/gun-bunch/play/mesh");
    await page.waitForLoadState("networkidle");
    const watched = page.getByRole("button", { name: "Watched", exact: true }).first();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    // From the bottom, Shift+Tab until the stage button has focus, as a keyboard user goes back up.
    await page.locator("footer a").last().focus();
    for (let step = 0; step < 200 && !(await watched.evaluate((element) => element === document.activeElement)); step += 1) await page.keyboard.press("Shift+Tab");
    expect(await watched.evaluate((element) => element === document.activeElement)).toBe(true);
    const header = await page.locator("header").first().boundingBox();
    const box = await watched.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    await context.close();
  });
});

describe("screens between a phone and a wide one", () => {
  it("the top bar never scrolls sideways, and the account menu stays on screen, from 768 to 1366 px", async () => {
    const overflowing: string[] = [];
    for (const role of [null, "free", "premium", "superadmin"] as const) {
      const { context, page } = await newPage(browser, { viewport: { width: 1024, height: 800 } });
      if (role) await signInAs(page, role);
      for (const width of [768, 1024, 1100, 1279, 1280, 1366]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(role ? "/home" : "/");
        const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
        if (scroll > width) overflowing.push(`${role ?? "visitor"} at ${width}: ${scroll}px`);
      }
      await context.close();
    }
    expect(overflowing).toEqual([]);
  });
});

describe("keyboard focus after a form is sent (JavaScript on)", () => {
  it("a refused password change keeps the focus in its form; a sent tip puts it on the thank-you", async () => {
    const member = await createMember({ firstName: "Keys", lastName: "Only" });
    const { context, page } = await newPage(browser);
    await signInWithPassword(page, member.email, DEMO_PASSWORD);
    await page.goto("/account-settings#security", { waitUntil: "networkidle" });
    await page.getByLabel("Current password").fill("Not-the-password-1");
    await page.getByLabel("New password", { exact: true }).fill("Another#Password42");
    await page.getByLabel("Confirm new password").fill("Another#Password42");
    await page.getByLabel("Confirm new password").press("Enter");
    await page.getByText("Current password is incorrect").first().waitFor();
    expect(await page.evaluate(() => document.activeElement?.closest("form")?.querySelector('input[name="intent"]')?.getAttribute("value") ?? document.activeElement?.tagName)).toBe("change-password");

    await page.goto("/submit-tip", { waitUntil: "networkidle" });
    await page.getByLabel("Formation name").fill("Gun Bunch");
    await page.getByLabel("Play name").fill("Mesh Spot");
    await page.getByLabel("Playbook", { exact: true }).fill("Kansas City Chiefs");
    const description = page.getByLabel("Tip description");
    await description.fill("Motion the Z to beat man coverage on third down.");
    // The counter and its minimum are read with the field.
    expect(await description.getAttribute("aria-describedby")).toContain("-hint");
    await page.getByRole("button", { name: "Submit Tip" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Thank you!" }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.includes("Thank you!") ?? false)).toBe(true);
    await context.close();
  });

  it("switching /auth's mode, a wrong promo code and a changed password each leave the keyboard somewhere useful", async () => {
    const { context, page } = await newPage(browser);
    await page.goto("/auth", { waitUntil: "networkidle" });
    await page.getByRole("link", { name: "Need an account? Register" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Create your account");
    await page.getByRole("link", { name: /Already have an account/ }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Welcome back");

    const member = await createMember({ firstName: "Keys", lastName: "Promo" });
    await signInWithPassword(page, member.email, DEMO_PASSWORD);
    await page.goto("/subscribe?plan=monthly", { waitUntil: "networkidle" });
    await page.getByLabel("Promo code (optional)").fill("WRONGCODE");
    await page.getByRole("button", { name: "Proceed to Payment" }).focus();
    await page.keyboard.press("Enter");
    await page.getByText(/Promo code "WRONGCODE" is invalid or has expired\./).waitFor();
    // The keyboard stays on the button it pressed (aria-disabled while sending), the code marked and described.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Proceed to Payment");
    expect(await page.getByLabel("Promo code (optional)").getAttribute("aria-describedby")).toBe("checkout-error");
    expect(await page.getByLabel("Promo code (optional)").getAttribute("aria-invalid")).toBe("true");

    await page.goto("/account-settings#security", { waitUntil: "networkidle" });
    await page.getByLabel("Current password").fill(DEMO_PASSWORD);
    await page.getByLabel("New password", { exact: true }).fill("Another#Password42");
    await page.getByLabel("Confirm new password").fill("Another#Password42");
    await page.getByRole("button", { name: "Change Password" }).focus();
    await page.keyboard.press("Enter");
    await page.getByText("Password changed successfully!").waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? "")).toContain("Password changed successfully!");
    await context.close();
  });

  it("a phone turned sideways reaches every item of the menu (it scrolls within the screen)", async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 844, height: 390 } });
    await signInAs(page, "premium");
    await page.goto("/college");
    const menu = page.locator("details").filter({ has: page.locator("summary").filter({ hasText: /^\s*Menu\s*$/ }) });
    await menu.locator("summary").click();
    const logout = menu.getByRole("button", { name: "Logout" });
    await logout.scrollIntoViewIfNeeded();
    const box = await logout.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y + box!.height).toBeLessThanOrEqual(390);
    await context.close();
  });

  it("a toast stays while the keyboard's focus is on it", async () => {
    const { context, page } = await newPage(browser);
    await page.goto("/contact", { waitUntil: "networkidle" });
    await page.getByRole("button", { name: /Send/ }).click();
    const dismiss = page.getByRole("button", { name: "Dismiss notification" });
    await dismiss.focus();
    await page.waitForTimeout(6_000);
    expect(await dismiss.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Dismiss notification");
    // Dismissed, the focus goes back where it came from (the first field the refusal marked), not to the top of the page.
    await page.keyboard.press("Enter");
    await dismiss.waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("contact-name");
    await context.close();
  });
});

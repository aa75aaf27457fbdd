import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../db/seed";
import { createMember, storedMember } from "../support/accounts";
import { launchBrowser, newPage, onScreen, signInAs, signInWithPassword, visible } from "../support/browser";
import { eq } from "drizzle-orm";
import { blogPosts, content, contentPlays, contentSections, userTips } from "../../db/schema";
import { backdatePost, blogPostBySlug, publishAsOld, storedContent, tipsOf, token, unpublishContent } from "../support/staff";
import { testState, type TestState } from "../support/test-state";

// Staff journeys in Chromium: building a scheme (JavaScript on and off), reviewing a tip, publishing
// a blog post with the live preview, editing a member, and the dashboard without JavaScript.

let browser: Browser;
let state: TestState;
beforeAll(async () => {
  [browser, state] = await Promise.all([launchBrowser(), testState()]);
});
afterAll(async () => {
  await browser?.close();
});

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);
const toast = (page: Page, text: string) => page.getByRole("status").getByText(text, { exact: true });
/** The dashboard marks its active tab only once hydrated. */
const dashboardHydrated = (page: Page) => visible(page.locator('nav[aria-label="Dashboard sections"] a[aria-current="page"]'));

describe("the content editor in Chromium", () => {
  it("creates a scheme with two formations of two plays (add buttons), shown on the public page", async () => {
    const id = token();
    const title = `E2E Scheme ${id}`;
    const slug = `e2e-scheme-${id}`;
    const { context, page } = await newPage(browser);
    await signInAs(page, "admin");
    await page.goto("/admin/content/new");
    await visible(page.getByRole("heading", { name: "Create New Content" }));
    // Hydrated: the tags field has become the chips editor.
    await visible(page.getByText("Press Enter or the plus button to add a tag."));
    // The live slug check (after a 500 ms pause): too short, taken, then free.
    const titleField = page.getByLabel("Title", { exact: true });
    await titleField.fill("Ab");
    await visible(page.getByText("Slug must be at least 3 characters long"));
    await titleField.fill("CFB26 Spread RPO Attack");
    await visible(page.getByText('Slug "cfb26-spread-rpo-attack" already exists. Will be auto-generated as "cfb26-spread-rpo-attack-1"'));
    await titleField.fill(title);
    await visible(page.getByTestId("slug-hint").getByText(slug, { exact: true }));
    await page.getByLabel("Game", { exact: true }).selectOption("madden");
    const tags = page.getByLabel("Tags", { exact: true });
    await tags.fill("zone beater");
    await tags.press("Enter");
    await tags.fill("red zone");
    await page.getByRole("button", { name: "Add tag" }).click();
    await visible(page.getByRole("list", { name: "Tags added" }).getByText("red zone"));
    // A tag removed from the keyboard hands the focus to the one that took its place.
    await tags.fill("nickel");
    await tags.press("Enter");
    const focusedLabel = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent ?? "");
    await page.getByRole("button", { name: "Remove tag red zone" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(focusedLabel).toBe("Remove tag nickel");
    await page.keyboard.press("Enter");
    await expect.poll(focusedLabel).toBe("Remove tag zone beater");
    // Typed but not added: saved with the form all the same.
    await tags.fill("red zone");

    await field(page, "formations[0].title").fill("Gun Trips TE");
    expect(await field(page, "formations[0].slug").inputValue()).toBe("gun-trips-te");
    await field(page, "formations[0].plays[0].title").fill("Stick RPO");
    await page.getByRole("button", { name: "+ Add Play" }).first().click();
    await field(page, "formations[0].plays[1].title").fill("Bubble Screen");

    await page.getByRole("button", { name: "+ Add Formation" }).click();
    await field(page, "formations[1].title").fill("Pistol Strong");
    await field(page, "formations[1].plays[0].title").fill("Inside Zone");
    await page.getByRole("button", { name: "+ Add Play" }).nth(1).click();
    await field(page, "formations[1].plays[1].title").fill("PA Boot");
    await field(page, "formations[1].plays[1].description").fill("Over route against Cover 3.");
    // A play removed from the keyboard: the focus goes to the play before it (none took its place).
    await page.getByRole("button", { name: "+ Add Play" }).nth(1).click();
    await page.getByRole("button", { name: "Remove play 3 of formation 2" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(focusedLabel).toContain("Play 2: PA Boot");
    // Saved as a draft: other files expect the seed's newest content on the public pages.
    const publishSwitch = page.getByRole("switch", { name: "Publish immediately" });
    expect(await publishSwitch.isChecked()).toBe(true);
    await page.getByText("Publish immediately").click();
    expect(await publishSwitch.isChecked()).toBe(false);

    await page.getByRole("button", { name: "Create Content" }).click();
    await page.waitForURL((url) => url.pathname === "/admin" && url.hash === "#content", { timeout: 15_000 });
    await visible(toast(page, "Content Created"));
    await visible(page.getByText(`Successfully created "${title}"`));
    await visible(page.getByRole("row").filter({ hasText: title }).getByText("Draft", { exact: true }));
    await context.close();

    const stored = (await storedContent(slug))!;
    expect(stored.row).toMatchObject({ title, game: "madden", type: "meta-scheme", isPublished: false, tags: ["zone beater", "red zone"] });
    expect(stored.formations.map((formation) => [formation.title, formation.plays.map((play) => play.title)])).toEqual([
      ["Gun Trips TE", ["Stick RPO", "Bubble Screen"]],
      ["Pistol Strong", ["Inside Zone", "PA Boot"]],
    ]);

    await publishAsOld(slug);
    const member = await newPage(browser);
    await signInAs(member.page, "premium");
    await member.page.goto(`/content/${slug}`);
    await visible(member.page.getByRole("heading", { name: title }));
    const formations = member.page.getByRole("link", { name: /plays$/ });
    await visible(formations.filter({ hasText: "Gun Trips TE" }));
    expect(await formations.allInnerTexts()).toEqual(expect.arrayContaining([expect.stringMatching(/Gun Trips TE\s*2 plays/), expect.stringMatching(/Pistol Strong\s*2 plays/)]));
    await formations.filter({ hasText: "Pistol Strong" }).click();
    await member.page.waitForURL((url) => url.pathname === `/content/${slug}/section/pistol-strong`);
    await member.page.getByRole("link", { name: /PA Boot/ }).click();
    await visible(member.page.getByRole("heading", { name: "PA Boot" }));
    await visible(member.page.getByText("Over route against Cover 3."));
    await member.context.close();
    await unpublishContent([slug]);
  });

  it("creates a scheme with JavaScript off: a formation added through the list-intent button, then saved", async () => {
    const id = token();
    const title = `No JS Scheme ${id}`;
    const { context, page } = await newPage(browser, { javaScriptEnabled: false });
    await signInAs(page, "admin");
    await page.goto("/admin/content/new");
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Description", { exact: true }).fill("Built without JavaScript.");
    await field(page, "formations[0].title").fill("Singleback Ace");
    await field(page, "formations[0].plays[0].title").fill("HB Dive");
    await page.getByRole("button", { name: "+ Add Formation" }).click();
    await page.waitForLoadState("load");
    await visible(field(page, "formations[1].title"));
    expect(await page.getByLabel("Title", { exact: true }).inputValue()).toBe(title);
    expect(await field(page, "formations[0].title").inputValue()).toBe("Singleback Ace");
    await field(page, "formations[1].title").fill("Gun Empty");
    await field(page, "formations[1].plays[0].title").fill("Four Verts");
    await page.getByText("Publish immediately").click();
    await page.getByRole("button", { name: "Create Content" }).click();
    await page.waitForURL((url) => url.pathname === "/admin", { timeout: 15_000 });
    await visible(page.getByText(`Successfully created "${title}"`));
    await context.close();

    const stored = (await storedContent(`no-js-scheme-${id}`))!;
    expect(stored.row).toMatchObject({ title, description: "Built without JavaScript.", isPublished: false });
    expect(stored.formations.map((formation) => [formation.title, formation.slug, formation.plays.map((play) => play.title)])).toEqual([
      ["Singleback Ace", "singleback-ace", ["HB Dive"]],
      ["Gun Empty", "gun-empty", ["Four Verts"]],
    ]);
  });

  it("keeps a later formation open while the error it was sent back with is corrected", async () => {
    const id = token();
    const slug = `fold-scheme-${id}`;
    const [item] = await state.db.insert(content).values({ slug, title: `Fold Scheme ${id}`, type: "meta-scheme", game: "madden", isPublished: false }).returning({ id: content.id });
    for (const [position, title] of ["Gun Trips", "Pistol Strong"].entries()) {
      const [section] = await state.db.insert(contentSections).values({ contentId: item.id, slug: `f${position}`, title, position }).returning({ id: contentSections.id });
      await state.db.insert(contentPlays).values([0, 1].map((index) => ({ sectionId: section.id, slug: `p${index}`, title: `Play ${position}-${index}`, position: index })));
    }
    const { context, page } = await newPage(browser);
    await signInAs(page, "admin");
    await page.goto(`/admin/content/${slug}`, { waitUntil: "networkidle" });
    const second = page.locator("details").filter({ has: page.locator("summary", { hasText: "Formation 2: Pistol Strong" }) });
    await second.locator("summary").first().click();
    const title = field(page, "formations[1].title");
    await title.fill("");
    await page.getByRole("button", { name: "Update Content" }).first().click();
    await visible(page.getByText("Formation title is required", { exact: true }));
    // Typed key by key: the error clears with the first one, and the formation stays open for the rest.
    await title.click();
    await page.keyboard.type("Pistol QA", { delay: 30 });
    expect(await title.inputValue()).toBe("Pistol QA");
    expect(await title.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await title.evaluate((element) => (element.closest("details") as HTMLDetailsElement).open)).toBe(true);
    // Closed by hand, it stays closed.
    await page.locator("summary", { hasText: "Formation 2: Pistol QA" }).click();
    await expect.poll(() => title.evaluate((element) => (element.closest("details") as HTMLDetailsElement).open)).toBe(false);
    await context.close();
  });
});

describe("tips in Chromium", () => {
  it("a member submits a tip through the form and gets the thank-you card", async () => {
    const member = await createMember();
    const formationName = `Trips Right ${token()}`;
    const { context, page } = await newPage(browser);
    await signInWithPassword(page, member.email, DEMO_PASSWORD);
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text().split("\n")[0]);
    });
    await page.goto("/submit-tip");
    await visible(page.getByText("0/1000 characters (minimum 20)"));
    // Hydrated: Submit stays disabled until every field is filled.
    const submit = page.getByRole("button", { name: "Submit Tip" });
    await expect.poll(() => submit.isDisabled()).toBe(true);
    const type = (label: string, value: string) =>
      page
        .getByLabel(label, { exact: true })
        .fill(value, { timeout: 5_000 })
        .catch((error: Error) => {
          throw new Error(`The form is gone after typing in it (errors in the page: ${errors.join("; ") || "none"}). ${error.message}`);
        });
    await type("Formation name", formationName);
    await type("Play name", "Corner Strike");
    await type("Playbook", "Oregon");
    await type("Tip description", "Motion the slot to find the coverage first.");
    await visible(page.getByText("43/1000 characters (minimum 20)"));
    expect(await submit.isDisabled()).toBe(false);
    await submit.click();
    await visible(page.getByText("Tip submitted successfully! It will be reviewed by our team."));
    await visible(toast(page, "Tip Submitted!"));
    await context.close();
    const [stored] = await tipsOf(member.id);
    expect(stored).toMatchObject({ formationName, playName: "Corner Strike", playbook: "Oregon", gameType: "madden", status: "pending" });
  });

  it("an admin approves a tip with notes in the review dialog, and the author reads the feedback in Account Settings", async () => {
    const member = await createMember({ firstName: "Tess", lastName: "Tipper" });
    const formationName = `Trips Left ${token()}`;
    await state.db.insert(userTips).values({ userId: member.id, formationName, playName: "Corner Strike", playbook: "Oregon", gameType: "college", tipDescription: "Motion the slot to find the coverage first." });

    const staff = await newPage(browser);
    await signInAs(staff.page, "admin");
    await staff.page.goto("/admin#tips");
    await dashboardHydrated(staff.page);
    const row = staff.page.getByRole("row").filter({ hasText: formationName });
    await visible(row.getByText("pending", { exact: true }));
    await visible(row.getByText(member.email));
    await row.getByRole("link", { name: "Review" }).click();
    const dialog = staff.page.getByRole("dialog", { name: "Review tip" });
    await visible(dialog);
    await dialog.getByLabel("Admin notes (optional)").fill("Great read: featured this week.");
    await dialog.getByRole("button", { name: "Approve" }).click();
    await visible(staff.page.getByText("Tip approved successfully"));
    await visible(row.getByText("approved", { exact: true }));
    expect(await staff.page.getByRole("dialog").count()).toBe(0);
    await staff.context.close();

    const [stored] = await tipsOf(member.id);
    expect(stored).toMatchObject({ formationName, status: "approved", adminNotes: "Great read: featured this week." });

    const author = await newPage(browser);
    await signInWithPassword(author.page, member.email, DEMO_PASSWORD);
    await author.page.goto("/account-settings");
    const card = author.page.locator("#tips");
    await visible(card.getByText(`${formationName} · Corner Strike`));
    await visible(card.getByText("approved", { exact: true }));
    await visible(card.getByText("Great read: featured this week."));
    await author.context.close();
  });
});

describe("the blog editor in Chromium", () => {
  it("publishes a post written with the live preview, and it appears on /blog", async () => {
    const id = token();
    const title = `E2E Post ${id}`;
    const { context, page } = await newPage(browser);
    await signInAs(page, "superadmin");
    await page.goto("/admin/blog/new");
    await visible(page.getByRole("heading", { name: "Create New Blog Post" }));
    await visible(page.getByText("Follows the title until you edit it."));
    await page.getByLabel("Title", { exact: true }).fill(title);
    await expect.poll(() => page.getByLabel("URL Slug").inputValue()).toBe(`e2e-post-${id}`);
    await page.getByLabel("Excerpt").fill("A post from the browser test.");
    await page.getByLabel("Content", { exact: true }).fill("## Game plan\n\nA **bold move** and *some style*.\n\n- First read\n- Second read\n\n> Trust it.");
    const preview = page.locator('section[aria-labelledby="blog-preview-title"]');
    await visible(preview.getByRole("heading", { name: "Game plan", level: 2 }));
    await visible(preview.locator("strong", { hasText: "bold move" }));
    await visible(preview.locator("em", { hasText: "some style" }));
    await visible(preview.getByRole("listitem").filter({ hasText: "Second read" }));
    await visible(preview.locator("blockquote", { hasText: "Trust it." }));
    await page.getByLabel("Category").selectOption("news");
    await page.getByRole("radio", { name: "Publish" }).check();
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    const startedAt = Date.now();
    await page.waitForURL((url) => url.pathname === "/admin" && url.hash === "#blog", { timeout: 15_000 });
    const post = (await blogPostBySlug(`e2e-post-${id}`))!;
    // Moved back at once (still on /blog's first page): other files expect the seed's newest posts.
    await backdatePost(post.slug);
    expect(post).toMatchObject({ title, isPublished: true, category: "news" });
    expect(post.publishedAt!.getTime()).toBeGreaterThan(startedAt - 30_000);
    await visible(toast(page, "Blog post saved"));
    await context.close();

    const reader = await newPage(browser);
    await reader.page.goto("/blog");
    await reader.page.getByRole("link", { name: new RegExp(title) }).first().click();
    await reader.page.waitForURL((url) => url.pathname === `/blog/e2e-post-${id}`);
    await visible(reader.page.getByRole("heading", { name: title, level: 1 }));
    await visible(reader.page.locator("strong", { hasText: "bold move" }));
    await reader.context.close();
    await state.db.delete(blogPosts).where(eq(blogPosts.id, post.id));
  });
});

describe("the dashboard in Chromium", () => {
  it("a superadmin edits a member in the dialog: 'User updated successfully'", async () => {
    const member = await createMember({ firstName: "Eddie", lastName: "Before" });
    const { context, page } = await newPage(browser);
    await signInAs(page, "superadmin");
    await page.goto(`/admin?q=${encodeURIComponent(member.email)}#users`);
    await dashboardHydrated(page);
    const row = page.getByRole("row").filter({ hasText: member.email });
    await visible(row);
    await row.getByRole("link", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit user" });
    await visible(dialog);
    await dialog.getByLabel("First name").fill("Edwin");
    await dialog.getByLabel("Last name").fill("After");
    await dialog.getByLabel("Tier").selectOption("premium");
    await dialog.getByLabel("Status").selectOption("active");
    // Premium opens nothing without a last day: the dialog asks for one.
    await dialog.getByLabel("Premium access until").fill(new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10));
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await visible(page.getByText("User updated successfully"));
    await visible(row.getByText("Edwin After"));
    await visible(row.getByText("Premium · Active"));
    expect(await page.getByRole("dialog").count()).toBe(0);
    await context.close();
    expect(await storedMember(member.id)).toMatchObject({ firstName: "Edwin", lastName: "After", subscriptionTier: "premium", subscriptionStatus: "active" });
  });

  it("on a phone every tab and every row's actions are in view, with JavaScript on and off (the tables scroll under their actions)", async () => {
    const width = 390;
    const inView = async (locator: ReturnType<Page["locator"]>) => {
      const box = (await locator.boundingBox())!;
      return box.x >= 0 && box.x + box.width <= width;
    };
    for (const javaScriptEnabled of [true, false]) {
      const { context, page } = await newPage(browser, { javaScriptEnabled, viewport: { width, height: 844 } });
      await signInAs(page, "superadmin");
      await page.goto("/admin");
      const tabs = page.getByRole("navigation", { name: "Dashboard sections" }).getByRole("link");
      expect(await tabs.count()).toBe(8);
      for (const tab of await tabs.all()) expect(await inView(tab), `${await tab.innerText()} (JavaScript ${javaScriptEnabled ? "on" : "off"})`).toBe(true);
      for (const [section, link] of [["users", "Edit"], ["content", "Delete"], ["tips", "Review"], ["blog", "Delete"]] as const) {
        if (javaScriptEnabled) {
          await tabs.filter({ hasText: new RegExp(`^${section}$`, "i") }).click();
          await visible(page.locator(`#${section}-heading`));
        }
        const action = page.locator(`#${section}`).getByRole("row").nth(1).getByRole("link", { name: link, exact: true });
        // Not scrolled to (that would scroll the table too): where the page first shows it, across.
        expect(await inView(action), `${section}: ${link} (JavaScript ${javaScriptEnabled ? "on" : "off"})`).toBe(true);
        // Nothing widens the page itself: the table scrolls inside its own box.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
      await context.close();
    }
  });

  it("with JavaScript off shows every tab the role may see as a section; with it, the hash picks one tab", async () => {
    const headings = (page: Page) => page.getByRole("main").getByRole("heading", { level: 2 }).allInnerTexts();
    for (const [role, expected] of [
      ["superadmin", ["Users", "Content", "Tips", "Title Updates", "Blog", "Settings", "Messages", "Activity"]],
      ["admin", ["Content", "Tips", "Title Updates"]],
    ] as const) {
      const { context, page } = await newPage(browser, { javaScriptEnabled: false });
      await signInAs(page, role);
      await page.goto("/admin");
      expect(await headings(page), role).toEqual(expected);
      await page.getByRole("link", { name: "Tips", exact: true }).click();
      expect(page.url()).toMatch(/\/admin#tips$/);
      await context.close();
    }

    const { context, page } = await newPage(browser);
    await signInAs(page, "admin");
    await page.goto("/admin");
    // Once hydrated, the active tab is marked and only its section is shown (the admin's default: Tips).
    await visible(page.locator('nav[aria-label="Dashboard sections"] a[aria-current="page"]', { hasText: "Tips" }));
    expect(await headings(page)).toEqual(["Tips"]);
    await page.getByRole("navigation", { name: "Dashboard sections" }).getByRole("link", { name: "Content" }).click();
    await visible(page.getByRole("heading", { name: "Content", level: 2 }));
    expect(await headings(page)).toEqual(["Content"]);
    await context.close();
  });

  it("opened at a tab's address on a phone with JavaScript, shows that tab's section, not the page's foot", async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await signInAs(page, "superadmin");
    for (const tab of ["tips", "updates", "messages"]) {
      await page.goto(`/admin#${tab}`);
      await dashboardHydrated(page);
      await expect.poll(() => onScreen(page.locator(`#${tab}-heading`)), { timeout: 5000 }).toBe(true);
    }
    await context.close();
  });
});

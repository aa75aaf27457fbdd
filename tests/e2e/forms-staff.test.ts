import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { blogPosts, content, gameplanPlays, gameplans, users, userTips } from "../../db/schema";
import { createMember, demoUserId, storedMember } from "../support/accounts";
import { testState, type TestState } from "../support/test-state";
import { announcements, focusedName, launchBrowser, signInAs, visible } from "../support/browser";
import { JS_MODES, watchedPage, type WatchedPage } from "../support/form-matrix";
import { storedContent, tipsOf, token } from "../support/staff";

// The staff forms in the browser matrix: each one submitted once with valid input through the real
// UI, with JavaScript on and off, answered by its exact success message; every page on the way is
// checked for script and console errors and duplicate ids. Content and posts are saved as drafts and
// deleted at the end (other files expect the seed's newest items on the public pages).

let browser: Browser;
let state: TestState;
beforeAll(async () => {
  [browser, state] = await Promise.all([launchBrowser(), testState()]);
});
afterAll(async () => {
  await browser?.close();
});

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);

/** The success message a redirect's toast shows (title and description), then the page check. */
async function succeeded(w: WatchedPage, title: string, description?: string) {
  const toast = w.page.getByRole("status");
  await visible(toast.getByText(title, { exact: true }), 15_000);
  if (description) await visible(toast.getByText(description, { exact: true }));
  await w.check();
}

/** A dialog opened from a row's link on the dashboard (both kinds of page show the same markup). */
async function openRowDialog(w: WatchedPage, section: string, rowText: string, link: string, dialogTitle: string) {
  const row = w.page.locator(`#${section}`).getByRole("row").filter({ hasText: rowText });
  // A click while the page is still hydrating can be lost (seen once under load): wait for it.
  await w.page.waitForLoadState("networkidle");
  await row.getByRole("link", { name: link, exact: true }).click();
  const dialog = w.page.getByRole("dialog", { name: dialogTitle });
  await visible(dialog);
  await w.check();
  return dialog;
}

/**
 * Clicks a list-intent button (+ Add Formation, + Add Play, Move, Remove): without JavaScript the
 * server answers with the form, opened at the entry `opensAt` names (not at the top of the page).
 */
async function listIntent(w: WatchedPage, javaScriptEnabled: boolean, button: ReturnType<Page["getByRole"]>, opensAt?: string) {
  const adds = ((await button.textContent()) ?? "").trim().startsWith("+ Add");
  await button.click();
  if (javaScriptEnabled) {
    // The new entry opens above the button: the keyboard goes to its title, not left on the button below it.
    if (adds && opensAt) await expect.poll(() => w.page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe(`${opensAt}.title`);
    return;
  }
  await w.page.waitForLoadState("load");
  if (!opensAt) return;
  expect(decodeURIComponent(new URL(w.page.url()).hash)).toBe(`#entry-${opensAt}`);
  const box = (await w.page.locator(`[id="entry-${opensAt}"]`).boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeLessThan(w.page.viewportSize()!.height);
}

describe.each(JS_MODES)("staff forms with $label", (mode) => {
  it("the content editor: create, edit adding formations and plays, and delete from the dashboard", async () => {
    const id = token();
    const title = `Matrix Scheme ${id}`;
    const w = await watchedPage(browser, mode);
    const { page } = w;
    await signInAs(page, "admin");

    await page.goto("/admin/content/new");
    await visible(page.getByRole("heading", { name: "Create New Content" }));
    if (!mode.javaScriptEnabled) {
      // A refused form comes back without the file chosen in it: the editor says so.
      await page.getByLabel("Thumbnail image").setInputFiles({ name: "art.png", mimeType: "image/png", buffer: Buffer.from("an image") });
      await page.getByRole("button", { name: "Create Content" }).click();
      await visible(page.getByText("The images you chose were not kept: a page that comes back cannot hold chosen files. Choose them again before saving.", { exact: true }));
      w.problems.splice(0, w.problems.length, ...w.problems.filter((problem) => !problem.includes("status of 400")));
    }
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Description", { exact: true }).fill("A scheme from the form matrix.");
    await field(page, "formations[0].title").fill("Singleback Ace");
    await field(page, "formations[0].plays[0].title").fill("HB Dive");
    await field(page, "formations[0].plays[0].tags").fill("goal line, vs man");
    await page.getByText("Publish immediately").click();
    expect(await page.getByRole("switch", { name: "Publish immediately" }).isChecked()).toBe(false);
    await page.getByRole("button", { name: "Create Content" }).click();
    await succeeded(w, "Content Created", `Successfully created "${title}"`);

    const row = page.locator("#content").getByRole("row").filter({ hasText: title });
    await row.getByRole("link", { name: "Edit", exact: true }).click();
    await visible(page.getByRole("heading", { name: "Edit Content" }));
    await w.check();
    await listIntent(w, mode.javaScriptEnabled, page.getByRole("button", { name: "+ Add Play" }).first(), "formations[0].plays[1]");
    await field(page, "formations[0].plays[1].title").fill("Counter");
    await listIntent(w, mode.javaScriptEnabled, page.getByRole("button", { name: "+ Add Formation" }), "formations[1]");
    await field(page, "formations[1].title").fill("Gun Trips");
    await field(page, "formations[1].plays[0].title").fill("Mesh");
    await listIntent(w, mode.javaScriptEnabled, page.getByRole("button", { name: "+ Add Play" }).last(), "formations[1].plays[1]");
    await field(page, "formations[1].plays[1].title").fill("Y-Cross");
    if (!mode.javaScriptEnabled) {
      // Moved and removed without JavaScript, the editor opens again at the entry left in view.
      await listIntent(w, false, page.getByRole("button", { name: "Move up: play 2 of formation 2" }), "formations[1].plays[0]");
      expect(await field(page, "formations[1].plays[0].title").inputValue()).toBe("Y-Cross");
      await listIntent(w, false, page.getByRole("button", { name: "Move down: play 1 of formation 2" }), "formations[1].plays[1]");
      expect(await field(page, "formations[1].plays[1].title").inputValue()).toBe("Y-Cross");
      await listIntent(w, false, page.getByRole("button", { name: "+ Add Play" }).last(), "formations[1].plays[2]");
      await listIntent(w, false, page.getByRole("button", { name: "Remove play 3 of formation 2" }), "formations[1].plays[1]");
      expect(await page.locator('[name="formations[1].plays[2].title"]').count()).toBe(0);
    }
    if (mode.javaScriptEnabled) {
      // Moved to the top, its 'Move up' turns disabled: the keyboard goes to its 'Move down', not the page.
      await page.getByRole("button", { name: "Move up: formation 2" }).focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => focusedName(page)).toBe("Move down: formation 1");
      expect(await field(page, "formations[0].title").inputValue()).toBe("Gun Trips");
      // Moved back to the bottom: its 'Move down' turns disabled, and the focus stays with it (its
      // 'Move up'), not with the formation that took its place.
      await page.keyboard.press("Enter");
      await expect.poll(() => field(page, "formations[0].title").inputValue()).toBe("Singleback Ace");
      await expect.poll(() => focusedName(page)).toBe("Move up: formation 2");
    }
    await page.getByRole("button", { name: "Update Content" }).click();
    await succeeded(w, "Content Updated", `Successfully updated "${title}"`);
    const stored = (await storedContent(`matrix-scheme-${id}`))!;
    expect(stored.formations.map((formation) => [formation.title, formation.plays.map((play) => play.title)])).toEqual([
      ["Singleback Ace", ["HB Dive", "Counter"]],
      ["Gun Trips", ["Mesh", "Y-Cross"]],
    ]);
    // The play tags typed at creation survived the edit (the field is filled from what was stored).
    expect(stored.formations[0].plays[0].tags).toEqual(["goal line", "vs man"]);

    // 'Counter' is in a member's gameplan: removing it is refused until staff tick the box that names it.
    const counter = stored.formations[0].plays[1];
    const [plan] = await state.db.insert(gameplans).values({ userId: await demoUserId("premium"), name: `Matrix plan ${id}`, game: "college" }).returning({ id: gameplans.id });
    await state.db.insert(gameplanPlays).values({ gameplanId: plan.id, playId: counter.id, contentId: stored.row.id, situation: "openers", position: 0 });
    await row.getByRole("link", { name: "Edit", exact: true }).click();
    await visible(page.getByRole("heading", { name: "Edit Content" }));
    // A stored scheme opens folded: unfold the formation and the play.
    for (const entry of ["formations[0]", "formations[0].plays[1]"]) {
      const details = page.locator(`[id="entry-${entry}"]`);
      if ((await details.getAttribute("open")) === null) await details.locator(":scope > summary").click();
    }
    await listIntent(w, mode.javaScriptEnabled, page.getByRole("button", { name: "Remove play 2 of formation 1" }));
    await page.getByRole("button", { name: "Update Content" }).click();
    const removal = page.getByTestId("gameplan-removal");
    await visible(removal.getByText("Counter (Singleback Ace): in 1 gameplan", { exact: true }));
    w.problems.splice(0, w.problems.length, ...w.problems.filter((problem) => !problem.includes("status of 409")));
    expect((await storedContent(`matrix-scheme-${id}`))!.formations[0].plays).toHaveLength(2);
    await removal.getByLabel("Remove from members' gameplans").check();
    await page.getByRole("button", { name: "Update Content" }).click();
    await succeeded(w, "Content Updated", `Successfully updated "${title}"`);
    expect((await storedContent(`matrix-scheme-${id}`))!.formations[0].plays.map((play) => play.title)).toEqual(["HB Dive"]);
    expect(await state.db.select().from(gameplanPlays).where(eq(gameplanPlays.gameplanId, plan.id))).toEqual([]);
    await state.db.delete(gameplans).where(eq(gameplans.id, plan.id));

    const dialog = await openRowDialog(w, "content", title, "Delete", "Delete content");
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await succeeded(w, "Success", "Content deleted successfully");
    expect(await storedContent(`matrix-scheme-${id}`)).toBeNull();
    await w.finish();
  });

  it("the content editor: a wrong field in a folded play is named at the top, linked, and with JavaScript unfolded and focused; nothing is saved", async () => {
    const w = await watchedPage(browser, mode);
    const { page } = w;
    await signInAs(page, "admin");
    const before = await storedContent("cfb26-spread-rpo-attack");
    await page.goto("/admin/content/cfb26-spread-rpo-attack");
    await visible(page.getByRole("heading", { name: "Edit Content" }));
    const title = field(page, "formations[0].plays[1].title");
    const summary = title.locator("xpath=ancestor::details[1]/summary");
    // Unfolded, emptied, folded again (moving on to another play), then the save. (A click while the
    // page is still hydrating can be undone by it.)
    await page.waitForLoadState("networkidle");
    await summary.click();
    await title.fill("");
    await summary.click();
    expect(await title.isVisible()).toBe(false);
    await page.getByRole("button", { name: "Update Content" }).click();
    const named = page.getByText("Not saved: 1 field needs attention.", { exact: true });
    await visible(named, 15_000);
    const link = page.getByRole("link", { name: "Play title (formation 1, play 2)", exact: true });
    expect(await link.getAttribute("href")).toBe("#content-form-formations[0].plays[1].title");
    await visible(page.getByText("Play title is required", { exact: true }));
    if (mode.javaScriptEnabled) {
      // The keyboard is on the field, unfolded and in view, not left on 'Update Content'.
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("formations[0].plays[1].title");
      expect(await title.isVisible()).toBe(true);
    } else {
      // The answer opens at the top, where the summary is; its link leads to the field.
      w.problems.splice(0, w.problems.length, ...w.problems.filter((problem) => !problem.includes("status of 400")));
      await link.click();
      await expect.poll(() => page.evaluate(() => location.hash)).toBe("#content-form-formations[0].plays[1].title");
      const box = (await title.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
    }
    expect(await storedContent("cfb26-spread-rpo-attack")).toEqual(before);
    await w.finish();
  });

  it("the content editor keeps a staff member's edit when someone else saved (and renamed) the item meanwhile: refused, kept, saved on the second try", async () => {
    const id = token();
    const slug = `matrix-clash-${id}`;
    await state.db.insert(content).values({ slug, title: `Matrix Clash ${id}`, description: "As first written.", type: "pro-tip", game: "madden", isPublished: false });
    const mine = await watchedPage(browser, mode);
    const theirs = await watchedPage(browser, mode);
    await Promise.all([signInAs(mine.page, "admin"), signInAs(theirs.page, "superadmin")]);
    for (const w of [mine, theirs]) {
      await w.page.goto(`/admin/content/${slug}`);
      await visible(w.page.getByRole("heading", { name: "Edit Content" }));
    }

    // The other staff member renames the item (its slug changes) while this editor is open.
    await theirs.page.getByLabel("Title", { exact: true }).fill(`Matrix Clash Renamed ${id}`);
    await theirs.page.getByRole("button", { name: "Update Content" }).click();
    await succeeded(theirs, "Content Updated", `Successfully updated "Matrix Clash Renamed ${id}"`);

    // This editor still posts to the old address, on the revision it opened: refused, the typing kept.
    await mine.page.getByLabel("Description", { exact: true }).fill("My rewrite of the tip.");
    await mine.page.getByRole("button", { name: "Update Content" }).click();
    const refusal = mine.page.getByRole("alert").filter({ hasText: "This item was saved after you opened this editor" });
    await visible(refusal, 15_000);
    await visible(refusal.getByText(`Its address is now /content/matrix-clash-renamed-${id}.`, { exact: false }));
    expect(await mine.page.getByLabel("Description", { exact: true }).inputValue()).toBe("My rewrite of the tip.");
    expect((await storedContent(`matrix-clash-renamed-${id}`))!.row.description).toBe("As first written.");
    // The browser reports the refused post's 409 as a console error: that one is expected.
    mine.problems.splice(0, mine.problems.length, ...mine.problems.filter((problem) => !problem.includes("status of 409")));
    await mine.check();

    // Saved again, knowingly: this version replaces theirs (its title, so its slug, come back too).
    await mine.page.getByRole("button", { name: "Update Content" }).click();
    await succeeded(mine, "Content Updated", `Successfully updated "Matrix Clash ${id}"`);
    expect((await storedContent(slug))!.row.description).toBe("My rewrite of the tip.");
    await state.db.delete(content).where(eq(content.slug, slug));
    await Promise.all([mine.finish(), theirs.finish()]);
  });

  it("the content editor keeps a staff member's edit when someone else deleted the item meanwhile: refused, kept, created again", async () => {
    const id = token();
    const slug = `matrix-gone-${id}`;
    await state.db.insert(content).values({ slug, title: `Matrix Gone ${id}`, description: "As first written.", type: "pro-tip", game: "madden", isPublished: false });
    const w = await watchedPage(browser, mode);
    await signInAs(w.page, "admin");
    await w.page.goto(`/admin/content/${slug}`);
    await visible(w.page.getByRole("heading", { name: "Edit Content" }));
    // Another staff member deletes the item while this editor is open.
    await state.db.delete(content).where(eq(content.slug, slug));

    await w.page.getByLabel("Description", { exact: true }).fill("My rewrite of the tip.");
    await w.page.getByRole("button", { name: "Update Content" }).click();
    await visible(w.page.getByRole("alert").filter({ hasText: "Another staff member deleted this item after you opened this editor" }), 15_000);
    await visible(w.page.getByRole("heading", { name: "Create New Content" }));
    expect(await w.page.getByLabel("Description", { exact: true }).inputValue()).toBe("My rewrite of the tip.");
    expect(await storedContent(slug)).toBeFalsy();
    // The browser reports the refused post's 409 as a console error: that one is expected.
    w.problems.splice(0, w.problems.length, ...w.problems.filter((problem) => !problem.includes("status of 409")));
    await w.check();

    await w.page.getByRole("button", { name: "Create Content" }).click();
    await succeeded(w, "Content Created", `Successfully created "Matrix Gone ${id}"`);
    expect((await storedContent(slug))!.row.description).toBe("My rewrite of the tip.");
    await state.db.delete(content).where(eq(content.slug, slug));
    await w.finish();
  });

  it("the blog editor keeps a superadmin's edit when another deleted the post meanwhile: refused, kept, saved as a new post", async () => {
    const id = token();
    const slug = `matrix-gone-post-${id}`;
    await state.db.insert(blogPosts).values({ slug, title: `Matrix Gone Post ${id}`, content: "As first written.", category: "news", isPublished: false });
    const w = await watchedPage(browser, mode);
    await signInAs(w.page, "superadmin");
    await w.page.goto(`/admin/blog/${slug}`);
    await visible(w.page.getByRole("heading", { name: "Edit Blog Post" }));
    await state.db.delete(blogPosts).where(eq(blogPosts.slug, slug));

    await w.page.getByLabel("Content", { exact: true }).fill("My rewrite of the post.");
    await w.page.getByRole("button", { name: "Update", exact: true }).click();
    await visible(w.page.getByRole("alert").filter({ hasText: "Another superadmin deleted this post after you opened this editor" }), 15_000);
    await visible(w.page.getByRole("heading", { name: "Create New Blog Post" }));
    expect(await w.page.getByLabel("Content", { exact: true }).inputValue()).toBe("My rewrite of the post.");
    w.problems.splice(0, w.problems.length, ...w.problems.filter((problem) => !problem.includes("status of 409")));
    await w.check();

    await w.page.getByRole("radio", { name: "Draft" }).check();
    await w.page.getByRole("button", { name: "Publish", exact: true }).click();
    await succeeded(w, "Blog post saved", `Successfully saved "Matrix Gone Post ${id}".`);
    const [stored] = await state.db.select().from(blogPosts).where(eq(blogPosts.slug, slug));
    expect(stored.content).toBe("My rewrite of the post.");
    await state.db.delete(blogPosts).where(eq(blogPosts.id, stored.id));
    await w.finish();
  });

  it("the blog editor: create, edit and delete", async () => {
    const id = token();
    const title = `Matrix Post ${id}`;
    const w = await watchedPage(browser, mode);
    const { page } = w;
    await signInAs(page, "superadmin");

    await page.goto("/admin/blog/new");
    await visible(page.getByRole("heading", { name: "Create New Blog Post" }));
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Excerpt").fill("A post from the form matrix.");
    await page.getByLabel("Content", { exact: true }).fill("## Plan\n\nSaved as a draft.");
    if (!mode.javaScriptEnabled) {
      // The preview comes back as a whole page, without the image chosen before it: the editor says so.
      await page.getByLabel("Featured Image").setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: Buffer.from("an image") });
      await page.getByRole("button", { name: "Preview", exact: true }).click();
      await visible(page.getByText("The image you chose was not kept: a page that comes back cannot hold a chosen file. Choose it again before saving.", { exact: true }));
      expect(await page.getByLabel("Title", { exact: true }).inputValue()).toBe(title);
    }
    // Saved as a draft: other files expect the seed's newest posts on /blog.
    await page.getByRole("radio", { name: "Draft" }).check();
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await succeeded(w, "Blog post saved", `Successfully saved "${title}".`);

    await page.locator("#blog").getByRole("row").filter({ hasText: title }).getByRole("link", { name: "Edit", exact: true }).click();
    await visible(page.getByRole("heading", { name: "Edit Blog Post" }));
    await w.check();
    await page.getByLabel("Title", { exact: true }).fill(`${title} v2`);
    await page.getByRole("button", { name: "Update", exact: true }).click();
    await succeeded(w, "Blog post saved", `Successfully saved "${title} v2".`);

    const dialog = await openRowDialog(w, "blog", `${title} v2`, "Delete", "Delete blog post");
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await succeeded(w, "Success", "Blog post deleted successfully");
    await visible(page.locator("#blog"));
    expect(await page.locator("#blog").getByText(title).count()).toBe(0);
    await w.finish();
  });

  it("the blog editor keeps a superadmin's edit when another saved (and moved) the post meanwhile: refused, kept, saved on the second try", async () => {
    const id = token();
    const slug = `matrix-clash-post-${id}`;
    await state.db.insert(blogPosts).values({ slug, title: `Matrix Clash Post ${id}`, content: "As first written.", category: "news", isPublished: false });
    const mine = await watchedPage(browser, mode);
    const theirs = await watchedPage(browser, mode);
    await Promise.all([signInAs(mine.page, "superadmin"), signInAs(theirs.page, "superadmin")]);
    for (const w of [mine, theirs]) {
      await w.page.goto(`/admin/blog/${slug}`);
      await visible(w.page.getByRole("heading", { name: "Edit Blog Post" }));
    }

    await theirs.page.getByLabel("URL Slug", { exact: true }).fill(`${slug}-moved`);
    await theirs.page.getByRole("button", { name: "Update", exact: true }).click();
    await succeeded(theirs, "Blog post saved", `Successfully saved "Matrix Clash Post ${id}".`);

    await mine.page.getByLabel("Content", { exact: true }).fill("My rewrite of the post.");
    await mine.page.getByRole("button", { name: "Update", exact: true }).click();
    const refusal = mine.page.getByRole("alert").filter({ hasText: "This post was saved after you opened this editor" });
    await visible(refusal, 15_000);
    await visible(refusal.getByText(`Its address is now /blog/${slug}-moved.`, { exact: false }));
    expect(await mine.page.getByLabel("Content", { exact: true }).inputValue()).toBe("My rewrite of the post.");
    const [stored] = await state.db.select().from(blogPosts).where(eq(blogPosts.slug, `${slug}-moved`));
    expect(stored.content).toBe("As first written.");
    // The browser reports the refused post's 409 as a console error: that one is expected.
    mine.problems.splice(0, mine.problems.length, ...mine.problems.filter((problem) => !problem.includes("status of 409")));
    await mine.check();

    await mine.page.getByRole("button", { name: "Update", exact: true }).click();
    await succeeded(mine, "Blog post saved", `Successfully saved "Matrix Clash Post ${id}".`);
    const [after] = await state.db.select().from(blogPosts).where(eq(blogPosts.id, stored.id));
    expect({ slug: after.slug, content: after.content }).toEqual({ slug, content: "My rewrite of the post." });
    await state.db.delete(blogPosts).where(eq(blogPosts.id, stored.id));
    await Promise.all([mine.finish(), theirs.finish()]);
  });

  it("the Edit user dialog", async () => {
    const member = await createMember({ firstName: "Matrix", lastName: "Member" });
    const w = await watchedPage(browser, mode);
    const { page } = w;
    await signInAs(page, "superadmin");
    await page.goto(`/admin?q=${encodeURIComponent(member.email)}#users`);
    let dialog = await openRowDialog(w, "users", member.email, "Edit", "Edit user");
    // A bad address gets the form's own message (not the browser's bubble), with JavaScript on and off.
    await dialog.getByLabel("Email").fill("not-an-address");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    dialog = page.getByRole("dialog", { name: "Edit user" });
    await visible(dialog.getByText("Invalid email address", { exact: true }), 15_000);
    // The message is read with its field, which is marked invalid.
    expect(await dialog.getByLabel("Email").getAttribute("aria-invalid")).toBe("true");
    expect(await dialog.getByLabel("Email").getAttribute("aria-describedby")).toBe("edit-email-error");
    expect(await dialog.locator("#edit-email-error").textContent()).toBe("Invalid email address");
    // With JavaScript the keyboard goes to the refused field (not to the page).
    if (mode.javaScriptEnabled) await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("edit-email");
    expect((await storedMember(member.id)).email).toBe(member.email);
    w.problems.splice(0, w.problems.length, ...w.problems.filter((problem) => !problem.includes("status of 400")));
    await dialog.getByLabel("Email").fill(member.email);
    await dialog.getByLabel("First name").fill("Edited");
    await dialog.getByLabel("Tier").selectOption("premium");
    // Premium opens nothing without a last day: the dialog asks for one.
    await dialog.getByLabel("Premium access until").fill(new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10));
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await succeeded(w, "Success", "User updated successfully");
    expect(await storedMember(member.id)).toMatchObject({ firstName: "Edited", subscriptionTier: "premium" });

    // The member's access changes (a payment's webhook, a lapse) while the dialog is open: the save
    // is refused, the dialog shows the stored subscription, the typed name is kept; saved again, both hold.
    await page.goto("/updates");
    await page.goto(`/admin?q=${encodeURIComponent(member.email)}#users`);
    dialog = await openRowDialog(w, "users", member.email, "Edit", "Edit user");
    const paidUntil = new Date(Date.now() + 30 * 86_400_000);
    await state.db.update(users).set({ subscriptionTier: "premium", subscriptionStatus: "active", accessExpiresAt: paidUntil, updatedAt: new Date() }).where(eq(users.id, member.id));
    await dialog.getByLabel("First name").fill("Renamed");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    dialog = page.getByRole("dialog", { name: "Edit user" });
    await visible(dialog.getByRole("alert").filter({ hasText: "this account changed after you opened this dialog" }), 15_000);
    if (mode.javaScriptEnabled) {
      // The toast says it too, on screen: read out once, by the dialog's alert.
      await visible(page.getByText("Error", { exact: true }));
      expect(await announcements(page, "this account changed after you opened this dialog")).toBe(1);
    }
    expect(await dialog.getByLabel("First name").inputValue()).toBe("Renamed");
    expect(await dialog.getByLabel("Status").inputValue()).toBe("active");
    expect(await dialog.getByLabel("Premium access until").inputValue()).toBe(paidUntil.toISOString().slice(0, 10));
    expect(await storedMember(member.id)).toMatchObject({ firstName: "Edited", subscriptionStatus: "active" });
    w.problems.splice(0, w.problems.length, ...w.problems.filter((problem) => !problem.includes("status of 409")));
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await succeeded(w, "Success", "User updated successfully");
    expect(await storedMember(member.id)).toMatchObject({ firstName: "Renamed", subscriptionTier: "premium", subscriptionStatus: "active" });
    await w.finish();
  });

  it("the tip review and tip delete dialogs", async () => {
    const member = await createMember();
    const formationName = `Matrix Trips ${token()}`;
    await state.db.insert(userTips).values({ userId: member.id, formationName, playName: "Mesh", playbook: "Air Raid", gameType: "college", tipDescription: "Motion the back out to find the coverage." });
    const w = await watchedPage(browser, mode);
    const { page } = w;
    await signInAs(page, "admin");
    await page.goto("/admin#tips");

    const review = await openRowDialog(w, "tips", formationName, "Review", "Review tip");
    await review.getByLabel("Admin notes (optional)").fill("Clear and useful.");
    await review.getByRole("button", { name: "Approve" }).click();
    await succeeded(w, "Success", "Tip approved successfully");
    expect(await tipsOf(member.id)).toMatchObject([{ status: "approved", adminNotes: "Clear and useful." }]);

    const confirm = await openRowDialog(w, "tips", formationName, "Delete", "Delete tip");
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await succeeded(w, "Success", "Tip deleted successfully");
    expect(await tipsOf(member.id)).toEqual([]);

    // A review of a tip deleted meanwhile is refused where it can be read: in the dialog with the
    // notes as typed (JavaScript), at the top of the page (without).
    const [gone] = await state.db.insert(userTips).values({ userId: member.id, formationName: `${formationName} II`, playName: "Mesh", playbook: "Air Raid", gameType: "college", tipDescription: "Motion the back out to find the coverage." }).returning({ id: userTips.id });
    // Away first: a goto to the address already open (its hash included) would not load it again.
    await page.goto("/updates");
    await page.goto("/admin#tips");
    const again = await openRowDialog(w, "tips", `${formationName} II`, "Review", "Review tip");
    await state.db.delete(userTips).where(eq(userTips.id, gone.id));
    await again.getByLabel("Admin notes (optional)").fill("Typed before it went.");
    await again.getByRole("button", { name: "Approve" }).click();
    if (mode.javaScriptEnabled) {
      await visible(again.getByRole("alert").getByText("Failed to update tip status", { exact: true }));
      expect(await again.getByLabel("Admin notes (optional)").inputValue()).toBe("Typed before it went.");
    } else {
      await visible(page.getByRole("alert").getByText("Failed to update tip status", { exact: true }));
    }
    w.problems.splice(0, w.problems.length, ...w.problems.filter((problem) => !problem.includes("status of 404")));

    // Another staff member reviews the tip while this dialog is open: this review is refused with
    // theirs said, the typed notes kept, and the dialog shows the tip's new status.
    const [contested] = await state.db.insert(userTips).values({ userId: member.id, formationName: `${formationName} III`, playName: "Mesh", playbook: "Air Raid", gameType: "college", tipDescription: "Motion the back out to find the coverage." }).returning({ id: userTips.id });
    await page.goto("/updates");
    await page.goto("/admin#tips");
    const third = await openRowDialog(w, "tips", `${formationName} III`, "Review", "Review tip");
    await state.db.update(userTips).set({ status: "rejected", adminNotes: "Patched out in 1.08.", updatedAt: new Date(Date.now() + 1000) }).where(eq(userTips.id, contested.id));
    await third.getByLabel("Admin notes (optional)").fill("Works for me.");
    await third.getByRole("button", { name: "Approve" }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Review tip" });
    await visible(dialog.getByRole("alert").filter({ hasText: 'another staff member reviewed this tip after you opened it. It is now rejected, with the notes "Patched out in 1.08."' }), 15_000);
    // With JavaScript the keyboard is still on 'Approve', in the dialog (not dropped to the page).
    if (mode.javaScriptEnabled) expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Approve");
    expect(await dialog.getByLabel("Admin notes (optional)").inputValue()).toBe("Works for me.");
    await visible(dialog.getByText("rejected", { exact: true }));
    expect(await tipsOf(member.id)).toMatchObject([{ status: "rejected", adminNotes: "Patched out in 1.08." }]);
    w.problems.splice(0, w.problems.length, ...w.problems.filter((problem) => !problem.includes("status of 409")));
    await w.finish();
  });
});

import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../db/seed";
import { SEED_BLOG_POSTS } from "../../db/seed-data";
import { createMember } from "../support/accounts";
import { announcements, launchBrowser, onScreen, signInWithPassword, visible, type PageOptions } from "../support/browser";
import { JS_MODES, watchedPage, type JsMode, type WatchedPage } from "../support/form-matrix";
import { freeSchemes, seedItem } from "../support/library";
import { testState } from "../support/test-state";
import { eq } from "drizzle-orm";
import { userTips } from "../../db/schema";

// The browser matrix for the library's forms and the member forms around it: each form submitted
// once with valid input, with JavaScript on and off, through the real UI. Each test signs in a
// fresh premium member, so ratings and favourites start clean.

// Items whose changes no other test minds: comments on a premium gameplay video and a blog post, a
// rating and a favourite on a scheme whose average no other test asserts (not the newest scheme,
// whose average the landing page shows: tests/http/site-pages.test.ts).
const COMMENTED_ITEM = "cfb26-dynasty-rivalry-week";
const COMMENTED_POST = "new-lab-sessions-every-friday";
const RATED_SCHEME = "cfb26-335-tite-defense";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const unique = (label: string) => `${label} ${crypto.randomUUID().slice(0, 8)}`;

/** A fresh premium member, signed in through the login form of a watched page. */
async function signedInMember(mode: JsMode, options: PageOptions = {}) {
  const member = await createMember({
    subscriptionTier: "premium",
    accessExpiresAt: new Date(Date.now() + 30 * 24 * 3600 * 1000),
  });
  const w = await watchedPage(browser, mode, options);
  await signInWithPassword(w.page, member.email, DEMO_PASSWORD);
  await w.check();
  return { w, member };
}

/** Opens a page; with JavaScript, waits until it has settled (a click while it hydrates can be lost). */
async function open(w: WatchedPage, mode: JsMode, path: string) {
  await w.page.goto(path, { waitUntil: mode.javaScriptEnabled ? "networkidle" : "load" });
  await w.check();
}

/** Posts, edits and deletes one comment on the page that is open, checking what the reader sees. */
async function commentJourney(w: WatchedPage, mode: JsMode) {
  const page: Page = w.page;
  const text = unique(`Form matrix comment (${mode.label})`);
  if (mode.javaScriptEnabled) {
    // Interactive: the empty box cannot be posted.
    await page.locator('button[aria-disabled="true"]:has-text("Post Comment")').waitFor();
  } else {
    // Without JavaScript the server refuses a blank comment: the page opens at the comments and the message.
    await page.getByLabel("Add a comment").fill("   ");
    await page.getByRole("button", { name: "Post Comment" }).click();
    await visible(page.locator("#comments").getByRole("alert").getByText("Comment cannot be empty.", { exact: true }));
    expect(new URL(page.url()).hash).toBe("#comments");
    w.problems.splice(0, w.problems.length, ...w.problems.filter((problem) => !problem.includes("status of 400")));
  }
  await page.getByLabel("Add a comment").fill(text);
  await page.getByRole("button", { name: "Post Comment" }).click();
  const posted = commentItem(page, text);
  await visible(posted);
  // With JavaScript the new comment takes the keyboard's focus, where the page shows it.
  if (mode.javaScriptEnabled) await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toMatch(/^comment-\d+$/);
  await visible(posted.getByText("Robin", { exact: true }));
  expect((await posted.locator("header + p").textContent())?.trim()).toBe(text);
  await w.check();

  await posted.getByRole("link", { name: "Edit" }).click();
  const editor = page.getByLabel("Edit comment");
  await visible(editor);
  await w.check();
  const edited = `${text} (edited)`;
  await editor.fill(edited);
  await page.locator("li", { has: editor }).getByRole("button", { name: "Save" }).click();
  const changed = commentItem(page, edited);
  await visible(changed);
  await page.getByLabel("Edit comment").waitFor({ state: "detached" });
  expect((await changed.locator("header + p").textContent())?.trim()).toBe(edited);
  await w.check();

  await changed.getByRole("link", { name: "Delete" }).click();
  const confirming = page.locator("li", { hasText: "Delete this comment?" });
  await visible(confirming);
  await w.check();
  await confirming.getByRole("button", { name: "Delete" }).click();
  await page.getByText(edited).waitFor({ state: "detached" });
  await visible(page.getByRole("heading", { name: /^Comments \(\d+\)$/ }));
  expect(await page.getByText(text).count()).toBe(0);
  await w.check();
}

function commentItem(page: Page, text: string): Locator {
  return page.locator('li[id^="comment-"]', { has: page.locator("header + p", { hasText: text }) });
}

describe.each(JS_MODES)("library forms ($label)", (mode) => {
  it("comment: post, edit and delete on a content item", async () => {
    const { w } = await signedInMember(mode);
    await open(w, mode, `/content/${COMMENTED_ITEM}`);
    await visible(w.page.getByRole("heading", { name: seedItem(COMMENTED_ITEM).title }));
    await commentJourney(w, mode);
    await w.finish();
  });

  it("comment: post, edit and delete on a blog post", async () => {
    const { w } = await signedInMember(mode);
    await open(w, mode, `/blog/${COMMENTED_POST}`);
    await visible(w.page.getByRole("heading", { name: SEED_BLOG_POSTS.find((post) => post.slug === COMMENTED_POST)!.title }));
    await commentJourney(w, mode);
    await w.finish();
  });

  it.each([
    ["a blog post", `/blog/${COMMENTED_POST}`, "Log in to comment."],
    ["a content item", `/content/${COMMENTED_ITEM}`, "Log in to continue."],
  ])("comment on %s: refused because the session ended while it was typed, the text is kept", async (_, path, message) => {
    const { w, member } = await signedInMember(mode);
    const page = w.page;
    await open(w, mode, path);
    const text = unique(`Typed while signed out (${mode.label})\nsecond line`);
    await page.getByLabel("Add a comment").fill(text);
    // The session ends (signed out elsewhere) before it is sent.
    await page.context().clearCookies();
    await page.getByRole("button", { name: "Post Comment" }).click();
    // Without JavaScript a signed-out reader of a premium item gets its unlock screen, the text on it.
    await visible(page.getByRole("alert").getByText(message, { exact: true }));
    // With JavaScript the form stays, as typed; without it the page (now signed out) shows the text to copy.
    const kept = mode.javaScriptEnabled ? page.getByLabel("Add a comment") : page.getByLabel("Your comment, not posted");
    expect(await kept.inputValue()).toBe(text);
    if (mode.javaScriptEnabled) {
      // The login opens beside the kept comment; back here, the same comment is posted.
      const login = page.getByRole("link", { name: "Log in in a new tab" });
      expect(await login.getAttribute("target")).toBe("_blank");
      expect(await login.getAttribute("href")).toBe(`/auth?redirectTo=${encodeURIComponent(path)}`);
      const beside = await w.context.newPage();
      await signInWithPassword(beside, member.email, DEMO_PASSWORD);
      await beside.close();
      await page.getByRole("button", { name: "Post Comment" }).click();
      await visible(page.locator("#comments li", { hasText: text.split("\n")[0] }));
    }
    w.problems.splice(0, w.problems.length, ...w.problems.filter((problem) => !problem.includes("status of 401")));
    await w.check();
    await w.finish();
  });

  it("comment edit on a blog post: refused because the session ended, the edit is kept", async () => {
    const { w, member } = await signedInMember(mode);
    const page = w.page;
    const path = `/blog/${COMMENTED_POST}`;
    await open(w, mode, path);
    const text = unique(`Edited after sign-out (${mode.label})`);
    await page.getByLabel("Add a comment").fill(text);
    await page.getByRole("button", { name: "Post Comment" }).click();
    const posted = commentItem(page, text);
    await visible(posted);
    await posted.getByRole("link", { name: "Edit" }).click();
    const edited = `${text}, rewritten`;
    await page.getByLabel("Edit comment").fill(edited);
    await page.context().clearCookies();
    await page.locator("li", { has: page.getByLabel("Edit comment") }).getByRole("button", { name: "Save" }).click();
    await visible(page.getByRole("alert").getByText("Log in to comment.", { exact: true }));
    if (mode.javaScriptEnabled) {
      // The edit stays in its form; the hint names the button that sends it.
      expect(await page.getByLabel("Edit comment").inputValue()).toBe(edited);
      await visible(page.getByRole("alert").getByText(/then press Save again: your edit is still here\./));
      const beside = await w.context.newPage();
      await signInWithPassword(beside, member.email, DEMO_PASSWORD);
      await beside.close();
      await page.locator("li", { has: page.getByLabel("Edit comment") }).getByRole("button", { name: "Save" }).click();
      await visible(commentItem(page, edited));
    } else {
      // Signed out, the page has no edit form: the edit is there to copy.
      expect(await page.getByLabel("Your edit, not saved").inputValue()).toBe(edited);
    }
    w.problems.splice(0, w.problems.length, ...w.problems.filter((problem) => !problem.includes("status of 401")));
    await w.check();
    await w.finish();
  });

  it("rating: rates a scheme, shown as the member's own rating", async () => {
    const { w } = await signedInMember(mode);
    await open(w, mode, `/content/${RATED_SCHEME}`);
    const rating = w.page.locator("#rating");
    await visible(rating.getByText("Rate this scheme"));
    await rating.getByRole("button", { name: "Rate 4 stars" }).click();
    await visible(rating.getByText("Your rating: 4 of 5"));
    expect(await w.page.getByTestId("rating-summary").textContent()).toMatch(/^\d\.\d\d \/ 5 · \d+ ratings?$/);
    await w.check();
    await w.finish();
  });

  it("favourite: stars a scheme, shown on the star and on /home", async () => {
    const { w } = await signedInMember(mode);
    await open(w, mode, `/content/${RATED_SCHEME}`);
    await w.page.getByRole("button", { name: "Add to favorites" }).click();
    const star = w.page.getByRole("button", { name: "Remove from favorites" });
    await visible(star);
    expect(await star.getAttribute("aria-pressed")).toBeNull();
    // Said once, as well as drawn on the star: by its status line, or without JavaScript by a toast.
    await expect.poll(() => announcements(w.page, "Added to favorites")).toBe(1);
    await w.check();
    await open(w, mode, "/home");
    await visible(w.page.locator('section[aria-labelledby="favorites-title"]').getByText(seedItem(RATED_SCHEME).title));
    await w.finish();
  });

  it("favourite: refused because the session ended, the star says why", async () => {
    const { w } = await signedInMember(mode);
    await open(w, mode, `/content/${RATED_SCHEME}`);
    await w.page.context().clearCookies();
    await w.page.getByRole("button", { name: "Add to favorites" }).click();
    await visible(w.page.getByText("Log in to continue.", { exact: true }).first());
    if (mode.javaScriptEnabled) await visible(w.page.getByRole("status").getByText("Favorites not changed", { exact: true }));
    w.problems.splice(0, w.problems.length, ...w.problems.filter((problem) => !problem.includes("status of 401")));
    await w.finish();
  });

  it("tip submission: shows the thank-you card", async () => {
    const { w, member } = await signedInMember(mode);
    const page = w.page;
    await open(w, mode, "/submit-tip");
    if (mode.javaScriptEnabled) await page.locator('button[disabled]:has-text("Submit Tip")').waitFor();
    else {
      // Refused without JavaScript (too short): the form comes back as typed, its counter counting it.
      await page.getByLabel("Formation name", { exact: true }).fill("Gun Bunch Wk");
      await page.getByLabel("Tip description", { exact: true }).fill("Too short.");
      await page.getByRole("button", { name: "Submit Tip" }).click();
      await visible(page.getByTestId("tip-counter").getByText("10/1000 characters (minimum 20)", { exact: true }));
      expect(await page.getByLabel("Tip description", { exact: true }).inputValue()).toBe("Too short.");
      w.problems.splice(0, w.problems.length, ...w.problems.filter((problem) => !problem.includes("status of 400")));
    }
    await page.getByLabel("Formation name", { exact: true }).fill("Gun Bunch Wk");
    await page.getByLabel("Play name", { exact: true }).fill(unique("Mesh Spot"));
    await page.getByLabel("Playbook", { exact: true }).fill("Kansas City Chiefs");
    await page.getByLabel("Game", { exact: true }).selectOption("college");
    await page.getByLabel("Tip description", { exact: true }).fill("Motion the Z across before the snap: the mesh clears man coverage every time.");
    await page.getByRole("button", { name: "Submit Tip" }).click();
    await visible(page.getByRole("heading", { name: "Thank you!" }));
    await visible(page.getByText("Tip submitted successfully! It will be reviewed by our team.", { exact: true }));
    await visible(page.getByText("Tip Submitted!", { exact: true }));
    // Read out once, by the toast (the card takes the keyboard and is read with it).
    expect(await announcements(page, "Tip submitted successfully!")).toBe(0);
    expect(await announcements(page, "Tip Submitted!")).toBe(1);
    await w.check();
    // Reloading the thank-you card sends nothing again.
    await page.reload();
    await visible(page.getByRole("heading", { name: "Thank you!" }));
    const { db } = await testState();
    const mine = async () => db.select({ playName: userTips.playName }).from(userTips).where(eq(userTips.userId, member.id));
    expect(await mine()).toHaveLength(1);

    // Another tip: a fresh form that keeps what is typed in it (with JavaScript on, the first tip's
    // reset once emptied the first field filled when it lost focus).
    await page.getByRole("link", { name: "Submit Another Tip" }).click();
    const formation = page.getByLabel("Formation name", { exact: true });
    await visible(formation);
    await page.waitForLoadState("networkidle");
    await formation.fill("Trips TE");
    await page.getByLabel("Play name", { exact: true }).click();
    await page.getByLabel("Play name", { exact: true }).fill(unique("Corner Strike"));
    expect(await formation.inputValue()).toBe("Trips TE");
    await page.getByLabel("Playbook", { exact: true }).fill("Oregon");
    await page.getByLabel("Tip description", { exact: true }).fill("Motion the slot to find the coverage first, then throw the corner.");
    await page.getByRole("button", { name: "Submit Tip" }).click();
    await visible(page.getByRole("heading", { name: "Thank you!" }));
    expect(await mine()).toHaveLength(2);
    await w.check();
    await w.finish();
  });

  it("tip submission: sent after the session ended, the tip is not lost", async () => {
    const { w, member } = await signedInMember(mode);
    const page = w.page;
    await open(w, mode, "/submit-tip");
    const playName = unique("Signed-out Mesh");
    await page.getByLabel("Formation name", { exact: true }).fill("Gun Bunch Wk");
    await page.getByLabel("Play name", { exact: true }).fill(playName);
    await page.getByLabel("Playbook", { exact: true }).fill("Kansas City Chiefs");
    await page.getByLabel("Tip description", { exact: true }).fill("Motion the Z across before the snap to read the coverage first.");
    await page.context().clearCookies();
    await page.getByRole("button", { name: "Submit Tip" }).click();
    if (mode.javaScriptEnabled) {
      // The form stays as typed; the login opens beside it, and the same tip is then sent.
      await visible(page.getByRole("alert").getByText("You must be logged in to submit a tip", { exact: true }));
      const login = page.getByRole("link", { name: "Log in in a new tab" });
      expect(await login.getAttribute("target")).toBe("_blank");
      expect(await page.getByLabel("Play name", { exact: true }).inputValue()).toBe(playName);
      const beside = await w.context.newPage();
      await signInWithPassword(beside, member.email, DEMO_PASSWORD);
      await beside.close();
      await page.getByRole("button", { name: "Submit Tip" }).click();
    } else {
      // Kept through the login: back in the form, to be sent in one tap.
      await visible(page.getByRole("status").getByText("Session ended", { exact: true }));
      await page.getByLabel("Email").fill(member.email);
      await page.getByLabel("Password").fill(DEMO_PASSWORD);
      await page.getByRole("button", { name: "Login" }).click();
      await page.waitForURL(/\/submit-tip/);
      expect(await page.getByLabel("Play name", { exact: true }).inputValue()).toBe(playName);
      await page.getByRole("button", { name: "Submit Tip" }).click();
    }
    await visible(page.getByRole("heading", { name: "Thank you!" }));
    const { db } = await testState();
    expect(await db.select({ id: userTips.id }).from(userTips).where(eq(userTips.userId, member.id))).toHaveLength(1);
    w.problems.splice(0, w.problems.length, ...w.problems.filter((problem) => !problem.includes("status of 401")));
    await w.finish();
  });

  it("contact form: sends a message and says so", async () => {
    const w = await watchedPage(browser, mode);
    const page = w.page;
    await open(w, mode, "/contact");
    await page.getByLabel("Name", { exact: true }).fill("Robin Tester");
    await page.getByLabel("Email", { exact: true }).fill(`forms-${crypto.randomUUID().slice(0, 8)}@example.com`);
    await page.getByLabel("Subject", { exact: true }).fill(unique("Question about the library"));
    await page.getByLabel("Message", { exact: true }).fill("Do the formation write-ups cover both games?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await visible(page.getByText("Message Sent!", { exact: true }));
    await visible(page.getByText("We'll get back to you within 24 hours.", { exact: true }));
    // With JavaScript the form starts anew without its button: the keyboard is on the form's heading.
    if (mode.javaScriptEnabled) await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("contact-form-title");
    await w.check();
    await w.finish();
  });
});

describe("taps and ended sessions on a phone", () => {
  it("with JavaScript, a double tap on a comment's Delete deletes it once and the page shows it gone", async () => {
    const mode = JS_MODES[0];
    const { w } = await signedInMember(mode, { viewport: { width: 390, height: 844 } });
    const { page } = w;
    await open(w, mode, `/content/${COMMENTED_ITEM}`);
    const text = unique("Double-tapped delete");
    await page.getByLabel("Add a comment").fill(text);
    await page.getByRole("button", { name: "Post Comment" }).click();
    const posted = commentItem(page, text);
    await visible(posted);
    const count = async () => Number(/\((\d+)\)/.exec((await page.getByRole("heading", { name: /^Comments \(\d+\)$/ }).textContent()) ?? "")?.[1]);
    const before = await count();
    await posted.getByRole("link", { name: "Delete" }).click();
    const confirm = page.locator("li", { hasText: "Delete this comment?" }).getByRole("button", { name: "Delete" });
    await visible(confirm);
    // A phone's network: each answer takes 400 ms, and the second tap comes while the first is on its way.
    await page.route("**/*", async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.fulfill({ response });
    });
    await confirm.click();
    await page.waitForTimeout(150);
    await confirm.click({ timeout: 2_000 }).catch(() => undefined);
    await posted.waitFor({ state: "detached" });
    await page.unroute("**/*");
    await expect.poll(count).toBe(before - 1);
    expect(await page.getByText(text).count()).toBe(0);
    w.problems.splice(0, w.problems.length, ...w.problems.filter((problem) => !problem.includes("status of 404")));
    await w.finish();
  });

  it("without JavaScript, a star sent after the session ended opens the page at the rating, its message on screen", async () => {
    const mode = JS_MODES[1];
    const { w } = await signedInMember(mode, { viewport: { width: 390, height: 844 } });
    const { page } = w;
    // A free scheme: signed out, its page still has the rating, which says why it was not saved.
    await open(w, mode, `/content/${freeSchemes()[0].slug}`);
    await page.context().clearCookies();
    await page.locator("#rating").getByRole("button", { name: "Rate 3 stars" }).click();
    await page.waitForLoadState("load");
    expect(new URL(page.url()).hash).toBe("#rating");
    const message = page.locator("#rating").getByRole("alert");
    await visible(message);
    expect(await onScreen(message)).toBe(true);
    w.problems.splice(0, w.problems.length, ...w.problems.filter((problem) => !problem.includes("status of 401")));
    await w.finish();
  });
});

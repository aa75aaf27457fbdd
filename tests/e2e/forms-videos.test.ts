import { readFileSync } from "node:fs";
import type { Browser } from "playwright-core";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { content, contentPlays, contentSections } from "../../db/schema";
import { launchBrowser, signInAs, visible } from "../support/browser";
import { JS_MODES, watchedPage } from "../support/form-matrix";
import { token } from "../support/staff";
import { testState, type TestState } from "../support/test-state";

// The staff's videos in the browser matrix: upload a video on /admin/videos and delete it again,
// with JavaScript on (sent in parts) and off (one form post), each answered by its message; and the
// content editor's 'Upload a video file', which fills the play's video with the stored address.

const SAMPLE = readFileSync(new URL("../../db/seed-images/sample-play.mp4", import.meta.url));

let browser: Browser;
let state: TestState;
beforeAll(async () => {
  [browser, state] = await Promise.all([launchBrowser(), testState()]);
});
afterAll(async () => {
  await browser?.close();
});

describe.each(JS_MODES)("the videos page with $label", (mode) => {
  it("uploads a video, shows its address, and deletes it", async () => {
    const name = `clip-${token(6)}`;
    const w = await watchedPage(browser, mode);
    const { page } = w;
    await signInAs(page, "admin");
    await page.goto("/admin#content");
    await page.getByRole("link", { name: "Videos", exact: true }).click();
    await visible(page.getByRole("heading", { name: "Videos", level: 1 }));
    await page.waitForLoadState("networkidle");
    await page.getByLabel("Video file").setInputFiles({ name: `${name}.mp4`, mimeType: "video/mp4", buffer: SAMPLE });
    await page.getByRole("button", { name: "Upload video" }).click();
    await visible(page.getByText("Video uploaded", { exact: true }), 15_000);
    const address = await page.getByLabel("Its address (paste it as the play's Video URL):").inputValue();
    expect(address).toMatch(new RegExp(`^/media/videos/[a-z0-9]+-${name}\\.mp4$`));
    const stored = await state.env.MEDIA.get(address.slice("/media/".length));
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(new Uint8Array(SAMPLE));
    await w.check();

    // An item takes the video while the page is open: Delete is refused by the video, whose row then names the item.
    const slug = `videos-e2e-${token(6)}`;
    const [item] = await state.db.insert(content).values({ slug, title: `Videos E2E ${slug}`, type: "pro-tip", game: "college", isPublished: false, videoUrl: address }).returning({ id: content.id });
    await page.getByRole("button", { name: `Delete ${address}` }).click();
    const row = page.locator("li", { hasText: address });
    await visible(row.getByRole("alert").getByText("Not deleted: an item uses this video. Give them another video first.", { exact: true }));
    await visible(row.getByRole("link", { name: `Videos E2E ${slug}` }));
    // With JavaScript the Delete pressed is gone once the list is read again: the keyboard is on why.
    if (mode.javaScriptEnabled) await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("alert");
    expect(await state.env.MEDIA.head(address.slice("/media/".length))).not.toBeNull();
    w.problems.splice(0, w.problems.length, ...w.problems.filter((problem) => !problem.includes("status of 409")));
    await state.db.delete(content).where(eq(content.id, item.id));
    await page.goto("/admin/videos", { waitUntil: "networkidle" });

    await page.getByRole("button", { name: `Delete ${address}` }).click();
    await visible(page.getByRole("status").getByText("Video deleted", { exact: true }), 15_000);
    await visible(page.getByRole("status").getByText(`${address} is no longer stored.`, { exact: true }));
    expect(await state.env.MEDIA.head(address.slice("/media/".length))).toBeNull();
    await w.finish();
  });
});

describe("the content editor's video upload", () => {
  it("with JavaScript, uploads the play's video and fills in its address; saved with the play", async () => {
    const slug = `video-editor-${token(6)}`;
    const [item] = await state.db.insert(content).values({ slug, title: `Video Editor ${slug}`, type: "meta-scheme", game: "madden", isPublished: false }).returning({ id: content.id });
    const [section] = await state.db.insert(contentSections).values({ contentId: item.id, slug: "gun", title: "Gun Video" }).returning({ id: contentSections.id });
    await state.db.insert(contentPlays).values({ sectionId: section.id, slug: "mesh", title: "Mesh Video", videoUrl: "https://www.youtube.com/watch?v=aP7cW2nQ8Ld", runtime: "1:55" });

    const w = await watchedPage(browser, JS_MODES[0]);
    const { page } = w;
    await signInAs(page, "admin");
    await page.goto(`/admin/content/${slug}`);
    await page.waitForLoadState("networkidle");
    await page.getByLabel("Upload a video file").setInputFiles({ name: "Mesh Read.mp4", mimeType: "video/mp4", buffer: SAMPLE });
    await visible(page.getByText(/^Video uploaded: Mesh Read\.mp4/), 15_000);
    const address = await page.getByLabel("Video URL", { exact: true }).inputValue();
    expect(address).toMatch(/^\/media\/videos\/[a-z0-9]+-mesh-read\.mp4$/);
    expect(await page.getByLabel("Video provider").inputValue()).toBe("custom");

    await page.getByRole("button", { name: "Update Content" }).click();
    await visible(page.getByRole("status").getByText("Content Updated", { exact: true }), 15_000);
    const [play] = await state.db.select().from(contentPlays).where(eq(contentPlays.sectionId, section.id));
    // The runtime is the new video's own length (the sample is 7 s), not the old video's.
    expect(play).toMatchObject({ videoProvider: "custom", videoUrl: address, runtime: "0:07" });
    await state.db.delete(content).where(eq(content.id, item.id));
    await w.finish();
  });

  it("without JavaScript, links to the videos page in a new tab", async () => {
    const w = await watchedPage(browser, JS_MODES[1]);
    await signInAs(w.page, "admin");
    await w.page.goto("/admin/content/new");
    const link = w.page.getByRole("link", { name: "Upload a video file (opens a new tab)" }).first();
    await visible(link);
    expect(await link.getAttribute("href")).toBe("/admin/videos");
    expect(await link.getAttribute("target")).toBe("_blank");
    await w.finish();
  });
});

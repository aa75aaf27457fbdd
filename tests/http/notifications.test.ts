import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { content, favorites, statusChanges, users, type User } from "../../db/schema";
import type { DemoRole } from "../../db/seed";
import { createMember, readOutbox, storedMember, toastFrom } from "../support/accounts";
import { baseUrl, get, postForm, signIn, signInWith, url } from "../support/http";
import { contentForm, locationOf, postMultipart } from "../support/staff";
import { testState, type TestState } from "../support/test-state";
import { DEMO_PASSWORD } from "../../db/seed";

// Notifications over HTTP: /notifications for six roles, the bell, mark one and mark all (only one's
// own), the preferences, and the daily digest end to end through the local outbox with its
// one-click unsubscribe (no session, signed link, RFC 8058 headers).

let state: TestState;
const ROLES = ["free", "expired", "premium", "admin", "superadmin"] as const;
const cookies = {} as Record<(typeof ROLES)[number], string>;

beforeAll(async () => {
  state = await testState();
  for (const role of ROLES) cookies[role] = await signIn(role as DemoRole);
});

const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");
const runScheduledJob = async () => {
  const response = await get(`/cdn-cgi/local/scheduled?cron=${encodeURIComponent("*/30 * * * *")}`);
  expect(response.status).toBe(200);
  await response.body?.cancel();
};

/** A member who favourited a seeded item an hour ago, and a staff change on it ten minutes ago. */
async function memberWithChange(slug: string, values: Partial<User> = {}) {
  const member = await createMember(values);
  const [item] = await state.db.select({ id: content.id }).from(content).where(eq(content.slug, slug));
  await state.db.insert(favorites).values({ userId: member.id, contentId: item.id, createdAt: new Date(Date.now() - 3_600_000) });
  const [change] = await state.db
    .insert(statusChanges)
    .values({ itemKind: "content", contentId: item.id, fromStatus: "verified", toStatus: "adjusted", note: "Test note.", notify: true, changedAt: new Date(Date.now() - 600_000) })
    .returning({ id: statusChanges.id });
  const cookie = await signInWith(member.email, DEMO_PASSWORD);
  return { member, changeId: change.id, cookie };
}

describe("/notifications", () => {
  it("sends a visitor to sign in", async () => {
    const response = await get("/notifications");
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe(`/auth?redirectTo=${encodeURIComponent("/notifications")}`);
  });

  it("a mark sent after the session ended leads to the login, which says it was not saved", async () => {
    const response = await postForm("/notifications", { intent: "mark-read", notificationId: "1" });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe(`/auth?redirectTo=${encodeURIComponent("/notifications")}`);
    expect(toastFrom(response)).toEqual({ kind: "error", title: "Session ended", description: "Log in again, then make your change again: it was not saved." });
  });

  it.each(ROLES)("%s sees their own notifications page, private", async (role) => {
    const response = await get("/notifications", { cookie: cookies[role] });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toContain("private");
    const html = await text(response);
    expect(html).toContain("<h1");
    expect(html).toContain("Notifications");
  });

  it("a page past the end leads to the last page that has notifications", async () => {
    const response = await get("/notifications?page=500", { cookie: cookies.premium });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toMatch(/^\/notifications(\?page=\d+)?$/);
    const last = await text(await get(locationOf(response)!, { cookie: cookies.premium }));
    expect(last).not.toContain("No notifications yet.");
  });

  it("the premium demo member has unread notifications: the bell says how many, in the page's round trips", async () => {
    const response = await get("/college", { cookie: cookies.premium });
    const html = await text(response);
    expect(html).toMatch(/aria-label="Notifications, \d+ unread"/);
    expect(Number(/(\d+) D1 round trips/.exec(response.headers.get("Server-Timing") ?? "")?.[1])).toBeLessThanOrEqual(2);
    const page = await text(await get("/notifications", { cookie: cookies.premium }));
    expect(page).toContain("Nerfed in 1.07");
    expect(page).toContain("Sugar A-Gap Blitz");
  });

  it("a member marks one as read, cannot mark another member's, and marks all as read", async () => {
    const first = await memberWithChange("madden26-pistol-power-run");
    const second = await memberWithChange("cfb26-flexbone-triple-option");
    expect(await text(await get("/college", { cookie: first.cookie }))).toContain('aria-label="Notifications, 1 unread"');

    const forged = await postForm("/notifications", { intent: "mark-read", notificationId: String(second.changeId) }, { cookie: first.cookie });
    expect(forged.status).toBe(404);
    await forged.body?.cancel();
    expect(await text(await get("/college", { cookie: second.cookie }))).toContain('aria-label="Notifications, 1 unread"');

    const own = await postForm("/notifications", { intent: "mark-read", notificationId: String(first.changeId) }, { cookie: first.cookie });
    expect(own.status).toBe(302);
    // Back at the notification, where the member was in the list.
    expect(own.headers.get("Location")).toBe(`/notifications#notification-${first.changeId}`);
    expect(await text(await get("/college", { cookie: first.cookie }))).toContain('aria-label="Notifications"');

    const all = await postForm("/notifications", { intent: "mark-all-read" }, { cookie: second.cookie });
    expect(all.status).toBe(302);
    expect(await text(await get("/college", { cookie: second.cookie }))).toContain('aria-label="Notifications"');
    expect((await storedMember(second.member.id)).notificationsReadAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("an item that changed twice counts once in the bell: the older change is marked as changed again since", async () => {
    const { cookie, changeId } = await memberWithChange("cfb26-flexbone-triple-option");
    const [item] = await state.db.select({ id: content.id }).from(content).where(eq(content.slug, "cfb26-flexbone-triple-option"));
    await state.db.insert(statusChanges).values({ itemKind: "content", contentId: item.id, fromStatus: "adjusted", toStatus: "verified", notify: true, changedAt: new Date(Date.now() - 60_000) });
    expect(await text(await get("/college", { cookie }))).toContain('aria-label="Notifications, 1 unread"');
    const page = await text(await get("/notifications", { cookie }));
    expect(page).toContain("Changed again since");
    // The older one is not news: no 'Mark as read' for it.
    expect(page).not.toContain(`name="notificationId" value="${changeId}"`);
  });

  it("a play sent back to re-test with its scheme (its own row tells nobody) makes its older change history; a corrected note does not", async () => {
    const member = await createMember();
    const cookie = await signInWith(member.email, DEMO_PASSWORD);
    const [item] = await state.db.select({ id: content.id }).from(content).where(eq(content.slug, "madden26-pistol-power-run"));
    const [play] = await state.d1
      .prepare("SELECT p.id AS id FROM content_plays p JOIN content_sections s ON s.id = p.section_id WHERE s.content_id = ?1 ORDER BY p.id LIMIT 2")
      .bind(item.id)
      .all<{ id: number }>()
      .then((result) => result.results);
    await state.db.insert(favorites).values({ userId: member.id, contentId: item.id, createdAt: new Date(Date.now() - 3_600_000) });
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    const [verified] = await state.db
      .insert(statusChanges)
      .values({ itemKind: "play", contentId: item.id, playId: play.id, fromStatus: "needs-retest", toStatus: "verified", notify: true, changedAt: ago(20) })
      .returning({ id: statusChanges.id });
    // The patch: the scheme's row tells its followers, the play's own row does not.
    await state.db.insert(statusChanges).values([
      { itemKind: "content", contentId: item.id, fromStatus: "verified", toStatus: "needs-retest", notify: true, changedAt: ago(10) },
      { itemKind: "play", contentId: item.id, playId: play.id, fromStatus: "verified", toStatus: "needs-retest", notify: false, changedAt: ago(10) },
    ]);
    const page = await text(await get("/notifications", { cookie }));
    expect(page).not.toContain(`name="notificationId" value="${verified.id}"`);
    expect(page).toContain("Changed again since");
    expect(await text(await get("/college", { cookie }))).toContain('aria-label="Notifications, 1 unread"');

    // A staff member corrects the note of a nerfed status: the nerf is still the news.
    const other = await createMember();
    const otherCookie = await signInWith(other.email, DEMO_PASSWORD);
    await state.db.insert(favorites).values({ userId: other.id, contentId: item.id, createdAt: new Date(Date.now() - 60_000) });
    const [nerfed] = await state.db
      .insert(statusChanges)
      .values({ itemKind: "content", contentId: item.id, fromStatus: "needs-retest", toStatus: "nerfed", note: "Blitz beats it.", notify: true, changedAt: ago(0.5) })
      .returning({ id: statusChanges.id });
    await state.db.insert(statusChanges).values({ itemKind: "content", contentId: item.id, fromStatus: "nerfed", toStatus: "nerfed", note: "The A-gap blitz beats it.", notify: false, changedAt: ago(0.25) });
    expect(await text(await get("/notifications", { cookie: otherCookie }))).toContain(`name="notificationId" value="${nerfed.id}"`);
  });

  it("'Mark all as read' from a page shown earlier leaves what arrived after it unread", async () => {
    const { member, cookie } = await memberWithChange("madden26-pistol-power-run");
    const page = await text(await get("/notifications", { cookie }));
    const shownAt = /name="shownAt" value="(\d+)"/.exec(page)?.[1];
    expect(shownAt).toBeDefined();
    // A change lands after the page was made, before the member presses the button.
    const [item] = await state.db.select({ id: content.id }).from(content).where(eq(content.slug, "madden26-pistol-power-run"));
    await state.db.insert(statusChanges).values({ itemKind: "content", contentId: item.id, fromStatus: "adjusted", toStatus: "nerfed", note: "Later.", notify: true, changedAt: new Date(Number(shownAt) + 1) });
    const all = await postForm("/notifications", { intent: "mark-all-read", shownAt: shownAt! }, { cookie });
    expect(all.status).toBe(302);
    expect(await text(await get("/college", { cookie }))).toContain('aria-label="Notifications, 1 unread"');
    expect((await storedMember(member.id)).notificationsReadAt.getTime()).toBe(Number(shownAt));
  });

  it("a visitor's forged mark-read changes nothing", async () => {
    const response = await postForm("/notifications", { intent: "mark-all-read" });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toContain("/auth?redirectTo=");
  });
});

describe("preferences (Account Settings, 'Notifications')", () => {
  it("turning in-site notifications off hides the bell; the choices are stored", async () => {
    const { member, cookie } = await memberWithChange("madden26-hot-route-menu");
    const response = await postForm("/account-settings", { intent: "notifications", notifyDigest: "on", followGames: "madden" }, { cookie });
    expect(response.status).toBe(302);
    const stored = await storedMember(member.id);
    expect(stored).toMatchObject({ notifyDigest: true, notifyInSite: false, followGames: ["madden"] });
    const html = await text(await get("/college", { cookie }));
    expect(html).not.toContain('href="/notifications"');
    expect(await text(await get("/notifications", { cookie }))).toContain("In-site notifications are turned off");
  });

  it("an unknown game is refused and nothing changes", async () => {
    const { member, cookie } = await memberWithChange("madden26-hot-route-menu");
    const response = await postForm("/account-settings", { intent: "notifications", followGames: "fifa" }, { cookie });
    expect(response.status).toBe(400);
    const html = await text(response);
    expect(html).toContain("Choose College Football 26 or Madden NFL 26.");
    // The card's form posts to its anchor: without JavaScript the refusal opens at the card, far down the page.
    expect(html).toContain('action="/account-settings#notifications"');
    expect((await storedMember(member.id)).notifyInSite).toBe(true);
  });
});

describe("the daily digest", () => {
  it("a draft written before a member's last digest and published after it is new in their next one (new goes by publication)", async () => {
    // An item of its own: the next test counts the changes on cfb26-lab-option-keys.
    const { member } = await memberWithChange("cfb26-stop-the-qb-run", { followGames: ["college"] });
    const day = 24 * 3_600_000;
    // Written as a draft 26 hours ago; the member's last digest went out 24 hours ago.
    const slug = `digest-late-${member.id.slice(0, 8)}`;
    const title = `Published Late ${member.id.slice(0, 8)}`;
    await state.db.insert(content).values({ slug, title, game: "college", type: "pro-tip", isPublished: false, createdAt: new Date(Date.now() - day - 2 * 3_600_000) });
    await state.db.update(users).set({ digestThrough: new Date(Date.now() - day) }).where(eq(users.id, member.id));
    try {
      // Published now, through the editor.
      const published = await postMultipart(`/admin/content/${slug}`, contentForm({ title, type: "pro-tip", isPublished: true }), cookies.admin);
      expect(published.status).toBe(302);
      expect((await state.db.select({ publishedAt: content.publishedAt }).from(content).where(eq(content.slug, slug)))[0].publishedAt).not.toBeNull();
      await runScheduledJob();
    } finally {
      await state.db.delete(content).where(eq(content.slug, slug));
    }
    const [digest] = (await readOutbox()).filter((message) => message.to === member.email);
    expect(digest.text).toContain(title);
  });

  it("sends one e-mail with the member's changes and followed games' new content, never a second copy, with a working one-click unsubscribe", async () => {
    const { member } = await memberWithChange("cfb26-lab-option-keys", { followGames: ["college"] });
    // A new item in the followed game, removed again as soon as the digest is written: the listing
    // tests count the published items of each game.
    const newSlug = `digest-new-${member.id.slice(0, 8)}`;
    await state.db.insert(content).values({ slug: newSlug, title: `Digest New Item ${member.id.slice(0, 8)}`, game: "college", type: "pro-tip", isPublished: true, publishedAt: new Date() });
    try {
      await runScheduledJob();
    } finally {
      await state.db.delete(content).where(eq(content.slug, newSlug));
    }
    const mine = (await readOutbox()).filter((message) => message.to === member.email);
    expect(mine).toHaveLength(1);
    const [digest] = mine;
    expect(digest.subject).toMatch(/^Your playbook: 1 status change, \d+ new items?$/);
    expect(digest.text).toContain("Lab: Which Defender Does the Option Really Read?: Works with adjustment");
    expect(digest.text).toContain(`Digest New Item ${member.id.slice(0, 8)}`);
    const unsubscribe = digest.links.find((link) => link.includes("/unsubscribe?"))!;
    const oneClickUrl = unsubscribe.replace("/unsubscribe?", "/unsubscribe/one-click?");
    expect(digest.headers["List-Unsubscribe"]).toBe(`<${oneClickUrl}>`);
    expect(digest.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect((await storedMember(member.id)).digestThrough).not.toBeNull();

    // At most one a day: the next run sends nothing more.
    await runScheduledJob();
    expect((await readOutbox()).filter((message) => message.to === member.email)).toHaveLength(1);

    // Opening the link changes nothing; the mail client's one-click POST (cross-site, no session) unsubscribes.
    const path = new URL(unsubscribe).pathname + new URL(unsubscribe).search;
    const opened = await get(path);
    expect(opened.status).toBe(200);
    expect(await text(opened)).toContain("Unsubscribe from the daily digest?");
    expect((await storedMember(member.id)).notifyDigest).toBe(true);
    // Opening the one-click address in a browser shows the same page.
    const redirected = await get(new URL(oneClickUrl).pathname + new URL(oneClickUrl).search);
    expect(redirected.status).toBe(302);
    expect(locationOf(redirected)).toBe(path);
    const oneClick = await fetch(oneClickUrl.replace(new URL(oneClickUrl).origin, baseUrl()), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.example.net", "Sec-Fetch-Site": "cross-site" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain("You're unsubscribed");
    expect((await storedMember(member.id)).notifyDigest).toBe(false);

    // The page's button (same site, no session) on a second member.
    const second = await memberWithChange("cfb26-lab-option-keys");
    await runScheduledJob();
    const [secondDigest] = (await readOutbox()).filter((message) => message.to === second.member.email);
    const page = new URL(secondDigest.links.find((link) => link.includes("/unsubscribe?"))!);
    const button = await postForm(page.pathname + page.search, {});
    expect(button.status).toBe(200);
    expect(await text(button)).toMatch(/You(&#x27;|')re unsubscribed/);
    expect((await storedMember(second.member.id)).notifyDigest).toBe(false);
  });

  it("a tampered link or one for a deleted account shows a clear page and changes nothing", async () => {
    const { member } = await memberWithChange("cfb26-lab-option-keys");
    await runScheduledJob();
    const [digest] = (await readOutbox()).filter((message) => message.to === member.email);
    const link = new URL(digest.links.find((entry) => entry.includes("/unsubscribe?"))!);
    const tampered = `${link.pathname}?u=${link.searchParams.get("u")}&s=${link.searchParams.get("s")!.slice(0, -2)}xx`;
    for (const [method, path] of [["GET", tampered], ["POST", tampered], ["POST", tampered.replace("/unsubscribe?", "/unsubscribe/one-click?")]]) {
      const response = await fetch(url(path), { method, redirect: "manual", headers: { Origin: baseUrl(), "Content-Type": "application/x-www-form-urlencoded" }, body: method === "POST" ? "List-Unsubscribe=One-Click" : undefined });
      expect(response.status, `${method} ${path}`).toBe(400);
      expect(await text(response)).toContain("This unsubscribe link is not valid");
    }
    const other = `${link.pathname}?u=${encodeURIComponent("someone-else")}&s=${link.searchParams.get("s")}`;
    expect((await get(other)).status).toBe(400);
    expect((await storedMember(member.id)).notifyDigest).toBe(true);

    await state.db.delete(users).where(eq(users.id, member.id));
    const gone = await get(link.pathname + link.search);
    expect(gone.status).toBe(400);
    expect(await text(gone)).toContain("This unsubscribe link is not valid");
  });

  it("lists an item that changed twice once, as it stands now", async () => {
    const slug = "madden26-lab-coverage-vs-four-verts";
    const { member } = await memberWithChange(slug);
    const [item] = await state.db.select({ id: content.id, title: content.title }).from(content).where(eq(content.slug, slug));
    await state.db.insert(statusChanges).values({ itemKind: "content", contentId: item.id, fromStatus: "adjusted", toStatus: "nerfed", note: "Dead.", notify: true, changedAt: new Date(Date.now() - 300_000) });
    await runScheduledJob();
    const [digest] = (await readOutbox()).filter((message) => message.to === member.email);
    expect(digest.subject).toMatch(/^Your playbook: 1 status change/);
    expect(digest.text).toContain(`${item.title}: Nerfed`);
    expect(digest.text).not.toContain(`${item.title}: Works with adjustment`);
  });

  it("no digest for a member who turned it off", async () => {
    const { member } = await memberWithChange("cfb26-lab-option-keys", { notifyDigest: false });
    await runScheduledJob();
    expect((await readOutbox()).filter((message) => message.to === member.email)).toHaveLength(0);
  });
});

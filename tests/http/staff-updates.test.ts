import { and, eq, inArray, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { content, contentPlays, contentSections, contentStatuses, playStatuses, statusChanges, titleUpdates } from "../../db/schema";
import type { DemoRole } from "../../db/seed";
import { toastFrom } from "../support/accounts";
import { baseUrl, get, postForm, signIn, url } from "../support/http";
import { textOf } from "../support/html";
import { locationOf, token } from "../support/staff";
import { testState, type TestState } from "../support/test-state";
import { formatUpdateDate, isoDay, STATUS_ALTERNATIVE_ONLY_NERFED } from "~/lib/patch";
import { ALTERNATIVE_IS_ITSELF, MISSING_ALTERNATIVE, STATUS_CHANGED_SINCE, STATUS_NEWER_UPDATE } from "~/server/item-status.server";
import { UNKNOWN_ITEM } from "~/server/status-form.server";

// The patch tracker's staff forms (/admin/updates, and the content editor's 'Save status' forms)
// for all six roles: visitors go to /auth, members get 403, staff succeed; bad input is refused
// with its message and changes nothing. Updates recorded here are dated before each game's current
// one, so they re-test nothing: other files read the seed's statuses at the same time (the re-test
// itself is a unit test, tests/unit/patch.test.ts, and a bench figure).

type Role = "visitor" | "free" | "expired" | "premium" | "admin" | "superadmin";
const MEMBERS = ["free", "expired", "premium"] as const;
const STAFF = ["admin", "superadmin"] as const;

let state: TestState;
const cookies = {} as Record<Role, string | undefined>;
const id = token();
const ids = { content: 0, play: 0 };
const created: number[] = [];

beforeAll(async () => {
  state = await testState();
  for (const role of [...MEMBERS, ...STAFF]) cookies[role] = await signIn(role as DemoRole);
  const [item] = await state.db
    .insert(content)
    .values({ slug: `patch-staff-${id}`, title: `Patch staff ${id}`, type: "meta-scheme", game: "madden", isPublished: false })
    .returning({ id: content.id });
  await state.db.update(contentStatuses).set({ status: "needs-retest" }).where(eq(contentStatuses.contentId, item.id));
  const [section] = await state.db.insert(contentSections).values({ contentId: item.id, slug: "gun", title: "Gun" }).returning({ id: contentSections.id });
  const [play] = await state.db.insert(contentPlays).values({ sectionId: section.id, slug: "mesh", title: "Mesh" }).returning({ id: contentPlays.id });
  await state.db.update(playStatuses).set({ status: "needs-retest" }).where(eq(playStatuses.playId, play.id));
  ids.content = item.id;
  ids.play = play.id;
});

afterAll(async () => {
  await state.db.delete(content).where(eq(content.id, ids.content));
  if (created.length) await state.db.delete(titleUpdates).where(inArray(titleUpdates.id, created));
});

const post = (role: Role, fields: Record<string, string>) => postForm("/admin/updates", fields, { cookie: cookies[role] });
/** A 'Save status' form of the editor's 'Patch status' card, posted to the editor of this file's item. */
const postStatus = (role: Role, fields: Record<string, string>) =>
  postForm(`/admin/content/patch-staff-${id}`, { intent: "set-status", ...fields }, { cookie: cookies[role] });
/** The first seeded play matching `where` (its scheme and formation joined). */
const playWhere = (where: SQL | undefined) =>
  state.db
    .select({ id: contentPlays.id })
    .from(contentPlays)
    .innerJoin(contentSections, eq(contentSections.id, contentPlays.sectionId))
    .innerJoin(content, eq(content.id, contentSections.contentId))
    .where(where)
    .limit(1);
const updateForm = (version: string, extra: Record<string, string> = {}) => ({
  intent: "save-update",
  game: "college",
  version,
  releasedOn: "2025-08-01",
  summary: "Recorded by a test.",
  gameplay: "on",
  ...extra,
});
const updatesNamed = (version: string) => state.db.select().from(titleUpdates).where(eq(titleUpdates.version, version));
const statusOf = async () => (await state.db.select({ status: contentStatuses.status, note: contentStatuses.statusNote }).from(contentStatuses).where(eq(contentStatuses.contentId, ids.content)))[0];

describe("who may use the Title Updates screen", () => {
  it("a visitor is sent to sign in, page and forms alike", async () => {
    const page = await get("/admin/updates");
    expect(page.status).toBe(302);
    expect(locationOf(page)).toBe(`/auth?redirectTo=${encodeURIComponent("/admin/updates")}`);
    const forged = await post("visitor", updateForm(`v-${id}`));
    expect(forged.status).toBe(302);
    expect(await updatesNamed(`v-${id}`)).toHaveLength(0);
    const scheme = await post("visitor", { intent: "mark-scheme-verified", contentId: String(ids.content) });
    expect(scheme.status).toBe(302);
    expect(locationOf(scheme)).toMatch(/^\/auth\?redirectTo=/);
    const status = await postStatus("visitor", { itemKind: "content", itemId: String(ids.content), status: "verified" });
    expect(status.status).toBe(302);
    // Not kept through the login (only the editor's own form is): the login leads back to the
    // status form and says the change was not saved.
    expect(locationOf(status)).toBe(`/auth?redirectTo=${encodeURIComponent(`/admin/content/patch-staff-${id}#status-content-${ids.content}`)}`);
    expect(toastFrom(status)).toEqual({ kind: "error", title: "Session ended", description: "Log in again, then make your change again: it was not saved." });
    expect(status.headers.getSetCookie().some((cookie) => cookie.startsWith("gp_kept_form="))).toBe(false);
    expect((await statusOf()).status).toBe("needs-retest");
  });

  it.each(MEMBERS)("%s gets 403 and every forged form changes nothing", async (role) => {
    expect((await get("/admin/updates", { cookie: cookies[role] })).status).toBe(403);
    const version = `${role.slice(0, 3)}-${id}`;
    const forms: Record<string, string>[] = [
      updateForm(version),
      { intent: "delete-update", updateId: "1" },
      { intent: "mark-verified", items: `content:${ids.content}` },
      { intent: "mark-scheme-verified", contentId: String(ids.content) },
    ];
    for (const fields of forms) {
      const response = await post(role, fields);
      expect(response.status, fields.intent).toBe(403);
      await response.body?.cancel();
    }
    const status = await postStatus(role, { itemKind: "content", itemId: String(ids.content), status: "verified" });
    expect(status.status).toBe(403);
    await status.body?.cancel();
    expect(await updatesNamed(version)).toHaveLength(0);
    expect((await state.db.select().from(titleUpdates).where(eq(titleUpdates.id, 1))).length).toBe(1);
    expect((await statusOf()).status).toBe("needs-retest");
  });

  it.each(STAFF)("%s records, edits and deletes a title update", async (role) => {
    const version = `${role.slice(0, 3)}-${id}`;
    const recorded = await post(role, updateForm(version, { notesUrl: "https://www.ea.com/news" }));
    expect(recorded.status).toBe(302);
    const [row] = await updatesNamed(version);
    created.push(row.id);
    expect(row).toMatchObject({ game: "college", releasedOn: "2025-08-01", gameplay: true, notesUrl: "https://www.ea.com/news" });
    const page = await (await get("/admin/updates", { cookie: cookies[role] })).text();
    expect(page).toContain("Title Update");
    expect(page).toContain(version);

    const edited = await post(role, updateForm(version, { updateId: String(row.id), summary: "Edited.", gameplay: "" }));
    expect(edited.status).toBe(302);
    expect((await updatesNamed(version))[0]).toMatchObject({ summary: "Edited.", gameplay: false });

    const deleted = await post(role, { intent: "delete-update", updateId: String(row.id) });
    expect(deleted.status).toBe(302);
    expect(await updatesNamed(version)).toHaveLength(0);
  });

  it("the dashboard shows the 'Updates' tab to admins and superadmins", async () => {
    for (const role of STAFF) {
      const html = await (await get("/admin", { cookie: cookies[role] })).text();
      expect(html).toContain('href="#updates"');
      expect(html).toContain("Re-test queue");
    }
  });
});

// Scheduled updates are College's and dated ahead (then, for the job, to a day before the game's
// current update): whatever happens, the seed's current updates and statuses stay as other files read them.
describe("an update dated ahead is scheduled", () => {
  const version = `s-${id}`;
  const day = isoDay(Date.now(), 10);
  const statuses = async () =>
    state.db
      .select({ id: contentStatuses.contentId, status: contentStatuses.status, updateId: contentStatuses.statusUpdateId })
      .from(contentStatuses)
      .where(eq(contentStatuses.game, "college"))
      .orderBy(contentStatuses.contentId);

  it("is recorded without effect, said so to staff, and shown to members as coming", async () => {
    const before = await statuses();
    const response = await post("admin", updateForm(version, { releasedOn: day }));
    expect(response.status).toBe(302);
    expect(toastFrom(response)).toMatchObject({
      title: "Title update recorded",
      description: `College Football 26 ${version} is saved. It takes effect on ${formatUpdateDate(day)}: then every verified or adjusted item of the game goes back to re-test.`,
    });
    const [row] = await updatesNamed(version);
    created.push(row.id);
    expect(row.appliedAt).toBeNull();
    expect(await statuses()).toEqual(before);
    expect(await state.db.select().from(statusChanges).where(eq(statusChanges.updateId, row.id))).toHaveLength(0);

    const staff = (await (await get("/admin/updates", { cookie: cookies.admin })).text()).replaceAll("<!-- -->", "");
    const card = staff.slice(staff.indexOf(`data-update="college-${version}"`));
    expect(card.slice(0, card.indexOf("</li>"))).toContain("Scheduled");
    expect(card.slice(0, card.indexOf("</li>"))).toContain(`Takes effect ${formatUpdateDate(day)}`);
    const dashboard = (await (await get("/admin", { cookie: cookies.admin })).text()).replaceAll("<!-- -->", "");
    expect(dashboard).toContain(`Next: ${version} on ${formatUpdateDate(day)}`);

    for (const cookie of [undefined, cookies.premium]) {
      const html = (await (await get("/updates", { cookie })).text()).replaceAll("<!-- -->", "");
      const article = html.slice(html.indexOf(`Title Update ${version}`));
      const own = article.slice(0, article.indexOf("</article>"));
      expect(own).toContain("Coming");
      expect(own).not.toContain(">Current<");
      expect(own).toContain(`Out on ${formatUpdateDate(day)}. It changes gameplay`);
    }
  });

  it("an update in effect cannot move ahead of today", async () => {
    const response = await post("admin", updateForm(`e-${id}`));
    expect(response.status).toBe(302);
    // Dated before the game's current update, it touches gameplay for the record: staff are told nothing went to re-test.
    expect(toastFrom(response)).toMatchObject({
      title: "Title update recorded",
      description: `College Football 26 e-${id} is saved. It is dated before the game's current update: nothing was sent to re-test.`,
    });
    // On /updates it does not promise a re-test that will never come.
    const updates = textOf(await (await get("/updates", { cookie: cookies.admin })).text());
    const card = updates.slice(updates.indexOf(`Title Update e-${id}`)).split("Title Update ")[1];
    expect(card).toContain("No results were recorded on this update: a later one came before our staff re-tested on it.");
    expect(card).not.toContain("Re-testing is under way");
    const [row] = await updatesNamed(`e-${id}`);
    created.push(row.id);
    expect(row.appliedAt).not.toBeNull();
    const moved = await post("admin", updateForm(`e-${id}`, { updateId: String(row.id), releasedOn: day }));
    expect(moved.status).toBe(409);
    expect((await moved.text()).replaceAll("<!-- -->", "")).toContain(`e-${id} is already in effect: its release date cannot be later than today.`);
    expect((await updatesNamed(`e-${id}`))[0].releasedOn).toBe("2025-08-01");
  });

  it("the scheduled job applies it once its day has come", async () => {
    const [row] = await updatesNamed(version);
    // Its day has come (a day before the game's current update, so it is applied for the record).
    await state.db.update(titleUpdates).set({ releasedOn: "2025-08-02" }).where(eq(titleUpdates.id, row.id));
    const before = await statuses();
    const job = await get(`/cdn-cgi/local/scheduled?cron=${encodeURIComponent("*/30 * * * *")}`);
    expect(job.status).toBe(200);
    await job.body?.cancel();
    expect((await updatesNamed(version))[0].appliedAt).not.toBeNull();
    expect(await statuses()).toEqual(before);
    const html = (await (await get("/updates")).text()).replaceAll("<!-- -->", "");
    const article = html.slice(html.indexOf(`Title Update ${version}`));
    expect(article.slice(0, article.indexOf("</article>"))).not.toContain("Coming");
  });
});

describe("bad input is refused with its message and changes nothing", () => {
  it.each<[Record<string, string>, string]>([
    [{ game: "fifa" }, "Choose College Football 26 or Madden NFL 26."],
    [{ version: "" }, "Version is required."],
    [{ version: "1".repeat(21) }, "Version can be at most 20 characters."],
    [{ releasedOn: "2099-01-01" }, "The release date can be at most 30 days ahead."],
    [{ releasedOn: "2026-02-30" }, "Use a date like 2026-11-18."],
    [{ notesUrl: "javascript:alert(1)" }, "Use a full https:// address."],
    // A checkbox is ticked or not sent: any other value was not typed into the form.
    [{ gameplay: "maybe" }, "Touches gameplay is either ticked or not."],
  ])("%j", async (change, message) => {
    const response = await post("admin", updateForm(`bad-${id}`, change));
    expect(response.status).toBe(400);
    expect((await response.text()).replaceAll("<!-- -->", "")).toContain(message);
    expect(await state.db.select().from(titleUpdates).where(eq(titleUpdates.version, `bad-${id}`))).toHaveLength(0);
  });

  it("an edit made in a form opened before another staff member's save is refused, the typing kept; saved again, it replaces theirs", async () => {
    const version = `r-${id}`.slice(0, 20);
    expect((await post("admin", updateForm(version))).status).toBe(302);
    const [row] = await updatesNamed(version);
    created.push(row.id);
    const form = (await (await get(`/admin/updates?edit=${row.id}`, { cookie: cookies.admin })).text());
    const revision = /name="revision" value="(\d+)"/.exec(form)?.[1];
    expect(revision).toBe(String(row.updatedAt.getTime()));
    // The superadmin saves first, from a form opened at the same revision.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await post("superadmin", updateForm(version, { updateId: String(row.id), revision: revision!, summary: "Corrected from EA's notes." }))).status).toBe(302);
    // Posted where the browser posts it: the edit form's own address.
    const stale = await postForm(`/admin/updates?edit=${row.id}`, updateForm(version, { updateId: String(row.id), revision: revision!, summary: "My stale summary." }), { cookie: cookies.admin });
    expect(stale.status).toBe(409);
    const page = (await stale.text()).replaceAll("&#x27;", "'");
    expect(page).toContain("Not saved: this title update was saved after you opened it (by another staff member, or by you in another tab).");
    expect(page).toContain("My stale summary.");
    expect((await updatesNamed(version))[0].summary).toBe("Corrected from EA's notes.");
    const fresh = /name="revision" value="(\d+)"/.exec(page)?.[1];
    expect(fresh).toBe(String((await updatesNamed(version))[0].updatedAt.getTime()));
    expect((await post("admin", updateForm(version, { updateId: String(row.id), revision: fresh!, summary: "My stale summary." }))).status).toBe(302);
    expect((await updatesNamed(version))[0].summary).toBe("My stale summary.");
  });

  it("a version already recorded for the game", async () => {
    const response = await post("admin", updateForm("1.07"));
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("1.07 is already recorded for this game.");
  });

  it("a status that is not one of the four, a note over 500 characters, an adjustment without a note", async () => {
    const base = { itemKind: "content", itemId: String(ids.content) };
    for (const [fields, message] of [
      [{ ...base, status: "broken" }, "Choose Verified, Needs re-test, Works with adjustment or Nerfed."],
      [{ ...base, status: "adjusted", note: "x".repeat(501) }, "The note can be at most 500 characters."],
      [{ ...base, status: "adjusted" }, "Say what to adjust in the note."],
      [{ ...base, status: "nerfed", note: "Dead.", alternative: "javascript:alert(1)" }, "Use a page of this site (starting with /) or a full https:// address."],
      // '/\host' is another site to a browser (a backslash reads as a slash).
      [{ ...base, status: "nerfed", note: "Dead.", alternative: "/\\evil.example/phish" }, "Use a page of this site (starting with /) or a full https:// address."],
      // A link into the library must name something that exists: members would meet a 404.
      [{ ...base, status: "nerfed", note: "Dead.", alternative: "/content/no-such-scheme-anywhere" }, MISSING_ALTERNATIVE],
      [{ ...base, status: "nerfed", note: "Dead.", alternative: "/content/cfb26-335-tite-defense/section/335-tite/play/no-such-play" }, MISSING_ALTERNATIVE],
      [{ ...base, status: "nerfed", note: "Dead.", alternative: "/scheme/no-such-scheme-anywhere" }, MISSING_ALTERNATIVE],
      // A draft is a 404 to members too.
      [{ ...base, status: "nerfed", note: "Dead.", alternative: `/content/patch-staff-${id}` }, MISSING_ALTERNATIVE],
      // ... also as this site's full address, or with the path's fixed words in capitals (the router takes both).
      [{ ...base, status: "nerfed", note: "Dead.", alternative: `${baseUrl()}/content/patch-staff-${id}` }, MISSING_ALTERNATIVE],
      [{ ...base, status: "nerfed", note: "Dead.", alternative: `/Content/patch-staff-${id}` }, MISSING_ALTERNATIVE],
    ] as const) {
      const response = await postStatus("admin", fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(await response.text()).toContain(message);
    }
    // A link typed for another status than 'Nerfed' would be dropped without a word: refused.
    const adjusted = await postStatus("admin", { ...base, status: "adjusted", note: "Motion the slot first.", alternative: "/content/cfb26-flexbone-triple-option" });
    expect(adjusted.status).toBe(400);
    expect((await adjusted.text()).replaceAll("&#x27;", "'")).toContain(STATUS_ALTERNATIVE_ONLY_NERFED);
    expect(await statusOf()).toEqual({ status: "needs-retest", note: null });
  });

  it("a note of 500 characters as the browser counts them is kept, its line breaks (sent as CR LF) as typed", async () => {
    // Ten lines of 49 characters and nine breaks: 499 in the text area, 508 with CR LF.
    const lines = Array.from({ length: 10 }, (_, index) => `${index}`.padEnd(49, "x"));
    const [before] = await state.db.select().from(contentStatuses).where(eq(contentStatuses.contentId, ids.content));
    const response = await postStatus("admin", { itemKind: "content", itemId: String(ids.content), status: "adjusted", note: lines.join("\r\n") });
    expect(response.status).toBe(302);
    expect(await statusOf()).toEqual({ status: "adjusted", note: lines.join("\n") });
    // As it was, for the tests after this one.
    await state.db
      .update(contentStatuses)
      .set({ status: before.status, statusNote: before.statusNote, statusUpdateId: before.statusUpdateId, statusAlternative: before.statusAlternative })
      .where(eq(contentStatuses.contentId, ids.content));
    await state.db.delete(statusChanges).where(and(eq(statusChanges.contentId, ids.content), eq(statusChanges.toStatus, "adjusted"), eq(statusChanges.note, lines.join("\n"))));
  });

  it("a refused status comes back in the editor, under its item, with what was typed", async () => {
    const response = await postStatus("admin", { itemKind: "play", itemId: String(ids.play), status: "nerfed", note: "Dead since the patch.", alternative: "javascript:alert(1)" });
    expect(response.status).toBe(400);
    const html = (await response.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("Edit Content");
    const item = html.slice(html.indexOf(`id="status-play-${ids.play}"`));
    expect(item).toMatch(/^id="status-play-\d+"[\s\S]*?role="alert"[^>]*>Use a page of this site \(starting with \/\) or a full https:\/\/ address\.</);
    expect(item).toMatch(/<textarea[^>]*id="play-\d+-note"[^>]*>Dead since the patch\.<\/textarea>/);
    expect(item).toMatch(/<input[^>]*id="play-\d+-alternative"[^>]*value="javascript:alert\(1\)"/);
    expect(item).toMatch(/<option value="nerfed" selected="">/);
    // The item's own form above it shows no error.
    const own = html.slice(html.indexOf(`id="status-content-${ids.content}"`), html.indexOf(`id="status-play-${ids.play}"`));
    expect(own).not.toContain('role="alert"');
    const [play] = await state.db.select({ status: playStatuses.status }).from(playStatuses).where(eq(playStatuses.playId, ids.play));
    expect(play.status).toBe("needs-retest");
  });

  it("an unknown item is a 404; an empty selection is refused", async () => {
    const missing = await postStatus("admin", { itemKind: "play", itemId: "999999999", status: "verified" });
    expect(missing.status).toBe(404);
    await missing.body?.cancel();
    const unknownKind = await postStatus("admin", { itemKind: "foo", itemId: String(ids.play), status: "verified" });
    expect(unknownKind.status).toBe(400);
    expect(await unknownKind.text()).toContain("Unknown item.");
    const empty = await post("admin", { intent: "mark-verified" });
    expect(empty.status).toBe(400);
    // Said once, beside 'Mark verified', not again at the top of the page.
    const shown = (await empty.text()).replace(/<script[\s\S]*?<\/script>/g, "");
    expect(shown.split("Select at least one item.").length - 1).toBe(1);
    const malformed = await post("admin", { intent: "mark-verified", items: "foo" });
    expect(malformed.status).toBe(400);
    expect(await malformed.text()).toContain("Unknown item.");
    for (const contentId of ["abc", "-1", ""]) {
      const refused = await post("admin", { intent: "mark-scheme-verified", contentId });
      expect(refused.status, contentId).toBe(400);
      await refused.body?.cancel();
    }
  });
});

describe("statuses", () => {
  it("a status changed after the editor was opened (an update's re-test, another staff member) is not overwritten; saved again from the fresh page, it is", async () => {
    const revisionOf = async () =>
      (await state.db.select({ changedAt: contentStatuses.statusChangedAt }).from(contentStatuses).where(eq(contentStatuses.contentId, ids.content)))[0].changedAt?.getTime() ?? 0;
    const before = { status: await statusOf(), revision: await revisionOf() };
    const fields = { itemKind: "content", itemId: String(ids.content), status: "adjusted", note: "Fixed a typo in the note." };
    const stale = await postStatus("admin", { ...fields, revision: String(before.revision + 1) });
    expect(stale.status).toBe(409);
    const page = (await stale.text()).replaceAll("&#x27;", "'");
    expect(page).toContain(STATUS_CHANGED_SINCE);
    expect(page).toContain("Fixed a typo in the note.");
    expect(await statusOf()).toEqual(before.status);
    expect(await revisionOf()).toBe(before.revision);
    const item = page.slice(page.indexOf(`id="status-content-${ids.content}"`));
    expect(/name="revision" value="(\d+)"/.exec(item)?.[1]).toBe(String(before.revision));
    const fresh = await postStatus("admin", { ...fields, revision: String(before.revision) });
    expect(fresh.status).toBe(302);
    expect(await statusOf()).toEqual({ status: "adjusted", note: "Fixed a typo in the note." });
    // As it was, for the tests after this one.
    await state.db.update(contentStatuses).set({ status: before.status.status, statusNote: before.status.note }).where(eq(contentStatuses.contentId, ids.content));
    await state.db.delete(statusChanges).where(and(eq(statusChanges.contentId, ids.content), eq(statusChanges.note, "Fixed a typo in the note.")));
  });

  it("the queue's 'Verified' sent from a page loaded before another gameplay update took effect verifies nothing", async () => {
    const queue = await (await get("/admin/updates", { cookie: cookies.admin })).text();
    const basis = /name="basis" value="([^"]*)"/.exec(queue)?.[1];
    expect(basis).toMatch(/^college:\d+,madden:\d+$/);
    await state.db.update(playStatuses).set({ status: "needs-retest" }).where(eq(playStatuses.playId, ids.play));
    // A change in the other game's updates does not stop it (this file's play is a Madden one).
    const otherGame = basis!.replace(/college:\d+/, "college:0");
    expect(toastFrom(await post("admin", { intent: "mark-verified", items: `play:${ids.play}`, basis: otherGame }))?.title).toBe("Marked verified");
    await state.db.update(playStatuses).set({ status: "needs-retest" }).where(eq(playStatuses.playId, ids.play));
    const stale = await post("admin", { intent: "mark-verified", items: `play:${ids.play}`, basis: basis!.replace(/madden:\d+/, "madden:0") });
    expect(toastFrom(stale)).toMatchObject({ kind: "error", title: "Nothing verified", description: expect.stringContaining("took effect after this queue was loaded") });
    const playStatus = async () => (await state.db.select({ status: playStatuses.status }).from(playStatuses).where(eq(playStatuses.playId, ids.play)))[0].status;
    expect(await playStatus()).toBe("needs-retest");
    const current = await post("admin", { intent: "mark-verified", items: `play:${ids.play}`, basis: basis! });
    expect(toastFrom(current)?.title).toBe("Marked verified");
    expect(await playStatus()).toBe("verified");
    await state.db.update(playStatuses).set({ status: "needs-retest" }).where(eq(playStatuses.playId, ids.play));
    await state.db.delete(statusChanges).where(and(eq(statusChanges.playId, ids.play), eq(statusChanges.toStatus, "verified")));
  });

  it("the editor's 'Save status' sent from a page loaded before another gameplay update took effect is refused, the typing kept", async () => {
    const editor = await (await get(`/admin/content/patch-staff-${id}`, { cookie: cookies.admin })).text();
    const form = editor.slice(editor.indexOf(`id="status-play-${ids.play}"`));
    const basis = /name="basis" value="(\d+)"/.exec(form)?.[1];
    const revision = /name="revision" value="(\d+)"/.exec(form)?.[1];
    expect(Number(basis)).toBeGreaterThan(0);
    const fields = { itemKind: "play", itemId: String(ids.play), status: "verified", revision: revision! };
    // Opened when Madden's newest gameplay update was another one: tested on the game before this one.
    const stale = await postStatus("admin", { ...fields, basis: "0" });
    expect(stale.status).toBe(409);
    expect((await stale.text()).replaceAll("&#x27;", "'")).toContain(STATUS_NEWER_UPDATE);
    const playStatus = async () => (await state.db.select({ status: playStatuses.status }).from(playStatuses).where(eq(playStatuses.playId, ids.play)))[0].status;
    expect(await playStatus()).toBe("needs-retest");
    expect((await postStatus("admin", { ...fields, basis: basis! })).status).toBe(302);
    expect(await playStatus()).toBe("verified");
    await state.db.update(playStatuses).set({ status: "needs-retest" }).where(eq(playStatuses.playId, ids.play));
    await state.db.delete(statusChanges).where(and(eq(statusChanges.playId, ids.play), eq(statusChanges.toStatus, "verified")));
  });

  it("a nerfed item's 'Use instead' cannot lead back to its own page", async () => {
    const [play] = await playWhere(and(eq(content.slug, "cfb26-335-tite-defense"), eq(contentSections.slug, "335-tite"), eq(contentPlays.slug, "tite-mid-blitz")));
    const own = "/content/cfb26-335-tite-defense/section/335-tite/play/tite-mid-blitz";
    const refused = await postForm(
      "/admin/content/cfb26-335-tite-defense",
      { intent: "set-status", itemKind: "play", itemId: String(play.id), status: "nerfed", note: "Dead.", alternative: `${own}#video` },
      { cookie: cookies.admin },
    );
    expect(refused.status).toBe(400);
    expect((await refused.text()).replaceAll("&#x27;", "'")).toContain(ALTERNATIVE_IS_ITSELF);
    expect((await state.db.select({ status: playStatuses.status }).from(playStatuses).where(eq(playStatuses.playId, play.id)))[0].status).not.toBe("nerfed");
  });

  it("an item of another scheme is not set from this scheme's editor", async () => {
    const [other] = await playWhere(eq(content.slug, "cfb26-spread-rpo-attack"));
    const [scheme] = await state.db.select({ id: content.id }).from(content).where(eq(content.slug, "cfb26-spread-rpo-attack"));
    for (const [itemKind, itemId] of [["play", other.id], ["content", scheme.id]] as const) {
      const before = await state.db.select().from(statusChanges).where(itemKind === "play" ? eq(statusChanges.playId, itemId) : eq(statusChanges.contentId, itemId));
      const refused = await postStatus("admin", { itemKind, itemId: String(itemId), status: "nerfed", note: "Not from here." });
      expect(refused.status, itemKind).toBe(404);
      expect((await refused.text()).replaceAll("&#x27;", "'")).toContain(UNKNOWN_ITEM);
      const after = await state.db.select().from(statusChanges).where(itemKind === "play" ? eq(statusChanges.playId, itemId) : eq(statusChanges.contentId, itemId));
      expect(after).toEqual(before);
    }
  });

  it("staff set a status from the editor's form (with history) and are sent back to the editor", async () => {
    const response = await postStatus("admin", { itemKind: "content", itemId: String(ids.content), status: "adjusted", note: "Motion the slot first." });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe(`/admin/content/patch-staff-${id}`);
    expect(await statusOf()).toEqual({ status: "adjusted", note: "Motion the slot first." });
    const [change] = await state.db.select().from(statusChanges).where(eq(statusChanges.contentId, ids.content));
    expect(change).toMatchObject({ fromStatus: "needs-retest", toStatus: "adjusted", note: "Motion the slot first." });
    const editor = await (await get(`/admin/content/patch-staff-${id}`, { cookie: cookies.admin })).text();
    expect(editor).toContain("Patch status");
    expect(editor).toContain("Motion the slot first.");
    // The history's times say which clock they read (UTC), for staff in any time zone.
    expect(editor).toMatch(/\d{1,2}:\d{2}\s?[AP]M UTC<\/span> <span class="font-semibold text-white">This item<\/span>/);
  });

  it("a nerfed play's 'Use instead' given as this site's full address is kept as its path", async () => {
    const alternative = `${baseUrl()}/content/cfb26-335-tite-defense/section/335-tite/play/tite-mid-blitz#video`;
    const response = await postStatus("admin", { itemKind: "play", itemId: String(ids.play), status: "nerfed", note: "Dead, use Tite Mid Blitz", alternative });
    expect(response.status).toBe(302);
    const [play] = await state.db.select({ alternative: playStatuses.statusAlternative }).from(playStatuses).where(eq(playStatuses.playId, ids.play));
    expect(play.alternative).toBe("/content/cfb26-335-tite-defense/section/335-tite/play/tite-mid-blitz#video");
  });

  it("a nerfed play's 'Use instead' may name a play of the library (query and hash ignored) or another site", async () => {
    for (const alternative of ["/content/cfb26-335-tite-defense/section/335-tite/play/tite-mid-blitz?t=5#comments", "https://www.ea.com/games/madden-nfl"]) {
      const response = await postStatus("admin", { itemKind: "play", itemId: String(ids.play), status: "nerfed", note: `Dead, use ${alternative}`, alternative });
      expect(response.status, alternative).toBe(302);
      const [play] = await state.db.select({ alternative: playStatuses.statusAlternative }).from(playStatuses).where(eq(playStatuses.playId, ids.play));
      expect(play.alternative).toBe(alternative);
    }
    // Back in the queue for the next test, with the item.
    await state.db.update(playStatuses).set({ status: "needs-retest", statusNote: null, statusAlternative: null }).where(eq(playStatuses.playId, ids.play));
    await state.db.update(contentStatuses).set({ status: "needs-retest", statusNote: null, statusAlternative: null }).where(eq(contentStatuses.contentId, ids.content));
  });

  it("'Mark verified' verifies a selection, and the queue no longer lists it", async () => {
    const before = await (await get("/admin/updates?game=madden", { cookie: cookies.superadmin })).text();
    expect(before).toContain(`value="play:${ids.play}"`);
    // Two values of one name, as the queue's checkboxes send them.
    const body = new URLSearchParams([["intent", "mark-verified"], ["items", `play:${ids.play}`], ["items", `content:${ids.content}`]]);
    const response = await fetchForm(body);
    expect(response.status).toBe(302);
    expect((await statusOf()).status).toBe("verified");
    const [play] = await state.db.select({ status: playStatuses.status }).from(playStatuses).where(eq(playStatuses.playId, ids.play));
    expect(play.status).toBe("verified");
    const after = await (await get("/admin/updates?game=madden", { cookie: cookies.superadmin })).text();
    expect(after).not.toContain(`value="play:${ids.play}"`);
  });

  it("the queue's actions come back to the queue, its game and page kept; a page that is gone shows the last one", async () => {
    const response = await fetch(url("/admin/updates?game=madden&page=2"), {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl(), "Sec-Fetch-Site": "same-origin", Cookie: cookies.superadmin! },
      body: new URLSearchParams([["intent", "mark-verified"], ["items", `content:${ids.content}`]]),
    });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe("/admin/updates?game=madden&page=2#queue");
    // Page 500 of the queue does not exist: to the last page that does, at the queue.
    const gone = await get("/admin/updates?game=madden&page=500", { cookie: cookies.superadmin });
    expect(gone.status).toBe(302);
    expect(locationOf(gone)).toMatch(/^\/admin\/updates\?game=madden(&page=\d+)?#queue$/);
    const last = await get(locationOf(gone)!, { cookie: cookies.superadmin });
    expect(last.status).toBe(200);
  });

  it("sent back to re-test, the item and its play say how they last worked, from their history", async () => {
    // As the last test left them: verified on Madden's current update, with history rows.
    const [current] = await state.db
      .select({ version: titleUpdates.version })
      .from(titleUpdates)
      .innerJoin(contentStatuses, eq(contentStatuses.statusUpdateId, titleUpdates.id))
      .where(eq(contentStatuses.contentId, ids.content));
    await state.db.update(contentStatuses).set({ status: "needs-retest" }).where(eq(contentStatuses.contentId, ids.content));
    await state.db.update(playStatuses).set({ status: "needs-retest" }).where(eq(playStatuses.playId, ids.play));
    const text = async (path: string) => (await (await get(path, { cookie: cookies.admin })).text()).replaceAll("<!-- -->", "");
    const scheme = await text(`/content/patch-staff-${id}`);
    expect(scheme).toMatch(new RegExp(`data-testid="patch-before"[^>]*>Last verified on ${current.version.replaceAll(".", "\\.")}\\.<`));
    const play = await text(`/content/patch-staff-${id}/section/gun/play/mesh`);
    expect(play).toMatch(new RegExp(`data-testid="patch-before"[^>]*>Last verified on ${current.version.replaceAll(".", "\\.")}\\.<`));
    // Verified again: nothing to say.
    await state.db.update(contentStatuses).set({ status: "verified" }).where(eq(contentStatuses.contentId, ids.content));
    expect(await text(`/content/patch-staff-${id}`)).not.toContain('data-testid="patch-before"');
  });
});

describe("/updates on patch day", () => {
  it("the current update of each game says how many of its published items are still to re-test, and links to what works now", async () => {
    const stillToRetest = async (game: "college" | "madden") =>
      (
        await state.db
          .select({ id: contentStatuses.contentId })
          .from(contentStatuses)
          .where(and(eq(contentStatuses.game, game), eq(contentStatuses.status, "needs-retest"), eq(contentStatuses.isPublished, true)))
      ).length;
    for (const game of ["college", "madden"] as const) {
      const before = await stillToRetest(game);
      const html = (await (await get("/updates", { cookie: cookies.premium })).text()).replaceAll("<!-- -->", "");
      const after = await stillToRetest(game);
      const section = html.slice(html.indexOf(`id="${game}"`));
      const current = section.slice(section.lastIndexOf("<article", section.indexOf(">Current<")), section.indexOf("</article>", section.indexOf(">Current<")));
      const shown = /Still to re-test(?: from an earlier update)?: (\d+) (?:scheme or video|schemes and videos)\./.exec(current);
      // Other files change statuses at the same time: the figure is one of the counts read around the page.
      if (before === 0 && after === 0) expect(shown).toBeNull();
      else {
        expect([before, after]).toContain(Number(shown?.[1]));
        expect(current).toContain(`href="/${game}?works=current"`);
      }
    }
  });
});

describe("'Verified with its plays'", () => {
  it("verifies a scheme of the queue and its plays that need a re-test in one post, and the queue no longer lists them", async () => {
    const slug = `patch-with-plays-${id}`;
    const [item] = await state.db
      .insert(content)
      .values({ slug, title: `With plays ${id}`, type: "meta-scheme", game: "madden", isPublished: false })
      .returning({ id: content.id });
    try {
      await state.db.update(contentStatuses).set({ status: "needs-retest" }).where(eq(contentStatuses.contentId, item.id));
      const [section] = await state.db.insert(contentSections).values({ contentId: item.id, slug: "gun", title: "Gun" }).returning({ id: contentSections.id });
      const plays = await state.db
        .insert(contentPlays)
        .values([{ sectionId: section.id, slug: "mesh", title: "Mesh", position: 0 }, { sectionId: section.id, slug: "stick", title: "Stick", position: 1 }])
        .returning({ id: contentPlays.id });
      await state.db.update(playStatuses).set({ status: "needs-retest" }).where(inArray(playStatuses.playId, plays.map((play) => play.id)));
      const queue = (await (await get("/admin/updates?game=madden", { cookie: cookies.admin })).text()).replaceAll("<!-- -->", "");
      expect(queue).toContain(`aria-label="Verified with its 2 plays: With plays ${id}"`);

      const response = await post("admin", { intent: "mark-scheme-verified", contentId: String(item.id) });
      expect(response.status).toBe(302);
      expect(toastFrom(response)).toMatchObject({ title: "Marked verified", description: "3 items are verified on the current update: the scheme and 2 plays." });
      expect((await state.db.select({ status: contentStatuses.status }).from(contentStatuses).where(eq(contentStatuses.contentId, item.id)))[0].status).toBe("verified");
      const statuses = await state.db.select({ status: playStatuses.status }).from(playStatuses).where(inArray(playStatuses.playId, plays.map((play) => play.id)));
      expect(statuses).toEqual([{ status: "verified" }, { status: "verified" }]);
      const after = await (await get("/admin/updates?game=madden", { cookie: cookies.admin })).text();
      expect(after).not.toContain(`value="content:${item.id}"`);
      for (const play of plays) expect(after).not.toContain(`value="play:${play.id}"`);
    } finally {
      await state.db.delete(content).where(eq(content.id, item.id));
    }
  });
});

function fetchForm(body: URLSearchParams) {
  return fetch(url("/admin/updates"), {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl(), "Sec-Fetch-Site": "same-origin", Cookie: cookies.superadmin! },
    body,
  });
}

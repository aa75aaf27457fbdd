import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { content, contentPlays, contentSections, contentStatuses, favorites, playStatuses, statusChanges, titleUpdates } from "../../db/schema";
import { applyStatusChange, badgeText, formatUpdateDate, isoDay, STATUS_ALTERNATIVE_ONLY_NERFED, statusAfterUpdate } from "~/lib/patch";
import { titleUpdateSchema } from "~/lib/schemas/patch";
import { createDatabase } from "~/server/db.server";
import { markSchemeVerified, markVerified, setItemStatus } from "~/server/item-status.server";
import { currentUpdates, retestQueueQuery, stillToRetestQuery, updateVersionsQuery } from "~/server/patch.server";
import { applyDueUpdates, deleteTitleUpdate, editTitleUpdate, recordTitleUpdate, retestStatements, TITLE_UPDATE_CHANGED } from "~/server/title-updates.server";
import { insertUser } from "./helpers";

// The patch tracker's rules (pure) and its writes against this file's migrated D1.

const db = createDatabase(env.DB);
const NONE = { status: "verified" as const, updateId: null, note: null, alternative: null };

describe("status rules", () => {
  it("says what the badge says for each status", () => {
    expect(badgeText("verified", "1.07")).toBe("Verified on 1.07");
    expect(badgeText("needs-retest", "1.08")).toBe("Needs re-test after 1.08");
    expect(badgeText("adjusted", "1.08")).toBe("Works with adjustment");
    expect(badgeText("nerfed", "1.08")).toBe("Nerfed in 1.08");
    expect(badgeText("verified", null)).toBe("Verified");
  });

  it("sends only verified and adjusted items back to re-test, and only for a gameplay update", () => {
    expect(statusAfterUpdate("verified", true)).toBe("needs-retest");
    expect(statusAfterUpdate("adjusted", true)).toBe("needs-retest");
    expect(statusAfterUpdate("nerfed", true)).toBe("nerfed");
    expect(statusAfterUpdate("needs-retest", true)).toBe("needs-retest");
    for (const status of ["verified", "adjusted", "nerfed", "needs-retest"] as const) expect(statusAfterUpdate(status, false)).toBe(status);
  });

  it("needs a note for 'Works with adjustment' and 'Nerfed', keeps the alternative only for 'Nerfed'", () => {
    expect(applyStatusChange(NONE, { status: "adjusted" }, 3)).toEqual({ error: "Say what to adjust in the note." });
    expect(applyStatusChange(NONE, { status: "nerfed", note: "  " }, 3)).toEqual({ error: "Say what happened in the note." });
    // A link typed for another status is refused, not dropped without a word.
    expect(applyStatusChange(NONE, { status: "adjusted", note: "Motion the slot first", alternative: "/content/x" }, 3)).toEqual({ error: STATUS_ALTERNATIVE_ONLY_NERFED });
    // Moved off 'Nerfed' with its own link still in the form: the link goes with the status.
    const nerfed = { status: "nerfed" as const, updateId: 2, note: "Corner sinks now", alternative: "/content/x" };
    expect(applyStatusChange(nerfed, { status: "verified", note: "", alternative: "/content/x" }, 3)).toEqual({
      next: { status: "verified", updateId: 3, note: null, alternative: null },
    });
    expect(applyStatusChange(NONE, { status: "nerfed", note: "Corner sinks now", alternative: "/content/x" }, 3)).toEqual({
      next: { status: "nerfed", updateId: 3, note: "Corner sinks now", alternative: "/content/x" },
    });
  });

  it("refuses an unknown status and a note over 500 characters; setting what is there is no change", () => {
    expect(applyStatusChange(NONE, { status: "broken" as never }, 3)).toEqual({ error: "Choose a valid status." });
    expect(applyStatusChange(NONE, { status: "adjusted", note: "x".repeat(501) }, 3)).toEqual({ error: "The note can be at most 500 characters." });
    const verified = { status: "verified" as const, updateId: 3, note: null, alternative: null };
    expect(applyStatusChange(verified, { status: "verified" }, 3)).toEqual({ unchanged: true });
    // Verified again on a newer update is a change.
    expect(applyStatusChange(verified, { status: "verified" }, 4)).toEqual({ next: { ...verified, updateId: 4 } });
  });

  it("refuses bad title updates with a message", () => {
    const base = { intent: "save-update", game: "madden", version: "1.08", releasedOn: "2026-11-18" };
    const issues = (input: Record<string, string>) => {
      const result = titleUpdateSchema.safeParse(input);
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(issues(base)).toEqual([]);
    expect(issues({ ...base, game: "fifa" })).toEqual(["Choose College Football 26 or Madden NFL 26."]);
    expect(issues({ ...base, version: " " })).toEqual(["Version is required."]);
    expect(issues({ ...base, version: "1".repeat(21) })).toEqual(["Version can be at most 20 characters."]);
    expect(issues({ ...base, releasedOn: "2031-01-01" })).toEqual(["The release date can be at most 30 days ahead."]);
    expect(issues({ ...base, releasedOn: "18/11/2026" })[0]).toBe("Use a date like 2026-11-18.");
    // A day that does not exist is refused, not rolled over into the next month.
    expect(issues({ ...base, releasedOn: "2026-02-30" })).toEqual(["Use a date like 2026-11-18."]);
    expect(issues({ ...base, releasedOn: "2025-04-31" })).toEqual(["Use a date like 2026-11-18."]);
    expect(issues({ ...base, releasedOn: "2024-02-29" })).toEqual(["The release date is before the game came out."]);
    expect(issues({ ...base, notesUrl: "javascript:alert(1)" })).toEqual(["Use a full https:// address."]);
  });
});

describe("dates on the tracker's pages", () => {
  it("writes an update's day as the runtime's en-US date does, for every month, without building a formatter", () => {
    expect(formatUpdateDate("2026-11-18")).toBe("Nov 18, 2026");
    for (let month = 1; month <= 12; month += 1) {
      const day = `2027-${String(month).padStart(2, "0")}-0${(month % 9) + 1}`;
      const expected = new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
      expect(formatUpdateDate(day)).toBe(expected);
    }
    expect(formatUpdateDate("not a day")).toBe("not a day");
  });
});

describe("title updates and statuses in D1", () => {
  let staffId: string;
  const ids = { scheme: 0, play: 0, nerfed: 0, otherGame: 0 };

  beforeAll(async () => {
    staffId = await insertUser(db, { role: "admin" });
    const insertItem = async (slug: string, game: "madden" | "college", status: "verified" | "adjusted" | "nerfed" | "needs-retest") => {
      const [row] = await db.insert(content).values({ slug, title: slug, game }).returning({ id: content.id });
      await db.update(contentStatuses).set({ status }).where(eq(contentStatuses.contentId, row.id));
      return row.id;
    };
    ids.scheme = await insertItem("patch-scheme", "madden", "verified");
    ids.nerfed = await insertItem("patch-nerfed", "madden", "nerfed");
    await insertItem("patch-adjusted", "madden", "adjusted");
    ids.otherGame = await insertItem("patch-college", "college", "verified");
    const [section] = await db.insert(contentSections).values({ contentId: ids.scheme, slug: "gun", title: "Gun" }).returning({ id: contentSections.id });
    const [play] = await db.insert(contentPlays).values({ sectionId: section.id, slug: "mesh", title: "Mesh" }).returning({ id: contentPlays.id });
    ids.play = play.id;
    // A verified play of a nerfed scheme: the scheme gets no re-test row, so the play's row tells its followers.
    const [nerfedSection] = await db.insert(contentSections).values({ contentId: ids.nerfed, slug: "pistol", title: "Pistol" }).returning({ id: contentSections.id });
    await db.insert(contentPlays).values({ sectionId: nerfedSection.id, slug: "duo", title: "Duo" });
  });

  const statusOf = async (id: number) => (await db.select({ status: contentStatuses.status, updateId: contentStatuses.statusUpdateId }).from(contentStatuses).where(eq(contentStatuses.contentId, id)))[0];

  it("a non-gameplay update changes nothing", async () => {
    const result = await recordTitleUpdate(db, { intent: "save-update", game: "madden", version: "1.06", releasedOn: "2026-10-01", notesUrl: null, summary: "Rosters", gameplay: false }, staffId);
    expect(result).toMatchObject({ ok: true, retested: false });
    expect(await statusOf(ids.scheme)).toEqual({ status: "verified", updateId: null });
    expect(await db.select().from(statusChanges)).toHaveLength(0);
  });

  it("a gameplay update sends the game's verified and adjusted items and plays to re-test, with history, in one batch", async () => {
    const result = await recordTitleUpdate(db, { intent: "save-update", game: "madden", version: "1.07", releasedOn: "2026-11-01", notesUrl: null, summary: "Coverage AI", gameplay: true }, staffId);
    expect(result).toMatchObject({ ok: true, retested: true, older: false });
    const updateId = result.ok ? result.id : 0;
    expect(await statusOf(ids.scheme)).toEqual({ status: "needs-retest", updateId });
    expect((await db.select({ status: playStatuses.status }).from(playStatuses).where(eq(playStatuses.playId, ids.play)))[0].status).toBe("needs-retest");
    expect((await statusOf(ids.nerfed)).status).toBe("nerfed");
    expect((await statusOf(ids.otherGame)).status).toBe("verified");
    const history = await db.select({ kind: statusChanges.itemKind, from: statusChanges.fromStatus, to: statusChanges.toStatus, notify: statusChanges.notify, by: statusChanges.changedBy }).from(statusChanges);
    expect(history.map((row) => `${row.kind}:${row.from}->${row.to}:${row.notify}`).sort()).toEqual([
      "content:adjusted->needs-retest:true",
      "content:verified->needs-retest:true",
      "play:verified->needs-retest:false",
      "play:verified->needs-retest:true",
    ]);
    expect(history.every((row) => row.by === staffId)).toBe(true);
    // /updates counts each game's published items still to re-test (not their plays).
    expect(await stillToRetestQuery(db)).toEqual([{ college: 0, madden: 2 }]);
  });

  it("the re-test is four statements whatever the number of items (no loop)", () => {
    expect(retestStatements(db, "madden", { id: 1 }, staffId, Date.now())).toHaveLength(4);
  });

  it("a duplicate version is refused and writes nothing; an older gameplay update entered afterwards re-tests nothing", async () => {
    await setItemStatus(db, { kind: "content", id: ids.scheme }, { status: "verified" }, staffId);
    const before = await db.select({ total: sql<number>`count(*)` }).from(statusChanges);
    expect(await recordTitleUpdate(db, { intent: "save-update", game: "madden", version: "1.07", releasedOn: "2026-11-02", notesUrl: null, summary: "", gameplay: true }, staffId)).toEqual({
      ok: false,
      error: "1.07 is already recorded for this game.",
      field: "version",
    });
    const older = await recordTitleUpdate(db, { intent: "save-update", game: "madden", version: "1.05", releasedOn: "2026-09-01", notesUrl: null, summary: "", gameplay: true }, staffId);
    expect(older).toMatchObject({ ok: true, retested: false, older: true });
    expect(await db.select({ total: sql<number>`count(*)` }).from(statusChanges)).toEqual(before);
    expect((await statusOf(ids.scheme)).status).toBe("verified");
  });

  it("a staff change keeps history (who, from, to, note) and a no-op writes nothing", async () => {
    const result = await setItemStatus(db, { kind: "play", id: ids.play }, { status: "nerfed", note: "The flat is jumped every time now", alternative: "/content/patch-college" }, staffId);
    expect(result).toEqual({ ok: true, changed: true, notified: true });
    const [play] = await db.select().from(playStatuses).where(eq(playStatuses.playId, ids.play));
    expect(play).toMatchObject({ status: "nerfed", statusNote: "The flat is jumped every time now", statusAlternative: "/content/patch-college" });
    const [last] = await db.select().from(statusChanges).where(eq(statusChanges.playId, ids.play)).orderBy(sql`id DESC`).limit(1);
    expect(last).toMatchObject({ fromStatus: "needs-retest", toStatus: "nerfed", note: "The flat is jumped every time now", changedBy: staffId, itemKind: "play", notify: true });
    expect(await setItemStatus(db, { kind: "play", id: ids.play }, { status: "nerfed", note: "The flat is jumped every time now", alternative: "/content/patch-college" }, staffId)).toEqual({ ok: true, changed: false, notified: false });
    // A corrected note is history, but not news: members are not told again.
    expect(await setItemStatus(db, { kind: "play", id: ids.play }, { status: "nerfed", note: "The flat is jumped every time", alternative: "/content/patch-college" }, staffId)).toEqual({ ok: true, changed: true, notified: false });
    const [corrected] = await db.select().from(statusChanges).where(eq(statusChanges.playId, ids.play)).orderBy(sql`id DESC`).limit(1);
    expect(corrected).toMatchObject({ fromStatus: "nerfed", toStatus: "nerfed", note: "The flat is jumped every time", notify: false });
    expect(await setItemStatus(db, { kind: "play", id: 999_999 }, { status: "verified" }, staffId)).toMatchObject({ ok: false, notFound: true });
  });

  it("'Mark verified' verifies a selection on each item's current update and skips what is already verified, or no longer waits for a re-test", async () => {
    await recordTitleUpdate(db, { intent: "save-update", game: "madden", version: "1.08", releasedOn: "2026-11-20", notesUrl: null, summary: "", gameplay: true }, staffId);
    const [current] = await db.select({ id: titleUpdates.id }).from(titleUpdates).where(eq(titleUpdates.version, "1.08"));
    const playRow = async () =>
      (await db.select({ status: playStatuses.status, updateId: playStatuses.statusUpdateId, note: playStatuses.statusNote }).from(playStatuses).where(eq(playStatuses.playId, ids.play)))[0];
    // The play was nerfed (the test before), and the update re-tests only what worked: a status set
    // by staff since the queue was loaded is not overwritten unseen.
    expect((await playRow()).status).toBe("nerfed");
    const changed = await markVerified(db, [{ kind: "content", id: ids.scheme }, { kind: "play", id: ids.play }, { kind: "content", id: ids.otherGame }], staffId);
    // The college item is already verified, and its game has no update yet: nothing to change.
    expect(changed).toBe(1);
    expect(await statusOf(ids.scheme)).toEqual({ status: "verified", updateId: current.id });
    expect(await playRow()).toMatchObject({ status: "nerfed", note: "The flat is jumped every time" });
    // Sent back to re-test, it is verified.
    await setItemStatus(db, { kind: "play", id: ids.play }, { status: "needs-retest" }, staffId);
    expect(await markVerified(db, [{ kind: "play", id: ids.play }], staffId)).toBe(1);
    expect(await playRow()).toEqual({ status: "verified", updateId: current.id, note: null });
    expect(await markVerified(db, [{ kind: "content", id: ids.scheme }], staffId)).toBe(0);
  });

  it("turning 'touches gameplay' on for the current update re-tests; deleting it gives back the statuses nobody re-tested", async () => {
    const college = await recordTitleUpdate(db, { intent: "save-update", game: "college", version: "1.10", releasedOn: "2026-11-10", notesUrl: null, summary: "", gameplay: false }, staffId);
    const id = college.ok ? college.id : 0;
    expect((await statusOf(ids.otherGame)).status).toBe("verified");
    const edited = await editTitleUpdate(db, id, { intent: "save-update", game: "college", version: "1.10", releasedOn: "2026-11-10", notesUrl: null, summary: "Now with gameplay", gameplay: true }, staffId);
    expect(edited).toMatchObject({ ok: true, retested: true });
    expect(await statusOf(ids.otherGame)).toEqual({ status: "needs-retest", updateId: id });
    expect(await deleteTitleUpdate(db, id)).toEqual({ game: "college", version: "1.10", restored: 1 });
    expect(await statusOf(ids.otherGame)).toEqual({ status: "verified", updateId: null });
    expect(await db.select().from(statusChanges).where(eq(statusChanges.contentId, ids.otherGame))).toEqual([]);
    expect(await deleteTitleUpdate(db, id)).toBe(null);
  });

  it("a mistaken gameplay update taken back (deleted, or 'touches gameplay' turned off) gives untouched items their whole status back; what staff set since stays", async () => {
    const [current] = await db.select({ id: titleUpdates.id }).from(titleUpdates).where(eq(titleUpdates.version, "1.08"));
    await setItemStatus(db, { kind: "content", id: ids.scheme }, { status: "adjusted", note: "Motion the slot first" }, staffId);
    const schemeRow = async () =>
      (
        await db
          .select({ status: contentStatuses.status, updateId: contentStatuses.statusUpdateId, note: contentStatuses.statusNote, changedAt: contentStatuses.statusChangedAt })
          .from(contentStatuses)
          .where(eq(contentStatuses.contentId, ids.scheme))
      )[0];
    const playRow = async () => (await db.select({ status: playStatuses.status, updateId: playStatuses.statusUpdateId }).from(playStatuses).where(eq(playStatuses.playId, ids.play)))[0];
    const before = await schemeRow();
    expect(before).toMatchObject({ status: "adjusted", updateId: current.id, note: "Motion the slot first" });
    const historyCount = async () => (await db.select({ total: sql<number>`count(*)` }).from(statusChanges))[0].total;
    const historyBefore = await historyCount();
    const value = { intent: "save-update", game: "madden", version: "1.09", releasedOn: "2026-11-25", notesUrl: null, summary: "", gameplay: true } as const;

    // Deleted: the scheme nobody touched is adjusted on 1.08 again, note and all, and its re-test row
    // goes; the play verified on the mistaken update in between stays verified (naming no version).
    const mistaken = await recordTitleUpdate(db, value, staffId);
    const mistakenId = mistaken.ok ? mistaken.id : 0;
    expect(await schemeRow()).toMatchObject({ status: "needs-retest", updateId: mistakenId, note: null });
    expect(await markVerified(db, [{ kind: "play", id: ids.play }], staffId)).toBe(1);
    expect(await deleteTitleUpdate(db, mistakenId)).toEqual({ game: "madden", version: "1.09", restored: 1 });
    expect(await schemeRow()).toEqual(before);
    expect(await playRow()).toEqual({ status: "verified", updateId: null });
    // The play's re-test row stays (its verification came after it); the scheme's went.
    expect(await historyCount()).toBe(historyBefore + 2);

    // 'Touches gameplay' turned off: the same, the update staying current.
    const again = await recordTitleUpdate(db, value, staffId);
    const againId = again.ok ? again.id : 0;
    expect((await schemeRow()).status).toBe("needs-retest");
    expect(await editTitleUpdate(db, againId, { ...value, gameplay: false }, staffId)).toEqual({ ok: true, id: againId, retested: false, scheduled: false, older: false, restored: 2 });
    expect(await schemeRow()).toEqual(before);
    expect(await playRow()).toEqual({ status: "verified", updateId: null });
    expect(await historyCount()).toBe(historyBefore + 2);
    // Nothing left to take back.
    expect(await deleteTitleUpdate(db, againId)).toEqual({ game: "madden", version: "1.09", restored: 0 });
    expect(await schemeRow()).toEqual(before);

    // Its date corrected to before the current update's: it is history, and its re-test is taken back.
    const dated = await recordTitleUpdate(db, value, staffId);
    const datedId = dated.ok ? dated.id : 0;
    expect((await schemeRow()).status).toBe("needs-retest");
    expect(await editTitleUpdate(db, datedId, { ...value, releasedOn: "2026-11-15" }, staffId)).toEqual({ ok: true, id: datedId, retested: false, scheduled: false, older: true, restored: 2 });
    expect(await schemeRow()).toEqual(before);
    // Deleted now, it gives nothing back: 1.08 touched gameplay after it.
    expect(await deleteTitleUpdate(db, datedId)).toEqual({ game: "madden", version: "1.09", restored: 0, carried: 0, carriedTo: "1.08" });
  });
});

// An update dated ahead is scheduled: nothing changes until its release day (UTC), when the
// scheduled job applies it. Each call names its moment (`now`), days after this test's start.
describe("scheduled title updates", () => {
  const DAY = 86_400_000;
  const start = Date.now();
  const at = (days: number) => start + days * DAY;
  const update = (version: string, releasedOn: string, gameplay = true) => ({ intent: "save-update" as const, game: "madden" as const, version, releasedOn, notesUrl: null, summary: "", gameplay });
  let staffId: string;
  let schemeId: number;
  let playId: number;

  beforeAll(async () => {
    staffId = await insertUser(db, { role: "admin" });
    const [item] = await db.insert(content).values({ slug: "scheduled-scheme", title: "Scheduled scheme", game: "madden" }).returning({ id: content.id });
    await db.update(contentStatuses).set({ status: "verified" }).where(eq(contentStatuses.contentId, item.id));
    const [section] = await db.insert(contentSections).values({ contentId: item.id, slug: "gun", title: "Gun" }).returning({ id: contentSections.id });
    const [play] = await db.insert(contentPlays).values({ sectionId: section.id, slug: "stick", title: "Stick" }).returning({ id: contentPlays.id });
    schemeId = item.id;
    playId = play.id;
    await markVerified(db, [{ kind: "content", id: schemeId }, { kind: "play", id: playId }], staffId, at(0));
  });

  const schemeStatus = async () => (await db.select({ status: contentStatuses.status, updateId: contentStatuses.statusUpdateId }).from(contentStatuses).where(eq(contentStatuses.contentId, schemeId)))[0];
  const playStatus = async () => (await db.select({ status: playStatuses.status, updateId: playStatuses.statusUpdateId }).from(playStatuses).where(eq(playStatuses.playId, playId)))[0];
  const historyOf = async () => db.select().from(statusChanges).where(eq(statusChanges.contentId, schemeId));
  const idOf = async (version: string) => (await db.select({ id: titleUpdates.id }).from(titleUpdates).where(eq(titleUpdates.version, version)))[0].id;
  const currentMadden = async () => currentUpdates(await updateVersionsQuery(db)).madden?.version;

  it("dated ahead, a gameplay update changes nothing and is not current before its day", async () => {
    const before = { scheme: await schemeStatus(), play: await playStatus(), history: (await historyOf()).length, current: await currentMadden() };
    const result = await recordTitleUpdate(db, update("2.01", isoDay(at(3))), staffId, at(0));
    expect(result).toMatchObject({ ok: true, retested: false, scheduled: true });
    expect((await db.select({ appliedAt: titleUpdates.appliedAt }).from(titleUpdates).where(eq(titleUpdates.version, "2.01")))[0].appliedAt).toBeNull();
    expect({ scheme: await schemeStatus(), play: await playStatus(), history: (await historyOf()).length, current: await currentMadden() }).toEqual(before);
    // A status staff set meanwhile names the update in effect, not the scheduled one.
    expect(before.scheme.updateId).not.toBe(await idOf("2.01"));
    expect(await applyDueUpdates(db, at(2))).toEqual({ applied: [], retested: [] });
    expect(await schemeStatus()).toEqual(before.scheme);
  });

  it("on its release day the scheduled job applies it and runs its re-test, once", async () => {
    const id = await idOf("2.01");
    expect(await applyDueUpdates(db, at(3))).toEqual({ applied: ["madden 2.01"], retested: ["madden 2.01"] });
    expect(await currentMadden()).toBe("2.01");
    expect(await schemeStatus()).toEqual({ status: "needs-retest", updateId: id });
    expect(await playStatus()).toEqual({ status: "needs-retest", updateId: id });
    const rows = (await historyOf()).filter((row) => row.updateId === id);
    // The scheme's row tells its followers; its play's row does not (the scheme's already does).
    expect(rows.map((row) => `${row.itemKind}:${row.fromStatus}->${row.toStatus}:${row.notify}:${row.changedBy}`).sort()).toEqual([
      "content:verified->needs-retest:true:null",
      "play:verified->needs-retest:false:null",
    ]);
    // Staff verify the scheme on 2.01; the job running again sends nothing back.
    await markVerified(db, [{ kind: "content", id: schemeId }], staffId, at(3.1));
    expect(await applyDueUpdates(db, at(3.2))).toEqual({ applied: [], retested: [] });
    expect(await schemeStatus()).toEqual({ status: "verified", updateId: id });
  });

  it("moved to today by staff (a patch out early), it takes effect with the save; one in effect cannot move ahead", async () => {
    const recorded = await recordTitleUpdate(db, update("2.02", isoDay(at(6))), staffId, at(4));
    const id = recorded.ok ? recorded.id : 0;
    expect(recorded).toMatchObject({ ok: true, scheduled: true });
    expect(await editTitleUpdate(db, id, update("2.02", isoDay(at(4))), staffId, at(4))).toEqual({ ok: true, id, retested: true, scheduled: false, older: false });
    expect(await currentMadden()).toBe("2.02");
    expect(await schemeStatus()).toEqual({ status: "needs-retest", updateId: id });
    expect(await applyDueUpdates(db, at(6))).toEqual({ applied: [], retested: [] });
    expect(await editTitleUpdate(db, id, update("2.02", isoDay(at(5))), staffId, at(4))).toEqual({
      ok: false,
      error: "2.02 is already in effect: its release date cannot be later than today.",
      field: "releasedOn",
    });
    expect((await db.select({ releasedOn: titleUpdates.releasedOn }).from(titleUpdates).where(eq(titleUpdates.id, id)))[0].releasedOn).toBe(isoDay(at(4)));
  });

  it("an older gameplay update whose date is corrected so that it becomes the newest re-tests; a save on an older revision is refused", async () => {
    await markVerified(db, [{ kind: "content", id: schemeId }], staffId, at(4.2));
    // Filed for the record: dated before the current 2.02, it changes nothing.
    const recorded = await recordTitleUpdate(db, update("2.09", isoDay(at(2.5))), staffId, at(4.3));
    const id = recorded.ok ? recorded.id : 0;
    expect(recorded).toMatchObject({ ok: true, retested: false, scheduled: false });
    expect((await schemeStatus()).status).toBe("verified");
    const [{ updatedAt }] = await db.select({ updatedAt: titleUpdates.updatedAt }).from(titleUpdates).where(eq(titleUpdates.id, id));
    // Its date corrected to today: it is the game's newest now, and its re-test runs.
    expect(await editTitleUpdate(db, id, update("2.09", isoDay(at(4.3))), staffId, at(4.4), updatedAt.getTime())).toEqual({ ok: true, id, retested: true, scheduled: false, older: false });
    expect(await currentMadden()).toBe("2.09");
    expect(await schemeStatus()).toEqual({ status: "needs-retest", updateId: id });
    // A form opened before that save (its revision) is refused, with the revision it must carry now.
    const [{ updatedAt: saved }] = await db.select({ updatedAt: titleUpdates.updatedAt }).from(titleUpdates).where(eq(titleUpdates.id, id));
    expect(await editTitleUpdate(db, id, { ...update("2.09", isoDay(at(4.3))), summary: "Stale" }, staffId, at(4.5), updatedAt.getTime())).toEqual({
      ok: false,
      error: TITLE_UPDATE_CHANGED,
      revision: saved.getTime(),
    });
    expect((await db.select({ summary: titleUpdates.summary }).from(titleUpdates).where(eq(titleUpdates.id, id)))[0].summary).toBe("");
    await deleteTitleUpdate(db, id);
  });

  it("a re-test runs only for the batch that applied the update (staff and the job at the same moment)", async () => {
    await markVerified(db, [{ kind: "content", id: schemeId }], staffId, at(4.5));
    const id = await idOf("2.02");
    const [{ appliedAt }] = await db.select({ appliedAt: titleUpdates.appliedAt }).from(titleUpdates).where(eq(titleUpdates.id, id));
    // Another batch applied it first (a different moment): this one's re-test writes nothing.
    const late = await db.$client.batch(retestStatements(db, "madden", { id }, null, at(4.6), appliedAt!.getTime() + 1));
    expect(late.map((result) => result.meta.changes)).toEqual([0, 0, 0, 0]);
    expect((await schemeStatus()).status).toBe("verified");
    const own = await db.$client.batch(retestStatements(db, "madden", { id }, null, at(4.6), appliedAt!.getTime()));
    expect(own[2].meta.changes).toBeGreaterThan(0);
    expect((await schemeStatus()).status).toBe("needs-retest");
  });

  it("a job that missed days applies every due update and re-tests once, after the newest gameplay one", async () => {
    await markVerified(db, [{ kind: "content", id: schemeId }, { kind: "play", id: playId }], staffId, at(5));
    await recordTitleUpdate(db, update("2.03", isoDay(at(7))), staffId, at(5));
    await recordTitleUpdate(db, update("2.04", isoDay(at(8))), staffId, at(5));
    await recordTitleUpdate(db, update("2.05", isoDay(at(9)), false), staffId, at(5));
    await recordTitleUpdate(db, update("2.06", isoDay(at(20))), staffId, at(5));
    const before = (await historyOf()).length;
    expect(await applyDueUpdates(db, at(10))).toEqual({ applied: ["madden 2.05", "madden 2.04", "madden 2.03"], retested: ["madden 2.04"] });
    expect(await currentMadden()).toBe("2.05");
    expect(await schemeStatus()).toEqual({ status: "needs-retest", updateId: await idOf("2.04") });
    expect((await historyOf()).length).toBe(before + 2);
    // 2.06 is still ahead.
    expect((await db.select({ appliedAt: titleUpdates.appliedAt }).from(titleUpdates).where(eq(titleUpdates.version, "2.06")))[0].appliedAt).toBeNull();
  });

  it("a scheduled update whose day passed while a newer one took effect is applied for the record, re-testing nothing", async () => {
    await recordTitleUpdate(db, update("2.07", isoDay(at(12))), staffId, at(11));
    // Day 13: the job missed day 12, and staff record 2.08, out today: it takes effect at once.
    expect(await recordTitleUpdate(db, update("2.08", isoDay(at(13))), staffId, at(13))).toMatchObject({ ok: true, retested: true, scheduled: false });
    await markVerified(db, [{ kind: "content", id: schemeId }], staffId, at(13.1));
    expect(await applyDueUpdates(db, at(13.2))).toEqual({ applied: ["madden 2.07"], retested: [] });
    expect(await currentMadden()).toBe("2.08");
    expect(await schemeStatus()).toEqual({ status: "verified", updateId: await idOf("2.08") });
  });
});

describe("'Verified with its plays' on a scheme of the queue", () => {
  let staffId: string;
  const ids = { scheme: 0, plays: [] as number[], nerfed: 0 };

  beforeAll(async () => {
    staffId = await insertUser(db, { role: "admin" });
    const [item] = await db.insert(content).values({ slug: "with-plays", title: "With plays", game: "madden" }).returning({ id: content.id });
    await db.update(contentStatuses).set({ status: "needs-retest" }).where(eq(contentStatuses.contentId, item.id));
    const [section] = await db.insert(contentSections).values({ contentId: item.id, slug: "gun", title: "Gun" }).returning({ id: contentSections.id });
    const plays = await db
      .insert(contentPlays)
      .values(["mesh", "stick", "flood"].map((slug, position) => ({ sectionId: section.id, slug, title: slug, position })))
      .returning({ id: contentPlays.id });
    ids.scheme = item.id;
    ids.plays = plays.slice(0, 2).map((play) => play.id);
    ids.nerfed = plays[2].id;
    await db.update(playStatuses).set({ status: "needs-retest" }).where(sql`${playStatuses.playId} IN (${sql.join(ids.plays.map((id) => sql`${id}`), sql`, `)})`);
    await db.update(playStatuses).set({ status: "nerfed", statusNote: "Dead." }).where(eq(playStatuses.playId, ids.nerfed));
  });

  const playRows = async () =>
    db.select({ id: playStatuses.playId, status: playStatuses.status, updateId: playStatuses.statusUpdateId }).from(playStatuses).where(sql`${playStatuses.playId} IN (${sql.join([...ids.plays, ids.nerfed].map((id) => sql`${id}`), sql`, `)})`);

  it("verifies the scheme and its plays that need a re-test, in one batch; a nerfed play stays nerfed; only the scheme's row notifies", async () => {
    const current = currentUpdates(await updateVersionsQuery(db)).madden!.id;
    expect(await markSchemeVerified(db, ids.scheme, staffId)).toEqual({ scheme: true, plays: 2 });
    expect((await db.select({ status: contentStatuses.status, updateId: contentStatuses.statusUpdateId }).from(contentStatuses).where(eq(contentStatuses.contentId, ids.scheme)))[0]).toEqual({ status: "verified", updateId: current });
    expect((await playRows()).sort((a, b) => a.id - b.id)).toEqual([
      { id: ids.plays[0], status: "verified", updateId: current },
      { id: ids.plays[1], status: "verified", updateId: current },
      { id: ids.nerfed, status: "nerfed", updateId: null },
    ]);
    const history = await db.select({ kind: statusChanges.itemKind, from: statusChanges.fromStatus, notify: statusChanges.notify, by: statusChanges.changedBy }).from(statusChanges).where(eq(statusChanges.contentId, ids.scheme));
    expect(history.map((row) => `${row.kind}:${row.from}:${row.notify}:${row.by === staffId}`).sort()).toEqual([
      "content:needs-retest:true:true",
      "play:needs-retest:false:true",
      "play:needs-retest:false:true",
    ]);
    // Again: nothing left to verify.
    expect(await markSchemeVerified(db, ids.scheme, staffId)).toEqual({ scheme: false, plays: 0 });
  });

  it("when the scheme is already verified, its plays' rows tell their followers", async () => {
    await db.update(playStatuses).set({ status: "needs-retest" }).where(eq(playStatuses.playId, ids.plays[0]));
    expect(await markSchemeVerified(db, ids.scheme, staffId)).toEqual({ scheme: false, plays: 1 });
    const [last] = await db.select().from(statusChanges).where(eq(statusChanges.playId, ids.plays[0])).orderBy(sql`id DESC`).limit(1);
    expect(last).toMatchObject({ itemKind: "play", fromStatus: "needs-retest", toStatus: "verified", notify: true });
    expect(await markSchemeVerified(db, 999_999_999, staffId)).toEqual({ scheme: false, plays: 0 });
  });
});

// An update's re-test is owed to a later gameplay update once the first stops counting: deleting an
// older one, or turning its 'touches gameplay' off, gives nothing back while a later one came out since.
describe("a gameplay update taken back while a later one is in effect", () => {
  const update = (version: string, releasedOn: string, gameplay = true) => ({ intent: "save-update" as const, game: "college" as const, version, releasedOn, notesUrl: null, summary: "", gameplay });
  let staffId: string;
  let itemId: number;
  let playId: number;

  beforeAll(async () => {
    staffId = await insertUser(db, { role: "admin" });
    const [item] = await db.insert(content).values({ slug: "carried-scheme", title: "Carried scheme", game: "college" }).returning({ id: content.id });
    await db.update(contentStatuses).set({ status: "verified" }).where(eq(contentStatuses.contentId, item.id));
    const [section] = await db.insert(contentSections).values({ contentId: item.id, slug: "shotgun", title: "Shotgun" }).returning({ id: contentSections.id });
    const [play] = await db.insert(contentPlays).values({ sectionId: section.id, slug: "slant", title: "Slant" }).returning({ id: contentPlays.id });
    await db.insert(playStatuses).values({ playId: play.id, status: "verified" }).onConflictDoUpdate({ target: playStatuses.playId, set: { status: "verified" } });
    itemId = item.id;
    playId = play.id;
  });

  const itemStatus = async () => (await db.select({ status: contentStatuses.status, updateId: contentStatuses.statusUpdateId }).from(contentStatuses).where(eq(contentStatuses.contentId, itemId)))[0];
  const playStatus = async () => (await db.select({ status: playStatuses.status, updateId: playStatuses.statusUpdateId }).from(playStatuses).where(eq(playStatuses.playId, playId)))[0];
  const idOf = async (version: string) => (await db.select({ id: titleUpdates.id }).from(titleUpdates).where(eq(titleUpdates.version, version)))[0].id;

  it("deleting the older one leaves its re-test owed to the later one; taking the later one back then gives the status from before both", async () => {
    await recordTitleUpdate(db, update("3.01", "2026-10-01"), staffId);
    await recordTitleUpdate(db, update("3.02", "2026-10-05"), staffId);
    await recordTitleUpdate(db, update("3.03", "2026-10-09", false), staffId);
    const [first, second] = [await idOf("3.01"), await idOf("3.02")];
    // 3.02 found them already waiting for a re-test, after 3.01.
    expect(await itemStatus()).toEqual({ status: "needs-retest", updateId: first });
    // The other college item of this file is waiting too: three in all, with this item's play.
    expect(await deleteTitleUpdate(db, first)).toEqual({ game: "college", version: "3.01", restored: 0, carried: 3, carriedTo: "3.02" });
    expect(await itemStatus()).toEqual({ status: "needs-retest", updateId: second });
    expect(await playStatus()).toEqual({ status: "needs-retest", updateId: second });
    // 3.02 is the newest gameplay update (3.03 came after, without gameplay): turned off, it gives back.
    const value = update("3.02", "2026-10-05", false);
    expect(await editTitleUpdate(db, second, value, staffId)).toEqual({ ok: true, id: second, retested: false, scheduled: false, older: false, restored: 3 });
    expect(await itemStatus()).toEqual({ status: "verified", updateId: null });
    expect(await playStatus()).toEqual({ status: "verified", updateId: null });
  });

  it("turning 'touches gameplay' off on the older one hands its re-test on to the later one", async () => {
    await recordTitleUpdate(db, update("3.04", "2026-10-12"), staffId);
    await recordTitleUpdate(db, update("3.05", "2026-10-15"), staffId);
    const [older, later] = [await idOf("3.04"), await idOf("3.05")];
    expect(await itemStatus()).toEqual({ status: "needs-retest", updateId: older });
    expect(await editTitleUpdate(db, older, update("3.04", "2026-10-12", false), staffId)).toEqual({
      ok: true,
      id: older,
      retested: false,
      scheduled: false,
      older: false,
      carried: 3,
      carriedTo: "3.05",
    });
    expect(await itemStatus()).toEqual({ status: "needs-retest", updateId: later });
    // Deleting the older one now changes nothing: it no longer touches gameplay.
    expect(await deleteTitleUpdate(db, older)).toEqual({ game: "college", version: "3.04", restored: 0 });
    expect(await itemStatus()).toEqual({ status: "needs-retest", updateId: later });
  });
});

describe("the re-test queue", () => {
  // Items of a game of their own in this file: the other tests' items are Madden's and College's.
  const slugs = { none: "queue-no-favourites", two: "queue-two-favourites", one: "queue-one-favourite" };
  const ids = { none: 0, two: 0, one: 0, twoPlay: 0, nonePlay: 0 };

  beforeAll(async () => {
    const insertItem = async (slug: string, status: "verified" | "needs-retest", favourites: number) => {
      const [row] = await db.insert(content).values({ slug, title: `Title of ${slug}`, game: "college" }).returning({ id: content.id });
      await db.update(contentStatuses).set({ status }).where(eq(contentStatuses.contentId, row.id));
      for (let index = 0; index < favourites; index += 1) await db.insert(favorites).values({ userId: await insertUser(db), contentId: row.id });
      return row.id;
    };
    const insertPlay = async (contentId: number, section: string, play: string, status: "verified" | "needs-retest") => {
      const [sectionRow] = await db.insert(contentSections).values({ contentId, slug: section, title: `Section ${section}` }).returning({ id: contentSections.id });
      const [playRow] = await db.insert(contentPlays).values({ sectionId: sectionRow.id, slug: play, title: `Play ${play}` }).returning({ id: contentPlays.id });
      await db.update(playStatuses).set({ status }).where(eq(playStatuses.playId, playRow.id));
      return playRow.id;
    };
    // A verified scheme with a play to re-test, one with two favourites and one with one.
    ids.none = await insertItem(slugs.none, "verified", 0);
    ids.nonePlay = await insertPlay(ids.none, "queue-trips", "queue-flood", "needs-retest");
    ids.two = await insertItem(slugs.two, "needs-retest", 2);
    ids.twoPlay = await insertPlay(ids.two, "queue-gun", "queue-mesh", "needs-retest");
    await insertPlay(ids.two, "queue-empty", "queue-done", "verified");
    ids.one = await insertItem(slugs.one, "needs-retest", 1);
  });

  const ours = (rows: Awaited<ReturnType<typeof retestQueueQuery>>) => rows.filter((row) => Object.values(slugs).includes(row.slug));

  it("lists the items and plays to re-test, the most favourited scheme first, each play with its links and titles", async () => {
    const rows = ours(await retestQueueQuery(db, { game: "college", page: 1 }));
    expect(rows).toEqual([
      expect.objectContaining({ kind: "content", id: ids.two, contentId: ids.two, slug: slugs.two, title: `Title of ${slugs.two}`, sectionSlug: null, playSlug: null, favorites: 2, playsToRetest: 1, game: "college" }),
      expect.objectContaining({
        kind: "play",
        id: ids.twoPlay,
        contentId: ids.two,
        slug: slugs.two,
        title: "Play queue-mesh",
        contentTitle: `Title of ${slugs.two}`,
        sectionSlug: "queue-gun",
        playSlug: "queue-mesh",
        sectionTitle: "Section queue-gun",
        favorites: 2,
        playsToRetest: 0,
      }),
      expect.objectContaining({ kind: "content", id: ids.one, favorites: 1, playsToRetest: 0 }),
      expect.objectContaining({ kind: "play", id: ids.nonePlay, contentId: ids.none, title: "Play queue-flood", sectionSlug: "queue-trips", favorites: 0 }),
    ]);
  });

  it("by game, lists only that game's; without one, every game's", async () => {
    expect(ours(await retestQueueQuery(db, { game: "madden", page: 1 }))).toEqual([]);
    expect(ours(await retestQueueQuery(db, { game: null, page: 1 })).map((row) => `${row.kind}:${row.id}`)).toEqual([
      `content:${ids.two}`,
      `play:${ids.twoPlay}`,
      `content:${ids.one}`,
      `play:${ids.nonePlay}`,
    ]);
  });
});

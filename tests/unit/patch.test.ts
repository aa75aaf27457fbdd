import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { content, contentPlays, contentSections, playStatuses, statusChanges, titleUpdates } from "../../db/schema";
import { applyStatusChange, badgeText, statusAfterUpdate } from "~/lib/patch";
import { titleUpdateSchema } from "~/lib/schemas/patch";
import { createDatabase } from "~/server/db.server";
import { deleteTitleUpdate, editTitleUpdate, markVerified, recordTitleUpdate, retestStatements, setItemStatus } from "~/server/patch.server";
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
    expect(applyStatusChange(NONE, { status: "adjusted", note: "Motion the slot first", alternative: "/content/x" }, 3)).toEqual({
      next: { status: "adjusted", updateId: 3, note: "Motion the slot first", alternative: null },
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

describe("title updates and statuses in D1", () => {
  let staffId: string;
  const ids = { scheme: 0, play: 0, nerfed: 0, otherGame: 0 };

  beforeAll(async () => {
    staffId = await insertUser(db, { role: "admin" });
    const insertItem = async (slug: string, game: "madden" | "college", status: "verified" | "adjusted" | "nerfed" | "needs-retest") => {
      const [row] = await db.insert(content).values({ slug, title: slug, game, status }).returning({ id: content.id });
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

  const statusOf = async (id: number) => (await db.select({ status: content.status, updateId: content.statusUpdateId }).from(content).where(eq(content.id, id)))[0];

  it("a non-gameplay update changes nothing", async () => {
    const result = await recordTitleUpdate(db, { intent: "save-update", game: "madden", version: "1.06", releasedOn: "2026-10-01", notesUrl: null, summary: "Rosters", gameplay: false }, staffId);
    expect(result).toMatchObject({ ok: true, retested: false });
    expect(await statusOf(ids.scheme)).toEqual({ status: "verified", updateId: null });
    expect(await db.select().from(statusChanges)).toHaveLength(0);
  });

  it("a gameplay update sends the game's verified and adjusted items and plays to re-test, with history, in one batch", async () => {
    const result = await recordTitleUpdate(db, { intent: "save-update", game: "madden", version: "1.07", releasedOn: "2026-11-01", notesUrl: null, summary: "Coverage AI", gameplay: true }, staffId);
    expect(result).toMatchObject({ ok: true, retested: true });
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
    expect(older).toMatchObject({ ok: true, retested: false });
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

  it("'Mark verified' verifies a selection on each item's current update and skips what is already verified", async () => {
    await recordTitleUpdate(db, { intent: "save-update", game: "madden", version: "1.08", releasedOn: "2026-11-20", notesUrl: null, summary: "", gameplay: true }, staffId);
    const [current] = await db.select({ id: titleUpdates.id }).from(titleUpdates).where(eq(titleUpdates.version, "1.08"));
    const changed = await markVerified(db, [{ kind: "content", id: ids.scheme }, { kind: "play", id: ids.play }, { kind: "content", id: ids.otherGame }], staffId);
    // The college item is already verified, and its game has no update yet: nothing to change.
    expect(changed).toBe(2);
    expect(await statusOf(ids.scheme)).toEqual({ status: "verified", updateId: current.id });
    expect((await db.select({ status: playStatuses.status, updateId: playStatuses.statusUpdateId }).from(playStatuses).where(eq(playStatuses.playId, ids.play)))[0]).toEqual({ status: "verified", updateId: current.id });
    expect(await markVerified(db, [{ kind: "content", id: ids.scheme }], staffId)).toBe(0);
  });

  it("turning 'touches gameplay' on for the current update re-tests; deleting an update keeps statuses", async () => {
    const college = await recordTitleUpdate(db, { intent: "save-update", game: "college", version: "1.10", releasedOn: "2026-11-10", notesUrl: null, summary: "", gameplay: false }, staffId);
    const id = college.ok ? college.id : 0;
    expect((await statusOf(ids.otherGame)).status).toBe("verified");
    const edited = await editTitleUpdate(db, id, { intent: "save-update", game: "college", version: "1.10", releasedOn: "2026-11-10", notesUrl: null, summary: "Now with gameplay", gameplay: true }, staffId);
    expect(edited).toMatchObject({ ok: true, retested: true });
    expect(await statusOf(ids.otherGame)).toEqual({ status: "needs-retest", updateId: id });
    expect(await deleteTitleUpdate(db, id)).toBe(true);
    expect(await statusOf(ids.otherGame)).toEqual({ status: "needs-retest", updateId: null });
    expect(await deleteTitleUpdate(db, id)).toBe(false);
  });
});

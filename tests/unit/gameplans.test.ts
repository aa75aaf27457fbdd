import { env } from "cloudflare:workers";
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { content, contentPlays, contentSections, gameplanPlays, gameplans, users } from "../../db/schema";
import { GAMEPLAN_SITUATIONS } from "../../db/enums";
import { applySlots, callSheetLayout, GAMEPLAN_NOTE_MAX, MAX_GAMEPLAN_PLAYS, MAX_GAMEPLANS, moveEntry, placeEntry, removeEntry, wristbandLines, type Situation, type Slot } from "~/lib/gameplans";
import { addToGameplanSchema, entryNoteSchema, createGameplanSchema } from "~/lib/schemas/gameplans";
import { createDatabase } from "~/server/db.server";
import { addPlayToGameplan, createGameplan, deleteGameplan, rearrangeGameplan, renameGameplan, saveEntryNote, toGameplanEntries, type EntryRow } from "~/server/gameplans.server";
import { insertUser } from "./helpers";

// Gameplans: the ordering rules (pure), then the writes against this file's migrated D1: every
// move keeps each situation's places dense and unique and is one batch; another member's
// gameplan or a forged entry changes nothing; the limits; what goes with a member or a play.

const db = createDatabase(env.DB);

/** Each situation's places, in order, must be exactly 0, 1, 2... */
function expectDense(entries: readonly Slot[]) {
  for (const situation of GAMEPLAN_SITUATIONS) {
    const positions = entries.filter((entry) => entry.situation === situation).map((entry) => entry.position).sort((a, b) => a - b);
    expect(positions, situation).toEqual(positions.map((_, index) => index));
  }
}

const slots = (layout: Partial<Record<Situation, number[]>>): Slot[] =>
  Object.entries(layout).flatMap(([situation, ids]) => ids!.map((id, position) => ({ id, situation: situation as Situation, position })));

const order = (entries: readonly Slot[], situation: Situation) => applySlots(entries, []).filter((entry) => entry.situation === situation).map((entry) => entry.id);

describe("ordering rules", () => {
  const start = slots({ openers: [1, 2, 3], "red-zone": [4, 5] });

  it("moves up and down within a situation, and not past either end", () => {
    const up = applySlots(start, moveEntry(start, 3, "up")!);
    expect(order(up, "openers")).toEqual([1, 3, 2]);
    expect(moveEntry(start, 3, "up")).toEqual([{ id: 3, situation: "openers", position: 1 }, { id: 2, situation: "openers", position: 2 }]);
    expect(moveEntry(start, 1, "up")).toEqual([]);
    expect(moveEntry(start, 3, "down")).toEqual([]);
    expect(order(applySlots(start, moveEntry(start, 1, "down")!), "openers")).toEqual([2, 1, 3]);
  });

  it("places an entry anywhere in another situation, closing the gap it leaves", () => {
    const moved = applySlots(start, placeEntry(start, 2, "red-zone", 1)!);
    expect(order(moved, "openers")).toEqual([1, 3]);
    expect(order(moved, "red-zone")).toEqual([4, 2, 5]);
    expectDense(moved);
    // Past the end (or an index that is no number) is the end; below 0 is the start.
    expect(order(applySlots(start, placeEntry(start, 2, "red-zone", 99)!), "red-zone")).toEqual([4, 5, 2]);
    expect(order(applySlots(start, placeEntry(start, 2, "goal-line", Number.NaN)!), "goal-line")).toEqual([2]);
    expect(order(applySlots(start, placeEntry(start, 5, "openers", -3)!), "openers")).toEqual([5, 1, 2, 3]);
  });

  it("removes an entry and renumbers what follows; an unknown entry is null", () => {
    const changes = removeEntry(start, 1)!;
    expect(changes).toEqual([{ id: 2, situation: "openers", position: 0 }, { id: 3, situation: "openers", position: 1 }]);
    expect(removeEntry(start, 99)).toBeNull();
    expect(placeEntry(start, 99, "openers", 0)).toBeNull();
    expect(moveEntry(start, 99, "up")).toBeNull();
  });

  it("heals gaps (a play deleted by staff) on the next move", () => {
    const gappy: Slot[] = [{ id: 1, situation: "openers", position: 0 }, { id: 2, situation: "openers", position: 4 }, { id: 3, situation: "openers", position: 9 }];
    expectDense(applySlots(gappy, moveEntry(gappy, 3, "up")!));
    expect(order(applySlots(gappy, moveEntry(gappy, 3, "up")!), "openers")).toEqual([1, 3, 2]);
  });

  it("keeps every situation dense and every place unique through a thousand random moves", () => {
    let entries = slots({ openers: [1, 2, 3, 4], "first-down": [5, 6], "third-long": [7, 8, 9], "goal-line": [10] });
    let seed = 7;
    const random = (below: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % below);
    for (let step = 0; step < 1000; step += 1) {
      const id = entries[random(entries.length)].id;
      const situation = GAMEPLAN_SITUATIONS[random(GAMEPLAN_SITUATIONS.length)];
      const changes = step % 3 === 0 ? moveEntry(entries, id, random(2) ? "up" : "down")! : placeEntry(entries, id, situation, random(6))!;
      entries = applySlots(entries, changes);
      expectDense(entries);
      expect(new Set(entries.map((entry) => `${entry.situation}:${entry.position}`)).size).toBe(entries.length);
    }
    expect(entries.map((entry) => entry.id).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("numbers the wristband through the openers and both 3rd downs", () => {
    const entries = slots({ openers: [1, 2], "first-down": [3], "third-short": [4], "third-long": [5, 6] });
    expect(wristbandLines(entries).map((line) => [line.situation, line.plays.map((play) => `${play.number}:${play.id}`)])).toEqual([
      ["openers", ["1:1", "2:2"]],
      ["third-short", ["3:4"]],
      ["third-long", ["4:5", "5:6"]],
    ]);
  });

  it("prints as large as fits, notes in full; flows the situations through the columns before it cuts a note", () => {
    const sheet = (counts: Partial<Record<Situation, number>>, note: string | null) =>
      Object.entries(counts).flatMap(([situation, count]) =>
        Array.from({ length: count }, (_, index) => ({ id: index + 1, situation: situation as Situation, position: index, formation: "Gun Bunch Wk", playTitle: "PA Boot Over", note })),
      ).map((entry, index) => ({ ...entry, id: index + 1 }));
    const long = "Read the flat defender: if he sinks throw the flat, if he widens hit the curl. ".repeat(4).slice(0, GAMEPLAN_NOTE_MAX);
    expect(callSheetLayout(sheet({ openers: 3 }, null))).toEqual({ size: "roomy", noteLines: null, flow: false });
    expect(callSheetLayout(sheet({ openers: 8 }, "Hot TE"))).toEqual({ size: "roomy", noteLines: null, flow: false });
    // One long note among a few plays: still large, in full.
    expect(callSheetLayout([...sheet({ openers: 1 }, long), ...sheet({ "first-down": 5 }, null).map((entry) => ({ ...entry, id: entry.id + 10 }))])).toEqual({ size: "roomy", noteLines: null, flow: false });
    // Smaller before flowing.
    expect(callSheetLayout(sheet({ openers: 16 }, null)).flow).toBe(false);
    expect(callSheetLayout(sheet({ openers: 16 }, null)).size).not.toBe("roomy");
    // A column that cannot hold them flows on, notes still in full.
    expect(callSheetLayout(sheet({ openers: 8 }, long))).toMatchObject({ noteLines: null, flow: true });
    expect(callSheetLayout(sheet({ openers: 27 }, "Hot TE"))).toMatchObject({ noteLines: null, flow: true });
    // Only the longest notes on a full gameplan are cut.
    expect(callSheetLayout(sheet({ openers: 30, "red-zone": 30 }, long))).toMatchObject({ size: "tight", flow: true, noteLines: expect.any(Number) });
  });

  it("says why a play is locked: premium the viewer lacks, or its scheme unpublished (premium members included)", () => {
    const row: EntryRow = {
      id: 1, situation: "openers", position: 0, note: null, playId: 7, playSlug: "mesh", playTitle: "Mesh", playStatus: "verified", statusVersion: "1.07",
      sectionSlug: "gun-bunch", formation: "Gun Bunch", contentSlug: "air-raid", contentTitle: "Air Raid", requiredTier: "premium", isPublished: 1, type: "meta-scheme",
    };
    const premium = { role: "user" as const, subscriptionTier: "premium" as const, accessExpiresAt: Date.now() + 86_400_000 };
    const free = { role: "user" as const, subscriptionTier: "free" as const, accessExpiresAt: null };
    const [open] = toGameplanEntries([row], premium);
    expect(open).toMatchObject({ href: "/content/air-raid/section/gun-bunch/play/mesh", locked: null });
    expect(toGameplanEntries([row], free)[0]).toMatchObject({ href: null, locked: "premium" });
    expect(toGameplanEntries([{ ...row, isPublished: 0 }], premium)[0]).toMatchObject({ href: null, locked: "unpublished" });
    expect(toGameplanEntries([{ ...row, isPublished: 0, requiredTier: "free" }], free)[0]).toMatchObject({ href: null, locked: "unpublished" });
  });

  it("refuses bad form input with a message", () => {
    const issues = (schema: { safeParse: (value: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, input: object) => schema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
    expect(issues(createGameplanSchema, { intent: "create", name: "  ", game: "madden" })).toEqual(["Name is required."]);
    expect(issues(createGameplanSchema, { intent: "create", name: "x".repeat(61), game: "madden" })).toEqual(["The name can be at most 60 characters."]);
    expect(issues(createGameplanSchema, { intent: "create", name: "Week 1", game: "fifa" })).toEqual(["Choose College Football 26 or Madden NFL 26."]);
    expect(issues(addToGameplanSchema, { gameplanId: "1", playId: "2", situation: "4th and long" })).toEqual(["Choose a situation from the list."]);
    expect(issues(entryNoteSchema, { intent: "note", entryId: "1", note: "x".repeat(281) })).toEqual(["The note can be at most 280 characters."]);
    expect(issues(entryNoteSchema, { intent: "note", entryId: "1", note: "x".repeat(280) })).toEqual([]);
  });
});

describe("gameplan writes", () => {
  const premium = { role: "user" as const, subscriptionTier: "premium" as const, accessExpiresAt: Date.now() + 86_400_000 };
  const free = { role: "user" as const, subscriptionTier: "free" as const, accessExpiresAt: null };
  let freePlays: number[] = [];
  let premiumPlay: number;

  async function scheme(slug: string, requiredTier: "free" | "premium", count: number, game: "college" | "madden" = "madden") {
    const [item] = await db.insert(content).values({ slug, title: slug, game, requiredTier }).returning({ id: content.id });
    const [section] = await db.insert(contentSections).values({ contentId: item.id, slug: "formation", title: "Gun Bunch" }).returning({ id: contentSections.id });
    // One insert a play: D1 binds at most 100 values a statement.
    const inserts = Array.from({ length: count }, (_, index) =>
      db.insert(contentPlays).values({ sectionId: section.id, slug: `play-${index}`, title: `Play ${index}`, position: index }).returning({ id: contentPlays.id }),
    );
    const plays = await db.batch(inserts as [(typeof inserts)[number], ...typeof inserts]);
    return plays.map(([play]) => play.id);
  }

  async function slotsOf(gameplanId: number) {
    return db
      .select({ id: gameplanPlays.id, situation: gameplanPlays.situation, position: gameplanPlays.position })
      .from(gameplanPlays)
      .where(eq(gameplanPlays.gameplanId, gameplanId))
      .orderBy(asc(gameplanPlays.id));
  }

  let plans = 0;
  async function planWith(userId: string, count: number, situation: Situation = "openers") {
    const created = await createGameplan(db, userId, { name: `Week ${(plans += 1)}`, game: "madden" });
    if (!created.ok) throw new Error(created.error);
    for (const playId of freePlays.slice(0, count)) {
      const added = await addPlayToGameplan(db, { id: userId, ...free }, { gameplanId: created.id, playId, situation });
      expect(added.ok).toBe(true);
    }
    return created.id;
  }

  beforeAll(async () => {
    freePlays = await scheme("unit-gameplan-free", "free", MAX_GAMEPLAN_PLAYS + 2);
    [premiumPlay] = await scheme("unit-gameplan-premium", "premium", 1);
  });

  it("adds plays at the end of their situation, only plays the member may open, of the gameplan's game, once per situation", async () => {
    const userId = await insertUser(db);
    const id = await planWith(userId, 3);
    expect((await slotsOf(id)).map((slot) => slot.position)).toEqual([0, 1, 2]);
    const viewer = { id: userId, ...free };
    expect(await addPlayToGameplan(db, viewer, { gameplanId: id, playId: premiumPlay, situation: "openers" })).toMatchObject({ ok: false, status: 403 });
    expect(await addPlayToGameplan(db, { ...viewer, ...premium }, { gameplanId: id, playId: premiumPlay, situation: "red-zone" })).toMatchObject({ ok: true });
    // Already in that situation: nothing is added, and the answer says it is there.
    const before = (await slotsOf(id)).length;
    expect(await addPlayToGameplan(db, viewer, { gameplanId: id, playId: freePlays[0], situation: "openers" })).toMatchObject({ ok: true, already: true });
    expect((await slotsOf(id)).length).toBe(before);
    expect(await addPlayToGameplan(db, viewer, { gameplanId: id, playId: freePlays[0], situation: "goal-line" })).toMatchObject({ ok: true });
    const [college] = await scheme("unit-gameplan-college", "free", 1, "college");
    expect(await addPlayToGameplan(db, viewer, { gameplanId: id, playId: college, situation: "openers" })).toMatchObject({ ok: false, status: 400 });
    expect(await addPlayToGameplan(db, viewer, { gameplanId: id, playId: 999_999_999, situation: "openers" })).toMatchObject({ ok: false, status: 404 });
    expectDense(await slotsOf(id));
  });

  it("moves in one batch, keeping places dense and unique", async () => {
    const userId = await insertUser(db);
    const id = await planWith(userId, 4);
    const entries = await slotsOf(id);
    const batch = vi.spyOn(db.$client, "batch");
    try {
      expect(await rearrangeGameplan(db, userId, id, entries[3].id, { kind: "move", direction: "up" })).toEqual({ ok: true, moved: true });
      expect(await rearrangeGameplan(db, userId, id, entries[0].id, { kind: "place", situation: "third-long", index: 0 })).toEqual({ ok: true, moved: true });
      expect(await rearrangeGameplan(db, userId, id, entries[2].id, { kind: "place", situation: "third-long", index: 0 })).toEqual({ ok: true, moved: true });
      expect(await rearrangeGameplan(db, userId, id, entries[1].id, { kind: "remove" })).toEqual({ ok: true, moved: true });
      // Each change is one batch.
      expect(batch).toHaveBeenCalledTimes(4);
    } finally {
      batch.mockRestore();
    }
    const after = await slotsOf(id);
    expectDense(after);
    expect(order(after, "third-long")).toEqual([entries[2].id, entries[0].id]);
    expect(order(after, "openers")).toEqual([entries[3].id]);
  });

  it("changes nothing for another member or a forged entry: 404", async () => {
    const owner = await insertUser(db);
    const stranger = await insertUser(db);
    const id = await planWith(owner, 3);
    const other = await planWith(stranger, 1);
    const before = await slotsOf(id);
    const [foreign] = await slotsOf(other);
    expect(await rearrangeGameplan(db, stranger, id, before[0].id, { kind: "move", direction: "down" })).toMatchObject({ ok: false, status: 404 });
    expect(await rearrangeGameplan(db, owner, id, foreign.id, { kind: "place", situation: "openers", index: 0 })).toMatchObject({ ok: false, status: 404 });
    expect(await rearrangeGameplan(db, stranger, id, before[1].id, { kind: "remove" })).toMatchObject({ ok: false, status: 404 });
    expect(await saveEntryNote(db, stranger, id, before[0].id, "mine now")).toMatchObject({ ok: false, status: 404 });
    expect(await addPlayToGameplan(db, { id: stranger, ...free }, { gameplanId: id, playId: freePlays[5], situation: "openers" })).toMatchObject({ ok: false, status: 404 });
    expect(await deleteGameplan(db, stranger, id)).toMatchObject({ ok: false, status: 404 });
    expect(await slotsOf(id)).toEqual(before);
    expect((await db.select({ note: gameplanPlays.note }).from(gameplanPlays).where(eq(gameplanPlays.gameplanId, id))).every((row) => row.note === null)).toBe(true);
  });

  it("refuses a move into a situation that already holds the play", async () => {
    const userId = await insertUser(db);
    const id = await planWith(userId, 2);
    expect(await addPlayToGameplan(db, { id: userId, ...free }, { gameplanId: id, playId: freePlays[0], situation: "red-zone" })).toMatchObject({ ok: true });
    const [first] = await slotsOf(id);
    const before = await slotsOf(id);
    expect(await rearrangeGameplan(db, userId, id, first.id, { kind: "place", situation: "red-zone", index: 0 })).toMatchObject({ ok: false, status: 409 });
    expect(await slotsOf(id)).toEqual(before);
  });

  it(`holds at most ${MAX_GAMEPLANS} gameplans per member and ${MAX_GAMEPLAN_PLAYS} plays per gameplan`, async () => {
    const userId = await insertUser(db);
    for (let count = 0; count < MAX_GAMEPLANS; count += 1) expect((await createGameplan(db, userId, { name: `Plan ${count}`, game: "college" })).ok).toBe(true);
    expect(await createGameplan(db, userId, { name: "One too many", game: "college" })).toEqual({ ok: false, status: 400, error: "You can have at most 20 gameplans. Delete one to make room." });
    // The same press sent twice (a double tap without JavaScript) is one gameplan, even at the limit.
    expect(await createGameplan(db, userId, { name: "Plan 19", game: "college" })).toMatchObject({ ok: true });
  });

  it("a second 'Create gameplan' with the same name and game within 10 seconds is the same gameplan; later it is refused (the names of one game are the member's own); another game, a new one", async () => {
    const userId = await insertUser(db);
    const now = Date.now();
    const first = await createGameplan(db, userId, { name: "Double tap", game: "madden" }, now);
    const again = await createGameplan(db, userId, { name: "Double tap", game: "madden" }, now + 500);
    expect(first.ok && again.ok && again.id === first.id).toBe(true);
    const otherGame = await createGameplan(db, userId, { name: "Double tap", game: "college" }, now + 600);
    expect(otherGame.ok && first.ok && otherGame.id !== first.id).toBe(true);
    // Another case at once is no double tap: refused, not answered with the first one.
    expect(await createGameplan(db, userId, { name: "DOUBLE TAP", game: "madden" }, now + 700)).toMatchObject({ ok: false, status: 409 });
    const taken = { ok: false, status: 409, error: "You already have a gameplan called Double tap for Madden NFL 26: choose another name." };
    expect(await createGameplan(db, userId, { name: "Double tap", game: "madden" }, now + 11_000)).toEqual(taken);
    expect(await createGameplan(db, userId, { name: "double TAP", game: "madden" }, now + 11_000)).toMatchObject({ ok: false, status: 409 });
    expect((await db.select().from(gameplans).where(eq(gameplans.userId, userId))).length).toBe(2);
    // Renamed: not to the name of another of its game; to its own (another case) or another game's, yes.
    const second = await createGameplan(db, userId, { name: "Ranked", game: "madden" });
    if (!first.ok || !second.ok || !otherGame.ok) throw new Error("not created");
    expect(await renameGameplan(db, userId, second.id, "DOUBLE TAP")).toEqual({ ...taken, error: taken.error.replace("Double tap", "DOUBLE TAP") });
    expect((await db.select({ name: gameplans.name }).from(gameplans).where(eq(gameplans.id, second.id)))[0].name).toBe("Ranked");
    expect(await renameGameplan(db, userId, first.id, "Double Tap")).toEqual({ ok: true });
    expect(await renameGameplan(db, userId, otherGame.id, "Ranked")).toEqual({ ok: true });
    // Someone else's gameplan of that name changes nothing for this member.
    expect((await createGameplan(db, await insertUser(db), { name: "Ranked", game: "madden" })).ok).toBe(true);
    const full = await planWith(await insertUser(db), MAX_GAMEPLAN_PLAYS, "first-down");
    const owner = (await db.select({ userId: gameplans.userId }).from(gameplans).where(eq(gameplans.id, full)))[0].userId;
    expect(await addPlayToGameplan(db, { id: owner, ...free }, { gameplanId: full, playId: freePlays[MAX_GAMEPLAN_PLAYS], situation: "openers" })).toEqual({
      ok: false,
      status: 400,
      error: "A gameplan holds at most 60 plays. Remove one to make room.",
    });
  });

  it("goes with its owner, and its entries go with their plays; the next move closes the gap", async () => {
    const userId = await insertUser(db);
    const id = await planWith(userId, 4);
    const [first] = await slotsOf(id);
    const [extra] = await scheme(`unit-gameplan-doomed-${crypto.randomUUID().slice(0, 8)}`, "free", 1);
    expect((await addPlayToGameplan(db, { id: userId, ...free }, { gameplanId: id, playId: extra, situation: "openers" })).ok).toBe(true);
    await db.delete(contentPlays).where(eq(contentPlays.id, extra));
    expect((await slotsOf(id)).length).toBe(4);
    // A gap in the middle (as when staff delete a play) is closed by the next change.
    await db.update(gameplanPlays).set({ position: 7 }).where(eq(gameplanPlays.id, (await slotsOf(id))[3].id));
    expect((await rearrangeGameplan(db, userId, id, first.id, { kind: "move", direction: "down" })).ok).toBe(true);
    expectDense(await slotsOf(id));
    await db.delete(users).where(eq(users.id, userId));
    expect(await db.select().from(gameplans).where(eq(gameplans.id, id))).toEqual([]);
    expect(await slotsOf(id)).toEqual([]);
  });
});

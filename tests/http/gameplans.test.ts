import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { content, contentPlays, contentSections, gameplanPlays, gameplanRemovals, gameplans, statusChanges } from "../../db/schema";
import { createSignedInMember, demoUserId, toastFrom, updateMember } from "../support/accounts";
import { headOf, mainOf, textOf } from "../support/html";
import { get, postForm, signIn } from "../support/http";
import { premiumStringsOf, seedItem, storedPlayId } from "../support/library";
import { locationOf, publishAsOld, unpublishContent } from "../support/staff";
import { testState, type TestState } from "../support/test-state";

// Gameplans over HTTP: every write for the six roles and for another member (404, nothing
// changed), bad input refused with its message, the limits, the pages each role reaches, the
// shared page (nothing premium in its raw HTML; revoked or made up: 404 'This gameplan is no longer
// shared'), a play that became locked, and gameplan plays among the notifications.

let state: TestState;

const FREE_SCHEME = "cfb26-spread-rpo-attack";
const PREMIUM_SCHEME = "cfb26-335-tite-defense";
const FREE_PLAY_PAGE = `/content/${FREE_SCHEME}/section/gun-bunch/play/mesh`;
const PREMIUM_PLAY_PAGE = `/content/${PREMIUM_SCHEME}/section/335-tite/play/cover-3-match`;
const year = 365 * 86_400_000;

type Role = "visitor" | "free" | "expired" | "premium" | "admin" | "superadmin";
const MEMBER_ROLES = ["free", "expired", "premium", "admin", "superadmin"] as const;
const members = {} as Record<Exclude<Role, "visitor">, { cookie: string; id: string }>;
let freePlay: number;
let freePlay2: number;
let premiumPlay: number;
let maddenPlay: number;

const member = createSignedInMember;

const playId = storedPlayId;

/** A gameplan of the member's, created through the form; returns its id. */
async function newGameplan(cookie: string, name = "Week 1", game = "college") {
  const response = await postForm("/gameplans", { intent: "create", name, game }, { cookie });
  expect(response.status).toBe(302);
  return Number(/^\/gameplans\/(\d+)$/.exec(locationOf(response)!)![1]);
}

async function add(cookie: string | undefined, gameplanId: number, play: number, situation = "openers", extra: Record<string, string> = {}) {
  return postForm("/gameplans/add", { gameplanId: String(gameplanId), playId: String(play), situation, back: FREE_PLAY_PAGE, ...extra }, { cookie });
}

async function entriesOf(gameplanId: number) {
  return state.db
    .select({ id: gameplanPlays.id, playId: gameplanPlays.playId, situation: gameplanPlays.situation, position: gameplanPlays.position, note: gameplanPlays.note })
    .from(gameplanPlays)
    .where(eq(gameplanPlays.gameplanId, gameplanId))
    .orderBy(asc(gameplanPlays.situation), asc(gameplanPlays.position));
}

async function gameplanRow(id: number) {
  const [row] = await state.db.select().from(gameplans).where(eq(gameplans.id, id));
  return row ?? null;
}

beforeAll(async () => {
  state = await testState();
  members.free = await member();
  members.expired = await member({ subscriptionTier: "premium", subscriptionStatus: "cancelled", accessExpiresAt: new Date(Date.now() - 86_400_000) });
  members.premium = await member({ subscriptionTier: "premium", subscriptionStatus: "active", accessExpiresAt: new Date(Date.now() + year) });
  members.admin = { cookie: await signIn("admin"), id: await demoUserId("admin") };
  members.superadmin = { cookie: await signIn("superadmin"), id: await demoUserId("superadmin") };
  freePlay = await playId(FREE_SCHEME, "gun-bunch", "mesh");
  freePlay2 = await playId(FREE_SCHEME, "gun-bunch", "snag");
  premiumPlay = await playId(PREMIUM_SCHEME, "335-tite", "cover-3-match");
  maddenPlay = await playId("madden26-gun-bunch-quick-pass", "gun-bunch-wk", "mesh-spot");
});

describe("every write, for each role", () => {
  it("a visitor is sent to log in by every form, and nothing is written", async () => {
    const before = (await state.db.select().from(gameplans)).length;
    const [anyPlan] = await state.db.select({ id: gameplans.id }).from(gameplans).limit(1);
    const writes = [
      postForm("/gameplans", { intent: "create", name: "Sneaky", game: "college" }),
      add(undefined, anyPlan.id, freePlay),
      ...["rename", "delete", "share", "unshare", "note", "move", "place", "remove", "dismiss-removals"].map((intent) =>
        postForm(`/gameplans/${anyPlan.id}`, { intent, name: "Mine", entryId: "1", direction: "up", situation: "openers", note: "x" }),
      ),
    ];
    const responses = await Promise.all(writes);
    for (const response of responses) {
      expect(response.status).toBe(302);
      expect(locationOf(response)).toMatch(/^\/auth\?redirectTo=/);
    }
    // 'Add to gameplan' after a session ended leads back to the play it was sent from.
    expect(locationOf(responses[1])).toBe(`/auth?redirectTo=${encodeURIComponent(`${FREE_PLAY_PAGE}#add-to-gameplan`)}`);
    expect(toastFrom(responses[1])).toEqual({ kind: "error", title: "Session ended", description: "Log in again, then make your change again: it was not saved." });
    // A new gameplan's name, or a new name, comes back through the login at its form.
    expect(locationOf(responses[0])).toBe(`/auth?redirectTo=${encodeURIComponent("/gameplans#create-gameplan")}`);
    expect(locationOf(responses[2])).toBe(`/auth?redirectTo=${encodeURIComponent(`/gameplans/${anyPlan.id}#rename-gameplan`)}`);
    expect((await state.db.select().from(gameplans)).length).toBe(before);
  });

  it.each(MEMBER_ROLES)("%s: creates, adds the plays they may open, moves, notes, removes, renames, shares, unshares and deletes", async (role) => {
    const { cookie, id: userId } = members[role];
    const id = await newGameplan(cookie, `${role} plan`);
    expect(await gameplanRow(id)).toMatchObject({ userId, name: `${role} plan`, game: "college" });

    const added = await add(cookie, id, freePlay);
    expect(added.status).toBe(302);
    expect(locationOf(added)).toBe(`${FREE_PLAY_PAGE}#add-to-gameplan`);
    expect(toastFrom(added)).toEqual({ kind: "success", title: "Added to gameplan", description: `Mesh is in ${role} plan under Openers.` });
    expect((await add(cookie, id, freePlay2)).status).toBe(302);
    const premium = await add(cookie, id, premiumPlay);
    const mayOpenPremium = role === "premium" || role === "admin" || role === "superadmin";
    expect(premium.status).toBe(mayOpenPremium ? 302 : 403);
    if (!mayOpenPremium) expect(textOf(await premium.text())).toContain("You can only add plays you can open.");
    let entries = await entriesOf(id);
    expect(entries.map((entry) => entry.playId)).toEqual(mayOpenPremium ? [freePlay, freePlay2, premiumPlay] : [freePlay, freePlay2]);

    const snag = entries[1].id;
    const up = await postForm(`/gameplans/${id}`, { intent: "move", entryId: String(snag), direction: "up" }, { cookie });
    expect(up.status).toBe(302);
    expect(toastFrom(up)).toMatchObject({ kind: "success", title: "Play moved" });
    expect((await entriesOf(id))[0].id).toBe(snag);
    // Already first: nothing moves, and the answer says so.
    const again = await postForm(`/gameplans/${id}`, { intent: "move", entryId: String(snag), direction: "up" }, { cookie });
    expect(toastFrom(again)).toEqual({ kind: "success", title: "Play not moved", description: "It was already there." });
    expect((await entriesOf(id))[0].id).toBe(snag);

    const placed = await postForm(`/gameplans/${id}`, { intent: "place", entryId: String(snag), situation: "red-zone" }, { cookie });
    expect(locationOf(placed)).toBe(`/gameplans/${id}#situation-red-zone`);
    expect(toastFrom(placed)).toEqual({ kind: "success", title: "Play moved", description: "The play is in Red zone." });
    entries = await entriesOf(id);
    expect(entries.find((entry) => entry.id === snag)).toMatchObject({ situation: "red-zone", position: 0 });
    expect(entries.filter((entry) => entry.situation === "openers").map((entry) => entry.position)).toEqual(mayOpenPremium ? [0, 1] : [0]);

    const noted = await postForm(`/gameplans/${id}`, { intent: "note", entryId: String(snag), note: "Throw the corner vs Cover 2." }, { cookie });
    expect(toastFrom(noted)).toMatchObject({ kind: "success", title: "Note saved" });
    expect((await entriesOf(id)).find((entry) => entry.id === snag)!.note).toBe("Throw the corner vs Cover 2.");

    const removed = await postForm(`/gameplans/${id}`, { intent: "remove", entryId: String(entries[0].id) }, { cookie });
    expect(toastFrom(removed)).toMatchObject({ kind: "success", title: "Play removed" });
    expect((await entriesOf(id)).some((entry) => entry.id === entries[0].id)).toBe(false);
    // The removed play moved from a page opened before (another tab): refused, and said above the board.
    const stale = await postForm(`/gameplans/${id}`, { intent: "move", entryId: String(entries[0].id), direction: "up" }, { cookie });
    expect(stale.status).toBe(404);
    expect(mainOf(await stale.text())).toMatch(/<p role="alert"[^>]*>That play is not in this gameplan\.<\/p>/);

    const renamed = await postForm(`/gameplans/${id}`, { intent: "rename", name: `${role} finals` }, { cookie });
    expect(toastFrom(renamed)).toMatchObject({ kind: "success", title: "Gameplan renamed" });
    expect((await gameplanRow(id))!.name).toBe(`${role} finals`);

    expect(toastFrom(await postForm(`/gameplans/${id}`, { intent: "share" }, { cookie }))).toMatchObject({ title: "Share link created" });
    const token = (await gameplanRow(id))!.shareToken!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await get(`/gameplans/shared/${token}`)).status).toBe(200);
    expect(toastFrom(await postForm(`/gameplans/${id}`, { intent: "unshare" }, { cookie }))).toMatchObject({ title: "Sharing stopped" });
    expect((await gameplanRow(id))!.shareToken).toBeNull();
    expect((await get(`/gameplans/shared/${token}`)).status).toBe(404);

    const deleted = await postForm(`/gameplans/${id}`, { intent: "delete" }, { cookie });
    expect(locationOf(deleted)).toBe("/gameplans");
    expect(toastFrom(deleted)).toMatchObject({ kind: "success", title: "Gameplan deleted" });
    expect(await gameplanRow(id)).toBeNull();
    expect(await entriesOf(id)).toEqual([]);
  });

  it("another member's gameplan: every write is a 404 and nothing changes", async () => {
    const owner = members.premium;
    const id = await newGameplan(owner.cookie, "Not yours");
    await add(owner.cookie, id, freePlay);
    await add(owner.cookie, id, freePlay2);
    await postForm(`/gameplans/${id}`, { intent: "share" }, { cookie: owner.cookie });
    const before = { plan: await gameplanRow(id), entries: await entriesOf(id) };
    const [first, second] = before.entries;
    const stranger = await member({ subscriptionTier: "premium", subscriptionStatus: "active", accessExpiresAt: new Date(Date.now() + year) });
    const writes: Record<string, string>[] = [
      { intent: "rename", name: "Mine now" },
      { intent: "delete" },
      { intent: "share" },
      { intent: "unshare" },
      { intent: "note", entryId: String(first.id), note: "Mine" },
      { intent: "move", entryId: String(second.id), direction: "up" },
      { intent: "place", entryId: String(first.id), situation: "goal-line", index: "0" },
      { intent: "remove", entryId: String(first.id) },
      { intent: "dismiss-removals" },
    ];
    for (const fields of writes) {
      const response = await postForm(`/gameplans/${id}`, fields, { cookie: stranger.cookie });
      expect(response.status, fields.intent).toBe(404);
    }
    expect((await add(stranger.cookie, id, freePlay, "goal-line")).status).toBe(404);
    // A forged reorder: the owner's own gameplan, with an entry of someone else's.
    const theirs = await newGameplan(stranger.cookie, "Theirs");
    await add(stranger.cookie, theirs, freePlay);
    const [foreign] = await entriesOf(theirs);
    const forged: Record<string, string>[] = [
      { intent: "move", entryId: String(foreign.id), direction: "down" },
      { intent: "place", entryId: String(foreign.id), situation: "openers", index: "0" },
      { intent: "remove", entryId: String(foreign.id) },
      { intent: "note", entryId: String(foreign.id), note: "forged" },
    ];
    for (const fields of forged) {
      expect((await postForm(`/gameplans/${id}`, fields, { cookie: owner.cookie })).status, fields.intent).toBe(404);
    }
    expect({ plan: await gameplanRow(id), entries: await entriesOf(id) }).toEqual(before);
    expect(await entriesOf(theirs)).toEqual([{ ...foreign }]);
    for (const path of [`/gameplans/${id}`, `/gameplans/${id}/wristband`]) expect((await get(path, { cookie: stranger.cookie })).status).toBe(404);
  });

  it("a gameplan that is not there (deleted, tapped twice, someone else's) says 'Gameplan not found' and links back", async () => {
    const { cookie } = members.free;
    const id = await newGameplan(cookie, "Tapped twice");
    expect((await postForm(`/gameplans/${id}`, { intent: "delete" }, { cookie })).status).toBe(302);
    const again = await postForm(`/gameplans/${id}`, { intent: "delete" }, { cookie });
    expect(again.status).toBe(404);
    const pages = [await again.text(), ...(await Promise.all([`/gameplans/${id}`, `/gameplans/${id}/wristband`, "/gameplans/2147483000"].map(async (path) => {
      const response = await get(path, { cookie });
      expect(response.status, path).toBe(404);
      return response.text();
    })))];
    for (const html of pages) {
      const main = mainOf(html);
      expect(textOf(main)).toContain("Gameplan not found");
      expect(textOf(main)).toContain("This gameplan was deleted, or it is not one of yours.");
      expect(main).toContain('href="/gameplans"');
      expect(textOf(main)).not.toContain("Did you forget to add the page to the router?");
    }
  });

  it("is refused when posted from another site", async () => {
    const { cookie } = members.free;
    const response = await postForm("/gameplans", { intent: "create", name: "Cross-site", game: "college" }, { cookie, headers: { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" } });
    expect(response.status).toBe(403);
  });
});

describe("plays our team removed", () => {
  it("a play deleted from the library is listed on each gameplan that had it until its owner dismisses it; a member's own 'Remove' and another member's 'Dismiss' write nothing", async () => {
    const owner = members.premium;
    const id = await newGameplan(owner.cookie, "Told plan");
    const other = await newGameplan(owner.cookie, "Untouched plan");
    // A scheme of this test's own, so that deleting its play takes nothing from the other tests.
    const slug = `gameplan-removal-${crypto.randomUUID().slice(0, 8)}`;
    const [item] = await state.db.insert(content).values({ slug, title: "Removal Scheme", game: "college", requiredTier: "free", isPublished: false }).returning({ id: content.id });
    const [section] = await state.db.insert(contentSections).values({ contentId: item.id, slug: "trips", title: "Trips" }).returning({ id: contentSections.id });
    const [doomed, kept] = (
      await state.db
        .insert(contentPlays)
        .values([{ sectionId: section.id, slug: "doomed-post", title: "Doomed Post", position: 0 }, { sectionId: section.id, slug: "kept-curl", title: "Kept Curl", position: 1 }])
        .returning({ id: contentPlays.id })
    ).map((play) => play.id);
    await publishAsOld(slug);
    await add(owner.cookie, id, doomed, "openers");
    await add(owner.cookie, id, doomed, "red-zone");
    await add(owner.cookie, id, kept, "openers");
    await add(owner.cookie, other, kept, "openers");
    // The member's own 'Remove' is theirs to know about: no notice.
    const [ownEntry] = (await entriesOf(other)).filter((entry) => entry.playId === kept);
    expect((await postForm(`/gameplans/${other}`, { intent: "remove", entryId: String(ownEntry.id) }, { cookie: owner.cookie })).status).toBe(302);

    // The member's own note on one entry goes with the play: the notice and the data export keep it.
    await state.db.update(gameplanPlays).set({ note: "Read the apex first." }).where(and(eq(gameplanPlays.gameplanId, id), eq(gameplanPlays.playId, doomed), eq(gameplanPlays.situation, "openers")));
    await state.db.delete(contentPlays).where(eq(contentPlays.id, doomed));
    const board = textOf(mainOf(await (await get(`/gameplans/${id}`, { cookie: owner.cookie })).text()));
    expect(board).toContain("Plays were removed by our team");
    expect(board).toContain("Doomed Post (Trips, Removal Scheme), from Openers, on ");
    expect(board).toContain("Your note: Read the apex first.");
    const exported = (await (await postForm("/account-settings/export", {}, { cookie: owner.cookie })).json()) as { gameplanRemovals: { gameplanId: number; playTitle: string; situation: string; note: string | null }[] };
    expect(exported.gameplanRemovals.filter((row) => row.gameplanId === id)).toEqual([
      expect.objectContaining({ playTitle: "Doomed Post", situation: "openers", note: "Read the apex first." }),
      expect.objectContaining({ playTitle: "Doomed Post", situation: "red-zone", note: null }),
    ]);
    expect(board).toContain("Doomed Post (Trips, Removal Scheme), from Red zone, on ");
    expect(board).not.toContain("Kept Curl (");
    expect(textOf(mainOf(await (await get(`/gameplans/${other}`, { cookie: owner.cookie })).text()))).not.toContain("removed by our team");
    expect(textOf(mainOf(await (await get("/gameplans", { cookie: owner.cookie })).text()))).toContain("Plays removed by our team");
    // The shared page says nothing of it.
    await postForm(`/gameplans/${id}`, { intent: "share" }, { cookie: owner.cookie });
    expect(textOf(await (await get(`/gameplans/shared/${(await gameplanRow(id))!.shareToken}`)).text())).not.toContain("removed by our team");

    const stranger = members.free;
    const ids = (await state.db.select({ id: gameplanRemovals.id }).from(gameplanRemovals).where(eq(gameplanRemovals.gameplanId, id))).map((row) => row.id).join(",");
    expect((await postForm(`/gameplans/${id}`, { intent: "dismiss-removals", removals: ids }, { cookie: stranger.cookie })).status).toBe(404);
    // Their own gameplan with the owner's removal ids: nothing of the owner's goes.
    const theirs = await newGameplan(stranger.cookie, "Stranger plan");
    expect((await postForm(`/gameplans/${theirs}`, { intent: "dismiss-removals", removals: ids }, { cookie: stranger.cookie })).status).toBe(302);
    expect(await state.db.select().from(gameplanRemovals).where(eq(gameplanRemovals.gameplanId, id))).toHaveLength(2);

    // The notice sends what it shows; a play removed after the page was drawn is not dismissed with it.
    const shown = /name="removals" value="([\d,]+)"/.exec(await (await get(`/gameplans/${id}`, { cookie: owner.cookie })).text())![1];
    expect(shown.split(",")).toHaveLength(2);
    await state.db.delete(contentPlays).where(eq(contentPlays.id, kept));
    const dismissed = await postForm(`/gameplans/${id}`, { intent: "dismiss-removals", removals: shown }, { cookie: owner.cookie });
    expect(dismissed.status).toBe(302);
    expect(locationOf(dismissed)).toBe(`/gameplans/${id}`);
    expect(toastFrom(dismissed)).toEqual({ kind: "success", title: "Notice dismissed", description: "The list of plays our team removed is cleared." });
    const after = textOf(mainOf(await (await get(`/gameplans/${id}`, { cookie: owner.cookie })).text()));
    expect(after).toContain("A play was removed by our team");
    expect(after).toContain("Kept Curl (Trips, Removal Scheme), from Openers, on ");
    expect(after).not.toContain("Doomed Post");
    // Dismissed in its turn, the notice is gone.
    const last = /name="removals" value="([\d,]+)"/.exec(await (await get(`/gameplans/${id}`, { cookie: owner.cookie })).text())![1];
    expect((await postForm(`/gameplans/${id}`, { intent: "dismiss-removals", removals: last }, { cookie: owner.cookie })).status).toBe(302);
    expect(await state.db.select().from(gameplanRemovals).where(eq(gameplanRemovals.gameplanId, id))).toEqual([]);
    expect(textOf(mainOf(await (await get(`/gameplans/${id}`, { cookie: owner.cookie })).text()))).not.toContain("removed by our team");
    await unpublishContent([slug]);
  });
});

describe("bad input", () => {
  it("refuses a name that is empty or over 60 characters, and a game that is not one of the two", async () => {
    const { cookie, id: userId } = await member();
    for (const [fields, message] of [
      [{ name: "   ", game: "college" }, "Name is required."],
      [{ name: "x".repeat(61), game: "college" }, "The name can be at most 60 characters."],
      [{ name: "Fine", game: "fifa" }, "Choose College Football 26 or Madden NFL 26."],
    ] as const) {
      const response = await postForm("/gameplans", { intent: "create", ...fields }, { cookie });
      expect(response.status).toBe(400);
      expect(textOf(await response.text())).toContain(message);
    }
    expect(await state.db.select().from(gameplans).where(eq(gameplans.userId, userId))).toEqual([]);
    const id = await newGameplan(cookie, "x".repeat(60));
    const rename = await postForm(`/gameplans/${id}`, { intent: "rename", name: "" }, { cookie });
    expect(rename.status).toBe(400);
    expect(textOf(await rename.text())).toContain("Name is required.");
    expect((await gameplanRow(id))!.name).toBe("x".repeat(60));
  });

  it("refuses a second gameplan of one game under a name the member already uses there, created or renamed, under the name box", async () => {
    const { cookie, id: userId } = await member();
    const first = await newGameplan(cookie, "Ranked Weekend", "madden");
    // Older than a double tap.
    await state.db.update(gameplans).set({ createdAt: new Date(Date.now() - 60_000) }).where(eq(gameplans.id, first));
    const again = await postForm("/gameplans", { intent: "create", name: "ranked weekend", game: "madden" }, { cookie });
    expect(again.status).toBe(409);
    const html = await again.text();
    expect(textOf(html)).toContain("You already have a gameplan called ranked weekend for Madden NFL 26: choose another name.");
    expect(html).toMatch(/aria-invalid="true"[^>]*name="name"|name="name"[^>]*aria-invalid="true"/);
    const other = await newGameplan(cookie, "Ranked Weekend", "college");
    const rename = await postForm(`/gameplans/${first}`, { intent: "rename", name: "Finals" }, { cookie });
    expect(rename.status).toBe(302);
    const second = await newGameplan(cookie, "Ranked Weekend", "madden");
    const taken = await postForm(`/gameplans/${second}`, { intent: "rename", name: "FINALS" }, { cookie });
    expect(taken.status).toBe(409);
    expect(textOf(await taken.text())).toContain("You already have a gameplan called FINALS for Madden NFL 26: choose another name.");
    expect((await gameplanRow(second))!.name).toBe("Ranked Weekend");
    expect((await state.db.select().from(gameplans).where(eq(gameplans.userId, userId))).map((row) => [row.id, row.name]).sort()).toEqual(
      [[first, "Finals"], [other, "Ranked Weekend"], [second, "Ranked Weekend"]].sort(),
    );
  });

  it("refuses a situation not in the list, a play of the other game, a play already there, a note over 280 characters, and an unknown play", async () => {
    const { cookie } = await member();
    const id = await newGameplan(cookie);
    for (const situation of ["4th-and-long", "", "Openers"]) {
      const response = await add(cookie, id, freePlay, situation);
      expect(response.status, situation).toBe(400);
      expect(textOf(await response.text())).toContain("Choose a situation from the list.");
    }
    const madden = await add(cookie, id, maddenPlay);
    expect(madden.status).toBe(400);
    expect(textOf(await madden.text())).toContain("Week 1 is a College Football 26 gameplan; this play is from Madden NFL 26.");
    expect((await add(cookie, id, freePlay)).status).toBe(302);
    // Sent twice (a double tap without JavaScript): the play is there once, and the answer says so.
    const twice = await add(cookie, id, freePlay);
    expect(twice.status).toBe(302);
    expect(toastFrom(twice)).toMatchObject({ title: "Already in gameplan", description: "Mesh is already in Openers of Week 1." });
    expect((await entriesOf(id)).length).toBe(1);
    expect((await add(cookie, id, 999_999_999)).status).toBe(404);
    expect((await add(cookie, id, Number.NaN)).status).toBe(400);
    const [entry] = await entriesOf(id);
    const note = await postForm(`/gameplans/${id}`, { intent: "note", entryId: String(entry.id), note: "x".repeat(281) }, { cookie });
    expect(note.status).toBe(400);
    const refusedNote = await note.text();
    expect(textOf(refusedNote)).toContain("The note can be at most 280 characters.");
    // Without JavaScript the refusal is a new page: the play's 'Note, move or remove' opens on its message.
    expect(refusedNote).toMatch(/<details class="w-full" open="">\s*<summary[^>]*>Note, move or remove/);
    const move = await postForm(`/gameplans/${id}`, { intent: "place", entryId: String(entry.id), situation: "nowhere" }, { cookie });
    expect(move.status).toBe(400);
    expect(textOf(await move.text())).toContain("Choose a situation from the list.");
    expect(await entriesOf(id)).toEqual([{ ...entry, note: null }]);
    expect((await postForm("/gameplans/abc", { intent: "rename", name: "x" }, { cookie })).status).toBe(404);
    expect((await get("/gameplans/999999999", { cookie })).status).toBe(404);
  });

  it("refuses a 21st gameplan and a 61st play with a message saying the limit", async () => {
    const { cookie, id: userId } = await member();
    await state.db.insert(gameplans).values(Array.from({ length: 19 }, (_, index) => ({ userId, name: `Plan ${index}`, game: "college" as const })));
    const last = await newGameplan(cookie, "Number twenty");
    const over = await postForm("/gameplans", { intent: "create", name: "Number twenty-one", game: "college" }, { cookie });
    expect(over.status).toBe(400);
    expect(textOf(await over.text())).toContain("You can have at most 20 gameplans. Delete one to make room.");
    expect((await state.db.select().from(gameplans).where(eq(gameplans.userId, userId))).length).toBe(20);

    const plays = await state.db.select({ id: contentPlays.id, contentId: contentSections.contentId }).from(contentPlays).innerJoin(contentSections, eq(contentSections.id, contentPlays.sectionId)).innerJoin(content, eq(content.id, contentSections.contentId)).where(and(eq(content.game, "college"), eq(content.isPublished, true), eq(content.requiredTier, "free")));
    // 60 entries: each free college play in each situation until the gameplan is full.
    const rows: (typeof gameplanPlays.$inferInsert)[] = [];
    for (const situation of ["openers", "first-down", "third-short", "third-long", "red-zone", "two-minute", "vs-blitz", "goal-line"] as const) {
      for (const play of plays) if (rows.length < 60) rows.push({ gameplanId: last, playId: play.id, contentId: play.contentId, situation, position: rows.filter((row) => row.situation === situation).length });
    }
    expect(rows.length).toBe(60);
    for (let start = 0; start < rows.length; start += 10) await state.db.insert(gameplanPlays).values(rows.slice(start, start + 10));
    const unused = plays.find((play) => !rows.some((row) => row.playId === play.id && row.situation === "goal-line"))!;
    const full = await add(cookie, last, unused.id, "goal-line");
    expect(full.status).toBe(400);
    expect(textOf(await full.text())).toContain("A gameplan holds at most 60 plays. Remove one to make room.");
    expect((await entriesOf(last)).length).toBe(60);
  });
});

describe("pages", () => {
  it("each member reaches /gameplans, their gameplan and its wristband; a visitor is sent to log in", async () => {
    for (const path of ["/gameplans", "/gameplans/1", "/gameplans/1/wristband"]) {
      const response = await get(path);
      expect(response.status).toBe(302);
      expect(locationOf(response)).toBe(`/auth?redirectTo=${encodeURIComponent(path)}`);
    }
    for (const role of MEMBER_ROLES) {
      const { cookie } = members[role];
      const id = await newGameplan(cookie, `Pages ${role}`);
      await add(cookie, id, freePlay, "third-short");
      await add(cookie, id, freePlay2, "third-short");
      const list = textOf(mainOf(await (await get("/gameplans", { cookie })).text()));
      expect(list).toContain(`Pages ${role}`);
      const page = await get(`/gameplans/${id}`, { cookie });
      expect(page.status).toBe(200);
      const text = textOf(mainOf(await page.text()));
      for (const words of ["Openers", "1st down", "3rd and short", "3rd and long", "Red zone", "Two-minute", "vs Blitz", "Goal line", "Mesh", "Move up", "Move down", "Wristband"]) expect(text).toContain(words);
      const wristband = textOf(mainOf(await (await get(`/gameplans/${id}/wristband`, { cookie })).text()));
      expect(wristband).toMatch(/3rd and short.*1 Mesh Gun Bunch/i);
      // The demo staff accounts keep no test gameplans (they would follow Mesh).
      expect((await postForm(`/gameplans/${id}`, { intent: "delete" }, { cookie })).status).toBe(302);
    }
  });

  it("the play page offers 'Add to gameplan' with the member's gameplans of that game only; not to a visitor", async () => {
    const { cookie } = await member();
    const college = await newGameplan(cookie, "College plan", "college");
    await newGameplan(cookie, "Madden plan", "madden");
    const html = mainOf(await (await get(FREE_PLAY_PAGE, { cookie })).text());
    expect(textOf(html)).toContain("Add to gameplan");
    expect(html).toContain(`<option value="${college}"`);
    expect(textOf(html)).not.toContain("Madden plan");
    expect(html).toContain('action="/gameplans/add"');
    expect(textOf(mainOf(await (await get(FREE_PLAY_PAGE)).text()))).not.toContain("Add to gameplan");
    // A free member on a premium play sees the unlock screen, not the form.
    expect(textOf(mainOf(await (await get(PREMIUM_PLAY_PAGE, { cookie })).text()))).not.toContain("Add to gameplan");

    // The gameplan changed last comes first (the one being built), whatever its name.
    const aardvark = await newGameplan(cookie, "Aardvark plan", "college");
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await add(cookie, college, freePlay)).status).toBe(302);
    const options = [...mainOf(await (await get(FREE_PLAY_PAGE, { cookie })).text()).matchAll(/<option value="(\d+)"/g)].map((match) => Number(match[1]));
    expect(options.filter((id) => id === college || id === aardvark)).toEqual([college, aardvark]);
  });

  it("a gameplan started from a play goes back to it; a return address off the library is ignored", async () => {
    const { cookie } = await member();
    // The play page with no gameplan of its game links to the form with the game and itself.
    const html = mainOf(await (await get(FREE_PLAY_PAGE, { cookie })).text());
    expect(html).toContain(`href="/gameplans?game=college&amp;from=${encodeURIComponent(FREE_PLAY_PAGE)}"`);
    const form = mainOf(await (await get(`/gameplans?game=college&from=${encodeURIComponent(FREE_PLAY_PAGE)}`, { cookie })).text());
    expect(form).toContain(`name="returnTo" value="${FREE_PLAY_PAGE}"`);
    const back = await postForm("/gameplans", { intent: "create", name: "From the play", game: "college", returnTo: FREE_PLAY_PAGE }, { cookie });
    expect(back.status).toBe(302);
    expect(locationOf(back)).toBe(`${FREE_PLAY_PAGE}#add-to-gameplan`);
    for (const returnTo of ["https://evil.example/content/x", "//evil.example/content/x", "/admin", "/content\\x"]) {
      const response = await postForm("/gameplans", { intent: "create", name: "Elsewhere", game: "college", returnTo }, { cookie });
      expect(response.status, returnTo).toBe(302);
      expect(locationOf(response), returnTo).toMatch(/^\/gameplans\/\d+$/);
    }
    // Off the library, the form carries no return address at all.
    expect(mainOf(await (await get("/gameplans?from=%2Fadmin", { cookie })).text())).not.toContain('name="returnTo"');
  });

  it("a play the member can no longer open stays listed by name, marked locked, without its link", async () => {
    const viewer = await member({ subscriptionTier: "premium", subscriptionStatus: "active", accessExpiresAt: new Date(Date.now() + year) });
    const id = await newGameplan(viewer.cookie);
    expect((await add(viewer.cookie, id, premiumPlay)).status).toBe(302);
    await updateMember(viewer.id, { accessExpiresAt: new Date(Date.now() - 1000), subscriptionStatus: "cancelled" });
    const html = mainOf(await (await get(`/gameplans/${id}`, { cookie: viewer.cookie })).text());
    expect(textOf(html)).toMatch(/Cover 3 Match\s+Locked/);
    expect(html).not.toContain(`href="${PREMIUM_PLAY_PAGE}"`);
  });

  it("each play carries its patch badge; nerfed plays are called out above the board and marked on the call sheet and the wristband", async () => {
    const viewer = await member({ subscriptionTier: "premium", subscriptionStatus: "active", accessExpiresAt: new Date(Date.now() + year) });
    const id = await newGameplan(viewer.cookie);
    const nerfed = await playId(PREMIUM_SCHEME, "335-split", "sugar-a-gap-blitz");
    expect((await add(viewer.cookie, id, nerfed)).status).toBe(302);
    // Called in two situations, it is still one nerfed play.
    expect((await add(viewer.cookie, id, nerfed, "third-long")).status).toBe(302);
    expect((await add(viewer.cookie, id, premiumPlay)).status).toBe(302);
    const html = await (await get(`/gameplans/${id}`, { cookie: viewer.cookie })).text();
    const text = textOf(mainOf(html));
    expect(text).toMatch(/Sugar A-Gap Blitz\s+Nerfed in \d+\.\d+/);
    expect(text).toMatch(/Cover 3 Match\s+(Verified on \d+\.\d+|Works with adjustment|Needs re-test after \d+\.\d+)/);
    expect(text).toContain("1 play is nerfed on the current title update: open it for our staff's note on what changed.");
    // The call sheet (printed from this page) and the wristband mark it on paper.
    const sheet = html.slice(html.indexOf('aria-label="Call sheet"'));
    expect(textOf(sheet)).toMatch(/Sugar A-Gap Blitz\s*✕ Nerfed/);
    const wristband = textOf(mainOf(await (await get(`/gameplans/${id}/wristband`, { cookie: viewer.cookie })).text()));
    expect(wristband).toMatch(/Sugar A-Gap Blitz\s*✕ Nerfed/);
  });
});

describe("the shared page", () => {
  it("shows names and situations only (nothing premium in its raw HTML), noindex, never stored by a shared cache, and a call to join", async () => {
    const { cookie } = members.premium;
    const id = await newGameplan(cookie, "Shared plan");
    await add(cookie, id, premiumPlay, "third-long");
    await add(cookie, id, freePlay, "openers");
    await postForm(`/gameplans/${id}`, { intent: "share" }, { cookie });
    const [entry] = await entriesOf(id);
    await postForm(`/gameplans/${id}`, { intent: "note", entryId: String(entry.id), note: "Private thoughts of the owner" }, { cookie });
    const token = (await gameplanRow(id))!.shareToken!;
    const response = await get(`/gameplans/shared/${token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const raw = await response.text();
    expect(headOf(raw).meta("robots")).toContain("noindex");
    const text = textOf(mainOf(raw));
    for (const words of ["Shared plan", "3rd and long", "Cover 3 Match", "3-3-5 Tite", "Openers", "Mesh", "Join Gridiron Playbook"]) expect(text).toContain(words);
    const { writeUps, videos } = premiumStringsOf(seedItem(PREMIUM_SCHEME));
    for (const fragment of writeUps) expect(raw).not.toContain(fragment);
    for (const video of videos) expect(raw).not.toContain(video);
    expect(raw).not.toMatch(/\/media\/[^"]*(formation|play)-/);
    expect(raw).not.toContain("Private thoughts of the owner");
    expect(raw).not.toContain(PREMIUM_PLAY_PAGE);
  });

  it("a revoked or made-up token shows 'This gameplan is no longer shared' with status 404", async () => {
    const { cookie } = members.free;
    const id = await newGameplan(cookie, "Soon private");
    await postForm(`/gameplans/${id}`, { intent: "share" }, { cookie });
    const token = (await gameplanRow(id))!.shareToken!;
    await postForm(`/gameplans/${id}`, { intent: "unshare" }, { cookie });
    for (const path of [`/gameplans/shared/${token}`, "/gameplans/shared/made-up", `/gameplans/shared/${"A".repeat(32)}`]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      const raw = await response.text();
      expect(textOf(mainOf(raw))).toContain("This gameplan is no longer shared");
      expect(raw).not.toContain("Soon private");
    }
    // Sharing again makes a new link; the old one stays dead.
    await postForm(`/gameplans/${id}`, { intent: "share" }, { cookie });
    expect((await gameplanRow(id))!.shareToken).not.toBe(token);
    expect((await get(`/gameplans/shared/${token}`)).status).toBe(404);
  });
});

describe("notifications", () => {
  // A scheme of this test's own (published as old content, unpublished afterwards): nobody else
  // follows it, so its changes reach no other test's members.
  const slug = `gameplan-notify-${crypto.randomUUID().slice(0, 8)}`;
  const ids = { scheme: 0, planned: 0, other: 0 };

  beforeAll(async () => {
    const [item] = await state.db.insert(content).values({ slug, title: "Gameplan Notify", game: "college", requiredTier: "free", isPublished: false }).returning({ id: content.id });
    const [section] = await state.db.insert(contentSections).values({ contentId: item.id, slug: "gun", title: "Gun" }).returning({ id: contentSections.id });
    const plays = await state.db
      .insert(contentPlays)
      .values([{ sectionId: section.id, slug: "planned", title: "Planned", position: 0 }, { sectionId: section.id, slug: "other", title: "Other", position: 1 }])
      .returning({ id: contentPlays.id });
    Object.assign(ids, { scheme: item.id, planned: plays[0].id, other: plays[1].id });
    await publishAsOld(slug);
  });
  afterAll(async () => {
    await unpublishContent([slug]);
  });

  it("a play in a gameplan counts like a favourite: its changes after it was added reach the member once; other plays of its scheme do not", async () => {
    const viewer = await member();
    const id = await newGameplan(viewer.cookie);
    expect((await add(viewer.cookie, id, ids.planned, "openers")).status).toBe(302);
    expect((await add(viewer.cookie, id, ids.planned, "red-zone")).status).toBe(302);
    const at = Date.now() + 1000;
    await state.db.insert(statusChanges).values([
      { itemKind: "play", contentId: ids.scheme, playId: ids.planned, fromStatus: "verified", toStatus: "adjusted", note: "Gameplan test: adjusted.", notify: true, changedAt: new Date(at) },
      { itemKind: "play", contentId: ids.scheme, playId: ids.other, fromStatus: "verified", toStatus: "nerfed", note: "Gameplan test: other play.", notify: true, changedAt: new Date(at) },
      { itemKind: "play", contentId: ids.scheme, playId: ids.planned, fromStatus: "verified", toStatus: "nerfed", note: "Before it was added.", notify: true, changedAt: new Date(Date.now() - 86_400_000) },
    ]);
    const html = await (await get("/notifications", { cookie: viewer.cookie })).text();
    const links = [...html.matchAll(new RegExp(`href="(/content/${slug}[^"]*)"`, "g"))].map((match) => match[1]);
    expect(links).toEqual([`/content/${slug}/section/gun/play/planned`]);
    expect(await (await get("/college", { cookie: viewer.cookie })).text()).toContain('aria-label="Notifications, 1 unread"');
  });
});

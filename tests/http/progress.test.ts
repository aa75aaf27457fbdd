import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { content, favorites, playProgress, statusChanges } from "../../db/schema";
import { createSignedInMember, toastFrom } from "../support/accounts";
import { mainOf, textOf } from "../support/html";
import { get, postForm, signIn } from "../support/http";
import { storedPlayId } from "../support/library";
import { locationOf } from "../support/staff";
import { testState, type TestState } from "../support/test-state";

// The install tracker over HTTP: the stage form of a play page and the player's position saves
// (/progress/position) for visitors, free, expired and premium members and both staff roles; bad
// input changes nothing; the floods of saves are limited; and what the member then sees: the play
// list, the scheme's bar, /home's 'Continue where you left off', 'My playbook' with its reset, and
// status changes of the plays in progress among their notifications.

let state: TestState;

const FREE_SCHEME = "cfb26-spread-rpo-attack";
const FREE_MESH = `/content/${FREE_SCHEME}/section/gun-bunch/play/mesh`;
const PREMIUM_SCHEME = "cfb26-335-tite-defense";
const PREMIUM_PLAY = `/content/${PREMIUM_SCHEME}/section/335-tite/play/cover-3-match`;

type Role = "visitor" | "free" | "expired" | "premium" | "admin" | "superadmin";
const members = {} as Record<Exclude<Role, "visitor">, { cookie: string; id: string }>;
/** A play of a premium scheme (a YouTube one: the seed's self-hosted plays are in free schemes). */
let premiumPlayId: number;
let freeMeshId: number;
let youtubePlayId: number;

const member = createSignedInMember;

const playId = storedPlayId;

async function rowsOf(userId: string) {
  return state.db.select().from(playProgress).where(eq(playProgress.userId, userId));
}

async function rowOf(userId: string, id: number) {
  const [row] = await state.db.select().from(playProgress).where(and(eq(playProgress.userId, userId), eq(playProgress.playId, id)));
  return row ?? null;
}

const year = 365 * 86_400_000;

/** A routine position save is written after the answer (waitUntil): its row, once it has landed. */
async function landed(userId: string, id: number, expected: Record<string, unknown>) {
  const deadline = Date.now() + 3_000;
  for (;;) {
    const row = await rowOf(userId, id);
    if (row && Object.entries(expected).every(([key, value]) => (row as Record<string, unknown>)[key] === value)) return row;
    if (Date.now() > deadline) return row;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Long enough for a save written after its answer to have landed, had it not been dropped. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1_000));

beforeAll(async () => {
  state = await testState();
  members.free = await member({});
  members.expired = await member({ subscriptionTier: "premium", subscriptionStatus: "cancelled", accessExpiresAt: new Date(Date.now() - 86_400_000) });
  members.premium = await member({ subscriptionTier: "premium", subscriptionStatus: "active", accessExpiresAt: new Date(Date.now() + year) });
  const admin = await signIn("admin");
  const superadmin = await signIn("superadmin");
  const staffIds = await state.d1.prepare("SELECT id, role FROM users WHERE email IN ('admin@example.com', 'superadmin@example.com')").all<{ id: string; role: string }>();
  members.admin = { cookie: admin, id: staffIds.results.find((row) => row.role === "admin")!.id };
  members.superadmin = { cookie: superadmin, id: staffIds.results.find((row) => row.role === "superadmin")!.id };

  freeMeshId = await playId(FREE_SCHEME, "gun-bunch", "mesh");
  youtubePlayId = await playId(FREE_SCHEME, "gun-bunch", "snag");
  premiumPlayId = await playId(PREMIUM_SCHEME, "335-tite", "cover-3-match");
});

const cookieOf = (role: Role) => (role === "visitor" ? undefined : members[role].cookie);
const beacon = (fields: Record<string, string>, cookie?: string, headers?: Record<string, string>) => postForm("/progress/position", fields, { cookie, headers });

describe("the stage form of a play", () => {
  it.each([
    ["visitor", 401],
    ["free", 403],
    ["expired", 403],
    ["premium", 302],
    ["admin", 302],
    ["superadmin", 302],
  ] as const)("on a premium play: %s gets %i, and only those allowed store a stage", async (role, status) => {
    const response = await postForm(PREMIUM_PLAY, { intent: "progress", stage: "practised" }, { cookie: cookieOf(role) });
    expect(response.status).toBe(status);
    if (role === "visitor") return;
    const id = await playId(PREMIUM_SCHEME, "335-tite", "cover-3-match");
    const row = await rowOf(members[role].id, id);
    if (status === 302) {
      expect(locationOf(response)).toBe(`${PREMIUM_PLAY}#progress`);
      expect(toastFrom(response)).toEqual({ kind: "success", title: "Progress saved", description: "Marked as Practised." });
      expect(row).toMatchObject({ stage: "practised" });
      expect(row!.startedAt).not.toBeNull();
    } else {
      expect(row).toBeNull();
    }
  });

  it("a free member tracks the plays of a free scheme; with JavaScript the answer is data, not a redirect", async () => {
    const response = await postForm(`${FREE_MESH}.data`, { intent: "progress", stage: "game-ready" }, { cookie: members.free.cookie });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Marked as Game-ready.");
    expect(await rowOf(members.free.id, freeMeshId)).toMatchObject({ stage: "game-ready" });
    // Back to not started keeps the row (and when it started), at the first stage.
    expect((await postForm(FREE_MESH, { intent: "progress", stage: "not-started" }, { cookie: members.free.cookie })).status).toBe(302);
    expect(await rowOf(members.free.id, freeMeshId)).toMatchObject({ stage: "not-started" });
  });

  it("refuses a stage that is not one of the four, an unknown play, a formation URL without a play, and a draft's play", async () => {
    const { id, cookie } = await member({ subscriptionTier: "premium", subscriptionStatus: "active", accessExpiresAt: new Date(Date.now() + year) });
    for (const stage of ["mastered", "", "Game-ready", "watched "]) {
      const response = await postForm(FREE_MESH, { intent: "progress", stage }, { cookie });
      expect(response.status, stage).toBe(400);
      // Without JavaScript the page that comes back says why.
      expect(await response.text(), stage).toMatch(/<p role="alert"[^>]*>Choose Not started, Watched, Practised or Game-ready\.<\/p>/);
    }
    expect((await postForm(FREE_MESH, { intent: "progress" }, { cookie })).status).toBe(400);
    expect((await postForm(`/content/${FREE_SCHEME}/section/gun-bunch/play/no-such-play`, { intent: "progress", stage: "watched" }, { cookie })).status).toBe(404);
    expect((await postForm(`/content/${FREE_SCHEME}/section/gun-bunch`, { intent: "progress", stage: "watched" }, { cookie })).status).toBe(404);
    const [draft] = await state.db.select({ slug: content.slug }).from(content).where(eq(content.isPublished, false)).limit(1);
    expect((await postForm(`/content/${draft.slug}/section/any/play/any`, { intent: "progress", stage: "watched" }, { cookie })).status).toBe(404);
    expect(await rowsOf(id)).toEqual([]);
  });

  it("is refused when posted from another site", async () => {
    const response = await postForm(FREE_MESH, { intent: "progress", stage: "watched" }, { cookie: members.premium.cookie, headers: { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" } });
    expect(response.status).toBe(403);
    expect(await rowOf(members.premium.id, freeMeshId)).toBeNull();
  });
});

describe("position saves (/progress/position)", () => {
  it.each([
    ["visitor", 401, 401],
    ["free", 403, 204],
    ["expired", 403, 204],
    ["premium", 400, 204],
    ["admin", 400, 204],
    ["superadmin", 400, 204],
  ] as const)("%s: a premium play answers %i (rights before anything else), the free self-hosted Mesh %i, and only that is stored", async (role, premium, free) => {
    const cookie = cookieOf(role);
    // Past the rights, a premium play is refused for not being self-hosted (no premium self-hosted play in the seed).
    expect((await beacon({ play: String(premiumPlayId), position: "3.4", duration: "7.0" }, cookie)).status).toBe(premium);
    expect((await beacon({ play: String(freeMeshId), position: "3.4", duration: "7.0" }, cookie)).status).toBe(free);
    if (role === "visitor") return;
    await settle();
    // No position on the premium play (its row, if any, is the stage form's above).
    expect((await rowOf(members[role].id, premiumPlayId))?.positionSeconds ?? null).toBeNull();
    expect(await landed(members[role].id, freeMeshId, { positionSeconds: 3 })).toMatchObject({ positionSeconds: 3 });
  });

  it("keeps at most one save per play in five seconds, except the one past 90% that marks the play watched", async () => {
    const { id, cookie } = await member({});
    expect((await beacon({ play: String(freeMeshId), position: "2", duration: "7" }, cookie)).status).toBe(204);
    const first = await landed(id, freeMeshId, { positionSeconds: 2 });
    expect(first).toMatchObject({ positionSeconds: 2, stage: "not-started", startedAt: null });
    // Dropped quietly: still 204, nothing written.
    for (const position of ["3", "4", "5"]) expect((await beacon({ play: String(freeMeshId), position, duration: "7" }, cookie)).status).toBe(204);
    await settle();
    expect(await rowOf(id, freeMeshId)).toEqual(first);
    // Past 90%: written at once, and the play is watched.
    expect((await beacon({ play: String(freeMeshId), position: "6.5", duration: "7" }, cookie)).status).toBe(204);
    const watched = await rowOf(id, freeMeshId);
    expect(watched).toMatchObject({ positionSeconds: 6, stage: "watched" });
    expect(watched!.startedAt).not.toBeNull();
    // Bad input within the five seconds is still refused, and changes nothing.
    expect((await beacon({ play: String(freeMeshId), position: "7.5", duration: "7" }, cookie)).status).toBe(400);
    const refused = await beacon({ play: String(freeMeshId), position: "-1", duration: "7" }, cookie);
    expect(refused.status).toBe(400);
    // Plain text, as labelled (not a JSON string in quotes).
    expect(refused.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await refused.text()).toBe("The position cannot be below 0.");
    // Once past 5 seconds (real time: the server remembers its own last save too), the next save lands again.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, watched!.positionSavedAt!.getTime() + 5_100 - Date.now())));
    expect((await beacon({ play: String(freeMeshId), position: "1.2", duration: "7" }, cookie)).status).toBe(204);
    expect(await landed(id, freeMeshId, { positionSeconds: 1 })).toMatchObject({ positionSeconds: 1, stage: "watched" });
  });

  it("a short video played to its end: the end save lands right after the 90% one, and no resume is offered", async () => {
    const { id, cookie } = await member({});
    expect((await beacon({ play: String(freeMeshId), position: "6.39", duration: "7" }, cookie)).status).toBe(204);
    expect(await landed(id, freeMeshId, { positionSeconds: 6 })).toMatchObject({ stage: "watched" });
    // The 'ended' save, 0.6 s later.
    expect((await beacon({ play: String(freeMeshId), position: "7", duration: "7" }, cookie)).status).toBe(204);
    expect(await landed(id, freeMeshId, { positionSeconds: 7 })).toMatchObject({ positionSeconds: 7, stage: "watched" });
    expect((await (await get(FREE_MESH, { cookie })).text()).replaceAll("<!-- -->", "")).not.toContain("Resume from");
  });

  it("never lowers a stage the member set: a practised play stays practised when played to the end", async () => {
    const { id, cookie } = await member({});
    expect((await postForm(FREE_MESH, { intent: "progress", stage: "practised" }, { cookie })).status).toBe(302);
    expect((await beacon({ play: String(freeMeshId), position: "6.9", duration: "7" }, cookie)).status).toBe(204);
    expect(await landed(id, freeMeshId, { positionSeconds: 6 })).toMatchObject({ stage: "practised", positionSeconds: 6 });
  });

  it("refuses bad input with a 4xx and stores nothing", async () => {
    const { id, cookie } = await member({});
    const cases: [Record<string, string>, number][] = [
      [{ play: String(freeMeshId), position: "-1", duration: "7" }, 400],
      [{ play: String(freeMeshId), position: "7.5", duration: "7" }, 400],
      [{ play: String(freeMeshId), position: "30", duration: "60" }, 400],
      [{ play: String(freeMeshId), position: "abc", duration: "7" }, 400],
      [{ play: String(freeMeshId), position: "", duration: "7" }, 400],
      [{ play: String(freeMeshId), position: "3", duration: "0" }, 400],
      [{ play: String(freeMeshId), position: "3", duration: "Infinity" }, 400],
      [{ play: String(freeMeshId), position: "3" }, 400],
      [{ play: "abc", position: "3", duration: "7" }, 400],
      [{ play: "1.5", position: "3", duration: "7" }, 400],
      [{ position: "3", duration: "7" }, 400],
      [{ play: "999999999", position: "3", duration: "7" }, 404],
      [{ play: String(youtubePlayId), position: "3", duration: "7" }, 400],
    ];
    for (const [fields, status] of cases) {
      const response = await beacon(fields, cookie);
      expect(response.status, JSON.stringify(fields)).toBe(status);
    }
    await settle();
    expect(await rowsOf(id)).toEqual([]);
    expect((await get("/progress/position", { cookie })).status).toBe(405);
    const crossSite = await beacon({ play: String(freeMeshId), position: "3", duration: "7" }, cookie, { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    expect(await rowsOf(id)).toEqual([]);
  });

  it("a stage sent without JavaScript after the session ended says so, with a way to log in back to the play", async () => {
    const response = await postForm(FREE_MESH, { intent: "progress", stage: "practised" });
    expect(response.status).toBe(401);
    const html = await response.text();
    expect(html).toContain("Log in to continue.");
    expect(html).toContain(`href="/auth?redirectTo=${encodeURIComponent(FREE_MESH)}"`);
  });

  it("a beacon with a session cookie that is not a session is refused", async () => {
    const response = await beacon({ play: String(freeMeshId), position: "3", duration: "7" }, "session=not-a-session");
    expect(response.status).toBe(401);
  });
});

describe("what the member sees", () => {
  let viewer: { id: string; cookie: string };

  beforeAll(async () => {
    viewer = await member({ subscriptionTier: "premium", subscriptionStatus: "active", accessExpiresAt: new Date(Date.now() + year), firstName: "Casey" });
    for (const [play, stage] of [
      ["gun-trips-te/inside-zone-bubble", "game-ready"],
      ["gun-trips-te/stick", "game-ready"],
      ["gun-bunch/mesh", "watched"],
    ] as const) {
      const response = await postForm(`/content/${FREE_SCHEME}/section/${play.replace("/", "/play/")}`, { intent: "progress", stage }, { cookie: viewer.cookie });
      expect(response.status).toBe(302);
    }
    await beacon({ play: String(freeMeshId), position: "4.2", duration: "7" }, viewer.cookie);
    await landed(viewer.id, freeMeshId, { positionSeconds: 4 });
  });

  it("the play page: the stage pressed, each play's stage in the list, and the resume point for the self-hosted video", async () => {
    const html = mainOf(await (await get(FREE_MESH, { cookie: viewer.cookie })).text());
    expect(html).toMatch(/<button[^>]*aria-pressed="true"[^>]*>Watched<\/button>/);
    expect(html.match(/aria-pressed="true"/g)).toHaveLength(1);
    expect(textOf(html)).toContain("Your progress");
    expect(textOf(html)).toContain("Resume from 0:04");
    const trips = mainOf(await (await get(`/content/${FREE_SCHEME}/section/gun-trips-te`, { cookie: viewer.cookie })).text());
    expect(textOf(trips)).toMatch(/Inside Zone Bubble RPO\s*GR\s*Game-ready/);
  });

  it("the scheme page and its card show 'n of m plays game-ready'", async () => {
    const scheme = textOf(mainOf(await (await get(`/content/${FREE_SCHEME}`, { cookie: viewer.cookie })).text()));
    expect(scheme).toContain("2 of 9 plays game-ready");
    expect(scheme).toContain("3 watched");
    const listing = textOf(mainOf(await (await get("/college", { cookie: viewer.cookie })).text()));
    expect(listing).toContain("2 of 9 plays game-ready");
  });

  it("/home continues with the next play to learn; a finished scheme is not offered", async () => {
    const home = mainOf(await (await get("/home", { cookie: viewer.cookie })).text());
    expect(textOf(home)).toContain("Continue where you left off");
    expect(home).toContain(`href="/content/${FREE_SCHEME}/section/gun-trips-te/play/four-verticals"`);
    expect(textOf(home)).toContain("Next: Four Verticals");
  });

  it("nobody else sees the member's progress", async () => {
    const other = await member({ subscriptionTier: "premium", subscriptionStatus: "active", accessExpiresAt: new Date(Date.now() + year) });
    const scheme = textOf(mainOf(await (await get(`/content/${FREE_SCHEME}`, { cookie: other.cookie })).text()));
    expect(scheme).not.toContain("plays game-ready");
    expect(textOf(mainOf(await (await get("/home", { cookie: other.cookie })).text()))).not.toContain("Continue where you left off");
    const visitor = mainOf(await (await get(FREE_MESH)).text());
    expect(textOf(visitor)).not.toContain("Your progress");
    expect(textOf(visitor)).not.toContain("Resume from");
  });

  it("'My playbook' lists the scheme with its bar, asks before a reset, and the reset clears only that scheme", async () => {
    const { id, cookie } = await member({});
    for (const path of [FREE_MESH, `/content/madden26-gun-bunch-quick-pass/section/gun-bunch-wk/play/mesh-spot`]) {
      expect((await postForm(path, { intent: "progress", stage: "watched" }, { cookie })).status).toBe(302);
    }
    const settings = textOf(mainOf(await (await get("/account-settings", { cookie })).text()));
    expect(settings).toContain("My playbook");
    expect(settings).toContain("0 of 9 plays game-ready");
    const confirm = mainOf(await (await get(`/account-settings?reset=${FREE_SCHEME}`, { cookie })).text());
    expect(textOf(confirm)).toContain("Yes, reset progress");
    const [scheme] = await state.db.select({ id: content.id }).from(content).where(eq(content.slug, FREE_SCHEME));
    // A member without progress in the scheme resets nothing (of theirs or anyone's), nor does a forged id.
    const stranger = await member({});
    expect((await postForm("/account-settings", { intent: "reset-progress", scheme: String(scheme.id) }, { cookie: stranger.cookie })).status).toBe(404);
    expect((await postForm("/account-settings", { intent: "reset-progress", scheme: "abc" }, { cookie })).status).toBe(404);
    const response = await postForm("/account-settings", { intent: "reset-progress", scheme: String(scheme.id) }, { cookie });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe("/account-settings#playbook");
    expect(toastFrom(response)).toMatchObject({ kind: "success", title: "Progress reset" });
    const left = await rowsOf(id);
    expect(left).toHaveLength(1);
    expect(left[0].contentId).not.toBe(scheme.id);
    const visitor = await postForm("/account-settings", { intent: "reset-progress", scheme: String(scheme.id) });
    expect(locationOf(visitor)).toMatch(/^\/auth\?redirectTo=/);
  });
});

describe("notifications about plays in progress", () => {
  it("a play in progress counts like a favourite: its changes and its scheme's reach the member once; a play not started does not", async () => {
    const { id, cookie } = await member({ subscriptionTier: "premium", subscriptionStatus: "active", accessExpiresAt: new Date(Date.now() + year) });
    const hour = 3_600_000;
    await state.db.insert(playProgress).values([
      { userId: id, playId: freeMeshId, contentId: (await schemeId(FREE_SCHEME)), stage: "practised", startedAt: new Date(Date.now() - hour) },
      { userId: id, playId: youtubePlayId, contentId: (await schemeId(FREE_SCHEME)), stage: "not-started", positionSeconds: 2, startedAt: null },
    ]);
    // Favourited too: the scheme's change must still be listed once.
    await state.db.insert(favorites).values({ userId: id, contentId: await schemeId(FREE_SCHEME), createdAt: new Date(Date.now() - hour) });
    const contentId = await schemeId(FREE_SCHEME);
    const at = Date.now() - 60_000;
    await state.db.insert(statusChanges).values([
      { itemKind: "play", contentId, playId: freeMeshId, fromStatus: "verified", toStatus: "nerfed", note: "Progress test: mesh nerfed.", notify: true, changedAt: new Date(at) },
      { itemKind: "content", contentId, fromStatus: "verified", toStatus: "adjusted", note: "Progress test: scheme adjusted.", notify: true, changedAt: new Date(at + 1) },
    ]);
    const response = await get("/notifications", { cookie });
    const html = await response.text();
    const links = [...html.matchAll(/href="(\/content\/cfb26-spread-rpo-attack[^"]*)"/g)].map((match) => match[1]);
    expect(links.filter((link) => link === FREE_MESH)).toHaveLength(1);
    expect(links.filter((link) => link === `/content/${FREE_SCHEME}`)).toHaveLength(1);
    // Only a member with progress (and no favourite) on another play of the scheme: the mesh change is not theirs.
    const bystander = await member({});
    await state.db.insert(playProgress).values({ userId: bystander.id, playId: youtubePlayId, contentId, stage: "watched", startedAt: new Date(Date.now() - hour) });
    const theirs = await (await get("/notifications", { cookie: bystander.cookie })).text();
    expect(theirs).not.toContain(`href="${FREE_MESH}"`);
    expect(theirs).toContain(`href="/content/${FREE_SCHEME}"`);
  });
});

async function schemeId(slug: string) {
  const [row] = await state.db.select({ id: content.id }).from(content).where(eq(content.slug, slug));
  return row.id;
}

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { content, contentPlays, contentSections, gameplanPlays, gameplans } from "../../db/schema";
import { createMember, isSignedIn, messagesTo, toastFrom } from "../support/accounts";
import { get, postForm, signIn, signInWith } from "../support/http";
import { responseText } from "../support/html";
import { DEMO_PASSWORD } from "../../db/seed";
import { testState } from "../support/test-state";
import { avatarKeyOf, commentsWithText, fillMemberData, r2Has, rowsOf, uploadAvatar } from "../support/trust";

async function memberWithData(label: string) {
  const member = await createMember({ firstName: label });
  const cookie = await signInWith(member.email, DEMO_PASSWORD);
  const filled = await fillMemberData(member.id, label);
  return { member, cookie, ...filled };
}

function exportData(cookie: string, fields: Record<string, string> = {}) {
  return postForm("/account-settings/export", fields, { cookie });
}

function deleteOwnAccount(cookie: string, fields: Record<string, string>) {
  return postForm("/account-settings", { intent: "delete-account", ...fields }, { cookie });
}

describe("Download my data", () => {
  it("gives a JSON file of everything of the member's own, and nothing of another member or any secret", async () => {
    const alice = await memberWithData("Alice");
    const bob = await memberWithData("Bob");
    expect((await uploadAvatar(alice.cookie)).status).toBe(302);

    const response = await exportData(alice.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("application/json");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="gridiron-playbook-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    const text = await response.text();
    const data = JSON.parse(text);

    expect(data.profile).toMatchObject({ id: alice.member.id, email: alice.member.email, firstName: "Alice", hasPassword: true, subscriptionTier: "free", notifyDigest: true });
    expect(data.profile.profileImageUrl).toMatch(/^\/media\/avatars\//);
    expect(data.comments.map((row: { comment: string }) => row.comment)).toEqual([alice.commentText]);
    expect(data.comments[0].contentSlug).toBe(alice.schemeSlug);
    expect(data.ratings).toEqual([expect.objectContaining({ contentSlug: alice.schemeSlug, rating: 4 })]);
    expect(data.favorites).toEqual([expect.objectContaining({ contentSlug: alice.schemeSlug })]);
    expect(data.tips.map((row: { tipDescription: string }) => row.tipDescription)).toEqual([alice.tipText]);
    expect(data.progress).toEqual([expect.objectContaining({ schemeSlug: alice.schemeSlug, stage: "watched" })]);
    expect(data.linkedAccounts).toEqual([expect.objectContaining({ provider: "discord" })]);
    expect(data.digests).toHaveLength(1);
    for (const section of ["notificationsRead", "contactMessages"]) expect(Array.isArray(data[section]), section).toBe(true);

    // Nothing of Bob's; no secret of Alice's.
    for (const foreign of [bob.member.id, bob.member.email, bob.commentText, bob.tipText]) expect(text).not.toContain(foreign);
    for (const secret of ["passwordHash", "password_hash", "$argon2", "tokenHash", "token_hash", "sessionsValidAfter", "providerUserId"]) {
      expect(text, secret).not.toContain(secret);
    }
    expect(text).not.toContain(alice.member.passwordHash!);
  });

  it("lists each gameplan apart (two of one name included), its plays in board order", async () => {
    const alice = await memberWithData("Dana");
    const { db } = await testState();
    const plays = await db
      .select({ id: contentPlays.id, contentId: contentSections.contentId })
      .from(contentPlays)
      .innerJoin(contentSections, eq(contentSections.id, contentPlays.sectionId))
      .innerJoin(content, eq(content.id, contentSections.contentId))
      .where(eq(content.slug, alice.schemeSlug))
      .limit(2);
    const [first, second] = await db
      .insert(gameplans)
      .values([{ userId: alice.member.id, name: "Tonight", game: "college" }, { userId: alice.member.id, name: "Tonight", game: "college" }])
      .returning({ id: gameplans.id });
    await db.insert(gameplanPlays).values([
      { gameplanId: first.id, playId: plays[1].id, contentId: plays[1].contentId, situation: "openers", position: 1 },
      { gameplanId: first.id, playId: plays[0].id, contentId: plays[0].contentId, situation: "openers", position: 0 },
    ]);
    const data = JSON.parse(await (await exportData(alice.cookie)).text());
    const mine = data.gameplans.filter((row: { gameplanId: number }) => row.gameplanId === first.id || row.gameplanId === second.id);
    expect(mine.map((row: { gameplanId: number; position: number | null }) => [row.gameplanId, row.position])).toEqual([
      [first.id, 0],
      [first.id, 1],
      [second.id, null],
    ]);
    expect(mine[0]).toEqual(expect.objectContaining({ gameplan: "Tonight", createdAt: expect.anything(), updatedAt: expect.anything() }));
  });

  it("answers 403 to a request that names another account, and sends a visitor to log in", async () => {
    const alice = await memberWithData("Alice");
    const bob = await createMember();
    const forged = await exportData(alice.cookie, { userId: bob.id });
    expect(forged.status).toBe(403);
    const refusal = await forged.text();
    expect(refusal).not.toContain(bob.email);
    // A sentence, not a JSON string in quotes.
    expect(refusal).toBe("You can only download your own data.");
    const visitor = await postForm("/account-settings/export", {});
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/auth\?redirectTo=/);
    // Where that login leads back (a page, not the POST): the card whose button downloads the file.
    const opened = await get("/account-settings/export", { cookie: alice.cookie });
    expect(opened.status).toBe(302);
    expect(opened.headers.get("Location")).toBe("/account-settings#your-data");
  });

  it("shows the 'Your data' and 'Delete account' cards", async () => {
    const { cookie } = await memberWithData("Carol");
    const html = await responseText(await get("/account-settings", { cookie }));
    expect(html).toContain('id="your-data"');
    expect(html).toContain("Download my data");
    expect(html).toContain('id="delete-account"');
    expect(html).toContain("Type DELETE to confirm");
  });
});

describe("Delete account", () => {
  it("refuses a wrong password or a mistyped confirmation, and deletes nothing", async () => {
    const alice = await memberWithData("Alice");
    const before = await rowsOf(alice.member.id);
    const wrongPassword = await deleteOwnAccount(alice.cookie, { password: "Not#TheRight1", confirmation: "DELETE" });
    expect(wrongPassword.status).toBe(400);
    expect(await wrongPassword.text()).toContain("Password is incorrect");
    const mistyped = await deleteOwnAccount(alice.cookie, { password: DEMO_PASSWORD, confirmation: "DELET" });
    expect(mistyped.status).toBe(400);
    expect(await mistyped.text()).toContain("Type DELETE to confirm");
    // Both left empty: both are said at once.
    const empty = await (await deleteOwnAccount(alice.cookie, {})).text();
    expect(empty).toContain("Enter your password");
    expect(empty).toContain("Type DELETE to confirm");
    // Without JavaScript the answer opens at the card that holds the errors (and the password card likewise).
    const settings = await responseText(await get("/account-settings", { cookie: alice.cookie }));
    expect(settings).toMatch(/<form[^>]*action="\/account-settings#delete-account"/);
    expect(settings).toMatch(/<form[^>]*action="\/account-settings#security"/);
    expect(await rowsOf(alice.member.id)).toEqual(before);
    expect(await isSignedIn(alice.cookie)).toBe(true);
  });

  it("removes every row and the avatar, ends every session, keeps the comments as 'Former member' and sends an e-mail", async () => {
    const name = `Leaver${Date.now()}`;
    const alice = await memberWithData(name);
    expect((await uploadAvatar(alice.cookie)).status).toBe(302);
    const avatarKey = (await avatarKeyOf(alice.member.id))!;
    expect(await r2Has(avatarKey)).toBe(true);
    const otherDevice = await signInWith(alice.member.email, DEMO_PASSWORD);

    const response = await deleteOwnAccount(alice.cookie, { password: DEMO_PASSWORD, confirmation: "DELETE" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(toastFrom(response)).toMatchObject({ kind: "success", title: "Account deleted" });
    expect(response.headers.getSetCookie().some((cookie) => /^session=;/.test(cookie))).toBe(true);

    const left = await rowsOf(alice.member.id);
    expect(Object.values(left).every((count) => count === 0), JSON.stringify(left)).toBe(true);
    const [kept] = await commentsWithText(alice.commentText);
    expect(kept).toMatchObject({ userId: null, authorName: "Former member" });
    expect(await r2Has(avatarKey)).toBe(false);
    expect(await isSignedIn(alice.cookie)).toBe(false);
    expect(await isSignedIn(otherDevice)).toBe(false);
    const [mail] = await messagesTo(alice.member.email);
    expect(mail.subject).toBe("Your Gridiron Playbook account has been deleted");

    const page = await responseText(await get(`/content/${alice.schemeSlug}`, { cookie: await signIn("premium") }));
    expect(page).toContain("Former member");
    expect(page).toContain(alice.commentText);
    expect(page).not.toContain(`>${name}<`);
  });

  it("refuses staff accounts with a clear message", async () => {
    const cookie = await signIn("admin");
    const response = await deleteOwnAccount(cookie, { password: DEMO_PASSWORD, confirmation: "DELETE" });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("Staff accounts cannot be deleted here.");
    expect(await isSignedIn(cookie)).toBe(true);
  });

  it("asks an account without a password for a fresh sign-in", async () => {
    const member = await createMember({ passwordHash: null });
    const { env } = await testState();
    // A session that started 20 minutes ago (an OAuth sign-in, stored as the app stores sessions).
    const { createSession } = await import("../../app/server/session.server");
    const { token } = await createSession(env.KV, member.id, Date.now() - 20 * 60 * 1000);
    const cookie = `session=${token}`;
    const stale = await deleteOwnAccount(cookie, { confirmation: "DELETE" });
    expect(stale.status).toBe(400);
    expect(await stale.text()).toContain("sign in again with Discord or Google");
    const fresh = await createSession(env.KV, member.id);
    const response = await deleteOwnAccount(`session=${fresh.token}`, { confirmation: "DELETE" });
    expect(response.status).toBe(302);
    expect((await rowsOf(member.id)).users).toBe(0);
  });
});

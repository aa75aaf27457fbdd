// Helpers for the trust tests (export, deletion, audit): a member with a row in every table that
// holds member data, as the app would have written them, and reads of what is left afterwards.
import { desc, eq, sql } from "drizzle-orm";
import {
  auditLog,
  authTokens,
  comments,
  content,
  contentPlays,
  contentRatings,
  contentSections,
  favorites,
  notificationDigests,
  oauthAccounts,
  playProgress,
  users,
  userTips,
} from "../../db/schema.ts";
import { makePng } from "./images.ts";
import { baseUrl, url } from "./http.ts";
import { testState } from "./test-state.ts";

export function uploadAvatar(cookie: string, headers: Record<string, string> = {}) {
  const form = new FormData();
  form.set("intent", "avatar");
  form.set("avatar", new Blob([new Uint8Array(makePng(16, 16))], { type: "image/png" }), "me.png");
  return fetch(url("/account-settings"), {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: cookie, Origin: baseUrl(), "Sec-Fetch-Site": "same-origin", ...headers },
    body: form,
  });
}

/** Gives a member a row in each table of member data; returns what the rows say. */
export async function fillMemberData(userId: string, label: string) {
  const { db } = await testState();
  const [scheme] = await db
    .select({ id: content.id, slug: content.slug, playId: contentPlays.id })
    .from(content)
    .innerJoin(contentSections, eq(contentSections.contentId, content.id))
    .innerJoin(contentPlays, eq(contentPlays.sectionId, contentSections.id))
    .where(eq(content.isPublished, true))
    .limit(1);
  const commentText = `Comment of ${label} ${crypto.randomUUID()}`;
  const tipText = `Tip of ${label} ${crypto.randomUUID()}`;
  await db.batch([
    db.insert(comments).values({ userId, contentType: "content", contentId: scheme.id, comment: commentText, authorName: label }),
    db.insert(contentRatings).values({ userId, contentId: scheme.id, rating: 4 }),
    db.insert(favorites).values({ userId, contentId: scheme.id }),
    db.insert(userTips).values({ userId, formationName: "Gun Bunch", playName: "Flood", playbook: "Test", tipDescription: tipText }),
    db.insert(playProgress).values({ userId, playId: scheme.playId, contentId: scheme.id, stage: "watched", startedAt: new Date() }),
    db.insert(oauthAccounts).values({ provider: "discord", providerUserId: `discord-${crypto.randomUUID()}`, userId }),
    db.insert(authTokens).values({ tokenHash: crypto.randomUUID(), userId, purpose: "password_reset", expiresAt: new Date(Date.now() + 3600_000) }),
    db.insert(notificationDigests).values({ id: crypto.randomUUID(), userId, toEmail: `${label}@example.com`, subject: "Digest", text: "t", html: "h" }),
  ]);
  return { commentText, tipText, schemeSlug: scheme.slug };
}

/** How many rows of each member table still belong to the member. */
export async function rowsOf(userId: string) {
  const { db } = await testState();
  const counted = async (table: string, column = "user_id") =>
    Number((await db.get<{ n: number }>(sql.raw(`SELECT count(*) AS n FROM ${table} WHERE ${column} = '${userId.replaceAll("'", "")}'`))).n);
  return {
    users: await counted("users", "id"),
    comments: await counted("comments"),
    content_ratings: await counted("content_ratings"),
    favorites: await counted("favorites"),
    user_tips: await counted("user_tips"),
    play_progress: await counted("play_progress"),
    oauth_accounts: await counted("oauth_accounts"),
    auth_tokens: await counted("auth_tokens"),
    notification_digests: await counted("notification_digests"),
    notification_reads: await counted("notification_reads"),
    contact_messages: await counted("contact_messages"),
  };
}

export async function commentsWithText(text: string) {
  const { db } = await testState();
  return db.select().from(comments).where(eq(comments.comment, text));
}

export async function r2Has(key: string) {
  const { env } = await testState();
  return (await env.MEDIA.head(key)) !== null;
}

export async function avatarKeyOf(userId: string) {
  const { db } = await testState();
  const [row] = await db.select({ url: users.profileImageUrl }).from(users).where(eq(users.id, userId));
  return row?.url?.replace("/media/", "") ?? null;
}

export async function auditEntriesFor(targetUserId: string) {
  const { db } = await testState();
  return db.select().from(auditLog).where(eq(auditLog.targetUserId, targetUserId)).orderBy(desc(auditLog.id));
}

export async function latestAuditEntry() {
  const { db } = await testState();
  const [row] = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return row;
}

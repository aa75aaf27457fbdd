import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { blogPosts, content, userTips } from "../../db/schema";
import { createMember, demoUserId, storedMember, toastFrom, updateMember } from "../support/accounts";
import { DEMO_PASSWORD } from "../../db/seed";
import { responseText } from "../support/html";
import { get, postForm, signIn, signInWith } from "../support/http";
import { token } from "../support/staff";
import { testState } from "../support/test-state";
import { auditEntriesFor, fillMemberData, latestAuditEntry, rowsOf } from "../support/trust";

async function newTip(userId: string) {
  const { db } = await testState();
  const [tip] = await db
    .insert(userTips)
    .values({ userId, formationName: "Gun Trips", playName: `Play ${token()}`, playbook: "Test", tipDescription: "A tip long enough to be a real tip." })
    .returning({ id: userTips.id });
  return tip.id;
}

function userEdit(userId: string, values: Record<string, string>) {
  return { intent: "update-user", userId, firstName: "Robin", lastName: "Tester", subscriptionStatus: "inactive", accessExpiresAt: "", ...values };
}

describe("the audit trail", () => {
  it("records a superadmin's user edit in the same batch: who, what, before and after", async () => {
    const member = await createMember();
    const superadmin = await signIn("superadmin");
    const response = await postForm("/admin", userEdit(member.id, { email: member.email, subscriptionTier: "premium", subscriptionStatus: "active", accessExpiresAt: "2030-01-31" }), { cookie: superadmin });
    expect(response.status).toBe(302);
    const [entry] = await auditEntriesFor(member.id);
    expect(entry).toMatchObject({ actorId: await demoUserId("superadmin"), actorEmail: "superadmin@example.com", action: "user.update", targetLabel: member.email });
    expect(entry.before).toMatchObject({ subscriptionTier: "free", subscriptionStatus: "inactive", accessExpiresAt: null });
    expect(entry.after).toMatchObject({ subscriptionTier: "premium", subscriptionStatus: "active", accessExpiresAt: "2030-01-31T23:59:59.000Z" });
    expect(entry.after).not.toHaveProperty("firstName");
    // The form's own field is not a change to the member.
    expect(entry.before).not.toHaveProperty("intent");
    expect(entry.after).not.toHaveProperty("intent");
  });

  it("a save with nothing changed keeps the access moment to the second and writes no entry", async () => {
    const member = await createMember();
    const until = new Date("2027-11-26T12:22:42.488Z");
    await updateMember(member.id, { firstName: "Robin", lastName: "Tester", subscriptionTier: "premium", subscriptionStatus: "active", accessExpiresAt: until });
    const superadmin = await signIn("superadmin");
    // What the edit dialog sends back untouched: the stored moment's day.
    const response = await postForm(
      "/admin",
      userEdit(member.id, { email: member.email, subscriptionTier: "premium", subscriptionStatus: "active", accessExpiresAt: "2027-11-26" }),
      { cookie: superadmin },
    );
    expect(response.status).toBe(302);
    expect(toastFrom(response)?.description).toBe("User updated successfully");
    expect((await storedMember(member.id)).accessExpiresAt).toEqual(until);
    expect(await auditEntriesFor(member.id)).toEqual([]);
  });

  it("records tip reviews and deletions, content and blog deletions", async () => {
    const admin = await signIn("admin");
    const member = await createMember();
    const tipId = await newTip(member.id);
    expect((await postForm("/admin", { intent: "review-tip", tipId: String(tipId), status: "approved", adminNotes: "Nice" }, { cookie: admin })).status).toBe(302);
    let [entry] = await auditEntriesFor(member.id);
    expect(entry).toMatchObject({ action: "tip.review", actorEmail: "admin@example.com", before: { status: "pending", adminNotes: null }, after: { status: "approved", adminNotes: "Nice" } });
    expect((await postForm("/admin", { intent: "delete-tip", tipId: String(tipId) }, { cookie: admin })).status).toBe(302);
    [entry] = await auditEntriesFor(member.id);
    expect(entry).toMatchObject({ action: "tip.delete", after: null, before: { tipDescription: "A tip long enough to be a real tip." } });

    const { db } = await testState();
    const slug = `audit-${token()}`;
    await db.insert(content).values({ slug, title: "Audit me", type: "pro-tip" });
    expect((await postForm("/admin", { intent: "delete-content", slug }, { cookie: admin })).status).toBe(302);
    expect(await latestAuditEntry()).toMatchObject({ action: "content.delete", targetLabel: slug, before: { slug, title: "Audit me" } });

    const [post] = await db.insert(blogPosts).values({ slug: `audit-${token()}`, title: "Audit post", content: "Words" }).returning();
    const superadmin = await signIn("superadmin");
    expect((await postForm("/admin", { intent: "delete-post", postId: String(post.id) }, { cookie: superadmin })).status).toBe(302);
    expect(await latestAuditEntry()).toMatchObject({ action: "blog.delete", actorEmail: "superadmin@example.com", targetLabel: post.slug });
    expect(await db.select().from(blogPosts).where(eq(blogPosts.id, post.id))).toEqual([]);
  });

  it("records a staff edit or deletion of someone else's comment, but not an author's own", async () => {
    const member = await createMember({ firstName: "Writer" });
    const { commentText, schemeSlug } = await fillMemberData(member.id, "Writer");
    const { db } = await testState();
    const { comments } = await import("../../db/schema");
    const [comment] = await db.select().from(comments).where(eq(comments.comment, commentText));
    const admin = await signIn("admin");
    const edit = await postForm(`/content/${schemeSlug}`, { intent: "update-comment", commentId: String(comment.id), comment: "Edited by staff" }, { cookie: admin });
    expect(edit.status).toBe(302);
    let [entry] = await auditEntriesFor(member.id);
    expect(entry).toMatchObject({ action: "comment.update", before: { comment: commentText }, after: { comment: "Edited by staff" } });
    const removal = await postForm(`/content/${schemeSlug}`, { intent: "delete-comment", commentId: String(comment.id) }, { cookie: admin });
    expect(removal.status).toBe(302);
    [entry] = await auditEntriesFor(member.id);
    expect(entry).toMatchObject({ action: "comment.delete", before: { comment: "Edited by staff" }, after: null });
    expect(await auditEntriesFor(member.id)).toHaveLength(2);
  });

  it("records a superadmin's account deletion, which removes the member as the member's own would", async () => {
    const member = await createMember();
    await fillMemberData(member.id, "Gone");
    const superadmin = await signIn("superadmin");
    const mistyped = await postForm("/admin", { intent: "delete-user", userId: member.id, confirmation: "delete" }, { cookie: superadmin });
    expect(mistyped.status).toBe(400);
    expect((await rowsOf(member.id)).users).toBe(1);
    const response = await postForm("/admin?user=x&dialog=details", { intent: "delete-user", userId: member.id, confirmation: "DELETE" }, { cookie: superadmin });
    expect(response.status).toBe(302);
    expect(toastFrom(response)).toMatchObject({ description: "Account deleted" });
    expect(Object.values(await rowsOf(member.id)).every((count) => count === 0)).toBe(true);
    const [entry] = await auditEntriesFor(member.id);
    expect(entry).toMatchObject({ action: "user.delete", targetLabel: member.email, before: { email: member.email }, after: null });
  });

  it("lets only a superadmin delete an account, and never a staff account", async () => {
    const member = await createMember();
    const admin = await signIn("admin");
    expect((await postForm("/admin", { intent: "delete-user", userId: member.id, confirmation: "DELETE" }, { cookie: admin })).status).toBe(403);
    const memberCookie = await signIn("free");
    expect((await postForm("/admin", { intent: "delete-user", userId: member.id, confirmation: "DELETE" }, { cookie: memberCookie })).status).toBe(403);
    expect(await storedMember(member.id)).toBeTruthy();
    const superadmin = await signIn("superadmin");
    const staff = await postForm("/admin", { intent: "delete-user", userId: await demoUserId("admin"), confirmation: "DELETE" }, { cookie: superadmin });
    expect(staff.status).toBe(403);
    expect(await responseText(staff)).toContain("Staff accounts cannot be deleted");
  });

  it("shows the Activity tab to superadmins only, newest first, filtered by staff member and affected user", async () => {
    const member = await createMember();
    const superadmin = await signIn("superadmin");
    await postForm("/admin", userEdit(member.id, { email: member.email, subscriptionTier: "premium", accessExpiresAt: "2030-01-31" }), { cookie: superadmin });
    const adminCookie = await signIn("admin");
    const tipId = await newTip(member.id);
    await postForm("/admin", { intent: "review-tip", tipId: String(tipId), status: "rejected" }, { cookie: adminCookie });

    const all = await responseText(await get("/admin", { cookie: superadmin }));
    expect(all).toContain('id="activity"');
    expect(all).toContain('href="#activity"');
    const byMember = await responseText(await get(`/admin?affected=${encodeURIComponent(member.email)}#activity`, { cookie: superadmin }));
    const rows = byMember.split('data-testid="activity-row"').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain("Reviewed tip");
    expect(rows[1]).toContain("Edited user");
    const byActor = await responseText(await get(`/admin?affected=${member.id}&actor=${await demoUserId("admin")}`, { cookie: superadmin }));
    const actorRows = byActor.split('data-testid="activity-row"').slice(1);
    expect(actorRows).toHaveLength(1);
    expect(actorRows[0]).toContain("admin@example.com");

    const adminPage = await responseText(await get("/admin", { cookie: adminCookie }));
    expect(adminPage).not.toContain('id="activity"');
    expect(adminPage).not.toContain("activity-row");
  });

  it("finds a deleted member's earlier entries by their e-mail, and keeps a former staff member among the filter's choices", async () => {
    const member = await createMember();
    const superadmin = await signIn("superadmin");
    await postForm("/admin", userEdit(member.id, { email: member.email, subscriptionTier: "premium", accessExpiresAt: "2030-01-31" }), { cookie: superadmin });
    expect((await postForm("/admin", { intent: "delete-user", userId: member.id, confirmation: "DELETE" }, { cookie: superadmin })).status).toBe(302);
    const page = await responseText(await get(`/admin?affected=${encodeURIComponent(member.email.toUpperCase())}#activity`, { cookie: superadmin }));
    const rows = page.split('data-testid="activity-row"').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain("Deleted account");
    expect(rows[1]).toContain("Edited user");

    // A member who deleted their own account: the edits of it are still found by the e-mail.
    const selfDeleted = await createMember();
    await postForm("/admin", userEdit(selfDeleted.id, { email: selfDeleted.email, subscriptionTier: "premium", accessExpiresAt: "2030-01-31" }), { cookie: superadmin });
    const ownCookie = await signInWith(selfDeleted.email, DEMO_PASSWORD);
    expect((await postForm("/account-settings", { intent: "delete-account", password: DEMO_PASSWORD, confirmation: "DELETE" }, { cookie: ownCookie })).status).toBe(302);
    const theirs = (await responseText(await get(`/admin?affected=${encodeURIComponent(selfDeleted.email)}#activity`, { cookie: superadmin }))).split('data-testid="activity-row"').slice(1);
    expect(theirs).toHaveLength(1);
    expect(theirs[0]).toContain("Edited user");

    // A staff member who reviewed a tip, made a Member since: still a choice, and their entries found.
    const former = await createMember({ role: "admin", email: `former-${token(6)}@example.com` });
    const formerCookie = await signInWith(former.email, DEMO_PASSWORD);
    const tipId = await newTip((await createMember()).id);
    await postForm("/admin", { intent: "review-tip", tipId: String(tipId), status: "rejected" }, { cookie: formerCookie });
    await updateMember(former.id, { role: "user" });
    const dashboard = await responseText(await get(`/admin?actor=${former.id}#activity`, { cookie: superadmin }));
    expect(dashboard).toMatch(new RegExp(`<option value="${former.id}" selected="">${former.email}</option>`));
    expect(dashboard.split('data-testid="activity-row"').slice(1)).toHaveLength(1);

    // Their account deleted since: still a choice, by the address the log kept, and their entries found.
    expect((await postForm("/admin", { intent: "delete-user", userId: former.id, confirmation: "DELETE" }, { cookie: superadmin })).status).toBe(302);
    const afterDeletion = await responseText(await get(`/admin?actor=${former.id}#activity`, { cookie: superadmin }));
    expect(afterDeletion).toMatch(new RegExp(`<option value="${former.id}" selected="">${former.email}</option>`));
    expect(afterDeletion.split('data-testid="activity-row"').slice(1)).toHaveLength(1);
  });

  it("cannot be changed or deleted, and is never written for a request that is not staff", async () => {
    const member = await createMember();
    const superadmin = await signIn("superadmin");
    await postForm("/admin", userEdit(member.id, { email: member.email, subscriptionTier: "premium", accessExpiresAt: "2030-01-31" }), { cookie: superadmin });
    const [entry] = await auditEntriesFor(member.id);
    const { d1 } = await testState();
    await expect(d1.prepare("UPDATE audit_log SET actor_email = 'x' WHERE id = ?").bind(entry.id).run()).rejects.toThrow(/append-only/);
    await expect(d1.prepare("DELETE FROM audit_log WHERE id = ?").bind(entry.id).run()).rejects.toThrow(/append-only/);

    // A member changing their own comment and a member's forged staff edit leave nothing.
    const writer = await createMember();
    await fillMemberData(writer.id, "Self");
    const forged = await postForm("/admin", userEdit(writer.id, { email: writer.email, subscriptionTier: "premium" }), { cookie: await signIn("premium") });
    expect(forged.status).toBe(403);
    expect(await auditEntriesFor(writer.id)).toEqual([]);
    const { auditEntry } = await import("../../app/server/audit.server");
    expect(() => auditEntry({} as never, { id: writer.id, email: writer.email, role: "user" }, { action: "user.update" })).toThrow(/Only staff/);
  });
});

import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { userTips, type User } from "../../db/schema";
import { DEMO_PASSWORD } from "../../db/seed";
import { createMember, toastFrom } from "../support/accounts";
import { linksOf, mainOf, responseText, sectionLabelledBy, textOf } from "../support/html";
import { postForm, signIn, signInWith } from "../support/http";
import { locationOf, page, tipsOf, token, within } from "../support/staff";
import { testState, type TestState } from "../support/test-state";

// Tips end to end over HTTP: /submit-tip and its rules, the Tips tab (counts, dialogs, review,
// delete) and the author's 'My Submitted Tips' card in /account-settings.

let state: TestState;
let admin: string;
let superadmin: string;

beforeAll(async () => {
  state = await testState();
  [admin, superadmin] = await Promise.all([signIn("admin"), signIn("superadmin")]);
});

async function signedInMember(values: Partial<User> = {}) {
  const member = await createMember(values);
  return { member, cookie: await signInWith(member.email, DEMO_PASSWORD) };
}

const GOOD_TIP = {
  formationName: "Gun Bunch Wk",
  playName: "Mesh Spot",
  playbook: "Kansas City Chiefs",
  tipDescription: "Motion the point man first: if a defender follows, it is man coverage.",
};

async function insertTip(userId: string, values: Partial<typeof userTips.$inferInsert> = {}) {
  const [row] = await state.db
    .insert(userTips)
    .values({ userId, ...GOOD_TIP, gameType: "college", updatedAt: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000), ...values })
    .returning();
  return row;
}

async function tipById(id: number) {
  const [row] = await state.db.select().from(userTips).where(eq(userTips.id, id));
  return row ?? null;
}

describe("/submit-tip", () => {
  it("shows the form, the counter and the three-step explainer", async () => {
    const { cookie } = await signedInMember();
    const { status, main } = await page("/submit-tip", cookie);
    expect(status).toBe(200);
    for (const expected of ["Formation name", "Play name", "Playbook", "Game", "Madden NFL 26", "College Football 26", "Tip description", "0/1000 characters (minimum 20)", "Submit Tip", "Cancel", "Submit Your Tip", "Review Process", "Get Published"]) {
      expect(main).toContain(expected);
    }
  });

  it.each([
    [{}, ["Formation name is required", "Play name is required", "Playbook is required", "Tip description is required"]],
    [{ formationName: "   ", playName: "  ", playbook: " \t ", tipDescription: "     " }, ["Formation name is required", "Play name is required", "Playbook is required", "Tip description is required"]],
    [{ ...GOOD_TIP, tipDescription: "Too short, sorry." }, ["Tip description must be at least 20 characters long"]],
    [{ ...GOOD_TIP, tipDescription: `   ${"x".repeat(19)}   ` }, ["Tip description must be at least 20 characters long"]],
    [{ ...GOOD_TIP, gameType: "fifa" }, ["Choose College Football 26 or Madden NFL 26."]],
  ])("refuses %o with the field messages and stores nothing", async (fields, messages) => {
    const { member, cookie } = await signedInMember();
    const response = await postForm("/submit-tip", fields as Record<string, string>, { cookie });
    expect(response.status).toBe(400);
    const text = await responseText(response);
    for (const message of messages) expect(text).toContain(message);
    expect(await tipsOf(member.id)).toEqual([]);
  });

  it("stores a good tip as pending, game madden by default, and thanks the member", async () => {
    const { member, cookie } = await signedInMember();
    const startedAt = Date.now();
    const response = await postForm("/submit-tip", { ...GOOD_TIP, formationName: "  Gun Bunch Wk  " }, { cookie });
    // Redirected, so that reloading the thank-you card sends nothing again.
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/submit-tip?submitted");
    const thanks = await page("/submit-tip?submitted", cookie);
    const main = textOf(thanks.main);
    expect(main).toContain("Tip submitted successfully! It will be reviewed by our team.");
    expect(main).toContain("Submit Another Tip");
    const [tip, ...others] = await tipsOf(member.id);
    expect(others).toEqual([]);
    expect(tip).toMatchObject({ ...GOOD_TIP, gameType: "madden", status: "pending", adminNotes: null });
    expect(tip.createdAt.getTime()).toBeGreaterThanOrEqual(startedAt - 1000);
    // The member can read back what they sent, under 'My Submitted Tips'.
    const settings = await page("/account-settings", cookie);
    expect(settings.main).toContain(`Your tip ${GOOD_TIP.tipDescription}`);
  });

  it("stores a tip sent twice at once (a double tap) or resent within two minutes once; a different tip is a new one", async () => {
    const { member, cookie } = await signedInMember();
    const answers = await Promise.all([postForm("/submit-tip", GOOD_TIP, { cookie }), postForm("/submit-tip", GOOD_TIP, { cookie })]);
    for (const answer of answers) expect(answer.status).toBe(302);
    expect(await tipsOf(member.id)).toHaveLength(1);
    expect((await postForm("/submit-tip", GOOD_TIP, { cookie })).status).toBe(302);
    expect(await tipsOf(member.id)).toHaveLength(1);
    expect((await postForm("/submit-tip", { ...GOOD_TIP, playName: "Drive" }, { cookie })).status).toBe(302);
    expect(await tipsOf(member.id)).toHaveLength(2);
  });

  it("stores the college game when chosen", async () => {
    const { member, cookie } = await signedInMember();
    expect((await postForm("/submit-tip", { ...GOOD_TIP, gameType: "college" }, { cookie })).status).toBe(302);
    expect((await tipsOf(member.id)).map((tip) => tip.gameType)).toEqual(["college"]);
  });

  it("stores HTML as text and shows it escaped to staff and to the author", async () => {
    const { member, cookie } = await signedInMember();
    const hostile = { formationName: `<img src=x onerror=alert(1)>`, playName: `<script>alert("p")</script>`, playbook: "Book", tipDescription: `<b onmouseover=alert(2)>bold</b> and a long enough text` };
    expect((await postForm("/submit-tip", hostile, { cookie })).status).toBe(302);
    const [tip] = await tipsOf(member.id);
    expect(tip).toMatchObject(hostile);
    for (const html of [(await page("/account-settings", cookie)).html, (await page(`/admin?tip=${tip.id}&dialog=details#tips`, admin)).html]) {
      const main = mainOf(html);
      expect(main).not.toContain("<img src=x");
      expect(main).not.toContain("<script>alert");
      expect(main).not.toContain("<b onmouseover");
      expect(main).toContain("&lt;img src=x onerror=alert(1)&gt;");
    }
  });
});

describe("the Tips tab", () => {
  it("counts pending and approved tips as stored", async () => {
    const countOf = async (status: "pending" | "approved") => (await state.db.select({ total: count() }).from(userTips).where(eq(userTips.status, status)))[0].total;
    const before = { pending: await countOf("pending"), approved: await countOf("approved") };
    const { html } = await page("/admin", admin);
    const after = { pending: await countOf("pending"), approved: await countOf("approved") };
    const tips = textOf(sectionLabelledBy(html, "tips-heading")!);
    const shown = { pending: Number(/Pending (\d+)/.exec(tips)?.[1]), approved: Number(/Approved (\d+)/.exec(tips)?.[1]) };
    expect(within(shown.pending, before.pending, after.pending)).toBe(true);
    expect(within(shown.approved, before.approved, after.approved)).toBe(true);
    for (const column of ["User", "Formation and playbook", "Play", "Game", "Status", "Submitted", "Actions"]) expect(tips).toContain(column);
  });

  it("lists a tip with its author's name and e-mail, and opens the details, review and delete dialogs from URL parameters", async () => {
    const { member } = await signedInMember({ firstName: "Tina", lastName: "Tipster" });
    const tip = await insertTip(member.id, { formationName: `Pistol ${token()}` });
    const { html } = await page("/admin", admin);
    const tips = textOf(sectionLabelledBy(html, "tips-heading")!);
    expect(tips).toContain(`Tina Tipster ${member.email} ${tip.formationName} Kansas City Chiefs Mesh Spot College pending`);
    const actions = linksOf(sectionLabelledBy(html, "tips-heading")!).filter((link) => link.href?.includes(`tip=${tip.id}&`)).map((link) => [link.text, link.href]);
    // Without an anchor as drawn by the server: the dialog then takes the browser's autofocus.
    expect(actions).toEqual([
      ["Details", `/admin?tip=${tip.id}&dialog=details`],
      ["Review", `/admin?tip=${tip.id}&dialog=review`],
      ["Delete", `/admin?tip=${tip.id}&dialog=delete-tip`],
    ]);
    const dialogOf = async (dialog: string) => {
      const opened = (await page(`/admin?tip=${tip.id}&dialog=${dialog}`, admin)).html;
      return textOf(opened.slice(opened.indexOf('role="dialog"'), opened.indexOf("</section>", opened.indexOf('role="dialog"'))));
    };
    const details = await dialogOf("details");
    for (const expected of ["Tip details", "Tina Tipster", member.email, "College Football 26", GOOD_TIP.playbook, tip.formationName, GOOD_TIP.playName, GOOD_TIP.tipDescription, "pending"]) expect(details).toContain(expected);
    const review = await dialogOf("review");
    for (const expected of ["Review tip", "Admin notes (optional)", "Reject", "Approve"]) expect(review).toContain(expected);
    expect(await dialogOf("delete-tip")).toContain("Are you sure you want to delete this tip? This action cannot be undone.");
  });
});

describe("reviewing and deleting a tip", () => {
  it("approves with notes: stores status, trimmed notes and a fresh updated_at; the author sees both in 'My Submitted Tips'", async () => {
    const { member, cookie } = await signedInMember();
    const tip = await insertTip(member.id);
    const startedAt = Date.now();
    const response = await postForm("/admin", { intent: "review-tip", tipId: String(tip.id), status: "approved", adminNotes: "  Great read, featured this week.  " }, { cookie: admin });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe("/admin#tips");
    expect(toastFrom(response)).toEqual({ kind: "success", title: "Success", description: "Tip approved successfully" });
    const stored = (await tipById(tip.id))!;
    expect(stored).toMatchObject({ status: "approved", adminNotes: "Great read, featured this week." });
    expect(stored.updatedAt.getTime()).toBeGreaterThanOrEqual(startedAt - 1000);
    expect(stored.updatedAt.getTime()).toBeGreaterThan(tip.updatedAt.getTime());
    expect(stored.createdAt).toEqual(tip.createdAt);

    const account = await page("/account-settings", cookie);
    const card = account.main.slice(account.main.indexOf("My Submitted Tips"));
    expect(card).toContain(`${GOOD_TIP.formationName} · ${GOOD_TIP.playName}`);
    expect(card).toContain("approved");
    expect(card).toContain("Feedback from our team: Great read, featured this week.");
    expect(card).toContain("Submit New Tip");
  });

  it("refuses a review made in a dialog opened before another staff member's review (409), with theirs kept and the typed notes back", async () => {
    const { member } = await signedInMember();
    const tip = await insertTip(member.id);
    // Both open the review dialog: it carries the tip's revision.
    const dialog = (await page(`/admin?tip=${tip.id}&dialog=review`, superadmin)).html;
    const revision = /name="revision" value="(\d+)"/.exec(dialog)?.[1];
    expect(revision).toBe(String(tip.updatedAt.getTime()));
    const first = await postForm("/admin", { intent: "review-tip", tipId: String(tip.id), status: "rejected", adminNotes: "Does not work after 1.08.", revision: revision! }, { cookie: admin });
    expect(first.status).toBe(302);
    const second = await postForm(`/admin?tip=${tip.id}&dialog=review`, { intent: "review-tip", tipId: String(tip.id), status: "approved", adminNotes: "Great tip.", revision: revision! }, { cookie: superadmin });
    expect(second.status).toBe(409);
    const text = textOf(await responseText(second));
    expect(text).toContain('Not saved: another staff member reviewed this tip after you opened it. It is now rejected, with the notes "Does not work after 1.08.". Your notes are still here: review it again to change it.');
    expect(text).toContain("Great tip.");
    expect(text).toMatch(/Status: rejected/);
    expect(await tipById(tip.id)).toMatchObject({ status: "rejected", adminNotes: "Does not work after 1.08." });
    // Sent again from the dialog as it now stands, it is saved.
    const stored = (await tipById(tip.id))!;
    const again = await postForm("/admin", { intent: "review-tip", tipId: String(tip.id), status: "approved", adminNotes: "Great tip.", revision: String(stored.updatedAt.getTime()) }, { cookie: superadmin });
    expect(again.status).toBe(302);
    expect(await tipById(tip.id)).toMatchObject({ status: "approved", adminNotes: "Great tip." });
  });

  it("rejects with empty notes: admin_notes is null; moving from approved to rejected is allowed", async () => {
    const { member, cookie } = await signedInMember();
    const tip = await insertTip(member.id, { status: "approved", adminNotes: "Old feedback" });
    const response = await postForm("/admin", { intent: "review-tip", tipId: String(tip.id), status: "rejected", adminNotes: "   " }, { cookie: superadmin });
    expect(response.status).toBe(302);
    expect(toastFrom(response)?.description).toBe("Tip rejected successfully");
    const stored = (await tipById(tip.id))!;
    expect(stored.status).toBe("rejected");
    expect(stored.adminNotes).toBeNull();
    expect(stored.updatedAt.getTime()).toBeGreaterThan(tip.updatedAt.getTime());
    const { main } = await page("/account-settings", cookie);
    const card = main.slice(main.indexOf("My Submitted Tips"));
    expect(card).toContain("rejected");
    expect(card).not.toContain("Feedback from our team");
    expect(card).not.toContain("Old feedback");
  });

  it("refuses a status outside approved/rejected and an unknown tip, changing nothing", async () => {
    const { member } = await signedInMember();
    const tip = await insertTip(member.id);
    for (const status of ["pending", "published", ""]) {
      const response = await postForm("/admin", { intent: "review-tip", tipId: String(tip.id), status, adminNotes: "x" }, { cookie: admin });
      expect(response.status, status).toBe(400);
    }
    expect(await tipById(tip.id)).toEqual(tip);
    const missing = await postForm("/admin", { intent: "review-tip", tipId: "999999999", status: "approved" }, { cookie: admin });
    expect(missing.status).toBe(404);
  });

  it("deletes a tip at any status; the author's card then shows the empty state", async () => {
    const { member, cookie } = await signedInMember();
    const tip = await insertTip(member.id, { status: "approved" });
    const response = await postForm("/admin", { intent: "delete-tip", tipId: String(tip.id) }, { cookie: admin });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe("/admin#tips");
    expect(toastFrom(response)).toEqual({ kind: "success", title: "Success", description: "Tip deleted successfully" });
    expect(await tipById(tip.id)).toBeNull();
    // The same form sent again by the same browser is that deletion again (decision 0025): its answer.
    const resent = await postForm("/admin", { intent: "delete-tip", tipId: String(tip.id) }, { cookie: admin });
    expect(resent.status).toBe(302);
    expect(toastFrom(resent)).toEqual({ kind: "success", title: "Success", description: "Tip deleted successfully" });
    // Anyone else's: the tip is gone.
    const again = await postForm("/admin", { intent: "delete-tip", tipId: String(tip.id) }, { cookie: await signIn("admin") });
    expect(again.status).toBe(404);
    expect((await page("/account-settings", cookie)).main).toContain("No Tips Submitted Yet");
  });
});

describe("'My Submitted Tips' for a member without tips", () => {
  it("shows 'No Tips Submitted Yet' and a 'Submit Your First Tip' link to /submit-tip", async () => {
    const { cookie } = await signedInMember();
    const { html, main } = await page("/account-settings", cookie);
    expect(main).toContain("My Submitted Tips");
    expect(main).toContain("No Tips Submitted Yet");
    expect(linksOf(mainOf(html)).find((link) => link.text === "Submit Your First Tip")?.href).toBe("/submit-tip");
  });
});

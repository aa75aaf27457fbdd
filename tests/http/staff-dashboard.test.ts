import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { contactMessages, counters, users, userTips, type User } from "../../db/schema";
import { createMember, createSignedInMember, storedMember, toastFrom } from "../support/accounts";
import { linksOf, mainOf, readableHtml, sectionLabelledBy, textOf } from "../support/html";
import { postForm, signIn } from "../support/http";
import { locationOf, page, token, within } from "../support/staff";
import { testState, type TestState } from "../support/test-state";

// /admin: stat cards, tabs and sections per role (every tab the role may see is rendered as a
// section, so the page works without JavaScript), dialogs opened by URL parameters, the Users tab's
// server-side search and pagination, and the edit-user action.

let state: TestState;
let admin: string;
let superadmin: string;

beforeAll(async () => {
  state = await testState();
  [admin, superadmin] = await Promise.all([signIn("admin"), signIn("superadmin")]);
});

/** The stat cards above the tabs (the Updates tab has its own cards further down). */
function statCards(html: string) {
  const main = mainOf(html);
  return [...main.slice(0, main.indexOf('aria-label="Dashboard sections"')).matchAll(/<dt[^>]*>([\s\S]*?)<\/dt><dd[^>]*>([\s\S]*?)<\/dd>/g)].map((match) => ({
    label: textOf(match[1]),
    value: Number(textOf(match[2]).replaceAll(",", "")),
  }));
}

function tabLinks(html: string) {
  const start = html.indexOf('aria-label="Dashboard sections"');
  return linksOf(html.slice(start, html.indexOf("</nav>", start))).map((link) => [link.text, link.href]);
}

const SECTION_IDS = ["users", "content", "tips", "updates", "blog", "settings", "messages", "activity"];
function sections(html: string) {
  return SECTION_IDS.filter((id) => html.includes(`<section id="${id}" aria-labelledby="${id}-heading"`));
}

async function counterValues() {
  const rows = await state.db.select().from(counters);
  return Object.fromEntries(rows.map((row) => [row.name, row.value])) as Record<string, number>;
}

function emailsIn(html: string) {
  return new Set(html.match(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[a-z]{2,}/g) ?? []);
}

/** Emails in the Users section's table (not the dialogs). */
function userEmails(html: string) {
  const section = sectionLabelledBy(html, "users-heading") ?? "";
  const table = section.slice(section.indexOf("<tbody"), section.indexOf("</tbody>"));
  return [...table.matchAll(/<td[^>]*>([^<>]+@[^<>]+)<\/td>/g)].map((match) => match[1]);
}

describe("/admin for a superadmin", () => {
  it("reads every contact message, a hundred at a time, newest first ('Older messages')", async () => {
    const marker = token(8);
    const { db } = await testState();
    const sent = Array.from({ length: 105 }, (_, index) => ({ name: "Pat", email: "pat@example.com", message: `${marker} message ${index}` }));
    for (let start = 0; start < sent.length; start += 20) await db.insert(contactMessages).values(sent.slice(start, start + 20));
    const first = await page("/admin#messages", superadmin);
    const older = /href="(\/admin\?messagesBefore=\d+#messages)"/.exec(first.html)?.[1];
    expect(older).toBeDefined();
    const second = await page(older!.replaceAll("&amp;", "&"), superadmin);
    expect(second.html).toContain('href="/admin#messages"');
    // In the page's main (its data for the browser holds the messages again).
    const mine = (html: string) => [...mainOf(html).matchAll(new RegExp(`${marker} message (\\d+)`, "g"))].map((match) => Number(match[1]));
    const shown = [...mine(first.html), ...mine(second.html)];
    // Newest first, each once, all 105 of them over the two pages.
    expect(shown).toEqual(sent.map((_, index) => index).reverse());
    expect(mine(first.html).length).toBeLessThanOrEqual(100);
  });

  it("shows the four stat cards with the stored counts, and both header buttons", async () => {
    const before = await counterValues();
    const { html, status } = await page("/admin", superadmin);
    const after = await counterValues();
    expect(status).toBe(200);
    const cards = statCards(html);
    expect(cards.map((card) => card.label)).toEqual(["Total Users", "Active Subscriptions", "Total Content", "Blog Posts"]);
    const names = ["users:all", "users:active_subscriptions", "content:all", "blog:all"];
    cards.forEach((card, index) => expect(within(card.value, before[names[index]], after[names[index]]), card.label).toBe(true));
    expect(html).toContain("lg:grid-cols-4");
    const header = linksOf(mainOf(html).slice(0, mainOf(html).indexOf("</header>"))).map((link) => [link.text, link.href]);
    expect(header).toEqual([
      ["New Content", "/admin/content/new"],
      ["New Blog Post", "/admin/blog/new"],
    ]);
  });

  it("has the tabs Users, Content, Tips, Updates, Blog, Settings, Messages, Activity as hash links, each rendered as a section", async () => {
    const { html, text } = await page("/admin", superadmin);
    expect(tabLinks(html)).toEqual([
      ["Users", "#users"],
      ["Content", "#content"],
      ["Tips", "#tips"],
      ["Updates", "#updates"],
      ["Blog", "#blog"],
      ["Settings", "#settings"],
      ["Messages", "#messages"],
      ["Activity", "#activity"],
    ]);
    expect(sections(html)).toEqual(SECTION_IDS);
    const settings = textOf(sectionLabelledBy(html, "settings-heading")!);
    expect(settings).toContain("Platform Settings");
    expect(settings).toContain("Subscription Settings");
    expect(text).toContain("Search users...");
    expect(textOf(sectionLabelledBy(html, "blog-heading")!)).toContain("New Post");
    expect(textOf(sectionLabelledBy(html, "content-heading")!)).toContain("Create Content");
  });
});

describe("/admin for an admin", () => {
  it("shows only the Total Content card (two columns) and no New Blog Post button", async () => {
    const before = await counterValues();
    const { html } = await page("/admin", admin);
    const after = await counterValues();
    const cards = statCards(html);
    expect(cards.map((card) => card.label)).toEqual(["Total Content"]);
    expect(within(cards[0].value, before["content:all"], after["content:all"])).toBe(true);
    expect(html).not.toContain("lg:grid-cols-4");
    expect(linksOf(mainOf(html)).map((link) => link.text)).not.toContain("New Blog Post");
  });

  it("has only the Content, Tips and Updates tabs and sections: no Users, Blog, Settings, Messages or Activity", async () => {
    const { html, main } = await page("/admin", admin);
    expect(tabLinks(html)).toEqual([
      ["Content", "#content"],
      ["Tips", "#tips"],
      ["Updates", "#updates"],
    ]);
    expect(sections(html)).toEqual(["content", "tips", "updates"]);
    for (const hidden of ["Search users...", "Platform Settings", "Subscription Settings", "No messages yet.", "No blog posts found", "Staff member"]) expect(main).not.toContain(hidden);
  });

  it("sees no member e-mails beyond the tips table's authors (not in the page, not in its data)", async () => {
    const member = await createMember();
    const { html } = await page("/admin", admin);
    const tipAuthors = await state.db.selectDistinct({ email: users.email }).from(userTips).innerJoin(users, eq(users.id, userTips.userId));
    const allowed = new Set(["admin@example.com", "support@example.com", ...tipAuthors.map((row) => row.email)]);
    const shown = [...emailsIn(html)].filter((email) => !allowed.has(email));
    expect(shown).toEqual([]);
    expect(html).not.toContain(member.email);
    // The user dialogs are a superadmin's: the parameters open nothing for an admin.
    const dialog = await page(`/admin?user=${member.id}&dialog=details#users`, admin);
    expect(dialog.html).not.toContain(member.email);
    expect(dialog.main).not.toContain("User details");
    // The superadmin does see it.
    const own = await page(`/admin?q=${encodeURIComponent(member.email)}&user=${member.id}&dialog=details`, superadmin);
    expect(userEmails(own.html)).toEqual([member.email]);
    expect(own.main).toContain("User details");
  });
});

describe("Users tab: search and pagination on the server", () => {
  const tag = token(6);
  let byName: User[];
  let byEmail: User;

  beforeAll(async () => {
    // 21 members whose last name holds the tag (mixed case), one whose e-mail holds it.
    byName = [];
    for (let index = 0; index < 21; index += 1) {
      byName.push(await createMember({ firstName: "Quinn", lastName: `Zed${tag.toUpperCase()}son`, email: `staff-search-${token()}@example.org` }));
    }
    byEmail = await createMember({ firstName: "Other", lastName: "Person", email: `mailbox-${tag}@example.com` });
  });

  it("without JavaScript, an edit or deletion of a user deleted meanwhile says so on the page (there is no dialog left to say it)", async () => {
    const gone = crypto.randomUUID();
    const attempts: Record<string, string>[] = [
      { intent: "update-user", userId: gone, firstName: "Gone", lastName: "User", email: `gone-${token()}@example.org`, subscriptionTier: "free", subscriptionStatus: "inactive" },
      { intent: "delete-user", userId: gone, confirmation: "DELETE" },
    ];
    for (const fields of attempts) {
      const response = await postForm(`/admin?user=${gone}&dialog=edit`, fields, { cookie: superadmin });
      expect(response.status).toBe(404);
      expect(await response.text()).toMatch(/<p role="alert"[^>]*>That user no longer exists\.<\/p>/);
    }
  });

  it("sends a page past the end of a list to its last page, its tab open, not to an empty table", async () => {
    const users = await page(`/admin?q=${encodeURIComponent(`quinn zed${tag}SON`)}&usersPage=7`, superadmin);
    expect(users.status).toBe(302);
    expect(users.location).toBe(`/admin?q=${encodeURIComponent(`quinn zed${tag}SON`).replace(/%20/g, "+")}&usersPage=2#users`);
    const content = await page("/admin?contentPage=99999", superadmin);
    expect(content.status).toBe(302);
    expect(content.location).toMatch(/^\/admin(\?contentPage=\d+)?#content$/);
    const last = await page(content.location!.replace(/#.*/, ""), superadmin);
    expect(last.status).toBe(200);
    expect(last.html).not.toContain("No content yet.");
  });

  it("matches the full name case-insensitively, 20 a page, with a pager", async () => {
    const query = encodeURIComponent(`quinn zed${tag}SON`);
    const first = await page(`/admin?q=${query}`, superadmin);
    const second = await page(`/admin?q=${query}&usersPage=2`, superadmin);
    const users = textOf(sectionLabelledBy(first.html, "users-heading")!);
    expect(users).toContain("Page 1 of 2");
    expect(textOf(sectionLabelledBy(second.html, "users-heading")!)).toContain("Page 2 of 2");
    const pageOne = userEmails(first.html);
    const pageTwo = userEmails(second.html);
    expect(pageOne).toHaveLength(20);
    expect(pageTwo).toHaveLength(1);
    expect(new Set([...pageOne, ...pageTwo])).toEqual(new Set(byName.map((member) => member.email)));
    // The search box keeps the query.
    expect(first.html).toMatch(new RegExp(`name="q" value="quinn zed${tag}SON"`));
  });

  it("matches the e-mail and the last name alone, in any case", async () => {
    const found = userEmails((await page(`/admin?q=${encodeURIComponent(tag.toUpperCase())}`, superadmin)).html);
    expect(found).toContain(byEmail.email);
    expect(found).toHaveLength(20);
    const byMail = userEmails((await page(`/admin?q=${encodeURIComponent(`MAILBOX-${tag.toUpperCase()}@EXAMPLE.COM`)}`, superadmin)).html);
    expect(byMail).toEqual([byEmail.email]);
  });

  it("matches a name with letters outside ASCII in any case, as it is shown", async () => {
    const member = await createMember({ firstName: "Émile", lastName: `Zoë${tag}`, email: `emile-${tag}@example.com` });
    for (const query of ["Émile", "émile", "ÉMILE", `émile zoë${tag}`, `ZOË${tag.toUpperCase()}`]) {
      expect(userEmails((await page(`/admin?q=${encodeURIComponent(query)}`, superadmin)).html), query).toEqual([member.email]);
    }
  });

  it("finds nothing for a query that matches no one, and treats % and _ as plain characters", async () => {
    for (const query of [`nobody-${tag}`, "%", "_%_"]) {
      const { html } = await page(`/admin?q=${encodeURIComponent(query)}`, superadmin);
      expect(userEmails(html), query).toEqual([]);
      expect(textOf(sectionLabelledBy(html, "users-heading")!), query).toContain("No users found.");
    }
  });

  it("takes a search of up to 100 characters (D1 refuses a LIKE pattern over 50 bytes)", async () => {
    const long = await createMember({ firstName: "Longsearch", lastName: "Person", email: `${"long-mailbox-".repeat(4)}${tag}@example.com` });
    const found = await page(`/admin?q=${encodeURIComponent(long.email.toUpperCase())}`, superadmin);
    expect(found.status).toBe(200);
    expect(userEmails(found.html)).toEqual([long.email]);
    const nobody = await page(`/admin?q=${encodeURIComponent("%".repeat(30) + "x".repeat(70))}`, superadmin);
    expect(nobody.status).toBe(200);
    expect(textOf(sectionLabelledBy(nobody.html, "users-heading")!)).toContain("No users found.");
  });
});

describe("Users tab: the details and edit dialogs, and update-user", () => {
  let member: User;
  let other: User;
  const dialogPath = () => `/admin?q=${encodeURIComponent(member.email)}&user=${member.id}&dialog=edit`;

  beforeAll(async () => {
    member = await createMember({ firstName: "Edith", lastName: "Editable" });
    other = await createMember();
  });

  function edit(fields: Record<string, string>) {
    return postForm(dialogPath(), {
      intent: "update-user",
      userId: member.id,
      firstName: member.firstName ?? "",
      lastName: member.lastName ?? "",
      email: member.email,
      subscriptionTier: "free",
      subscriptionStatus: "inactive",
      ...fields,
    }, { cookie: superadmin });
  }

  it("opens the details dialog (e-mail, tier, status, joined) and the edit dialog from URL parameters", async () => {
    const details = await page(`/admin?q=${encodeURIComponent(member.email)}&user=${member.id}&dialog=details`, superadmin);
    const dialog = textOf(details.html.slice(details.html.indexOf('role="dialog"')));
    for (const expected of ["User details", "Edith Editable", member.email, "Copy", "Subscription tier", "free", "Status", "Inactive", "Joined"]) {
      expect(dialog).toContain(expected);
    }
    const editing = await page(dialogPath(), superadmin);
    const form = textOf(editing.html.slice(editing.html.indexOf('role="dialog"')));
    for (const expected of ["Edit user", "First name", "Last name", "Email", "Tier", "Free", "Premium", "Status", "Active", "Inactive", "Cancelled", "Past Due", "Cancel", "Save Changes"]) {
      expect(form).toContain(expected);
    }
  });

  it.each([
    [{ firstName: "" }, "First name is required"],
    [{ firstName: "   " }, "First name is required"],
    [{ lastName: "" }, "Last name is required"],
    [{ email: "not-an-email" }, "Invalid email address"],
    [{ email: "" }, "Invalid email address"],
    [{ subscriptionTier: "gold" }, "Choose Free or Premium"],
    [{ subscriptionStatus: "vip" }, "Choose a valid status"],
    [{ accessExpiresAt: "2031-02-30" }, "Use a date like 2026-12-31"],
    [{ accessExpiresAt: "0000-01-01" }, "Use a day between 2000 and 2099"],
    [{ accessExpiresAt: "2100-01-01" }, "Use a day between 2000 and 2099"],
  ])("refuses %o with '%s' and changes nothing", async (fields, message) => {
    const before = await storedMember(member.id);
    const response = await edit(fields);
    expect(response.status).toBe(400);
    const html = await response.text();
    const dialog = readableHtml(html.slice(html.indexOf('role="dialog"')));
    expect(dialog).toContain(message);
    expect(await storedMember(member.id)).toEqual(before);
  });

  it("a refused edit comes back in the dialog as typed (without JavaScript the dialog is a new page)", async () => {
    const response = await edit({ lastName: "Brooks-Changed", subscriptionStatus: "cancelled", email: "taylor@@example" });
    expect(response.status).toBe(400);
    const html = await response.text();
    const dialog = html.slice(html.indexOf('role="dialog"'));
    expect(dialog).toContain('value="Brooks-Changed"');
    expect(dialog).toContain('value="taylor@@example"');
    expect(dialog).toMatch(/<option value="cancelled" selected="">Cancelled<\/option>/);
    expect(readableHtml(dialog)).toContain("Invalid email address");
  });

  it("refuses an e-mail another account uses, and changes nothing", async () => {
    const before = await storedMember(member.id);
    const response = await edit({ email: other.email.toUpperCase() });
    expect(response.status).toBe(400);
    expect(await storedMember(member.id)).toEqual(before);
  });

  it("says why when the e-mail is another account's ('Another account already uses this email address.')", async () => {
    const response = await edit({ email: other.email });
    expect(response.status).toBe(400);
    const html = await response.text();
    const dialog = readableHtml(html.slice(html.indexOf('role="dialog"')));
    expect(dialog).not.toContain("Failed to update user");
    expect(dialog).toContain("Another account already uses this email address.");
  });

  it("stores a good edit and comes back to the same list with 'User updated successfully'", async () => {
    const email = `Edited-${token()}@Example.com`;
    const startedAt = Date.now();
    const response = await edit({ firstName: " Edwina ", lastName: "Changed", email, subscriptionTier: "premium", subscriptionStatus: "cancelled", accessExpiresAt: "2031-03-15" });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe(`/admin?${new URLSearchParams({ q: member.email })}#users`);
    expect(toastFrom(response)).toEqual({ kind: "success", title: "Success", description: "User updated successfully" });
    const stored = await storedMember(member.id);
    expect(stored).toMatchObject({
      firstName: "Edwina",
      lastName: "Changed",
      email: email.toLowerCase(),
      subscriptionTier: "premium",
      subscriptionStatus: "cancelled",
      accessExpiresAt: new Date("2031-03-15T23:59:59Z"),
    });
    expect(stored.updatedAt.getTime()).toBeGreaterThanOrEqual(startedAt - 1000);
    member = stored;
  });

  it("keeps the access date when the field is left out, and a non-existent member gets 404", async () => {
    const before = await storedMember(member.id);
    const response = await edit({ subscriptionStatus: "cancelled" });
    expect(response.status).toBe(302);
    const stored = await storedMember(member.id);
    expect(stored.subscriptionStatus).toBe("cancelled");
    expect(stored.accessExpiresAt).toEqual(before.accessExpiresAt);
    const missing = await postForm("/admin", { intent: "update-user", userId: "no-such-user", firstName: "A", lastName: "B", email: `nobody-${token()}@example.com`, subscriptionTier: "free", subscriptionStatus: "active" }, { cookie: superadmin });
    expect(missing.status).toBe(404);
  });

  it("an emptied access date: refused with its reason while the tier stays Premium; cleared once the tier is Free", async () => {
    const premium = await createMember({ subscriptionTier: "premium", subscriptionStatus: "active", accessExpiresAt: new Date("2030-06-30T23:59:59Z") });
    const dialog = `/admin?q=${encodeURIComponent(premium.email)}&user=${premium.id}&dialog=edit`;
    const send = (fields: Record<string, string>) =>
      postForm(dialog, { intent: "update-user", userId: premium.id, firstName: premium.firstName ?? "A", lastName: premium.lastName ?? "B", email: premium.email, subscriptionTier: "premium", subscriptionStatus: "active", ...fields }, { cookie: superadmin });
    const refused = await send({ accessExpiresAt: "" });
    expect(refused.status).toBe(400);
    expect(textOf(await refused.text())).toContain("Premium access needs a last day. To end it, choose a past day or set the tier to Free.");
    expect(await storedMember(premium.id)).toEqual(premium);
    const freed = await send({ accessExpiresAt: "", subscriptionTier: "free", subscriptionStatus: "inactive" });
    expect(freed.status).toBe(302);
    expect(await storedMember(premium.id)).toMatchObject({ subscriptionTier: "free", accessExpiresAt: null });
  });

  it("a superadmin's own row: the e-mail is read-only and a forged change of it or of the role is refused once (403, nothing changed); the rest saves", async () => {
    const self = await createSignedInMember({ role: "superadmin", firstName: "Sam", lastName: "Self" });
    const before = await storedMember(self.id);
    const own = (fields: Record<string, string>) =>
      postForm(`/admin?q=${encodeURIComponent(before.email)}&user=${self.id}&dialog=edit`, { intent: "update-user", userId: self.id, firstName: "Sam", lastName: "Self", email: before.email, subscriptionTier: "free", subscriptionStatus: "inactive", ...fields }, { cookie: self.cookie });
    const dialog = await page(`/admin?q=${encodeURIComponent(before.email)}&user=${self.id}&dialog=edit`, self.cookie);
    const form = dialog.html.slice(dialog.html.indexOf('role="dialog"'));
    expect(form).toMatch(/<input id="edit-email"[^>]*readOnly=""|<input id="edit-email"[^>]*readonly=""/i);
    expect(textOf(form)).toContain("Your own email cannot be changed here.");

    const forged = await own({ email: `moved-${token()}@example.com` });
    expect(forged.status).toBe(403);
    // Said once, as the refusal where the hint stood (not the hint and the refusal together).
    const forgedText = textOf(await forged.text());
    expect(forgedText.split("Your own email cannot be changed here.").length - 1).toBe(1);
    expect(await storedMember(self.id)).toEqual(before);
    const forgedRole = await own({ role: "user" });
    expect(forgedRole.status).toBe(403);
    const forgedRoleText = textOf(await forgedRole.text());
    expect(forgedRoleText.split("Your own role cannot be changed: another superadmin can change it.").length - 1).toBe(1);
    expect(forgedRoleText).toContain("Your own email cannot be changed here.");
    expect(await storedMember(self.id)).toEqual(before);

    expect((await own({ lastName: "Selfsame" })).status).toBe(302);
    expect(await storedMember(self.id)).toMatchObject({ email: before.email, lastName: "Selfsame" });
  });
});

describe("Users tab: roles", () => {
  const editOf = (user: User, fields: Record<string, string>) =>
    postForm("/admin", {
      intent: "update-user",
      userId: user.id,
      firstName: user.firstName ?? "Robin",
      lastName: user.lastName ?? "Tester",
      email: user.email,
      subscriptionTier: user.subscriptionTier,
      subscriptionStatus: user.subscriptionStatus,
      ...fields,
    }, { cookie: superadmin });

  it("a superadmin makes a member an admin and back: the dashboard opens, then closes, at their next page; the change is audited", async () => {
    const { id, cookie } = await createSignedInMember({ firstName: "Promo", lastName: "Ted" });
    const member = await storedMember(id);
    expect((await page("/admin", cookie)).status).toBe(403);
    const promoted = await editOf(member, { role: "admin" });
    expect(promoted.status).toBe(302);
    expect((await storedMember(id)).role).toBe("admin");
    expect((await page("/admin", cookie)).status).toBe(200);
    // A staff account cannot be deleted; made a member again, it can.
    const refused = await postForm("/admin", { intent: "delete-user", userId: id, confirmation: "DELETE" }, { cookie: superadmin });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Staff accounts cannot be deleted. Change their role to Member first (Edit).");
    expect((await editOf(await storedMember(id), { role: "user" })).status).toBe(302);
    expect((await page("/admin", cookie)).status).toBe(403);
    const trail = await page(`/admin?affected=${encodeURIComponent(member.email)}#activity`, superadmin);
    // Both changes are in the trail: user to admin, then back.
    expect(trail.html.replaceAll("<!-- -->", "").match(/<dt[^>]*>role: <\/dt><dd[^>]*>(user|admin)<\/dd>/g)?.length).toBe(4);
  });

  it("refuses premium without a last day for a member who never had one (it would open nothing)", async () => {
    const member = await createMember();
    const response = await editOf(member, { subscriptionTier: "premium", subscriptionStatus: "active", accessExpiresAt: "" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Premium access needs a last day.");
    expect((await storedMember(member.id)).subscriptionTier).toBe("free");
  });

  it("nobody changes their own role, and an edit without a role keeps it", async () => {
    const self = await storedMember((await state.db.select({ id: users.id }).from(users).where(eq(users.email, "superadmin@example.com")))[0].id);
    const own = await editOf(self, { role: "user" });
    expect(own.status).toBe(403);
    expect(await own.text()).toContain("Your own role cannot be changed: another superadmin can change it.");
    expect((await storedMember(self.id)).role).toBe("superadmin");
    // The dialog on one's own row sends no role (the field is shown, not sent): the rest saves.
    expect((await editOf(self, { firstName: self.firstName ?? "Sam" })).status).toBe(302);
    expect((await storedMember(self.id)).role).toBe("superadmin");
    // An admin cannot change anyone's role (the Users tab is the superadmin's).
    const member = await createMember();
    const byAdmin = await postForm("/admin", { intent: "update-user", userId: member.id, firstName: "A", lastName: "B", email: member.email, subscriptionTier: "free", subscriptionStatus: "inactive", role: "superadmin" }, { cookie: admin });
    expect(byAdmin.status).toBe(403);
    expect((await storedMember(member.id)).role).toBe("user");
  });
});

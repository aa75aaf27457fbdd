import { describe, expect, it } from "vitest";
import { formResends } from "../../db/schema";
import { createConfirmedUser, isSignedIn, sessionFrom, signInUser, storedMemberByEmail } from "../support/accounts";
import { postForm, signIn } from "../support/http";
import { contentByTitle, contentForm, postMultipart, token } from "../support/staff";
import { testState } from "../support/test-state";

// A form sent twice (a double click without JavaScript, Enter pressed twice) is done once: the
// second copy gets the first one's answer (docs/decisions/0025). Each copy is a new request, with a
// multipart boundary of its own, as a browser sends it.

const NEW_PASSWORD = "Twice#Clicked0ne";

describe("a staff or account form sent twice", () => {
  it("creates one item, and both copies answer with its address", async () => {
    const admin = await signIn("admin");
    const title = `Double Click Trips ${token()}`;
    const [first, second] = await Promise.all([
      postMultipart("/admin/content/new", contentForm({ title, type: "pro-tip" }), admin),
      postMultipart("/admin/content/new", contentForm({ title, type: "pro-tip" }), admin),
    ]);
    expect(first.status).toBe(302);
    expect(second.status).toBe(302);
    expect(second.headers.get("Location")).toBe(first.headers.get("Location"));
    expect(await contentByTitle(title)).toHaveLength(1);
  });

  it("changes the password once, and the second copy carries the new session the first one made", async () => {
    const user = await createConfirmedUser("twice");
    const cookie = await signInUser(user);
    const fields = { intent: "change-password", currentPassword: user.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    const [first, second] = await Promise.all([postForm("/account-settings", fields, { cookie }), postForm("/account-settings", fields, { cookie })]);
    for (const response of [first, second]) {
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/account-settings#security");
    }
    const renewed = sessionFrom(second);
    expect(renewed).toBeDefined();
    expect(renewed).toBe(sessionFrom(first));
    expect(await isSignedIn(renewed!)).toBe(true);
    expect(await isSignedIn(cookie)).toBe(false);
  });

  it("keeps no answer to a refused form, which is checked again when sent again", async () => {
    const user = await createConfirmedUser("refused");
    const cookie = await signInUser(user);
    const fields = { intent: "change-password", currentPassword: "Not#The0ne1234", newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    const [first, second] = await Promise.all([postForm("/account-settings", fields, { cookie }), postForm("/account-settings", fields, { cookie })]);
    expect(first.status).toBeGreaterThanOrEqual(400);
    expect(second.status).toBe(first.status);
    expect(await isSignedIn(cookie)).toBe(true);
  });

  it("is one copy only for the same session: another member's identical form is their own", async () => {
    const [one, two] = await Promise.all([createConfirmedUser("same-a"), createConfirmedUser("same-b")]);
    const [cookieOne, cookieTwo] = await Promise.all([signInUser(one), signInUser(two)]);
    const fields = { intent: "profile", firstName: "Same", lastName: `Fields ${token(4)}` };
    const [a, b] = await Promise.all([postForm("/account-settings", fields, { cookie: cookieOne }), postForm("/account-settings", fields, { cookie: cookieTwo })]);
    expect(a.status).toBe(302);
    expect(b.status).toBe(302);
    for (const user of [one, two]) expect((await storedMemberByEmail(user.email)).lastName).toBe(fields.lastName);
  });

  it("seals the kept answer: D1 holds neither the session nor the new session's cookie", async () => {
    const user = await createConfirmedUser("sealed");
    const cookie = await signInUser(user);
    const response = await postForm("/account-settings", { intent: "change-password", currentPassword: user.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, { cookie });
    const renewed = sessionFrom(response)!.slice("session=".length);
    const { db } = await testState();
    const rows = await db.select().from(formResends);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.answer ?? "").not.toContain(renewed);
      expect(row.key).not.toContain(cookie.slice("session=".length));
    }
  });
});

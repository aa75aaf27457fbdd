import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import {
  attemptLogin,
  createConfirmedUser,
  fromAddress,
  isSignedIn,
  newClientAddress,
  sessionFrom,
  signInUser,
  storedMemberByEmail,
  toastFrom,
  type TestUser,
} from "../support/accounts";
import { responseText } from "../support/html";
import { makePng, pngOfSize } from "../support/images";
import { baseUrl, get, postForm, url } from "../support/http";

const NEW_PASSWORD = "Hurry#Up0ffense9";

function changePassword(cookie: string, currentPassword: string, newPassword: string, confirmPassword = newPassword) {
  return postForm("/account-settings", { intent: "change-password", currentPassword, newPassword, confirmPassword }, { cookie });
}

async function loginWorks(user: Pick<TestUser, "email">, password: string) {
  const response = await attemptLogin(user.email, password, fromAddress(newClientAddress()));
  return response.status === 302 && sessionFrom(response) !== undefined;
}

async function settingsPage(cookie: string) {
  const response = await get("/account-settings", { cookie });
  expect(response.status).toBe(200);
  return responseText(response);
}

describe("password change", () => {
  it("ends every other session at once and keeps the changing browser signed in with a new session", async () => {
    const user = await createConfirmedUser("change");
    const otherDevice = await signInUser(user);
    const changer = await signInUser(user);

    const response = await changePassword(changer, user.password, NEW_PASSWORD);
    // A redirect: a reload of the page that follows cannot send the old password again.
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/account-settings#security");
    const renewed = sessionFrom(response);
    expect(renewed).toBeDefined();
    expect(renewed).not.toBe(changer);
    const toast = response.headers.getSetCookie().find((cookie) => cookie.startsWith("toast="))!.split(";")[0];
    const html = await responseText(await get("/account-settings", { cookie: `${renewed}; ${toast}` }));
    expect(html).toContain("Security Updated");
    expect(html).toContain("Password changed successfully!");
    expect(html).toContain("Password Updated");
    // Once shown, the page no longer says so.
    expect(await settingsPage(renewed!)).not.toContain("Security Updated");

    expect(await isSignedIn(otherDevice)).toBe(false);
    expect(await isSignedIn(changer)).toBe(false);
    expect(await isSignedIn(renewed!)).toBe(true);
    expect(await loginWorks(user, NEW_PASSWORD)).toBe(true);
    expect(await loginWorks(user, user.password)).toBe(false);
  });

  it("checks the form without counting an attempt", async () => {
    const user = await createConfirmedUser("change-rules");
    const cookie = await signInUser(user);
    const cases: [string, string, string, string][] = [
      ["", NEW_PASSWORD, NEW_PASSWORD, "Current password is required"],
      [user.password, "", "", "New password is required"],
      [user.password, NEW_PASSWORD, NEW_PASSWORD + "x", "New passwords do not match"],
      [user.password, user.password, user.password, "New password must be different from current password"],
      [user.password, "Xy9!wvu", "Xy9!wvu", "Password must be at least 8 characters long"],
      [user.password, "XY9!WVUT", "XY9!WVUT", "Password must contain at least one lowercase letter"],
      [user.password, "Xy9!wvut000", "Xy9!wvut000", "Password contains common patterns. Please choose a more random password"],
    ];
    for (const [current, next, confirm, message] of cases) {
      const response = await changePassword(cookie, current, next, confirm);
      expect(response.status, message).toBe(400);
      expect(await responseText(response), message).toContain(message);
    }
    expect(await settingsPage(cookie)).toContain("0/3 attempts used");
    expect(await isSignedIn(cookie)).toBe(true);
  });

  it("counts only wrong current passwords: three changes in a row leave 0/3; two wrong then the right one leave 2/3 and no lock", async () => {
    const user = await createConfirmedUser("change-right");
    let cookie = await signInUser(user);
    let current = user.password;
    const changeTo = async (next: string) => {
      const response = await changePassword(cookie, current, next);
      expect(response.status).toBe(302);
      cookie = sessionFrom(response)!;
      current = next;
    };
    for (const next of [NEW_PASSWORD, "Second#Change42", "Third#Change43"]) await changeTo(next);
    let html = await settingsPage(cookie);
    expect(html).toContain("0/3 attempts used");
    expect(html).not.toContain("Too many attempts");

    for (const wrong of ["Wrong#Guess0001", "Wrong#Guess0002"]) expect((await changePassword(cookie, wrong, NEW_PASSWORD)).status).toBe(400);
    // The third attempt is the right one: no lock follows the success.
    await changeTo("Fourth#Change44");
    html = await settingsPage(cookie);
    expect(html).toContain("2/3 attempts used");
    expect(html).not.toContain("Too many attempts");
    expect(await loginWorks(user, "Fourth#Change44")).toBe(true);
    // A third wrong one still locks.
    expect((await changePassword(cookie, "Wrong#Guess0003", NEW_PASSWORD)).status).toBe(400);
    expect(await settingsPage(cookie)).toMatch(/Too many attempts\. Please try again in \d+ seconds\./);
  });

  it("allows 3 attempts per 60 minutes, then locks with 'Too many attempts', kept on the server across reloads and sessions", async () => {
    const user = await createConfirmedUser("change-lock");
    const cookie = await signInUser(user);
    expect(await settingsPage(cookie)).toContain("0/3 attempts used");

    for (let attempt = 1; attempt <= 3; attempt++) {
      const response = await changePassword(cookie, `Wrong#Current${attempt}x`, NEW_PASSWORD);
      expect(response.status, `attempt ${attempt}`).toBe(400);
      expect(await responseText(response)).toContain("Current password is incorrect");
      if (attempt === 1) expect(await settingsPage(cookie)).toContain("1/3 attempts used");
    }

    // The 4th attempt is refused even with the right current password.
    const fourth = await changePassword(cookie, user.password, NEW_PASSWORD);
    expect(fourth.status).toBe(429);
    const message = /Too many attempts\. Please try again in (\d+) seconds\./.exec(await responseText(fourth));
    expect(message).not.toBeNull();
    expect(Number(message![1])).toBeGreaterThan(15 * 60 - 60);
    expect(Number(message![1])).toBeLessThanOrEqual(15 * 60);

    // A reload shows the lock and the counter; so does another session of the same member.
    for (const session of [cookie, await signInUser(user)]) {
      const html = await settingsPage(session);
      expect(html).toContain("3/3 attempts used");
      expect(html).toMatch(/Too many attempts\. Please try again in \d+ seconds\./);
    }
    expect(await loginWorks(user, user.password)).toBe(true);
    expect(await loginWorks(user, NEW_PASSWORD)).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// Avatar upload

function uploadAvatar(cookie: string, bytes: Uint8Array, fileName: string, type: string) {
  const form = new FormData();
  form.set("intent", "avatar");
  form.set("avatar", new Blob([new Uint8Array(bytes)], { type }), fileName);
  return fetch(url("/account-settings"), {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: cookie, Origin: baseUrl(), "Sec-Fetch-Site": "same-origin" },
    body: form,
  });
}

/**
 * An oversized upload sent as a browser sends it, over a raw socket so that the answer is read
 * exactly as it arrives: the headers with the true Content-Length, then the whole body. The app
 * refuses it from its Content-Length and drains the body before answering.
 */
function uploadAvatarHeadersFirst(cookie: string, bytes: Uint8Array, fileName: string, type: string) {
  const boundary = `----avatar${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\navatar\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`),
    Buffer.from(bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const target = new URL(url("/account-settings"));
  return new Promise<{ status: number; html: string }>((resolve, reject) => {
    const socket = connect(Number(target.port), target.hostname);
    let received = "";
    const timer = setTimeout(() => finish(new Error(`no complete answer within 10 s (got ${received.length} bytes)`)), 10_000);
    function finish(error?: Error) {
      clearTimeout(timer);
      socket.destroy();
      if (error) return reject(error);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1]);
      resolve({ status, html: received.replaceAll("<!-- -->", "") });
    }
    socket.on("data", (chunk) => {
      received += chunk.toString("utf8");
      if (received.includes("</html>")) finish();
    });
    socket.on("error", (error) => finish(error));
    socket.on("close", () => (received.includes("</html>") ? finish() : finish(new Error(`connection closed after ${received.length} bytes`))));
    socket.write(
      [
        `POST ${target.pathname} HTTP/1.1`,
        `Host: ${target.host}`,
        `Cookie: ${cookie}`,
        `Origin: ${baseUrl()}`,
        "Sec-Fetch-Site: same-origin",
        `Content-Type: multipart/form-data; boundary=${boundary}`,
        `Content-Length: ${body.length}`,
        "",
        "",
      ].join("\r\n"),
    );
    socket.write(body);
  });
}

async function storedProfile(email: string) {
  const { id, profileImageUrl } = await storedMemberByEmail(email);
  return { id, profileImageUrl };
}

/** The avatar image the navigation shows, if any. */
async function navigationAvatar(cookie: string) {
  const html = await (await get("/home", { cookie })).text();
  return /<img src="(\/media\/avatars\/[^"]+)"/.exec(html)?.[1] ?? null;
}

describe("the Profile card", () => {
  it("saves new names and comes back to the card; its form posts to the card's anchor", async () => {
    const user = await createConfirmedUser("profile-anchor");
    const cookie = await signInUser(user);
    expect(await (await get("/account-settings", { cookie })).text()).toContain('action="/account-settings#profile"');
    const saved = await postForm("/account-settings", { intent: "profile", firstName: "Anchored", lastName: "Names" }, { cookie });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/account-settings#profile");
    expect(toastFrom(saved)).toMatchObject({ title: "Profile updated" });
  });
});

describe("a change sent after the session ended", () => {
  it("new names are kept through the login and come back in the Profile card, once; any other change is said not to be saved", async () => {
    const user = await createConfirmedUser("kept-names");
    const sent = await postForm("/account-settings", { intent: "profile", firstName: "Renamed", lastName: "While Out" });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent("/account-settings#profile")}`);
    expect(toastFrom(sent)).toMatchObject({ title: "Session ended" });
    const browserCookie = sent.headers.getSetCookie().find((cookie) => cookie.startsWith("gp_kept_form="))!.split(";")[0];
    const login = await attemptLogin(user.email, user.password, { ...fromAddress(newClientAddress()), Cookie: browserCookie }, { redirectTo: "/account-settings#profile" });
    const session = sessionFrom(login)!;
    const page = await settingsPage(`${session}; ${browserCookie}`);
    expect(page).toContain('value="Renamed"');
    expect(page).toContain('value="While Out"');
    expect(page).toContain("Not saved: your session had ended. What you typed is back in the form; save it now.");
    expect((await storedMemberByEmail(user.email)).firstName).not.toBe("Renamed");
    // Once.
    expect(await settingsPage(`${session}; ${browserCookie}`)).not.toContain('value="Renamed"');

    // Notification choices (and passwords, pictures, billing) are not kept: the login says the change was not made.
    const other = await postForm("/account-settings", { intent: "notifications", notifyDigest: "on" });
    expect(other.status).toBe(302);
    expect(other.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent("/account-settings")}`);
    expect(toastFrom(other)).toEqual({ kind: "error", title: "Session ended", description: "Log in again, then make your change again: it was not saved." });
    expect(other.headers.getSetCookie().some((cookie) => cookie.startsWith("gp_kept_form="))).toBe(false);
  });
});

describe("avatar upload", () => {
  it("stores a real PNG in R2 under avatars/{userId}-{timestamp}.png and serves it at that URL", async () => {
    const user = await createConfirmedUser("avatar");
    const cookie = await signInUser(user);
    const png = makePng(48, 48);
    const before = Date.now();
    const response = await uploadAvatar(cookie, png, "me.png", "image/png");
    const after = Date.now();
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/account-settings");
    expect(toastFrom(response)).toEqual({
      kind: "success",
      title: "Avatar updated",
      description: "Your profile picture has been updated successfully.",
    });

    const { id, profileImageUrl: imageUrl } = await storedProfile(user.email);
    const match = /^\/media\/avatars\/([0-9a-f-]{36})-(\d+)\.png$/.exec(imageUrl ?? "");
    expect(match, String(imageUrl)).not.toBeNull();
    expect(match![1]).toBe(id);
    expect(Number(match![2])).toBeGreaterThanOrEqual(before - 5000);
    expect(Number(match![2])).toBeLessThanOrEqual(after + 5000);

    const served = await get(imageUrl!);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    expect(await navigationAvatar(cookie)).toBe(imageUrl);
    expect(await settingsPage(cookie)).toContain(`src="${imageUrl}"`);
  });

  it("names the file by its content, not by its name or declared type", async () => {
    const user = await createConfirmedUser("avatar-sniff");
    const cookie = await signInUser(user);
    const response = await uploadAvatar(cookie, makePng(8, 8), "holiday.jpg", "image/jpeg");
    expect(response.status).toBe(302);
    expect((await storedProfile(user.email)).profileImageUrl).toMatch(/\.png$/);
  });

  it("refuses a text file renamed .png, a non-image declared as image/png, and files over 5 MB; nothing changes", async () => {
    const user = await createConfirmedUser("avatar-refuse");
    const cookie = await signInUser(user);
    expect((await uploadAvatar(cookie, makePng(16, 16), "first.png", "image/png")).status).toBe(302);
    const original = await navigationAvatar(cookie);
    expect(original).toMatch(/^\/media\/avatars\//);

    const invalidType = "Invalid file type: Please upload an image file.";
    const tooLarge = "File too large: Please upload an image smaller than 5MB.";
    const attempts: [string, Uint8Array, string, string, number, string][] = [
      ["text renamed .png", Buffer.from("Just some notes, not a picture.\n"), "notes.png", "text/plain", 400, invalidType],
      ["other bytes claiming image/png", Buffer.from("<html><script>alert(1)</script></html>"), "avatar.png", "image/png", 400, invalidType],
      ["PNG signature cut short", makePng(1, 1).subarray(0, 6), "short.png", "image/png", 400, invalidType],
      ["empty file", new Uint8Array(0), "empty.png", "image/png", 400, invalidType],
      ["5 MB + 1 byte", pngOfSize(5 * 1024 * 1024 + 1), "big.png", "image/png", 400, tooLarge],
    ];
    for (const [label, bytes, name, type, status, message] of attempts) {
      const response = await uploadAvatar(cookie, bytes, name, type);
      expect(response.status, label).toBe(status);
      expect(toastFrom(response), label).toBeNull();
      expect(await responseText(response), label).toContain(message);
      expect(await navigationAvatar(cookie), label).toBe(original);
    }
    // A much larger file is refused from its size alone, before the body is read.
    const huge = await uploadAvatarHeadersFirst(cookie, pngOfSize(8 * 1024 * 1024), "huge.png", "image/png");
    expect(huge.status).toBe(413);
    expect(huge.html).toContain(tooLarge);
    expect(await navigationAvatar(cookie)).toBe(original);
    expect((await storedProfile(user.email)).profileImageUrl).toBe(original);
    // Exactly 5 MB is still accepted.
    expect((await uploadAvatar(cookie, pngOfSize(5 * 1024 * 1024), "max.png", "image/png")).status).toBe(302);
  });

  it("replaces the previous avatar and removes its file", async () => {
    const user = await createConfirmedUser("avatar-replace");
    const cookie = await signInUser(user);
    await uploadAvatar(cookie, makePng(8, 8, [200, 40, 40]), "a.png", "image/png");
    const first = await navigationAvatar(cookie);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await uploadAvatar(cookie, makePng(8, 8, [40, 40, 200]), "b.png", "image/png");
    const second = await navigationAvatar(cookie);
    expect(second).not.toBe(first);
    expect((await get(second!)).status).toBe(200);
    let status = 200;
    for (let poll = 0; poll < 20 && status !== 404; poll++) {
      status = (await get(first!)).status;
      if (status !== 404) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(404);
  });
});

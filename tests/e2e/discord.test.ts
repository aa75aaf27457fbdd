import { randomBytes } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { discordLinks } from "../../db/schema";
import { DEMO_PASSWORD } from "../../db/seed";
import { createMember } from "../support/accounts";
import { focusedName, launchBrowser, signInAs, signInWithPassword, visible } from "../support/browser";
import { discordControl, FAKE_DISCORD } from "../support/fake-discord";
import { JS_MODES, watchedPage } from "../support/form-matrix";
import { testState } from "../support/test-state";

// The Discord card's forms and staff's 'Sync now', each with valid input up to its success message,
// with JavaScript on and off. Discord is the fake on loopback (tests/support/fake-discord.ts): the
// consent screen picks the account the test named beforehand.

let browser: Browser;
let fake: ReturnType<typeof discordControl>;
beforeAll(async () => {
  browser = await launchBrowser();
  fake = discordControl(inject("oauthUrl"));
});
afterAll(async () => {
  await browser?.close();
});

const discordId = () => String(BigInt("0x" + randomBytes(7).toString("hex")));

async function premiumMember() {
  return createMember({ subscriptionTier: "premium", subscriptionStatus: "active", accessExpiresAt: new Date(Date.now() + 30 * 24 * 3600 * 1000) });
}

describe.each(JS_MODES)("Discord in Chromium, $label", (mode) => {
  it("Connect Discord, then Disconnect", async () => {
    const member = await premiumMember();
    const id = discordId();
    const name = `Coach ${mode.javaScriptEnabled ? "On" : "Off"}`;
    await fake.consentAs({ id, username: "coach", global_name: name, verified: true });
    const w = await watchedPage(browser, mode);
    const { page } = w;
    await signInWithPassword(page, member.email, DEMO_PASSWORD);
    await page.goto("/account-settings#discord");
    const card = page.locator("#discord");
    await card.getByRole("button", { name: "Connect Discord" }).click();
    await page.waitForURL((url) => url.pathname === "/account-settings", { timeout: 15_000 });
    await visible(page.getByText("Discord connected", { exact: true }));
    await visible(card.getByText(name, { exact: true }));
    // The toast says who is linked; where the role is, the card says (the toast said 'on its way'
    // beside a card that already said 'You have the members' role').
    await visible(page.getByText(`Linked as ${name}.`, { exact: true }));
    await w.check();
    // The role arrives shortly after (the request's waitUntil).
    for (let tries = 0; tries < 60 && !(await fake.member(id)).roles.includes(FAKE_DISCORD.roleId); tries += 1) await page.waitForTimeout(250);
    expect((await fake.member(id)).roles).toEqual([FAKE_DISCORD.roleId]);

    await card.getByRole("button", { name: "Disconnect" }).click();
    await visible(page.getByText("Discord disconnected", { exact: true }));
    await visible(card.getByRole("button", { name: "Connect Discord" }));
    // With JavaScript the keyboard stays in the card (its button is gone): Tab reaches 'Connect Discord'.
    if (mode.javaScriptEnabled) {
      await page.keyboard.press("Tab");
      expect(await focusedName(page)).toBe("Connect Discord");
    }
    await w.finish();
  });

  it("staff: Sync now in the user details dialog", async () => {
    const member = await premiumMember();
    const id = discordId();
    await fake.join(id, []);
    const { db } = await testState();
    await db.insert(discordLinks).values({ userId: member.id, discordUserId: id, discordUsername: "Linked Larry", linkedAt: new Date() });
    const w = await watchedPage(browser, mode);
    const { page } = w;
    await signInAs(page, "superadmin");
    await page.goto(`/admin?q=${encodeURIComponent(member.email)}&user=${member.id}&dialog=details#users`);
    const dialog = page.getByRole("dialog", { name: "User details" });
    await visible(dialog.getByText("Linked Larry"));
    await dialog.getByRole("button", { name: "Sync now" }).click();
    await visible(page.getByText("Discord synced", { exact: true }));
    await visible(page.getByText("The members' role is given."));
    expect((await fake.member(id)).roles).toEqual([FAKE_DISCORD.roleId]);
    // Back on the same list, the dialog open again, and (with JavaScript) the keyboard still on 'Sync now'.
    expect(new URL(page.url()).searchParams.get("q")).toBe(member.email);
    await visible(dialog.getByText("Linked Larry"));
    if (mode.javaScriptEnabled) expect(await focusedName(page)).toBe("Sync now");
    await w.finish();
  });
});

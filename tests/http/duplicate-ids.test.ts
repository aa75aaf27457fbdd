import { asc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { userTips } from "../../db/schema";
import type { DemoRole } from "../../db/seed";
import { demoUserId } from "../support/accounts";
import { duplicateIds } from "../support/form-matrix";
import { get, signIn } from "../support/http";
import { testState } from "../support/test-state";

// An id that appears twice breaks label and aria references and any script that looks an element
// up by id (the profile form did exactly that: conform found the card instead of the form).

const SCHEME = "/content/cfb26-spread-rpo-attack";
const PUBLIC_PAGES = [
  "/",
  "/college",
  "/madden?type=pro-tip",
  "/blog",
  "/blog/community-tournament-october",
  "/contact",
  "/terms-of-service",
  "/privacy-policy",
  "/subscribe",
  "/subscribe?plan=monthly",
  "/auth",
  "/auth?mode=register",
  "/auth?mode=forgot",
  "/scheme/cfb26-spread-rpo-attack",
  SCHEME,
  `${SCHEME}/section/gun-trips-te`,
  `${SCHEME}/section/gun-trips-te/play/inside-zone-bubble`,
  "/no-such-page",
];
const MEMBER_PAGES = ["/home", "/account-settings", "/submit-tip", "/subscribe", SCHEME, `${SCHEME}/section/gun-trips-te`];

async function staffPages() {
  const member = await demoUserId("free");
  const { db } = await testState();
  const [{ id: tip }] = await db.select({ id: userTips.id }).from(userTips).orderBy(asc(userTips.id)).limit(1);
  return [
    "/admin",
    `/admin?user=${member}&dialog=details`,
    `/admin?user=${member}&dialog=edit`,
    `/admin?tip=${tip}&dialog=details`,
    `/admin?tip=${tip}&dialog=review`,
    `/admin?tip=${tip}&dialog=delete-tip`,
    "/admin?content=cfb26-spread-rpo-attack&dialog=delete-content",
    "/admin/content/new",
    "/admin/content/cfb26-spread-rpo-attack",
    "/admin/blog/new",
    "/admin/blog/community-tournament-october",
  ];
}

async function duplicatesOn(path: string, cookie?: string) {
  const response = await get(path, { cookie });
  expect([200, 404], `${path} answered ${response.status}`).toContain(response.status);
  return duplicateIds(await response.text());
}

describe("no page has an id twice", () => {
  it("for a visitor", async () => {
    for (const path of PUBLIC_PAGES) expect(await duplicatesOn(path), path).toEqual([]);
  });

  it.each(["free", "premium"] as DemoRole[])("for a %s member", async (role) => {
    const cookie = await signIn(role);
    // (The login pages send a signed-in member on.)
    const pages = [...MEMBER_PAGES, ...PUBLIC_PAGES.filter((path) => !path.startsWith("/auth"))];
    for (const path of pages) expect(await duplicatesOn(path, cookie), path).toEqual([]);
  });

  it("for staff, dialogs open", async () => {
    const cookie = await signIn("superadmin");
    for (const path of await staffPages()) expect(await duplicatesOn(path, cookie), path).toEqual([]);
  });

  it("finds an id written twice (the check itself)", () => {
    expect(duplicateIds(`<section id="profile"><form id="profile"></form><p>id="profile"</p></section>`)).toEqual(["profile"]);
    expect(duplicateIds(`<a id="a"></a><b id='b'></b><i data-id="a"></i>`)).toEqual([]);
  });
});

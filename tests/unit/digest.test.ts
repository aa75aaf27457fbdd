import { describe, expect, it } from "vitest";
import { DIGEST_MAX_LINES, renderDigest } from "~/server/digest.server";

type Options = Parameters<typeof renderDigest>[0];

function changes(count: number): Options["changes"] {
  return Array.from({ length: count }, (_, index) => ({
    userId: "member",
    changedAt: Date.UTC(2026, 10, 24, 12) - index * 60_000,
    toStatus: "verified" as const,
    version: "1.09",
    contentSlug: "gun-bunch",
    contentTitle: "Gun Bunch Quick Pass",
    sectionSlug: "gun-bunch-wk",
    playSlug: `play-${index}`,
    playTitle: `Play ${index}`,
  }));
}

function digest(changeCount: number, added: Options["added"] = []) {
  return renderDigest({
    site: "http://localhost:8787",
    siteName: "Gridiron Playbook",
    firstName: "Sam",
    changes: changes(changeCount),
    added,
    unsubscribe: "http://localhost:8787/unsubscribe?u=x&s=y",
  });
}

describe("the digest e-mail", () => {
  it("lists every change since the last one (patch day: 36 changes on one scheme), and counts them all", () => {
    const email = digest(36);
    expect(email.subject).toBe("Your playbook: 36 status changes");
    for (let index = 0; index < 36; index++) expect(email.text).toContain(`Play ${index} (Gun Bunch Quick Pass): Verified on 1.09 · Nov 24, 2026`);
    expect(email.text).not.toContain("more status changes");
  });

  it("past its length, counts what it leaves out and links to where it is, never dropping it unsaid", () => {
    const email = digest(DIGEST_MAX_LINES + 5);
    expect(email.subject).toBe(`Your playbook: ${DIGEST_MAX_LINES + 5} status changes`);
    expect(email.text).toContain(`Play ${DIGEST_MAX_LINES - 1} (Gun Bunch Quick Pass)`);
    expect(email.text).not.toContain(`Play ${DIGEST_MAX_LINES} (Gun Bunch Quick Pass)`);
    expect(email.text).toContain("- And 5 more status changes on your notifications page: http://localhost:8787/notifications");
  });

  it("lists every new item of the followed games too", () => {
    const added = Array.from({ length: 40 }, (_, index) => ({ userId: "member", slug: `new-${index}`, title: `New ${index}`, game: "madden" as const, type: "meta-scheme" as const }));
    const email = digest(1, added);
    expect(email.subject).toBe("Your playbook: 1 status change, 40 new items");
    for (let index = 0; index < 40; index++) expect(email.text).toContain(`New ${index} (`);
  });

  it("links its settings and its one-click unsubscribe in the HTML, and writes them out in the text", () => {
    const email = digest(1);
    expect(email.html).toContain('<a href="http://localhost:8787/unsubscribe?u=x&amp;s=y" style="color:#a3e635">Unsubscribe without logging in</a>');
    expect(email.html).toContain('<a href="http://localhost:8787/account-settings#notifications" style="color:#a3e635">Change it in Account Settings</a>');
    expect(email.text).toContain("Unsubscribe without logging in: http://localhost:8787/unsubscribe?u=x&s=y");
    // The changes are those of what the member follows (favourites, plays being learned, gameplans).
    expect(email.text).toContain("What changed on what you follow");
  });
});

import { describe, expect, it } from "vitest";
import {
  canChangeComment,
  canOpenContent,
  contentRights,
  hasPremiumAccess,
  isStaff,
  isSuperadmin,
  staffRights,
  type AccessSubject,
} from "~/lib/access";

// The premium access rule (app/lib/access.ts): staff always; a premium member only while
// access_expires_at is in the future; free members and visitors never. Free content is open to all.
const NOW = Date.UTC(2026, 10, 1, 12, 0, 0);
const HOUR = 60 * 60 * 1000;

function subject(overrides: Partial<AccessSubject>): AccessSubject {
  return { role: "user", subscriptionTier: "free", accessExpiresAt: null, ...overrides };
}

describe("hasPremiumAccess", () => {
  it("gives staff access whatever their tier and expiry", () => {
    for (const role of ["admin", "superadmin"] as const) {
      expect(hasPremiumAccess(subject({ role }), NOW), role).toBe(true);
      expect(hasPremiumAccess(subject({ role, subscriptionTier: "premium", accessExpiresAt: NOW - HOUR }), NOW)).toBe(true);
    }
  });

  it("gives a premium member access only while access_expires_at is in the future", () => {
    expect(hasPremiumAccess(subject({ subscriptionTier: "premium", accessExpiresAt: new Date(NOW + HOUR) }), NOW)).toBe(true);
    expect(hasPremiumAccess(subject({ subscriptionTier: "premium", accessExpiresAt: NOW + 1 }), NOW)).toBe(true);
    expect(hasPremiumAccess(subject({ subscriptionTier: "premium", accessExpiresAt: NOW }), NOW)).toBe(false); // not in the future
    expect(hasPremiumAccess(subject({ subscriptionTier: "premium", accessExpiresAt: NOW - 1 }), NOW)).toBe(false);
    expect(hasPremiumAccess(subject({ subscriptionTier: "premium", accessExpiresAt: null }), NOW)).toBe(false);
  });

  it("reads the expiry as a Date, epoch milliseconds or an ISO string", () => {
    const future = NOW + 24 * HOUR;
    const past = NOW - 24 * HOUR;
    for (const value of [new Date(future), future, new Date(future).toISOString()]) {
      expect(hasPremiumAccess(subject({ subscriptionTier: "premium", accessExpiresAt: value }), NOW), String(value)).toBe(true);
    }
    for (const value of [new Date(past), past, new Date(past).toISOString()]) {
      expect(hasPremiumAccess(subject({ subscriptionTier: "premium", accessExpiresAt: value }), NOW), String(value)).toBe(false);
    }
  });

  it("uses the current time by default", () => {
    expect(hasPremiumAccess(subject({ subscriptionTier: "premium", accessExpiresAt: Date.now() + HOUR }))).toBe(true);
    expect(hasPremiumAccess(subject({ subscriptionTier: "premium", accessExpiresAt: Date.now() - HOUR }))).toBe(false);
  });

  it("never gives access to a free member, even with a future expiry, nor to a visitor", () => {
    expect(hasPremiumAccess(subject({ subscriptionTier: "free" }), NOW)).toBe(false);
    expect(hasPremiumAccess(subject({ subscriptionTier: "free", accessExpiresAt: NOW + HOUR }), NOW)).toBe(false);
    expect(hasPremiumAccess(null, NOW)).toBe(false);
    expect(hasPremiumAccess(undefined, NOW)).toBe(false);
  });
});

describe("canOpenContent", () => {
  const free = { requiredTier: "free" as const };
  const premium = { requiredTier: "premium" as const };
  const members = {
    visitor: null,
    free: subject({}),
    expired: subject({ subscriptionTier: "premium", accessExpiresAt: NOW - HOUR }),
    premium: subject({ subscriptionTier: "premium", accessExpiresAt: NOW + HOUR }),
    admin: subject({ role: "admin" }),
    superadmin: subject({ role: "superadmin" }),
  };

  it("opens free content to everyone, visitors included", () => {
    for (const [name, user] of Object.entries(members)) expect(canOpenContent(user, free, NOW), name).toBe(true);
  });

  it("opens premium content to active premium members and staff only", () => {
    const expected = { visitor: false, free: false, expired: false, premium: true, admin: true, superadmin: true };
    for (const [name, user] of Object.entries(members)) {
      expect(canOpenContent(user, premium, NOW), name).toBe(expected[name as keyof typeof expected]);
    }
  });
});

describe("roles", () => {
  it("counts admins and superadmins as staff, and only superadmins as superadmins", () => {
    expect([isStaff({ role: "user" }), isStaff({ role: "admin" }), isStaff({ role: "superadmin" }), isStaff(null)]).toEqual([false, true, true, false]);
    expect([isSuperadmin({ role: "user" }), isSuperadmin({ role: "admin" }), isSuperadmin({ role: "superadmin" }), isSuperadmin(undefined)]).toEqual([
      false,
      false,
      true,
      false,
    ]);
  });
});

describe("contentRights: what a viewer may do on one item", () => {
  const premium = subject({ subscriptionTier: "premium", accessExpiresAt: NOW + HOUR });
  const free = subject({});
  const admin = subject({ role: "admin" });
  const scheme = { isPublished: true, requiredTier: "premium" as const, type: "meta-scheme" as const };
  const freeTip = { isPublished: true, requiredTier: "free" as const, type: "pro-tip" as const };
  const draft = { ...scheme, isPublished: false };
  const none = { see: false, open: false, rate: false, comment: false, favorite: false, trackProgress: false, countView: false };

  it("a visitor sees a premium scheme locked, and opens free content without rating, commenting, saving it or tracking progress", () => {
    expect(contentRights(null, scheme, NOW)).toEqual({ ...none, see: true });
    expect(contentRights(null, freeTip, NOW)).toEqual({ ...none, see: true, open: true, countView: true });
  });

  it("a free member may save free content and track its plays but not rate or comment, and sees premium content locked", () => {
    expect(contentRights(free, freeTip, NOW)).toEqual({ see: true, open: true, rate: false, comment: false, favorite: true, trackProgress: true, countView: true });
    expect(contentRights(free, scheme, NOW)).toEqual({ ...none, see: true });
  });

  it("a premium member may do everything on a scheme; rating is for schemes only", () => {
    expect(contentRights(premium, scheme, NOW)).toEqual({ see: true, open: true, rate: true, comment: true, favorite: true, trackProgress: true, countView: true });
    expect(contentRights(premium, freeTip, NOW).rate).toBe(false);
    expect(contentRights(premium, freeTip, NOW).comment).toBe(true);
  });

  it("a draft is there for staff only, and its views do not count", () => {
    expect(contentRights(premium, draft, NOW)).toEqual(none);
    expect(contentRights(admin, draft, NOW)).toEqual({ see: true, open: true, rate: true, comment: true, favorite: true, trackProgress: true, countView: false });
  });

  it("an expired premium member is a free member again", () => {
    const expired = subject({ subscriptionTier: "premium", accessExpiresAt: NOW - 1 });
    expect(contentRights(expired, scheme, NOW)).toEqual({ ...none, see: true });
  });
});

describe("canChangeComment", () => {
  it("lets the author and staff edit or delete a comment, nobody else", () => {
    const comment = { userId: "author" };
    expect(canChangeComment({ id: "author", role: "user" }, comment)).toBe(true);
    expect(canChangeComment({ id: "other", role: "user" }, comment)).toBe(false);
    expect(canChangeComment({ id: "staff", role: "admin" }, comment)).toBe(true);
    expect(canChangeComment(null, comment)).toBe(false);
  });
});

describe("staffRights", () => {
  it("gives admins the content and tips, superadmins everything, members nothing", () => {
    expect(staffRights(subject({ role: "admin" }))).toEqual({
      dashboard: true,
      manageContent: true,
      reviewTips: true,
      manageUsers: false,
      manageBlog: false,
      readMessages: false,
    });
    expect(Object.values(staffRights(subject({ role: "superadmin" }))).every(Boolean)).toBe(true);
    expect(Object.values(staffRights(subject({}))).some(Boolean)).toBe(false);
    expect(Object.values(staffRights(null)).some(Boolean)).toBe(false);
  });
});

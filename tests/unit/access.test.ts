import { describe, expect, it } from "vitest";
import { canOpenContent, hasPremiumAccess, isStaff, isSuperadmin, type AccessSubject } from "~/lib/access";

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

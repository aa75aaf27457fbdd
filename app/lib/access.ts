// The premium access rule (specification section 6), in one place for server and UI.

export type AccessSubject = {
  role: "user" | "admin" | "superadmin";
  subscriptionTier: "free" | "premium";
  accessExpiresAt: Date | number | string | null;
};

export function isStaff(user: Pick<AccessSubject, "role"> | null | undefined): boolean {
  return user?.role === "admin" || user?.role === "superadmin";
}

export function isSuperadmin(user: Pick<AccessSubject, "role"> | null | undefined): boolean {
  return user?.role === "superadmin";
}

/** Staff always have access; a premium member only while access_expires_at is in the future. */
export function hasPremiumAccess(user: AccessSubject | null | undefined, now: number = Date.now()): boolean {
  if (!user) return false;
  if (isStaff(user)) return true;
  if (user.subscriptionTier !== "premium" || user.accessExpiresAt == null) return false;
  return new Date(user.accessExpiresAt).getTime() > now;
}

/** Content whose required tier is free is open to everyone; premium content needs premium access. */
export function canOpenContent(
  user: AccessSubject | null | undefined,
  item: { requiredTier: "free" | "premium" },
  now: number = Date.now(),
): boolean {
  return item.requiredTier === "free" || hasPremiumAccess(user, now);
}

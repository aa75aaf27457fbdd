import type { User } from "../../db/schema.ts";
import { hasPremiumAccess, isStaff, isSuperadmin } from "../lib/access.ts";
import type { Viewer } from "../lib/viewer.ts";

export function toViewer(user: User, now = Date.now()): Viewer {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    profileImageUrl: user.profileImageUrl,
    hasPremium: hasPremiumAccess(user, now),
    isStaff: isStaff(user),
    isSuperadmin: isSuperadmin(user),
    // A failed payment of a subscription that goes on (cancelled, it is simply ending).
    pastDue: user.subscriptionStatus === "past_due" && !user.cancelAtPeriodEnd,
  };
}

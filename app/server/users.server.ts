import type { User } from "../../db/schema.ts";
import { hasFailedPayment, hasPremiumAccess, isStaff, isSuperadmin } from "../lib/access.ts";
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
    pastDue: hasFailedPayment(user),
  };
}

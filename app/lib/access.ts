// Who may do what, in one place for server and UI: the premium access rule, what a viewer may do
// on a piece of content and with a comment, and what each staff role may do. Loaders show these
// rights; actions enforce the same ones.
import type { ContentType } from "../../db/schema.ts";
import { isSchemeType } from "./content.ts";

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

/**
 * A Stripe subscription that still charges the member (active, or past due while Stripe retries),
 * not set to end: whatever their access is, they can cancel it and update its card, and a second
 * checkout would only charge them twice.
 */
export function hasLiveSubscription(user: {
  stripeSubscriptionId: string | null;
  subscriptionStatus: string | null;
  cancelAtPeriodEnd: boolean;
}): boolean {
  return Boolean(user.stripeSubscriptionId) && !user.cancelAtPeriodEnd && (user.subscriptionStatus === "active" || user.subscriptionStatus === "past_due");
}

/**
 * A Stripe subscription is running (paid or retrying, or cancelled and running to its period's
 * end): its status and last day are Stripe's to set, through the webhook, not a staff member's.
 */
export function hasRunningSubscription(user: { stripeSubscriptionId: string | null; subscriptionStatus: string | null; cancelAtPeriodEnd: boolean }): boolean {
  return Boolean(user.stripeSubscriptionId) && (user.subscriptionStatus === "active" || user.subscriptionStatus === "past_due" || user.cancelAtPeriodEnd);
}

/**
 * A payment Stripe failed to take and is retrying ('Past Due'), on a subscription that goes on:
 * only a member Stripe charges has one (a status set by hand on an account without a subscription
 * is no failed payment), and a cancelled one is simply ending.
 */
export function hasFailedPayment(user: { stripeSubscriptionId: string | null; subscriptionStatus: string | null; cancelAtPeriodEnd: boolean }): boolean {
  return user.subscriptionStatus === "past_due" && Boolean(user.stripeSubscriptionId) && !user.cancelAtPeriodEnd;
}

/** Content whose required tier is free is open to everyone; premium content needs premium access. */
export function canOpenContent(
  user: AccessSubject | null | undefined,
  item: { requiredTier: "free" | "premium" },
  now: number = Date.now(),
): boolean {
  return item.requiredTier === "free" || hasPremiumAccess(user, now);
}

type ContentSubject = { isPublished: boolean; requiredTier: "free" | "premium"; type: ContentType };

export type ContentRights = {
  /** The page exists for this viewer: published, or a draft that staff preview. */
  see: boolean;
  /** Everything behind the lock: videos, formations, plays and their write-ups. */
  open: boolean;
  /** Schemes only; premium members and staff on an item they can open. */
  rate: boolean;
  comment: boolean;
  /** Any signed-in viewer on an item they can open. */
  favorite: boolean;
  /** Any signed-in viewer on an item they can open: their stage with its plays, their place in its videos. */
  trackProgress: boolean;
  /** A video played counts a view only on published items that are open to the viewer. */
  countView: boolean;
};

/** Everything a viewer (null: a visitor) may do on one content item. */
export function contentRights(viewer: AccessSubject | null | undefined, item: ContentSubject, now: number = Date.now()): ContentRights {
  const see = item.isPublished || isStaff(viewer);
  const open = see && canOpenContent(viewer, item, now);
  const premium = hasPremiumAccess(viewer, now);
  return {
    see,
    open,
    rate: open && premium && isSchemeType(item.type),
    comment: open && premium,
    favorite: open && Boolean(viewer),
    trackProgress: open && Boolean(viewer),
    countView: open && item.isPublished,
  };
}

/** A comment may be edited or deleted by its author and by staff. */
export function canChangeComment(viewer: (Pick<AccessSubject, "role"> & { id: string }) | null | undefined, comment: { userId: string | null }): boolean {
  return Boolean(viewer && (viewer.id === comment.userId || isStaff(viewer)));
}

export type StaffRights = {
  /** The dashboard, its statistics, the content library and its editor, tip review. */
  dashboard: boolean;
  manageContent: boolean;
  reviewTips: boolean;
  /** Superadmin only: members and their roles, the blog, contact messages, the member statistics. */
  manageUsers: boolean;
  manageBlog: boolean;
  readMessages: boolean;
};

/** What each staff role may do; a member or visitor may do none of it. */
export function staffRights(user: Pick<AccessSubject, "role"> | null | undefined): StaffRights {
  const staff = isStaff(user);
  const superadmin = isSuperadmin(user);
  return { dashboard: staff, manageContent: staff, reviewTips: staff, manageUsers: superadmin, manageBlog: superadmin, readMessages: superadmin };
}

export type SearchRights = {
  /** Formation and play write-ups of premium items are searched and quoted in snippets. */
  premiumWriteUps: boolean;
  /** Unpublished content is found too. */
  drafts: boolean;
};

/** What a search may look at for this viewer: the same rules as opening the pages themselves. */
export function searchRights(viewer: AccessSubject | null | undefined, now: number = Date.now()): SearchRights {
  return {
    premiumWriteUps: contentRights(viewer, { isPublished: true, requiredTier: "premium", type: "meta-scheme" }, now).open,
    drafts: contentRights(viewer, { isPublished: false, requiredTier: "free", type: "meta-scheme" }, now).see,
  };
}

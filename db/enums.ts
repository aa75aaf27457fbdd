// Every list of allowed values, once: the tables (db/schema.ts) and the forms' schemas (app/lib/schemas)
// import them from here. This file imports nothing, so the forms can use it in the browser without
// bringing the table definitions along.
export const ROLES = ["user", "admin", "superadmin"] as const;
export const SUBSCRIPTION_TIERS = ["free", "premium"] as const;
export const SUBSCRIPTION_STATUSES = ["active", "inactive", "cancelled", "past_due"] as const;
export const SUBSCRIPTION_PLANS = ["monthly", "yearly"] as const;
export const GAMES = ["college", "madden"] as const;
export const CONTENT_TYPES = ["meta-scheme", "off-meta-scheme", "pro-tip", "gameplay", "lab-sessions"] as const;
export const DIFFICULTIES = ["beginner", "intermediate", "advanced"] as const;
export const REQUIRED_TIERS = ["free", "premium"] as const;
export const VIDEO_PROVIDERS = ["youtube", "vimeo", "custom"] as const;
export const COMMENT_TARGETS = ["content", "blog"] as const;
export const BLOG_CATEGORIES = ["updates", "announcements", "news"] as const;
export const TIP_STATUSES = ["pending", "approved", "rejected"] as const;
export const OAUTH_PROVIDERS = ["discord", "google"] as const;
export const TOKEN_PURPOSES = ["email_confirmation", "password_reset"] as const;

/** What a search result is: a content item, a formation, a play or a blog post. */
export const SEARCH_KINDS = ["content", "formation", "play", "post"] as const;

/** Where a scheme or play stands against its game's current title update (see the patch tracker). */
export const PATCH_STATUSES = ["verified", "needs-retest", "adjusted", "nerfed"] as const;
/** What a status belongs to: a content item (scheme, pro tip...) or one play of a scheme. */
export const STATUS_ITEM_KINDS = ["content", "play"] as const;

/** Where a member stands with one play: the install tracker's stages, in order. */
export const PROGRESS_STAGES = ["not-started", "watched", "practised", "game-ready"] as const;

/** What a staff audit entry records (db/schema.ts audit_log); labels in app/lib/audit.ts. */
export const AUDIT_ACTIONS = [
  "user.update",
  "user.delete",
  "content.delete",
  "blog.delete",
  "comment.update",
  "comment.delete",
  "tip.review",
  "tip.delete",
] as const;
/** The situations of a gameplan, in the call sheet's order (labels in app/lib/gameplans.ts). */
export const GAMEPLAN_SITUATIONS = ["openers", "first-down", "third-short", "third-long", "red-zone", "two-minute", "vs-blitz", "goal-line"] as const;

import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  // Public site
  index("routes/site/landing.tsx"),
  route("contact", "routes/site/contact.tsx"),
  route("terms-of-service", "routes/site/terms-of-service.tsx"),
  route("privacy-policy", "routes/site/privacy-policy.tsx"),
  route("blog", "routes/blog/blog-list.tsx"),
  route("blog/:slug", "routes/blog/blog-post.tsx"),

  // Accounts
  route("auth", "routes/auth/auth.tsx"),
  route("auth/confirm", "routes/auth/confirm.tsx"),
  route("auth/oauth/:provider", "routes/auth/oauth-start.tsx"),
  route("auth/oauth/:provider/callback", "routes/auth/oauth-callback.tsx"),
  route("reset-password", "routes/auth/reset-password.tsx"),
  route("logout", "routes/auth/logout.tsx"),
  route("account-settings", "routes/account/account-settings.tsx"),
  route("account/discord", "routes/account/discord.tsx"),
  route("account/discord/callback", "routes/account/discord-callback.tsx"),
  route("account-settings/export", "routes/resources/account-export.ts"),

  // Members
  route("home", "routes/member/home.tsx"),
  route("notifications", "routes/member/notifications.tsx"),
  route("unsubscribe", "routes/account/unsubscribe.tsx"),
  route("gameplans", "routes/gameplans/gameplans.tsx"),
  route("gameplans/add", "routes/gameplans/add-to-gameplan.tsx"),
  route("gameplans/:id", "routes/gameplans/gameplan.tsx"),
  route("gameplans/:id/wristband", "routes/gameplans/wristband.tsx"),
  route("gameplans/shared/:token", "routes/gameplans/shared-gameplan.tsx"),

  // Billing
  route("subscribe", "routes/billing/subscribe.tsx"),
  route("subscribe/test-checkout", "routes/billing/test-checkout.tsx"),
  route("success", "routes/billing/success.tsx"),
  route("cancel", "routes/billing/cancel.tsx"),
  route("webhooks/stripe", "routes/billing/stripe-webhook.ts"),

  // The library
  route("college", "routes/library/game-listing.tsx", { id: "college" }),
  route("madden", "routes/library/game-listing.tsx", { id: "madden" }),
  route("content/:slug", "routes/library/content-detail.tsx", { id: "content" }),
  route("content/:slug/section/:sectionSlug", "routes/library/content-detail.tsx", { id: "content-section" }),
  route("content/:slug/section/:sectionSlug/play/:playSlug", "routes/library/content-detail.tsx", { id: "content-play" }),
  route("scheme/:slug", "routes/library/scheme-teaser.tsx"),
  route("search", "routes/library/search.tsx"),
  route("updates", "routes/library/updates.tsx"),

  // Staff
  route("admin", "routes/admin/dashboard.tsx"),
  route("admin/content/new", "routes/admin/content-form.tsx", { id: "admin-content-new" }),
  route("admin/content/:slug", "routes/admin/content-form.tsx", { id: "admin-content-edit" }),
  route("admin/slug-check", "routes/admin/slug-check.ts"),
  route("admin/updates", "routes/admin/updates.tsx"),
  route("admin/videos", "routes/admin/videos.tsx"),
  route("admin/videos/upload", "routes/admin/video-upload.ts"),
  route("admin/discord-sync", "routes/admin/discord-sync.tsx"),
  route("admin/blog/new", "routes/admin/blog-form.tsx", { id: "admin-blog-new" }),
  route("admin/blog/:slug", "routes/admin/blog-form.tsx", { id: "admin-blog-edit" }),
  route("submit-tip", "routes/member/submit-tip.tsx"),

  // Local development only
  route("dev/outbox", "routes/dev/outbox.tsx"),

  // Resource routes
  route("media/*", "routes/resources/media.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("unsubscribe/one-click", "routes/resources/unsubscribe-one-click.ts"),
  route("progress/position", "routes/resources/progress-position.ts"),
  route("blog/rss.xml", "routes/resources/blog-rss.ts"),

  route("*", "routes/site/not-found.tsx"),
] satisfies RouteConfig;

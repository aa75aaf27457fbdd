import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  // Public site
  index("routes/site/landing.tsx"),

  // Accounts
  route("auth", "routes/auth/auth.tsx"),
  route("auth/confirm", "routes/auth/confirm.tsx"),
  route("auth/oauth/:provider", "routes/auth/oauth-start.tsx"),
  route("auth/oauth/:provider/callback", "routes/auth/oauth-callback.tsx"),
  route("reset-password", "routes/auth/reset-password.tsx"),
  route("logout", "routes/auth/logout.tsx"),
  route("account-settings", "routes/account/account-settings.tsx"),

  // Members
  route("home", "routes/member/home.tsx"),

  // The library
  route("college", "routes/library/game-listing.tsx", { id: "college" }),
  route("madden", "routes/library/game-listing.tsx", { id: "madden" }),
  route("content/:slug", "routes/library/content-detail.tsx", { id: "content" }),
  route("content/:slug/section/:sectionSlug", "routes/library/content-detail.tsx", { id: "content-section" }),
  route("content/:slug/section/:sectionSlug/play/:playSlug", "routes/library/content-detail.tsx", { id: "content-play" }),
  route("scheme/:slug", "routes/library/scheme-teaser.tsx"),

  // Local development only
  route("dev/outbox", "routes/dev/outbox.tsx"),

  // Resource routes
  route("media/*", "routes/resources/media.ts"),

  route("*", "routes/site/not-found.tsx"),
] satisfies RouteConfig;

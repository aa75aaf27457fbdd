import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  // Public site
  index("routes/site/landing.tsx"),

  // Accounts
  route("auth", "routes/auth/auth.tsx"),
  route("auth/confirm", "routes/auth/confirm.tsx"),
  route("logout", "routes/auth/logout.tsx"),

  // Local development only
  route("dev/outbox", "routes/dev/outbox.tsx"),

  // Resource routes
  route("media/*", "routes/resources/media.ts"),

  route("*", "routes/site/not-found.tsx"),
] satisfies RouteConfig;

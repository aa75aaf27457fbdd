import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/site/landing.tsx"),

  route("logout", "routes/auth/logout.tsx"),

  // Resource routes
  route("media/*", "routes/resources/media.ts"),

  route("*", "routes/site/not-found.tsx"),
] satisfies RouteConfig;

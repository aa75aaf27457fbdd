import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The browser loads the whole route manifest (one cached file, about 3 KB compressed) instead of
  // the server writing each page's part of it inline: that part took three to five more route
  // matches and a pretty-printed JSON of the matched routes on every server render, and every
  // navigation to a new kind of page first asked the server for its routes.
  routeDiscovery: { mode: "initial" },
  // `npm test` builds into a directory of its own (APP_BUILD_DIR, see scripts/test.ts), so that a
  // test run never replaces the files of a build that `npm start` is serving at the same time.
  buildDirectory: process.env.APP_BUILD_DIR || "build",
} satisfies Config;

import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // `npm test` builds into a directory of its own (APP_BUILD_DIR, see scripts/test.ts), so that a
  // test run never replaces the files of a build that `npm start` is serving at the same time.
  buildDirectory: process.env.APP_BUILD_DIR || "build",
} satisfies Config;

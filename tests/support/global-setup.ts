import { existsSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { ROOT } from "../../scripts/local-state.ts";
import { resolveChromium, type ChromiumChoice } from "./chromium.ts";
import { builtAppDir, startTestServer } from "./test-server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** The fake Discord/Google provider the test server talks to (see fake-oauth.ts). */
    oauthUrl: string;
    /** The Chromium the browser tests launch, chosen once for the run. */
    chromium: ChromiumChoice;
  }
}

// `npm test` starts one server for every layer and passes TEST_BASE_URL (and TEST_OAUTH_URL);
// running a single project directly (npm run test:http) starts its own.
export default async function setup(project: TestProject) {
  // Chosen (and, for the bundled build, unpacked) here once, not by each test file at the same time.
  project.provide("chromium", await resolveChromium());
  if (process.env.TEST_BASE_URL) {
    project.provide("baseUrl", process.env.TEST_BASE_URL);
    project.provide("oauthUrl", process.env.TEST_OAUTH_URL ?? "");
    return;
  }
  if (!existsSync(`${ROOT}/${builtAppDir()}/server/index.js`)) {
    throw new Error("Build the app first (npm run build) or run the whole suite with npm test.");
  }
  const server = await startTestServer();
  project.provide("baseUrl", server.baseUrl);
  project.provide("oauthUrl", server.oauthUrl);
  return server.stop;
}

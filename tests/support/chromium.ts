// Which Chromium the browser tests drive: the system's (Debian's package) when it is installed,
// otherwise the headless Chromium that the @sparticuz/chromium package ships inside itself, unpacked
// on first use. Nothing is downloaded and nothing needs root, so `npm install && npm test` is enough.
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export type ChromiumChoice = { path: string; source: "system" | "npm"; description: string };

const SYSTEM_PATHS = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];

/** The bundled build renders text with the fonts it unpacks next to itself. */
export const BUNDLED_FONTS = join(tmpdir(), "fonts");

/**
 * CHROMIUM_PATH names a binary to use; TEST_CHROMIUM=npm skips the system one (to try the bundled
 * build on a machine that has both).
 */
export async function resolveChromium(): Promise<ChromiumChoice> {
  // `npm test` chooses once before the test layers start (scripts/test.ts) and passes the choice on.
  if (process.env.TEST_CHROMIUM_CHOICE) return JSON.parse(process.env.TEST_CHROMIUM_CHOICE) as ChromiumChoice;
  const chosen = process.env.CHROMIUM_PATH;
  if (chosen) {
    if (!existsSync(chosen)) throw new Error(`CHROMIUM_PATH=${chosen} does not exist.`);
    return { path: chosen, source: "system", description: `Chromium from CHROMIUM_PATH (${chosen})` };
  }
  if (process.env.TEST_CHROMIUM !== "npm") {
    const system = SYSTEM_PATHS.find((candidate) => existsSync(candidate));
    if (system) return { path: system, source: "system", description: `the system's Chromium (${system})` };
  }
  const { default: bundled } = await import("@sparticuz/chromium");
  const path = await bundled.executablePath();
  return { path, source: "npm", description: `the Chromium shipped in the @sparticuz/chromium package (unpacked to ${path})` };
}

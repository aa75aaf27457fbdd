// The browser matrix: every form of the product is submitted once with valid input, with JavaScript
// on and again with it off, and every page it passes through is checked for duplicate ids and for
// errors in the console. See tests/e2e/forms-*.test.ts.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { fromAddress, newClientAddress } from "./accounts.ts";
import { newPage, type PageOptions } from "./browser.ts";

export const JS_MODES = [
  { label: "JavaScript on", javaScriptEnabled: true },
  { label: "JavaScript off", javaScriptEnabled: false },
] as const;

export type JsMode = (typeof JS_MODES)[number];

/** The ids that appear more than once in an HTML document. */
export function duplicateIds(html: string): string[] {
  const seen = new Map<string, number>();
  // Only attributes of elements (not text): `<tag ... id="x"`.
  for (const tag of html.match(/<[a-zA-Z][^>]*>/g) ?? []) {
    const match = /\sid\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(tag);
    const id = match?.[1] ?? match?.[2];
    if (id) seen.set(id, (seen.get(id) ?? 0) + 1);
  }
  return [...seen].filter(([, count]) => count > 1).map(([id]) => id);
}

/**
 * A browser page that remembers what went wrong on it: script errors, console errors, and duplicate
 * ids in every document it loaded (checked at each load) and at every `check()`.
 */
export class WatchedPage {
  readonly problems: string[] = [];
  private pending: Promise<void>[] = [];

  constructor(
    readonly context: BrowserContext,
    readonly page: Page,
  ) {
    page.on("pageerror", (error) => this.problems.push(`script error on ${page.url()}: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error") this.problems.push(`console error on ${page.url()}: ${message.text().split("\n")[0]}`);
    });
    page.on("load", () => {
      this.pending.push(this.check().catch(() => undefined));
    });
  }

  /** Checks the document as it is now for duplicate ids. */
  async check() {
    const html = await this.page.content();
    const duplicates = duplicateIds(html);
    if (duplicates.length) this.problems.push(`duplicate ids on ${this.page.url()}: ${duplicates.join(", ")}`);
  }

  /** Fails the test if anything went wrong on any page visited so far; closes the context. */
  async finish() {
    await this.check().catch(() => undefined);
    await Promise.all(this.pending);
    await this.context.close();
    expect(this.problems).toEqual([]);
  }
}

/** A fresh browser context (its own client address) whose page is watched. */
export async function watchedPage(browser: Browser, mode: JsMode, options: PageOptions = {}): Promise<WatchedPage> {
  const { context, page } = await newPage(browser, {
    ...options,
    javaScriptEnabled: mode.javaScriptEnabled,
    headers: { ...fromAddress(newClientAddress()), ...options.headers },
  });
  return new WatchedPage(context, page);
}

import { describe, expect, it } from "vitest";
import { isNewPageView } from "~/server/library.server";

const ORIGIN = "https://gridiron.example";
const SLUG = "cfb26-spread-rpo-attack";

function request(path: string, options: { method?: string; referer?: string } = {}) {
  const headers = new Headers();
  if (options.referer !== undefined) headers.set("Referer", options.referer);
  return new Request(`${ORIGIN}${path}`, { method: options.method ?? "GET", headers });
}

describe("isNewPageView", () => {
  it("counts a page opened directly (no Referer)", () => {
    expect(isNewPageView(request(`/content/${SLUG}`), SLUG)).toBe(true);
    expect(isNewPageView(request(`/content/${SLUG}/section/gun-bunch`), SLUG)).toBe(true);
  });

  it("counts a page opened from another page of the site or another site", () => {
    for (const referer of [`${ORIGIN}/college`, `${ORIGIN}/`, `${ORIGIN}/content/other-scheme`, `${ORIGIN}/content/${SLUG}-2`, `${ORIGIN}/contentx/${SLUG}`, "https://www.google.com/", `https://evil.example/content/${SLUG}`, `http://gridiron.example/content/${SLUG}`]) {
      expect(isNewPageView(request(`/content/${SLUG}`, { referer }), SLUG), referer).toBe(true);
    }
  });

  it("does not count the same page again (reload after an action) or moving inside the scheme", () => {
    for (const referer of [
      `${ORIGIN}/content/${SLUG}`,
      `${ORIGIN}/content/${SLUG}?editComment=3`,
      `${ORIGIN}/content/${SLUG}#comments`,
      `${ORIGIN}/content/${SLUG}/section/gun-bunch`,
      `${ORIGIN}/content/${SLUG}/section/gun-bunch/play/mesh`,
    ]) {
      expect(isNewPageView(request(`/content/${SLUG}`, { referer }), SLUG), referer).toBe(false);
      expect(isNewPageView(request(`/content/${SLUG}/section/pistol-strong`, { referer }), SLUG), referer).toBe(false);
      expect(isNewPageView(request(`/content/${SLUG}.data`, { referer }), SLUG), referer).toBe(false);
    }
  });

  it("counts when the Referer cannot be read", () => {
    for (const referer of ["not a url", "", "::::"]) {
      expect(isNewPageView(request(`/content/${SLUG}`, { referer }), SLUG), JSON.stringify(referer)).toBe(true);
    }
  });

  it("never counts other methods", () => {
    for (const method of ["POST", "PUT", "DELETE", "HEAD"]) {
      expect(isNewPageView(request(`/content/${SLUG}`, { method }), SLUG), method).toBe(false);
    }
  });
});

import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "~/lib/schemas/auth";

describe("safeRedirectPath (redirectTo after login)", () => {
  it("keeps same-site paths with their query and hash", () => {
    expect(safeRedirectPath("/account-settings")).toBe("/account-settings");
    expect(safeRedirectPath("/account-settings?tab=security#security")).toBe("/account-settings?tab=security#security");
    expect(safeRedirectPath("/content/some-scheme")).toBe("/content/some-scheme");
  });

  it("sends anything that could leave the site to /home", () => {
    for (const value of [
      "//evil.example",
      "///evil.example",
      "https://evil.example",
      "http:evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "/\\/evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      // Dot segments that collapse into a protocol-relative path once the URL is normalised.
      "/.//evil.example/x",
      "/..//evil.example/x",
      "/a/..//evil.example",
      "/%2e//evil.example",
      "/%2E%2E//evil.example",
      "javascript:alert(1)",
      "evil.example",
      "",
      null,
      undefined,
    ]) {
      expect(safeRedirectPath(value), JSON.stringify(value)).toBe("/home");
    }
  });

  it("uses the given fallback", () => {
    expect(safeRedirectPath("//evil.example", "/")).toBe("/");
  });
});

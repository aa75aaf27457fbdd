import { describe, expect, it } from "vitest";
import { metaDescription } from "~/lib/seo";

describe("metaDescription", () => {
  it("keeps a short text whole, with its white space made single", () => {
    expect(metaDescription("Cover 3 match.\n\nMid pressure.")).toBe("Cover 3 match. Mid pressure.");
  });

  it("cuts a long text at a word, within the length, with an ellipsis", () => {
    const text = "A 3-3-5 Tite front that plays Cover 3 match behind it and sends mid pressure up the middle without giving up the quick game, built for ranked play in College Football 26.";
    const description = metaDescription(text);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.endsWith("…")).toBe(true);
    const kept = description.slice(0, -1);
    expect(text.startsWith(kept)).toBe(true);
    // What follows in the text starts with a space or a mark: no word was cut in two.
    expect(text.slice(kept.length)).toMatch(/^[\s,.;:!?-]/);
  });
});

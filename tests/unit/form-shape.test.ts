import { describe, expect, it } from "vitest";
import { MAX_FORMATIONS, MAX_PLAYS_PER_FORMATION } from "../../app/lib/schemas/content";
import { isFormShapeAllowed } from "../../app/server/form-shape.server";

// The limits a posted form is held to before conform reads it (app/server/form-shape.server.ts):
// the site's own largest forms pass, a form of too many fields, or of one name repeated too often,
// is refused before conform's reading (which copies a repeated name's values at each repeat).

const PLAY_FIELDS = ["slug", "runtime", "imageUrl", "title", "image", "description", "videoProvider", "videoUrl", "tags"];
const FORMATION_FIELDS = ["imageUrl", "id", "title", "slug", "image", "description"];

function form(entries: Array<[string, string]>) {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("the shape a posted form may have", () => {
  it("passes the content editor's largest form: every formation and play the editor allows, with all their fields", () => {
    const entries: Array<[string, string]> = [["intent", "save"], ["title", "A scheme"], ["type", "meta-scheme"], ["game", "madden"], ["revision", "1"]];
    for (let f = 0; f < MAX_FORMATIONS; f++) {
      for (const field of FORMATION_FIELDS) entries.push([`formations[${f}].${field}`, "x"]);
      for (let p = 0; p < MAX_PLAYS_PER_FORMATION; p++) {
        for (const field of PLAY_FIELDS) entries.push([`formations[${f}].plays[${p}].${field}`, "x"]);
      }
    }
    expect(entries.length).toBeGreaterThan(10_000);
    expect(isFormShapeAllowed(form(entries))).toBe(true);
  });

  it("passes a name repeated 1,000 times (the re-test queue sends up to 200 items), refuses 1,001", () => {
    const items = (n: number) => form([["intent", "retest"], ...Array.from({ length: n }, (_, i): [string, string] => ["items", `content:${i}`])]);
    expect(isFormShapeAllowed(items(1_000))).toBe(true);
    expect(isFormShapeAllowed(items(1_001))).toBe(false);
  });

  it("refuses more than 20,000 fields, however they are named", () => {
    const fields = (n: number) => form(Array.from({ length: n }, (_, i): [string, string] => [`f${i}`, "1"]));
    expect(isFormShapeAllowed(fields(20_000))).toBe(true);
    expect(isFormShapeAllowed(fields(20_001))).toBe(false);
  });
});

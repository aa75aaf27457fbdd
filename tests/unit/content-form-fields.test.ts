import { describe, expect, it } from "vitest";
import { fieldPlace, inFormOrder } from "~/lib/content-form-fields";

describe("a refused content save's summary", () => {
  it("names each field by its label and its place among formations and plays", () => {
    expect(fieldPlace("title")).toBe("Title");
    expect(fieldPlace("videoUrl")).toBe("Intro video URL");
    expect(fieldPlace("formations[0].title")).toBe("Formation title (formation 1)");
    expect(fieldPlace("formations[2].plays")).toBe("Plays (formation 3)");
    expect(fieldPlace("formations[0].plays[1].title")).toBe("Play title (formation 1, play 2)");
    expect(fieldPlace("formations[1].plays[0].videoUrl")).toBe("Video URL (formation 2, play 1)");
    expect(fieldPlace("formations[1].plays[0]")).toBe("Play (formation 2, play 1)");
  });

  it("lists them top to bottom as the form shows them, whatever order the check reported", () => {
    const reported = [
      "formations[0].plays[2].videoUrl",
      "formations[1].title",
      "formations[0].plays[1].title",
      "tags",
      "formations[0].plays[1].description",
      "formations[0].description",
      "title",
      "formations",
    ];
    expect([...reported].sort(inFormOrder)).toEqual([
      "title",
      "tags",
      "formations",
      "formations[0].description",
      "formations[0].plays[1].title",
      "formations[0].plays[1].description",
      "formations[0].plays[2].videoUrl",
      "formations[1].title",
    ]);
  });
});

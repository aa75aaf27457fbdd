import { describe, expect, it } from "vitest";
import { profileSchema } from "~/lib/schemas/auth";
import { contactSchema } from "~/lib/schemas/contact";
import { createGameplanSchema } from "~/lib/schemas/gameplans";
import { tipSubmissionSchema, userEditSchema } from "~/lib/schemas/admin";
import { cleanLine } from "~/lib/schemas/text";
import { blogPostSchema } from "~/lib/schemas/blog";
import { escapeXml } from "~/server/feeds.server";

function profileErrors(firstName: string, lastName = "Blake") {
  const result = profileSchema.safeParse({ intent: "profile", firstName, lastName });
  return result.success ? null : result.error.issues.map((issue) => issue.message);
}

describe("one-line text fields (names, a subject)", () => {
  it("refuses a name of only invisible characters like a blank one", () => {
    for (const invisible of ["\u200b", "\u202e", "\u2066\u2069", "\ufeff \u2060", "\u200e", "\u200d", "\r\n\t"]) {
      expect(profileErrors(invisible), JSON.stringify(invisible)).toEqual(["First name is required"]);
    }
    const gameplan = createGameplanSchema.safeParse({ intent: "create", name: "\u200b\u200b", game: "madden" });
    expect(gameplan.success ? [] : gameplan.error.issues.map((issue) => issue.message)).toEqual(["Name is required."]);
    const staffEdit = userEditSchema.safeParse({ intent: "update-user", userId: "u1", firstName: "Ann", lastName: "\u202e", email: "a@example.com", subscriptionTier: "free", subscriptionStatus: "inactive" });
    expect(staffEdit.success ? [] : staffEdit.error.issues.map((issue) => issue.message)).toEqual(["Last name is required"]);
  });

  it("drops direction overrides and zero-width spaces, and keeps what people can read", () => {
    expect(profileSchema.parse({ intent: "profile", firstName: "\u202eJordan\u202c", lastName: "Bl\u200bake" })).toMatchObject({ firstName: "Jordan", lastName: "Blake" });
    // Joiners stay: an emoji sequence and scripts that need them read the same.
    expect(cleanLine("Coach 👨‍👩‍👧")).toBe("Coach 👨‍👩‍👧");
    expect(cleanLine("می‌خواهم")).toBe("می‌خواهم");
    expect(cleanLine("  José Álvarez  ")).toBe("José Álvarez");
    expect(cleanLine("O'Neil-Smith")).toBe("O'Neil-Smith");
  });

  it("turns line breaks and other controls into spaces, so a subject stays one line", () => {
    const parsed = contactSchema.parse({ name: "Bob\r\nBcc: victim@example.com", email: "bob@example.com", subject: "Hi\r\nX-Injected: 1", message: "Hello there" });
    expect(parsed.subject).toBe("Hi X-Injected: 1");
    expect(parsed.name).toBe("Bob Bcc: victim@example.com");
    expect(parsed.subject).not.toMatch(/[\r\n]/);
    const tip = tipSubmissionSchema.parse({ formationName: "Gun\nBunch", playName: "Mesh\u0000", playbook: "Spread", gameType: "madden", tipDescription: "A long enough description of the tip." });
    expect(tip).toMatchObject({ formationName: "Gun Bunch", playName: "Mesh" });
  });

  it("a tip or a message of only invisible characters is refused like a blank one, and they do not count toward a tip's minimum", () => {
    const tip = (tipDescription: string) => {
      const result = tipSubmissionSchema.safeParse({ formationName: "Gun Bunch", playName: "Mesh", playbook: "KC", gameType: "college", tipDescription });
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(tip("\u200b".repeat(25))[0]).toBe("Tip description is required");
    expect(tip(`Short tip${"\u200b".repeat(20)}`)).toEqual(["Tip description must be at least 20 characters long"]);
    expect(tip("Line one of the tip\nline two of it")).toEqual([]);
    const message = contactSchema.safeParse({ name: "Bob", email: "bob@example.com", message: "\u2800\u200b\ufeff" });
    expect(message.success ? [] : message.error.issues.map((issue) => issue.message)).toEqual(["Please enter a message."]);
  });

  it("still counts the length limit on what is kept", () => {
    expect(profileErrors("x".repeat(101))).toEqual(["First name must be at most 100 characters"]);
    expect(profileErrors(`${"x".repeat(100)}\u200b`)).toBeNull();
  });
});

describe("blog post fields and the feed", () => {
  const post = { title: "Patch notes\u0008 recap", slug: "patch-notes-recap", excerpt: "Line one\u0000\nline two\u001b", content: "Body", category: "updates", status: "published" };

  it("a blog title or excerpt keeps no control character (a feed cannot carry one); line breaks of an excerpt stay", () => {
    expect(blogPostSchema.parse(post)).toMatchObject({ title: "Patch notes  recap", excerpt: "Line one\nline two" });
  });

  it("the feed's escaping drops what XML 1.0 cannot carry, so one stored character never voids the whole feed", () => {
    expect(escapeXml("a\u0008b\u0000c & <d>\ud800")).toBe("abc &amp; &lt;d&gt;");
    expect(escapeXml("tab\tline\nemoji 🏈")).toBe("tab\tline\nemoji 🏈");
  });
});

import { describe, expect, it } from "vitest";
import { SEED_CONTENT } from "../../db/seed-data";
import { renderDescription, sanitizeHtml } from "~/server/rich-text.server";

const ALLOWED_TAGS = ["p", "br", "strong", "b", "em", "i", "u", "s", "ul", "ol", "li", "blockquote", "h2", "h3", "h4", "code", "pre", "hr", "a"];

/**
 * Fails unless the HTML is harmless: every "<" opens or closes an allowed tag, only links carry
 * attributes (href to http(s) or a site path, title, and the rel/target added for external links),
 * and no attribute holds a script URL or an event handler.
 */
function expectHarmless(html: string, input: string) {
  const label = `${JSON.stringify(input)} -> ${JSON.stringify(html)}`;
  const tagPattern = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[a-zA-Z-]+(?:="[^"]*")?)*)\s*\/?>/g;
  const withoutTags = html.replace(tagPattern, (_, closing: string, name: string, attributes: string) => {
    expect(ALLOWED_TAGS, `${label}: tag <${name}>`).toContain(name.toLowerCase());
    for (const [, attribute, value = ""] of attributes.matchAll(/\s+([a-zA-Z-]+)(?:="([^"]*)")?/g)) {
      expect(name.toLowerCase(), `${label}: attribute ${attribute} on <${name}>`).toBe("a");
      expect(["href", "title", "rel", "target"], `${label}: attribute ${attribute}`).toContain(attribute.toLowerCase());
      if (attribute.toLowerCase() === "href") {
        expect(value, `${label}: href`).toMatch(/^(https?:\/\/|\/(?![/\\]))/i);
        expect(decodeEntities(value), `${label}: href`).not.toMatch(/[\\\t\n\r]/);
      }
      expect(decodeEntities(value).replace(/\s/g, ""), `${label}: ${attribute} value`).not.toMatch(/(javascript|vbscript|data):/i);
    }
    expect(closing === "/" ? attributes.trim() : "", label).toBe("");
    return "";
  });
  // Text between the tags is escaped: no other element can start there.
  expect(withoutTags.includes("<"), `${label}: a raw "<" remains outside allowed tags`).toBe(false);
}

function decodeEntities(value: string) {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec) => String.fromCodePoint(Number(dec)))
    .replace(/&colon;/gi, ":")
    .replace(/&tab;/gi, "\t")
    .replace(/&newline;/gi, "\n")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
}

const HOSTILE = [
  "<script>alert(1)</script>",
  "<SCRIPT SRC=https://evil.example/x.js></SCRIPT>",
  "<p>ok</p><script>document.cookie</script><p>still ok</p>",
  '<img src=x onerror="alert(1)">',
  "<img src=x onerror=alert(1)//",
  '<p onclick="alert(1)" style="color:red">click</p>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="jav\tascript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="//evil.example/">protocol-relative</a>',
  '<a href="/\\evil.example/">backslash, read as a slash</a>',
  '<a href="/&#92;evil.example/">backslash, as an entity</a>',
  '<a href="/&#9;/evil.example/">a tab, dropped by the browser</a>',
  '<a href="/&bsol;evil.example/">backslash, as a named reference</a>',
  '<a href="/&NewLine;/evil.example/">a line break, as a named reference</a>',
  '<a href="https://example.com" onmouseover="alert(1)" style="x">x</a>',
  "<scr<script>ipt>alert(1)</scr</script>ipt>",
  "<<script>script>alert(1)<</script>/script>",
  "<svg><script>alert(1)</script></svg>",
  "<svg onload=alert(1)>",
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  "<style>body{background:url(javascript:alert(1))}</style>",
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  "<!--<img src=x onerror=alert(1)>-->",
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  '<template><img src=x onerror=alert(1)></template>',
  '<a href="https://ok.example" title=\'" onmouseover="alert(1)\'>t</a>',
  '<p/onmouseover=alert(1)>x</p>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<base href="javascript:alert(1)//">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<a href="https://ok.example">"><img src=x onerror=alert(1)></a>',
];

describe("the harmlessness check", () => {
  it.each([
    "<script>x()</script>",
    "<img src=x onerror=x()>",
    '<a href="javascript:x()">x</a>',
    '<a href="java&#115;cript:x()">x</a>',
    '<a href="//evil.example">x</a>',
    '<a href="/\\evil.example">x</a>',
    '<p onclick="x()">x</p>',
    '<p style="x">x</p>',
    "<scr<b>ipt>",
  ])("rejects %s (so that the tests below can fail)", (unsafe) => {
    expect(() => expectHarmless(unsafe, unsafe)).toThrow();
  });
});

describe("sanitizeHtml", () => {
  it.each(HOSTILE)("makes %s harmless", (input) => {
    expectHarmless(sanitizeHtml(input), input);
  });

  it("drops the contents of script and style elements", () => {
    const html = sanitizeHtml("<p>Before</p><script>stealCookies()</script><style>p{}</style><p>After</p>");
    expect(html).toBe("<p>Before</p><p>After</p>");
  });

  it("keeps the formatting tags of the write-ups", () => {
    const input = "<p>A <strong>bold</strong> and <em>light</em> read.</p><ul><li>One</li><li>Two</li></ul><ol><li>Three</li></ol><h3>Key</h3>";
    expect(sanitizeHtml(input)).toBe(input);
  });

  it("keeps https and site links, marking external ones", () => {
    const external = sanitizeHtml('<a href="https://example.com/path?x=1">Read</a>');
    expect(external).toContain('href="https://example.com/path?x=1"');
    expect(external).toContain('rel="noopener noreferrer nofollow"');
    expect(external).toContain('target="_blank"');
    expect(external).toContain(">Read</a>");
    const site = sanitizeHtml('<a href="/content/cfb26-spread-rpo-attack" title="Scheme">Scheme</a>');
    expect(site).toBe('<a href="/content/cfb26-spread-rpo-attack" title="Scheme">Scheme</a>');
    // Query parameters joined by a bare '&' or by '&amp;' are a site path as well.
    for (const href of ["/search?game=college&tag=red+zone", "/search?game=college&amp;tag=red+zone"]) {
      expect(sanitizeHtml(`<a href="${href}">Red zone</a>`), href).toContain(`href="${href}"`);
    }
  });

  it("keeps the text of links whose address it removes", () => {
    const html = sanitizeHtml('<a href="javascript:alert(1)">Click me</a>');
    expect(html).toContain("Click me");
    expect(html).not.toContain("href");
  });

  it("leaves every seeded formation write-up intact and harmless", () => {
    for (const formation of SEED_CONTENT.flatMap((item) => item.formations)) {
      const html = sanitizeHtml(formation.description);
      expectHarmless(html, formation.description);
      expect(html, formation.slug).toBe(formation.description);
    }
  });
});

describe("renderDescription", () => {
  it("has nothing to render for empty values", () => {
    for (const value of [null, undefined, "", "   ", "\n\n"]) expect(renderDescription(value)).toBeNull();
  });

  it("turns plain text into paragraphs and line breaks", () => {
    expect(renderDescription("First line\nsecond line\n\nNext paragraph")).toBe("<p>First line<br>second line</p><p>Next paragraph</p>");
    expect(renderDescription("  One  \n \n\n  Two  ")).toBe("<p>One</p><p>Two</p>");
  });

  it("escapes plain text that only looks like markup", () => {
    expect(renderDescription('Cover 2 < Cover 4 & "quarters" > man')).toBe("<p>Cover 2 &lt; Cover 4 &amp; &quot;quarters&quot; &gt; man</p>");
    expect(renderDescription("<3 this play")).toBe("<p>&lt;3 this play</p>");
  });

  it.each(HOSTILE)("renders hostile rich text %s harmless", (input) => {
    const html = renderDescription(input);
    if (html !== null) expectHarmless(html, input);
  });

  it("sanitises HTML mixed into text", () => {
    const html = renderDescription('Read the safety.\n<img src=x onerror=alert(1)><script>alert(2)</script> Then throw.')!;
    expectHarmless(html, "mixed");
    expect(html).toContain("Read the safety.");
    expect(html).toContain("Then throw.");
  });

  it("renders every seeded play write-up as harmless paragraphs", () => {
    for (const play of SEED_CONTENT.flatMap((item) => item.formations.flatMap((formation) => formation.plays))) {
      const html = renderDescription(play.description)!;
      expectHarmless(html, play.slug);
      expect(html.startsWith("<p>"), play.slug).toBe(true);
      expect(html.split("<p>").length - 1, play.slug).toBe(play.description.split("\n\n").length);
    }
  });
});

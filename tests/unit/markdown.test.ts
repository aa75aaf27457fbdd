import { describe, expect, it } from "vitest";
import { renderMarkdown } from "~/lib/markdown";
import { sanitizeHtml } from "~/server/rich-text.server";

// What a blog post page does with stored markdown: render, then sanitise on the server.
const render = (source: string) => sanitizeHtml(renderMarkdown(source));

const ALLOWED_TAGS = new Set(["p", "br", "strong", "b", "em", "i", "u", "s", "ul", "ol", "li", "blockquote", "h2", "h3", "h4", "code", "pre", "hr", "a"]);
const ALLOWED_ATTRIBUTES = new Set(["href", "rel", "target", "title"]);

type Element = { tag: string; attributes: [string, string][] };

/** An attribute value as the browser reads it (HTMLRewriter gives the raw text). */
function decode(value: string) {
  return value.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);?/gi, (_, entity: string) => {
    const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
    if (entity[0] !== "#") return named[entity.toLowerCase()];
    return String.fromCodePoint(entity[1].toLowerCase() === "x" ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1)));
  });
}

/** Every element of an HTML fragment, parsed by workerd's own HTML parser. */
async function elementsOf(html: string): Promise<Element[]> {
  const found: Element[] = [];
  await new HTMLRewriter()
    .on("*", {
      element(element) {
        found.push({ tag: element.tagName, attributes: [...(element.attributes as unknown as Iterable<[string, string]>)].map(([name, value]) => [name, decode(value)]) });
      },
    })
    .transform(new Response(html))
    .text();
  return found;
}

/** Fails when anything in the HTML could run script or leave the allow-list. */
async function expectHarmless(html: string, input: string) {
  for (const element of await elementsOf(html)) {
    expect(ALLOWED_TAGS.has(element.tag), `<${element.tag}> from ${JSON.stringify(input)} -> ${html}`).toBe(true);
    for (const [name, value] of element.attributes) {
      expect(ALLOWED_ATTRIBUTES.has(name), `${name}= from ${JSON.stringify(input)} -> ${html}`).toBe(true);
      if (name === "href") expect(value, `href from ${JSON.stringify(input)}`).toMatch(/^(https?:\/\/[^\s]|\/(?!\/)|mailto:)/i);
    }
  }
  expect(html).not.toMatch(/<\s*(script|style|iframe|img|svg|math|object|embed|form|input|meta|link|base)\b/i);
}

async function links(html: string) {
  return (await elementsOf(html)).filter((element) => element.tag === "a").map((element) => Object.fromEntries(element.attributes));
}

describe("renderMarkdown + sanitizeHtml: the supported syntax", () => {
  it("renders ## and ### headings, paragraphs and line breaks", () => {
    expect(render("## Big\n\n### Small\n\nFirst line\nsecond line\n\nNext paragraph")).toBe(
      "<h2>Big</h2>\n<h3>Small</h3>\n<p>First line<br>second line</p>\n<p>Next paragraph</p>",
    );
  });

  it("renders bold and italics", () => {
    expect(render("**bold**, *italic* and _also italic_")).toBe("<p><strong>bold</strong>, <em>italic</em> and <em>also italic</em></p>");
    expect(render("snake_case_word stays")).toBe("<p>snake_case_word stays</p>");
  });

  it("renders a list with - or * items", () => {
    expect(render("- one\n- **two**\n* three")).toBe("<ul><li>one</li><li><strong>two</strong></li><li>three</li></ul>");
  });

  it("keeps list items separated by blank lines in one list", () => {
    // A "loose" list, as the seed's posts write them: still one list of three items.
    const html = render("- one\n\n- two\n\n- three");
    expect(html.match(/<ul>/g)).toHaveLength(1);
    expect(html.match(/<li>/g)).toHaveLength(3);
  });

  it("renders quotes", () => {
    expect(render("> first\n> second")).toBe("<blockquote><p>first<br>second</p></blockquote>");
  });

  it("renders links: site paths as they are, external ones in a new tab without referrer or opener", async () => {
    const html = render("[Pricing](/subscribe) and [Discord](https://discord.com/invite?a=1&b=2)");
    expect(await links(html)).toEqual([
      { href: "/subscribe" },
      { href: "https://discord.com/invite?a=1&b=2", rel: "noopener noreferrer nofollow", target: "_blank" },
    ]);
    expect(html).toContain(">Pricing</a>");
    expect(html).toContain(">Discord</a>");
  });

  it("keeps '_' and '*' in a link's address as they are, and emphasis around and inside the link works", async () => {
    const html = render("See *[the _notes_](https://x.com/_y_/a*b*c)* and [plays](/search?q=cover_3)");
    expect(await links(html)).toEqual([
      { href: "https://x.com/_y_/a*b*c", rel: "noopener noreferrer nofollow", target: "_blank" },
      { href: "/search?q=cover_3" },
    ]);
    expect(html).toContain("<em><a");
    expect(html).toContain(">the <em>notes</em></a></em>");
  });

  it("keeps a mailto link that the markdown accepts working after sanitising", async () => {
    // renderMarkdown accepts mailto: links (safeHref); the page must not turn them into dead anchors.
    expect(renderMarkdown("[Write to us](mailto:support@example.com)")).toContain('href="mailto:support@example.com"');
    expect(await links(render("[Write to us](mailto:support@example.com)"))).toEqual([{ href: "mailto:support@example.com" }]);
  });

  it("renders the seed's markdown dialect in one post", async () => {
    const source = "## Title\n\nIntro with **bold** and *italic*.\n\n### Part\n\n- item [link](https://example.com)\n- item two\n\n> A quote.";
    const html = render(source);
    expect((await elementsOf(html)).map((element) => element.tag)).toEqual(["h2", "p", "strong", "em", "h3", "ul", "li", "a", "li", "blockquote", "p"]);
  });
});

describe("renderMarkdown + sanitizeHtml: hostile input", () => {
  const HOSTILE_MARKDOWN = [
    "<script>alert(1)</script>",
    "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
    "Hello <img src=x onerror=alert(1)> world",
    "<svg onload=alert(1)>",
    "<iframe src=javascript:alert(1)></iframe>",
    '<a href="javascript:alert(1)">raw link</a>',
    '<p onclick="alert(1)" style="background:url(javascript:alert(1))">raw paragraph</p>',
    "## Heading <body onload=alert(1)>",
    "**<b onmouseover=alert(1)>bold</b>**",
    "> <math><mi xlink:href=javascript:alert(1)>x</mi></math>",
    "- <details open ontoggle=alert(1)>",
    "[click](javascript:alert(1))",
    "[click](JaVaScRiPt:alert(1))",
    "[click]( javascript:alert(1))",
    "[click](java&#x09;script:alert(1))",
    "[click](&#106;avascript:alert(1))",
    "[click](vbscript:msgbox(1))",
    "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    "[click](//evil.example/steal)",
    "[click](/\\evil.example/steal)",
    "[click](/ok\"onmouseover=\"alert(1))",
    "[click](https://example.com/\"><script>alert(1)</script>)",
    "[<img src=x onerror=alert(1)>](/x)",
    "[a [nested] b](/path)",
    "[[inner](/a)](javascript:alert(1))",
    "[outer [inner](javascript:alert(1))](/ok)",
    "[[[[[[[[[[x](/y)]]]]]]]]]]",
    "*[x](javascript:alert(1))*",
    "`<script>alert(1)</script>`",
    "<!-- --><script>alert(1)</script>",
    "&lt;script&gt;alert(1)&lt;/script&gt;",
    "<scr<script>ipt>alert(1)</script>",
  ];

  it.each(HOSTILE_MARKDOWN)("renders %j harmlessly", async (input) => {
    await expectHarmless(render(input), input);
  });

  it("shows HTML written in markdown as text", () => {
    expect(render("<script>alert(1)</script>")).toBe("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>");
    expect(render("Hello <img src=x onerror=alert(1)> world")).toBe("<p>Hello &lt;img src=x onerror=alert(1)&gt; world</p>");
    expect(render("## Heading <b>bold</b>")).toBe("<h2>Heading &lt;b&gt;bold&lt;/b&gt;</h2>");
  });

  it("drops the link of an unsafe URL and keeps its label as text", async () => {
    for (const input of ["[click](javascript:alert(1))", "[click](data:text/html,x)", "[click](//evil.example/x)", "[click](/\\evil.example/x)", "[click](vbscript:x)"]) {
      const html = render(input);
      expect(await links(html), input).toEqual([]);
      expect(html, input).toContain("click");
    }
  });

  it("never lets a URL break out of its attribute", async () => {
    const html = render('[click](/ok"onmouseover="alert(1))');
    const [link] = await links(html);
    expect(Object.keys(link)).toEqual(["href"]);
    expect(link.href.startsWith("/ok")).toBe(true);
  });

  it("handles nested brackets without producing unsafe links", async () => {
    const html = render("[[inner](/a)](javascript:alert(1))");
    expect((await links(html)).map((link) => link.href)).toEqual(["/a"]);
    expect(await links(render("[outer [inner](javascript:alert(1))](/ok)"))).not.toContainEqual(expect.objectContaining({ href: expect.stringMatching(/javascript/i) }));
  });

  it("copes with very long and deeply nested input", async () => {
    const source = `${"[".repeat(2000)}x${"](/y)".repeat(2000)}\n\n${"*".repeat(5000)}\n\n${"> ".repeat(500)}deep`;
    const started = Date.now();
    const html = render(source);
    expect(Date.now() - started).toBeLessThan(1000);
    await expectHarmless(html, "long nested input");
  });
});

describe("sanitizeHtml on stored HTML", () => {
  const HOSTILE_HTML = [
    "<script>alert(1)</script>ok",
    "<div><script>alert(1)</script>ok</div>",
    "<style>body{display:none}</style>ok",
    "<img src=x onerror=alert(1)>",
    "<svg><script>alert(1)</script></svg>",
    "<iframe srcdoc='<script>alert(1)</script>'></iframe>",
    '<a href="javascript:alert(1)">x</a>',
    '<a href=" JAVASCRIPT:alert(1)">x</a>',
    '<a href="&#106;avascript:alert(1)">x</a>',
    '<a href="data:text/html,<script>alert(1)</script>">x</a>',
    '<a href="//evil.example">x</a>',
    '<a href="/ok" onclick="alert(1)">x</a>',
    '<p onclick="alert(1)">x</p>',
    '<p style="background:url(javascript:alert(1))">x</p>',
    '<a href="/x" title="a&quot; onmouseover=&quot;alert(1)">t</a>',
    "<math><mi xlink:href=\"javascript:alert(1)\">x</mi></math>",
    "<form action=javascript:alert(1)><button>go</button></form>",
    '<object data="javascript:alert(1)"></object><embed src="x.swf">',
    "<template><script>alert(1)</script></template>",
    "<noscript><p title=\"</noscript><img src=x onerror=alert(1)>\"></noscript>",
    "<scr<script>ipt>alert(1)</script>",
    "<meta http-equiv=refresh content='0;url=javascript:alert(1)'>",
    '<base href="https://evil.example/">',
  ];

  it.each(HOSTILE_HTML)("sanitises %j", async (input) => {
    await expectHarmless(sanitizeHtml(input), input);
  });

  it("removes the body of scripts and styles, not only their tags", () => {
    expect(sanitizeHtml("<script>alert(1)</script>ok")).toBe("ok");
    expect(sanitizeHtml("<style>body{display:none}</style>ok")).toBe("ok");
  });

  it("keeps formatting and safe links, and opens external links safely", async () => {
    const html = sanitizeHtml('<p><strong>Bold</strong> <em>it</em></p><ul><li>a</li></ul><a href="https://example.com" target="_self">e</a><a href="/content/x">c</a>');
    expect(html).toContain("<p><strong>Bold</strong> <em>it</em></p><ul><li>a</li></ul>");
    expect(await links(html)).toEqual([
      { href: "https://example.com", rel: "noopener noreferrer nofollow", target: "_blank" },
      { href: "/content/x" },
    ]);
  });
});

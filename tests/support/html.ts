// Small readers for server-rendered HTML and XML in the HTTP tests (no DOM in Node): the one set of
// entity decoding and text extraction every suite uses.

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

export function decodeEntities(value: string) {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return String.fromCodePoint(code);
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The visible text of an HTML fragment: scripts and tags removed, entities decoded, spaces collapsed. */
export function textOf(html: string) {
  return decodeEntities(
    html
      .replace(/<!--[\s\S]*?-->/g, "")
      .replace(/<script[\s\S]*?<\/script>/gi, " ")
      .replace(/<style[\s\S]*?<\/style>/gi, " ")
      .replace(/<svg[\s\S]*?<\/svg>/gi, " ")
      .replace(/<[^>]+>/g, " "),
  )
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * HTML as it reads: React's `<!-- -->` text separators removed and entities decoded, markup kept
 * (so `Can&#x27;t<!-- --> save` becomes `Can't save` and a check can still name an attribute).
 */
export function readableHtml(html: string) {
  return decodeEntities(html.replaceAll("<!-- -->", ""));
}

/** The readable HTML (see readableHtml) of a response's body. */
export async function responseText(response: Response) {
  return readableHtml(await response.text());
}

/** The page's <main> element. */
export function mainOf(html: string) {
  const start = html.indexOf("<main");
  const end = html.indexOf("</main>");
  if (start < 0 || end < 0) throw new Error("No <main> in the page");
  return html.slice(start, end);
}

/** A <section aria-labelledby="id"> of the page, up to its closing tag (sections are not nested). */
export function sectionLabelledBy(html: string, id: string) {
  const start = html.indexOf(`aria-labelledby="${id}"`);
  if (start < 0) return null;
  const end = html.indexOf("</section>", start);
  return html.slice(start, end);
}

/** Attributes of one start tag, values decoded. */
export function attributesOf(tag: string): Record<string, string> {
  const result: Record<string, string> = {};
  const inside = tag.replace(/^<[^\s>/]+/, "").replace(/\/?>$/, "");
  for (const match of inside.matchAll(/([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    result[match[1].toLowerCase()] = decodeEntities(match[3] ?? match[4] ?? match[5] ?? "");
  }
  return result;
}

/** Every start tag of an element in the HTML, as attribute maps. */
export function tags(html: string, name: string) {
  return [...html.matchAll(new RegExp(`<${name}(?=[\\s>/])[^>]*>`, "gi"))].map((match) => attributesOf(match[0]));
}

/** Links of a fragment: href and visible text. */
export function linksOf(html: string) {
  return [...html.matchAll(/<a\s([^>]*)>([\s\S]*?)<\/a>/gi)].map((match) => ({
    href: attributesOf(`<a ${match[1]}>`).href ?? null,
    text: textOf(match[2]),
    attributes: attributesOf(`<a ${match[1]}>`),
  }));
}

/** The head's metadata: title, meta tags by name or property, link tags by rel. */
export function headOf(html: string) {
  const head = html.slice(0, html.indexOf("</head>"));
  const titles = [...head.matchAll(/<title[^>]*>([\s\S]*?)<\/title>/gi)].map((match) => decodeEntities(match[1]));
  const meta = (key: string) =>
    tags(head, "meta")
      .filter((attributes) => attributes.name === key || attributes.property === key)
      .map((attributes) => attributes.content);
  const link = (rel: string) => tags(head, "link").filter((attributes) => attributes.rel === rel).map((attributes) => attributes.href);
  return { titles, meta, link };
}

/** Problems that make a document not well-formed XML (tags not nested properly, raw < or stray &). */
export function xmlProblems(xml: string): string[] {
  const problems: string[] = [];
  if (!xml.startsWith("<?xml ")) problems.push("no XML declaration at the start");
  const stack: string[] = [];
  const token = /<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[\w:.-]+\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>/g;
  let position = 0;
  for (const match of xml.matchAll(token)) {
    checkText(xml.slice(position, match.index), problems);
    position = match.index + match[0].length;
    const [, closing, name, , selfClosing] = match;
    if (!name) continue;
    if (closing) {
      const open = stack.pop();
      if (open !== name) problems.push(`</${name}> closes <${open ?? "nothing"}>`);
    } else if (!selfClosing) {
      stack.push(name);
    }
  }
  checkText(xml.slice(position), problems);
  if (stack.length) problems.push(`unclosed: ${stack.join(", ")}`);
  return problems;
}

function checkText(text: string, problems: string[]) {
  if (text.includes("<")) problems.push(`raw < or malformed tag near ${JSON.stringify(text.slice(text.indexOf("<"), text.indexOf("<") + 40))}`);
  const stray = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.exec(text);
  if (stray) problems.push(`unescaped & near ${JSON.stringify(text.slice(stray.index, stray.index + 20))}`);
}

/** The text of every <tag>...</tag> in an XML fragment. */
export function xmlValues(xml: string, tag: string) {
  return [...xml.matchAll(new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, "g"))].map((match) => decodeEntities(match[1]));
}

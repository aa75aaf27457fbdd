// The small markdown dialect of the blog (bold, italic, ## and ### headings, list items, quotes,
// links, line breaks), rendered the same way in the editor's live preview and on the public page.
// Text is escaped first, so the output only contains the tags produced here; the server also
// passes it through the HTML sanitiser before it reaches a page.
import { escapeHtml, isSitePath } from "./html.ts";

function escapeText(value: string) {
  return escapeHtml(value).replaceAll("'", "&#39;");
}

function safeHref(url: string): string | null {
  const trimmed = url.trim();
  if (/^https?:\/\//i.test(trimmed) || /^mailto:/i.test(trimmed)) return trimmed;
  if (isSitePath(trimmed)) return trimmed;
  return null;
}

function emphasis(html: string): string {
  return html
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
    .replace(/(^|[^*])\*([^*\s][^*]*)\*/g, "$1<em>$2</em>")
    .replace(/(^|[^_\w])_([^_\s][^_]*)_(?!\w)/g, "$1<em>$2</em>");
}

function renderInline(text: string): string {
  // Links are set aside while emphasis is applied, so that a '_' or '*' in an address stays in it.
  const links: string[] = [];
  const html = escapeText(text.replaceAll("\u0000", ""))
    // The URL may hold one level of balanced parentheses, e.g. (https://example.com/a_(b)).
    .replace(/\[([^\]]+)\]\(((?:[^()\s]|\([^()\s]*\))+)\)/g, (_whole, label: string, url: string) => {
      const href = safeHref(url.replaceAll("&amp;", "&"));
      if (!href) return label;
      const external = /^https?:/i.test(href);
      links.push(`<a href="${escapeText(href)}"${external ? ' rel="noopener noreferrer nofollow" target="_blank"' : ""}>${emphasis(label)}</a>`);
      return `\u0000${links.length - 1}\u0000`;
    });
  return emphasis(html).replace(/\u0000(\d+)\u0000/g, (_whole, index: string) => links[Number(index)]);
}

export function renderMarkdown(source: string): string {
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  const blocks: string[] = [];
  let paragraph: string[] = [];
  let list: string[] = [];
  let quote: string[] = [];

  const flushParagraph = () => {
    if (paragraph.length) blocks.push(`<p>${paragraph.map(renderInline).join("<br>")}</p>`);
    paragraph = [];
  };
  const flushList = () => {
    if (list.length) blocks.push(`<ul>${list.map((item) => `<li>${renderInline(item)}</li>`).join("")}</ul>`);
    list = [];
  };
  const flushQuote = () => {
    if (quote.length) blocks.push(`<blockquote><p>${quote.map(renderInline).join("<br>")}</p></blockquote>`);
    quote = [];
  };
  const flushAll = () => {
    flushParagraph();
    flushList();
    flushQuote();
  };

  for (const line of lines) {
    const trimmed = line.trim();
    if (!trimmed) {
      // A blank line ends a paragraph or a quote; a list continues if its next line is an item.
      flushParagraph();
      flushQuote();
      continue;
    }
    const heading = /^(#{2,3})\s+(.*)$/.exec(trimmed);
    const isItem = /^[-*]\s+/.test(trimmed);
    if (!isItem) flushList();
    if (heading) {
      flushAll();
      const level = heading[1].length;
      blocks.push(`<h${level}>${renderInline(heading[2])}</h${level}>`);
      continue;
    }
    const item = /^[-*]\s+(.*)$/.exec(trimmed);
    if (item) {
      flushParagraph();
      flushQuote();
      list.push(item[1]);
      continue;
    }
    const quoted = /^>\s?(.*)$/.exec(trimmed);
    if (quoted) {
      flushParagraph();
      flushList();
      quote.push(quoted[1]);
      continue;
    }
    flushList();
    flushQuote();
    paragraph.push(trimmed);
  }
  flushAll();
  return blocks.join("\n");
}

/** Plain text of a markdown source (feeds, descriptions). */
export function markdownToText(source: string): string {
  return source
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/[*_#>`]/g, "")
    .replace(/^\s*-\s+/gm, "")
    .replace(/\s+/g, " ")
    .trim();
}

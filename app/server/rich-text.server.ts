import { FilterXSS } from "xss";
import { escapeHtml, isSitePath } from "../lib/html.ts";

// Stored HTML (formation and play write-ups, rendered blog markdown) is sanitised here, on the
// server, before it reaches a page: an allow-list of formatting tags, links limited to http(s)
// and site paths, everything else escaped.

const ALLOWED_TAGS = {
  p: [], br: [], strong: [], b: [], em: [], i: [], u: [], s: [],
  ul: [], ol: [], li: [], blockquote: [], h2: [], h3: [], h4: [], code: [], pre: [], hr: [],
  a: ["href", "title"],
};

const sanitizer = new FilterXSS({
  whiteList: ALLOWED_TAGS,
  stripIgnoreTag: true,
  stripIgnoreTagBody: ["script", "style", "iframe", "object", "embed", "template", "noscript"],
  onTagAttr(tag, name, value) {
    if (tag === "a" && name === "href") {
      const trimmed = value.trim();
      // A site path may hold no character reference but &amp; ('/&#92;host' and '/&bsol;host' are
      // '/\host' to a browser); a bare '&' between query parameters is one.
      const sitePath = !/&(#|(?!amp;)[a-z][a-z0-9]*;)/i.test(trimmed) && isSitePath(trimmed.replaceAll("&amp;", "&"));
      if (/^(https?:\/\/|mailto:)/i.test(trimmed) || sitePath) {
        const external = /^https?:\/\//i.test(trimmed);
        return `href="${trimmed.replaceAll('"', "&quot;")}"${external ? ' rel="noopener noreferrer nofollow" target="_blank"' : ""}`;
      }
      return "";
    }
    return undefined;
  },
});

export function sanitizeHtml(html: string): string {
  return sanitizer.process(html);
}

/**
 * A description is either rich text (HTML) or plain text with line breaks: HTML is sanitised,
 * plain text becomes paragraphs and line breaks.
 */
export function renderDescription(value: string | null | undefined): string | null {
  if (!value || !value.trim()) return null;
  if (/<\/?[a-z][^>]*>/i.test(value)) return sanitizeHtml(value);
  return value
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replaceAll("\n", "<br>")}</p>`)
    .join("");
}

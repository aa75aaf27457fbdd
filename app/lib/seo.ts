// Title, description, canonical URL and sharing tags (Open Graph, Twitter card) for a page.

export const SITE_NAME = "Gridiron Playbook";
const DEFAULT_IMAGE = "/og-image.png";

type MetaMatch = { id: string; loaderData?: unknown } | undefined;

export function siteUrlFrom(matches: readonly MetaMatch[]): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { siteUrl?: string } | undefined;
  return (root?.siteUrl ?? "http://localhost:8787").replace(/\/$/, "");
}

export function pageMeta(options: {
  matches: readonly MetaMatch[];
  title: string;
  description: string;
  path: string;
  image?: string | null;
  type?: "website" | "article";
  noindex?: boolean;
}) {
  const base = siteUrlFrom(options.matches);
  const url = `${base}${options.path}`;
  const image = options.image ? (options.image.startsWith("http") ? options.image : `${base}${options.image}`) : `${base}${DEFAULT_IMAGE}`;
  const title = options.title.includes(SITE_NAME) ? options.title : `${options.title} | ${SITE_NAME}`;
  return [
    { title },
    { name: "description", content: options.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: options.type ?? "website" },
    { property: "og:title", content: options.title },
    { property: "og:description", content: options.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: options.title },
    { name: "twitter:description", content: options.description },
    { name: "twitter:image", content: image },
    ...(options.noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

/**
 * A description for search results and link previews: at most `max` characters, cut at a word
 * with an ellipsis rather than in the middle of one.
 */
export function metaDescription(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:!?-]+$/, "")}…`;
}

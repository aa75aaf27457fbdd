// Slug rules, shared by the forms (live hint) and the actions (the decision).

export const MIN_SLUG_LENGTH = 3;
export const MAX_SLUG_LENGTH = 120;

/** Lowercase; keep letters, digits, spaces and hyphens; whitespace to hyphens; collapse and trim hyphens. */
export function slugify(value: string): string {
  return value
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/g, "");
}

/** A slug for a title made only of symbols: never empty. */
export function slugOrFallback(value: string, fallback: string): string {
  return slugify(value) || slugify(fallback) || `item-${Date.now().toString(36)}`;
}

/** The first of slug, slug-1, slug-2, ... that is not taken. */
export function nextFreeSlug(slug: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(slug)) return slug;
  for (let index = 1; ; index += 1) {
    const candidate = `${slug}-${index}`;
    if (!used.has(candidate)) return candidate;
  }
}

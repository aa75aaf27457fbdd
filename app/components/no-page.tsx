/**
 * The page of a route whose loader and action only redirect (sign-in with a provider, Discord's
 * link). It never renders; having a page makes a 404 they throw (a provider that is not set up)
 * the site's 404 page through the root's boundary, instead of a bare `null` body.
 */
export function NoPage() {
  return null;
}

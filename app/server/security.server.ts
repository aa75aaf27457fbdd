// Headers sent with every response, and the cross-site form POST check.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Routes that other sites legitimately POST to (signed by the sender instead). */
// The one-click unsubscribe comes from mail providers (RFC 8058); its signed link authorises it.
const CROSS_SITE_POST_ALLOWED = new Set(["/webhooks/stripe", "/unsubscribe/one-click"]);

// Turnstile's script and frame come from Cloudflare's CDN: allowed only when Turnstile is configured.
const TURNSTILE_ORIGIN = "https://challenges.cloudflare.com";

/**
 * Where a form may also send the browser: the tests' stand-in for the OAuth providers (set only by
 * the test server), which 'Connect Discord' redirects to.
 */
export function extraFormActionOrigins(env: Env): string[] {
  return env.OAUTH_ENDPOINT_OVERRIDE ? [new URL(env.OAUTH_ENDPOINT_OVERRIDE).origin] : [];
}

/** What the policy allows beyond the site itself: Turnstile when configured, and extra form targets (tests). */
export type PolicyOptions = { turnstile?: boolean; formActionOrigins?: string[] };

export function buildContentSecurityPolicy(nonce: string, secure: boolean, options: PolicyOptions = {}) {
  const turnstile = options.turnstile ? ` ${TURNSTILE_ORIGIN}` : "";
  const formActionOrigins = options.formActionOrigins ?? [];
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${turnstile}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    // A custom video may be a file on another host (a CDN, named in the editor by an https address
    // ending in .mp4 or .webm): media runs no script, and a blocked one is a dead player.
    "media-src 'self' blob: https:",
    "font-src 'self'",
    `connect-src 'self'${turnstile}`,
    `frame-src https://www.youtube-nocookie.com https://player.vimeo.com${turnstile}`,
    "object-src 'none'",
    "base-uri 'self'",
    // Form submissions may redirect to Stripe Checkout / the billing portal and to OAuth providers.
    ["form-action 'self' https://checkout.stripe.com https://billing.stripe.com https://discord.com https://accounts.google.com", ...formActionOrigins].join(" "),
    "frame-ancestors 'none'",
  ];
  if (secure) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

export function applySecurityHeaders(headers: Headers, nonce: string, secure: boolean, options: PolicyOptions = {}) {
  headers.set("Content-Security-Policy", buildContentSecurityPolicy(nonce, secure, options));
  headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
}

/**
 * A state-changing request is refused when the browser says it comes from another site
 * (Sec-Fetch-Site), or, for browsers that do not send that header, when its Origin differs.
 */
export function isCrossSiteWrite(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const url = new URL(request.url);
  if (CROSS_SITE_POST_ALLOWED.has(url.pathname)) return false;
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  if (fetchSite) return fetchSite !== "same-origin" && fetchSite !== "none";
  const origin = request.headers.get("Origin");
  if (origin) return origin !== url.origin;
  return false;
}

/** Pages that must never be stored by a shared cache, even for visitors (tokens, forms, account areas). */
const PRIVATE_PREFIXES = ["/auth", "/reset-password", "/account-settings", "/account", "/home", "/notifications", "/unsubscribe", "/admin", "/submit-tip", "/success", "/cancel", "/subscribe", "/dev/", "/logout"];

/** A visitor's page: shared caches may keep it a minute (docs/decisions/0006). */
export function markPublicPage(headers: Headers) {
  headers.set("Cache-Control", "public, max-age=0, s-maxage=60, stale-while-revalidate=300");
  headers.append("Vary", "Cookie");
}

/** Account areas, auth screens, token pages and staff screens: never kept by a shared cache. */
export function isPrivatePath(pathname: string) {
  return PRIVATE_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(prefix.endsWith("/") ? prefix : `${prefix}/`));
}

/**
 * HTTP caching of dynamic responses. A page for a visitor (no session cookie, no flash message)
 * may be kept by a shared cache for a short time and served stale while it revalidates; anything
 * that depends on a session is private and never stored.
 */
export function applyCachePolicy(request: Request, response: Response, options: { signedIn: boolean; hadToast: boolean }) {
  if (response.headers.has("Cache-Control")) return;
  const url = new URL(request.url);
  const html = (response.headers.get("Content-Type") ?? "").startsWith("text/html");
  const publicPage =
    (request.method === "GET" || request.method === "HEAD") &&
    response.status === 200 &&
    html &&
    !options.signedIn &&
    !options.hadToast &&
    !request.headers.get("Cookie")?.includes("session=") &&
    !isPrivatePath(url.pathname);
  if (publicPage) {
    markPublicPage(response.headers);
  } else {
    response.headers.set("Cache-Control", "private, no-store");
  }
}

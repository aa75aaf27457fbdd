// Headers sent with every response, and the cross-site form POST check.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Routes that other sites legitimately POST to (signed by the sender instead). */
// The one-click unsubscribe comes from mail providers (RFC 8058); its signed link authorises it.
const CROSS_SITE_POST_ALLOWED = new Set(["/webhooks/stripe", "/unsubscribe/one-click"]);

// Turnstile's script and frame come from Cloudflare's CDN: allowed only when Turnstile is configured.
const TURNSTILE_ORIGIN = "https://challenges.cloudflare.com";

export function buildContentSecurityPolicy(nonce: string, secure: boolean, options: { turnstile?: boolean } = {}) {
  const turnstile = options.turnstile ? ` ${TURNSTILE_ORIGIN}` : "";
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${turnstile}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self'",
    `connect-src 'self'${turnstile}`,
    `frame-src https://www.youtube-nocookie.com https://player.vimeo.com${turnstile}`,
    "object-src 'none'",
    "base-uri 'self'",
    // Form submissions may redirect to Stripe Checkout / the billing portal and to OAuth providers.
    "form-action 'self' https://checkout.stripe.com https://billing.stripe.com https://discord.com https://accounts.google.com",
    "frame-ancestors 'none'",
  ];
  if (secure) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

export function applySecurityHeaders(headers: Headers, nonce: string, secure: boolean, options: { turnstile?: boolean } = {}) {
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
const PRIVATE_PREFIXES = ["/auth", "/reset-password", "/account-settings", "/home", "/notifications", "/unsubscribe", "/admin", "/submit-tip", "/success", "/cancel", "/subscribe", "/dev/", "/logout"];

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
    request.method === "GET" &&
    response.status === 200 &&
    html &&
    !options.signedIn &&
    !options.hadToast &&
    !request.headers.get("Cookie")?.includes("session=") &&
    !PRIVATE_PREFIXES.some((prefix) => url.pathname === prefix || url.pathname.startsWith(prefix.endsWith("/") ? prefix : `${prefix}/`));
  if (publicPage) {
    response.headers.set("Cache-Control", "public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    response.headers.append("Vary", "Cookie");
  } else {
    response.headers.set("Cache-Control", "private, no-store");
  }
}

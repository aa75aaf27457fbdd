import { clientAddress } from "./throttle.server.ts";

// Cloudflare Turnstile on the forms bots aim at (register, forgot password, contact): on only when
// both keys are configured, verified here with siteverify before anything is stored or sent.
// TURNSTILE_ENDPOINT_OVERRIDE points siteverify at a fake on loopback in tests (never set in production).

const SITEVERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify";
export const TURNSTILE_FIELD = "cf-turnstile-response";
export const TURNSTILE_SCRIPT_ORIGIN = "https://challenges.cloudflare.com";

export const TURNSTILE_MESSAGES = {
  missing: "Please complete the security check.",
  expired: "The security check expired or was already used. Please try again.",
  failed: "The security check failed. Please try again.",
  unavailable: "We could not verify the security check. Please try again in a moment.",
} as const;

/** The site key when Turnstile is configured (both keys), else null: the widget is hidden and the check skipped. */
export function turnstileSiteKey(env: Env): string | null {
  return env.TURNSTILE_SITE_KEY && env.TURNSTILE_SECRET_KEY ? env.TURNSTILE_SITE_KEY : null;
}

export type TurnstileCheck = { ok: true } | { ok: false; message: string };

/** Checks the form's token with siteverify; always passes when Turnstile is not configured. */
export async function verifyTurnstile(env: Env, request: Request, formData: FormData): Promise<TurnstileCheck> {
  if (!turnstileSiteKey(env)) return { ok: true };
  const token = formData.get(TURNSTILE_FIELD);
  if (typeof token !== "string" || !token || token.length > 2048) return { ok: false, message: TURNSTILE_MESSAGES.missing };
  const body = new URLSearchParams({ secret: env.TURNSTILE_SECRET_KEY!, response: token, remoteip: clientAddress(request) });
  try {
    const response = await fetch(env.TURNSTILE_ENDPOINT_OVERRIDE || SITEVERIFY_URL, { method: "POST", body });
    if (!response.ok) return { ok: false, message: TURNSTILE_MESSAGES.unavailable };
    const outcome = (await response.json()) as { success?: boolean; "error-codes"?: string[] };
    if (outcome.success === true) return { ok: true };
    const codes = outcome["error-codes"] ?? [];
    if (codes.includes("timeout-or-duplicate")) return { ok: false, message: TURNSTILE_MESSAGES.expired };
    if (codes.includes("missing-input-response")) return { ok: false, message: TURNSTILE_MESSAGES.missing };
    if (codes.some((code) => code.includes("secret") || code === "internal-error")) return { ok: false, message: TURNSTILE_MESSAGES.unavailable };
    return { ok: false, message: TURNSTILE_MESSAGES.failed };
  } catch (error) {
    console.error("Turnstile siteverify", error);
    return { ok: false, message: TURNSTILE_MESSAGES.unavailable };
  }
}

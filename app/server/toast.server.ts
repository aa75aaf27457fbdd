import { redirect } from "react-router";
import { z } from "zod";
import { readCookie } from "./http.server.ts";

// One-shot messages carried across a redirect in a short-lived cookie, so that they also appear
// when JavaScript is off. The root loader hands them to the page; the Worker then clears the cookie.
const COOKIE_NAME = "toast";

const toastSchema = z.object({
  kind: z.enum(["success", "error", "info"]),
  title: z.string().max(200),
  description: z.string().max(500).optional(),
});

export type Toast = z.infer<typeof toastSchema>;

function encode(toast: Toast) {
  const bytes = new TextEncoder().encode(JSON.stringify(toast));
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replaceAll("=", "");
}

function decode(value: string): Toast | null {
  try {
    const binary = atob(value.replaceAll("-", "+").replaceAll("_", "/"));
    const bytes = Uint8Array.from(binary, (character) => character.charCodeAt(0));
    const parsed = toastSchema.safeParse(JSON.parse(new TextDecoder().decode(bytes)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function readToastCookie(request: Request): Toast | null {
  const value = readCookie(request, COOKIE_NAME);
  return value ? decode(value) : null;
}

export function serializeToastCookie(toast: Toast) {
  return `${COOKIE_NAME}=${encode(toast)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=60`;
}

export function serializeClearedToastCookie() {
  return `${COOKIE_NAME}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;
}

/**
 * Over https every toast cookie a response sets gets Secure, like the session's: redirectWithToast
 * has no request to ask, so the Worker adds it on the way out.
 */
export function secureToastCookies(headers: Headers) {
  const cookies = headers.getSetCookie();
  if (!cookies.some((cookie) => cookie.startsWith(`${COOKIE_NAME}=`))) return;
  headers.delete("Set-Cookie");
  for (const cookie of cookies) {
    headers.append("Set-Cookie", cookie.startsWith(`${COOKIE_NAME}=`) && !/;\s*Secure\b/i.test(cookie) ? `${cookie}; Secure` : cookie);
  }
}

/** A redirect that shows a toast on the next page. */
export function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", serializeToastCookie(toast));
  return redirect(url, { ...init, headers });
}

import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { readCookie } from "./http.server.ts";
import { isSecureRequest } from "./session.server.ts";

// A browser that signed in to an account before is known to that account (OWASP's device cookies).
// When an address has used up its login attempts (a campus, a LAN party or a carrier's NAT shared
// with someone guessing passwords), a member's own browser still signs them in: only the account's
// own limit applies to it. The cookie is a random token; KV keeps which accounts signed in with it
// (the token and the hash of the e-mail, for a year), so a copied cookie opens nothing by itself
// and says nothing of whose browser it is.

const COOKIE_NAME = "gp_device";
const YEAR_SECONDS = 365 * 24 * 60 * 60;

function deviceToken(request: Request): string | null {
  const value = readCookie(request, COOKIE_NAME);
  return value && /^[a-z2-7]{32}$/.test(value) ? value : null;
}

const deviceKey = (token: string, accountKey: string) => `login:device:${token}:${accountKey}`;

/** Whether this browser signed in to the account (the hash of its e-mail) within the past year. */
export async function isKnownDevice(kv: KVNamespace, request: Request, accountKey: string): Promise<boolean> {
  const token = deviceToken(request);
  return token !== null && (await kv.get(deviceKey(token, accountKey))) !== null;
}

/** After a right password: the browser is known to the account for a year. Returns its Set-Cookie. */
export async function rememberDevice(kv: KVNamespace, request: Request, accountKey: string): Promise<string> {
  const token = deviceToken(request) ?? encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));
  await kv.put(deviceKey(token, accountKey), "1", { expirationTtl: YEAR_SECONDS });
  const attributes = [`${COOKIE_NAME}=${token}`, "HttpOnly", "SameSite=Lax", "Path=/", `Max-Age=${YEAR_SECONDS}`];
  if (isSecureRequest(request)) attributes.push("Secure");
  return attributes.join("; ");
}

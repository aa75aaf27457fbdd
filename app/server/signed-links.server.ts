import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { isLocalHost } from "./email.server.ts";

// Links in e-mails that act without a session (the digest's one-click unsubscribe): the user id and
// the purpose, signed with HMAC-SHA256. A tampered link, or one for another account, does not verify.

const DEVELOPMENT_SECRET = "gridiron-playbook-local-development-link-secret";

export type LinkPurpose = "unsubscribe-digest";

/** The signing secret: LINK_SIGNING_SECRET, or a fixed value when the site runs locally; null otherwise. */
export function linkSecret(env: Pick<Env, "LINK_SIGNING_SECRET" | "SITE_URL">): string | null {
  if (env.LINK_SIGNING_SECRET) return env.LINK_SIGNING_SECRET;
  return isLocalHost(env.SITE_URL) ? DEVELOPMENT_SECRET : null;
}

async function signature(secret: string, purpose: LinkPurpose, userId: string) {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${purpose}:${userId}`));
  return encodeBase64urlNoPadding(new Uint8Array(mac));
}

export async function signLink(secret: string, purpose: LinkPurpose, userId: string) {
  return signature(secret, purpose, userId);
}

/** Constant-time comparison of the signature a link carries with the one it should carry. */
export async function verifyLink(secret: string, purpose: LinkPurpose, userId: string, given: string) {
  const expected = await signature(secret, purpose, userId);
  if (given.length !== expected.length) return false;
  let difference = 0;
  for (let index = 0; index < expected.length; index += 1) difference |= expected.charCodeAt(index) ^ given.charCodeAt(index);
  return difference === 0;
}

/** The digest's unsubscribe page, or (`oneClick`) the address of its List-Unsubscribe header. */
export async function unsubscribeUrl(siteUrl: string, secret: string, userId: string, oneClick = false) {
  const url = new URL(oneClick ? "/unsubscribe/one-click" : "/unsubscribe", siteUrl);
  url.searchParams.set("u", userId);
  url.searchParams.set("s", await signLink(secret, "unsubscribe-digest", userId));
  return url.toString();
}

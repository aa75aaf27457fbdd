// A form sent twice is done once. A double click without JavaScript sends the form twice (the
// browser shows the second answer), and so does Enter pressed twice: the second copy arrives while
// the first is saving, or just after. For the forms below, a second wish is never sent with the very
// same fields: each save carries the revision it was opened on, a create its title. So the same
// session's same form, field for field, within RESEND_WINDOW_MS, is the first copy again: it waits
// for the first one's answer and gets it (its redirect, its toast, and the new session cookie of
// a password change), instead of a second item, a 'changed since you opened it' about its own save,
// or 'Session ended' after the first copy ended the session it was sent with. Answers that refused
// (4xx, 5xx) are not kept: the form sent again is checked again. See docs/decisions/0025.
import { sha256 } from "@oslojs/crypto/sha2";
import { decodeBase64, encodeBase64, encodeHexLowerCase } from "@oslojs/encoding";
import { readSessionToken } from "./session.server";

/** Forms whose second identical copy is a resend: the staff editors and dialogs, and the account settings. */
const RESENDABLE = /^\/(?:admin(?:\/(?:content|blog)\/[^/]+|\/updates)?|account-settings)(?:\.data)?$/;

/**
 * How long after the first copy another is the same click: a double click's second copy comes within
 * a tenth of a second, Enter pressed twice within one. Longer, it is a wish of its own (the same
 * button pressed in a second tab after the first one changed things is told what happened since),
 * whatever the first copy's answer is still doing: the window is from its arrival, not its answer.
 */
export const RESEND_WINDOW_MS = 3_000;
/** How long a copy waits for the first one's answer (a save that calls Stripe takes seconds). */
const WAIT_MS = 20_000;
const POLL_MS = 150;
/** Larger bodies (image uploads) are not compared: they are never sent by a second click that fast. */
const MAX_BODY_BYTES = 2 * 1024 * 1024;
/** Kept answers are removed by the scheduled job once older than this. */
export const RESEND_KEEP_MS = 10 * 60_000;

/** A form copy: its key, and the secret its kept answer is sealed with (from its session, never stored). */
export type FormCopy = { key: string; secret: Uint8Array<ArrayBuffer> };

type Answer = { status: number; headers: [string, string][]; cookies: string[]; body: string };

/** The form copy (its session, address and body), or null when the request is not one of those forms. */
export async function formCopy(request: Request): Promise<FormCopy | null> {
  if (request.method !== "POST") return null;
  const url = new URL(request.url);
  if (!RESENDABLE.test(url.pathname)) return null;
  const session = readSessionToken(request);
  if (!session) return null;
  const length = Number(request.headers.get("Content-Length") ?? NaN);
  if (!Number.isInteger(length) || length <= 0 || length > MAX_BODY_BYTES) return null;
  // The form's fields, not its bytes: a browser writes each copy of a multipart form with a
  // boundary of its own. A file is its name, type and the hash of its bytes.
  let form: FormData;
  try {
    form = await request.clone().formData();
  } catch {
    return null;
  }
  const fields: unknown[] = [];
  for (const [name, value] of form) {
    fields.push(typeof value === "string" ? [name, value] : [name, value.name, value.type, encodeHexLowerCase(sha256(new Uint8Array(await value.arrayBuffer())))]);
  }
  const text = JSON.stringify([session, `${url.pathname}${url.search}`, fields]);
  return { key: encodeHexLowerCase(sha256(new TextEncoder().encode(text))), secret: new Uint8Array(sha256(new TextEncoder().encode(`answer\n${session}`))) };
}

/**
 * Answers the form copy once: the first copy runs `answer` and keeps its answer if it succeeded; a
 * copy that finds the key taken waits for that answer and repeats it. A copy whose first one was
 * refused, failed or never answered is answered on its own. The kept answer (a new session's
 * cookie, a page with the member's details) is sealed with a key only a request with the same
 * session cookie has: D1 holds neither.
 */
export async function answerOnce(db: D1Database, copy: FormCopy, answer: () => Promise<Response>, now = Date.now()): Promise<Response> {
  const claim = await db
    .prepare(
      `INSERT INTO form_resends (key, claimed_at) VALUES (?1, ?2)
       ON CONFLICT (key) DO UPDATE SET claimed_at = excluded.claimed_at, answer = NULL
       WHERE form_resends.claimed_at < ?3`,
    )
    .bind(copy.key, now, now - RESEND_WINDOW_MS)
    .run();
  if (claim.meta.changes === 0) return (await waitForAnswer(db, copy)) ?? answer();
  let response: Response;
  try {
    response = await answer();
  } catch (error) {
    await forget(db, copy.key);
    throw error;
  }
  if (response.status >= 400) {
    await forget(db, copy.key);
    return response;
  }
  const cookies = response.headers.getSetCookie();
  const kept: Answer = {
    status: response.status,
    headers: [...response.headers].filter(([name]) => name.toLowerCase() !== "set-cookie"),
    cookies,
    body: await response.text(),
  };
  await db.prepare("UPDATE form_resends SET answer = ?1 WHERE key = ?2").bind(await seal(copy.secret, kept), copy.key).run();
  return rebuilt(kept);
}

function rebuilt({ status, headers, cookies, body }: Answer): Response {
  const all = new Headers(headers);
  for (const cookie of cookies) all.append("Set-Cookie", cookie);
  return new Response(body.length ? body : null, { status, headers: all });
}

async function waitForAnswer(db: D1Database, copy: FormCopy): Promise<Response | null> {
  const until = Date.now() + WAIT_MS;
  while (Date.now() < until) {
    const row = await db.prepare("SELECT answer FROM form_resends WHERE key = ?1").bind(copy.key).first<{ answer: string | null }>();
    // Gone: the first copy was refused or failed, so this one is checked on its own.
    if (!row) return null;
    if (row.answer !== null) {
      const kept = await unseal(copy.secret, row.answer);
      return kept ? rebuilt(kept) : null;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return null;
}

async function aesKey(secret: Uint8Array<ArrayBuffer>) {
  return crypto.subtle.importKey("raw", secret, "AES-GCM", false, ["encrypt", "decrypt"]);
}

async function seal(secret: Uint8Array<ArrayBuffer>, answer: Answer): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await aesKey(secret), new TextEncoder().encode(JSON.stringify(answer))));
  return `${encodeBase64(iv)}.${encodeBase64(sealed)}`;
}

async function unseal(secret: Uint8Array<ArrayBuffer>, text: string): Promise<Answer | null> {
  try {
    const [iv, sealed] = text.split(".").map((part) => new Uint8Array(decodeBase64(part)));
    const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv }, await aesKey(secret), sealed);
    return JSON.parse(new TextDecoder().decode(plain)) as Answer;
  } catch {
    return null;
  }
}

async function forget(db: D1Database, key: string) {
  await db.prepare("DELETE FROM form_resends WHERE key = ?1").bind(key).run();
}

/** The scheduled job's sweep: answers kept longer than anyone would resend. */
export async function pruneResends(db: D1Database, now = Date.now()): Promise<number> {
  const result = await db.prepare("DELETE FROM form_resends WHERE claimed_at < ?1").bind(now - RESEND_KEEP_MS).run();
  return result.meta.changes;
}

import { parseWithZod } from "@conform-to/zod/v4";
import type { RouterContextProvider } from "react-router";
import { getApp, type AppContext } from "./context.server.ts";
import { getOptionalUser, SESSION_ENDED_TOAST } from "./guards.server.ts";
import { readCookie, readForm, revisionOf } from "./http.server.ts";
import { generateSessionToken, isSecureRequest } from "./session.server.ts";
import { clientAddress, takeAttempt, type ThrottleRule } from "./throttle.server.ts";
import { redirectWithToast } from "./toast.server.ts";

// A long form sent after its session ended (signed out in another tab, everywhere, or expired): a
// blog post, a scheme's write-ups, a tip. The login would otherwise lose every word. Its text
// fields are kept in KV for two hours under a random token in this browser's cookie, and the page
// the form belongs to puts them back, once, after the login. Files are not kept (a browser never
// fills a file field again): the page says so. Cross-site posts never get here (workers/app.ts
// refuses them), so nobody can plant a form in someone else's browser.

const COOKIE_NAME = "gp_kept_form";
const KEEP_SECONDS = 2 * 60 * 60;
/** Bigger than any of our forms' text (a blog post is at most 100,000 characters): kept whole or not at all. */
const MAX_KEPT_BYTES = 1_000_000;
/** The largest signed-out body read for its text (pictures in it are dropped anyway). */
const MAX_READ_BYTES = 8 * 1024 * 1024;
/**
 * Forms kept per address: nobody signed in may fill KV with megabytes at will. Far more than the
 * members behind one shared address lose to ended sessions; past it the login is still the answer,
 * and says that nothing was kept.
 */
export const KEPT_FORM_ADDRESS_RULE: ThrottleRule = { limit: 30, windowSeconds: 10 * 60 };

export const KEPT_FORM_MESSAGE = "Not saved: your session had ended. What you typed is back in the form; save it now.";

/**
 * `userId`: the member who logged in through the login the keep led to, straight back to this page
 * (claimKeptForm). Only they get it back: on a shared computer, whoever logs in next, elsewhere or
 * later, never sees what the last person typed.
 */
type KeptForm = { path: string; entries: [string, string][]; filesDropped: boolean; userId?: string };

const keyOf = (token: string) => `kept-form:${token}`;

function cookie(request: Request, value: string, maxAge: number) {
  const attributes = [`${COOKIE_NAME}=${value}`, "HttpOnly", "SameSite=Lax", "Path=/", `Max-Age=${maxAge}`];
  if (isSecureRequest(request)) attributes.push("Secure");
  return attributes.join("; ");
}

function formOf(entries: [string, string][]) {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
}

/** The page a form was posted from (a data request's .data taken off). */
function formPath(request: Request) {
  return new URL(request.url).pathname.replace(/\.data$/, "");
}

/**
 * For a form's action: when nobody is signed in, the form is kept for this browser and the answer
 * is the login, back to the form's page. Signed in, it does nothing (the route's guard decides).
 */
export async function keepFormIfSignedOut(context: Readonly<RouterContextProvider>, request: Request, notKept?: NotKept) {
  if (request.method !== "POST" || (await getOptionalUser(context))) return;
  throw await keepFormThroughLogin(getApp(context), request, formPath(request), undefined, "", notKept);
}

/**
 * A small form of the same page that is not kept (the editor's patch status): the place on the
 * page the login leads back to, whose toast then says it was not saved. Null: the form is kept.
 */
type NotKept = (form: FormData) => string | null;

/**
 * The same for a form its action has already read (a small one: it decides from a field whether to
 * keep it); `hash` is where on its page the login leads back to (the form's own place).
 */
export async function keepReadFormIfSignedOut(context: Readonly<RouterContextProvider>, request: Request, formData: FormData, hash = "") {
  if (request.method !== "POST" || (await getOptionalUser(context))) return;
  throw await keepFormThroughLogin(getApp(context), request, formPath(request), formData, hash);
}

async function keepFormThroughLogin(app: AppContext, request: Request, path: string, alreadyRead?: FormData, hash = "", notKept?: NotKept): Promise<Response> {
  const entries: [string, string][] = [];
  let filesDropped = false;
  // Nobody is signed in: a body is read only when it says its size and that size is a form's with
  // a picture or two, never an anonymous 40 MB to parse (the editors' own limit, for staff).
  const length = Number(request.headers.get("Content-Length"));
  const readable = Number.isFinite(length) && length > 0 && length <= MAX_READ_BYTES;
  try {
    for (const [name, value] of alreadyRead ?? (readable ? await readForm(request) : [])) {
      if (typeof value === "string") entries.push([name, value]);
      else if (value.size > 0) filesDropped = true;
    }
  } catch {
    // A body that is not a form: nothing to keep.
  }
  const aside = notKept ? notKept(formOf(entries)) : null;
  if (aside !== null) return redirectWithToast(`/auth?redirectTo=${encodeURIComponent(path + aside)}`, SESSION_ENDED_TOAST);
  const headers = new Headers();
  const kept = JSON.stringify({ path, entries, filesDropped } satisfies KeptForm);
  let keptHere = false;
  if (entries.length && kept.length <= MAX_KEPT_BYTES) {
    keptHere = (await takeAttempt(app.env.KV, `kept-form:${clientAddress(request)}`, KEPT_FORM_ADDRESS_RULE)).taken;
  }
  if (keptHere) {
    // One kept form per browser: a second one sent before the login replaces the first.
    const token = keptToken(request) ?? generateSessionToken();
    await app.env.KV.put(keyOf(token), kept, { expirationTtl: KEEP_SECONDS });
    headers.append("Set-Cookie", cookie(request, token, KEEP_SECONDS));
  }
  const description = keptHere
    ? "Log in again: what you typed comes back in the form, not yet saved."
    : entries.length || (!alreadyRead && !readable)
      ? "Log in again, then send the form again: what you typed could not be kept."
      : "Log in again, then send the form again.";
  return redirectWithToast(`/auth?redirectTo=${encodeURIComponent(path + hash)}`, { kind: "error", title: "Session ended", description }, { headers });
}

/**
 * For the form's page (a GET): the form this browser sent to it while signed out, once, with the
 * Set-Cookie that forgets it; null when there is none.
 */
export async function takeKeptForm(app: AppContext, request: Request): Promise<{ formData: FormData; filesDropped: boolean; setCookie: string } | null> {
  // The page drawn after a form was posted to it is that form's answer, not the login's return.
  if (app.method !== "GET") return null;
  const token = keptToken(request);
  if (!token) return null;
  const kept = await app.env.KV.get<KeptForm>(keyOf(token), "json");
  if (!kept || kept.path !== formPath(request)) return null;
  const viewer = (await app.getSession())?.user ?? null;
  if (!kept.userId || kept.userId !== viewer?.id) return null;
  await app.env.KV.delete(keyOf(token));
  const formData = new FormData();
  for (const [name, value] of kept.entries) formData.append(name, value);
  return { formData, filesDropped: kept.filesDropped, setCookie: cookie(request, "", 0) };
}

function keptToken(request: Request) {
  const token = readCookie(request, COOKIE_NAME);
  return token && /^[a-z2-7]{32}$/.test(token) ? token : null;
}

/**
 * For a login that succeeded: a form kept in this browser, not yet claimed, is this member's when
 * the login goes straight back to its page (the login the keep led to). Any other login leaves it
 * unclaimed, never to be put back.
 */
export async function claimKeptForm(app: AppContext, request: Request, userId: string, destination: string) {
  const token = keptToken(request);
  if (!token) return;
  const kept = await app.env.KV.get<KeptForm>(keyOf(token), "json");
  if (!kept || kept.userId || new URL(destination, "http://localhost").pathname !== kept.path) return;
  await app.env.KV.put(keyOf(token), JSON.stringify({ ...kept, userId } satisfies KeptForm), { expirationTtl: KEEP_SECONDS });
}

export type KeptFormData = NonNullable<Awaited<ReturnType<typeof takeKeptForm>>>;

/**
 * The kept form as its page's answer would carry it: conform's result (the fields as typed, and the
 * message that it was not saved), the toast, and the revision it was opened on (a save over
 * someone's newer one is still refused).
 */
export function keptSubmission(kept: KeptFormData, schema: Parameters<typeof parseWithZod>[1]["schema"]) {
  const submission = parseWithZod(kept.formData, { schema });
  return {
    result: submission.reply({ formErrors: [KEPT_FORM_MESSAGE] }),
    toast: { kind: "error" as const, title: "Not saved", description: KEPT_FORM_MESSAGE },
    revision: revisionOf(kept.formData),
  };
}

import { isFormShapeAllowed } from "./form-shape.server.ts";
/** The value of one cookie of a request, or null. */
export function readCookie(request: Request, name: string): string | null {
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return null;
}

/** True for React Router's client-side data requests (JavaScript on), false for plain form posts. */
export function isDataRequest(request: Request) {
  return new URL(request.url).pathname.endsWith(".data");
}

/** The page path a request is for, without the data-request suffix. */
export function pagePath(request: Request) {
  return new URL(request.url).pathname.replace(/\.data$/, "");
}

/** The page's query as the member's address has it: without the `_routes` a data request adds. */
export function pageSearch(request: Request) {
  const params = new URL(request.url).searchParams;
  params.delete("_routes");
  const search = params.toString();
  return search ? `?${search}` : "";
}

/**
 * The form a POST sends. A body that is not a form (none, JSON, a broken multipart body) is the
 * sender's mistake, not the server's: a 400 with a sentence, where `formData()` throwing would
 * answer 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = withPlainLineBreaks(await request.formData());
  } catch {
    throw badForm("This request did not send a form. Go back and send the form from its page.");
  }
  if (!isFormShapeAllowed(form)) throw badForm("This form was not sent as its page sends it. Go back and send the form from its page.");
  return form;
}

function badForm(message: string) {
  return new Response(message, { status: 400, statusText: "Bad Request", headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * A browser sends a text area's line breaks as CR LF, and counts each as one character for its
 * maxlength: as LF they are stored, and counted, as the member typed them. Files pass untouched.
 */
function withPlainLineBreaks(form: FormData): FormData {
  const plain = new FormData();
  for (const [name, value] of form) plain.append(name, typeof value === "string" ? value.replace(/\r\n?/g, "\n") : value);
  return plain;
}

/**
 * The revision an editor's form was opened on (the item's updated_at in ms, a hidden `revision`
 * field), sent back with it: null when the form named none (decision 0021).
 */
export function revisionOf(formData: FormData): number | null {
  const value = Number(formData.get("revision"));
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** A plain-text answer (a resource route's refusal), sent as it is. */
export function plainText(body: string, status: number) {
  return new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

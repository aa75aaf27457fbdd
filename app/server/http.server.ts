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

/** True for React Router's client-side data requests (JavaScript on), false for plain form posts. */
export function isDataRequest(request: Request) {
  return new URL(request.url).pathname.endsWith(".data");
}

/** The page path a request is for, without the data-request suffix. */
export function pagePath(request: Request) {
  return new URL(request.url).pathname.replace(/\.data$/, "");
}

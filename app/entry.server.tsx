import { renderToString } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { getApp } from "./server/context.server.ts";
import { isServiceUnavailable } from "./server/unavailable.server.ts";

export const streamTimeout = 5_000;

type StreamCacheEntry = NonNullable<NonNullable<EntryContext["renderMeta"]>["streamCache"]>[number];

/**
 * Pages are rendered to one string. Loaders return complete data (nothing is deferred), so there is
 * nothing to stream, and React's Web-stream renderer encodes every attribute and text piece into its
 * own Uint8Array: on Workers that was a fifth of a page's CPU time. The router's hydration data
 * (a stream it normally writes out while React streams) is read first and handed to its
 * StreamTransfer component already resolved, so the render never suspends.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    // The headers a GET would get (its type decides its cache policy), without rendering the body.
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = getApp(loadContext);
  if (routerContext.serverHandoffStream) {
    const handoff = await readAll(routerContext.serverHandoffStream);
    const resolved: StreamCacheEntry = Object.assign(Promise.resolve(), { result: { done: true, value: handoff } });
    routerContext.renderMeta = { ...routerContext.renderMeta, streamCache: { 0: resolved } };
  }

  const html = renderDocument(routerContext, request.url, nonce);
  return htmlResponse(html, responseHeaders, responseStatusCode);
}

function renderDocument(routerContext: EntryContext, url: string, nonce: string) {
  const html = renderToString(<ServerRouter context={routerContext} url={url} nonce={nonce} />);
  return html.startsWith("<!DOCTYPE") ? html : `<!DOCTYPE html>${html}`;
}

function htmlResponse(html: string, responseHeaders: Headers, status: number) {
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(html, { headers: responseHeaders, status });
}

/**
 * An error a loader or action did not handle. Logged as React Router does by default; when it is
 * D1 or KV failing to answer, the Worker turns the error page into a 503 (workers/app.ts).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (isServiceUnavailable(error) && context) getApp(context).unavailable = true;
  const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  if (!request.signal.aborted) console.error(inner ?? error);
};

/** Reads a byte stream to text and releases it, so the router can still take (and find it done) a reader. */
async function readAll(stream: ReadableStream<Uint8Array>) {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + streamTimeout;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (Date.now() > deadline) throw new Error("Hydration data did not finish in time");
  }
  reader.releaseLock();
  return text + decoder.decode();
}

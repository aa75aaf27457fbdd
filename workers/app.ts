import { createRequestHandler } from "react-router";
import { createAppContext, createRouterContext, type AppContext } from "../app/server/context.server.ts";
import { applyCachePolicy, applySecurityHeaders, extraFormActionOrigins, isCrossSiteWrite, markPublicPage } from "../app/server/security.server.ts";
import { secureToastCookies, serializeClearedToastCookie } from "../app/server/toast.server.ts";
import { discardRequestBody } from "../app/server/uploads.server.ts";
import { reconcileSubscriptions } from "../app/server/billing.server.ts";
import { billingGateway } from "../app/server/stripe.server.ts";
import { runDigests } from "../app/server/digest.server.ts";
import { applyDueUpdates } from "../app/server/title-updates.server.ts";
import { isCacheableRequest, lookUpPage, startNewGeneration } from "../app/server/edge-cache.server.ts";
import { isNewPageView } from "../app/server/library.server.ts";
import { countView, viewedPlaceOf, withViewsSinceStored } from "../app/server/views.server.ts";
import { isStaff } from "../app/lib/access.ts";
import { bookmarkCookie } from "../app/server/d1-session.server.ts";
import { runDiscordSync } from "../app/server/discord.server.ts";
import { turnstileSiteKey } from "../app/server/turnstile.server.ts";
import { sweepMediaDeletions } from "../app/server/orphans.server.ts";
import { countCachedMiss, pruneMisses } from "../app/server/search.server.ts";
import { clientAddress } from "../app/server/throttle.server.ts";
import { withInjectedFaults } from "../app/server/fault-injection.server.ts";
import { isServiceUnavailable, unavailableResponse } from "../app/server/unavailable.server.ts";
import { benchProbe, isBenchProbe } from "../app/server/bench-probe.server.ts";
import { answerOnce, formCopy, pruneResends } from "../app/server/resends.server.ts";

// Given a function, React Router re-derives its route tables on every request (about 5% of a page's
// CPU): in a build the server build never changes, so it is loaded once per isolate. The dev server
// keeps the function so edits are picked up.
const requestHandler = import.meta.env.DEV
  ? createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE)
  : lazyRequestHandler();

function lazyRequestHandler(): ReturnType<typeof createRequestHandler> {
  let handler: Promise<ReturnType<typeof createRequestHandler>> | undefined;
  return async (request, context) => {
    handler ??= import("virtual:react-router/server-build").then((build) => createRequestHandler(build, import.meta.env.MODE));
    return (await handler)(request, context);
  };
}

function isRedirect(response: Response) {
  return (response.status >= 300 && response.status < 400) || response.headers.has("X-Remix-Redirect");
}

async function answer(request: Request, env: Env, executionContext: ExecutionContext, app: AppContext): Promise<Response> {
  const secure = new URL(request.url).protocol === "https:";
  const policyOptions = { turnstile: Boolean(turnstileSiteKey(env)), formActionOrigins: extraFormActionOrigins(env) };

  const cacheable = isCacheableRequest(request, env);
  const cache = cacheable ? await lookUpPage(request, app.nonce, { site: env.SITE_URL }) : null;
  if (cache?.hit) {
    // Served from the edge cache: no loader ran, so the page view (or a search that found nothing) is counted here.
    const place = viewedPlaceOf(new URL(request.url).pathname);
    let hit = countCachedMiss(app, cache.hit, clientAddress(request));
    if (place) {
      const counted = isNewPageView(request, place.slug);
      if (counted) countView(env, executionContext, place);
      hit = withViewsSinceStored(hit, place.slug, counted);
    }
    const response = new Response(hit.body, hit);
    applySecurityHeaders(response.headers, app.nonce, secure, policyOptions);
    markPublicPage(response.headers);
    response.headers.set("X-Edge-Cache", "hit");
    return response;
  }

  let response: Response;
  if (isCrossSiteWrite(request)) {
    response = new Response(
      "Cross-site request refused: this form can only be submitted from this site.",
      { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } },
    );
  } else {
    response = await requestHandler(request, createRouterContext(app));
  }

  // A request refused before its body was read (guards, size limits) still has the body in
  // flight: drain it, or the connection's next request breaks.
  if (request.body && !request.bodyUsed) await discardRequestBody(request);

  response = withMutableHeaders(response);
  applySecurityHeaders(response.headers, app.nonce, secure, policyOptions);
  if (!response.headers.has("Cache-Control")) {
    // A request whose loaders never asked for the session is not signed in as far as the page goes
    // (one with a session cookie is never public anyway): no D1 read just for this.
    applyCachePolicy(request, response, { signedIn: Boolean(await app.sessionIfLookedUp()), hadToast: Boolean(app.toast) });
  }
  if (cache) {
    cache.store(response, executionContext, app.keepWithCachedPage);
    response.headers.set("X-Edge-Cache", "miss");
  } else if (request.method !== "GET" && request.method !== "HEAD" && response.status < 400 && isStaff((await app.sessionIfLookedUp())?.user)) {
    // A staff write may change what visitors see (content, blog, testimonials, title updates...):
    // done before the answer, so the next visitor here gets the new pages. Every staff action
    // checks the session, so one that never did was not a staff write.
    await startNewGeneration(new URL(env.SITE_URL).origin).catch((error) => console.error("Edge cache generation", error));
  }
  for (const cookie of app.responseCookies) response.headers.append("Set-Cookie", cookie);
  const bookmark = bookmarkCookie(request, app.d1Session);
  if (bookmark) response.headers.append("Set-Cookie", bookmark);
  if (app.toast && app.toastDelivered && !isRedirect(response)) {
    response.headers.append("Set-Cookie", serializeClearedToastCookie());
  }
  if (secure) secureToastCookies(response.headers);
  if (app.timing.roundTrips > 0) {
    response.headers.append(
      "Server-Timing",
      `db;dur=${app.timing.milliseconds.toFixed(1)};desc="${app.timing.roundTrips} D1 round trips"`,
    );
  }
  return response;
}

/**
 * The router's answer itself when its headers can take ours (a page's HTML is then sent as the one
 * string it was rendered to, with its length), a copy when they cannot (a Response whose headers
 * are immutable). A copy streams the body: every page used to be sent chunked.
 */
function withMutableHeaders(response: Response): Response {
  try {
    response.headers.set("X-Content-Type-Options", "nosniff");
    return response;
  } catch {
    return new Response(response.body, response);
  }
}

/** The 503 of a request that D1 or KV could not serve, with the headers every answer carries. */
function unavailable(request: Request, app: AppContext) {
  const response = unavailableResponse(request, app.env.SITE_NAME);
  applySecurityHeaders(response.headers, app.nonce, new URL(request.url).protocol === "https:", { formActionOrigins: extraFormActionOrigins(app.env) });
  return response;
}

export default {
  async fetch(request, env, executionContext) {
    // Inert unless BENCH_PROBES is "on" (npm run bench's servers only): see bench-probe.server.ts.
    if (isBenchProbe(request, env)) return benchProbe(request, env);
    // Inert unless FAULT_INJECTION is "on" (the soak and its tests): see fault-injection.server.ts.
    env = withInjectedFaults(request, env);
    const app = createAppContext(request, env, executionContext);
    // D1 or KV failing to answer ends in a 503 with Retry-After, whether a loader or action threw
    // (app.unavailable, set by entry.server's handleError) or the Worker's own work here did.
    try {
      // A staff or account form sent twice (a double click) is done once: decision 0025.
      const copy = await formCopy(request);
      const respond = () => answer(request, env, executionContext, app);
      const response = copy ? await answerOnce(env.DB, copy, respond) : await respond();
      return app.unavailable && response.status >= 500 ? unavailable(request, app) : response;
    } catch (error) {
      if (!isServiceUnavailable(error)) throw error;
      console.error(error);
      return unavailable(request, app);
    }
  },

  // Every 30 minutes: apply the title updates whose release day has come (their re-test first, so
  // the digests below carry it), bring stale memberships in line with Stripe and end expired
  // access, send the daily digests that are due, remove the images a failed request left behind,
  // then bring every linked member's Discord role in line with access. Each job runs whatever
  // happened to the ones before it (a Stripe outage must not hold back the digests or the Discord
  // roles); the run fails at the end if one did, so that it shows as failed.
  async scheduled(controller, env, executionContext) {
    const request = new Request(env.SITE_URL);
    const app = createAppContext(request, env, executionContext);
    const origin = new URL(env.SITE_URL).origin;
    const failed: string[] = [];
    const job = async (name: string, work: () => Promise<string | null>) => {
      try {
        const report = await work();
        if (report) console.log(report);
      } catch (error) {
        failed.push(name);
        console.error(`${name} failed`, error);
      }
    };
    await job("Title updates", async () => {
      const updates = await applyDueUpdates(app.db, Date.now());
      if (!updates.applied.length) return null;
      // Cached visitors' pages show the old badges and current update: the next visitor gets new ones.
      await startNewGeneration(origin).catch((error) => console.error("Edge cache generation", error));
      return `Title updates in effect: ${updates.applied.join(", ")}; re-test after ${updates.retested.join(", ") || "none"}.`;
    });
    await job("Memberships", async () => {
      const result = await reconcileSubscriptions(app, billingGateway(app, origin), controller.scheduledTime);
      return `Reconciled ${result.refreshed} subscriptions (${result.failed} left for the next run); ${result.expired} expired memberships marked inactive.`;
    });
    await job("Digests", async () => {
      const digests = await runDigests(app.db, env, Date.now());
      return `Digests: ${digests.written} written, ${digests.sent} sent, ${digests.failed} failed.`;
    });
    await job("Orphaned images", async () => {
      const media = await sweepMediaDeletions({ db: app.db, bucket: env.MEDIA });
      return `Orphaned images: ${media.deleted} deleted, ${media.kept} still in use, ${media.failed} left for the next run.`;
    });
    await job("Forms sent twice", async () => {
      const pruned = await pruneResends(env.DB);
      return pruned ? `Forms sent twice: ${pruned} kept answers dropped.` : null;
    });
    await job("Searches without results", async () => {
      const pruned = await pruneMisses(app.db, Date.now());
      return pruned ? `Searches without results: ${pruned} older than 30 days dropped.` : null;
    });
    await job("Discord", async () => {
      const discord = await runDiscordSync(app, Date.now());
      return discord ? `Discord: ${discord.queued} queued, ${discord.synced} synced, ${discord.deferred} deferred.` : null;
    });
    if (failed.length) throw new Error(`Scheduled jobs failed: ${failed.join(", ")}.`);
  },
} satisfies ExportedHandler<Env>;

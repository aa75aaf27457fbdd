import { createContext, RouterContextProvider } from "react-router";
import type { User } from "../../db/schema.ts";
import { createDatabase, createReadQueue, instrumentD1, type Database, type DatabaseTiming, type Statement } from "./db.server.ts";
import {
  confirmSession,
  readSession,
  readSessionToken,
  serializeSessionCookie,
  sessionUserQuery,
  type Session,
} from "./session.server.ts";
import { readToastCookie, type Toast } from "./toast.server.ts";
import { openD1Session, type D1Session } from "./d1-session.server.ts";

/** Everything a loader, action or middleware may need about the current request. */
export type AppContext = {
  env: Env;
  executionContext: ExecutionContext;
  db: Database;
  /** The raw (instrumented) D1 binding, for the rare statement drizzle cannot express. */
  d1: D1Database;
  nonce: string;
  timing: DatabaseTiming;
  /** The request's D1 session (read replicas; the member's own writes always visible). */
  d1Session: D1Session;
  /**
   * The method of the request as it arrived. A loader that runs after an action in the same request
   * (a form posted without JavaScript) is handed a GET of its own: this tells it a form was posted.
   */
  method: string;
  /** Set-Cookie values that the Worker appends to whatever response is produced. */
  responseCookies: string[];
  toast: Toast | null;
  /** True once the root loader handed the flash toast to the page (then its cookie is cleared). */
  toastDelivered: boolean;
  /** Set when a loader or action failed because D1 or KV did not answer (entry.server's handleError): the Worker answers 503. */
  unavailable: boolean;
  /**
   * Headers the edge cache keeps with this page for the Worker's next hit, never sent to a browser:
   * a content page's views stamp (views.server.ts), a search's words when it found nothing (counted
   * again for the next visitor served the cached copy).
   */
  keepWithCachedPage: Record<string, string>;
  /**
   * Statements sent in the same D1 batch as the session check, built for the stored session's user
   * id (not yet confirmed against D1). Pages use readPage (page-read.server.ts), which names the
   * results and makes sure they were read for the confirmed viewer.
   */
  readWithSession(build: (userId: string | null) => Statement[]): Promise<{ userId: string | null; results: unknown[] }>;
  getSession(): Promise<{ session: Session; user: User } | null>;
  /**
   * The stored session behind the cookie (KV or this isolate's memory), not yet confirmed against
   * D1: only for answers that store and reveal nothing (a position save this isolate already knows
   * would be dropped).
   */
  storedSession(): Promise<Session | null>;
  /** The session check if this request already asked for it (the Worker's own after-work never starts one). */
  sessionIfLookedUp(): Promise<{ session: Session; user: User } | null> | null;
};

export const appContext = createContext<AppContext>();

// Nonces come from a pool of random bytes filled 256 nonces at a time: the same randomness as one
// crypto.getRandomValues call per request, without paying for that call on every page.
const NONCE_BYTES = 16;
let noncePool = new Uint8Array(0);
let nonceOffset = 0;

/** A fresh CSP nonce: 16 random bytes, base64. Each pool byte is handed out once. */
export function newNonce(): string {
  if (nonceOffset + NONCE_BYTES > noncePool.length) {
    noncePool = crypto.getRandomValues(new Uint8Array(NONCE_BYTES * 256));
    nonceOffset = 0;
  }
  const bytes = noncePool.subarray(nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return btoa(String.fromCharCode(...bytes));
}

export function createAppContext(request: Request, env: Env, executionContext: ExecutionContext) {
  const timing: DatabaseTiming = { roundTrips: 0, milliseconds: 0 };
  const d1Session = openD1Session(request, env.DB);
  const d1 = instrumentD1(d1Session.database, timing);
  const db = createDatabase(d1);
  const nonce = newNonce();

  // Reads asked for in the same turn share one D1 batch (see createReadQueue).
  const read = createReadQueue(db);
  let storedLookup: Promise<Session | null> | undefined;
  const readStoredSession = () => {
    storedLookup ??= (async () => {
      const token = readSessionToken(request);
      return token ? readSession(env.KV, token) : null;
    })();
    return storedLookup;
  };
  let sessionLookup: Promise<{ session: Session; user: User } | null> | undefined;
  const context: AppContext = {
    env,
    executionContext,
    db,
    d1,
    nonce,
    timing,
    d1Session,
    method: request.method,
    responseCookies: [],
    toast: readToastCookie(request),
    toastDelivered: false,
    unavailable: false,
    keepWithCachedPage: {},
    async readWithSession(build) {
      // After the KV read, in the same turn as getSession()'s user read: the two share a batch.
      const userId = (await readStoredSession())?.userId ?? null;
      const statements = build(userId);
      const results = statements.length ? await read(statements) : [];
      return { userId, results: results as unknown[] };
    },
    storedSession: readStoredSession,
    sessionIfLookedUp: () => sessionLookup ?? null,
    getSession() {
      sessionLookup ??= (async () => {
        const stored = await readStoredSession();
        if (!stored) return null;
        const [[user]] = await read([sessionUserQuery(db, stored.userId)]);
        const result = await confirmSession(env.KV, stored, user);
        if (!result) return null;
        if (result.refreshed) {
          context.responseCookies.push(serializeSessionCookie(request, readSessionToken(request)!, result.session.expiresAt));
        }
        return { session: result.session, user: result.user };
      })();
      return sessionLookup;
    },
  };
  return context;
}

export function createRouterContext(app: AppContext) {
  const provider = new RouterContextProvider();
  provider.set(appContext, app);
  return provider;
}

export function getApp(context: Readonly<RouterContextProvider>): AppContext {
  return context.get(appContext);
}

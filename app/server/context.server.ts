import { createContext, RouterContextProvider } from "react-router";
import type { User } from "../../db/schema.ts";
import { createDatabase, instrumentD1, type Database, type DatabaseTiming } from "./db.server.ts";
import {
  readSessionToken,
  serializeSessionCookie,
  validateSessionToken,
  type Session,
} from "./session.server.ts";
import { readToastCookie, type Toast } from "./toast.server.ts";

/** Everything a loader, action or middleware may need about the current request. */
export type AppContext = {
  env: Env;
  executionContext: ExecutionContext;
  db: Database;
  /** The raw (instrumented) D1 binding, for the rare statement drizzle cannot express. */
  d1: D1Database;
  nonce: string;
  timing: DatabaseTiming;
  /** Set-Cookie values that the Worker appends to whatever response is produced. */
  responseCookies: string[];
  toast: Toast | null;
  /** True once the root loader handed the flash toast to the page (then its cookie is cleared). */
  toastDelivered: boolean;
  getSession(): Promise<{ session: Session; user: User } | null>;
};

export const appContext = createContext<AppContext>();

export function createAppContext(request: Request, env: Env, executionContext: ExecutionContext) {
  const timing: DatabaseTiming = { roundTrips: 0, milliseconds: 0 };
  const d1 = instrumentD1(env.DB, timing);
  const db = createDatabase(d1);
  const nonceBytes = new Uint8Array(16);
  crypto.getRandomValues(nonceBytes);
  const nonce = btoa(String.fromCharCode(...nonceBytes));

  let sessionLookup: Promise<{ session: Session; user: User } | null> | undefined;
  const context: AppContext = {
    env,
    executionContext,
    db,
    d1,
    nonce,
    timing,
    responseCookies: [],
    toast: readToastCookie(request),
    toastDelivered: false,
    getSession() {
      sessionLookup ??= (async () => {
        const token = readSessionToken(request);
        if (!token) return null;
        const result = await validateSessionToken(env.KV, db, token);
        if (!result) return null;
        if (result.refreshed) {
          context.responseCookies.push(serializeSessionCookie(request, token, result.session.expiresAt));
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

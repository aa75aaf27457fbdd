import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "../../db/schema.ts";

export type Database = ReturnType<typeof createDatabase>;

/** Round trips to D1 and the time spent waiting for them during one request (for Server-Timing). */
export type DatabaseTiming = { roundTrips: number; milliseconds: number };

export function createDatabase(d1: D1Database) {
  return drizzle(d1, { schema });
}

export type ReadQueue = <U extends BatchItem<"sqlite">, T extends Readonly<[U, ...U[]]>>(queries: T) => Promise<BatchResponse<T>>;

type PendingRead = { queries: BatchItem<"sqlite">[]; resolve: (results: unknown[]) => void; reject: (error: unknown) => void };

/**
 * Statements asked for in the same turn of the event loop go to D1 together, as one batch. The root
 * loader's session check and a page loader's own queries start at the same moment, so a signed-in
 * page costs one round trip instead of two. A batch is one transaction: when any statement fails
 * nothing is applied, and each caller's statements are sent again on their own, so only the caller
 * whose statement failed sees the error. Meant for a page's reads (and a write that rides along
 * with them, like a view count); a form's writes keep their own batch.
 */
export function createReadQueue(db: Database): ReadQueue {
  let pending: PendingRead[] = [];

  function flush() {
    const entries = pending;
    pending = [];
    const queries = entries.flatMap((entry) => entry.queries);
    db.batch(queries as unknown as [BatchItem<"sqlite">]).then(
      (results) => {
        let offset = 0;
        for (const entry of entries) {
          entry.resolve(results.slice(offset, offset + entry.queries.length));
          offset += entry.queries.length;
        }
      },
      (error: unknown) => {
        if (entries.length === 1) return entries[0].reject(error);
        // Nothing of the failed batch was applied: each caller's statements are sent again on their own.
        for (const entry of entries) {
          db.batch(entry.queries as unknown as [BatchItem<"sqlite">]).then(entry.resolve, entry.reject);
        }
      },
    );
  }

  return (queries) =>
    new Promise((resolve, reject) => {
      if (pending.length === 0) setTimeout(flush, 0);
      pending.push({ queries: [...queries], resolve: resolve as PendingRead["resolve"], reject });
    });
}

/** drizzle wraps D1's errors: true when a message down the cause chain matches. */
export function hasErrorMessage(error: unknown, pattern: RegExp): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    if (pattern.test(String((current as { message?: unknown }).message ?? current))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const STATEMENT_METHODS = new Set(["all", "first", "run", "raw"]);

/**
 * Wraps a D1 binding so that every round trip (a statement or a batch) is counted and timed.
 * Workers' clocks only advance across I/O, which is exactly the time spent waiting for D1.
 */
export function instrumentD1(d1: D1Database, timing: DatabaseTiming): D1Database {
  const originals = new WeakMap<object, D1PreparedStatement>();

  async function measure<T>(work: () => Promise<T>): Promise<T> {
    const start = performance.now();
    try {
      return await work();
    } finally {
      timing.roundTrips += 1;
      timing.milliseconds += performance.now() - start;
    }
  }

  function wrapStatement(statement: D1PreparedStatement): D1PreparedStatement {
    const proxy = new Proxy(statement, {
      get(target, property) {
        const value = Reflect.get(target, property, target);
        if (property === "bind") {
          return (...values: unknown[]) => wrapStatement(target.bind(...values));
        }
        if (typeof property === "string" && STATEMENT_METHODS.has(property)) {
          return (...args: unknown[]) => measure(() => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
        }
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    originals.set(proxy, statement);
    return proxy;
  }

  return new Proxy(d1, {
    get(target, property) {
      if (property === "prepare") {
        return (query: string) => wrapStatement(target.prepare(query));
      }
      if (property === "batch") {
        return (statements: D1PreparedStatement[]) =>
          measure(() => target.batch(statements.map((statement) => originals.get(statement) ?? statement)));
      }
      if (property === "exec") {
        return (query: string) => measure(() => target.exec(query));
      }
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

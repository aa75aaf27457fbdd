import { fillPlaceholders, sql, type Placeholder, type Query } from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";

export type Database = DrizzleD1Database & { $client: D1Database };

/** Round trips to D1 and the time spent waiting for them during one request (for Server-Timing). */
export type DatabaseTiming = { roundTrips: number; milliseconds: number };

// Without drizzle's relational queries (db.query.*): deriving their config from the schema costs
// about 50 µs on every drizzle(d1, { schema }) call, that is on every request, and plain selects
// say the same thing.
export function createDatabase(d1: D1Database): Database {
  return drizzle(d1);
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

// What a built select hands to drizzle's session: its SQL with placeholders, and how to map rows.
type BuiltSelect = {
  query: Query;
  fields: unknown;
  joinsNotNullableMap: unknown;
  queryMetadata: unknown;
};
type PreparedSelect = BuiltSelect & { getQuery(): Query; all(): Promise<unknown> };
type SelectSession = {
  prepareQuery(query: Query, fields: unknown, method: "all", arrayMode: true, mapper: undefined, metadata: unknown): PreparedSelect;
};

/** A value bound into a reusable select: inside the builder it is a placeholder, never the value itself. */
export type Param<T> = Placeholder<string, T>;
type ValuesOf<P extends Param<unknown>[]> = { [K in keyof P]: P[K] extends Param<infer V> ? V : never };

/**
 * A select whose SQL is built once per isolate instead of on every request. drizzle assembles a
 * statement from its builder objects each time (about 65 µs a statement here, several per page);
 * here the builder runs once with placeholders for the arguments, and each call only fills in the
 * values (encoded by the columns, as drizzle does). The builder's parameters are typed as
 * placeholders (`Param<string>`), so it cannot branch on or transform a value: every argument must
 * be bound into the SQL. The result is used as drizzle's own: awaited, in db.batch or readPage, or
 * asked for its SQL (toSQL).
 *
 * drizzle has no public way to batch a statement prepared once (its prepared queries cannot join
 * db.batch), so this reaches into two of its internals: the builder's _prepare() and the session's
 * prepareQuery(). They live here only, drizzle-orm is pinned, and tests/unit/read-queue.test.ts
 * compares the rows with the plain builder's, so an upgrade that changes them fails there.
 * See docs/decisions/0008-one-round-trip-per-page.md.
 */
export function reusableSelect<P extends Param<unknown>[], B>(build: (db: Database, ...params: P) => B) {
  const built = new Map<number, BuiltSelect>();
  return (db: Database, ...args: ValuesOf<P>): B => {
    let statement = built.get(args.length);
    if (!statement) {
      const placeholders = args.map((_, index) => sql.placeholder(`p${index}`)) as unknown as P;
      const prepared = (build(db, ...placeholders) as unknown as { _prepare(): PreparedSelect })._prepare();
      statement = {
        query: prepared.getQuery(),
        fields: prepared.fields,
        joinsNotNullableMap: prepared.joinsNotNullableMap,
        queryMetadata: prepared.queryMetadata,
      };
      built.set(args.length, statement);
    }
    const { query, fields, joinsNotNullableMap, queryMetadata } = statement;
    const values = Object.fromEntries((args as unknown[]).map((value, index) => [`p${index}`, value]));
    const session = (db as unknown as { session: SelectSession }).session;
    const toSQL = (): Query => ({ sql: query.sql, params: fillPlaceholders(query.params, values) });
    const prepare = () => {
      const prepared = session.prepareQuery(toSQL(), fields, "all", true, undefined, queryMetadata);
      prepared.joinsNotNullableMap = joinsNotNullableMap;
      return prepared;
    };
    return {
      toSQL,
      _prepare: prepare,
      then: (resolve: (rows: unknown) => unknown, reject: (error: unknown) => unknown) => prepare().all().then(resolve, reject),
    } as unknown as B;
  };
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

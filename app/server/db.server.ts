import { fillPlaceholders, sql, type Placeholder, type Query } from "drizzle-orm";
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

/** What drizzle gives for a statement, through its public API: the SQL, and how to turn D1's answer into rows. */
type Mapper = { getQuery(): Query; mapResult(result: unknown, isFromBatch?: boolean): unknown };
/** A drizzle query builder (select, insert, update, delete): `.prepare()` gives its Mapper. */
type Preparable = PromiseLike<unknown> & { prepare(): Mapper };
/** A drizzle raw statement (`db.all(sql`...`)`): it is its own Mapper. */
type RawStatement = PromiseLike<unknown> & Mapper;

/**
 * One statement ready to go to D1: its SQL with the values bound, and the drizzle mapper that
 * turns D1's answer into the rows the builder would have given. Awaiting it runs it alone; a read
 * queue sends many in one D1 batch.
 *
 * D1 answers with one object per row, keyed by column name, and drizzle maps a batch's rows by
 * position from those keys: the columns of a select must have distinct names (alias a joined
 * table's `slug` or `title` with `sql`...`.as()`), or two of them collapse into one.
 */
export class Read<T> implements PromiseLike<T> {
  // Plain fields, not parameter properties: scripts (the soak) import this file under Node's type stripping.
  private readonly d1: D1Database;
  private readonly query: Query;
  private readonly mapper: Mapper;

  constructor(d1: D1Database, query: Query, mapper: Mapper) {
    this.d1 = d1;
    this.query = query;
    this.mapper = mapper;
  }

  toSQL(): Query {
    return this.query;
  }

  statement(): D1PreparedStatement {
    return this.d1.prepare(this.query.sql).bind(...this.query.params);
  }

  map(result: D1Result): T {
    return this.mapper.mapResult(result, true) as T;
  }

  then<R1 = T, R2 = never>(resolve?: ((rows: T) => R1 | PromiseLike<R1>) | null, reject?: ((error: unknown) => R2 | PromiseLike<R2>) | null) {
    return this.statement()
      .all()
      .then((result) => this.map(result))
      .then(resolve, reject);
  }
}

/** Anything a page may read: a built-once select (a Read), a drizzle builder or a raw statement. */
export type Statement = Read<unknown> | Preparable | RawStatement;

function readOf(db: Database, statement: Statement): Read<unknown> {
  if (statement instanceof Read) return statement;
  const mapper = "prepare" in statement ? statement.prepare() : statement;
  return new Read(db.$client, mapper.getQuery(), mapper);
}

export type ReadQueue = <T extends readonly Statement[]>(statements: T) => Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }>;

type PendingRead = { reads: Read<unknown>[]; resolve: (results: unknown[]) => void; reject: (error: unknown) => void };

/**
 * Statements asked for in the same turn of the event loop go to D1 together, as one batch. The root
 * loader's session check and a page loader's own queries start at the same moment, so a signed-in
 * page costs one round trip instead of two. A batch is one transaction: when any statement fails
 * nothing is applied, and each caller's statements are sent again on their own, so only the caller
 * whose statement failed sees the error. Meant for a page's reads (and a write that rides along
 * with them, like a view count); a form's writes keep their own db.batch.
 *
 * The batch goes to D1 directly (drizzle's db.batch cannot take a statement prepared once, see
 * reusableSelect); each answer is mapped by drizzle's own mapper, so rows come back exactly as
 * drizzle would give them.
 */
export function createReadQueue(db: Database): ReadQueue {
  let pending: PendingRead[] = [];

  const send = (reads: Read<unknown>[]) =>
    db.$client.batch(reads.map((read) => read.statement())).then((results) => results.map((result, index) => reads[index].map(result)));

  function flush() {
    const entries = pending;
    pending = [];
    send(entries.flatMap((entry) => entry.reads)).then(
      (results) => {
        let offset = 0;
        for (const entry of entries) {
          entry.resolve(results.slice(offset, offset + entry.reads.length));
          offset += entry.reads.length;
        }
      },
      (error: unknown) => {
        if (entries.length === 1) return entries[0].reject(error);
        // Nothing of the failed batch was applied: each caller's statements are sent again on their own.
        for (const entry of entries) send(entry.reads).then(entry.resolve, entry.reject);
      },
    );
  }

  return ((statements: readonly Statement[]) =>
    new Promise<unknown[]>((resolve, reject) => {
      let reads: Read<unknown>[];
      try {
        reads = statements.map((statement) => readOf(db, statement));
      } catch (error) {
        return reject(error);
      }
      if (pending.length === 0) setTimeout(flush, 0);
      pending.push({ reads, resolve, reject });
    })) as ReadQueue;
}

/** A value bound into a reusable select: inside the builder it is a placeholder, never the value itself. */
export type Param<T> = Placeholder<string, T>;
type ValuesOf<P extends Param<unknown>[]> = { [K in keyof P]: P[K] extends Param<infer V> ? V : never };

/**
 * A select whose SQL is built once per isolate instead of on every request. drizzle assembles a
 * statement from its builder objects each time (about 65 µs a statement here, several per page),
 * and a raw statement (`db.all(sql`...`)`) from its template's pieces (the bell's count, nested
 * templates, was about 5% of a signed-in page's CPU);
 * here the builder runs once with placeholders for the arguments and is prepared (`.prepare()`),
 * and each call only fills in the values (`fillPlaceholders`, encoded by the columns as drizzle
 * does). The builder's parameters are typed as placeholders (`Param<string>`), so it cannot
 * branch on or transform a value: every argument must be bound into the SQL.
 *
 * The result is a Read: awaited on its own, or in readPage / a read queue with other statements in
 * one round trip. It cannot go into drizzle's db.batch, which prepares every item again itself.
 * Only drizzle's public API is used: `.prepare()`, the prepared query's `getQuery()` and
 * `mapResult()`, `fillPlaceholders`, `db.$client`. The prepared query keeps the D1 statement of the
 * request that built it; only its SQL and its mapper are used afterwards.
 * See docs/decisions/0008-one-round-trip-per-page.md.
 */
export function reusableSelect<P extends Param<unknown>[], B extends Preparable | RawStatement>(build: (db: Database, ...params: P) => B) {
  // The SQL is kept too: a raw statement's getQuery() assembles it again on every call.
  const built = new Map<number, { mapper: Mapper; query: Query }>();
  return (db: Database, ...args: ValuesOf<P>): Read<Awaited<B>> => {
    let once = built.get(args.length);
    if (!once) {
      const placeholders = args.map((_, index) => sql.placeholder(`p${index}`)) as unknown as P;
      const statement: Preparable | RawStatement = build(db, ...placeholders);
      const mapper = "prepare" in statement ? statement.prepare() : statement;
      once = { mapper, query: mapper.getQuery() };
      built.set(args.length, once);
    }
    const { mapper, query } = once;
    const values: Record<string, unknown> = {};
    for (let index = 0; index < args.length; index += 1) values[`p${index}`] = args[index];
    return new Read(db.$client, { sql: query.sql, params: fillPlaceholders(query.params, values) }, mapper);
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

/**
 * D1 refused a statement or a batch because another connection held the database: none of it ran.
 * Local D1 with sessions says "Failed to get session commit token" when the lock is met at commit,
 * inside the transaction it then rolls back (miniflare's d1 database worker), so that is busy too.
 */
export function isBusyError(error: unknown): boolean {
  return hasErrorMessage(error, /SQLITE_BUSY|database is locked|Failed to get session commit token/);
}

/** Tries of a write made after the answer, while the database is busy; the first wait between them (doubling: 3 s in all). */
export const BUSY_WRITE_ATTEMPTS = 5;
const BUSY_RETRY_MS = 200;

/**
 * A write made after the answer (page views, a player's position, a search without results), made
 * again while D1 answers that the database is busy: nobody is waiting to try again, and a busy
 * database ran none of the write, so trying again cannot apply it twice. Any other error is thrown.
 */
export async function writeWhileBusy<T>(write: () => PromiseLike<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= BUSY_WRITE_ATTEMPTS || !isBusyError(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, BUSY_RETRY_MS * 2 ** (attempt - 1)));
    }
  }
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

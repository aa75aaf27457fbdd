// Failures on demand, for the soak (scripts/soak.ts) and tests/http/faults.test.ts. Inert unless the
// Worker's FAULT_INJECTION var is "on", which only those two set (never wrangler.toml, never
// production). Then a request carrying `X-Fault-Inject: <fault>` gets bindings that fail for that
// request alone:
//   d1        every D1 round trip fails, as a lost connection does
//   kv        every KV call fails, as KV answering 503 does
//   r2        every R2 upload fails
//   d1-batch  every D1 batch that writes is sent with one more statement, which fails: D1 runs the
//             batch's writes, then rolls the whole batch back (a batch is one transaction)
// The errors carry the messages of the real failures, so they take the same path through the app
// (unavailable.server.ts turns an unhandled D1 or KV failure into a 503).

export const FAULT_HEADER = "X-Fault-Inject";

export const INJECTED_FAILURES = {
  d1: "D1_ERROR: Network connection lost. (fault injected)",
  kv: (method: string) => `KV ${method.toUpperCase()} failed: 503 Service Unavailable (fault injected)`,
  r2: "put: We encountered an internal error. Please try again. (10001) (fault injected)",
  // Not a table: the statement fails inside the batch, after the batch's own statements ran.
  batchStatement: `SELECT * FROM "fault injected: d1-batch"`,
};

const WRITE = /^\s*(insert|update|delete|replace)\b/i;

/** The bindings this request runs with: the real ones, or ones that fail as the request asked. */
export function withInjectedFaults(request: Request, env: Env): Env {
  if (env.FAULT_INJECTION !== "on") return env;
  switch (request.headers.get(FAULT_HEADER)) {
    case "d1":
      return { ...env, DB: failingD1(env.DB) };
    case "d1-batch":
      return { ...env, DB: d1WithFailingWriteBatches(env.DB) };
    case "kv":
      return { ...env, KV: failingKV(env.KV) };
    case "r2":
      return { ...env, MEDIA: failingUploads(env.MEDIA) };
    default:
      return env;
  }
}

const rejectWith = (message: string) => () => Promise.reject(new Error(message));

/** A D1 session (app/server/d1-session.server.ts) over a failing database fails the same way. */
function sessionsOf(failing: D1Database) {
  return () => ({ prepare: (query: string) => failing.prepare(query), batch: (statements: D1PreparedStatement[]) => failing.batch(statements), getBookmark: () => null });
}

function failingD1(d1: D1Database): D1Database {
  const fail = rejectWith(INJECTED_FAILURES.d1);
  const statement = { bind: () => statement, all: fail, first: fail, run: fail, raw: fail } as unknown as D1PreparedStatement;
  const failing: D1Database = new Proxy(d1, {
    get(target, property) {
      if (property === "prepare") return () => statement;
      if (property === "batch" || property === "exec" || property === "dump") return fail;
      if (property === "withSession") return sessionsOf(failing);
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return failing;
}

function d1WithFailingWriteBatches(d1: D1Database): D1Database {
  // D1's batch needs its own statement objects: the SQL of each is kept beside it.
  const prepared = new WeakMap<object, { statement: D1PreparedStatement; sql: string }>();
  const track = (statement: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, property) {
        if (property === "bind") return (...values: unknown[]) => track(target.bind(...values), sql);
        const value = Reflect.get(target, property, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    prepared.set(proxy, { statement, sql });
    return proxy;
  };
  const batching: D1Database = new Proxy(d1, {
    get(target, property) {
      if (property === "withSession") return sessionsOf(batching);
      if (property === "prepare") return (sql: string) => track(target.prepare(sql), sql);
      if (property === "batch") {
        return (statements: D1PreparedStatement[]) => {
          const known = statements.map((statement) => prepared.get(statement) ?? { statement, sql: "" });
          const real = known.map((entry) => entry.statement);
          const writes = known.some((entry) => WRITE.test(entry.sql));
          return target.batch(writes ? [...real, target.prepare(INJECTED_FAILURES.batchStatement)] : real);
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return batching;
}

function failingKV(kv: KVNamespace): KVNamespace {
  return new Proxy(kv, {
    get(target, property) {
      if (property === "get" || property === "getWithMetadata" || property === "put" || property === "delete" || property === "list") {
        return rejectWith(INJECTED_FAILURES.kv(property));
      }
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

function failingUploads(bucket: R2Bucket): R2Bucket {
  return new Proxy(bucket, {
    get(target, property) {
      if (property === "put" || property === "createMultipartUpload") return rejectWith(INJECTED_FAILURES.r2);
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

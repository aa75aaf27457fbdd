// Fixed-window attempt counters in KV (failed logins, password changes, forms that send e-mail).
// KV has no atomic increment: two requests that read the same count and each write it plus one
// lose one attempt. Within an isolate that cannot happen: each isolate keeps the newest state it
// wrote of every counter (`written`), and a count is read as the higher of KV's and its own, then
// raised and remembered with no await in between (JavaScript runs one request at a time between
// awaits). A burst across isolates or data centres can still slip a few extra attempts through (KV
// is eventually consistent); the limits are set with that in mind. Checks that guard a password
// take the attempt before the password is hashed (takeAttempt), so that a burst of guesses sent at
// the same moment is counted before any of them is checked.

export type ThrottleRule = { limit: number; windowSeconds: number; lockSeconds?: number };

type ThrottleState = { count: number; windowEndsAt: number; lockedUntil?: number };

export type ThrottleStatus = { allowed: boolean; used: number; retryAfterSeconds: number };

function keyFor(name: string) {
  return `throttle:${name}`;
}

/** The newest state this isolate wrote of each counter; the oldest is dropped past the cap. */
const written = new Map<string, ThrottleState>();
const WRITTEN_CAP = 5_000;

function remember(name: string, state: ThrottleState) {
  written.delete(name);
  written.set(name, state);
  if (written.size > WRITTEN_CAP) written.delete(written.keys().next().value!);
}

function isActive(state: ThrottleState | null | undefined, now: number): state is ThrottleState {
  return !!state && (state.lockedUntil ? state.lockedUntil > now : state.windowEndsAt > now);
}

function stored(kv: KVNamespace, name: string) {
  return kv.get<ThrottleState>(keyFor(name), "json");
}

/**
 * The counter's state now: KV's or this isolate's, whichever counts more; null when neither is
 * running. Callers run it, count and remember (write's first, synchronous step) in the one
 * continuation after KV's answer: no other request can read the counter in between.
 */
function currentState(fromKv: ThrottleState | null, name: string, now: number): ThrottleState | null {
  const candidates = [fromKv, written.get(name)].filter((state) => isActive(state, now)) as ThrottleState[];
  if (!candidates.length) return null;
  return candidates.reduce((best, state) => (state.count > best.count ? state : best));
}

function statusOf(state: ThrottleState | null, rule: ThrottleRule, now: number): ThrottleStatus {
  if (!state) return { allowed: true, used: 0, retryAfterSeconds: 0 };
  if (state.lockedUntil) return { allowed: false, used: state.count, retryAfterSeconds: Math.ceil((state.lockedUntil - now) / 1000) };
  if (state.count >= rule.limit) return { allowed: false, used: state.count, retryAfterSeconds: Math.ceil((state.windowEndsAt - now) / 1000) };
  return { allowed: true, used: state.count, retryAfterSeconds: 0 };
}

/** Remembers the state at once (before any await), then stores it in KV. */
async function write(kv: KVNamespace, name: string, state: ThrottleState, now: number) {
  remember(name, state);
  const expiresAt = Math.max(state.windowEndsAt, state.lockedUntil ?? 0);
  await kv.put(keyFor(name), JSON.stringify(state), { expirationTtl: Math.max(60, Math.ceil((expiresAt - now) / 1000)) });
}

/** One more attempt on the state read (a new window when none is running); the status after it. */
function counted(state: ThrottleState | null, rule: ThrottleRule, now: number): { next: ThrottleState; status: ThrottleStatus } {
  const next: ThrottleState = state ? { ...state, count: state.count + 1 } : { count: 1, windowEndsAt: now + rule.windowSeconds * 1000 };
  if (next.count >= rule.limit && rule.lockSeconds && !next.lockedUntil) next.lockedUntil = now + rule.lockSeconds * 1000;
  const blockedUntil = next.lockedUntil ?? (next.count >= rule.limit ? next.windowEndsAt : 0);
  return {
    next,
    status: { allowed: next.count < rule.limit, used: next.count, retryAfterSeconds: blockedUntil > now ? Math.ceil((blockedUntil - now) / 1000) : 0 },
  };
}

export async function readThrottle(kv: KVNamespace, name: string, rule: ThrottleRule, now = Date.now()): Promise<ThrottleStatus> {
  return statusOf(currentState(await stored(kv, name), name, now), rule, now);
}

/** Counts one attempt; returns the status after counting it. */
export async function recordAttempt(kv: KVNamespace, name: string, rule: ThrottleRule, now = Date.now()): Promise<ThrottleStatus> {
  const { next, status } = counted(currentState(await stored(kv, name), name, now), rule, now);
  await write(kv, name, next, now);
  return status;
}

/**
 * Takes one attempt if the counter allows it, before the work it guards (a password check): `taken`
 * false means refused, nothing counted, and the status says how long to wait. When taken, the status
 * is the one after counting it, as recordAttempt's.
 */
export async function takeAttempt(kv: KVNamespace, name: string, rule: ThrottleRule, now = Date.now()): Promise<ThrottleStatus & { taken: boolean }> {
  const state = currentState(await stored(kv, name), name, now);
  const before = statusOf(state, rule, now);
  if (!before.allowed) return { ...before, taken: false };
  const { next, status } = counted(state, rule, now);
  await write(kv, name, next, now);
  return { ...status, taken: true };
}

/** Gives back an attempt taken for what turned out to be allowed (a right password from a shared address). */
export async function giveBackAttempt(kv: KVNamespace, name: string, now = Date.now()) {
  const state = currentState(await stored(kv, name), name, now);
  if (!state || state.count <= 0 || state.lockedUntil) return;
  await write(kv, name, { ...state, count: state.count - 1 }, now);
}

/**
 * Gives back the attempt just taken for a right password (a password change or an account's
 * deletion, confirmed with it). Had that attempt been the last one allowed, the lock it set goes
 * with it: a success is never followed by 'Too many attempts' (nor does it lock the next form that
 * counts on the same counter).
 */
export async function giveBackRightAttempt(kv: KVNamespace, name: string, rule: ThrottleRule, now = Date.now()) {
  const state = currentState(await stored(kv, name), name, now);
  if (!state || state.count <= 0) return;
  // Locked by an earlier attempt (this one would not have been taken): the lock stays.
  if (state.lockedUntil && state.count !== rule.limit) return;
  const { lockedUntil: _lifted, ...kept } = state;
  await write(kv, name, { ...kept, count: state.count - 1 }, now);
}

export async function clearThrottle(kv: KVNamespace, name: string) {
  written.delete(name);
  await kv.delete(keyFor(name));
}

export function clientAddress(request: Request) {
  return request.headers.get("CF-Connecting-IP") ?? request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim() ?? "local";
}

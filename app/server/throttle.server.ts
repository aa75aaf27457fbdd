// Fixed-window attempt counters in KV (failed logins, password changes, forms that send e-mail).
// KV is eventually consistent and has no atomic increment, so a burst across data centres can
// slip a few extra attempts through; the limits are set with that in mind.

export type ThrottleRule = { limit: number; windowSeconds: number; lockSeconds?: number };

type ThrottleState = { count: number; windowEndsAt: number; lockedUntil?: number };

export type ThrottleStatus = { allowed: boolean; used: number; retryAfterSeconds: number };

function keyFor(name: string) {
  return `throttle:${name}`;
}

export async function readThrottle(kv: KVNamespace, name: string, rule: ThrottleRule, now = Date.now()): Promise<ThrottleStatus> {
  const state = await kv.get<ThrottleState>(keyFor(name), "json");
  if (!state) return { allowed: true, used: 0, retryAfterSeconds: 0 };
  if (state.lockedUntil) {
    if (state.lockedUntil > now) {
      return { allowed: false, used: state.count, retryAfterSeconds: Math.ceil((state.lockedUntil - now) / 1000) };
    }
    // The lock has been served: a fresh window starts.
    return { allowed: true, used: 0, retryAfterSeconds: 0 };
  }
  if (state.windowEndsAt <= now) return { allowed: true, used: 0, retryAfterSeconds: 0 };
  if (state.count >= rule.limit) {
    return { allowed: false, used: state.count, retryAfterSeconds: Math.ceil((state.windowEndsAt - now) / 1000) };
  }
  return { allowed: true, used: state.count, retryAfterSeconds: 0 };
}

/** Counts one attempt; returns the status after counting it. */
export async function recordAttempt(kv: KVNamespace, name: string, rule: ThrottleRule, now = Date.now()): Promise<ThrottleStatus> {
  const existing = await kv.get<ThrottleState>(keyFor(name), "json");
  const active = existing && (existing.lockedUntil ? existing.lockedUntil > now : existing.windowEndsAt > now);
  const state: ThrottleState = active ? existing : { count: 0, windowEndsAt: now + rule.windowSeconds * 1000 };
  state.count += 1;
  if (state.count >= rule.limit && rule.lockSeconds && !state.lockedUntil) {
    state.lockedUntil = now + rule.lockSeconds * 1000;
  }
  const expiresAt = Math.max(state.windowEndsAt, state.lockedUntil ?? 0);
  await kv.put(keyFor(name), JSON.stringify(state), {
    expirationTtl: Math.max(60, Math.ceil((expiresAt - now) / 1000)),
  });
  const blockedUntil = state.lockedUntil ?? (state.count >= rule.limit ? state.windowEndsAt : 0);
  return {
    allowed: state.count < rule.limit,
    used: state.count,
    retryAfterSeconds: blockedUntil > now ? Math.ceil((blockedUntil - now) / 1000) : 0,
  };
}

export async function clearThrottle(kv: KVNamespace, name: string) {
  await kv.delete(keyFor(name));
}

export function clientAddress(request: Request) {
  return request.headers.get("CF-Connecting-IP") ?? request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim() ?? "local";
}

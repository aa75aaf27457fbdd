import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { LOGIN_ACCOUNT_RULE, LOGIN_ADDRESS_RULE, PASSWORD_CHANGE_RULE, tooManyAttemptsMessage } from "~/server/accounts.server";
import { clearThrottle, clientAddress, giveBackAttempt, giveBackRightAttempt, readThrottle, recordAttempt, takeAttempt, type ThrottleRule } from "~/server/throttle.server";

const MINUTE = 60 * 1000;
let counter = 0;
const fresh = (label: string) => `${label}:${Date.now()}:${counter++}`;

describe("throttle rules of the product", () => {
  it("logins: 5 per account and 30 per address in 15 minutes; password changes: 3 per 60 minutes, then a 15-minute lock", () => {
    expect(LOGIN_ACCOUNT_RULE).toEqual({ limit: 5, windowSeconds: 15 * 60 });
    expect(LOGIN_ADDRESS_RULE).toEqual({ limit: 30, windowSeconds: 15 * 60 });
    expect(PASSWORD_CHANGE_RULE).toEqual({ limit: 3, windowSeconds: 60 * 60, lockSeconds: 15 * 60 });
  });

  it("says how long to wait in whole minutes, at least one", () => {
    expect(tooManyAttemptsMessage(900)).toBe("Too many attempts. Please try again in 15 minutes.");
    expect(tooManyAttemptsMessage(61)).toBe("Too many attempts. Please try again in 2 minutes.");
    expect(tooManyAttemptsMessage(60)).toBe("Too many attempts. Please try again in 1 minute.");
    expect(tooManyAttemptsMessage(1)).toBe("Too many attempts. Please try again in 1 minute.");
  });
});

describe("fixed-window counter without a lock", () => {
  const rule: ThrottleRule = { limit: 5, windowSeconds: 15 * 60 };

  it("allows `limit` attempts in the window and refuses the next until the window ends", async () => {
    const name = fresh("window");
    const start = Date.now();
    expect(await readThrottle(env.KV, name, rule, start)).toEqual({ allowed: true, used: 0, retryAfterSeconds: 0 });
    for (let attempt = 1; attempt <= 4; attempt++) {
      const status = await recordAttempt(env.KV, name, rule, start + (attempt - 1) * MINUTE);
      expect(status, `attempt ${attempt}`).toEqual({ allowed: true, used: attempt, retryAfterSeconds: 0 });
    }
    const fifth = await recordAttempt(env.KV, name, rule, start + 5 * MINUTE);
    expect(fifth).toEqual({ allowed: false, used: 5, retryAfterSeconds: 10 * 60 });
    // The window is fixed from the first attempt: 15 minutes after `start`.
    expect(await readThrottle(env.KV, name, rule, start + 6 * MINUTE)).toEqual({ allowed: false, used: 5, retryAfterSeconds: 9 * 60 });
    expect((await readThrottle(env.KV, name, rule, start + 15 * MINUTE - 1000)).allowed).toBe(false);
    expect(await readThrottle(env.KV, name, rule, start + 15 * MINUTE)).toEqual({ allowed: true, used: 0, retryAfterSeconds: 0 });
  });

  it("starts a new window after the old one ended", async () => {
    const name = fresh("restart");
    const start = Date.now();
    for (let attempt = 0; attempt < 5; attempt++) await recordAttempt(env.KV, name, rule, start);
    const later = start + 20 * MINUTE;
    expect(await recordAttempt(env.KV, name, rule, later)).toEqual({ allowed: true, used: 1, retryAfterSeconds: 0 });
    expect(await readThrottle(env.KV, name, rule, later + 14 * MINUTE)).toEqual({ allowed: true, used: 1, retryAfterSeconds: 0 });
  });

  it("keeps counters apart by name and forgets a cleared one", async () => {
    const first = fresh("apart-a");
    const second = fresh("apart-b");
    const now = Date.now();
    for (let attempt = 0; attempt < 5; attempt++) await recordAttempt(env.KV, first, rule, now);
    expect((await readThrottle(env.KV, first, rule, now)).allowed).toBe(false);
    expect((await readThrottle(env.KV, second, rule, now)).allowed).toBe(true);
    await clearThrottle(env.KV, first);
    expect(await readThrottle(env.KV, first, rule, now)).toEqual({ allowed: true, used: 0, retryAfterSeconds: 0 });
  });

  it("stores its state in KV (it survives a new request or a second tab)", async () => {
    const name = fresh("kv");
    const now = Date.now();
    await recordAttempt(env.KV, name, rule, now);
    const raw = await env.KV.get<{ count: number; windowEndsAt: number }>(`throttle:${name}`, "json");
    expect(raw).toEqual({ count: 1, windowEndsAt: now + 15 * MINUTE });
  });
});

describe("attempts sent at the same moment", () => {
  const rule: ThrottleRule = { limit: 5, windowSeconds: 15 * 60 };

  it("are all counted: KV has no atomic increment, and none of 20 is lost", async () => {
    const name = fresh("burst-record");
    const now = Date.now();
    await Promise.all(Array.from({ length: 20 }, () => recordAttempt(env.KV, name, rule, now)));
    expect((await readThrottle(env.KV, name, rule, now)).used).toBe(20);
    expect((await env.KV.get<{ count: number }>(`throttle:${name}`, "json"))?.count).toBe(20);
  });

  it("taken before the work they guard, only `limit` of 20 go through; a refused one counts nothing", async () => {
    const name = fresh("burst-take");
    const now = Date.now();
    const results = await Promise.all(Array.from({ length: 20 }, () => takeAttempt(env.KV, name, rule, now)));
    expect(results.filter((result) => result.taken)).toHaveLength(5);
    expect(results.filter((result) => !result.taken).every((result) => !result.allowed && result.retryAfterSeconds === 15 * 60)).toBe(true);
    expect((await readThrottle(env.KV, name, rule, now)).used).toBe(5);
  });

  it("an attempt given back (a right password) frees its place, never below zero nor during a lock", async () => {
    const name = fresh("give-back");
    const now = Date.now();
    for (let attempt = 0; attempt < 5; attempt++) await takeAttempt(env.KV, name, rule, now);
    expect((await takeAttempt(env.KV, name, rule, now)).taken).toBe(false);
    await giveBackAttempt(env.KV, name, now);
    expect(await takeAttempt(env.KV, name, rule, now)).toEqual({ taken: true, allowed: false, used: 5, retryAfterSeconds: 15 * 60 });
    const empty = fresh("give-back-empty");
    await giveBackAttempt(env.KV, empty, now);
    expect((await readThrottle(env.KV, empty, rule, now)).used).toBe(0);
    const locked = fresh("give-back-locked");
    for (let attempt = 0; attempt < 3; attempt++) await takeAttempt(env.KV, locked, PASSWORD_CHANGE_RULE, now);
    await giveBackAttempt(env.KV, locked, now);
    expect(await readThrottle(env.KV, locked, PASSWORD_CHANGE_RULE, now)).toEqual({ allowed: false, used: 3, retryAfterSeconds: 15 * 60 });
  });

  it("a right password, given back on the attempt that set the lock (the third), lifts the lock with it", async () => {
    const now = Date.now();
    const third = fresh("give-back-right");
    for (let attempt = 0; attempt < 3; attempt++) await takeAttempt(env.KV, third, PASSWORD_CHANGE_RULE, now);
    await giveBackRightAttempt(env.KV, third, PASSWORD_CHANGE_RULE, now);
    expect(await readThrottle(env.KV, third, PASSWORD_CHANGE_RULE, now)).toEqual({ allowed: true, used: 2, retryAfterSeconds: 0 });
  });
});

describe("password-change throttle: 3 attempts per 60 minutes, then a 15-minute lock", () => {
  const rule = PASSWORD_CHANGE_RULE;

  it("locks for 15 minutes at the third attempt and refuses during the lock", async () => {
    const name = fresh("password-change");
    const start = Date.now();
    expect(await recordAttempt(env.KV, name, rule, start)).toEqual({ allowed: true, used: 1, retryAfterSeconds: 0 });
    expect(await recordAttempt(env.KV, name, rule, start + MINUTE)).toEqual({ allowed: true, used: 2, retryAfterSeconds: 0 });
    const third = await recordAttempt(env.KV, name, rule, start + 2 * MINUTE);
    expect(third).toEqual({ allowed: false, used: 3, retryAfterSeconds: 15 * 60 });
    expect(await readThrottle(env.KV, name, rule, start + 3 * MINUTE)).toEqual({ allowed: false, used: 3, retryAfterSeconds: 14 * 60 });
    expect(await readThrottle(env.KV, name, rule, start + 17 * MINUTE - 1000)).toEqual({ allowed: false, used: 3, retryAfterSeconds: 1 });
  });

  it("lets the member try again once the 15-minute lock is over", async () => {
    // PASSWORD_CHANGE_RULE: 3 attempts per 60 minutes, then a 15-minute lock; the account
    // page counts the lock down from 900 seconds, so at zero the form must work again.
    const name = fresh("password-change-after-lock");
    const start = Date.now();
    for (let attempt = 0; attempt < 3; attempt++) await recordAttempt(env.KV, name, rule, start);
    const lockOver = start + 15 * MINUTE;
    expect((await readThrottle(env.KV, name, rule, lockOver - 1000)).allowed).toBe(false);
    expect((await readThrottle(env.KV, name, rule, lockOver)).allowed).toBe(true);
  });

  it("forgets everything after the 60-minute window", async () => {
    const name = fresh("password-change-window");
    const start = Date.now();
    for (let attempt = 0; attempt < 3; attempt++) await recordAttempt(env.KV, name, rule, start);
    expect(await readThrottle(env.KV, name, rule, start + 60 * MINUTE)).toEqual({ allowed: true, used: 0, retryAfterSeconds: 0 });
  });
});

describe("client address", () => {
  it("uses CF-Connecting-IP, then the first X-Forwarded-For entry, else 'local'", () => {
    const request = (headers: Record<string, string>) => new Request("http://localhost/", { headers });
    expect(clientAddress(request({ "CF-Connecting-IP": "203.0.113.7", "X-Forwarded-For": "198.51.100.1" }))).toBe("203.0.113.7");
    expect(clientAddress(request({ "X-Forwarded-For": "198.51.100.1, 10.0.0.1" }))).toBe("198.51.100.1");
    expect(clientAddress(request({}))).toBe("local");
  });
});

import { Buffer } from "node:buffer";
import { scryptSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ARGON2_OPTIONS, hashPassword, needsRehash, verifyPassword } from "~/server/password.server";

/** A hash in the format written before argon2id (scrypt$N$r$p$salt$key), at a small cost for speed. */
function legacyScryptHash(password: string) {
  const salt = Buffer.from("0123456789abcdef");
  const key = scryptSync(password.normalize("NFKC"), salt, 32, { N: 2 ** 10, r: 8, p: 1 });
  return ["scrypt", 2 ** 10, 8, 1, salt.toString("base64"), key.toString("base64")].join("$");
}

describe("password hashing (argon2id, WebAssembly in workerd)", () => {
  it("writes a PHC string with OWASP's parameters and a fresh 16-byte salt", async () => {
    expect(ARGON2_OPTIONS).toMatchObject({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    const first = await hashPassword("Gridiron#Play26");
    const second = await hashPassword("Gridiron#Play26");
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(second).not.toBe(first);
    expect(needsRehash(first)).toBe(false);
  });

  it("verifies the right password and refuses a wrong one", async () => {
    const hash = await hashPassword("Gridiron#Play26");
    expect(await verifyPassword("Gridiron#Play26", hash)).toBe(true);
    expect(await verifyPassword("Gridiron#Play27", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
  });

  it("treats canonically equal Unicode passwords as the same (NFKC)", async () => {
    const hash = await hashPassword("ﬁeld-goal-Kick9");
    expect(await verifyPassword("field-goal-Kick9", hash)).toBe(true);
  });

  it("refuses tampered and unknown hashes instead of throwing", async () => {
    const hash = await hashPassword("Gridiron#Play26");
    const tampered = hash.slice(0, -4) + (hash.endsWith("AAAA") ? "BBBB" : "AAAA");
    expect(await verifyPassword("Gridiron#Play26", tampered)).toBe(false);
    expect(await verifyPassword("Gridiron#Play26", hash.replace("t=2", "t=3"))).toBe(false);
    expect(await verifyPassword("Gridiron#Play26", "$argon2id$garbage")).toBe(false);
    expect(await verifyPassword("Gridiron#Play26", "md5$abc")).toBe(false);
    expect(await verifyPassword("Gridiron#Play26", "")).toBe(false);
  });

  it("still verifies scrypt hashes written before argon2id and marks them for rehashing", async () => {
    const legacy = legacyScryptHash("Gridiron#Play26");
    expect(await verifyPassword("Gridiron#Play26", legacy)).toBe(true);
    expect(await verifyPassword("gridiron#Play26", legacy)).toBe(false);
    expect(needsRehash(legacy)).toBe(true);
    expect(needsRehash("$argon2id$v=19$m=12288,t=3,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaA")).toBe(true);
  });
});

import { Buffer } from "node:buffer";
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import type Argon2 from "@phi-ag/argon2";
import { loadArgon2 } from "#argon2";

// argon2id at one of OWASP's recommended settings (m=19 MiB, t=2, p=1), through a WebAssembly build
// that Workers can load. See docs/decisions/0003-password-hashing.md.
export const ARGON2_OPTIONS = { memoryCost: 19 * 1024, timeCost: 2, parallelism: 1, hashLength: 32 } as const;
const SALT_LENGTH = 16;
const ARGON2ID = 2;
const ARGON2_VERSION_13 = 0x13;

let argon2: Promise<Argon2> | undefined;
function getArgon2() {
  argon2 ??= loadArgon2().catch((error: unknown) => {
    argon2 = undefined;
    throw error;
  });
  return argon2;
}

/** Returns a self-describing PHC string: $argon2id$v=19$m=19456,t=2,p=1$salt$hash. */
export async function hashPassword(password: string): Promise<string> {
  const hasher = await getArgon2();
  return hasher.hash(password.normalize("NFKC"), {
    ...ARGON2_OPTIONS,
    salt: randomBytes(SALT_LENGTH),
    type: ARGON2ID,
    version: ARGON2_VERSION_13,
  }).encoded;
}

export async function verifyPassword(password: string, storedHash: string): Promise<boolean> {
  const normalized = password.normalize("NFKC");
  if (storedHash.startsWith("$argon2id$")) {
    const hasher = await getArgon2();
    return hasher.tryVerify(storedHash, normalized, ARGON2ID).success;
  }
  if (storedHash.startsWith("scrypt$")) return verifyLegacyScrypt(normalized, storedHash);
  return false;
}

/** True when a stored hash was made with other parameters than today's, so a login should replace it. */
export function needsRehash(storedHash: string): boolean {
  const { memoryCost, timeCost, parallelism } = ARGON2_OPTIONS;
  return !storedHash.startsWith(`$argon2id$v=19$m=${memoryCost},t=${timeCost},p=${parallelism}$`);
}

// Hashes written before the move to argon2id (scrypt$N$r$p$salt$key, base64) still verify; a
// successful login replaces them (see needsRehash).
function verifyLegacyScrypt(password: string, storedHash: string) {
  const [, cost, blockSize, parallelism, salt, key] = storedHash.split("$");
  if (!salt || !key) return Promise.resolve(false);
  const expected = Buffer.from(key, "base64");
  return new Promise<boolean>((resolve) => {
    scrypt(
      password,
      Buffer.from(salt, "base64"),
      expected.length,
      { N: Number(cost), r: Number(blockSize), p: Number(parallelism), maxmem: 64 * 1024 * 1024 },
      (error, actual) => resolve(!error && actual.length === expected.length && timingSafeEqual(actual, expected)),
    );
  });
}

/** A hash of a random password, verified against when the account does not exist, so timing reveals nothing. */
let decoyHash: Promise<string> | undefined;
export function getDecoyHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(24).toString("base64"));
  return decoyHash;
}

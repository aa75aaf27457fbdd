import type Argon2 from "@phi-ag/argon2";
import initialize from "@phi-ag/argon2/node";

// Node (seed script, test helpers) reads the same WebAssembly file from disk. See argon2.workerd.ts.
export function loadArgon2(): Promise<Argon2> {
  return initialize();
}

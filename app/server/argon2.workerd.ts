import Argon2 from "@phi-ag/argon2";
import argon2Module from "@phi-ag/argon2/argon2.wasm?module";

// Workers cannot compile WebAssembly at run time: the module is compiled at deploy time and imported.
// package.json's "imports" picks this file under the workerd condition and argon2.node.ts elsewhere.
export async function loadArgon2(): Promise<Argon2> {
  return new Argon2(await WebAssembly.instantiate(argon2Module));
}

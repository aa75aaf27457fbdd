/** A valid 1x1 PNG, for tests that need image bytes without the file system. */
export function tinyPng(): Uint8Array {
  const base64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
  return Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
}

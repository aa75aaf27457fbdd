import { describe, expect, it } from "vitest";
import { newNonce } from "~/server/context.server";

describe("CSP nonces", () => {
  it("are 16 random bytes in base64, never the same twice, across refills of the pool", () => {
    const seen = new Set<string>();
    // 256 nonces to a pool: 1,000 cross three refills.
    for (let i = 0; i < 1000; i += 1) {
      const nonce = newNonce();
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(atob(nonce)).toHaveLength(16);
      seen.add(nonce);
    }
    expect(seen.size).toBe(1000);
  });
});

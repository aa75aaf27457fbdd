import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { benchProbe, isBenchProbe, SIGNED_IN_IO_PATH, SIGNED_IN_IO_STATEMENTS } from "~/server/bench-probe.server";
import { createDatabase } from "~/server/db.server";
import { createSession } from "~/server/session.server";
import { insertUser } from "./helpers";

const db = createDatabase(env.DB);
const probeRequest = (token: string | null, path = SIGNED_IN_IO_PATH) =>
  new Request(`http://localhost${path}`, { headers: token ? { Cookie: `session=${token}` } : {} });

describe("the bench's signed-in I/O probe", () => {
  it("is inert unless BENCH_PROBES is on, whatever the request", async () => {
    const { token } = await createSession(env.KV, await insertUser(db));
    for (const value of [undefined, "", "off", "yes"]) {
      expect(isBenchProbe(probeRequest(token), { BENCH_PROBES: value })).toBe(false);
    }
  });

  it("when on, answers only its own path, and only for a stored session", async () => {
    const on = { ...env, BENCH_PROBES: "on" };
    expect(isBenchProbe(probeRequest(null), on)).toBe(true);
    expect(isBenchProbe(probeRequest(null, "/madden"), on)).toBe(false);
    expect(isBenchProbe(probeRequest(null, `/content${SIGNED_IN_IO_PATH}`), on)).toBe(false);
    expect(isBenchProbe(probeRequest(null, `${SIGNED_IN_IO_PATH}?n=1`), on)).toBe(true);
    expect(isBenchProbe(probeRequest(null, `${SIGNED_IN_IO_PATH}-other`), on)).toBe(false);
    expect(isBenchProbe(probeRequest(null, `${SIGNED_IN_IO_PATH}/more`), on)).toBe(false);
    expect(isBenchProbe(new Request(`https://example.com:8443${SIGNED_IN_IO_PATH}`), on)).toBe(true);
    expect(isBenchProbe(new Request(`http://localhost${SIGNED_IN_IO_PATH}`, { method: "POST" }), on)).toBe(false);
    expect((await benchProbe(probeRequest(null), on))?.status).toBe(401);
    expect((await benchProbe(probeRequest("a".repeat(32)), on))?.status).toBe(401);
    const { token } = await createSession(env.KV, await insertUser(db));
    const response = await benchProbe(probeRequest(token), on);
    expect(response?.status).toBe(200);
    // One batch of the scheme page's statement count, all answered by D1.
    expect(await response?.text()).toBe(`${SIGNED_IN_IO_STATEMENTS} statements`);
  });
});

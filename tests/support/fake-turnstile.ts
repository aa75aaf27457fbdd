// A fake of Cloudflare Turnstile's siteverify on loopback (the network edge): a token that starts
// with "pass-" passes once (again it answers timeout-or-duplicate, as Turnstile does), anything else
// is invalid-input-response, and a wrong secret is invalid-input-secret.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export const FAKE_TURNSTILE = { siteKey: "1x-fake-site-key", secret: "1x-fake-secret" };

export function passingToken() {
  return `pass-${crypto.randomUUID()}`;
}

export async function startFakeTurnstile() {
  const used = new Set<string>();
  const requests: Record<string, string>[] = [];
  const server = createServer((incoming, response) => {
    let body = "";
    incoming.setEncoding("utf8");
    incoming.on("data", (chunk) => (body += chunk));
    incoming.on("end", () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      requests.push(form);
      const answer = (success: boolean, codes: string[] = []) => {
        response.writeHead(200, { "Content-Type": "application/json" });
        response.end(JSON.stringify({ success, "error-codes": codes, ...(success ? { hostname: "localhost", challenge_ts: new Date().toISOString() } : {}) }));
      };
      if (form.secret !== FAKE_TURNSTILE.secret) return answer(false, ["invalid-input-secret"]);
      if (!form.response) return answer(false, ["missing-input-response"]);
      if (!form.response.startsWith("pass-")) return answer(false, ["invalid-input-response"]);
      if (used.has(form.response)) return answer(false, ["timeout-or-duplicate"]);
      used.add(form.response);
      return answer(true);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/turnstile/v0/siteverify`,
    requests,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeTurnstile = Awaited<ReturnType<typeof startFakeTurnstile>>;

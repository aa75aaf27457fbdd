import { describe, expect, it } from "vitest";
import { baseUrl, get, postForm, signIn, url } from "../support/http";

describe("page shell", () => {
  it("answers unknown paths with the 404 page and status 404", async () => {
    const response = await get("/this-page-does-not-exist");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("404 Page Not Found");
    expect(html).toContain("Did you forget to add the page to the router?");
    expect(html).toContain("Login / Register");
    // One title, the page's own (a browser shows the first <title> in the tab).
    expect(html.match(/<title>[^<]*<\/title>/g)).toEqual(["<title>404 Page Not Found | Gridiron Playbook</title>"]);
    for (const path of ["/madden/no-such-listing", "/scheme/no-such-scheme"]) {
      const other = await (await get(path)).text();
      expect(other.match(/<title>[^<]*<\/title>/g), path).toEqual(["<title>404 Page Not Found | Gridiron Playbook</title>"]);
    }
  });

  it("answers a form post to a page without a form with a 405 page in the site's words, not the router's", async () => {
    const response = await postForm("/terms-of-service", { anything: "x" });
    expect(response.status).toBe(405);
    const html = await response.text();
    const main = /<main[^>]*>([\s\S]*?)<\/main>/.exec(html)?.[1] ?? "";
    expect(main).toContain("405 Method Not Allowed");
    expect(main).toContain("This page does not take form submissions.");
    expect(html.match(/<title>[^<]*<\/title>/g)).toEqual(["<title>405 Method Not Allowed | Gridiron Playbook</title>"]);
    expect(main).not.toContain("did not provide an `action`");
    // The root loader does not run here: no link may fall back to pointing nowhere.
    expect(html).not.toMatch(/href="#"/);
  });

  describe("a POST whose body is not a form (or not one of ours) gets 400 and a sentence, not a 500", () => {
    const NOT_A_FORM = "This request did not send a form.";
    const NOT_OURS = "This form was not sent as its page sends it.";
    const urlencoded = { "Content-Type": "application/x-www-form-urlencoded" };
    const bodies: Array<[string, Record<string, string>, string | undefined, string]> = [
      ["JSON", { "Content-Type": "application/json" }, '{"intent":"login"}', NOT_A_FORM],
      ["no body", {}, undefined, NOT_A_FORM],
      ["a broken multipart body", { "Content-Type": "multipart/form-data; boundary=xyz" }, "--abc\r\nnot a part\r\n", NOT_A_FORM],
      // A list index far past any form's (its refusal once echoed 100 million empty entries: out of memory).
      ["a field with a huge list index", urlencoded, "name=&x[99999999]=a", NOT_OURS],
      ["a field with a list index past any form's", urlencoded, "intent=x&formations[100].title=A", NOT_OURS],
      ["an unreadable form intent", urlencoded, "__intent__=garbage{", NOT_OURS],
      // The ways past a check of bracket indexes alone (each ran the runtime out of memory, or answered 500).
      ["a dotted list index after a bracket one", urlencoded, "name=A&x[0]=a&x.99999999=b", NOT_OURS],
      ["a list change at a huge index", urlencoded, `name=A&__intent__=${encodeURIComponent('{"type":"update","payload":{"name":"x","index":99999999,"value":"a"}}')}`, NOT_OURS],
      ["lists nested past any form's", urlencoded, "name=A&k[9][9][9]=a", NOT_OURS],
      ["many lists of small indexes", urlencoded, Array.from({ length: 30 }, (_, n) => `k${n}[99]=a`).join("&"), NOT_OURS],
      ["an empty form intent", urlencoded, "name=A&__intent__=%7B%7D", NOT_OURS],
      ["a list change on a field that is no list", urlencoded, `x=a&__intent__=${encodeURIComponent('{"type":"insert","payload":{"name":"x"}}')}`, NOT_OURS],
      ["an unreadable form state", urlencoded, "name=A&__state__=garbage{", NOT_OURS],
      // Conform gathers a repeated name's values by copying them at each repeat: 45,000 repeats (180 KB) held the Worker for 28 s.
      ["one name repeated 45,000 times", urlencoded, `intent=login&${"x=1&".repeat(45_000)}y=1`, NOT_OURS],
      ["more fields than any form's", urlencoded, Array.from({ length: 20_001 }, (_, n) => `f${n}=1`).join("&"), NOT_OURS],
    ];
    const pages: Array<[string, "premium" | "superadmin" | null]> = [
      ["/auth", null],
      ["/reset-password", null],
      ["/contact", null],
      ["/account-settings", "premium"],
      ["/account-settings/export", "premium"],
      ["/notifications", "premium"],
      ["/gameplans", "premium"],
      ["/gameplans/add", "premium"],
      ["/subscribe", "premium"],
      ["/subscribe/test-checkout", "premium"],
      ["/content/madden26-nickel-match-defense", "premium"],
      ["/blog/community-tournament-october", "premium"],
      ["/submit-tip", "premium"],
      ["/admin", "superadmin"],
      ["/admin/updates", "superadmin"],
      ["/admin/content/new", "superadmin"],
      ["/admin/blog/new", "superadmin"],
    ];
    const cookies = new Map<string, Promise<string>>();
    const cookieFor = (role: "premium" | "superadmin") => {
      if (!cookies.has(role)) cookies.set(role, signIn(role));
      return cookies.get(role)!;
    };

    it.each(pages)("%s (as %s)", async (path, role) => {
      const cookie = role ? await cookieFor(role) : undefined;
      for (const [kind, headers, body, message] of bodies) {
        for (const target of [path, `${path}.data`]) {
          const response = await fetch(url(target), {
            method: "POST",
            redirect: "manual",
            headers: { Origin: baseUrl(), "Sec-Fetch-Site": "same-origin", ...(cookie ? { Cookie: cookie } : {}), ...headers },
            body,
          });
          const text = await response.text();
          expect(response.status, `${target} with ${kind}`).toBe(400);
          if (target === path) expect(text, `${target} with ${kind}`).toContain(message);
        }
      }
    });
  });

  it("serves the landing page with the visitor navigation", async () => {
    const response = await get("/");
    expect(response.status).toBe(200);
    const html = await response.text();
    for (const label of ["Home", "College Football 26", "Madden NFL 26", "Blog", "Pricing", "Contact", "Login / Register"]) {
      expect(html).toContain(`>${label}</a>`);
    }
    expect(html).toContain('href="/privacy-policy"');
    expect(html).toContain('href="/terms-of-service"');
  });
});

describe("security headers", () => {
  it("sends a CSP whose nonce matches every inline script", async () => {
    const response = await get("/");
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    // A custom video file on another host (the editor takes any https address ending in .mp4 or .webm) plays.
    expect(csp).toContain("media-src 'self' blob: https:;");
    expect(csp).not.toContain("'unsafe-inline' 'nonce"); // scripts never allow unsafe-inline
    const html = await response.text();
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((match) => match[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
  });

  it("uses a new nonce for every response", async () => {
    const [first, second] = await Promise.all([get("/"), get("/")]);
    expect(first.headers.get("Content-Security-Policy")).not.toBe(second.headers.get("Content-Security-Policy"));
  });

  it("sends HSTS, nosniff, a referrer policy and frame protection on pages, errors and media", async () => {
    for (const path of ["/", "/no-such-page", "/media/no-such-object.png"]) {
      const response = await get(path);
      expect(response.headers.get("Strict-Transport-Security")).toMatch(/max-age=\d+/);
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
    }
  });
});

describe("cross-site form posts", () => {
  it("refuses a POST that the browser marks as cross-site", async () => {
    const response = await fetch(url("/logout"), {
      method: "POST",
      redirect: "manual",
      headers: { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    expect(await response.text()).toMatch(/Cross-site request refused/);
  });

  it("refuses a POST from another origin when Sec-Fetch-Site is absent", async () => {
    const response = await fetch(url("/auth"), {
      method: "POST",
      redirect: "manual",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=login&email=premium%40example.com&password=x",
    });
    expect(response.status).toBe(403);
  });

  it("refuses same-site (sibling subdomain) posts too", async () => {
    const response = await fetch(url("/logout"), { method: "POST", redirect: "manual", headers: { "Sec-Fetch-Site": "same-site" } });
    expect(response.status).toBe(403);
  });

  it("accepts a same-origin POST", async () => {
    const response = await postForm("/logout", {});
    expect(response.status).toBe(302);
  });

  it("leaves the Stripe webhook route open to cross-site POSTs", async () => {
    const response = await fetch(url("/webhooks/stripe"), {
      method: "POST",
      headers: { "Sec-Fetch-Site": "cross-site", Origin: "https://stripe.com" },
      body: "{}",
    });
    expect(response.status).not.toBe(403);
  });
});

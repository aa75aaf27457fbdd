import { describe, expect, it } from "vitest";
import { readToastCookie, redirectWithToast, secureToastCookies, serializeClearedToastCookie } from "~/server/toast.server";

// The one-shot toast cookie: what a redirect sets, what the next request reads, and Secure over https.

describe("the toast cookie", () => {
  it("carries a redirect's toast to the next request, and a tampered one reads as none", () => {
    const response = redirectWithToast("/home", { kind: "success", title: "Saved", description: "Your changes are live." });
    const cookie = response.headers.getSetCookie()[0].split(";")[0];
    expect(readToastCookie(new Request("http://localhost/home", { headers: { Cookie: cookie } }))).toEqual({
      kind: "success",
      title: "Saved",
      description: "Your changes are live.",
    });
    expect(readToastCookie(new Request("http://localhost/home", { headers: { Cookie: `${cookie}x!` } }))).toBeNull();
  });

  it("gets Secure on the way out over https, set or cleared, and leaves the other cookies as they are", () => {
    const response = redirectWithToast("/home", { kind: "info", title: "Hello" }, { headers: { "Set-Cookie": "session=abc; HttpOnly; Secure" } });
    response.headers.append("Set-Cookie", serializeClearedToastCookie());
    secureToastCookies(response.headers);
    const cookies = response.headers.getSetCookie();
    expect(cookies).toHaveLength(3);
    expect(cookies[0]).toBe("session=abc; HttpOnly; Secure");
    for (const cookie of cookies.slice(1)) {
      expect(cookie.startsWith("toast=")).toBe(true);
      expect(cookie.split("; ").filter((part) => part === "Secure")).toHaveLength(1);
    }
    // Twice changes nothing more.
    secureToastCookies(response.headers);
    expect(response.headers.getSetCookie()).toEqual(cookies);
  });
});

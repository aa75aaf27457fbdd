import { inject } from "vitest";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoRole } from "../../db/seed.ts";

export function baseUrl() {
  return inject("baseUrl");
}

export function url(path: string) {
  return new URL(path, baseUrl()).toString();
}

/** A same-origin form POST, as a browser on the site would send it. */
export function postForm(path: string, fields: Record<string, string>, init: { cookie?: string; headers?: Record<string, string> } = {}) {
  return fetch(url(path), {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: baseUrl(),
      "Sec-Fetch-Site": "same-origin",
      ...(init.cookie ? { Cookie: init.cookie } : {}),
      ...init.headers,
    },
    body: new URLSearchParams(fields),
  });
}

export function get(path: string, init: { cookie?: string; headers?: Record<string, string> } = {}) {
  return fetch(url(path), {
    redirect: "manual",
    headers: { ...(init.cookie ? { Cookie: init.cookie } : {}), ...init.headers },
  });
}

/** Cookie pairs (name=value) from a response's Set-Cookie headers. */
export function cookiesFrom(response: Response) {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .filter((pair) => !pair.endsWith("="));
}

export async function signInWith(email: string, password: string): Promise<string> {
  const response = await postForm("/auth", { intent: "login", email, password });
  if (response.status !== 302) throw new Error(`Login for ${email} answered ${response.status}`);
  const session = cookiesFrom(response).find((pair) => pair.startsWith("session="));
  if (!session) throw new Error(`Login for ${email} set no session cookie`);
  return session;
}

/** The Cookie header of a fresh session of a demo account. */
export function signIn(role: DemoRole): Promise<string> {
  return signInWith(DEMO_ACCOUNTS[role].email, DEMO_PASSWORD);
}

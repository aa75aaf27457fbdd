import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq, like } from "drizzle-orm";
import { comments, contactMessages, content } from "../../db/schema.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../../db/seed.ts";
import { AVATAR_STORE_FAILED } from "~/server/accounts.server";
import { createSession } from "~/server/session.server";
import { createMember, demoUserId, storedMember } from "../support/accounts";
import { makePng } from "../support/images";
import { baseUrl } from "../support/http";
import { contentForm, storedContent, token, type FormationInput } from "../support/staff";
import { startTestServer, TEST_STATE_DIR, type TestServer } from "../support/test-server";
import { settledViews, viewsReaching } from "../support/library";
import { holdDatabaseBusy, testState, useStateDir } from "../support/test-state";
import { VIEW_FLUSH_MS } from "~/server/views.server";

// Failures injected per request (app/server/fault-injection.server.ts), on a server of its own with
// FAULT_INJECTION on: D1 or KV failing ends in a 503 with Retry-After and nothing written; an R2
// failure in an upload is a clear message with the member's row untouched; a failure inside the
// content editor's batch leaves the old scheme as it was. The database held busy by a competing
// writer (here, so that no other test file's requests meet it) loses no page view.

const FAULTS_PORT = Number(process.env.TEST_FAULTS_PORT || 8805);
const SCHEME = "madden26-gun-bunch-quick-pass";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ port: FAULTS_PORT, stateDir: `${TEST_STATE_DIR}-faults`, vars: { FAULT_INJECTION: "on" } });
  useStateDir(server.stateDir);
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

type Fault = "d1" | "kv" | "r2" | "d1-batch";

function request(path: string, init: { method?: string; cookie?: string; fault?: Fault; headers?: Record<string, string>; body?: BodyInit } = {}) {
  return fetch(new URL(path, server.baseUrl), {
    method: init.method ?? "GET",
    redirect: "manual",
    headers: {
      ...(init.method && init.method !== "GET" ? { Origin: server.baseUrl, "Sec-Fetch-Site": "same-origin" } : {}),
      ...(init.cookie ? { Cookie: init.cookie } : {}),
      ...(init.fault ? { "X-Fault-Inject": init.fault } : {}),
      ...init.headers,
    },
    body: init.body,
  });
}

const PAGE = { Accept: "text/html,application/xhtml+xml" };

async function signIn(email: string, password = DEMO_PASSWORD) {
  const response = await request("/auth", { method: "POST", body: new URLSearchParams({ intent: "login", email, password }) });
  expect(response.status).toBe(302);
  return response.headers.getSetCookie().map((value) => value.split(";")[0]).find((pair) => pair.startsWith("session="))!;
}

async function expectUnavailablePage(response: Response) {
  expect(response.status).toBe(503);
  expect(response.headers.get("Retry-After")).toBe("30");
  expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
  expect(response.headers.get("Content-Security-Policy")).toContain("default-src 'self'");
  const html = await response.text();
  expect(html).toContain("<title>Back in a moment | Gridiron Playbook</title>");
  expect(html).toContain("Gridiron Playbook is briefly unavailable.");
  return html;
}

async function storedSessionCookie() {
  const { env } = await testState();
  const { token: sessionToken } = await createSession(env.KV, await demoUserId("premium"));
  return `session=${sessionToken}`;
}

async function commentCount(slug: string) {
  const { db } = await testState();
  const [row] = await db.select({ value: count() }).from(comments).innerJoin(content, eq(comments.contentId, content.id)).where(eq(content.slug, slug));
  return row.value;
}

async function sessionKeys() {
  const { env } = await testState();
  return (await env.KV.list({ prefix: "session:" })).keys.length;
}

describe("D1 or KV failing for a request", () => {
  it("answers a page with 503, Retry-After and a page of its own; the next request is served again", async () => {
    for (const fault of ["d1", "kv"] as const) {
      // A session the server has not read yet: one it read in the last 30 s is not read from KV again.
      const cookie = fault === "kv" ? await storedSessionCookie() : undefined;
      await expectUnavailablePage(await request("/madden", { fault, cookie, headers: PAGE }));
      await expectUnavailablePage(await request(`/content/${SCHEME}`, { fault, cookie, headers: PAGE }));
      expect((await request("/madden", { cookie, headers: PAGE })).status).toBe(200);
    }
    // Not a page request (a client navigation's data, a webhook): plain text, still 503 with Retry-After.
    const data = await request("/madden.data", { fault: "d1" });
    expect(data.status).toBe(503);
    expect(data.headers.get("Retry-After")).toBe("30");
    expect(data.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await data.text()).toBe("Gridiron Playbook is briefly unavailable. Please try again in 30 seconds.");
  });

  it("refuses a comment with 503 when D1 fails, and stores nothing", async () => {
    const cookie = await signIn(DEMO_ACCOUNTS.premium.email);
    const before = await commentCount(SCHEME);
    const text = `Posted while D1 was down ${token()}`;
    const form = () => new URLSearchParams({ intent: "create-comment", comment: text });
    await expectUnavailablePage(await request(`/content/${SCHEME}`, { method: "POST", cookie, fault: "d1", headers: PAGE, body: form() }));
    expect(await commentCount(SCHEME)).toBe(before);
    // The same form once D1 answers again is stored.
    expect((await request(`/content/${SCHEME}`, { method: "POST", cookie, body: form() })).status).toBe(302);
    expect(await commentCount(SCHEME)).toBe(before + 1);
  });

  it("refuses a contact message with 503 when D1 or KV fails (never a 500), and stores nothing", async () => {
    const { db } = await testState();
    for (const fault of ["d1", "kv"] as const) {
      const id = token();
      const body = new URLSearchParams({ name: "Pat", email: "pat@example.com", message: `Sent during an outage ${id}` });
      await expectUnavailablePage(await request("/contact", { method: "POST", fault, headers: { ...PAGE, "CF-Connecting-IP": `203.0.113.${Math.floor(Math.random() * 200) + 1}` }, body }));
      expect(await db.select().from(contactMessages).where(like(contactMessages.message, `%${id}%`))).toEqual([]);
    }
  });

  it("refuses a login with 503 when KV fails, and starts no session", async () => {
    const before = await sessionKeys();
    const response = await request("/auth", {
      method: "POST",
      fault: "kv",
      headers: PAGE,
      body: new URLSearchParams({ intent: "login", email: DEMO_ACCOUNTS.premium.email, password: DEMO_PASSWORD }),
    });
    await expectUnavailablePage(response);
    expect(response.headers.getSetCookie().filter((cookie) => cookie.startsWith("session="))).toEqual([]);
    expect(await sessionKeys()).toBe(before);
  });
});

describe("R2 failing during an upload", () => {
  it("answers the avatar upload with its clear message and leaves the member's row and R2 as they were", async () => {
    const member = await createMember();
    const cookie = await signIn(member.email);
    const form = new FormData();
    form.set("intent", "avatar");
    form.set("avatar", new Blob([new Uint8Array(makePng(64, 64))], { type: "image/png" }), "me.png");
    const response = await request("/account-settings", { method: "POST", cookie, fault: "r2", body: form });
    expect(response.status).toBe(503);
    expect(await response.text()).toContain(AVATAR_STORE_FAILED);
    const after = await storedMember(member.id);
    expect(after.profileImageUrl).toBe(member.profileImageUrl);
    expect(after.updatedAt).toEqual(member.updatedAt);
    const { env } = await testState();
    expect((await env.MEDIA.list({ prefix: `avatars/${member.id}-` })).objects).toEqual([]);
  });
});

describe("a failure inside the content editor's batch", () => {
  it("leaves the old scheme intact, formations and plays included", async () => {
    const admin = await signIn(DEMO_ACCOUNTS.admin.email);
    const title = `Fault Scheme ${token()}`;
    const formations: FormationInput[] = [
      { title: "Gun Trips", slug: "gun-trips", description: "Three receivers.", plays: [{ title: "Mesh", description: "Crossers." }, { title: "Stick", description: "Quick game." }] },
      { title: "Pistol Strong", slug: "pistol-strong", description: "Red zone.", plays: [{ title: "Inside Zone", description: "A gap." }] },
    ];
    const created = await request("/admin/content/new", { method: "POST", cookie: admin, body: contentForm({ title, formations, isPublished: true }) });
    expect(created.status).toBe(302);
    const { db } = await testState();
    const [{ slug }] = await db.select({ slug: content.slug }).from(content).where(eq(content.title, title));
    const before = await storedContent(slug);
    expect(before?.formations.map((formation) => formation.plays.length)).toEqual([2, 1]);

    // The edit renames the item, drops a formation, renames and adds plays: one batch, refused by D1.
    const edit = contentForm({
      title: `${title} edited`,
      isPublished: true,
      formations: [{ ...formations[0], title: "Gun Trips Wide", plays: [{ title: "Mesh Wheel", slug: "mesh", description: "Wheel." }, { title: "Curl Flat" }] }],
    });
    const refused = await request(`/admin/content/${slug}`, { method: "POST", cookie: admin, fault: "d1-batch", body: edit });
    expect(refused.status).toBe(500);
    expect(await refused.text()).toContain("Failed to save content. Please try again.");
    expect(await storedContent(slug)).toEqual(before);

    // The same edit without the fault is saved: the refusal came from the injected failure alone.
    const saved = await request(`/admin/content/${slug}`, { method: "POST", cookie: admin, body: edit });
    expect(saved.status).toBe(302);
    const [{ slug: newSlug }] = await db.select({ slug: content.slug }).from(content).where(eq(content.title, `${title} edited`));
    const after = await storedContent(newSlug);
    expect(after?.row.id).toBe(before?.row.id);
    expect(after?.formations.map((formation) => formation.plays.map((play) => play.title))).toEqual([["Mesh Wheel", "Curl Flat"]]);
  });
});

describe("the database held busy by another writer", () => {
  it("loses no page view: the write after the answer is tried again", async () => {
    const slug = "cfb26-lab-wear-and-tear";
    const before = await settledViews(slug);
    expect((await request(`/content/${slug}`, { headers: PAGE })).status).toBe(200);
    // The view is written a second after the answer: the database is held busy from now to past that.
    await holdDatabaseBusy(Date.now() + VIEW_FLUSH_MS + 1_000);
    expect(await viewsReaching(slug, before + 1)).toBe(before + 1);
    expect(await settledViews(slug)).toBe(before + 1);
  });

  it("answers a page with 503 and Retry-After while the database is locked, never a 500, and serves it again after", async () => {
    const until = Date.now() + 3_000;
    const holding = holdDatabaseBusy(until);
    const statuses: number[] = [];
    await new Promise((resolve) => setTimeout(resolve, 300));
    while (Date.now() < until - 300) {
      const response = await request("/madden", { headers: PAGE });
      statuses.push(response.status);
      if (response.status === 503) expect(response.headers.get("Retry-After")).toBe("30");
      await response.body?.cancel();
    }
    await holding;
    // Between two of the competing writes a request may get through; none fails with a 500.
    expect(statuses.every((status) => status === 503 || status === 200), statuses.join(",")).toBe(true);
    expect(statuses).toContain(503);
    expect((await request("/madden", { headers: PAGE })).status).toBe(200);
  });
});

describe("without FAULT_INJECTION", () => {
  it("ignores the header (the main test server, like production, does not set it)", async () => {
    const response = await fetch(new URL("/madden", baseUrl()), { headers: { "X-Fault-Inject": "d1", ...PAGE } });
    expect(response.status).toBe(200);
  });
});

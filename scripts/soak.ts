// `npm run soak`: the app under concurrent writes and injected failures, with figures. Builds the app
// (`npm run soak -- --no-build` reuses build/), then serves it with wrangler on a state of its own
// (.wrangler/soak-state, freshly seeded, never the development database) on port 8810, with the
// edge cache on, billing on the Stripe API against the tests' fake Stripe on loopback
// (tests/support/fake-stripe.ts), and FAULT_INJECTION on (app/server/fault-injection.server.ts).
// Only loopback traffic. Requests go in waves of 50 at a time (a two-core machine), each with a
// timeout, and the whole run has a deadline. Prints every check with its figures, PASS or FAIL and
// its status counts, then a summary; exits 1 on any FAIL. README.md's "Soak" figures come from here.
import { availableParallelism } from "node:os";
import { and, count, eq, inArray, like } from "drizzle-orm";
import Stripe from "stripe";
import { comments, content, contentPlays, contentRatings, contentSections, counters, favorites, stripeEvents, users, type User } from "../db/schema.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../db/seed.ts";
import { createDatabase, type Database } from "../app/server/db.server.ts";
import { hashPassword } from "../app/server/password.server.ts";
import { createSession } from "../app/server/session.server.ts";
import { startFakeStripe, type FakeStripe, type FakeSubscription } from "../tests/support/fake-stripe.ts";
import { makePng } from "../tests/support/images.ts";
import { eventPayload } from "../tests/support/stripe-events.ts";
import { startTestServer, type TestServer } from "../tests/support/test-server.ts";
import { binPath, ROOT, run } from "./local-state.ts";

const PORT = Number(process.env.SOAK_PORT || 8810);
const STATE_DIR = ".wrangler/soak-state";
const WAVE = 50;
const REQUEST_TIMEOUT_MS = 30_000;
const DEADLINE_MS = 20 * 60_000;
const WEBHOOK_SECRET = "whsec_soak_fake";
/** Comments, ratings and favourites go to this scheme; page views to the other. */
const SCHEME = "madden26-gun-bunch-quick-pass";
const VIEWED = "cfb26-335-tite-defense";
const RUN = Date.now().toString(36);
const DAY = 24 * 60 * 60;

type Fault = "d1" | "kv" | "r2" | "d1-batch";
type Tally = { "2xx": number; "3xx": number; "4xx": number; "5xx": number; failed: number; times: number[] };
type Answer = { status: number; headers: Headers; text: string };
type Result = { name: string; pass: boolean; figures: string[]; tally: Tally; seconds: number };
type Member = { id: string; email: string; cookie: string };
type Soak = { server: TestServer; stripe: FakeStripe; db: Database; env: Env; admin: string; premium: Member[] };

// ---------------------------------------------------------------------------------------------
// Requests

const newTally = (): Tally => ({ "2xx": 0, "3xx": 0, "4xx": 0, "5xx": 0, failed: 0, times: [] });
let baseUrl = "";

async function send(
  tally: Tally,
  path: string,
  options: { method?: string; cookie?: string; fault?: Fault; page?: boolean; headers?: Record<string, string>; body?: BodyInit } = {},
): Promise<Answer> {
  const method = options.method ?? "GET";
  const started = performance.now();
  try {
    const response = await fetch(new URL(path, baseUrl), {
      method,
      redirect: "manual",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      headers: {
        ...(method !== "GET" ? { Origin: baseUrl, "Sec-Fetch-Site": "same-origin" } : {}),
        ...(options.page ? { Accept: "text/html,application/xhtml+xml" } : {}),
        ...(options.cookie ? { Cookie: options.cookie } : {}),
        ...(options.fault ? { "X-Fault-Inject": options.fault } : {}),
        ...options.headers,
      },
      body: options.body,
    });
    const text = await response.text();
    tally.times.push(performance.now() - started);
    tally[`${Math.floor(response.status / 100)}xx` as "2xx"] += 1;
    return { status: response.status, headers: response.headers, text };
  } catch (error) {
    tally.failed += 1;
    return { status: 0, headers: new Headers(), text: String(error) };
  }
}

/** `total` calls of `make`, at most WAVE at a time: each wave waits for the one before. */
async function inWaves<T>(total: number, make: (index: number) => Promise<T>, wave = WAVE): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < total; start += wave) {
    const indexes = Array.from({ length: Math.min(wave, total - start) }, (_, offset) => start + offset);
    results.push(...(await Promise.all(indexes.map(make))));
  }
  return results;
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const sessionOf = (headers: Headers) => headers.getSetCookie().map((value) => value.split(";")[0]).find((pair) => /^session=./.test(pair));
const isUnavailable = (answer: Answer) => answer.status === 503 && answer.headers.get("Retry-After") === "30";
const isHtml = (answer: Answer) => (answer.headers.get("Content-Type") ?? "").startsWith("text/html") && answer.text.includes("is briefly unavailable.");
const rowsText = (total: number) => `${total} ${total === 1 ? "row" : "rows"}`;
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

async function signIn(email: string, password = DEMO_PASSWORD) {
  const answer = await send(newTally(), "/auth", { method: "POST", body: form({ intent: "login", email, password }) });
  const cookie = sessionOf(answer.headers);
  if (answer.status !== 302 || !cookie) throw new Error(`Could not sign in as ${email} (${answer.status})`);
  return cookie;
}

// ---------------------------------------------------------------------------------------------
// State read straight from the server's D1, KV and R2 (a second local runtime on the same files)

let passwordHash: Promise<string> | undefined;

/** Fresh confirmed members stored directly (premium unless told otherwise), signed in through POST /auth. */
async function createMembers(soak: Pick<Soak, "db">, label: string, total: number, premium = true): Promise<Member[]> {
  passwordHash ??= hashPassword(DEMO_PASSWORD);
  const members: Member[] = [];
  for (let index = 0; index < total; index += 1) {
    const id = crypto.randomUUID();
    const email = `soak-${label}-${index}-${RUN}@example.com`;
    await soak.db.insert(users).values({
      id,
      email,
      firstName: `Soak ${label}`,
      lastName: String(index),
      role: "user",
      passwordHash: await passwordHash,
      emailConfirmedAt: new Date(),
      ...(premium ? { subscriptionTier: "premium", subscriptionStatus: "active", accessExpiresAt: new Date(Date.now() + 30 * DAY * 1000) } : {}),
    } as typeof users.$inferInsert);
    members.push({ id, email, cookie: await signIn(email) });
  }
  return members;
}

async function contentIdOf(db: Database, slug: string) {
  const [row] = await db.select({ id: content.id }).from(content).where(eq(content.slug, slug));
  if (!row) throw new Error(`No content ${slug} in the soak state`);
  return row.id;
}

async function member(db: Database, id: string): Promise<User> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

async function sessionCount(env: Env) {
  let total = 0;
  let cursor: string | undefined;
  do {
    const page = await env.KV.list({ prefix: "session:", cursor });
    total += page.keys.length;
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
  return total;
}

/** A content item as stored: its row, formations and plays (ids included), for before/after comparisons. */
async function storedScheme(db: Database, id: number) {
  const [row] = await db.select().from(content).where(eq(content.id, id));
  const sections = await db.select().from(contentSections).where(eq(contentSections.contentId, id)).orderBy(contentSections.position);
  const plays = sections.length
    ? await db.select().from(contentPlays).where(inArray(contentPlays.sectionId, sections.map((section) => section.id))).orderBy(contentPlays.sectionId, contentPlays.position)
    : [];
  return { row, sections, plays };
}

// ---------------------------------------------------------------------------------------------
// The content editor's multipart form, with the names the form renders (as tests/support/staff.ts)

type Formation = { title: string; slug: string; plays: Array<{ title: string; slug?: string }> };

function contentForm(title: string, formations: Formation[], thumbnail?: File) {
  const body = new FormData();
  const noFile = () => new File([], "", { type: "application/octet-stream" });
  const fields: Record<string, string> = { title, type: "meta-scheme", game: "madden", description: "A scheme written by the soak.", videoUrl: "", difficulty: "beginner", requiredTier: "premium", tags: "soak", isPublished: "on" };
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append("thumbnail", thumbnail ?? noFile());
  formations.forEach((formation, index) => {
    const name = `formations[${index}]`;
    for (const [field, value] of Object.entries({ imageUrl: "", title: formation.title, slug: formation.slug, description: `${formation.title}.` })) body.append(`${name}.${field}`, value);
    body.append(`${name}.image`, noFile());
    formation.plays.forEach((play, playIndex) => {
      const playName = `${name}.plays[${playIndex}]`;
      const playFields = { slug: play.slug ?? "", runtime: "", imageUrl: "", title: play.title, description: `${play.title}.`, videoProvider: "youtube", videoUrl: "", tags: "" };
      for (const [field, value] of Object.entries(playFields)) body.append(`${playName}.${field}`, value);
      body.append(`${playName}.image`, noFile());
    });
  });
  return body;
}

// ---------------------------------------------------------------------------------------------
// The checks

async function timed(name: string, work: (tally: Tally) => Promise<{ pass: boolean; figures: string[] }>): Promise<Result> {
  const tally = newTally();
  const started = performance.now();
  try {
    const { pass, figures } = await work(tally);
    return { name, pass, figures, tally, seconds: (performance.now() - started) / 1000 };
  } catch (error) {
    return { name, pass: false, figures: [`error: ${error instanceof Error ? error.message : String(error)}`], tally, seconds: (performance.now() - started) / 1000 };
  }
}

/**
 * Premium members the soak signs in. The 500 comments are spread over them: a member may post
 * COMMENT_RULE's 30 comments in ten minutes, and the failure check posts a few more each.
 */
const MEMBERS = 25;

function comments500(soak: Soak) {
  return timed("500 concurrent comment posts", async (tally) => {
    const contentId = await contentIdOf(soak.db, SCHEME);
    const marker = `Soak ${RUN} comment`;
    const answers = await inWaves(500, (index) =>
      send(tally, `/content/${SCHEME}`, {
        method: "POST",
        cookie: soak.premium[index % soak.premium.length].cookie,
        body: form({ intent: "create-comment", comment: `${marker} ${index + 1}` }),
      }),
    );
    const rows = await soak.db.select({ comment: comments.comment }).from(comments).where(and(eq(comments.contentId, contentId), like(comments.comment, `${marker} %`)));
    const distinct = new Set(rows.map((row) => row.comment)).size;
    const [total] = await soak.db.select({ value: count() }).from(comments).where(eq(comments.contentId, contentId));
    const [counter] = await soak.db.select({ value: counters.value }).from(counters).where(eq(counters.name, `comments:content:${contentId}`));
    const redirected = answers.filter((answer) => answer.status === 302).length;
    return {
      pass: rows.length === 500 && distinct === 500 && redirected === 500 && counter?.value === total.value,
      figures: [
        `${rows.length} stored, ${500 - distinct} lost, ${rows.length - distinct} duplicated, ${500 - redirected} not answered with their redirect`,
        `the item's comment counter ${counter?.value} = its ${total.value} rows (${soak.premium.length} members posting)`,
      ],
    };
  });
}

function ratings200(soak: Soak) {
  return timed("200 rating changes by one member", async (tally) => {
    const [rater] = await createMembers(soak, "rater", 1);
    const contentId = await contentIdOf(soak.db, SCHEME);
    const ratingsOf = () => soak.db.select({ rating: contentRatings.rating }).from(contentRatings).where(and(eq(contentRatings.userId, rater.id), eq(contentRatings.contentId, contentId)));
    const itemRatings = async () => (await soak.db.select({ value: count() }).from(contentRatings).where(eq(contentRatings.contentId, contentId)))[0].value;
    const before = await itemRatings();
    const rate = (value: number) => send(tally, `/content/${SCHEME}`, { method: "POST", cookie: rater.cookie, body: form({ intent: "rate", rating: String(value) }) });
    // Requests in flight together have no order of their own: "the last" is the one sent after they were all answered.
    const burst = await inWaves(199, (index) => rate((index % 5) + 1));
    const afterBurst = await ratingsOf();
    const last = afterBurst[0]?.rating === 4 ? 2 : 4;
    const final = await rate(last);
    const afterLast = await ratingsOf();
    const after = await itemRatings();
    const answered = [...burst, final].filter((answer) => answer.status === 302).length;
    return {
      pass: afterBurst.length === 1 && afterLast.length === 1 && afterLast[0].rating === last && answered === 200 && after === before + 1,
      figures: [
        `199 at once in waves of ${WAVE}: ${rowsText(afterBurst.length)}, value ${afterBurst[0]?.rating} (one of those sent); then 1 more: ${rowsText(afterLast.length)}, value ${afterLast[0]?.rating} = the last sent (${last})`,
        `the item's ratings ${before} -> ${after}; ${answered} of 200 answered with their redirect`,
      ],
    };
  });
}

function favourites100(soak: Soak) {
  return timed("100 favourite toggles by one member", async (tally) => {
    const [fan] = await createMembers(soak, "fan", 1);
    const contentId = await contentIdOf(soak.db, SCHEME);
    const rowsOf = () => soak.db.select({ id: favorites.id }).from(favorites).where(and(eq(favorites.userId, fan.id), eq(favorites.contentId, contentId)));
    const toggle = (on: boolean) =>
      send(tally, `/content/${SCHEME}`, { method: "POST", cookie: fan.cookie, body: form({ intent: "favorite", ...(on ? { favorite: "on" } : {}) }) });
    const burst = await inWaves(99, (index) => toggle(index % 2 === 0));
    const afterBurst = (await rowsOf()).length;
    const last = afterBurst === 0;
    const final = await toggle(last);
    const afterLast = (await rowsOf()).length;
    const answered = [...burst, final].filter((answer) => answer.status === 302).length;
    return {
      pass: afterBurst <= 1 && afterLast === (last ? 1 : 0) && answered === 100,
      figures: [
        `99 at once (on, off, on...) in waves of ${WAVE}: ${rowsText(afterBurst)}; then the last toggle (${last ? "on" : "off"}): ${rowsText(afterLast)}, as it asked`,
        `${answered} of 100 answered with their redirect`,
      ],
    };
  });
}

function views300(soak: Soak) {
  return timed("300 concurrent opens of a content page", async (tally) => {
    const viewsOf = async () => (await soak.db.select({ views: content.views }).from(content).where(eq(content.slug, VIEWED)))[0].views;
    const before = await viewsOf();
    // Two in three are visitors (from the edge cache once it holds the page), one in three members.
    const answers = await inWaves(300, (index) =>
      send(tally, `/content/${VIEWED}`, { page: true, cookie: index % 3 === 2 ? soak.premium[index % soak.premium.length].cookie : undefined }),
    );
    const fromCache = answers.filter((answer) => answer.headers.get("X-Edge-Cache") === "hit").length;
    await sleep(2_500); // views are written within about a second (app/server/views.server.ts)
    const after = await viewsOf();
    const served = answers.filter((answer) => answer.status === 200).length;
    return {
      pass: after - before === 300 && served === 300,
      figures: [
        `200 by visitors (${fromCache} served from the edge cache), 100 by members; ${served} answered 200`,
        `stored views ${before} -> ${after} (+${after - before}) 2.5 s later: ${300 - (after - before)} lost`,
      ],
    };
  });
}

function formationSave(soak: Soak) {
  return timed("formation saves with a failure injected into their batch", async (tally) => {
    const title = `Soak ${RUN} scheme`;
    const formations: Formation[] = [
      { title: "Gun Trips", slug: "gun-trips", plays: [{ title: "Mesh" }, { title: "Stick" }] },
      { title: "Pistol Strong", slug: "pistol-strong", plays: [{ title: "Inside Zone" }] },
    ];
    const created = await send(tally, "/admin/content/new", { method: "POST", cookie: soak.admin, body: contentForm(title, formations) });
    if (created.status !== 302) throw new Error(`The scheme was not created (${created.status})`);
    const [{ id }] = await soak.db.select({ id: content.id }).from(content).where(eq(content.title, title));
    const slug = (await storedScheme(soak.db, id)).row.slug;
    const before = JSON.stringify(await storedScheme(soak.db, id));
    // The edit renames the item and a formation, drops the other, renames a play and adds one.
    const edit = () => contentForm(`${title} edited`, [{ ...formations[0], title: "Gun Trips Wide", plays: [{ title: "Mesh Wheel", slug: "mesh" }, { title: "Curl Flat" }] }]);
    const refused = await inWaves(20, () => send(tally, `/admin/content/${slug}`, { method: "POST", cookie: soak.admin, fault: "d1-batch", body: edit() }));
    const failedClearly = refused.filter((answer) => answer.status === 500 && answer.text.includes("Failed to save content. Please try again.")).length;
    const intact = JSON.stringify(await storedScheme(soak.db, id)) === before;
    const saved = await send(tally, `/admin/content/${slug}`, { method: "POST", cookie: soak.admin, body: edit() });
    const after = await storedScheme(soak.db, id);
    const applied = saved.status === 302 && after.row.title === `${title} edited` && after.sections.length === 1 && after.plays.length === 2;
    const old = JSON.parse(before) as Awaited<ReturnType<typeof storedScheme>>;
    return {
      pass: failedClearly === 20 && intact && applied,
      figures: [
        `20 edits at once, each batch failing inside D1: ${failedClearly} answered 500 "Failed to save content. Please try again."`,
        `the old scheme ${intact ? "intact" : "CHANGED"} (its row, ${old.sections.length} formations and ${old.plays.length} plays with their ids); the same edit without the fault: ${applied ? "saved" : "NOT saved"}`,
      ],
    };
  });
}

// One subscription's life, as Stripe would tell it: each event carries the object as it was then,
// and the webhook re-reads the subscription from Stripe (here the fake) when it applies one.
const START = Math.floor(Date.now() / 1000) - 70 * DAY;
const STAGES = {
  paid: { status: "active", period: [START, START + 30 * DAY], cancel: false, endedAt: null },
  failed: { status: "past_due", period: [START + 30 * DAY, START + 60 * DAY], cancel: false, endedAt: null },
  recovered: { status: "active", period: [START + 30 * DAY, START + 60 * DAY], cancel: false, endedAt: null },
  cancelling: { status: "active", period: [START + 30 * DAY, START + 60 * DAY], cancel: true, endedAt: null },
  ended: { status: "canceled", period: [START + 30 * DAY, START + 60 * DAY], cancel: true, endedAt: START + 60 * DAY },
} as const;
type Stage = keyof typeof STAGES;

const LIFE: Array<{ type: string; stage: Stage; object: "checkout" | "subscription" | "invoice" }> = [
  { type: "checkout.session.completed", stage: "paid", object: "checkout" },
  { type: "customer.subscription.created", stage: "paid", object: "subscription" },
  { type: "invoice.paid", stage: "paid", object: "invoice" },
  { type: "invoice.payment_failed", stage: "failed", object: "invoice" },
  { type: "invoice.paid", stage: "recovered", object: "invoice" },
  { type: "customer.subscription.updated", stage: "cancelling", object: "subscription" },
  { type: "customer.subscription.deleted", stage: "ended", object: "subscription" },
];

function setStage(subscription: FakeSubscription, stage: Stage) {
  const { status, period, cancel, endedAt } = STAGES[stage];
  Object.assign(subscription, { status, cancel_at_period_end: cancel, ended_at: endedAt, start_date: START });
  Object.assign(subscription.items.data[0], { current_period_start: period[0], current_period_end: period[1] });
}

type Delivery = { id: string; type: string; payload: string };

async function signed(delivery: Delivery) {
  return Stripe.webhooks.generateTestHeaderStringAsync({ payload: delivery.payload, secret: WEBHOOK_SECRET });
}

async function deliver(tally: Tally, delivery: Delivery, fault?: Fault) {
  const answer = await send(tally, "/webhooks/stripe", {
    method: "POST",
    fault,
    headers: { "Content-Type": "application/json", "Stripe-Signature": await signed(delivery), "Sec-Fetch-Site": "cross-site", Origin: "https://stripe.com" },
    body: delivery.payload,
  });
  let outcome = `status ${answer.status}`;
  try {
    outcome = (JSON.parse(answer.text) as { outcome?: string }).outcome ?? outcome;
  } catch {
    // not JSON: the status says it
  }
  return { answer, outcome };
}

function eventOf(type: string, object: unknown): Delivery {
  const id = `evt_soak_${crypto.randomUUID().replaceAll("-", "").slice(0, 24)}`;
  return { id, type, payload: eventPayload(type, object as Record<string, unknown>, id) };
}

/** A member who went through checkout (POST /subscribe, then Stripe's payment page, faked). */
async function checkedOut(soak: Soak, tally: Tally, subscriber: Member) {
  const checkout = await send(tally, "/subscribe", { method: "POST", cookie: subscriber.cookie, body: form({ plan: "monthly" }) });
  const sessionId = checkout.headers.get("Location")?.split("/").pop();
  if (checkout.status !== 302 || !sessionId) throw new Error(`Checkout did not start (${checkout.status})`);
  return soak.stripe.completeCheckout(sessionId);
}

function lifeEvents(subscription: FakeSubscription, checkoutSession: object, onEach: (delivery: Delivery) => Promise<void>) {
  return (async () => {
    const deliveries: Delivery[] = [];
    for (const step of LIFE) {
      setStage(subscription, step.stage);
      const invoice = {
        id: `in_soak_${crypto.randomUUID().slice(0, 8)}`,
        object: "invoice",
        customer: subscription.customer,
        status: step.type === "invoice.paid" ? "paid" : "open",
        parent: { type: "subscription_details", subscription_details: { subscription: subscription.id } },
      };
      const object = step.object === "checkout" ? checkoutSession : step.object === "invoice" ? invoice : structuredClone(subscription);
      const delivery = eventOf(step.type, object);
      deliveries.push(delivery);
      await onEach(delivery);
    }
    return deliveries;
  })();
}

const BILLING = ["subscriptionTier", "subscriptionStatus", "subscriptionPlan", "subscriptionStartDate", "subscriptionEndDate", "cancelAtPeriodEnd", "accessExpiresAt"] as const;
const billingOf = (row: User) => JSON.stringify(BILLING.map((column) => row[column]));

async function paymentFailedMails(env: Env, email: string) {
  let total = 0;
  let cursor: string | undefined;
  do {
    const page = await env.KV.list({ prefix: "outbox:", cursor });
    const entries = await Promise.all(page.keys.map((key) => env.KV.get<{ to: string; subject: string }>(key.name, "json")));
    total += entries.filter((entry) => entry?.to === email && entry.subject.startsWith("Action needed")).length;
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
  return total;
}

function webhooksTwiceReversed(soak: Soak) {
  return timed("a subscription's webhooks twice, in reverse order", async (tally) => {
    const [control, subject] = await createMembers(soak, "billing", 2, false);
    // The control member: each event delivered once, in order, as its moment comes.
    const controlCheckout = await checkedOut(soak, tally, control);
    const controlOutcomes: string[] = [];
    await lifeEvents(controlCheckout.subscription, controlCheckout.checkoutSession, async (delivery) => {
      controlOutcomes.push((await deliver(tally, delivery)).outcome);
    });
    // The subject: the same life at Stripe, every event delivered twice (both copies at once), newest first.
    const subjectCheckout = await checkedOut(soak, tally, subject);
    const deliveries = await lifeEvents(subjectCheckout.subscription, subjectCheckout.checkoutSession, async () => {});
    const outcomes = new Map<string, string[]>();
    for (const delivery of [...deliveries].reverse()) {
      const pair = await Promise.all([deliver(tally, delivery), deliver(tally, delivery)]);
      outcomes.set(delivery.id, pair.map((copy) => copy.outcome));
    }
    await sleep(500); // the payment-failed e-mail is sent after the answer
    const expected = await member(soak.db, control.id);
    const actual = await member(soak.db, subject.id);
    const recorded = await soak.db.select({ id: stripeEvents.id }).from(stripeEvents).where(inArray(stripeEvents.id, deliveries.map((delivery) => delivery.id)));
    const appliedOnce = [...outcomes.values()].filter((pair) => pair.filter((outcome) => outcome === "applied").length === 1 && pair.includes("duplicate")).length;
    const mails = [await paymentFailedMails(soak.env, control.email), await paymentFailedMails(soak.env, subject.email)];
    // What Stripe's subscription says at the end: ended, so no access since it ended.
    const correct = actual.subscriptionTier === "free" && actual.subscriptionStatus === "cancelled" && actual.accessExpiresAt?.getTime() === STAGES.ended.endedAt * 1000;
    const same = billingOf(expected) === billingOf(actual) && actual.stripeSubscriptionId === subjectCheckout.subscription.id;
    const state = `${actual.subscriptionTier}, ${actual.subscriptionStatus}, access ended ${actual.accessExpiresAt?.toISOString().slice(0, 10)}`;
    return {
      pass: controlOutcomes.every((outcome) => outcome === "applied") && correct && same && recorded.length === 7 && appliedOnce === 7 && mails[0] === 1 && mails[1] === 1,
      figures: [
        `${LIFE.length} events (${LIFE.map((step) => step.type.replace(/^customer\./, "")).join(", ")}), ${LIFE.length * 2} deliveries, newest first, both copies of each at once`,
        `final state ${correct ? "as Stripe's subscription says" : "NOT as Stripe says"} (${state}), and ${same ? "equal to" : "DIFFERENT from"} the control member's after one in-order delivery`,
        `each applied once: ${appliedOnce} of 7 applied by one copy and refused as a duplicate by the other; stripe_events holds ${recorded.length} rows for them; payment-failed e-mails: ${mails[1]} (control ${mails[0]})`,
      ],
    };
  });
}

function d1AndKvFailures(soak: Soak) {
  return timed("D1 and KV failing for a request", async (tally) => {
    const contentId = await contentIdOf(soak.db, SCHEME);
    const [rater] = await createMembers(soak, "steady", 1);
    await send(newTally(), `/content/${SCHEME}`, { method: "POST", cookie: rater.cookie, body: form({ intent: "rate", rating: "3" }) });
    const ratingOf = async () => (await soak.db.select({ rating: contentRatings.rating }).from(contentRatings).where(and(eq(contentRatings.userId, rater.id), eq(contentRatings.contentId, contentId))))[0]?.rating;
    // Sessions the server has not read yet (it remembers the ones it read for 30 s): these requests must go to KV.
    const unread = await Promise.all(soak.premium.map(async (entry) => `session=${(await createSession(soak.env.KV, entry.id)).token}`));
    const [retried] = await createMembers(soak, "retried", 1, false);
    const { subscription } = await checkedOut(soak, newTally(), retried);
    const webhookEvents = Array.from({ length: 5 }, () => eventOf("customer.subscription.updated", structuredClone(subscription)));
    const marker = `Soak ${RUN} fault`;
    const pick = <T,>(list: T[], index: number) => list[index % list.length];

    type Planned = { kind: string; faulty: boolean; page: boolean; run: () => Promise<Answer> };
    const planned: Planned[] = [];
    const add = (kind: string, times: number, faulty: boolean, page: boolean, make: (index: number) => Promise<Answer>) => {
      for (let index = 0; index < times; index += 1) planned.push({ kind, faulty, page, run: () => make(index) });
    };
    const pages = ["/", "/madden", "/blog", `/content/${SCHEME}`, "/college"];
    add("visitor page, D1 down", 10, true, true, (index) => send(tally, `${pick(pages, index)}?soak=${RUN}-${index}`, { page: true, fault: "d1" }));
    add("member page, KV down", 10, true, true, (index) => send(tally, pick(pages, index), { page: true, cookie: pick(unread, index), fault: "kv" }));
    add("comment, D1 down", 10, true, true, (index) =>
      send(tally, `/content/${SCHEME}`, { method: "POST", page: true, fault: "d1", cookie: pick(soak.premium, index).cookie, body: form({ intent: "create-comment", comment: `${marker} d1 ${index}` }) }),
    );
    add("comment, KV down", 5, true, true, (index) =>
      send(tally, `/content/${SCHEME}`, { method: "POST", page: true, fault: "kv", cookie: pick(unread, index + 5), body: form({ intent: "create-comment", comment: `${marker} kv ${index}` }) }),
    );
    add("login, KV down", 5, true, true, (index) =>
      send(tally, "/auth", { method: "POST", page: true, fault: "kv", body: form({ intent: "login", email: pick(soak.premium, index).email, password: DEMO_PASSWORD }) }),
    );
    add("rating, D1 down", 5, true, true, () => send(tally, `/content/${SCHEME}`, { method: "POST", page: true, fault: "d1", cookie: rater.cookie, body: form({ intent: "rate", rating: "5" }) }));
    add("Stripe webhook, D1 down", 5, true, false, async (index) => (await deliver(tally, webhookEvents[index], "d1")).answer);
    add("visitor page", 25, false, true, (index) => send(tally, pick(pages, index), { page: true }));
    add("comment", 20, false, true, (index) =>
      send(tally, `/content/${SCHEME}`, { method: "POST", cookie: pick(soak.premium, index).cookie, body: form({ intent: "create-comment", comment: `${marker} ok ${index}` }) }),
    );
    add("login", 5, false, true, (index) => send(tally, "/auth", { method: "POST", body: form({ intent: "login", email: pick(soak.premium, index).email, password: DEMO_PASSWORD }) }));
    // Faulty and healthy requests side by side, in a fixed shuffle.
    const order = planned.map((entry, index) => ({ entry, key: (index * 37) % planned.length })).sort((a, b) => a.key - b.key).map(({ entry }) => entry);

    const sessionsBefore = await sessionCount(soak.env);
    const answers = await inWaves(order.length, (index) => order[index].run());
    const sessionsAfter = await sessionCount(soak.env);

    const faulty = order.map((entry, index) => ({ entry, answer: answers[index] })).filter(({ entry }) => entry.faulty);
    const healthy = order.map((entry, index) => ({ entry, answer: answers[index] })).filter(({ entry }) => !entry.faulty);
    const unavailable = faulty.filter(({ answer }) => isUnavailable(answer)).length;
    const htmlPages = faulty.filter(({ entry, answer }) => entry.page && isHtml(answer)).length;
    const plain = faulty.filter(({ entry, answer }) => !entry.page && (answer.headers.get("Content-Type") ?? "").startsWith("text/plain")).length;
    const faultCookies = faulty.filter(({ answer }) => sessionOf(answer.headers)).length;
    const served = healthy.filter(({ answer }) => answer.status < 400).length;
    const stored = await soak.db.select({ comment: comments.comment }).from(comments).where(like(comments.comment, `${marker} %`));
    const storedFaulty = stored.filter((row) => !row.comment.includes(" ok ")).length;
    const storedHealthy = stored.length - storedFaulty;
    const rating = await ratingOf();
    const recorded = await soak.db.select({ id: stripeEvents.id }).from(stripeEvents).where(inArray(stripeEvents.id, webhookEvents.map((event) => event.id)));
    // Stripe delivers again later: with D1 back, each is applied.
    const redelivered = await Promise.all(webhookEvents.map((event) => deliver(tally, event)));
    const retriedApplied = redelivered.filter((delivery) => delivery.outcome === "applied").length;
    const pagesTotal = faulty.filter(({ entry }) => entry.page).length;
    const pass =
      unavailable === faulty.length && htmlPages === pagesTotal && plain === faulty.length - pagesTotal && faultCookies === 0 &&
      served === healthy.length && storedFaulty === 0 && storedHealthy === 20 && rating === 3 && sessionsAfter - sessionsBefore === 5 &&
      recorded.length === 0 && retriedApplied === 5;
    return {
      pass,
      figures: [
        `${order.length} requests at once in waves of ${WAVE}, ${faulty.length} of them with D1 or KV failing (pages, comments, logins, a rating, Stripe webhooks)`,
        `${unavailable} of ${faulty.length} answered 503 with Retry-After: 30 (${htmlPages} pages as HTML, ${plain} webhooks as plain text); the other ${served} of ${healthy.length} served`,
        `nothing half written: ${storedFaulty} of 15 failed comments stored (${storedHealthy} of 20 others), the rating still ${rating}, ${faultCookies} sessions from failed logins (KV sessions +${sessionsAfter - sessionsBefore}: the 5 other logins), ${recorded.length} of 5 webhook events recorded; delivered again: ${retriedApplied} applied`,
      ],
    };
  });
}

function r2Failures(soak: Soak) {
  return timed("R2 failing during uploads", async (tally) => {
    const uploaders = soak.premium;
    const before = await Promise.all(uploaders.map((entry) => member(soak.db, entry.id)));
    const png = new Uint8Array(makePng(64, 64));
    const avatars = await inWaves(uploaders.length, (index) => {
      const body = new FormData();
      body.set("intent", "avatar");
      body.set("avatar", new Blob([png], { type: "image/png" }), "me.png");
      return send(tally, "/account-settings", { method: "POST", cookie: uploaders[index].cookie, fault: "r2", body });
    });
    const clearAvatar = avatars.filter((answer) => answer.status === 503 && answer.text.includes("Failed to upload avatar. Please try again.")).length;
    const after = await Promise.all(uploaders.map((entry) => member(soak.db, entry.id)));
    const unchanged = after.filter((row, index) => row.profileImageUrl === before[index].profileImageUrl && row.updatedAt.getTime() === before[index].updatedAt.getTime()).length;
    const avatarObjects = (await Promise.all(uploaders.map((entry) => soak.env.MEDIA.list({ prefix: `avatars/${entry.id}-` })))).reduce((sum, listing) => sum + listing.objects.length, 0);

    const titles = Array.from({ length: 5 }, (_, index) => `Soak ${RUN} upload ${index}`);
    const thumbnails = await inWaves(titles.length, (index) =>
      send(tally, "/admin/content/new", {
        method: "POST",
        cookie: soak.admin,
        fault: "r2",
        body: contentForm(titles[index], [{ title: "Gun Trips", slug: "gun-trips", plays: [{ title: "Mesh" }] }], new File([png], "thumb.png", { type: "image/png" })),
      }),
    );
    const clearThumbnail = thumbnails.filter((answer) => answer.status === 500 && answer.text.includes("Failed to upload an image. Please try again.")).length;
    const [{ value: newRows }] = await soak.db.select({ value: count() }).from(content).where(inArray(content.title, titles));

    // Every /media/ URL a row holds names an object R2 has.
    const columns = ["users.profile_image_url", "content.thumbnail_url", "content.video_url", "content_sections.image_url", "content_plays.image_url", "content_plays.video_url", "blog_posts.featured_image"];
    const urls = new Set<string>();
    for (const column of columns) {
      const [table, name] = column.split(".");
      const { results } = await soak.env.DB.prepare(`SELECT DISTINCT ${name} AS url FROM ${table} WHERE ${name} LIKE '/media/%'`).all<{ url: string }>();
      for (const row of results) urls.add(row.url);
    }
    const results = [...urls].map((url) => ({ url }));
    const missing = (await Promise.all(results.map(async (row) => ((await soak.env.MEDIA.head(row.url.slice("/media/".length))) ? 0 : 1)))).reduce<number>((sum, value) => sum + value, 0);
    return {
      pass: clearAvatar === uploaders.length && unchanged === uploaders.length && avatarObjects === 0 && clearThumbnail === titles.length && newRows === 0 && missing === 0,
      figures: [
        `${uploaders.length} avatar uploads at once: ${clearAvatar} answered 503 "Failed to upload avatar. Please try again."; ${unchanged} member rows unchanged, ${avatarObjects} objects stored`,
        `${titles.length} new schemes with a thumbnail: ${clearThumbnail} answered "Failed to upload an image. Please try again.", ${newRows} rows created`,
        `${results.length} /media/ URLs stored in D1, ${missing} pointing at a missing object`,
      ],
    };
  });
}

// ---------------------------------------------------------------------------------------------
// The run

function percentile(values: number[], fraction: number) {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}

function print(result: Result) {
  const { tally } = result;
  console.log(`\n${result.pass ? "PASS" : "FAIL"}  ${result.name}`);
  for (const line of result.figures) console.log(`      ${line}`);
  const requests = tally.times.length + tally.failed;
  console.log(
    `      ${requests} requests in ${result.seconds.toFixed(1)} s: 2xx ${tally["2xx"]}, 3xx ${tally["3xx"]}, 4xx ${tally["4xx"]}, 5xx ${tally["5xx"]}, no answer ${tally.failed}; ` +
      `p50 ${percentile(tally.times, 0.5).toFixed(0)} ms, p99 ${percentile(tally.times, 0.99).toFixed(0)} ms`,
  );
}

const started = Date.now();
const build = !process.argv.includes("--no-build");
let server: TestServer | undefined;
let stripe: FakeStripe | undefined;
let proxy: { env: Env; dispose(): Promise<void> } | undefined;
async function stopAll() {
  await proxy?.dispose().catch(() => {});
  await server?.stop().catch(() => {});
  await stripe?.stop().catch(() => {});
}
const deadline = setTimeout(() => {
  console.error(`\nFAIL  the soak did not finish within ${DEADLINE_MS / 60_000} minutes`);
  void stopAll().finally(() => process.exit(1));
}, DEADLINE_MS);

let results: Result[] = [];
try {
  if (build) {
    console.log("Building the app...");
    await run(process.execPath, [binPath("react-router"), "build"], { quiet: true });
  }
  console.log(`Starting a server on ${STATE_DIR} (port ${PORT}), freshly seeded...`);
  stripe = await startFakeStripe();
  server = await startTestServer({
    port: PORT,
    stateDir: STATE_DIR,
    vars: { EDGE_CACHE: "on", FAULT_INJECTION: "on", STRIPE_SECRET_KEY: "sk_test_fake", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: stripe.url },
  });
  baseUrl = server.baseUrl;
  const { getPlatformProxy } = await import("wrangler");
  proxy = await getPlatformProxy<Env>({ configPath: `${ROOT}/wrangler.toml`, persist: { path: `${ROOT}/${STATE_DIR}/v3` } });
  const db = createDatabase(proxy.env.DB);
  const soak: Soak = { server, stripe, db, env: proxy.env, admin: await signIn(DEMO_ACCOUNTS.admin.email), premium: await createMembers({ db }, "member", MEMBERS) };
  console.log(
    `Soak against ${baseUrl}: edge cache on, Stripe faked on loopback, fault injection on; ${build ? "built before the run" : "the existing build"}; requests in waves of ${WAVE}.`,
  );

  for (const check of [comments500, ratings200, favourites100, views300, formationSave, webhooksTwiceReversed, d1AndKvFailures, r2Failures]) {
    const result = await check(soak);
    print(result);
    results.push(result);
  }
} catch (error) {
  console.error(error);
  results = [...results, { name: "setup", pass: false, figures: [String(error)], tally: newTally(), seconds: 0 }];
} finally {
  clearTimeout(deadline);
  await stopAll();
}

const failed = results.filter((result) => !result.pass);
const requests = results.reduce((sum, result) => sum + result.tally.times.length + result.tally.failed, 0);
console.log(
  `\n${results.length} checks: ${results.length - failed.length} passed, ${failed.length} failed. ${requests} requests; ` +
    `${Math.round((Date.now() - started) / 1000)} s in all (${build ? "the build and " : ""}a freshly seeded server included), ${availableParallelism()} cores, ${new Date().toISOString().slice(0, 10)}.`,
);
process.exit(failed.length ? 1 : 0);

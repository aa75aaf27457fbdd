import { beforeAll, describe, expect, it } from "vitest";
import { LOCAL_WEBHOOK_SECRET, type LocalCheckoutSession, type SubscriptionSnapshot } from "~/server/stripe.server";
import { formatShortDate } from "~/lib/format";
import { createMember, storedMember, toastFrom, updateMember } from "../support/accounts";
import { billingColumns, eventPayload, postWebhook, signatureFor, toastCookie } from "../support/billing";
import { responseText } from "../support/html";
import { baseUrl, get, postForm, signIn, signInWith, url } from "../support/http";
import { testState, type TestState } from "../support/test-state";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../../db/seed";

// /subscribe, the local test checkout, /success and /cancel, and the Subscription card's actions,
// over HTTP against the server in local test mode (no Stripe key, localhost).

const PREMIUM_SCHEME = "/content/cfb26-335-tite-defense";

/** The same time on the subscription's day (`anchor`) of the next month, or that month's last day when it has none. */
function nextMonth(ms: number, anchor = ms) {
  const from = new Date(ms);
  const lastDay = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 2, 0)).getUTCDate();
  const day = Math.min(new Date(anchor).getUTCDate(), lastDay);
  return Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, day, from.getUTCHours(), from.getUTCMinutes(), from.getUTCSeconds());
}

let state: TestState;
beforeAll(async () => {
  state = await testState();
});

async function freeMember() {
  const member = await createMember();
  return { member, cookie: await signInWith(member.email, DEMO_PASSWORD) };
}

function text(response: Response) {
  return responseText(response);
}

async function checkoutSessionsOf(userId: string) {
  const listing = await state.env.KV.list({ prefix: "stripe-local:session:" });
  const sessions = await Promise.all(listing.keys.map((key) => state.env.KV.get<LocalCheckoutSession>(key.name, "json")));
  return sessions.filter((session) => session?.userId === userId);
}

function localSubscription(id: string) {
  return state.env.KV.get<SubscriptionSnapshot>(`stripe-local:subscription:${id}`, "json");
}

/** Subscribes through the local test checkout: POST /subscribe, then Pay. */
async function subscribeLocally(cookie: string, plan: "monthly" | "yearly" = "monthly") {
  const checkout = await postForm("/subscribe", { plan }, { cookie });
  expect(checkout.status).toBe(302);
  const sessionId = new URL(checkout.headers.get("Location")!).searchParams.get("session")!;
  const paid = await postForm("/subscribe/test-checkout", { session: sessionId, intent: "pay" }, { cookie });
  expect(paid.status).toBe(302);
  return sessionId;
}

describe("/subscribe for visitors and premium members", () => {
  it("shows both plans with the decided prices", async () => {
    const html = await text(await get("/subscribe"));
    for (const expected of ["$14.95", "$125", "save $54", "Choose Monthly", "Choose Yearly", "7-day money-back guarantee"]) {
      expect(html).toContain(expected);
    }
  });

  it("redirects a visitor's checkout POST to /auth with the 'Login Required' toast and a way back", async () => {
    const response = await postForm("/subscribe", { plan: "yearly" });
    expect(response.status).toBe(302);
    const location = response.headers.get("Location")!;
    expect(location).toBe(`/auth?redirectTo=${encodeURIComponent("/subscribe?plan=yearly")}`);
    expect(toastFrom(response)).toEqual({ kind: "error", title: "Login Required", description: "Please log in to subscribe to a plan." });

    // Without JavaScript the message shows on the login page the redirect leads to.
    const page = await text(await get(location, { cookie: toastCookie(response) }));
    expect(page).toContain("Login Required");
    expect(page).toContain("Please log in to subscribe to a plan.");

    // Logging in from there returns to the chosen plan.
    const member = await createMember();
    const login = await postForm("/auth", { intent: "login", email: member.email, password: DEMO_PASSWORD, redirectTo: "/subscribe?plan=yearly" });
    expect(login.status).toBe(302);
    expect(login.headers.get("Location")).toBe("/subscribe?plan=yearly");
  });

  it("carries a visitor's promo code through the login, trimmed, and drops one that cannot be a code", async () => {
    const withCode = await postForm("/subscribe", { plan: "monthly", promoCode: "  GRIDIRON10  " });
    expect(withCode.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent("/subscribe?plan=monthly&promo=GRIDIRON10")}`);
    const blank = await postForm("/subscribe", { plan: "monthly", promoCode: "   " });
    expect(blank.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent("/subscribe?plan=monthly")}`);
    const tooLong = await postForm("/subscribe", { plan: "monthly", promoCode: "X".repeat(65) });
    expect(tooLong.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent("/subscribe?plan=monthly")}`);

    // Back on the checkout step the code is filled in, for a visitor and a member alike.
    const visitorPage = await text(await get("/subscribe?plan=monthly&promo=%20GRIDIRON10%20"));
    expect(visitorPage).toContain("Proceed to Payment");
    expect(visitorPage).toMatch(/<input[^>]*id="promoCode"[^>]*value="GRIDIRON10"/);
    const longPage = await text(await get(`/subscribe?plan=monthly&promo=${"X".repeat(65)}`));
    expect(longPage).toMatch(/<input[^>]*id="promoCode"[^>]*value=""/);
  });

  it("falls back to the plan choice for an unknown plan in the URL or the form", async () => {
    const page = await get("/subscribe?plan=weekly&promo=ABC");
    expect(page.status).toBe(200);
    const html = await text(page);
    expect(html).toContain("Choose Monthly");
    expect(html).not.toContain("Proceed to Payment");
    const visitorPost = await postForm("/subscribe", { plan: "weekly" });
    expect(visitorPost.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent("/subscribe")}`);
    const member = await createMember();
    const cookie = await signInWith(member.email, DEMO_PASSWORD);
    const memberPost = await postForm("/subscribe", { plan: "weekly" }, { cookie });
    expect(memberPost.status).toBe(400);
    expect(await text(memberPost)).toContain("Please choose a plan.");
  });

  it("shows a premium member their plan and 'Manage Billing' instead of a checkout", async () => {
    const { cookie } = await freeMember();
    await subscribeLocally(cookie, "yearly");
    const html = await text(await get("/subscribe?plan=monthly", { cookie }));
    expect(html).toMatch(/You have premium access on the yearly plan\. Renews on \w{3} \d{1,2}, \d{4}\./);
    expect(html).toMatch(/<a[^>]*href="\/account-settings#subscription"[^>]*>Manage Billing<\/a>/);
    expect(html).not.toContain("Proceed to Payment");
    expect(html).not.toContain("Choose Monthly");

    const response = await postForm("/subscribe", { plan: "monthly" }, { cookie });
    expect(response.status).toBe(409);
    expect(await text(response)).toContain("You already have premium access.");
  });
});

describe("checkout input", () => {
  it("answers an unknown or missing plan, a 5,000-character promo code and an unknown promo code with 4xx and a message, creating nothing", async () => {
    const { member, cookie } = await freeMember();
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ plan: "weekly" }, 400, "Please choose a plan."],
      [{ plan: "" }, 400, "Please choose a plan."],
      [{ plan: "monthly", promoCode: "X".repeat(5000) }, 400, "Promo code is too long."],
      [{ plan: "monthly", promoCode: "  NOPE2026 " }, 400, 'Promo code "NOPE2026" is invalid or has expired.'],
    ];
    for (const [fields, status, message] of cases) {
      const response = await postForm(`/subscribe?plan=monthly`, fields, { cookie });
      expect(response.status, JSON.stringify(fields).slice(0, 60)).toBe(status);
      const html = await text(response);
      expect(html).toContain(message);
    }
    // The unknown promo code shows inline, in the checkout form.
    const inline = await text(await postForm("/subscribe?plan=monthly", { plan: "monthly", promoCode: "NOPE2026" }, { cookie }));
    expect(inline).toMatch(/<p id="checkout-error" role="alert"[^>]*>Promo code "NOPE2026" is invalid or has expired\.<\/p>/);
    // Without JavaScript the page is drawn anew: the code typed is still in its field.
    expect(inline).toMatch(/<input id="promoCode"[^>]*name="promoCode" value="NOPE2026"/);

    expect(billingColumns(await storedMember(member.id))).toEqual(billingColumns(member));
    expect(await checkoutSessionsOf(member.id)).toEqual([]);
  });

  it("stops a member guessing promo codes: after 10 wrong ones in an hour the next is refused (429) without asking Stripe, a good code too", async () => {
    const { member, cookie } = await freeMember();
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await postForm("/subscribe?plan=monthly", { plan: "monthly", promoCode: `GUESS${attempt}` }, { cookie })).status).toBe(400);
    }
    const refused = await postForm("/subscribe?plan=monthly", { plan: "monthly", promoCode: "GRIDIRON10" }, { cookie });
    expect(refused.status).toBe(429);
    expect(await text(refused)).toMatch(/You have tried many promo codes\. Please try again in \d+ minutes?, or continue without one\./);
    // Without a code the checkout still goes on.
    expect((await postForm("/subscribe?plan=monthly", { plan: "monthly" }, { cookie })).status).toBe(302);
    expect(await checkoutSessionsOf(member.id)).toHaveLength(1);
  });

  it("counts wrong promo codes sent all at once before any is looked up: at most 10 are checked", async () => {
    const { cookie } = await freeMember();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, attempt) => postForm("/subscribe?plan=monthly", { plan: "monthly", promoCode: `BURST${attempt}` }, { cookie })),
    );
    const statuses = answers.map((response) => response.status);
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(10);
    await Promise.all(answers.map((response) => response.body?.cancel()));
  });

  it("refuses a checkout POST from another site (403) and creates nothing", async () => {
    // Sent without the form body here: on this shared server a refused POST's unread body can break
    // the next request (billing-stripe.test.ts sends the full form to its own server).
    const { member, cookie } = await freeMember();
    for (const headers of [
      { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" },
      { "Sec-Fetch-Site": "same-site", Origin: "https://sub.localhost" },
      { Origin: "https://evil.example", "Sec-Fetch-Site": "" },
    ]) {
      const response = await fetch(url("/subscribe?plan=monthly"), {
        method: "POST",
        redirect: "manual",
        headers: { Cookie: cookie, ...headers },
      });
      expect(response.status, JSON.stringify(headers)).toBe(403);
    }
    expect(billingColumns(await storedMember(member.id))).toEqual(billingColumns(member));
    expect(await checkoutSessionsOf(member.id)).toEqual([]);
  });

  it("applies a known promo code (trimmed, any case) and uses the server's price for the plan, whatever the browser sends", async () => {
    const { member, cookie } = await freeMember();
    const response = await postForm("/subscribe", { plan: "yearly", promoCode: "  gridiron10 ", priceId: "price_monthly_local", price: "1" }, { cookie });
    expect(response.status).toBe(302);
    const [session] = await checkoutSessionsOf(member.id);
    expect(session).toMatchObject({ priceId: "price_yearly_local", promotionCodeId: "promo_local_gridiron10", completed: false });
    const page = await text(await get(response.headers.get("Location")!, { cookie }));
    expect(page).toContain("Premium Yearly");
    expect(page).toContain("$125");
    expect(page).toContain("Promo code applied: GRIDIRON10 (10% off the first payment)");
    expect(page).toMatch(/<dd data-testid="due-today">\$112\.50<\/dd>/);
  });

  it("shows the full price, and no promo code, when none was entered", async () => {
    const { cookie } = await freeMember();
    const response = await postForm("/subscribe", { plan: "monthly", promoCode: "" }, { cookie });
    const page = await text(await get(response.headers.get("Location")!, { cookie }));
    expect(page).toContain("$14.95");
    expect(page).not.toContain("Promo code applied");
    expect(page).not.toContain("due-today");
  });
});

describe("/success", () => {
  it("grants nothing by itself: without the webhook it only says activation takes a moment", async () => {
    const { member, cookie } = await freeMember();
    const html = await text(await get("/success?session_id=cs_local_made_up", { cookie }));
    expect(html).toContain("Thank you for subscribing!");
    expect(html).toContain("We're activating your membership.");
    // The checkout's id goes on through the reloads (its webhook may land between two of them).
    expect(html).toContain('<meta http-equiv="refresh" content="3;url=/success?session_id=cs_local_made_up&check=1"/>');
    expect(await text(await get("/success?session_id=cs_local_made_up&check=4", { cookie }))).toContain(
      '<meta http-equiv="refresh" content="3;url=/success?session_id=cs_local_made_up&check=5"/>',
    );
    expect(await text(await get("/success", { cookie }))).toContain('<meta http-equiv="refresh" content="3;url=/success?check=1"/>');
    const gaveUp = await text(await get("/success?session_id=cs_local_made_up&check=20", { cookie }));
    expect(gaveUp).toContain('href="/success?session_id=cs_local_made_up"');
    expect(gaveUp).not.toContain('http-equiv="refresh"');
    expect(billingColumns(await storedMember(member.id))).toEqual(billingColumns(member));
  });

  it("sends a visitor to log in", async () => {
    const response = await get("/success?session_id=cs_local_x");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/auth/);
  });
});

describe("the whole local journey over HTTP", () => {
  let member: Awaited<ReturnType<typeof createMember>>;
  let cookie: string;
  let checkoutUrl: string;

  beforeAll(async () => {
    ({ member, cookie } = await freeMember());
  });

  it("starts as a free member who sees the unlock screen", async () => {
    const html = await text(await get(PREMIUM_SCHEME, { cookie }));
    expect(html).toContain("Unlock this scheme");
    expect(html).toContain("Free Tier");
  });

  it("POST /subscribe plan=monthly leads to the local test checkout, labelled test mode, with 'Pay' and 'Cancel'", async () => {
    const response = await postForm("/subscribe", { plan: "monthly" }, { cookie });
    expect(response.status).toBe(302);
    checkoutUrl = response.headers.get("Location")!;
    expect(checkoutUrl).toMatch(new RegExp(`^${baseUrl()}/subscribe/test-checkout\\?session=cs_local_\\w+$`));
    // One customer for the member, no subscription yet.
    const afterCheckout = await storedMember(member.id);
    expect(afterCheckout.stripeCustomerId).toMatch(/^cus_local_/);
    expect(afterCheckout.subscriptionTier).toBe("free");

    const page = await get(checkoutUrl, { cookie });
    expect(page.status).toBe(200);
    const html = await text(page);
    expect(html).toContain("Test mode");
    expect(html).toContain("Premium Monthly");
    expect(html).toContain("$14.95");
    expect(html).toMatch(/<button[^>]*>Pay<\/button>/);
    expect(html).toMatch(/<button[^>]*>Cancel<\/button>/);

    // Nobody else can open (or pay) this member's checkout.
    const other = await freeMember();
    expect((await get(checkoutUrl, { cookie: other.cookie })).status).toBe(404);
    const sessionId = new URL(checkoutUrl).searchParams.get("session")!;
    expect((await postForm("/subscribe/test-checkout", { session: sessionId, intent: "pay" }, { cookie: other.cookie })).status).toBe(404);
    expect((await storedMember(member.id)).subscriptionTier).toBe("free");
  });

  it("Pay leads to /success, which thanks the now premium member", async () => {
    const sessionId = new URL(checkoutUrl).searchParams.get("session")!;
    const paid = await postForm("/subscribe/test-checkout", { session: sessionId, intent: "pay" }, { cookie });
    expect(paid.status).toBe(302);
    const success = paid.headers.get("Location")!;
    expect(success).toBe(`${baseUrl()}/success?session_id=${sessionId}`);
    const html = await text(await get(success, { cookie }));
    expect(html).toContain("Thank you for subscribing!");
    expect(html).toContain("Your premium membership is active.");
    expect(html).toMatch(/<a[^>]*href="\/home"[^>]*>Go to Dashboard<\/a>/);

    const premium = await storedMember(member.id);
    expect(premium.subscriptionTier).toBe("premium");
    expect(premium.subscriptionStatus).toBe("active");
    expect(premium.subscriptionPlan).toBe("monthly");
    expect(premium.stripeSubscriptionId).toMatch(/^sub_local_/);
    // A calendar month, as Stripe bills (the same day next month), not a fixed 30 days.
    expect(Math.abs(premium.accessExpiresAt!.getTime() - nextMonth(Date.now()))).toBeLessThan(5 * 60 * 1000);
  });

  it("gives the member premium: the meta scheme shows its formations, not the unlock screen", async () => {
    const html = await text(await get(PREMIUM_SCHEME, { cookie }));
    expect(html).not.toContain("Unlock this scheme");
    expect(html).toMatch(/<h2 id="formations-title"[^>]*>Formations<\/h2>/);
    expect(html).toMatch(/>Premium<\/span>/);
  });

  it("cancels at period end: the toast, the 'Cancelled' badge, 'Ends {date}', and access kept", async () => {
    const response = await postForm("/account-settings", { intent: "cancel-subscription" }, { cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/account-settings#subscription");
    expect(toastFrom(response)).toEqual({
      kind: "success",
      title: "Subscription cancelled",
      description: "Your subscription has been cancelled. You'll have access until the end of your billing period.",
    });

    const cancelled = await storedMember(member.id);
    expect(cancelled.cancelAtPeriodEnd).toBe(true);
    expect(cancelled.subscriptionStatus).toBe("cancelled");
    expect(cancelled.subscriptionTier).toBe("premium");
    expect((await localSubscription(cancelled.stripeSubscriptionId!))!.cancelAtPeriodEnd).toBe(true);

    const html = await text(await get("/account-settings", { cookie: `${cookie}; ${toastCookie(response)}` }));
    expect(html).toContain("Subscription cancelled");
    expect(html).toMatch(/<span[^>]*>Cancelled<\/span>/);
    expect(html).toMatch(new RegExp(`<dt[^>]*>Ends</dt><dd[^>]*>${formatShortDate(cancelled.accessExpiresAt)}</dd>`));
    expect(html).toContain("Resume Subscription");
    expect(await text(await get(PREMIUM_SCHEME, { cookie }))).not.toContain("Unlock this scheme");
  });

  it("resumes", async () => {
    const response = await postForm("/account-settings", { intent: "resume-subscription" }, { cookie });
    expect(response.status).toBe(302);
    expect(toastFrom(response)).toMatchObject({ title: "Subscription resumed" });
    const resumed = await storedMember(member.id);
    expect(resumed.cancelAtPeriodEnd).toBe(false);
    expect(resumed.subscriptionStatus).toBe("active");
    const html = await text(await get("/account-settings", { cookie }));
    expect(html).toMatch(/<span[^>]*>Premium Active<\/span>/);
    expect(html).toMatch(new RegExp(`<dt[^>]*>Renews</dt><dd[^>]*>${formatShortDate(resumed.accessExpiresAt)}</dd>`));
    expect(html).toContain("Cancel Subscription");
    expect(html).not.toContain("Premium was given to this account by our team");
    // 'Cancel Subscription' asks first, on the card (a page of its own without JavaScript).
    expect(html).toMatch(/<a[^>]*href="\/account-settings\?cancel=confirm#subscription"[^>]*>Cancel Subscription<\/a>/);
    const confirm = await text(await get("/account-settings?cancel=confirm", { cookie }));
    expect(confirm).toContain("Cancel your subscription?");
    expect(confirm).toContain(`Premium stays until ${formatShortDate(resumed.accessExpiresAt)}, then ends; nothing more is charged.`);
    expect(confirm).toContain("Yes, cancel subscription");
    expect((await storedMember(member.id)).cancelAtPeriodEnd).toBe(false);
  });

  it("says premium given by the team (no subscription) charges nothing and has nothing to cancel", async () => {
    const html = await text(await get("/account-settings", { cookie: await signIn("premium") }));
    expect(html).toMatch(/<span[^>]*>Premium Active<\/span>/);
    expect(html).toContain("Premium was given to this account by our team: nothing is charged and there is nothing to cancel.");
    expect(html).not.toContain("Cancel Subscription");
    // It lasts until a day; it does not renew, and there is no billing to manage.
    expect(html).toMatch(/<dt[^>]*>Access until<\/dt>/);
    const subscribe = (await text(await get("/subscribe", { cookie: await signIn("premium") }))).replaceAll("<!-- -->", "");
    expect(subscribe).toMatch(/Access ends on \w{3} \d{1,2}, \d{4}\./);
    expect(subscribe).not.toContain("Manage Billing");
  });

  it("moves the end date on a simulated renewal", async () => {
    const before = await storedMember(member.id);
    const response = await postForm("/account-settings", { intent: "simulate-renewal" }, { cookie });
    expect(response.status).toBe(302);
    const after = await storedMember(member.id);
    expect(after.accessExpiresAt!.getTime()).toBe(nextMonth(before.accessExpiresAt!.getTime(), before.subscriptionStartDate!.getTime()));
    expect(after.subscriptionStatus).toBe("active");
    const html = await text(await get("/account-settings", { cookie }));
    expect(html).toMatch(new RegExp(`<dt[^>]*>Renews</dt><dd[^>]*>${formatShortDate(after.accessExpiresAt)}</dd>`));
  });

  it("a simulated failed payment makes the member past due, with a banner on every page and an e-mail", async () => {
    const response = await postForm("/account-settings", { intent: "simulate-failed-payment" }, { cookie });
    expect(response.status).toBe(302);
    const pastDue = await storedMember(member.id);
    expect(pastDue.subscriptionStatus).toBe("past_due");
    expect(pastDue.subscriptionTier).toBe("premium");

    for (const path of ["/", "/college", "/blog", "/home", "/account-settings", "/subscribe", PREMIUM_SCHEME]) {
      const html = await text(await get(path, { cookie }));
      expect(html, path).toMatch(/<div role="alert"[^>]*>Your last payment failed\. <a[^>]*href="\/account-settings#subscription"[^>]*>Update your card<\/a>/);
      expect(html.replaceAll("<!-- -->", ""), path).toContain("</a> to keep premium access.</div>");
    }
    expect(await text(await get("/account-settings", { cookie }))).toMatch(/<span[^>]*>Past Due<\/span>/);
    // The pricing page does not call it a renewal.
    const subscribe = (await text(await get("/subscribe", { cookie }))).replaceAll("<!-- -->", "");
    expect(subscribe).toContain("Your last payment failed</h1>");
    expect(subscribe).not.toContain("You&#x27;re all set");
    expect(subscribe).not.toContain("Renews on");
    const outbox = await text(await get("/dev/outbox"));
    expect(outbox).toContain(member.email);
    expect(outbox).toContain("Action needed: update your Gridiron Playbook payment");
  });

  it("a past-due member whose grace ran out can still cancel and update their card, and is not sold a second subscription", async () => {
    const { member: lapsed, cookie: lapsedCookie } = await freeMember();
    await subscribeLocally(lapsedCookie);
    expect((await postForm("/account-settings", { intent: "simulate-failed-payment" }, { cookie: lapsedCookie })).status).toBe(302);
    // The grace days are over; Stripe still retries the payment.
    await state.d1.prepare("UPDATE users SET access_expires_at = ?1 WHERE id = ?2").bind(Date.now() - 60_000, lapsed.id).run();

    const card = (await text(await get("/account-settings", { cookie: lapsedCookie }))).replaceAll("<!-- -->", "");
    expect(card).toMatch(/<span[^>]*>Past Due<\/span>/);
    expect(card).toMatch(/<dt[^>]*>Access ended<\/dt>/);
    expect(card).toContain("Cancel Subscription");
    expect(card).toContain("Manage Billing");
    expect(card).toContain("Update your card with Manage Billing to get back premium access.");
    expect(card).not.toContain("Upgrade to Premium");
    // The banner no longer says access is kept.
    expect(card).toContain("</a> to get back premium access.</div>");

    const message = "Your subscription is still running: its last payment failed. Update your card with Manage Billing in Account Settings to get premium back; paying again would charge you twice.";
    const page = (await text(await get("/subscribe", { cookie: lapsedCookie }))).replaceAll("&#x27;", "'").replaceAll("<!-- -->", "");
    expect(page).toContain(message);
    const second = await postForm("/subscribe", { plan: "monthly" }, { cookie: lapsedCookie });
    expect(second.status).toBe(409);
    expect((await text(second)).replaceAll("&#x27;", "'")).toContain(message);
    expect(await checkoutSessionsOf(lapsed.id)).toHaveLength(1);

    // Its access already paused: the question and the answer promise no premium.
    const question = await text(await get("/account-settings?cancel=confirm", { cookie: lapsedCookie }));
    expect(question).toContain("Keep subscription");
    expect(question).not.toContain("Keep premium");
    const cancel = await postForm("/account-settings", { intent: "cancel-subscription" }, { cookie: lapsedCookie });
    expect(cancel.status).toBe(302);
    expect(toastFrom(cancel)).toEqual({ kind: "success", title: "Subscription cancelled", description: "Your subscription has been cancelled: nothing more will be charged." });
    const cancelled = await storedMember(lapsed.id);
    expect(cancelled.cancelAtPeriodEnd || cancelled.subscriptionStatus === "cancelled").toBe(true);
    // Cancelled, it is simply ending: no 'Past Due', and nothing asks for a card any more.
    const after = await text(await get("/account-settings", { cookie: lapsedCookie }));
    expect(after).toMatch(/<span[^>]*>Cancelled<\/span>/);
    expect(after).not.toContain("Your last payment failed");

    // Bought again, the new subscription is paid: it is the membership, and the failing one ends
    // (Stripe stops retrying it), whichever comes first.
    const failing = cancelled.stripeSubscriptionId!;
    // Four days on: the grace is over (the cancel read the subscription again, from its period's start).
    const snapshot = (await localSubscription(failing))!;
    snapshot.currentPeriodStart -= 4 * 86_400;
    snapshot.startDate -= 35 * 86_400;
    await state.env.KV.put(`stripe-local:subscription:${failing}`, JSON.stringify(snapshot));
    await state.d1.prepare("UPDATE users SET access_expires_at = ?1 WHERE id = ?2").bind(Date.now() - 60_000, lapsed.id).run();
    expect(await text(await get("/subscribe", { cookie: lapsedCookie }))).toContain("Choose Monthly");
    await subscribeLocally(lapsedCookie);
    const renewed = await storedMember(lapsed.id);
    expect(renewed).toMatchObject({ subscriptionTier: "premium", subscriptionStatus: "active", cancelAtPeriodEnd: false });
    expect(renewed.stripeSubscriptionId).not.toBe(failing);
    expect((await localSubscription(failing))?.status).toBe("canceled");
    expect((await localSubscription(renewed.stripeSubscriptionId!))?.status).toBe("active");
    expect(await text(await get(PREMIUM_SCHEME, { cookie: lapsedCookie }))).not.toContain("Unlock this scheme");
  });

  it("staff cannot set a member Free while Stripe still charges them", async () => {
    const { member: paying, cookie: payingCookie } = await freeMember();
    await subscribeLocally(payingCookie);
    const before = await storedMember(paying.id);
    const superadmin = await signIn("superadmin");
    const dialog = await text(await get(`/admin?q=${encodeURIComponent(paying.email)}&user=${paying.id}&dialog=edit`, { cookie: superadmin }));
    expect(dialog).toContain("Pays through a running subscription: Free once it is cancelled.");
    const response = await postForm(
      "/admin",
      { intent: "update-user", userId: paying.id, firstName: "Pay", lastName: "Ing", email: paying.email, subscriptionTier: "free", subscriptionStatus: "active", revision: String(before.updatedAt.getTime()) },
      { cookie: superadmin },
    );
    expect(response.status).toBe(409);
    expect(await text(response)).toContain("This member pays for a subscription that is still running. Cancel it first (in Stripe, or they can in Account Settings); set Free after that.");
    expect((await storedMember(paying.id)).subscriptionTier).toBe("premium");

    // Nor by setting its status first (Stripe sets it), nor give a date Stripe would undo.
    const edit = (fields: Record<string, string>) =>
      postForm(
        "/admin",
        { intent: "update-user", userId: paying.id, firstName: "Pay", lastName: "Ing", email: paying.email, subscriptionTier: "premium", subscriptionStatus: "active", revision: String(before.updatedAt.getTime()), ...fields },
        { cookie: superadmin },
      );
    const inactive = await edit({ subscriptionStatus: "inactive" });
    expect(inactive.status).toBe(409);
    expect((await text(inactive)).replaceAll("&#x27;", "'")).toContain("Stripe sets this member's status while their subscription runs");
    const later = await edit({ accessExpiresAt: "2031-12-31" });
    expect(later.status).toBe(409);
    expect((await text(later)).replaceAll("&#x27;", "'")).toContain("Stripe sets this member's last day of access while their subscription runs");
    expect(await storedMember(paying.id)).toMatchObject({ subscriptionTier: "premium", subscriptionStatus: "active", accessExpiresAt: before.accessExpiresAt });
    // The names still save.
    const named = await edit({ firstName: "Paige" });
    expect(named.status).toBe(302);
    expect((await storedMember(paying.id)).firstName).toBe("Paige");

    // Cancelled by the member, it runs to its period's end, when Stripe's last event sets the day:
    // extra time given here would be wiped then, so it is refused too.
    expect((await postForm("/account-settings", { intent: "cancel-subscription" }, { cookie: payingCookie })).status).toBe(302);
    const cancelled = await storedMember(paying.id);
    expect(cancelled.cancelAtPeriodEnd).toBe(true);
    const extended = await postForm(
      "/admin",
      { intent: "update-user", userId: paying.id, firstName: "Paige", lastName: "Ing", email: paying.email, subscriptionTier: "premium", subscriptionStatus: cancelled.subscriptionStatus, accessExpiresAt: "2031-12-31", revision: String(cancelled.updatedAt.getTime()) },
      { cookie: superadmin },
    );
    expect(extended.status).toBe(409);
    expect((await storedMember(paying.id)).accessExpiresAt).toEqual(cancelled.accessExpiresAt);
  });

  it("staff setting Free on a member whose cancelled subscription runs to its period's end ends it at Stripe now, and it stays ended: neither the scheduled job nor a new checkout brings it back", async () => {
    const { member: leaving, cookie } = await freeMember();
    await subscribeLocally(cookie, "yearly");
    expect((await postForm("/account-settings", { intent: "cancel-subscription" }, { cookie })).status).toBe(302);
    const cancelled = await storedMember(leaving.id);
    const subscription = cancelled.stripeSubscriptionId!;
    const superadmin = await signIn("superadmin");
    const dialog = (await text(await get(`/admin?q=${encodeURIComponent(leaving.email)}&user=${leaving.id}&dialog=edit`, { cookie: superadmin }))).replaceAll("&#x27;", "'");
    expect(dialog).toContain("Cancelled, paid to the end of its period: Free ends it at Stripe now, with no refund (give one in Stripe if it is owed).");

    const setFree = (email: string) =>
      postForm(
        "/admin",
        {
          intent: "update-user",
          userId: leaving.id,
          firstName: leaving.firstName ?? "",
          lastName: leaving.lastName ?? "",
          email,
          subscriptionTier: "free",
          subscriptionStatus: cancelled.subscriptionStatus,
          accessExpiresAt: cancelled.accessExpiresAt!.toISOString().slice(0, 10),
          revision: String(cancelled.updatedAt.getTime()),
        },
        { cookie: superadmin },
      );
    // Refused for another reason (an address another account uses): nothing ends at Stripe.
    const refused = await setFree(DEMO_ACCOUNTS.admin.email);
    expect(refused.status).toBe(400);
    expect(await text(refused)).toContain("Another account already uses this email address.");
    expect((await localSubscription(subscription))?.status).toBe("active");
    expect(billingColumns(await storedMember(leaving.id))).toEqual(billingColumns(cancelled));

    const edited = await setFree(leaving.email);
    expect(edited.status).toBe(302);
    expect((await localSubscription(subscription))?.status).toBe("canceled");
    const freed = await storedMember(leaving.id);
    expect(freed).toMatchObject({ subscriptionTier: "free", subscriptionStatus: "cancelled", stripeSubscriptionId: null, cancelAtPeriodEnd: false });
    expect(Math.abs(freed.accessExpiresAt!.getTime() - Date.now())).toBeLessThan(60_000);
    expect(await text(await get(PREMIUM_SCHEME, { cookie }))).toContain("Unlock this scheme");

    // The scheduled job leaves it so.
    expect((await get(`/cdn-cgi/local/scheduled?cron=${encodeURIComponent("*/30 * * * *")}`)).status).toBe(200);
    expect(await storedMember(leaving.id)).toMatchObject({ subscriptionTier: "free", stripeSubscriptionId: null });
    // The member buys again: the new subscription is theirs, not ended as a duplicate of the old one.
    await subscribeLocally(cookie);
    const again = await storedMember(leaving.id);
    expect(again).toMatchObject({ subscriptionTier: "premium", subscriptionStatus: "active" });
    expect(again.stripeSubscriptionId).not.toBe(subscription);
    expect((await localSubscription(again.stripeSubscriptionId!))?.status).toBe("active");
  });

  it("a paying member made staff can still cancel the subscription Stripe charges (their role gives access, the subscription still bills)", async () => {
    const { member: paying, cookie: payingCookie } = await freeMember();
    await subscribeLocally(payingCookie);
    await state.d1.prepare("UPDATE users SET role = 'admin' WHERE id = ?1").bind(paying.id).run();
    const card = (await text(await get("/account-settings", { cookie: payingCookie }))).replaceAll("<!-- -->", "");
    expect(card).toContain("Staff (full access)");
    expect(card).toContain("Your staff role gives you full access; this premium subscription is still charged.");
    expect(card).toContain("Cancel Subscription");
    expect(card).toMatch(/<dt[^>]*>Renews<\/dt>/);
    expect((await postForm("/account-settings", { intent: "cancel-subscription" }, { cookie: payingCookie })).status).toBe(302);
    expect((await storedMember(paying.id)).cancelAtPeriodEnd).toBe(true);
  });

  it("'Past Due' is Stripe's word for a failed payment: staff cannot set it without a subscription, and one set so says nothing of a payment", async () => {
    const { member: given, cookie: givenCookie } = await freeMember();
    const superadmin = await signIn("superadmin");
    const before = await storedMember(given.id);
    const refused = await postForm(
      "/admin",
      { intent: "update-user", userId: given.id, firstName: "Gi", lastName: "Ven", email: given.email, subscriptionTier: "premium", subscriptionStatus: "past_due", accessExpiresAt: "2031-03-31", revision: String(before.updatedAt.getTime()) },
      { cookie: superadmin },
    );
    expect(refused.status).toBe(400);
    expect(await text(refused)).toContain("Past Due means Stripe failed to take a payment. This member has no subscription: choose another status.");
    expect((await storedMember(given.id)).subscriptionStatus).toBe(before.subscriptionStatus);
    // Stored so all the same (an older edit, an import): no failed payment is claimed anywhere.
    await state.d1.prepare("UPDATE users SET subscription_status = 'past_due' WHERE id = ?1").bind(given.id).run();
    for (const path of ["/account-settings", "/subscribe", "/college"]) expect(await text(await get(path, { cookie: givenCookie })), path).not.toContain("Your last payment failed");
  });

  it("an ended subscription offers no simulations, and a forged one changes nothing and sends nothing", async () => {
    const { member: ending, cookie: endingCookie } = await freeMember();
    await subscribeLocally(endingCookie);
    expect((await postForm("/account-settings", { intent: "cancel-subscription" }, { cookie: endingCookie })).status).toBe(302);
    expect((await postForm("/account-settings", { intent: "simulate-renewal" }, { cookie: endingCookie })).status).toBe(302);
    const ended = await storedMember(ending.id);
    expect(ended.subscriptionTier).toBe("free");
    // The simulated period end is now: ended, with the day it did, not a day still ahead.
    expect(ended.accessExpiresAt!.getTime()).toBeLessThanOrEqual(Date.now());
    const page = await text(await get("/account-settings", { cookie: endingCookie }));
    expect(page).toContain(">Cancelled<");
    expect(page).toMatch(/>Premium ended<\/dt><dd[^>]*>\w{3} \d{1,2}, \d{4}</);
    expect(page).not.toContain("Simulate renewal");
    expect(page).not.toContain("Simulate failed payment");
    const outboxBefore = await text(await get("/dev/outbox"));
    for (const intent of ["simulate-failed-payment", "simulate-renewal"]) {
      await postForm("/account-settings", { intent }, { cookie: endingCookie });
    }
    expect(billingColumns(await storedMember(ending.id))).toEqual(billingColumns(ended));
    expect((await localSubscription(ended.stripeSubscriptionId!))?.status).toBe("canceled");
    const outboxAfter = await text(await get("/dev/outbox"));
    expect(outboxAfter.split(ending.email).length).toBe(outboxBefore.split(ending.email).length);
    // 'Resume' or 'Cancel' from a page left open past the end (on another device: this browser's own
    // 'Cancel' sent again within seconds is that cancellation again, decision 0025) is told it ended.
    const elsewhere = await signInWith(ending.email, DEMO_PASSWORD);
    for (const intent of ["resume-subscription", "cancel-subscription"]) {
      const late = await postForm("/account-settings", { intent }, { cookie: elsewhere });
      expect(late.status, intent).toBe(409);
      expect((await text(late)).replaceAll("&#x27;", "'")).toContain("Your subscription has already ended, so nothing was changed.");
    }
    expect(billingColumns(await storedMember(ending.id))).toEqual(billingColumns(ended));
  });

  it("premium given by staff after the subscription ended is the team's: no 'Resume', and neither the scheduled job nor a late Stripe event takes it back", async () => {
    const { member: former, cookie: formerCookie } = await freeMember();
    await subscribeLocally(formerCookie);
    expect((await postForm("/account-settings", { intent: "cancel-subscription" }, { cookie: formerCookie })).status).toBe(302);
    expect((await postForm("/account-settings", { intent: "simulate-renewal" }, { cookie: formerCookie })).status).toBe(302);
    const ended = await storedMember(former.id);
    expect(ended).toMatchObject({ subscriptionTier: "free", subscriptionStatus: "cancelled" });
    const endedSubscription = ended.stripeSubscriptionId!;

    // The superadmin gives premium, leaving the status as the dialog shows it.
    const superadmin = await signIn("superadmin");
    const edit = (fields: Record<string, string>, revision: Date) =>
      postForm(
        "/admin",
        { intent: "update-user", userId: former.id, firstName: "For", lastName: "Mer", email: former.email, subscriptionTier: "premium", subscriptionStatus: "cancelled", revision: String(revision.getTime()), ...fields },
        { cookie: superadmin },
      );
    expect((await edit({ accessExpiresAt: "2031-06-30" }, ended.updatedAt)).status).toBe(302);
    const given = await storedMember(former.id);
    expect(given).toMatchObject({ subscriptionTier: "premium", stripeSubscriptionId: null, subscriptionPlan: null, subscriptionStartDate: null });
    // No plan is claimed for it: nothing is charged.
    const pricing = (await text(await get("/subscribe", { cookie: formerCookie }))).replaceAll("<!-- -->", "");
    expect(pricing).not.toMatch(/on the (monthly|yearly) plan/);
    const card = (await text(await get("/account-settings", { cookie: formerCookie }))).replaceAll("<!-- -->", "");
    expect(card).toContain("Premium was given to this account by our team");
    expect(card).not.toContain("Resume Subscription");
    expect(card).not.toContain("Cancel Subscription");

    // The scheduled job and a late event about the ended subscription leave the grant alone.
    expect((await get(`/cdn-cgi/local/scheduled?cron=${encodeURIComponent("*/30 * * * *")}`)).status).toBe(200);
    const payload = eventPayload("customer.subscription.deleted", { id: endedSubscription, object: "subscription", customer: ended.stripeCustomerId, metadata: { userId: former.id } });
    const late = await postWebhook(baseUrl(), payload, await signatureFor(payload, LOCAL_WEBHOOK_SECRET));
    expect(late.status).toBe(200);
    expect(billingColumns(await storedMember(former.id))).toEqual(billingColumns(given));
    expect(await text(await get(PREMIUM_SCHEME, { cookie: formerCookie }))).not.toContain("Unlock this scheme");

    // Staff can still change or end it: nothing charges this member.
    expect((await edit({ subscriptionStatus: "active", accessExpiresAt: "2031-09-30" }, given.updatedAt)).status).toBe(302);
    const moved = await storedMember(former.id);
    expect(moved.accessExpiresAt?.toISOString()).toBe("2031-09-30T23:59:59.000Z");
    expect((await text(await get("/account-settings", { cookie: formerCookie }))).replaceAll("<!-- -->", "")).toMatch(/<dt[^>]*>Access until<\/dt>/);
    expect((await edit({ subscriptionTier: "free", subscriptionStatus: "inactive", accessExpiresAt: "" }, moved.updatedAt)).status).toBe(302);
    expect(await storedMember(former.id)).toMatchObject({ subscriptionTier: "free" });
    // And the member may subscribe again.
    expect((await postForm("/subscribe", { plan: "monthly" }, { cookie: formerCookie })).status).toBe(302);
  });

  it("resumed while a payment is failing, the toast does not promise a renewal 'as usual'", async () => {
    const { cookie: failingCookie } = await freeMember();
    await subscribeLocally(failingCookie);
    expect((await postForm("/account-settings", { intent: "simulate-failed-payment" }, { cookie: failingCookie })).status).toBe(302);
    expect((await postForm("/account-settings", { intent: "cancel-subscription" }, { cookie: failingCookie })).status).toBe(302);
    const resumed = await postForm("/account-settings", { intent: "resume-subscription" }, { cookie: failingCookie });
    expect(resumed.status).toBe(302);
    expect(toastFrom(resumed)).toMatchObject({ title: "Subscription resumed", description: "Your subscription goes on once a payment goes through: update your card with Manage Billing." });
  });

  it("a late 'payment failed' about a subscription paid since sends no e-mail", async () => {
    const { member: payer, cookie: payerCookie } = await freeMember();
    await subscribeLocally(payerCookie);
    expect((await postForm("/account-settings", { intent: "simulate-failed-payment" }, { cookie: payerCookie })).status).toBe(302);
    expect((await postForm("/account-settings", { intent: "simulate-renewal" }, { cookie: payerCookie })).status).toBe(302);
    const paid = await storedMember(payer.id);
    expect(paid.subscriptionStatus).toBe("active");
    const mails = async () => (await text(await get("/dev/outbox"))).split(payer.email).length;
    const before = await mails();
    const payload = eventPayload("invoice.payment_failed", { id: `in_local_${crypto.randomUUID().slice(0, 8)}`, object: "invoice", customer: paid.stripeCustomerId, subscription: paid.stripeSubscriptionId });
    const late = await postWebhook(baseUrl(), payload, await signatureFor(payload, LOCAL_WEBHOOK_SECRET));
    expect(late.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await mails()).toBe(before);
    expect((await storedMember(payer.id)).subscriptionStatus).toBe("active");
  });

  it("has no billing portal in local mode (a message instead of a redirect)", async () => {
    const response = await postForm("/account-settings", { intent: "manage-billing" }, { cookie });
    expect(response.status).toBe(400);
    expect(await text(response)).toContain("The Stripe billing portal opens here once Stripe is configured.");
  });
});

describe("one membership per member", () => {
  it("refuses to pay a second checkout opened before the first was paid (a second tab): nothing charged, one subscription", async () => {
    const { member, cookie } = await freeMember();
    const opened = [];
    for (const plan of ["monthly", "yearly"]) {
      const response = await postForm("/subscribe", { plan }, { cookie });
      expect(response.status).toBe(302);
      opened.push(new URL(response.headers.get("Location")!).searchParams.get("session")!);
    }
    const [first, second] = opened;
    expect((await postForm("/subscribe/test-checkout", { session: first, intent: "pay" }, { cookie })).status).toBe(302);
    const paid = await storedMember(member.id);
    expect(paid.subscriptionPlan).toBe("monthly");

    // The second tab, opened before: its page says why there is nothing to pay, and paying is refused.
    const page = await text(await get(`/subscribe/test-checkout?session=${second}`, { cookie }));
    expect(page).toContain("You already have premium access, so this checkout was not paid and nothing was charged.");
    expect(page).not.toMatch(/<button[^>]*>Pay<\/button>/);
    const refused = await postForm("/subscribe/test-checkout", { session: second, intent: "pay" }, { cookie });
    expect(refused.status).toBe(409);
    expect(await text(refused)).toContain("Manage your plan from Account Settings.");

    const after = await storedMember(member.id);
    expect(after).toMatchObject({ subscriptionPlan: "monthly", stripeSubscriptionId: paid.stripeSubscriptionId });
    expect((await checkoutSessionsOf(member.id)).map((session) => [session!.id, session!.completed]).sort()).toEqual(
      [[first, true], [second, false]].sort(),
    );
    expect((await localSubscription(paid.stripeSubscriptionId!))?.status).toBe("active");
  });

  it("a second checkout paid while the first was being paid: one is the membership, and the other's /success says it was ended and refunded", async () => {
    const { member, cookie } = await freeMember();
    const opened: string[] = [];
    for (const plan of ["monthly", "yearly"]) {
      const response = await postForm("/subscribe", { plan }, { cookie });
      opened.push(new URL(response.headers.get("Location")!).searchParams.get("session")!);
    }
    const [first, second] = opened;
    expect((await postForm("/subscribe/test-checkout", { session: first, intent: "pay" }, { cookie })).status).toBe(302);
    const paid = await storedMember(member.id);
    // The second tab pays before the first one's webhook made the member premium (two tabs at once):
    // the clock of the first subscription goes back a day, so it is the one bought first.
    const snapshot = (await localSubscription(paid.stripeSubscriptionId!))!;
    snapshot.startDate -= 86_400;
    await state.env.KV.put(`stripe-local:subscription:${snapshot.id}`, JSON.stringify(snapshot));
    await updateMember(member.id, { accessExpiresAt: new Date(Date.now() - 1000) });
    expect((await postForm("/subscribe/test-checkout", { session: second, intent: "pay" }, { cookie })).status).toBe(302);
    await updateMember(member.id, { accessExpiresAt: paid.accessExpiresAt });
    expect((await storedMember(member.id)).stripeSubscriptionId).toBe(paid.stripeSubscriptionId);

    const pageOf = async (session: string) => (await text(await get(`/success?session_id=${session}`, { cookie }))).replaceAll("<!-- -->", "");
    const ended = await pageOf(second);
    expect(ended).toContain("You already had premium, so this checkout's subscription was ended at once and its payment refunded");
    expect(ended).not.toContain("Your premium membership is active.");
    expect(await pageOf(first)).toContain("Your premium membership is active.");
    // Someone else's checkout says nothing about it.
    const other = await freeMember();
    await updateMember(other.member.id, { subscriptionTier: "premium", subscriptionStatus: "active", accessExpiresAt: new Date(Date.now() + 86_400_000), stripeSubscriptionId: "sub_local_other" });
    expect(await text(await get(`/success?session_id=${second}`, { cookie: other.cookie }))).not.toContain("refunded");
  });
});

describe("subscription changes per member", () => {
  it("a free member has nothing to cancel (4xx) and cannot touch another member's subscription by naming it", async () => {
    const victim = await freeMember();
    await subscribeLocally(victim.cookie);
    const victimBefore = await storedMember(victim.member.id);
    expect(victimBefore.subscriptionTier).toBe("premium");
    const victimSubscription = victimBefore.stripeSubscriptionId!;

    const { member, cookie } = await freeMember();
    for (const intent of ["cancel-subscription", "resume-subscription", "simulate-renewal", "simulate-failed-payment"]) {
      const response = await postForm(
        "/account-settings",
        { intent, subscriptionId: victimSubscription, stripeSubscriptionId: victimSubscription, userId: victim.member.id },
        { cookie },
      );
      expect(response.status, intent).toBe(400);
      expect(await text(response), intent).toContain("You have no subscription to change.");
    }
    expect(billingColumns(await storedMember(member.id))).toEqual(billingColumns(member));
    expect(billingColumns(await storedMember(victim.member.id))).toEqual(billingColumns(victimBefore));
    expect((await localSubscription(victimSubscription))!.cancelAtPeriodEnd).toBe(false);
  });

  it("a premium member who names another member's subscription only cancels their own", async () => {
    const victim = await freeMember();
    await subscribeLocally(victim.cookie);
    const victimBefore = await storedMember(victim.member.id);
    const attacker = await freeMember();
    await subscribeLocally(attacker.cookie, "yearly");

    const response = await postForm(
      "/account-settings",
      { intent: "cancel-subscription", subscriptionId: victimBefore.stripeSubscriptionId! },
      { cookie: attacker.cookie },
    );
    expect(response.status).toBe(302);
    const attackerAfter = await storedMember(attacker.member.id);
    expect(attackerAfter.cancelAtPeriodEnd).toBe(true);
    expect(billingColumns(await storedMember(victim.member.id))).toEqual(billingColumns(victimBefore));
    expect((await localSubscription(victimBefore.stripeSubscriptionId!))!.cancelAtPeriodEnd).toBe(false);
  });

  it("a visitor is sent to log in", async () => {
    const response = await postForm("/account-settings", { intent: "cancel-subscription" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/auth/);
  });
});

describe("/cancel", () => {
  it("shows 'Payment Cancelled' and 'Try Again' to /subscribe", async () => {
    const html = await text(await get("/cancel"));
    expect(html).toContain("Payment Cancelled");
    expect(html).toMatch(/<a[^>]*href="\/subscribe"[^>]*>Try Again<\/a>/);
  });

  it("is where the test checkout's 'Cancel' leads, with nothing paid", async () => {
    const { member, cookie } = await freeMember();
    const checkout = await postForm("/subscribe", { plan: "monthly" }, { cookie });
    const sessionId = new URL(checkout.headers.get("Location")!).searchParams.get("session")!;
    const cancelled = await postForm("/subscribe/test-checkout", { session: sessionId, intent: "cancel" }, { cookie });
    expect(cancelled.status).toBe(302);
    expect(cancelled.headers.get("Location")).toBe(`${baseUrl()}/cancel`);
    const after = await storedMember(member.id);
    expect(after.subscriptionTier).toBe("free");
    expect(after.stripeSubscriptionId).toBeNull();
    expect((await checkoutSessionsOf(member.id))[0]?.completed).toBe(false);
  });
});

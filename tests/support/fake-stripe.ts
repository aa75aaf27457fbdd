// A small fake of Stripe's REST API on loopback: the endpoints the app calls, with enough state to
// answer like Stripe, and a record of every request (form fields decoded) for the tests to check.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type RecordedRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  form: Record<string, string>;
  headers: IncomingMessage["headers"];
};

export type FakeSubscription = {
  id: string;
  object: "subscription";
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  start_date: number;
  ended_at: number | null;
  metadata: Record<string, string>;
  latest_invoice: string | null;
  items: {
    object: "list";
    data: Array<{ id: string; object: "subscription_item"; price: { id: string; object: "price" }; current_period_start: number; current_period_end: number }>;
  };
};

type CheckoutSession = { id: string; url: string; form: Record<string, string> };

const DAY = 24 * 60 * 60;

export async function startFakeStripe() {
  const requests: RecordedRequest[] = [];
  const customers = new Map<string, { id: string; email: string; metadata: Record<string, string> }>();
  const subscriptions = new Map<string, FakeSubscription>();
  const sessions = new Map<string, CheckoutSession>();
  const promotionCodes = new Map<string, string>();
  const idempotent = new Map<string, unknown>();
  const failures = new Set<string>();
  // Each checkout's first invoice, paid by one payment intent; refunds made against them.
  const invoicePayments = new Map<string, { id: string; invoice: string; paymentIntent: string }>();
  const refunds: Array<{ id: string; payment_intent: string; reason: string | null; idempotencyKey: string | null }> = [];
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_fake_${++counter}`;

  function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    response.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_fake_${counter}`, ...headers });
    response.end(JSON.stringify(body));
  }

  function stripeError(response: ServerResponse, status: number, type: string, message: string, code?: string) {
    send(response, status, { error: { type, message, ...(code ? { code } : {}) } }, { "Stripe-Should-Retry": "false" });
  }

  function handle(request: RecordedRequest, response: ServerResponse) {
    const route = `${request.method} ${request.path.replace(/\/(sub|cus|cs)_[\w]+$/, "/:id")}`;
    if (failures.has(route)) return stripeError(response, 500, "api_error", "Something went wrong on Stripe's end.");
    const { form } = request;
    const idempotencyKey = request.headers["idempotency-key"];

    if (route === "POST /v1/customers") {
      const key = typeof idempotencyKey === "string" && idempotencyKey.startsWith("customer-") ? idempotencyKey : null;
      if (key && idempotent.has(key)) return send(response, 200, idempotent.get(key));
      const customer = { id: nextId("cus"), object: "customer", email: form.email, name: form.name ?? null, metadata: metadataOf(form, "metadata") };
      customers.set(customer.id, customer);
      if (key) idempotent.set(key, customer);
      return send(response, 200, customer);
    }
    if (route === "POST /v1/customers/:id") {
      const customer = customers.get(request.path.split("/").pop()!);
      if (!customer) return stripeError(response, 404, "invalid_request_error", `No such customer: '${request.path.split("/").pop()}'`, "resource_missing");
      if ("email" in form) customer.email = form.email;
      return send(response, 200, { object: "customer", ...customer });
    }
    if (route === "GET /v1/promotion_codes") {
      const id = request.query.active === "true" ? promotionCodes.get(request.query.code ?? "") : undefined;
      return send(response, 200, {
        object: "list",
        url: "/v1/promotion_codes",
        has_more: false,
        data: id ? [{ id, object: "promotion_code", code: request.query.code, active: true }] : [],
      });
    }
    if (route === "POST /v1/checkout/sessions") {
      const id = nextId("cs");
      const session = { id, url: `https://checkout.stripe.com/c/pay/${id}`, form };
      sessions.set(id, session);
      return send(response, 200, { id, object: "checkout.session", mode: form.mode, url: session.url, customer: form.customer, client_reference_id: form.client_reference_id });
    }
    const subscriptionMatch = /^\/v1\/subscriptions\/([\w]+)$/.exec(request.path);
    if (subscriptionMatch) {
      const subscription = subscriptions.get(subscriptionMatch[1]);
      if (!subscription) return stripeError(response, 404, "invalid_request_error", `No such subscription: '${subscriptionMatch[1]}'`, "resource_missing");
      if (request.method === "POST" && "cancel_at_period_end" in form) subscription.cancel_at_period_end = form.cancel_at_period_end === "true";
      if (request.method === "DELETE") Object.assign(subscription, { status: "canceled", ended_at: Math.floor(Date.now() / 1000) });
      return send(response, 200, subscription);
    }
    if (route === "GET /v1/invoice_payments") {
      const payment = request.query.status === "paid" ? invoicePayments.get(request.query.invoice ?? "") : undefined;
      return send(response, 200, {
        object: "list",
        url: "/v1/invoice_payments",
        has_more: false,
        data: payment
          ? [{ id: payment.id, object: "invoice_payment", invoice: payment.invoice, status: "paid", payment: { type: "payment_intent", payment_intent: payment.paymentIntent } }]
          : [],
      });
    }
    if (route === "POST /v1/refunds") {
      const key = typeof idempotencyKey === "string" ? idempotencyKey : null;
      const earlier = key ? refunds.find((refund) => refund.idempotencyKey === key) : undefined;
      if (earlier) return send(response, 200, { ...earlier, object: "refund", status: "succeeded" });
      const refund = { id: nextId("re"), payment_intent: form.payment_intent, reason: form.reason ?? null, idempotencyKey: key };
      refunds.push(refund);
      return send(response, 200, { ...refund, object: "refund", status: "succeeded" });
    }
    if (route === "POST /v1/billing_portal/sessions") {
      const id = nextId("bps");
      return send(response, 200, { id, object: "billing_portal.session", customer: form.customer, return_url: form.return_url, url: `https://billing.stripe.com/p/session/test_${id}` });
    }
    return stripeError(response, 404, "invalid_request_error", `Unrecognized request URL (${request.method}: ${request.path}).`);
  }

  const server = createServer((incoming, response) => {
    let body = "";
    incoming.setEncoding("utf8");
    incoming.on("data", (chunk) => (body += chunk));
    incoming.on("end", () => {
      const requestUrl = new URL(incoming.url ?? "/", "http://127.0.0.1");
      const request: RecordedRequest = {
        method: incoming.method ?? "GET",
        path: requestUrl.pathname,
        query: Object.fromEntries(requestUrl.searchParams),
        form: Object.fromEntries(new URLSearchParams(body)),
        headers: incoming.headers,
      };
      requests.push(request);
      try {
        handle(request, response);
      } catch (error) {
        stripeError(response, 500, "api_error", String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    customers,
    subscriptions,
    promotionCodes,
    refunds,
    /** Requests to one endpoint, e.g. ("POST", "/v1/customers"). */
    requestsTo(method: string, path: string | RegExp) {
      return requests.filter((request) => request.method === method && (typeof path === "string" ? request.path === path : path.test(request.path)));
    },
    /** Makes an endpoint (e.g. "POST /v1/checkout/sessions") answer with a Stripe API error until cleared. */
    fail(route: string) {
      failures.add(route);
    },
    clearFailures() {
      failures.clear();
    },
    /** What Stripe does when the customer pays: the subscription exists, and checkout.session.completed is sent. */
    completeCheckout(sessionId: string, overrides: Partial<FakeSubscription> = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`No checkout session ${sessionId}`);
      const now = Math.floor(Date.now() / 1000);
      const subscription = fakeSubscription({
        id: nextId("sub"),
        customer: session.form.customer,
        price: session.form["line_items[0][price]"],
        userId: session.form["subscription_data[metadata][userId]"],
        periodStart: now,
        periodEnd: now + 30 * DAY,
      });
      const invoice = nextId("in");
      invoicePayments.set(invoice, { id: nextId("inpay"), invoice, paymentIntent: nextId("pi") });
      subscription.latest_invoice = invoice;
      Object.assign(subscription, overrides);
      subscriptions.set(subscription.id, subscription);
      const checkoutSession = {
        id: session.id,
        object: "checkout.session",
        mode: session.form.mode,
        status: "complete",
        payment_status: "paid",
        client_reference_id: session.form.client_reference_id,
        customer: session.form.customer,
        subscription: subscription.id,
      };
      return { subscription, checkoutSession };
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

export function fakeSubscription(values: { id: string; customer: string; price: string; userId?: string; periodStart: number; periodEnd: number; status?: string }): FakeSubscription {
  return {
    id: values.id,
    object: "subscription",
    customer: values.customer,
    status: values.status ?? "active",
    cancel_at_period_end: false,
    cancel_at: null,
    start_date: values.periodStart,
    ended_at: null,
    metadata: values.userId ? { userId: values.userId } : {},
    latest_invoice: null,
    items: {
      object: "list",
      data: [
        {
          id: `si_${values.id}`,
          object: "subscription_item",
          price: { id: values.price, object: "price" },
          current_period_start: values.periodStart,
          current_period_end: values.periodEnd,
        },
      ],
    },
  };
}

function metadataOf(form: Record<string, string>, prefix: string) {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    const match = new RegExp(`^${prefix}\\[(\\w+)\\]$`).exec(key);
    if (match) result[match[1]] = value;
  }
  return result;
}

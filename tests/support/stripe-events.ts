// Stripe events as Stripe sends them, for the billing tests and the soak (no test runner needed).

export function eventId() {
  return `evt_test_${crypto.randomUUID().replaceAll("-", "").slice(0, 24)}`;
}

/** A Stripe event as Stripe sends it (JSON text). */
export function eventPayload(type: string, object: Record<string, unknown>, id = eventId()) {
  return JSON.stringify({
    id,
    object: "event",
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
}

import type { Route } from "./+types/stripe-webhook";
import { processStripeEvent } from "~/server/billing.server";
import { getApp } from "~/server/context.server";
import { billingGateway, verifyWebhook } from "~/server/stripe.server";

const MAX_BODY_BYTES = 512 * 1024;

// Stripe's webhook (the one route other sites may POST to). The raw body is verified with the
// signing secret; anything unsigned or tampered gets a 400 and changes nothing.
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  if (Number(request.headers.get("Content-Length") ?? "0") > MAX_BODY_BYTES) {
    return Response.json({ error: "Payload too large" }, { status: 413 });
  }
  const body = await request.text();
  const event = await verifyWebhook(app.env, body, request.headers.get("Stripe-Signature"));
  if (!event) return Response.json({ error: "Invalid signature" }, { status: 400 });
  // Signed, but not an event as Stripe sends them (no id, type or object): nothing to apply.
  if (!isEventShaped(event)) return Response.json({ error: "Malformed event" }, { status: 400 });
  const gateway = billingGateway(app, new URL(request.url).origin);
  if (!gateway) return Response.json({ error: "Billing is not configured" }, { status: 503 });
  const outcome = await processStripeEvent(app, gateway, event);
  return Response.json({ received: true, outcome });
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

function isEventShaped(event: unknown): boolean {
  if (typeof event !== "object" || event === null) return false;
  const { id, type, data } = event as { id?: unknown; type?: unknown; data?: { object?: unknown } | null };
  return typeof id === "string" && id.length > 0 && typeof type === "string" && typeof data === "object" && data !== null && typeof data.object === "object" && data.object !== null;
}

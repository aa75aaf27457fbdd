import { escapeHtml } from "../lib/html.ts";

// Outgoing e-mail: through a Resend-compatible HTTP API when EMAIL_API_KEY is set; otherwise kept
// in a local outbox in KV, readable at /dev/outbox (local development and tests only).

export type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** Extra headers (List-Unsubscribe...). */
  headers?: Record<string, string>;
  /** The same key never sends twice (the API's Idempotency-Key; the outbox's entry key). */
  idempotencyKey?: string;
};

const OUTBOX_PREFIX = "outbox:";
/** Idempotency keys already sent to the outbox. */
const SENT_PREFIX = "outbox-sent:";
const OUTBOX_TTL_SECONDS = 7 * 24 * 60 * 60;
const DEFAULT_API_URL = "https://api.resend.com/emails";

export type OutboxEntry = EmailMessage & { id: string; sentAt: number; links: string[] };

export function isLocalHost(url: string) {
  const { hostname } = new URL(url);
  return hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]";
}

/** The outbox exists only when no e-mail key is configured and the app runs locally. */
export function isOutboxEnabled(env: Env, requestUrl: string) {
  return !env.EMAIL_API_KEY && isLocalHost(requestUrl);
}

export async function sendEmail(env: Env, message: EmailMessage): Promise<void> {
  if (env.EMAIL_API_KEY) {
    const response = await fetch(env.EMAIL_API_URL || DEFAULT_API_URL, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${env.EMAIL_API_KEY}`,
        "Content-Type": "application/json",
        ...(message.idempotencyKey ? { "Idempotency-Key": message.idempotencyKey } : {}),
      },
      body: JSON.stringify({
        from: env.EMAIL_FROM,
        to: [message.to],
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.replyTo ? { reply_to: message.replyTo } : {}),
        ...(message.headers ? { headers: message.headers } : {}),
      }),
    });
    if (!response.ok) {
      throw new Error(`E-mail API answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
    }
    return;
  }
  const sentAt = Date.now();
  const id = message.idempotencyKey ?? crypto.randomUUID();
  if (message.idempotencyKey) {
    // Sent before (a run that stopped between sending and recording it): not again.
    const earlier = await env.KV.get(`${SENT_PREFIX}${id}`);
    if (earlier) return;
    await env.KV.put(`${SENT_PREFIX}${id}`, "1", { expirationTtl: OUTBOX_TTL_SECONDS });
  }
  // Newest first in KV's lexicographic listing order.
  const key = `${OUTBOX_PREFIX}${String(9_999_999_999_999 - sentAt).padStart(13, "0")}:${id}`;
  const links = [...message.text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((match) => match[0]);
  const entry: OutboxEntry = { ...message, id, sentAt, links };
  await env.KV.put(key, JSON.stringify(entry), { expirationTtl: OUTBOX_TTL_SECONDS });
}

export async function listOutbox(env: Env, limit = 50): Promise<OutboxEntry[]> {
  const listing = await env.KV.list({ prefix: OUTBOX_PREFIX, limit });
  const entries = await Promise.all(listing.keys.map((key) => env.KV.get<OutboxEntry>(key.name, "json")));
  return entries.filter((entry): entry is OutboxEntry => entry !== null);
}

/** A plain, widely readable layout: a heading, paragraphs and one call-to-action link. */
export function renderEmail(options: {
  siteName: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Linked lines after the paragraphs (a digest's changes), each under its list heading. */
  lists?: { heading: string; items: { label: string; url: string }[] }[];
  footer?: string;
  /** Links after the footer's words (a digest's settings and unsubscribe): real links in the HTML. */
  footerLinks?: { label: string; url: string }[];
}): { text: string; html: string } {
  const { siteName, heading, paragraphs, action, footer, lists = [], footerLinks = [] } = options;
  const text = [
    heading,
    "",
    ...paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...lists.flatMap((list) => [list.heading, ...list.items.map((item) => `- ${item.label}: ${item.url}`), ""]),
    ...(action ? [`${action.label}: ${action.url}`, ""] : []),
    footer ?? `- The ${siteName} team`,
    ...footerLinks.map((link) => `${link.label}: ${link.url}`),
  ].join("\n");
  const html = `<!doctype html><html><body style="margin:0;background:#05080f;font-family:Arial,Helvetica,sans-serif;color:#e2e8f0">
<div style="max-width:560px;margin:0 auto;padding:32px 24px">
<p style="font-weight:900;font-size:18px;color:#a3e635;text-transform:uppercase;letter-spacing:1px">${escapeHtml(siteName)}</p>
<h1 style="font-size:22px;color:#ffffff">${escapeHtml(heading)}</h1>
${paragraphs.map((paragraph) => `<p style="font-size:15px;line-height:1.6">${escapeHtml(paragraph)}</p>`).join("\n")}
${lists
  .map(
    (list) =>
      `<h2 style="font-size:16px;color:#ffffff;margin-top:24px">${escapeHtml(list.heading)}</h2><ul style="padding-left:20px">${list.items
        .map((item) => `<li style="font-size:15px;line-height:1.7"><a href="${escapeHtml(item.url)}" style="color:#a3e635">${escapeHtml(item.label)}</a></li>`)
        .join("")}</ul>`,
  )
  .join("\n")}
${action ? `<p style="margin:28px 0"><a href="${escapeHtml(action.url)}" style="background:#a3e635;color:#05080f;padding:12px 20px;border-radius:8px;font-weight:700;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#94a3b8">Or paste this link into your browser: ${escapeHtml(action.url)}</p>` : ""}
<p style="font-size:13px;color:#94a3b8">${escapeHtml(footer ?? `- The ${siteName} team`)}${footerLinks
  .map((link) => ` <a href="${escapeHtml(link.url)}" style="color:#a3e635">${escapeHtml(link.label)}</a>`)
  .join(" ·")}</p>
</div></body></html>`;
  return { text, html };
}

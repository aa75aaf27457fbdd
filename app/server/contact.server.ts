import { sql } from "drizzle-orm";
import type { AppContext } from "./context.server.ts";
import { renderEmail, sendEmail } from "./email.server.ts";
import { clientAddress, recordAttempt, type ThrottleRule } from "./throttle.server.ts";

export const CONTACT_RULE: ThrottleRule = { limit: 5, windowSeconds: 60 * 60 };

/** The same message sent again within this time is the same message. */
export const DUPLICATE_CONTACT_MS = 2 * 60 * 1000;

export type ContactInput = { name: string; email: string; subject?: string; message: string };

/** Stores the message and e-mails it to the support address (after the response). */
export async function submitContactMessage(app: AppContext, request: Request, input: ContactInput, userId: string | null) {
  // A member's messages count against their account, a visitor's against their address: members
  // behind a shared address (a campus, a carrier) are not held back by someone else's messages.
  const sender = userId ? `user:${userId}` : clientAddress(request);
  const throttle = await recordAttempt(app.env.KV, `contact:${sender}`, CONTACT_RULE);
  if (throttle.used > CONTACT_RULE.limit) return { status: "throttled" as const, retryAfterSeconds: throttle.retryAfterSeconds };
  // The same message from the same address within two minutes (a double tap, a form sent again
  // from the browser's history) is the one already sent: stored and mailed once, in one statement.
  const now = Date.now();
  const subject = input.subject || null;
  const stored = await app.db.all<{ id: number }>(sql`
    INSERT INTO contact_messages (name, email, subject, message, user_id, created_at)
    SELECT ${input.name}, ${input.email}, ${subject}, ${input.message}, ${userId}, ${now}
    WHERE NOT EXISTS (
      SELECT 1 FROM contact_messages WHERE created_at > ${now - DUPLICATE_CONTACT_MS}
        AND email = ${input.email} AND message = ${input.message} AND subject IS ${subject} AND name = ${input.name}
    )
    RETURNING id`);
  if (!stored.length) return { status: "sent" as const };
  const { text, html } = renderEmail({
    siteName: app.env.SITE_NAME,
    heading: `Contact form: ${input.subject || "(no subject)"}`,
    paragraphs: [`From: ${input.name} <${input.email}>`, input.message],
    footer: "Reply to this e-mail to answer the sender.",
  });
  app.executionContext.waitUntil(
    sendEmail(app.env, {
      to: app.env.SUPPORT_EMAIL,
      subject: `[Contact] ${input.subject || "New message"} - ${input.name}`,
      text,
      html,
      replyTo: input.email,
    }).catch((error) => console.error("Contact e-mail failed", error)),
  );
  return { status: "sent" as const };
}

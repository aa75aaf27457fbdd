import { contactMessages } from "../../db/schema.ts";
import type { AppContext } from "./context.server.ts";
import { renderEmail, sendEmail } from "./email.server.ts";
import { clientAddress, recordAttempt, type ThrottleRule } from "./throttle.server.ts";

export const CONTACT_RULE: ThrottleRule = { limit: 5, windowSeconds: 60 * 60 };

export type ContactInput = { name: string; email: string; subject?: string; message: string };

/** Stores the message and e-mails it to the support address (after the response). */
export async function submitContactMessage(app: AppContext, request: Request, input: ContactInput, userId: string | null) {
  // A member's messages count against their account, a visitor's against their address: members
  // behind a shared address (a campus, a carrier) are not held back by someone else's messages.
  const sender = userId ? `user:${userId}` : clientAddress(request);
  const throttle = await recordAttempt(app.env.KV, `contact:${sender}`, CONTACT_RULE);
  if (throttle.used > CONTACT_RULE.limit) return { status: "throttled" as const, retryAfterSeconds: throttle.retryAfterSeconds };
  await app.db.insert(contactMessages).values({ ...input, subject: input.subject || null, userId });
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

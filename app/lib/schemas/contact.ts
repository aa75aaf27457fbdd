import { z } from "zod";
import { blockField, lineField, optionalLineField } from "./text";

export const MAX_CONTACT_MESSAGE = 5000;

export const contactSchema = z.object({
  name: lineField({ required: "Please enter your name.", tooLong: "Name must be at most 200 characters." }, 200),
  email: z
    .string({ error: "Please enter your email address" })
    .trim()
    .min(1, "Please enter your email address")
    .max(254, "Email address is too long")
    .pipe(z.email("Please enter a valid email address")),
  // One line each: they go into the support e-mail's subject.
  subject: optionalLineField("Subject must be at most 200 characters.", 200),
  message: blockField("Please enter a message.")
    .max(MAX_CONTACT_MESSAGE, "Message must be at most 5,000 characters."),
  // Honeypot: people never see or fill this field.
  website: z.string().max(500).optional(),
});

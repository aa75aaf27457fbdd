import { z } from "zod";

export const MAX_CONTACT_MESSAGE = 5000;

export const contactSchema = z.object({
  name: z.string({ error: "Please enter your name." }).trim().min(1, "Please enter your name.").max(200, "Name must be at most 200 characters."),
  email: z
    .string({ error: "Please enter your email address" })
    .trim()
    .min(1, "Please enter your email address")
    .max(254, "Email address is too long")
    .pipe(z.email("Please enter a valid email address")),
  subject: z.string().trim().max(200, "Subject must be at most 200 characters.").optional(),
  message: z
    .string({ error: "Please enter a message." })
    .trim()
    .min(1, "Please enter a message.")
    .max(MAX_CONTACT_MESSAGE, "Message must be at most 5,000 characters."),
  // Honeypot: people never see or fill this field.
  website: z.string().max(500).optional(),
});

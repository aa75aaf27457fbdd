import { z } from "zod";
import { checkPassword, MAX_PASSWORD_LENGTH } from "../password-rules";
import { lineField } from "./text";

export const MAX_NAME_LENGTH = 100;
/** Password changes allowed per 60 minutes before a 15-minute lock (enforced in accounts.server). */
export const PASSWORD_CHANGE_ATTEMPTS = 3;
export const MAX_EMAIL_LENGTH = 254;

const emailField = z
  .string({ error: "Please enter your email address" })
  .trim()
  .min(1, "Please enter your email address")
  .max(MAX_EMAIL_LENGTH, "Email address is too long")
  .pipe(z.email("Please enter a valid email address"))
  .transform((value) => value.toLowerCase());

/**
 * Where to go after logging in: one past this length is dropped (the member goes to /home), never a
 * refusal of the form. Room for any page address we send there, a search with every filter and a
 * long query included (what a form held is kept in KV, never in the address: kept-forms.server.ts).
 */
export const RETURN_ADDRESS_MAX = 4000;
const returnAddressField = z.string().max(RETURN_ADDRESS_MAX).optional().catch(undefined);

/** Login: the password is checked against the stored hash, so only its presence and size matter here. */
export const loginSchema = z.object({
  intent: z.literal("login"),
  email: emailField,
  password: z
    .string({ error: "Please enter your password" })
    .min(1, "Please enter your password")
    .max(MAX_PASSWORD_LENGTH, "Password must be at most 256 characters long"),
  redirectTo: returnAddressField,
});

export const firstNameField = lineField({ required: "First name is required", tooLong: "First name must be at most 100 characters" }, MAX_NAME_LENGTH);

export const lastNameField = lineField({ required: "Last name is required", tooLong: "Last name must be at most 100 characters" }, MAX_NAME_LENGTH);

export const newPasswordField = z
  .string({ error: "Password is required" })
  .max(MAX_PASSWORD_LENGTH, "Password must be at most 256 characters long")
  .superRefine((value, context) => {
    const problem = checkPassword(value);
    if (problem) context.addIssue({ code: "custom", message: problem });
  });

export const registerSchema = z.object({
  intent: z.literal("register"),
  firstName: firstNameField,
  lastName: lastNameField,
  email: emailField,
  password: newPasswordField,
  acceptTerms: z.literal("on", { error: "You must accept the Terms of Service and Privacy Policy." }),
  redirectTo: returnAddressField,
});

export const forgotPasswordSchema = z.object({
  intent: z.enum(["forgot", "resend"]),
  email: emailField,
});

export const resendConfirmationSchema = z.object({
  intent: z.literal("resend-confirmation"),
  email: emailField,
  redirectTo: returnAddressField,
});

/** Same-site paths only: anything else (other hosts, protocol-relative, backslashes) becomes /home. */
export function safeRedirectPath(value: string | null | undefined, fallback = "/home"): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return fallback;
  try {
    const url = new URL(value, "http://localhost");
    // Dot segments collapse ('/.//evil.example' becomes '//evil.example'): check what is returned.
    if (url.origin !== "http://localhost" || url.pathname.startsWith("//")) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

export const resetPasswordSchema = z
  .object({
    token: z.string().max(200),
    password: z.string({ error: "New password is required" }).max(MAX_PASSWORD_LENGTH, "Password must be at most 256 characters long"),
    // Left empty or too long, it is told 'do not match' only once the new password is acceptable (one
    // error at a time): a longer one cannot match a password of at most 256 characters.
    confirmPassword: z.string().optional(),
  })
  .superRefine((value, context) => {
    // Too long is said once, by the field's own rule.
    if (value.password.length > MAX_PASSWORD_LENGTH) return;
    const problem = checkPassword(value.password);
    if (problem) context.addIssue({ code: "custom", path: ["password"], message: problem });
    else if (value.password !== value.confirmPassword) {
      context.addIssue({ code: "custom", path: ["confirmPassword"], message: "New passwords do not match" });
    }
  });

export const changePasswordSchema = z
  .object({
    intent: z.literal("change-password"),
    currentPassword: z
      .string({ error: "Current password is required" })
      .max(MAX_PASSWORD_LENGTH, "Current password is incorrect"),
    newPassword: z.string({ error: "New password is required" }).max(MAX_PASSWORD_LENGTH, "Password must be at most 256 characters long"),
    // Left empty or too long, it is told 'do not match' only once the new password is acceptable (one
    // error at a time): a longer one cannot match a password of at most 256 characters.
    confirmPassword: z.string().optional(),
  })
  .superRefine((value, context) => {
    if (value.newPassword.length > MAX_PASSWORD_LENGTH) return;
    const problem = checkPassword(value.newPassword);
    if (problem) context.addIssue({ code: "custom", path: ["newPassword"], message: problem });
    else if (value.newPassword !== value.confirmPassword) {
      context.addIssue({ code: "custom", path: ["confirmPassword"], message: "New passwords do not match" });
    } else if (value.newPassword === value.currentPassword) {
      context.addIssue({ code: "custom", path: ["newPassword"], message: "New password must be different from current password" });
    }
  });

export const profileSchema = z.object({
  intent: z.literal("profile"),
  firstName: firstNameField,
  lastName: lastNameField,
});

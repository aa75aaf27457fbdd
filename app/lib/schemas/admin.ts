import { GAMES, ROLES, SUBSCRIPTION_STATUSES, SUBSCRIPTION_TIERS } from "../../../db/enums.ts";
import { z } from "zod";
import { isCalendarDay } from "../format.ts";
import { firstNameField, lastNameField } from "./auth.ts";
import { blockField, lineField } from "./text.ts";

/** Staff edit their own row without its e-mail: nobody changes their own address (the permission table). */
/** The days a staff member may give as a member's last day of access. */
export const ACCESS_DAY_MIN = "2000-01-01";
export const ACCESS_DAY_MAX = "2099-12-31";
export const OWN_EMAIL_MESSAGE = "Your own email cannot be changed here.";
/** Free for a member Stripe still charges would lock them out of what they pay for (and out of cancelling it). */
export const LIVE_SUBSCRIPTION_TIER_MESSAGE =
  "This member pays for a subscription that is still running. Cancel it first (in Stripe, or they can in Account Settings); set Free after that.";
export const STRIPE_STATUS_MESSAGE =
  "Stripe sets this member's status while their subscription runs (a payment, a failed payment, its end). Leave it as it is; to stop the subscription, cancel it in Stripe, or they can in Account Settings.";
export const PAST_DUE_NEEDS_STRIPE_MESSAGE =
  "Past Due means Stripe failed to take a payment. This member has no subscription: choose another status.";
export const STRIPE_DATE_MESSAGE =
  "Stripe sets this member's last day of access while their subscription runs: a date set here would be replaced at its next payment or its end. To give extra time, give it in Stripe (a free period).";
export const OWN_ROLE_MESSAGE = "Your own role cannot be changed: another superadmin can change it.";
export const ROLE_LABELS = { user: "Member", admin: "Admin", superadmin: "Superadmin" } as const;

/** 'Premium access until' emptied while the tier stays Premium (premium access needs a last day). */
export const ACCESS_DAY_REQUIRED = "Premium access needs a last day. To end it, choose a past day or set the tier to Free.";

export const userEditSchema = z.object({
  intent: z.literal("update-user"),
  userId: z.string().min(1).max(100),
  firstName: firstNameField,
  lastName: lastNameField,
  email: z
    .string({ error: "Invalid email address" })
    .trim()
    .max(254, "Invalid email address")
    .pipe(z.email("Invalid email address"))
    .transform((value) => value.toLowerCase()),
  subscriptionTier: z.enum(SUBSCRIPTION_TIERS, { error: "Choose Free or Premium" }),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES, { error: "Choose a valid status" }),
  accessExpiresAt: z
    .string()
    .refine(isCalendarDay, "Use a date like 2026-12-31")
    .refine((value) => !isCalendarDay(value) || (value >= ACCESS_DAY_MIN && value <= ACCESS_DAY_MAX), "Use a day between 2000 and 2099")
    .optional(),
  // Left out (the superadmin's own row sends none): the role stays as it is.
  role: z.enum(ROLES, { error: "Choose Member, Admin or Superadmin" }).optional(),
});

export const tipReviewSchema = z.object({
  intent: z.literal("review-tip"),
  tipId: z.coerce.number().int().positive(),
  status: z.enum(["approved", "rejected"]),
  adminNotes: z.string().max(2000, "Notes can be at most 2,000 characters.").optional(),
});

export const TIP_MAX_DISPLAYED = 1000;
export const TIP_MIN_DESCRIPTION = 20;

export const tipSubmissionSchema = z.object({
  formationName: lineField({ required: "Formation name is required", tooLong: "Formation name must be at most 200 characters" }, 200),
  playName: lineField({ required: "Play name is required", tooLong: "Play name must be at most 200 characters" }, 200),
  playbook: lineField({ required: "Playbook is required", tooLong: "Playbook must be at most 200 characters" }, 200),
  gameType: z.enum(GAMES, { error: "Choose College Football 26 or Madden NFL 26." }).default("madden"),
  tipDescription: blockField("Tip description is required")
    .min(TIP_MIN_DESCRIPTION, "Tip description must be at least 20 characters long")
    // The form shows a 1,000 character counter without enforcing it; a hard ceiling keeps rows sane.
    .max(20_000, "Tip description is too long"),
});

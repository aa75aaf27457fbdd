import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { Link } from "~/components/link";
import type { Route } from "./+types/account-settings";
import { Avatar } from "~/components/avatar";
import { Field, FormAlert, NameFields, NewPasswordField } from "~/components/forms";
import { showToast } from "~/components/toaster";
import { hasPremiumAccess } from "~/lib/access";
import { formatShortDate, GAME_LABELS } from "~/lib/format";
import { PLANS } from "~/lib/pricing";
import { changePasswordSchema, PASSWORD_CHANGE_ATTEMPTS, profileSchema } from "~/lib/schemas/auth";
import {
  changePassword,
  readPasswordChangeThrottle,
  updateProfileImage,
  updateProfileNames,
} from "~/server/accounts.server";
import { getApp } from "~/server/context.server";
import { requireUser } from "~/server/guards.server";
import { listTipsOfUser } from "~/server/tips.server";
import { applySnapshot } from "~/server/billing.server";
import { billingGateway, billingMode, localGateway } from "~/server/stripe.server";
import { redirectWithToast } from "~/server/toast.server";
import { discardRequestBody, isRequestTooLarge, mediaKeyFromUrl, readImageUpload, storeImage } from "~/server/uploads.server";

export function meta() {
  return [{ title: "Account Settings | Gridiron Playbook" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const app = getApp(context);
  const [tips, throttle] = await Promise.all([listTipsOfUser(app.db, user.id), readPasswordChangeThrottle(app, user.id)]);
  return {
    profile: {
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      profileImageUrl: user.profileImageUrl,
      hasPassword: Boolean(user.passwordHash),
    },
    subscription: {
      hasPremium: hasPremiumAccess(user),
      tier: user.subscriptionTier,
      status: user.subscriptionStatus,
      plan: user.subscriptionPlan,
      startDate: user.subscriptionStartDate?.getTime() ?? null,
      endDate: (user.accessExpiresAt ?? user.subscriptionEndDate)?.getTime() ?? null,
      cancelAtPeriodEnd: user.cancelAtPeriodEnd,
      isStaff: user.role !== "user",
      hasStripeSubscription: Boolean(user.stripeSubscriptionId),
      hasCustomer: Boolean(user.stripeCustomerId),
      testMode: billingMode(app.env) === "local" && Boolean(user.stripeSubscriptionId?.startsWith("sub_local_")),
    },
    passwordThrottle: throttle,
    tips: tips.map((tip) => ({
      id: tip.id,
      formationName: tip.formationName,
      playName: tip.playName,
      playbook: tip.playbook,
      gameType: tip.gameType,
      status: tip.status,
      adminNotes: tip.adminNotes,
      createdAt: tip.createdAt.getTime(),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const app = getApp(context);

  if (isRequestTooLarge(request)) {
    await discardRequestBody(request);
    return data(
      { intent: "avatar", toast: { kind: "error" as const, title: "File too large", description: "Please upload an image smaller than 5MB." } },
      { status: 413 },
    );
  }
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");

  if (intent === "avatar") {
    const image = await readImageUpload(formData.get("avatar"));
    if (!image.ok) {
      return data({ intent, toast: { kind: "error" as const, title: image.title, description: image.description } }, { status: 400 });
    }
    const key = `avatars/${user.id}-${Date.now()}.${image.kind.extension}`;
    const url = await storeImage(app.env.MEDIA, key, image);
    await updateProfileImage(app, user.id, url);
    const previous = mediaKeyFromUrl(user.profileImageUrl);
    if (previous?.startsWith(`avatars/${user.id}-`)) app.executionContext.waitUntil(app.env.MEDIA.delete(previous));
    return redirectWithToast("/account-settings", {
      kind: "success",
      title: "Avatar updated",
      description: "Your profile picture has been updated successfully.",
    });
  }

  if (intent === "profile") {
    const submission = parseWithZod(formData, { schema: profileSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    await updateProfileNames(app, user.id, submission.value.firstName, submission.value.lastName);
    return redirectWithToast("/account-settings", {
      kind: "success",
      title: "Profile updated",
      description: "Your profile information has been updated successfully.",
    });
  }

  if (intent === "change-password") {
    const submission = parseWithZod(formData, { schema: changePasswordSchema });
    if (submission.status !== "success") {
      return data(
        { intent, result: submission.reply({ hideFields: ["currentPassword", "newPassword", "confirmPassword"] }) },
        { status: 400 },
      );
    }
    const outcome = await changePassword(app, request, user, submission.value.currentPassword, submission.value.newPassword);
    const hideFields = ["currentPassword", "newPassword", "confirmPassword"];
    if (outcome.status === "throttled") {
      return data(
        {
          intent,
          result: submission.reply({ formErrors: [`Too many attempts. Please try again in ${outcome.retryAfterSeconds} seconds.`], hideFields }),
          throttle: { allowed: false, used: outcome.attemptsUsed, retryAfterSeconds: outcome.retryAfterSeconds },
        },
        { status: 429 },
      );
    }
    if (outcome.status === "wrong-password") {
      return data(
        {
          intent,
          result: submission.reply({ fieldErrors: { currentPassword: ["Current password is incorrect"] }, hideFields }),
          // A 4xx answer does not reload the page's data: the counter and countdown come from here.
          throttle: { allowed: outcome.retryAfterSeconds === 0, used: outcome.attemptsUsed, retryAfterSeconds: outcome.retryAfterSeconds },
        },
        { status: 400 },
      );
    }
    return data(
      { intent, changed: true, result: submission.reply({ resetForm: true }) },
      { headers: { "Set-Cookie": outcome.cookie } },
    );
  }

  if (["cancel-subscription", "resume-subscription", "manage-billing", "simulate-renewal", "simulate-failed-payment"].includes(intent)) {
    return billingAction(app, request, user, intent);
  }

  return data({ intent, result: null }, { status: 400 });
}

const CANCEL_FAILED = { kind: "error" as const, title: "Cancellation failed", description: "Failed to cancel subscription. Please try again." };

async function billingAction(app: ReturnType<typeof getApp>, request: Request, user: Awaited<ReturnType<typeof requireUser>>, intent: string) {
  const origin = new URL(request.url).origin;
  const gateway = billingGateway(app, origin);
  if (!gateway) {
    return data({ intent, toast: { kind: "error" as const, title: "Billing unavailable", description: "Payments are not configured right now." } }, { status: 503 });
  }
  if (intent === "manage-billing") {
    const url = user.stripeCustomerId ? await gateway.createPortalSession(user.stripeCustomerId, `${origin}/account-settings#subscription`) : null;
    if (!url) {
      return data(
        { intent, toast: { kind: "info" as const, title: "Billing portal", description: gateway.mode === "local" ? "The Stripe billing portal opens here once Stripe is configured." : "No billing account yet." } },
        { status: 400 },
      );
    }
    return redirect(url);
  }
  // Only the member's own subscription, as stored by us: never an id from the browser.
  const subscriptionId = user.stripeSubscriptionId;
  if (!subscriptionId) {
    return data({ intent, toast: { ...CANCEL_FAILED, description: "You have no subscription to change." } }, { status: 400 });
  }
  try {
    if (intent === "cancel-subscription" || intent === "resume-subscription") {
      const snapshot = await gateway.setCancelAtPeriodEnd(subscriptionId, intent === "cancel-subscription");
      await applySnapshot(app, user.id, snapshot);
      return redirectWithToast(
        "/account-settings#subscription",
        intent === "cancel-subscription"
          ? { kind: "success", title: "Subscription cancelled", description: "Your subscription has been cancelled. You'll have access until the end of your billing period." }
          : { kind: "success", title: "Subscription resumed", description: "Your subscription will renew as usual." },
      );
    }
    if (gateway.mode !== "local") return data({ intent, result: null }, { status: 400 });
    const local = localGateway(app, origin);
    if (intent === "simulate-renewal") await local.renew(subscriptionId);
    else await local.failPayment(subscriptionId);
    return redirectWithToast("/account-settings#subscription", { kind: "info", title: "Test mode", description: intent === "simulate-renewal" ? "Renewal simulated." : "Failed payment simulated." });
  } catch (error) {
    console.error("Subscription change failed", error);
    return data({ intent, toast: intent === "cancel-subscription" ? CANCEL_FAILED : { kind: "error" as const, title: "Update failed", description: "Failed to update subscription. Please try again." } }, { status: 502 });
  }
}

type LoaderData = Route.ComponentProps["loaderData"];
type ActionData = Route.ComponentProps["actionData"];

export default function AccountSettings({ loaderData, actionData }: Route.ComponentProps) {
  useEffect(() => {
    if (actionData && "toast" in actionData && actionData.toast) showToast(actionData.toast);
  }, [actionData]);

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <h1 className="font-display text-3xl font-black text-white">Account Settings</h1>
      <p className="mt-1 text-slate-400">Manage your profile, security, subscription and tips.</p>
      <div className="mt-8 space-y-8">
        <ProfileCard profile={loaderData.profile} actionData={actionData} />
        <SecurityCard throttle={loaderData.passwordThrottle} hasPassword={loaderData.profile.hasPassword} actionData={actionData} />
        <SubscriptionCard subscription={loaderData.subscription} />
        <TipsCard tips={loaderData.tips} />
      </div>
    </div>
  );
}

function Card({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="card scroll-mt-24 p-6">
      <h2 id={`${id}-title`} className="text-xl font-bold text-white">
        {title}
      </h2>
      <div className="mt-5">{children}</div>
    </section>
  );
}

function ProfileCard({ profile, actionData }: { profile: LoaderData["profile"]; actionData: ActionData }) {
  const navigation = useNavigation();
  const profileData = actionData?.intent === "profile" && "result" in actionData ? actionData : undefined;
  const [form, fields] = useForm({
    // Not "profile": that is the card's own id (the #profile anchor), and conform finds its form by id.
    id: "profile-form",
    lastResult: profileData?.result ?? undefined,
    defaultValue: { firstName: profile.firstName ?? "", lastName: profile.lastName ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const avatarError = actionData?.intent === "avatar" && "toast" in actionData ? actionData.toast : null;
  const uploading = navigation.state === "submitting" && navigation.formData?.get("intent") === "avatar";
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "profile";

  return (
    <Card id="profile" title="Profile">
      <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
        <Avatar person={{ ...profile, email: profile.email }} size="h-20 w-20 text-3xl" />
        <Form method="post" encType="multipart/form-data" className="flex flex-col gap-2">
          <input type="hidden" name="intent" value="avatar" />
          <label htmlFor="avatar" className="label">
            Change Avatar
          </label>
          <div className="flex flex-wrap items-center gap-3">
            <input
              id="avatar"
              name="avatar"
              type="file"
              accept="image/jpeg,image/png,image/gif,image/webp"
              required
              aria-describedby="avatar-hint"
              className="text-sm text-slate-300 file:mr-3 file:rounded-md file:border-0 file:bg-field-700 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-white"
            />
            <button type="submit" className="btn-secondary" disabled={uploading}>
              {uploading ? "Uploading..." : "Upload"}
            </button>
          </div>
          <p id="avatar-hint" className="text-xs text-slate-400">
            JPG, PNG, or GIF. Max 5MB.
          </p>
          {avatarError ? (
            <p className="field-error" role="alert">
              {avatarError.title}: {avatarError.description}
            </p>
          ) : null}
        </Form>
      </div>

      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
        <input type="hidden" name="intent" value="profile" />
        <FormAlert errors={form.errors} />
        <NameFields firstName={fields.firstName} lastName={fields.lastName} />
        <Field label="Email" htmlFor="profile-email" hint="Email cannot be changed. Contact support if needed.">
          <input id="profile-email" type="email" value={profile.email} disabled readOnly className="input opacity-70" />
        </Field>
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? "Saving..." : "Save Changes"}
        </button>
      </Form>
    </Card>
  );
}

function useCountdown(seconds: number) {
  const [remaining, setRemaining] = useState(seconds);
  useEffect(() => {
    setRemaining(seconds);
    if (seconds <= 0) return;
    const started = Date.now();
    const timer = setInterval(() => {
      const left = Math.max(0, seconds - Math.floor((Date.now() - started) / 1000));
      setRemaining(left);
      if (left === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [seconds]);
  return remaining;
}

function SecurityCard({
  throttle,
  hasPassword,
  actionData,
}: {
  throttle: LoaderData["passwordThrottle"];
  hasPassword: boolean;
  actionData: ActionData;
}) {
  const navigation = useNavigation();
  const passwordData = actionData?.intent === "change-password" && "result" in actionData ? actionData : undefined;
  const changed = Boolean(passwordData && "changed" in passwordData && passwordData.changed);
  const [form, fields] = useForm({
    id: "change-password",
    lastResult: passwordData?.result ?? undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  // A successful change clears the form; a new key clears the strength meter with it.
  const [changedCount, setChangedCount] = useState(0);
  const current = (passwordData && "throttle" in passwordData && passwordData.throttle ? passwordData.throttle : throttle) as LoaderData["passwordThrottle"];
  const remaining = useCountdown(current.allowed ? 0 : current.retryAfterSeconds);
  const locked = !current.allowed && remaining > 0;
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "change-password";

  useEffect(() => {
    if (!changed) return;
    setChangedCount((count) => count + 1);
    showToast({
      kind: "success",
      title: "Password Updated",
      description: "Your password has been changed successfully. You may need to log in again on other devices.",
    });
  }, [changed, passwordData]);

  if (!hasPassword) {
    return (
      <Card id="security" title="Security">
        <p className="text-sm text-slate-300">
          You sign in with Discord or Google. To set a password, use{" "}
          <Link to="/auth?mode=forgot" className="text-link">
            Forgot your password?
          </Link>{" "}
          with your e-mail address.
        </p>
      </Card>
    );
  }

  return (
    <Card id="security" title="Security">
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        <input type="hidden" name="intent" value="change-password" />
        {changed ? (
          <div role="status" className="rounded-lg border border-turf/50 bg-lime-950/40 px-4 py-3 text-sm text-lime-200">
            <p className="font-bold">Security Updated</p>
            <p>Password changed successfully!</p>
          </div>
        ) : (
          <FormAlert errors={form.errors} />
        )}
        {locked ? (
          <div role="alert" className="rounded-lg border border-red-500/50 bg-red-950/40 px-4 py-3 text-sm text-red-300">
            Too many attempts. Please try again in {remaining} seconds.
          </div>
        ) : null}
        <Field label="Current password" htmlFor={fields.currentPassword.id} errors={fields.currentPassword.errors} errorId={fields.currentPassword.errorId}>
          <input {...getInputProps(fields.currentPassword, { type: "password" })} autoComplete="current-password" className="input" />
        </Field>
        <NewPasswordField key={changedCount} label="New password" field={fields.newPassword} />
        <Field label="Confirm new password" htmlFor={fields.confirmPassword.id} errors={fields.confirmPassword.errors} errorId={fields.confirmPassword.errorId}>
          <input {...getInputProps(fields.confirmPassword, { type: "password" })} autoComplete="new-password" className="input" />
        </Field>
        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" className="btn-primary" disabled={busy || locked}>
            {busy ? "Changing..." : "Change Password"}
          </button>
          <span className="text-sm text-slate-400" data-testid="password-attempts">
            {Math.min(current.used, PASSWORD_CHANGE_ATTEMPTS)}/{PASSWORD_CHANGE_ATTEMPTS} attempts used
          </span>
        </div>
      </Form>
    </Card>
  );
}

function SubscriptionCard({ subscription }: { subscription: LoaderData["subscription"] }) {
  const { hasPremium, status, plan, startDate, endDate, cancelAtPeriodEnd, isStaff, hasStripeSubscription, hasCustomer, testMode } = subscription;
  const navigation = useNavigation();
  const pendingIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const cancelled = status === "cancelled" || cancelAtPeriodEnd;
  const badge =
    status === "past_due"
      ? { label: "Past Due", style: "bg-blitz text-field-950" }
      : cancelled && hasPremium
        ? { label: "Cancelled", style: "bg-slate-600 text-white" }
        : hasPremium
          ? { label: "Premium Active", style: "bg-turf text-field-950" }
          : { label: "Free Tier", style: "bg-field-700 text-slate-200" };
  const planName = isStaff ? "Staff (full access)" : hasPremium && plan ? `Premium ${PLANS[plan].name}` : hasPremium ? "Premium" : "Free";

  return (
    <Card id="subscription" title="Subscription">
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-lg font-bold text-white">{planName}</p>
        <span className={`rounded-full px-3 py-1 text-xs font-bold ${badge.style}`}>{badge.label}</span>
      </div>
      {hasPremium && !isStaff ? (
        <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-400">Started</dt>
            <dd className="font-semibold text-white">{formatShortDate(startDate)}</dd>
          </div>
          <div>
            <dt className="text-slate-400">{cancelled ? "Ends" : "Renews"}</dt>
            <dd className="font-semibold text-white">{formatShortDate(endDate)}</dd>
          </div>
        </dl>
      ) : null}
      {hasPremium && !isStaff && hasStripeSubscription ? (
        <div className="mt-6 flex flex-wrap gap-3">
          {cancelled ? (
            <Form method="post">
              <input type="hidden" name="intent" value="resume-subscription" />
              <button type="submit" className="btn-primary" disabled={Boolean(pendingIntent)}>
                {pendingIntent === "resume-subscription" ? "Resuming..." : "Resume Subscription"}
              </button>
            </Form>
          ) : (
            <Form method="post">
              <input type="hidden" name="intent" value="cancel-subscription" />
              <button type="submit" className="btn-danger" disabled={Boolean(pendingIntent)}>
                {pendingIntent === "cancel-subscription" ? "Cancelling..." : "Cancel Subscription"}
              </button>
            </Form>
          )}
          {hasCustomer ? (
            <Form method="post">
              <input type="hidden" name="intent" value="manage-billing" />
              <button type="submit" className="btn-secondary" disabled={Boolean(pendingIntent)}>Manage Billing</button>
            </Form>
          ) : null}
        </div>
      ) : null}
      {status === "past_due" ? (
        <p role="alert" className="mt-4 rounded-lg border border-blitz/60 bg-orange-950/40 px-4 py-3 text-sm text-orange-200">
          Your last payment failed. Update your card with Manage Billing to keep premium access.
        </p>
      ) : null}
      {testMode ? (
        <div className="mt-6 rounded-xl border border-dashed border-amber-400/60 p-4">
          <p className="text-xs font-black uppercase text-amber-300">Test mode</p>
          <div className="mt-2 flex flex-wrap gap-3">
            <Form method="post">
              <input type="hidden" name="intent" value="simulate-renewal" />
              <button type="submit" className="btn-secondary text-xs">Simulate renewal</button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="simulate-failed-payment" />
              <button type="submit" className="btn-secondary text-xs">Simulate failed payment</button>
            </Form>
          </div>
        </div>
      ) : null}
      {!hasPremium && !isStaff ? (
        <div className="mt-5">
          <p className="text-sm text-slate-300">Unlock every scheme, formation and play, plus ratings, comments and favourites.</p>
          <Link to="/subscribe" className="btn-primary mt-4">
            Upgrade to Premium
          </Link>
        </div>
      ) : null}
    </Card>
  );
}

const TIP_STATUS_STYLES = {
  pending: "bg-amber-400 text-field-950",
  approved: "bg-turf text-field-950",
  rejected: "bg-red-600 text-white",
} as const;

function TipsCard({ tips }: { tips: LoaderData["tips"] }) {
  return (
    <Card id="tips" title="My Submitted Tips">
      {tips.length === 0 ? (
        <div className="rounded-xl border border-dashed border-field-600 p-8 text-center">
          <p className="text-lg font-bold text-white">No Tips Submitted Yet</p>
          <p className="mt-1 text-sm text-slate-400">Share a formation, play or read that wins you games.</p>
          <Link to="/submit-tip" className="btn-primary mt-5">
            Submit Your First Tip
          </Link>
        </div>
      ) : (
        <>
          <ul className="space-y-4">
            {tips.map((tip) => (
              <li key={tip.id} className="rounded-xl border border-field-700 p-4">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div>
                    <p className="font-bold text-white">
                      {tip.formationName} · {tip.playName}
                    </p>
                    <p className="text-sm text-slate-400">
                      {tip.playbook} · {GAME_LABELS[tip.gameType]} · {formatShortDate(tip.createdAt)}
                    </p>
                  </div>
                  <span className={`rounded-full px-3 py-1 text-xs font-bold capitalize ${TIP_STATUS_STYLES[tip.status]}`}>{tip.status}</span>
                </div>
                {tip.adminNotes ? (
                  <p className="mt-3 rounded-lg bg-field-800 p-3 text-sm text-slate-300">
                    <span className="font-semibold text-white">Feedback from our team: </span>
                    {tip.adminNotes}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
          <Link to="/submit-tip" className="btn-secondary mt-5">
            Submit New Tip
          </Link>
        </>
      )}
    </Card>
  );
}

import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/account-settings";
import { ProfileCard } from "~/components/account/profile-card";
import { SecurityCard, type PasswordThrottle } from "~/components/account/security-card";
import { SubscriptionCard } from "~/components/account/subscription-card";
import { NotificationsCard } from "~/components/account/notifications-card";
import { TipsCard } from "~/components/account/tips-card";
import { PlaybookCard } from "~/components/account/playbook-card";
import { DiscordCard } from "~/components/account/discord-card";
import { discordCardQuery, isDiscordSyncConfigured, toDiscordCard } from "~/server/discord.server";
import { YourDataCard } from "~/components/account/your-data-card";
import { DeleteAccountCard } from "~/components/account/delete-account-card";
import { deleteAccountSchemaFor } from "~/lib/schemas/account";
import { confirmAccountOwner, deleteAccount, FRESH_SIGN_IN_MS, STAFF_CANNOT_SELF_DELETE } from "~/server/account-deletion.server";
import { readForm } from "~/server/http.server";
import { configuredProviders } from "~/server/oauth.server";
import { serializeBlankSessionCookie } from "~/server/session.server";
import { resetSchemeProgress, startedSchemesQuery, toStartedSchemes } from "~/server/progress.server";
import { showToast } from "~/components/toaster";
import { contentRights, isStaff } from "~/lib/access";
import { IMAGE_TOO_LARGE } from "~/lib/uploads";
import { changePasswordSchema, profileSchema } from "~/lib/schemas/auth";
import { notificationPreferencesSchema } from "~/lib/schemas/notifications";
import { saveNotificationPreferences } from "~/server/notifications.server";
import { AVATAR_STORE_FAILED, changePassword, readPasswordChangeThrottle, replaceAvatar, updateProfileNames } from "~/server/accounts.server";
import { getApp } from "~/server/context.server";
import { getOptionalUser, requireUser, SESSION_ENDED_TOAST } from "~/server/guards.server";
import { keepReadFormIfSignedOut, keptSubmission, takeKeptForm } from "~/server/kept-forms.server";
import { changeSubscription, isSubscriptionIntent, subscriptionSummary } from "~/server/subscription-changes.server";
import { listTipsOfUser } from "~/server/tips.server";
import { redirectWithToast } from "~/server/toast.server";
import { discardRequestBody, isRequestTooLarge, readImageUpload } from "~/server/uploads.server";

export function meta() {
  return [{ title: "Account Settings | Gridiron Playbook" }, { name: "robots", content: "noindex" }];
}

const PASSWORD_UPDATED = {
  kind: "success" as const,
  title: "Password Updated",
  description: "Your password has been changed successfully. You may need to log in again on other devices.",
};

/** 'My playbook' lists at most this many schemes (the most recently touched). */
const PLAYBOOK_LIMIT = 100;

/**
 * A refused change (4xx) normally leaves the page's data as it was; one refused because the
 * subscription ended meanwhile (409) reads the card again, as a page posted without JavaScript does,
 * and so does a refused 'Delete account': its wrong passwords count toward the Security card's attempts.
 */
export function shouldRevalidate({ actionStatus, formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || (formData?.get("intent") === "delete-account" && actionStatus !== undefined && actionStatus >= 400) || defaultShouldRevalidate;
}

export async function loader(args: Route.LoaderArgs) {
  const page = await settingsPage(args);
  // The names sent while the session had ended, put back once after the login (kept-forms.server.ts).
  const kept = await takeKeptForm(getApp(args.context), args.request);
  if (!kept || kept.formData.get("intent") !== "profile") return { ...page, restoredProfile: null };
  return data({ ...page, restoredProfile: keptSubmission(kept, profileSchema).result }, { headers: { "Set-Cookie": kept.setCookie } });
}

async function settingsPage({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const app = getApp(context);
  const [tips, throttle, started, discordRows] = await Promise.all([
    listTipsOfUser(app.db, user.id),
    readPasswordChangeThrottle(app, user.id),
    startedSchemesQuery(app.db, user.id, PLAYBOOK_LIMIT),
    isDiscordSyncConfigured(app.env) ? discordCardQuery(app.db, user.id) : null,
  ]);
  const playbook = toStartedSchemes(started)
    .filter((scheme) => contentRights(user, scheme).see)
    .map(({ contentId, slug, title, game, progress, next }) => ({ contentId, slug, title, game, progress, next }));
  const reset = new URL(request.url).searchParams.get("reset");
  const session = (await app.getSession())?.session;
  return {
    deletion: {
      refusal: isStaff(user) ? STAFF_CANNOT_SELF_DELETE : null,
      hasPassword: Boolean(user.passwordHash),
      freshSignIn: Boolean(session && Date.now() - session.createdAt <= FRESH_SIGN_IN_MS),
      providers: configuredProviders(app.env),
    },
    playbook,
    confirmingReset: playbook.some((scheme) => scheme.slug === reset) ? reset : null,
    profile: {
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      profileImageUrl: user.profileImageUrl,
      hasPassword: Boolean(user.passwordHash),
    },
    subscription: subscriptionSummary(app.env, user),
    passwordThrottle: throttle,
    passwordChanged: app.toast?.title === PASSWORD_UPDATED.title,
    discord: discordRows ? toDiscordCard(discordRows, user) : null,
    notifications: { notifyDigest: user.notifyDigest, notifyInSite: user.notifyInSite, followGames: user.followGames },
    tips: tips.map((tip) => ({
      id: tip.id,
      formationName: tip.formationName,
      playName: tip.playName,
      playbook: tip.playbook,
      gameType: tip.gameType,
      tipDescription: tip.tipDescription,
      status: tip.status,
      adminNotes: tip.adminNotes,
      createdAt: tip.createdAt.getTime(),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  if (!(await getOptionalUser(context))) {
    // Signed out meanwhile (another tab, expiry). New names are kept through the login like the
    // other forms' text; passwords, pictures and billing are never kept: the login says the change
    // was not made, rather than nothing.
    const formData = isRequestTooLarge(request) ? null : await readForm(request);
    if (formData?.get("intent") === "profile") await keepReadFormIfSignedOut(context, request, formData, "#profile");
    throw redirectWithToast(`/auth?redirectTo=${encodeURIComponent("/account-settings")}`, SESSION_ENDED_TOAST);
  }
  const user = await requireUser(context, request);

  if (isRequestTooLarge(request)) {
    await discardRequestBody(request);
    return data(
      { intent: "avatar", toast: { kind: "error" as const, ...IMAGE_TOO_LARGE } },
      { status: 413 },
    );
  }
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "");

  if (intent === "avatar") {
    const image = await readImageUpload(formData.get("avatar"));
    if (!image.ok) {
      return data({ intent, toast: { kind: "error" as const, title: image.title, description: image.description } }, { status: 400 });
    }
    if (!(await replaceAvatar(app, user, image))) {
      return data({ intent, toast: { kind: "error" as const, title: "Upload failed", description: AVATAR_STORE_FAILED } }, { status: 503 });
    }
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
    return redirectWithToast("/account-settings#profile", {
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
          throttle: { allowed: outcome.retryAfterSeconds === 0, used: outcome.attemptsUsed, retryAfterSeconds: outcome.retryAfterSeconds },
        },
        { status: 400 },
      );
    }
    // Redirected (the form sent once, so a reload cannot send the old password again and count a
    // wrong attempt); the page says 'Security Updated' when the toast it carries is this one.
    return redirectWithToast("/account-settings#security", PASSWORD_UPDATED, { headers: { "Set-Cookie": outcome.cookie } });
  }

  if (intent === "notifications") {
    const submission = parseWithZod(formData, { schema: notificationPreferencesSchema });
    if (submission.status !== "success") {
      return data({ intent, error: Object.values(submission.error ?? {}).flat()[0] ?? "Choose valid options." }, { status: 400 });
    }
    const { intent: _intent, ...preferences } = submission.value;
    await saveNotificationPreferences(app.db, user.id, preferences);
    return redirectWithToast("/account-settings#notifications", {
      kind: "success",
      title: "Notifications saved",
      description: "Your notification settings have been updated.",
    });
  }

  if (intent === "reset-progress") {
    const contentId = Number(formData.get("scheme"));
    const removed = Number.isSafeInteger(contentId) && contentId > 0 ? await resetSchemeProgress(app.db, user.id, contentId) : 0;
    if (!removed) return data({ intent, toast: { kind: "error" as const, title: "Nothing to reset", description: "This scheme has no progress of yours." } }, { status: 404 });
    return redirectWithToast("/account-settings#playbook", {
      kind: "success",
      title: "Progress reset",
      description: "Every play of the scheme is back to Not started.",
    });
  }

  if (intent === "delete-account") {
    const submission = parseWithZod(formData, { schema: deleteAccountSchemaFor(Boolean(user.passwordHash)) });
    const hideFields = ["password"];
    if (submission.status !== "success") return data({ intent, result: submission.reply({ hideFields }) }, { status: 400 });
    const owner = await confirmAccountOwner(app, user, (await app.getSession())!.session, submission.value.password);
    if (!owner.ok) {
      const errors = owner.field === "password" ? { fieldErrors: { password: [owner.message] } } : { formErrors: [owner.message] };
      return data({ intent, result: submission.reply({ ...errors, hideFields }) }, { status: owner.status });
    }
    const outcome = await deleteAccount(app, new URL(request.url).origin, user, user);
    if (outcome.status === "refused") {
      return data({ intent, result: submission.reply({ formErrors: [outcome.message], hideFields }) }, { status: isStaff(user) ? 403 : 502 });
    }
    return redirectWithToast(
      "/",
      { kind: "success", title: "Account deleted", description: "Your account and your data have been deleted. A confirmation e-mail is on its way." },
      { headers: { "Set-Cookie": serializeBlankSessionCookie(request) } },
    );
  }

  if (isSubscriptionIntent(intent)) {
    const change = await changeSubscription(app, new URL(request.url).origin, user, intent);
    if (change.outcome === "portal") return redirect(change.url);
    if (change.outcome === "changed") return redirectWithToast("/account-settings#subscription", change.toast);
    return data({ intent, toast: change.toast }, { status: change.status });
  }

  return data({ intent, result: null }, { status: 400 });
}

export default function AccountSettings({ loaderData, actionData }: Route.ComponentProps) {
  useEffect(() => {
    if (actionData && "toast" in actionData && actionData.toast) showToast(actionData.toast);
  }, [actionData]);
  const profileAnswer = actionData?.intent === "profile" && "result" in actionData ? actionData.result : loaderData.restoredProfile;
  const avatarError = actionData?.intent === "avatar" && "toast" in actionData ? actionData.toast : null;
  const subscriptionNotice = actionData && actionData.intent !== "avatar" && "toast" in actionData ? actionData.toast : null;
  const passwordAnswer = actionData?.intent === "change-password" && "result" in actionData ? actionData : null;
  const deleteAnswer = actionData?.intent === "delete-account" && "result" in actionData ? actionData.result : null;

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <h1 className="font-display text-3xl font-black text-white">Account Settings</h1>
      <p className="mt-1 text-slate-400">Manage your profile, security, subscription, notifications, playbook, tips and your data.</p>
      <div className="mt-8 space-y-8">
        <ProfileCard profile={loaderData.profile} lastResult={profileAnswer} avatarError={avatarError} />
        <SecurityCard
          hasPassword={loaderData.profile.hasPassword}
          // A 4xx answer does not reload the page's data: the counter and countdown come from the answer.
          throttle={(passwordAnswer && "throttle" in passwordAnswer ? (passwordAnswer.throttle as PasswordThrottle) : null) ?? loaderData.passwordThrottle}
          lastResult={passwordAnswer?.result ?? null}
          changed={loaderData.passwordChanged && !passwordAnswer}
        />
        <SubscriptionCard subscription={loaderData.subscription} notice={subscriptionNotice} />
        <NotificationsCard
          settings={loaderData.notifications}
          error={actionData?.intent === "notifications" && "error" in actionData ? (actionData.error as string) : null}
        />
        {loaderData.discord ? <DiscordCard discord={loaderData.discord} /> : null}
        <PlaybookCard schemes={loaderData.playbook} confirming={loaderData.confirmingReset} />
        <TipsCard tips={loaderData.tips} />
        <YourDataCard />
        <DeleteAccountCard state={loaderData.deletion} lastResult={deleteAnswer} />
      </div>
    </div>
  );
}

import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/dashboard";
import { DashboardPage, type Tab } from "~/components/admin/dashboard-page";
import { isStaff, staffRights } from "~/lib/access";
import { staffDeleteUserSchema } from "~/lib/schemas/account";
import { tipReviewSchema } from "~/lib/schemas/admin";
import { deleteAccount } from "~/server/account-deletion.server";
import { activityFilterOf, activityQuery, staffMembersQuery, toActivityView } from "~/server/audit.server";
import { deleteBlogPost, listPostsForAdmin } from "~/server/admin-blog.server";
import { deleteContent, gameplanUsesOfContentQuery, listContentForAdmin } from "~/server/admin-content.server";
import {
  deleteTip,
  findUserForStaff,
  messagesCursorOf,
  messagesQuery,
  toMessagesView,
  reviewTip,
  tipChangedMessage,
  tipCountsQuery,
  TIPS_PAGE_SIZE,
  tipsPageQuery,
  toStaffUserRows,
  toUpdatesTab,
  USERS_PAGE_SIZE,
  usersCountQuery,
  usersPageQuery,
} from "~/server/admin-dashboard.server";
import { dashboardPage, pageBeyondEnd, staffContext } from "~/server/admin.server";
import { getApp } from "~/server/context.server";
import { isDiscordSyncConfigured, scheduleDiscordDrain } from "~/server/discord.server";
import { readForm, revisionOf } from "~/server/http.server";
import { none, readPage } from "~/server/page-read.server";
import { topMissesQuery } from "~/server/search.server";
import { retestCountsQuery, titleUpdatesQuery } from "~/server/patch.server";
import { excerpt } from "~/server/content.server";
import { countersQuery, toCounterMap } from "~/server/counters.server";
import { requireStaff } from "~/server/guards.server";
import { redirectWithToast } from "~/server/toast.server";
import { submitUserEdit } from "~/server/user-edit-form.server";
import { sendAddressChangedEmails, updateBillingEmail } from "~/server/accounts.server";
import { endSubscriptionNow, STRIPE_EMAIL_NOT_UPDATED } from "~/server/stripe.server";

const SUPERADMIN_TABS: Tab[] = ["users", "content", "tips", "updates", "blog", "settings", "messages", "activity"];
const ADMIN_TABS: Tab[] = ["content", "tips", "updates"];
const CONTENT_PAGE_SIZE = 20;
const COUNTERS = ["users:all", "users:active_subscriptions", "content:all", "blog:all"];

export function meta({ error }: Route.MetaArgs) {
  // A refused or failed page names itself (its error page sets the title).
  if (error) return [{ name: "robots", content: "noindex" }];
  return [{ title: "Admin Dashboard | Gridiron Playbook" }, { name: "robots", content: "noindex" }];
}


/** A review refused because another staff member reviewed the tip since reads the tip again (its status in the dialog). */
export function shouldRevalidate({ actionStatus, formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return (actionStatus === 409 && formData?.get("intent") === "review-tip") || defaultShouldRevalidate;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const { db } = app;
  const url = new URL(request.url);
  const search = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const usersPage = dashboardPage(url.searchParams.get("usersPage"));
  const contentPage = dashboardPage(url.searchParams.get("contentPage"));
  const tipsPage = dashboardPage(url.searchParams.get("tipsPage"));
  const selectedTip = Number(url.searchParams.get("tip")) || null;
  const activity = activityFilterOf(url);
  const olderMessagesThan = messagesCursorOf(url);
  const deletingContent = url.searchParams.get("dialog") === "delete-content" ? url.searchParams.get("content") : null;

  // Every staff member's tables are read together with the session check (one D1 round trip);
  // nothing is returned unless requireStaff lets the user in. The superadmin's tables follow.
  const [user, { counterRows, contentRows, tipRows, tipCounts, missRows, updateRows, retestRows, deletingUses }] = await Promise.all([
    requireStaff(context, request),
    readPage(app, () => ({
      counterRows: countersQuery(db, COUNTERS),
      contentRows: listContentForAdmin(db, { page: contentPage, pageSize: CONTENT_PAGE_SIZE }),
      tipRows: tipsPageQuery(db, tipsPage),
      tipCounts: tipCountsQuery(db),
      missRows: topMissesQuery(db),
      updateRows: titleUpdatesQuery(db),
      retestRows: retestCountsQuery(db),
      // The delete dialog of an item says how many gameplans lose its plays.
      deletingUses: deletingContent ? gameplanUsesOfContentQuery(db, deletingContent) : none,
    })),
  ]);
  const rights = staffRights(user);
  const superadmin = rights.manageUsers;
  const { userRows, userCount, postRows, messageRows, activityRows, staffRows } = superadmin
    ? await readPage(app, () => ({
        userRows: usersPageQuery(db, search, usersPage),
        userCount: usersCountQuery(db, search),
        postRows: listPostsForAdmin(db),
        messageRows: messagesQuery(db, olderMessagesThan),
        activityRows: activityQuery(db, activity),
        staffRows: staffMembersQuery(db),
      }))
    : { userRows: null, userCount: null, postRows: null, messageRows: null, activityRows: null, staffRows: null };
  const counters = toCounterMap(counterRows, COUNTERS);
  const pageCounts = {
    users: Math.max(1, Math.ceil((userCount?.[0]?.total ?? 0) / USERS_PAGE_SIZE)),
    content: Math.max(1, Math.ceil(counters["content:all"] / CONTENT_PAGE_SIZE)),
    tips: Math.max(1, Math.ceil(tipCounts.reduce((sum, row) => sum + row.total, 0) / TIPS_PAGE_SIZE)),
  };
  // A page past the end (its last rows deleted, or an old link): the last page that has rows, not an empty table.
  const beyond = pageBeyondEnd(url, { users: [usersPage, userRows ? pageCounts.users : usersPage], content: [contentPage, pageCounts.content], tips: [tipsPage, pageCounts.tips] });
  if (beyond) throw redirect(beyond);

  return {
    role: user.role,
    canWriteBlog: rights.manageBlog,
    tabs: superadmin ? SUPERADMIN_TABS : ADMIN_TABS,
    defaultTab: (superadmin ? "users" : "tips") as Tab,
    stats: {
      totalUsers: superadmin ? counters["users:all"] : null,
      activeSubscriptions: superadmin ? counters["users:active_subscriptions"] : null,
      totalContent: counters["content:all"],
      blogPosts: superadmin ? counters["blog:all"] : null,
    },
    users: userRows
      ? {
          search,
          page: usersPage,
          pageCount: pageCounts.users,
          discordSync: isDiscordSyncConfigured(app.env),
          rows: toStaffUserRows(userRows),
        }
      : null,
    content: {
      page: contentPage,
      pageCount: pageCounts.content,
      // Only what the table shows travels in the page (and again in its hydration data).
      rows: contentRows.map(({ slug, title, description, type, game, views, isPublished }) => ({
        slug,
        title,
        description: excerpt(description, 80),
        type,
        game,
        views,
        isPublished,
      })),
      searchMisses: missRows,
      deletingUses: deletingUses?.[0] ?? null,
    },
    tips: {
      pending: tipCounts.find((row) => row.status === "pending")?.total ?? 0,
      approved: tipCounts.find((row) => row.status === "approved")?.total ?? 0,
      page: tipsPage,
      pageCount: pageCounts.tips,
      // The table shows no tip text; the open dialog gets all of it.
      rows: tipRows.map((row) => ({
        ...row,
        tipDescription: row.id === selectedTip ? row.tipDescription : null,
        adminNotes: row.id === selectedTip ? row.adminNotes : null,
        createdAt: row.createdAt.getTime(),
        updatedAt: row.updatedAt.getTime(),
      })),
    },
    updates: toUpdatesTab(updateRows, retestRows),
    posts: postRows ? postRows.map((row) => ({ ...row, publishedAt: row.publishedAt?.getTime() ?? null, createdAt: row.createdAt.getTime() })) : null,
    messages: messageRows ? toMessagesView(messageRows, olderMessagesThan) : null,
    activity: activityRows && staffRows ? toActivityView(activity, activityRows, staffRows) : null,
  };
}

function back(request: Request, tab: Tab) {
  // Back to the same list (search and page kept), without the dialog parameters.
  const url = new URL(request.url);
  const keep = new URLSearchParams();
  for (const name of ["q", "usersPage", "contentPage", "tipsPage"]) {
    const value = url.searchParams.get(name);
    if (value) keep.set(name, value);
  }
  const query = keep.toString();
  return `/admin${query ? `?${query}` : ""}#${tab}`;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user, app } = await staffContext(context, request);
  const rights = staffRights(user);
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "");
  const forbidden = () => data({ intent, error: "Unauthorized: Superadmins only" }, { status: 403 });

  if (intent === "update-user") {
    if (!rights.manageUsers) return forbidden();
    const origin = new URL(request.url).origin;
    const outcome = await submitUserEdit(app.db, user, formData, (id) => endSubscriptionNow(app, origin, id));
    if (!outcome.ok) return data({ intent, error: outcome.error, fieldErrors: outcome.fieldErrors, values: outcome.values }, { status: outcome.status });
    scheduleDiscordDrain(app);
    if (outcome.newAddress) {
      app.executionContext.waitUntil(sendAddressChangedEmails(app, outcome.newAddress).catch((error) => console.error("Address changed e-mails", error)));
      if (!(await updateBillingEmail(app, origin, outcome.newAddress))) {
        return redirectWithToast(back(request, "users"), { kind: "info", title: "Stripe not updated", description: STRIPE_EMAIL_NOT_UPDATED });
      }
    }
    return redirectWithToast(back(request, "users"), { kind: "success", title: "Success", description: "User updated successfully" });
  }

  if (intent === "review-tip") {
    const submission = parseWithZod(formData, { schema: tipReviewSchema });
    // A refused review comes back in its dialog with the notes as typed.
    const typedNotes = String(formData.get("adminNotes") ?? "");
    if (submission.status !== "success") {
      return data({ intent, error: submission.error?.adminNotes?.[0] ?? "Failed to update tip status", notes: typedNotes }, { status: 400 });
    }
    const notes = submission.value.adminNotes?.trim() || null;
    const reviewed = await reviewTip(app.db, user, submission.value.tipId, submission.value.status, notes, revisionOf(formData));
    if (!reviewed.ok && reviewed.status === 409) return data({ intent, error: tipChangedMessage(reviewed.now), notes: typedNotes, revision: reviewed.now.revision }, { status: 409 });
    if (!reviewed.ok) return data({ intent, error: "Failed to update tip status", notes: typedNotes }, { status: 404 });
    return redirectWithToast(back(request, "tips"), { kind: "success", title: "Success", description: `Tip ${submission.value.status} successfully` });
  }

  if (intent === "delete-tip") {
    const deleted = await deleteTip(app.db, user, Number(formData.get("tipId")));
    if (!deleted) return data({ intent, error: "Failed to delete tip" }, { status: 404 });
    return redirectWithToast(back(request, "tips"), { kind: "success", title: "Success", description: "Tip deleted successfully" });
  }

  if (intent === "delete-content") {
    const deleted = await deleteContent({ db: app.db, bucket: app.env.MEDIA }, user, String(formData.get("slug") ?? ""));
    if (!deleted) return data({ intent, error: "Failed to delete content" }, { status: 404 });
    return redirectWithToast(back(request, "content"), { kind: "success", title: "Success", description: "Content deleted successfully" });
  }

  if (intent === "delete-post") {
    if (!rights.manageBlog) return forbidden();
    const deleted = await deleteBlogPost(app, user, Number(formData.get("postId")));
    if (!deleted) return data({ intent, error: "Failed to delete blog post" }, { status: 404 });
    return redirectWithToast(back(request, "blog"), { kind: "success", title: "Success", description: "Blog post deleted successfully" });
  }

  if (intent === "delete-user") {
    if (!rights.manageUsers) return forbidden();
    const submission = parseWithZod(formData, { schema: staffDeleteUserSchema });
    if (submission.status !== "success") return data({ intent, error: "Type DELETE to confirm." }, { status: 400 });
    const target = await findUserForStaff(app.db, submission.value.userId);
    if (!target) return data({ intent, error: "That user no longer exists." }, { status: 404 });
    const outcome = await deleteAccount(app, new URL(request.url).origin, target, user);
    if (outcome.status === "refused") {
      const message = isStaff(target) ? "Staff accounts cannot be deleted. Change their role to Member first (Edit)." : outcome.message;
      return data({ intent, error: message }, { status: isStaff(target) ? 403 : 502 });
    }
    return redirectWithToast(back(request, "users"), { kind: "success", title: "Success", description: "Account deleted" });
  }

  return data({ intent, error: "Unknown action." }, { status: 400 });
}

// The tabs in app/components/admin/ take their rows from these.
export type DashboardLoaderData = Route.ComponentProps["loaderData"];
export type DashboardActionData = Route.ComponentProps["actionData"];

export default function AdminDashboard({ loaderData, actionData }: Route.ComponentProps) {
  return <DashboardPage loaderData={loaderData} actionData={actionData} />;
}

import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useMemo, useState } from "react";
import { data, Form, useLocation, useNavigation, useSearchParams } from "react-router";
import { Link } from "~/components/link";
import type { Route } from "./+types/dashboard";
import { DataTable, EmptyRow, Section } from "~/components/admin/data-table";
import { DashboardQueryContext, dashboardQuery, Pager, useDashboardQuery } from "~/components/admin/dashboard-query";
import { ConfirmDelete, Dialog } from "~/components/admin/dialog";
import { UserSearch } from "~/components/admin/user-search";
import { Avatar } from "~/components/avatar";
import { TypeBadge } from "~/components/content-card";
import { showToast } from "~/components/toaster";
import { BLOG_CATEGORY_LABELS } from "~/lib/blog";
import { isSchemeType } from "~/lib/content";
import { formatCount, formatShortDate, GAME_LABELS } from "~/lib/format";
import { tipReviewSchema, userEditSchema } from "~/lib/schemas/admin";
import { deleteBlogPost, listPostsForAdmin } from "~/server/admin-blog.server";
import { deleteContent, listContentForAdmin } from "~/server/admin-content.server";
import {
  deleteTip,
  findUserForStaff,
  messagesQuery,
  reviewTip,
  tipCountsQuery,
  TIPS_PAGE_SIZE,
  tipsPageQuery,
  updateUserByStaff,
  USERS_PAGE_SIZE,
  usersCountQuery,
  usersPageQuery,
} from "~/server/admin-dashboard.server";
import { staffContext } from "~/server/admin.server";
import { getApp } from "~/server/context.server";
import { excerpt } from "~/server/content.server";
import { countersQuery, toCounterMap } from "~/server/counters.server";
import { hasErrorMessage } from "~/server/db.server";
import { requireStaff } from "~/server/guards.server";
import { redirectWithToast } from "~/server/toast.server";

type Tab = "users" | "content" | "tips" | "blog" | "settings" | "messages";
const SUPERADMIN_TABS: Tab[] = ["users", "content", "tips", "blog", "settings", "messages"];
const ADMIN_TABS: Tab[] = ["content", "tips"];
const TAB_LABELS: Record<Tab, string> = { users: "Users", content: "Content", tips: "Tips", blog: "Blog", settings: "Settings", messages: "Messages" };
const CONTENT_PAGE_SIZE = 20;
const COUNTERS = ["users:all", "users:active_subscriptions", "content:all", "blog:all"];

export function meta() {
  return [{ title: "Admin Dashboard | Gridiron Playbook" }, { name: "robots", content: "noindex" }];
}

function pageParam(value: string | null) {
  const number = Number.parseInt(value ?? "1", 10);
  return Number.isFinite(number) && number > 0 ? Math.min(number, 100_000) : 1;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const { db } = app;
  const url = new URL(request.url);
  const search = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const usersPage = pageParam(url.searchParams.get("usersPage"));
  const contentPage = pageParam(url.searchParams.get("contentPage"));
  const tipsPage = pageParam(url.searchParams.get("tipsPage"));
  const selectedTip = Number(url.searchParams.get("tip")) || null;

  // Every staff member's tables are read together with the session check (one D1 round trip);
  // nothing is returned unless requireStaff lets the user in. The superadmin's tables follow.
  const [user, [counterRows, contentRows, tipRows, tipCounts]] = await Promise.all([
    requireStaff(context, request),
    app.readWithSession(() => [
      countersQuery(db, COUNTERS),
      listContentForAdmin(db, { page: contentPage, pageSize: CONTENT_PAGE_SIZE }),
      tipsPageQuery(db, tipsPage),
      tipCountsQuery(db),
    ]),
  ]);
  const superadmin = user.role === "superadmin";
  const [userRows, userCount, postRows, messageRows] = superadmin
    ? await db.batch([usersPageQuery(db, search, usersPage), usersCountQuery(db, search), listPostsForAdmin(db), messagesQuery(db)])
    : [];
  const counters = toCounterMap(counterRows, COUNTERS);

  return {
    role: user.role,
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
          pageCount: Math.max(1, Math.ceil((userCount?.[0]?.total ?? 0) / USERS_PAGE_SIZE)),
          rows: userRows.map((row) => ({
            ...row,
            accessExpiresAt: row.accessExpiresAt?.getTime() ?? null,
            createdAt: row.createdAt.getTime(),
          })),
        }
      : null,
    content: {
      page: contentPage,
      pageCount: Math.max(1, Math.ceil(counters["content:all"] / CONTENT_PAGE_SIZE)),
      // Only what the table shows travels in the page (and again in its hydration data).
      rows: contentRows.map(({ slug, title, description, type, game, views, isPublished }) => ({
        slug,
        title,
        description: excerpt(description, 100),
        type,
        game,
        views,
        isPublished,
      })),
    },
    tips: {
      pending: tipCounts.find((row) => row.status === "pending")?.total ?? 0,
      approved: tipCounts.find((row) => row.status === "approved")?.total ?? 0,
      page: tipsPage,
      pageCount: Math.max(1, Math.ceil(tipCounts.reduce((sum, row) => sum + row.total, 0) / TIPS_PAGE_SIZE)),
      // The table needs the start of a tip; the open dialog gets all of it.
      rows: tipRows.map((row) => ({
        ...row,
        tipDescription: row.id === selectedTip ? row.tipDescription : excerpt(row.tipDescription, 120),
        adminNotes: row.id === selectedTip ? row.adminNotes : null,
        createdAt: row.createdAt.getTime(),
        updatedAt: row.updatedAt.getTime(),
      })),
    },
    posts: postRows ? postRows.map((row) => ({ ...row, publishedAt: row.publishedAt?.getTime() ?? null, createdAt: row.createdAt.getTime() })) : null,
    messages: messageRows ? messageRows.map((row) => ({ ...row, createdAt: row.createdAt.getTime() })) : null,
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
  const superadmin = user.role === "superadmin";
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const forbidden = () => data({ intent, error: "Unauthorized: Superadmins only" }, { status: 403 });

  if (intent === "update-user") {
    if (!superadmin) return forbidden();
    const submission = parseWithZod(formData, { schema: userEditSchema });
    if (submission.status !== "success") {
      return data({ intent, error: null, fieldErrors: submission.error ?? {} }, { status: 400 });
    }
    const { userId, accessExpiresAt, ...edit } = submission.value;
    const target = await findUserForStaff(app.db, userId);
    if (!target) return data({ intent, error: "That user no longer exists.", fieldErrors: {} }, { status: 404 });
    try {
      await updateUserByStaff(app.db, userId, {
        ...edit,
        accessExpiresAt: accessExpiresAt ? new Date(`${accessExpiresAt}T23:59:59Z`) : target.accessExpiresAt,
      });
    } catch (error) {
      const message = hasErrorMessage(error, /UNIQUE/) ? "Another account already uses this email address." : "Failed to update user";
      return data({ intent, error: message, fieldErrors: {} }, { status: 400 });
    }
    return redirectWithToast(back(request, "users"), { kind: "success", title: "Success", description: "User updated successfully" });
  }

  if (intent === "review-tip") {
    const submission = parseWithZod(formData, { schema: tipReviewSchema });
    if (submission.status !== "success") return data({ intent, error: "Failed to update tip status" }, { status: 400 });
    const notes = submission.value.adminNotes?.trim() || null;
    const updated = await reviewTip(app.db, submission.value.tipId, submission.value.status, notes);
    if (!updated) return data({ intent, error: "Failed to update tip status" }, { status: 404 });
    return redirectWithToast(back(request, "tips"), { kind: "success", title: "Success", description: `Tip ${submission.value.status} successfully` });
  }

  if (intent === "delete-tip") {
    const deleted = await deleteTip(app.db, Number(formData.get("tipId")));
    if (!deleted) return data({ intent, error: "Failed to delete tip" }, { status: 404 });
    return redirectWithToast(back(request, "tips"), { kind: "success", title: "Success", description: "Tip deleted successfully" });
  }

  if (intent === "delete-content") {
    const deleted = await deleteContent(app.db, String(formData.get("slug") ?? ""));
    if (!deleted) return data({ intent, error: "Failed to delete content" }, { status: 404 });
    return redirectWithToast(back(request, "content"), { kind: "success", title: "Success", description: "Content deleted successfully" });
  }

  if (intent === "delete-post") {
    if (!superadmin) return forbidden();
    const deleted = await deleteBlogPost(app.db, Number(formData.get("postId")));
    if (!deleted) return data({ intent, error: "Failed to delete blog post" }, { status: 404 });
    return redirectWithToast(back(request, "blog"), { kind: "success", title: "Success", description: "Blog post deleted successfully" });
  }

  return data({ intent, error: "Unknown action." }, { status: 400 });
}

type LoaderData = Route.ComponentProps["loaderData"];
type ActionData = Route.ComponentProps["actionData"];

/** The tab named by the URL hash, if the role may see it. */
function useActiveTab(tabs: Tab[], fallback: Tab) {
  const location = useLocation();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const fromHash = location.hash.replace("#", "") as Tab;
  return { hydrated, active: tabs.includes(fromHash) ? fromHash : fallback };
}

export default function AdminDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { tabs, defaultTab, stats, role } = loaderData;
  const { hydrated, active } = useActiveTab(tabs, defaultTab);
  const [searchParams] = useSearchParams();
  const query = useMemo(() => dashboardQuery(searchParams), [searchParams]);
  useEffect(() => {
    if (actionData?.error) showToast({ kind: "error", title: "Error", description: actionData.error });
  }, [actionData]);

  const statCards = [
    { label: "Total Users", value: stats.totalUsers },
    { label: "Active Subscriptions", value: stats.activeSubscriptions },
    { label: "Total Content", value: stats.totalContent },
    { label: "Blog Posts", value: stats.blogPosts },
  ].filter((card) => card.value !== null);

  // With JavaScript the hash picks one tab; without it every tab is a section with that anchor.
  const visible = (tab: Tab) => !hydrated || tab === active;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-black text-white">Admin Dashboard</h1>
          <p className="mt-1 text-sm text-slate-400">Signed in as {role}.</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link to="/admin/content/new" className="btn-primary">New Content</Link>
          {role === "superadmin" ? <Link to="/admin/blog/new" className="btn-secondary">New Blog Post</Link> : null}
        </div>
      </header>

      <dl className={`mt-8 grid gap-4 ${statCards.length === 4 ? "grid-cols-2 lg:grid-cols-4" : "grid-cols-2"}`}>
        {statCards.map((card) => (
          <div key={card.label} className="card p-5">
            <dt className="text-sm font-semibold text-slate-400">{card.label}</dt>
            <dd className="mt-1 text-3xl font-black text-white">{formatCount(card.value!)}</dd>
          </div>
        ))}
      </dl>

      <nav aria-label="Dashboard sections" className="mt-10 overflow-x-auto border-b border-field-700">
        <ul className="flex gap-1">
          {tabs.map((tab) => (
            <li key={tab}>
              <a
                href={`#${tab}`}
                aria-current={hydrated && tab === active ? "page" : undefined}
                className={`inline-block whitespace-nowrap border-b-2 px-4 py-3 text-sm font-bold ${
                  hydrated && tab === active ? "border-turf text-turf" : "border-transparent text-slate-300 hover:text-white"
                }`}
              >
                {TAB_LABELS[tab]}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <DashboardQueryContext.Provider value={query}>
        <div className="mt-8 space-y-12">
          {tabs.includes("users") && loaderData.users && visible("users") ? <UsersTab data={loaderData.users} actionData={actionData} /> : null}
          {visible("content") ? <ContentTab data={loaderData.content} /> : null}
          {visible("tips") ? <TipsTab data={loaderData.tips} /> : null}
          {tabs.includes("blog") && loaderData.posts && visible("blog") ? <BlogTab posts={loaderData.posts} /> : null}
          {tabs.includes("settings") && visible("settings") ? <SettingsTab /> : null}
          {tabs.includes("messages") && loaderData.messages && visible("messages") ? <MessagesTab messages={loaderData.messages} /> : null}
        </div>
      </DashboardQueryContext.Provider>
    </div>
  );
}

const STATUS_LABELS: Record<string, string> = { active: "Active", inactive: "Inactive", cancelled: "Cancelled", past_due: "Past Due" };

function UsersTab({ data: users, actionData }: { data: NonNullable<LoaderData["users"]>; actionData: ActionData }) {
  const { params: searchParams, dialogHref, closeHref: closeTo } = useDashboardQuery();
  const closeHref = closeTo("users");
  const selectedId = searchParams.get("user");
  const dialog = searchParams.get("dialog");
  const selected = users.rows.find((row) => row.id === selectedId) ?? null;

  return (
    <Section id="users" title="Users">
      <UserSearch search={users.search} />
      <DataTable className="mt-5" columns={["User", "Email", "Subscription", "Joined", "Actions"]}>
        {users.rows.length === 0 ? (
          <EmptyRow columns={5}>No users found.</EmptyRow>
        ) : (
          users.rows.map((row) => (
            <tr key={row.id}>
              <td>
                <span className="flex items-center gap-3">
                  <Avatar person={row} size="h-8 w-8 text-xs" />
                  <span className="font-semibold text-white">{[row.firstName, row.lastName].filter(Boolean).join(" ") || "—"}</span>
                </span>
              </td>
              <td className="text-slate-300">{row.email}</td>
              <td>
                <span className={`badge ${row.subscriptionTier === "premium" ? "bg-turf text-field-950" : "bg-field-700 text-slate-200"}`}>
                  {row.subscriptionTier === "premium" ? "Premium" : "Free"} · {STATUS_LABELS[row.subscriptionStatus]}
                </span>
              </td>
              <td className="text-slate-300">{formatShortDate(row.createdAt)}</td>
              <td>
                <span className="flex gap-3">
                  <Link discover="none" to={dialogHref({ user: row.id, dialog: "details" }, "users")} preventScrollReset className="text-link">Details</Link>
                  <Link discover="none" to={dialogHref({ user: row.id, dialog: "edit" }, "users")} preventScrollReset className="text-link">Edit</Link>
                </span>
              </td>
            </tr>
          ))
        )}
      </DataTable>
      <Pager page={users.page} pageCount={users.pageCount} param="usersPage" hash="users" />
      {selected && dialog === "details" ? <UserDetails user={selected} closeHref={closeHref} /> : null}
      {selected && dialog === "edit" ? <UserEdit user={selected} closeHref={closeHref} actionData={actionData} /> : null}
    </Section>
  );
}

type UserRow = NonNullable<LoaderData["users"]>["rows"][number];

function UserDetails({ user, closeHref }: { user: UserRow; closeHref: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Dialog title="User details" closeHref={closeHref}>
      <div className="flex items-center gap-4">
        <Avatar person={user} size="h-14 w-14 text-xl" />
        <p className="text-lg font-bold text-white">{[user.firstName, user.lastName].filter(Boolean).join(" ") || "—"}</p>
      </div>
      <dl className="mt-5 space-y-3 text-sm">
        <div className="flex items-center justify-between gap-4">
          <dt className="text-slate-400">Email</dt>
          <dd className="flex items-center gap-2 text-white">
            <span>{user.email}</span>
            <button
              type="button"
              className="rounded-md border border-field-600 px-2 py-1 text-xs font-semibold text-slate-200 hover:bg-field-700"
              onClick={async () => {
                await navigator.clipboard.writeText(user.email).catch(() => undefined);
                setCopied(true);
              }}
              aria-label="Copy email"
            >
              {copied ? "✓ Copied" : "Copy"}
            </button>
          </dd>
        </div>
        <div className="flex justify-between gap-4"><dt className="text-slate-400">Subscription tier</dt><dd className="capitalize text-white">{user.subscriptionTier || "None"}</dd></div>
        <div className="flex justify-between gap-4"><dt className="text-slate-400">Status</dt><dd className="text-white">{STATUS_LABELS[user.subscriptionStatus] ?? "Inactive"}</dd></div>
        <div className="flex justify-between gap-4"><dt className="text-slate-400">Premium access until</dt><dd className="text-white">{formatShortDate(user.accessExpiresAt)}</dd></div>
        <div className="flex justify-between gap-4"><dt className="text-slate-400">Joined</dt><dd className="text-white">{formatShortDate(user.createdAt)}</dd></div>
      </dl>
    </Dialog>
  );
}

function UserEdit({ user, closeHref, actionData }: { user: UserRow; closeHref: string; actionData: ActionData }) {
  const navigation = useNavigation();
  const errors = (actionData && "fieldErrors" in actionData ? actionData.fieldErrors : {}) as Record<string, string[] | undefined>;
  const formError = actionData?.intent === "update-user" ? actionData.error : null;
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "update-user";
  const expires = user.accessExpiresAt ? new Date(user.accessExpiresAt).toISOString().slice(0, 10) : "";
  const field = (name: string, label: string, input: React.ReactNode) => (
    <div>
      <label htmlFor={`edit-${name}`} className="label">{label}</label>
      {input}
      {errors[name]?.[0] ? <p className="field-error" role="alert">{errors[name]![0]}</p> : null}
    </div>
  );
  return (
    <Dialog title="Edit user" closeHref={closeHref}>
      <Form method="post" className="space-y-4" preventScrollReset>
        <input type="hidden" name="intent" value="update-user" />
        <input type="hidden" name="userId" value={user.id} />
        {formError ? <p role="alert" className="field-error">{formError}</p> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          {field("firstName", "First name", <input id="edit-firstName" name="firstName" defaultValue={user.firstName ?? ""} className="input" />)}
          {field("lastName", "Last name", <input id="edit-lastName" name="lastName" defaultValue={user.lastName ?? ""} className="input" />)}
        </div>
        {field("email", "Email", <input id="edit-email" name="email" type="email" defaultValue={user.email} className="input" />)}
        <div className="grid gap-4 sm:grid-cols-2">
          {field(
            "subscriptionTier",
            "Tier",
            <select id="edit-subscriptionTier" name="subscriptionTier" defaultValue={user.subscriptionTier} className="input">
              <option value="free">Free</option>
              <option value="premium">Premium</option>
            </select>,
          )}
          {field(
            "subscriptionStatus",
            "Status",
            <select id="edit-subscriptionStatus" name="subscriptionStatus" defaultValue={user.subscriptionStatus} className="input">
              <option value="active">Active</option>
              <option value="inactive">Inactive</option>
              <option value="cancelled">Cancelled</option>
              <option value="past_due">Past Due</option>
            </select>,
          )}
        </div>
        {field("accessExpiresAt", "Premium access until", <input id="edit-accessExpiresAt" name="accessExpiresAt" type="date" defaultValue={expires} className="input" />)}
        <p className="text-xs text-slate-400">Premium tier gives access only while this date is in the future.</p>
        <div className="flex justify-end gap-3 pt-2">
          <Link to={closeHref} preventScrollReset className="btn-secondary">Cancel</Link>
          <button type="submit" className="btn-primary" disabled={saving}>{saving ? "Saving..." : "Save Changes"}</button>
        </div>
      </Form>
    </Dialog>
  );
}

function ContentTab({ data: content }: { data: LoaderData["content"] }) {
  const { params: searchParams, dialogHref, closeHref: closeTo } = useDashboardQuery();
  const closeHref = closeTo("content");
  const deleting = searchParams.get("dialog") === "delete-content" ? content.rows.find((row) => row.slug === searchParams.get("content")) : null;
  return (
    <Section id="content" title="Content" action={<Link to="/admin/content/new" className="btn-primary">Create Content</Link>}>
      <DataTable columns={["Title", "Type", "Game", "Views", "Status", "Actions"]}>
        {content.rows.length === 0 ? (
          <EmptyRow columns={6}>No content yet.</EmptyRow>
        ) : (
          content.rows.map((row) => (
            <tr key={row.slug}>
              <td>
                <p className="font-semibold text-white">{row.title}</p>
                <p className="line-clamp-1 text-xs text-slate-400">{row.description}</p>
              </td>
              <td><TypeBadge type={row.type} /></td>
              <td className="text-slate-300">{GAME_LABELS[row.game]}</td>
              <td className="tabular-nums text-slate-300">{formatCount(row.views)}</td>
              <td>
                <span className={`badge ${row.isPublished ? "bg-turf text-field-950" : "bg-field-700 text-slate-200"}`}>
                  {row.isPublished ? "Published" : "Draft"}
                </span>
              </td>
              <td>
                <span className="row-actions">
                  <a href={isSchemeType(row.type) ? `/scheme/${row.slug}` : `/content/${row.slug}`} target="_blank" rel="noopener" className="text-link">View</a>
                  <Link discover="none" to={`/admin/content/${row.slug}`} className="text-link">Edit</Link>
                  <Link discover="none" to={dialogHref({ content: row.slug, dialog: "delete-content" }, "content")} preventScrollReset className="text-link-danger">Delete</Link>
                </span>
              </td>
            </tr>
          ))
        )}
      </DataTable>
      <Pager page={content.page} pageCount={content.pageCount} param="contentPage" hash="content" />
      {deleting ? (
        <ConfirmDelete title="Delete content" closeHref={closeHref} intent="delete-content" target={{ name: "slug", value: deleting.slug }}>
        <p className="text-slate-300">
          Delete “{deleting.title}”? Its formations, plays, ratings, comments and favorites are deleted too. This action cannot be undone.
        </p>
        </ConfirmDelete>
      ) : null}
    </Section>
  );
}

const TIP_STATUS_STYLES: Record<string, string> = {
  pending: "bg-amber-400 text-field-950",
  approved: "bg-turf text-field-950",
  rejected: "bg-red-600 text-white",
};

function TipsTab({ data: tips }: { data: LoaderData["tips"] }) {
  const { params: searchParams, dialogHref, closeHref: closeTo } = useDashboardQuery();
  const closeHref = closeTo("tips");
  const navigation = useNavigation();
  const selected = tips.rows.find((row) => String(row.id) === searchParams.get("tip")) ?? null;
  const dialog = searchParams.get("dialog");
  const busy = navigation.state === "submitting";
  return (
    <Section id="tips" title="Tips">
      <div className="flex flex-wrap gap-4">
        <p className="card px-4 py-3 text-sm"><span className="text-slate-400">Pending </span><span className="text-xl font-black text-white">{tips.pending}</span></p>
        <p className="card px-4 py-3 text-sm"><span className="text-slate-400">Approved </span><span className="text-xl font-black text-white">{tips.approved}</span></p>
      </div>
      {tips.rows.length === 0 ? (
        <p className="mt-6 text-slate-400">No tips submitted yet.</p>
      ) : (
        <DataTable className="mt-5" columns={["User", "Formation and playbook", "Play", "Game", "Status", "Submitted", "Actions"]}>
          {tips.rows.map((tip) => (
            <tr key={tip.id}>
              <td>
                <p className="font-semibold text-white">{[tip.firstName, tip.lastName].filter(Boolean).join(" ") || "—"}</p>
                <p className="text-xs text-slate-400">{tip.email}</p>
              </td>
              <td>
                <p className="text-white">{tip.formationName}</p>
                <p className="text-xs text-slate-400">{tip.playbook}</p>
              </td>
              <td className="text-slate-300">{tip.playName}</td>
              <td className="text-slate-300">{tip.gameType === "madden" ? "Madden" : "College"}</td>
              <td>
                <span className={`badge capitalize ${TIP_STATUS_STYLES[tip.status]}`}>{tip.status}</span>
              </td>
              <td className="text-slate-300">{formatShortDate(tip.createdAt)}</td>
              <td>
                <span className="row-actions">
                  <Link discover="none" to={dialogHref({ tip: String(tip.id), dialog: "details" }, "tips")} preventScrollReset className="text-link">Details</Link>
                  <Link discover="none" to={dialogHref({ tip: String(tip.id), dialog: "review" }, "tips")} preventScrollReset className="text-link">Review</Link>
                  <Link discover="none" to={dialogHref({ tip: String(tip.id), dialog: "delete-tip" }, "tips")} preventScrollReset className="text-link-danger">Delete</Link>
                </span>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pager page={tips.page} pageCount={tips.pageCount} param="tipsPage" hash="tips" />
      {selected && dialog === "details" ? (
        <Dialog title="Tip details" closeHref={closeHref}>
          <dl className="space-y-3 text-sm">
            <div><dt className="text-slate-400">Submitted by</dt><dd className="text-white">{[selected.firstName, selected.lastName].filter(Boolean).join(" ")} ({selected.email})</dd></div>
            <div><dt className="text-slate-400">Game</dt><dd className="text-white">{GAME_LABELS[selected.gameType]}</dd></div>
            <div><dt className="text-slate-400">Playbook</dt><dd className="text-white">{selected.playbook}</dd></div>
            <div><dt className="text-slate-400">Formation</dt><dd className="text-white">{selected.formationName}</dd></div>
            <div><dt className="text-slate-400">Play</dt><dd className="text-white">{selected.playName}</dd></div>
            <div><dt className="text-slate-400">Tip</dt><dd className="whitespace-pre-wrap break-words text-white">{selected.tipDescription}</dd></div>
            <div><dt className="text-slate-400">Status</dt><dd className="capitalize text-white">{selected.status}</dd></div>
            {selected.adminNotes ? <div><dt className="text-slate-400">Admin notes</dt><dd className="whitespace-pre-wrap text-white">{selected.adminNotes}</dd></div> : null}
            <div><dt className="text-slate-400">Submitted</dt><dd className="text-white">{formatShortDate(selected.createdAt)}</dd></div>
          </dl>
        </Dialog>
      ) : null}
      {selected && dialog === "review" ? (
        <Dialog title="Review tip" closeHref={closeHref}>
          <p className="text-sm text-slate-300">
            <span className="font-bold text-white">{selected.formationName} · {selected.playName}</span> ({selected.playbook})
          </p>
          <p className="mt-3 whitespace-pre-wrap break-words rounded-lg bg-field-800 p-3 text-sm text-slate-200">{selected.tipDescription}</p>
          <Form method="post" className="mt-5 space-y-4" preventScrollReset>
            <input type="hidden" name="intent" value="review-tip" />
            <input type="hidden" name="tipId" value={selected.id} />
            <div>
              <label htmlFor="admin-notes" className="label">Admin notes (optional)</label>
              <textarea id="admin-notes" name="adminNotes" rows={4} defaultValue={selected.adminNotes ?? ""} maxLength={2000} className="input" />
            </div>
            <div className="flex justify-end gap-3">
              <button type="submit" name="status" value="rejected" className="btn-danger" disabled={busy}>Reject</button>
              <button type="submit" name="status" value="approved" className="btn-primary" disabled={busy}>Approve</button>
            </div>
          </Form>
        </Dialog>
      ) : null}
      {selected && dialog === "delete-tip" ? (
        <ConfirmDelete title="Delete tip" closeHref={closeHref} intent="delete-tip" target={{ name: "tipId", value: selected.id }}>
        <p className="text-slate-300">Are you sure you want to delete this tip? This action cannot be undone.</p>
        </ConfirmDelete>
      ) : null}
    </Section>
  );
}

function BlogTab({ posts }: { posts: NonNullable<LoaderData["posts"]> }) {
  const { params: searchParams, dialogHref, closeHref: closeTo } = useDashboardQuery();
  const closeHref = closeTo("blog");
  const deleting = searchParams.get("dialog") === "delete-post" ? posts.find((post) => String(post.id) === searchParams.get("post")) : null;
  return (
    <Section id="blog" title="Blog" action={<Link to="/admin/blog/new" className="btn-primary">New Post</Link>}>
      {posts.length === 0 ? (
        <p className="text-slate-400">No blog posts found. Create your first post!</p>
      ) : (
        <DataTable columns={["Title", "Category", "Status", "Published", "Actions"]}>
          {posts.map((post) => (
            <tr key={post.id}>
              <td>
                <p className="font-semibold text-white">{post.title}</p>
                {post.excerpt ? <p className="line-clamp-1 text-xs text-slate-400">{post.excerpt}</p> : null}
              </td>
              <td className="text-slate-300">{BLOG_CATEGORY_LABELS[post.category]}</td>
              <td>
                <span className={`badge ${post.isPublished ? "bg-turf text-field-950" : "bg-field-700 text-slate-200"}`}>
                  {post.isPublished ? "Published" : "Draft"}
                </span>
              </td>
              <td className="text-slate-300">{post.publishedAt ? formatShortDate(post.publishedAt) : "N/A"}</td>
              <td>
                <span className="flex gap-3">
                  <Link discover="none" to={`/admin/blog/${post.slug}`} className="text-link">Edit</Link>
                  <Link discover="none" to={dialogHref({ post: String(post.id), dialog: "delete-post" }, "blog")} preventScrollReset className="text-link-danger">Delete</Link>
                </span>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {deleting ? (
        <ConfirmDelete title="Delete blog post" closeHref={closeHref} intent="delete-post" target={{ name: "postId", value: deleting.id }}>
        <p className="text-slate-300">Delete “{deleting.title}” and its comments? This action cannot be undone.</p>
        </ConfirmDelete>
      ) : null}
    </Section>
  );
}

function SettingsTab() {
  return (
    <Section id="settings" title="Settings">
      <div className="grid gap-5 md:grid-cols-2">
        <div className="card p-6">
          <h3 className="text-lg font-bold text-white">Platform Settings</h3>
          <p className="mt-2 text-sm text-slate-400">Site-wide settings will live here.</p>
        </div>
        <div className="card p-6">
          <h3 className="text-lg font-bold text-white">Subscription Settings</h3>
          <p className="mt-2 text-sm text-slate-400">Plans and prices are managed in Stripe and the site's configuration.</p>
        </div>
      </div>
    </Section>
  );
}

function MessagesTab({ messages }: { messages: NonNullable<LoaderData["messages"]> }) {
  return (
    <Section id="messages" title="Messages">
      {messages.length === 0 ? (
        <p className="text-slate-400">No messages yet.</p>
      ) : (
        <ol className="space-y-4">
          {messages.map((message) => (
            <li key={message.id} className="card p-5">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-bold text-white">
                  {message.name} <a href={`mailto:${message.email}`} className="text-sm font-normal text-turf hover:underline">{message.email}</a>
                </p>
                <p className="text-xs text-slate-400">{formatShortDate(message.createdAt)}</p>
              </div>
              {message.subject ? <p className="mt-1 font-semibold text-slate-200">{message.subject}</p> : null}
              <p className="mt-2 whitespace-pre-wrap break-words text-sm text-slate-300">{message.message}</p>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

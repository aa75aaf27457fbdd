// The staff dashboard's page: its header and statistics, and the tabs (app/components/admin/*-tab.tsx).
import { useEffect, useMemo, useRef } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { Link } from "~/components/link";
import type { DashboardActionData, DashboardLoaderData } from "~/routes/admin/dashboard";
import { ActivityTab } from "~/components/admin/activity-tab";
import { BlogTab } from "~/components/admin/blog-tab";
import { ContentTab } from "~/components/admin/content-tab";
import { DashboardQueryContext, DIALOG_TABS, dashboardQuery } from "~/components/admin/dashboard-query";
import { MessagesTab } from "~/components/admin/messages-tab";
import { SettingsTab } from "~/components/admin/settings-tab";
import { TipsTab } from "~/components/admin/tips-tab";
import { UpdatesTab } from "~/components/admin/updates-tab";
import { UsersTab } from "~/components/admin/users-tab";
import { showToast } from "~/components/toaster";
import { useHydrated } from "~/components/use-hydrated";
import { formatCount } from "~/lib/format";

export type Tab = "users" | "content" | "tips" | "updates" | "blog" | "settings" | "messages" | "activity";
const TAB_LABELS: Record<Tab, string> = {
  users: "Users",
  content: "Content",
  tips: "Tips",
  updates: "Updates",
  blog: "Blog",
  settings: "Settings",
  messages: "Messages",
  activity: "Activity",
};

/** The tab named by the URL hash, if the role may see it. */
function useActiveTab(tabs: Tab[], fallback: Tab, searchParams: URLSearchParams) {
  const location = useLocation();
  const hydrated = useHydrated();
  const fromHash = location.hash.replace("#", "") as Tab;
  const fromDialog = searchParams.get("dialog") ? DIALOG_TABS.find(([param, tab]) => searchParams.has(param) && tabs.includes(tab))?.[1] : undefined;
  return { hydrated, active: tabs.includes(fromHash) ? fromHash : (fromDialog ?? fallback) };
}

/** Brings a tab's section into view and gives its heading the keyboard's focus. */
function focusSection(tab: Tab) {
  document.getElementById(tab)?.scrollIntoView();
  document.getElementById(`${tab}-heading`)?.focus({ preventScroll: true });
}

/** The dashboard: statistics, then the tabs the role may see (each a section without JavaScript). */
export function DashboardPage({ loaderData, actionData }: { loaderData: DashboardLoaderData; actionData: DashboardActionData }) {
  const { tabs, defaultTab, stats, role, canWriteBlog } = loaderData;
  const [searchParams] = useSearchParams();
  const { hydrated, active } = useActiveTab(tabs, defaultTab, searchParams);
  const query = useMemo(() => dashboardQuery(searchParams, hydrated), [searchParams, hydrated]);
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
  // A tab chosen from the strip is drawn after the hash changed, too late for the browser, whose
  // jump to the anchor then leaves the keyboard's focus on the page: with JavaScript the router
  // changes the hash, the section scrolls into view, and its heading takes the focus once drawn.
  const navigate = useNavigate();
  const { search } = useLocation();
  // Opened at a tab's anchor (/admin#tips), the browser jumped to it while every tab was drawn; once
  // only that tab is, the same scroll is screens below it (on a phone, the footer): back to it.
  useEffect(() => {
    if (hydrated && window.location.hash === `#${active}`) document.getElementById(active)?.scrollIntoView();
  }, [hydrated]);
  const chosen = useRef<Tab | null>(null);
  useEffect(() => {
    if (chosen.current !== active) return;
    chosen.current = null;
    focusSection(active);
  }, [active]);
  const choose = (event: React.MouseEvent<HTMLAnchorElement>, tab: Tab) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (tab === active) return focusSection(tab);
    chosen.current = tab;
    navigate({ search, hash: `#${tab}` }, { preventScrollReset: true });
  };
  const dialogUser = searchParams.get("user");
  const userDialogShown = Boolean(dialogUser && loaderData.users?.rows.some((row) => row.id === dialogUser));

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-black text-white">Admin Dashboard</h1>
          <p className="mt-1 text-sm text-slate-400">Signed in as {role}.</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link to="/admin/content/new" className="btn-primary">New Content</Link>
          {canWriteBlog ? <Link to="/admin/blog/new" className="btn-secondary">New Blog Post</Link> : null}
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

      {/* Without JavaScript no toast shows a refusal: the page says it (the user dialogs say it in their
          form, when the user is still there to show one for). */}
      {!hydrated && actionData?.error && (!["update-user", "delete-user"].includes(actionData.intent) || !userDialogShown) ? (
        <p role="alert" className="mt-6 rounded-lg border border-red-500/50 bg-red-950/40 px-4 py-3 text-sm text-red-300">
          {actionData.error}
        </p>
      ) : null}

      {/* On a phone the tabs wrap to a second line: a strip scrolled sideways hid half of them. */}
      <nav aria-label="Dashboard sections" className="relative mt-10 border-b border-field-700">
        <ul className="flex flex-wrap gap-x-1">
          {tabs.map((tab) => (
            <li key={tab}>
              <a
                href={`#${tab}`}
                onClick={(event) => choose(event, tab)}
                aria-current={hydrated && tab === active ? "page" : undefined}
                className={`inline-block whitespace-nowrap border-b-2 px-3 py-3 text-sm font-bold sm:px-4 ${
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
          {visible("tips") ? <TipsTab data={loaderData.tips} refused={actionData?.intent === "review-tip" && "notes" in actionData ? { error: actionData.error ?? "", notes: String(actionData.notes ?? ""), revision: "revision" in actionData ? Number(actionData.revision) : null } : null} /> : null}
          {visible("updates") ? <UpdatesTab data={loaderData.updates} /> : null}
          {tabs.includes("blog") && loaderData.posts && visible("blog") ? <BlogTab posts={loaderData.posts} /> : null}
          {tabs.includes("settings") && visible("settings") ? <SettingsTab /> : null}
          {tabs.includes("messages") && loaderData.messages && visible("messages") ? <MessagesTab messages={loaderData.messages} /> : null}
          {tabs.includes("activity") && loaderData.activity && visible("activity") ? <ActivityTab activity={loaderData.activity} /> : null}
        </div>
      </DashboardQueryContext.Provider>
    </div>
  );
}

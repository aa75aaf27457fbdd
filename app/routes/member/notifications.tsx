import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/notifications";
import { Link } from "~/components/link";
import { StatusBadge } from "~/components/library/status-badge";
import { useFocusAfterSave } from "~/components/use-focus-on-arrival";
import { formatShortDate } from "~/lib/format";
import { badgeText } from "~/lib/patch";
import { getApp } from "~/server/context.server";
import { requireUser } from "~/server/guards.server";
import {
  markAllNotificationsRead,
  markNotificationRead,
  notificationHref,
  NOTIFICATIONS_PAGE_SIZE,
  notificationsPageQuery,
} from "~/server/notifications.server";
import { readForm } from "~/server/http.server";
import { readPage } from "~/server/page-read.server";
import { redirectWithToast } from "~/server/toast.server";

// /notifications: what changed on the items the member follows, newest first, with 'Mark as read'
// for one and 'Mark all as read' (plain POST forms).

export function meta() {
  return [{ title: "Notifications | Gridiron Playbook" }, { name: "robots", content: "noindex" }];
}

function pageOf(url: URL) {
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  return Number.isFinite(page) && page > 0 ? Math.min(page, 1000) : 1;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const page = pageOf(new URL(request.url));
  const [user, read] = await Promise.all([
    requireUser(context, request),
    readPage(app, (userId) => {
      const statements = notificationsPageQuery(app.db, userId ?? "", page);
      return { rows: statements.rows, total: statements.total };
    }),
  ]);
  const total = Number(read.total[0]?.total ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / NOTIFICATIONS_PAGE_SIZE));
  // A page that is gone (or never was): the last one that has notifications, not 'No notifications yet.'
  if (page > pageCount) throw redirect(pageCount > 1 ? `/notifications?page=${pageCount}` : "/notifications");
  return {
    inSite: user.notifyInSite,
    // 'Mark all as read' covers what this page could show, not what arrived after it.
    shownAt: Date.now(),
    page,
    pageCount,
    notifications: read.rows.map((row) => ({
      id: row.id,
      status: row.toStatus,
      version: row.version,
      item: row.playTitle ?? row.contentTitle,
      scheme: row.playTitle ? row.contentTitle : null,
      href: notificationHref(row),
      changedAt: row.changedAt,
      superseded: Boolean(row.superseded),
      unread: Boolean(row.unread),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const { db } = getApp(context);
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "");
  const back = `/notifications${new URL(request.url).search}`;
  if (intent === "mark-read") {
    const changeId = Number(formData.get("notificationId"));
    if (!Number.isInteger(changeId) || changeId <= 0 || !(await markNotificationRead(db, user.id, changeId))) {
      return data({ error: "That notification is not yours or no longer exists." }, { status: 404 });
    }
    // Back at the notification (without JavaScript the page opens there, not at the top of a long list).
    return redirectWithToast(`${back}#notification-${changeId}`, { kind: "success", title: "Marked as read", description: "The notification is marked as read." });
  }
  if (intent === "mark-all-read") {
    const shownAt = Number(formData.get("shownAt"));
    const now = Date.now();
    await markAllNotificationsRead(db, user.id, Number.isSafeInteger(shownAt) && shownAt > 0 && shownAt < now ? shownAt : now);
    return redirectWithToast(back, { kind: "success", title: "All caught up", description: "Every notification is marked as read." });
  }
  return data({ error: "Unknown action." }, { status: 400 });
}

export default function Notifications({ loaderData, actionData }: Route.ComponentProps) {
  const { notifications, inSite, page, pageCount } = loaderData;
  const unread = notifications.filter((entry) => entry.unread).length;
  // 'Mark as read' goes with its save: the keyboard stays on the notification's link ('Mark all as
  // read', on the heading).
  const aimFocus = useFocusAfterSave();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="notifications-heading" tabIndex={-1} className="font-display text-3xl font-black text-white">
            Notifications
          </h1>
          <p className="mt-1 text-sm text-slate-400">When a scheme or play you favourited, are learning or keep in a gameplan changes status after a title update.</p>
        </div>
        {unread ? (
          // Its button goes with the save: the keyboard goes to the page's heading.
          <Form method="post" onSubmit={() => aimFocus(["notifications-heading"])}>
            <input type="hidden" name="intent" value="mark-all-read" />
            <input type="hidden" name="shownAt" value={loaderData.shownAt} />
            <button type="submit" className="btn-secondary btn-sm">Mark all as read</button>
          </Form>
        ) : null}
      </div>
      {!inSite ? (
        <p className="mt-6 rounded-xl border border-amber-400/50 bg-amber-950/40 p-4 text-sm text-amber-200">
          In-site notifications are turned off, so the bell is hidden. <Link to="/account-settings#notifications" className="font-semibold underline">Turn them on in Account Settings</Link>.
        </p>
      ) : null}
      {actionData && "error" in actionData ? (
        <p role="alert" className="field-error mt-4">{actionData.error}</p>
      ) : null}
      {notifications.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-field-600 p-10 text-center">
          <p className="text-xl font-bold text-white">No notifications yet.</p>
          <p className="mt-2 text-slate-400">Favourite a scheme and you will hear here when a title update changes whether it still works.</p>
        </div>
      ) : (
        <ol className="mt-8 space-y-3">
          {notifications.map((entry) => (
            <li key={entry.id} id={`notification-${entry.id}`} className={`card flex flex-wrap items-start justify-between gap-3 p-4 ${entry.unread ? "border-turf/60" : ""}`}>
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  {entry.unread ? <span className="badge bg-turf text-field-950">New</span> : null}
                  <StatusBadge status={entry.status} version={entry.version} />
                  <span className="text-xs text-slate-400">{formatShortDate(entry.changedAt)}</span>
                  {entry.superseded ? <span className="text-xs text-slate-400">· Changed again since</span> : null}
                </div>
                <Link to={entry.href} id={`notification-${entry.id}-link`} className="mt-2 block font-bold text-white underline decoration-slate-500 underline-offset-2 hover:decoration-white">
                  {entry.item}
                </Link>
                {entry.scheme ? <p className="text-sm text-slate-400">{entry.scheme}</p> : null}
                <p className="sr-only">{badgeText(entry.status, entry.version)}</p>
              </div>
              {entry.unread ? (
                <Form method="post" onSubmit={() => aimFocus([`notification-${entry.id}-link`])}>
                  <input type="hidden" name="intent" value="mark-read" />
                  <input type="hidden" name="notificationId" value={entry.id} />
                  <button type="submit" className="btn-secondary btn-sm" aria-label={`Mark as read: ${entry.item}`}>Mark as read</button>
                </Form>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {pageCount > 1 ? (
        <nav aria-label="Notification pages" className="mt-8 flex items-center justify-between text-sm">
          {page > 1 ? <Link to={`/notifications?page=${page - 1}`} className="btn-secondary btn-sm">Previous</Link> : <span />}
          <span className="text-slate-400">Page {page} of {pageCount}</span>
          {page < pageCount ? <Link to={`/notifications?page=${page + 1}`} className="btn-secondary btn-sm">Next</Link> : <span />}
        </nav>
      ) : null}
    </div>
  );
}

import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import { Link, LinkNavigation } from "~/components/link";
import type { Route } from "./+types/root";
import "./app.css";
import { SiteFooter } from "./components/site-footer";
import { SiteNav } from "./components/site-nav";
import { Toaster } from "./components/toaster";
import { getApp } from "./server/context.server";
import { unreadCountQuery } from "./server/notifications.server";
import { none, readPage } from "./server/page-read.server";
import { isDiscordSyncConfigured } from "./server/discord.server";
import { toViewer } from "./server/users.server";
import { useShownPath } from "~/components/use-focus-on-arrival";
import { RouteAnnouncer } from "~/components/route-announcer";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  // Feed readers and browsers find the blog's feed from any page.
  { rel: "alternate", type: "application/rss+xml", title: "Gridiron Playbook Blog", href: "/blog/rss.xml" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const app = getApp(context);
  // The bell's count rides in the page's D1 batch with the session check.
  const [current, { unread }] = await Promise.all([
    app.getSession(),
    readPage(app, (userId) => ({ unread: userId ? unreadCountQuery(app.db, userId) : none })),
  ]);
  const toast = app.toast;
  if (toast) app.toastDelivered = true;
  return data({
    viewer: current ? toViewer(current.user) : null,
    // null: no bell (signed out, or in-site notifications turned off).
    unreadNotifications: current?.user.notifyInSite ? Number(unread?.[0]?.unread ?? 0) : null,
    toast,
    siteName: app.env.SITE_NAME,
    siteUrl: app.env.SITE_URL,
    discordUrl: app.env.DISCORD_INVITE_URL,
    // With the role sync configured the pricing cards promise the members' role, not the invite link.
    discordRoleSync: isDiscordSyncConfigured(app.env),
  });
}

// Flash toasts and the signed-in state can change on any navigation.
export function shouldRevalidate() {
  return true;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const siteName = rootData?.siteName ?? "Gridiron Playbook";
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#05080f" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <LinkNavigation>
          <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-turf focus:px-4 focus:py-2 focus:text-field-950">
            Skip to content
          </a>
          <SiteNav viewer={rootData?.viewer ?? null} siteName={siteName} unreadNotifications={rootData?.unreadNotifications ?? null} />
          {rootData?.viewer?.pastDue ? (
            <div role="alert" className="bg-blitz px-4 py-2 text-center text-sm font-semibold text-field-950">
              Your last payment failed. <Link to="/account-settings#subscription" className="underline">Update your card</Link>{" "}
              {rootData.viewer.hasPremium ? "to keep premium access." : "to get back premium access."}
            </div>
          ) : null}
          <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
            {children}
          </main>
          <SiteFooter siteName={siteName} discordUrl={rootData?.discordUrl ?? null} />
          <Toaster flash={rootData?.toast ?? null} />
        </LinkNavigation>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  useShownPath();
  return (
    <>
      <RouteAnnouncer />
      <Outlet />
    </>
  );
}

export function meta({ error }: Route.MetaArgs) {
  // An error page names itself in its own <title> (the boundaries below): a second, the site's, would
  // be the one the browser's tab shows.
  if (error) return [];
  return [
    { title: "Gridiron Playbook - Win more in College Football 26 and Madden NFL 26" },
    {
      name: "description",
      content: "Pro schemes, formations, plays and tips for College Football 26 and Madden NFL 26.",
    },
  ];
}

/** The words of the statuses a page refusal may carry. */
const REASONS: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Payload Too Large",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFound />;
  }
  let heading = "Something went wrong";
  let message = "An unexpected error occurred. Please try again in a moment.";
  if (isRouteErrorResponse(error)) {
    // A `data(…, { status })` thrown without its own statusText arrives with 'Internal Server Error'.
    heading = error.status === 403 ? "Access denied" : `${error.status} ${REASONS[error.status] ?? (error.statusText || "Error")}`;
    if (error.status === 405) {
      // React Router's own text here names its route files ("did not provide an `action` for route ..."):
      // a member who posted to a page without a form gets words meant for them instead.
      message = "This page does not take form submissions. Go back and send the form from the page it belongs to.";
    } else if (typeof error.data === "string" && error.data) {
      message = error.data;
    }
  }
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <title>{`${heading} | Gridiron Playbook`}</title>
      <h1 className="font-display text-4xl font-black text-white">{heading}</h1>
      <p className="mt-4 text-slate-300">{message}</p>
      {import.meta.env.DEV && error instanceof Error ? (
        <pre className="mt-8 overflow-auto rounded-lg bg-field-900 p-4 text-left text-xs text-red-300">{error.stack}</pre>
      ) : null}
      <Link to="/" className="btn-primary mt-8">
        Back to the home page
      </Link>
    </section>
  );
}

export function NotFound() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <title>404 Page Not Found | Gridiron Playbook</title>
      <p className="font-display text-7xl font-black text-turf">404</p>
      <h1 className="mt-4 font-display text-3xl font-black text-white">404 Page Not Found</h1>
      <p className="mt-4 text-slate-300">Did you forget to add the page to the router?</p>
      <Link to="/" className="btn-primary mt-8">
        Back to the home page
      </Link>
    </section>
  );
}

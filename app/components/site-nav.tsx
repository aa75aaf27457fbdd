import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { Link } from "~/components/link";
import { displayFirstName, fullName, type Viewer } from "~/lib/viewer";
import { Avatar } from "./avatar";
import { Logo } from "./logo";

type NavItem = { to: string; label: string };

function navItems(viewer: Viewer | null): NavItem[] {
  const items: NavItem[] = [];
  items.push(viewer ? { to: "/home", label: "Dashboard" } : { to: "/", label: "Home" });
  items.push({ to: "/college", label: "College Football 26" });
  items.push({ to: "/madden", label: "Madden NFL 26" });
  items.push({ to: "/blog", label: "Blog" });
  // Pricing is hidden for premium members and staff.
  if (!viewer || (!viewer.hasPremium && !viewer.isStaff)) items.push({ to: "/subscribe", label: "Pricing" });
  items.push({ to: "/contact", label: "Contact" });
  return items;
}

// A plain form: logging out reloads the whole page anyway (the router's <Form reloadDocument>
// renders the same markup through several hooks).
function LogoutButton({ className }: { className: string }) {
  return (
    <form method="post" action="/logout">
      <button type="submit" className={className}>
        Logout
      </button>
    </form>
  );
}

/** NavLink's rule ("/" only when exact, others for their own path and below), from one location read. */
function isActivePath(pathname: string, to: string) {
  const path = pathname.toLowerCase();
  return to === "/" ? path === "/" : path === to || path.startsWith(`${to}/`);
}

export function SiteNav({ viewer, siteName, unreadNotifications = null }: { viewer: Viewer | null; siteName: string; unreadNotifications?: number | null }) {
  const items = navItems(viewer);
  const { pathname } = useLocation();
  return (
    <header className="sticky top-0 z-40 border-b border-field-700/80 bg-field-950/90 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4 min-[400px]:gap-4 sm:px-6">
        <Link to={viewer ? "/home" : "/"} aria-label={`${siteName} home`}>
          <Logo siteName={siteName} inBar />
        </Link>

        <ul className="hidden items-center gap-1 xl:flex">
          {items.map((item) => (
            <li key={item.to}>
              <Link
                to={item.to}
                aria-current={isActivePath(pathname, item.to) ? "page" : undefined}
                className="nav-link"
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>

        <div className="hidden items-center gap-2 xl:flex">
          <Link to="/search" className="icon-button 2xl:hidden">
            <span className="sr-only">Search</span>
            <span aria-hidden="true" className="icon-search" />
          </Link>
          <div className="hidden 2xl:block">
            <NavSearch id="nav-search" className="w-44 py-1.5 text-sm" />
          </div>
          {viewer && unreadNotifications !== null ? <NotificationBell unread={unreadNotifications} /> : null}
          {viewer ? <AccountMenu viewer={viewer} /> : (
            <Link to="/auth" className="btn-primary whitespace-nowrap">
              Login / Register
            </Link>
          )}
        </div>

        {/* 44 px targets that touch below 400 px: with the name beside the logo they fill a 360 px bar. */}
        <div className="flex items-center min-[400px]:gap-1 xl:hidden">
          {/* On a phone the play finder is one tap away, not inside the menu. */}
          <Link to="/search" className="icon-button">
            <span className="sr-only">Search</span>
            <span aria-hidden="true" className="icon-search" />
          </Link>
          {viewer && unreadNotifications !== null ? <NotificationBell unread={unreadNotifications} /> : null}
          <MobileMenu viewer={viewer} items={items} />
        </div>
      </nav>
    </header>
  );
}

/** The bell: a link to /notifications with the number of unread notifications. */
function NotificationBell({ unread }: { unread: number }) {
  const label = unread ? `Notifications, ${unread} unread` : "Notifications";
  return (
    <Link to="/notifications" aria-label={label} title={label} className="icon-button relative">
      <span aria-hidden="true" className="icon-bell" />
      {unread ? (
        <span aria-hidden="true" data-testid="unread-count" className="unread-count">
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </Link>
  );
}

/** The top bar's search box: a plain GET form that leads to /search. */
function NavSearch({ id, className }: { id: string; className: string }) {
  return (
    <form role="search" aria-label="Site search" method="get" action="/search" className="relative">
      <label htmlFor={id} className="sr-only">
        Search
      </label>
      <input
        id={id}
        name="q"
        type="search"
        placeholder="Search plays…"
        autoComplete="off"
        enterKeyHint="search"
        className={`rounded-lg border border-field-600 bg-field-900 px-3 text-white placeholder:text-slate-400 focus:border-turf focus:outline-none ${className}`}
      />
    </form>
  );
}

/**
 * A <details> menu (it opens without JavaScript) that, with it, closes as a menu should: when the
 * page changes (a link in it was followed), on Escape (focus back on its button) and on a click
 * elsewhere. Without it, a menu the keyboard has left stays open but hidden (app.css, .nav-menu).
 */
function useMenuClosing() {
  const ref = useRef<HTMLDetailsElement>(null);
  const { key } = useLocation();
  const shownKey = useRef(key);
  useEffect(() => {
    // Not when the page becomes interactive: a menu opened while it loaded (a phone on a slow
    // network) stays open under the finger that opened it.
    if (shownKey.current === key) return;
    shownKey.current = key;
    if (ref.current) ref.current.open = false;
  }, [key]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const menu = ref.current;
      if (event.key !== "Escape" || !menu?.open) return;
      menu.open = false;
      menu.querySelector("summary")?.focus();
    };
    const onClick = (event: MouseEvent) => {
      const menu = ref.current;
      if (menu?.open && !menu.contains(event.target as Node)) menu.open = false;
    };
    // Tabbing out of an open menu closes it: the page under it would take focus while covered.
    const onFocus = (event: FocusEvent) => {
      const menu = ref.current;
      if (menu?.open && event.target instanceof Node && !menu.contains(event.target)) menu.open = false;
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    document.addEventListener("focusin", onFocus);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
      document.removeEventListener("focusin", onFocus);
    };
  }, []);
  return ref;
}

function AccountMenu({ viewer }: { viewer: Viewer }) {
  const menuItem = "menu-link";
  const ref = useMenuClosing();
  return (
    <details ref={ref} className="nav-menu group relative">
      <summary className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5 hover:bg-field-800">
        <Avatar person={viewer} />
        {/* A long first name is cut short here (the menu shows it whole): the bar never scrolls sideways. */}
        <span className="flex min-w-0 max-w-36 flex-col whitespace-nowrap leading-tight">
          <span className="truncate text-sm font-bold text-white">{displayFirstName(viewer)}</span>
          <span className={`text-xs font-semibold ${viewer.hasPremium ? "text-turf" : "text-slate-400"}`}>
            {viewer.hasPremium ? "Premium" : "Free Tier"}
          </span>
        </span>
        <span className="sr-only">Open account menu</span>
      </summary>
      <div className="absolute right-0 mt-2 w-64 rounded-xl border border-field-700 bg-field-900 p-2 shadow-2xl">
        <div className="border-b border-field-700 px-3 pb-2 pt-1">
          <p className="truncate text-sm font-bold text-white">{fullName(viewer) || displayFirstName(viewer)}</p>
          <p className="truncate text-xs text-slate-400">{viewer.email}</p>
        </div>
        <ul className="pt-2">
          <li><Link to="/account-settings" className={menuItem}>Account Settings</Link></li>
          <li><Link to="/gameplans" className={menuItem}>Gameplans</Link></li>
          <li><Link to="/submit-tip" className={menuItem}>Submit Tip</Link></li>
          {viewer.isStaff ? <li><Link to="/admin" className={menuItem}>Admin</Link></li> : null}
          <li><LogoutButton className={menuItem} /></li>
        </ul>
      </div>
    </details>
  );
}

function MobileMenu({ viewer, items }: { viewer: Viewer | null; items: NavItem[] }) {
  const link = "mobile-link";
  const ref = useMenuClosing();
  return (
    <details ref={ref} className="nav-menu xl:hidden">
      <summary className="cursor-pointer rounded-md p-2 text-slate-200 hover:bg-field-800">
        <span className="sr-only">Menu</span>
        <span aria-hidden="true" className="icon-menu" />
      </summary>
      {/* Its own scroll, within the screen below the bar: a phone turned sideways is 390 px tall. */}
      <div className="absolute inset-x-0 top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto overscroll-contain border-b border-field-700 bg-field-950 px-4 pb-4 shadow-2xl">
        {viewer ? (
          <div className="flex items-center gap-3 border-b border-field-700 py-3">
            <Avatar person={viewer} />
            <div className="min-w-0">
              <p className="truncate font-bold text-white">{fullName(viewer) || displayFirstName(viewer)}</p>
              <p className="truncate text-sm text-slate-400">{viewer.email}</p>
              <p className={`text-xs font-semibold ${viewer.hasPremium ? "text-turf" : "text-slate-400"}`}>
                {viewer.hasPremium ? "Premium" : "Free Tier"}
              </p>
            </div>
          </div>
        ) : null}
        <div className="pt-3">
          {/* 16 px: a phone's browser zooms into a smaller field when it is tapped. */}
          <NavSearch id="mobile-nav-search" className="w-full py-2.5 text-base" />
        </div>
        <ul className="pt-2">
          {items.map((item) => (
            <li key={item.to}><Link to={item.to} className={link}>{item.label}</Link></li>
          ))}
          {viewer ? (
            <>
              <li><Link to="/account-settings" className={link}>Account Settings</Link></li>
              <li><Link to="/gameplans" className={link}>Gameplans</Link></li>
              {/* The spec's phone menu has no Submit Tip; a laptop narrower than 1280 px gets this menu too, and the account menu's items. */}
              <li className="hidden lg:block"><Link to="/submit-tip" className={link}>Submit Tip</Link></li>
              {viewer.isStaff ? <li><Link to="/admin" className={link}>Admin</Link></li> : null}
              <li><LogoutButton className={link} /></li>
            </>
          ) : (
            <li className="pt-2"><Link to="/auth" className="btn-primary w-full">Login / Register</Link></li>
          )}
        </ul>
      </div>
    </details>
  );
}

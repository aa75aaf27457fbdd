import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

/**
 * A page opened inside the site (a link followed with JavaScript on) says so, as a page the browser
 * loads does: its title is read out (a polite live region), and the keyboard starts at the top of
 * its main content rather than on a link of the menu it came from or on nothing. Someone typing (the
 * top bar's search box leads to /search) keeps the focus; the first load leaves it to the browser.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [message, setMessage] = useState("");
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    // The focus moves at the commit of the new page: later, it would take it from whatever the
    // person has started to use there. The title is read once the head has it.
    const timer = setTimeout(() => setMessage(document.title), 60);
    const active = document.activeElement;
    const main = document.getElementById("main");
    const typing = active instanceof HTMLElement && (active.matches("input, textarea, select") || active.isContentEditable);
    const lost = !active || active === document.body || !active.isConnected;
    const outside = Boolean(active && main && !main.contains(active));
    if (main && !typing && (lost || outside)) main.focus({ preventScroll: true });
    return () => clearTimeout(timer);
  }, [pathname]);
  return (
    <div className="sr-only" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {message}
    </div>
  );
}

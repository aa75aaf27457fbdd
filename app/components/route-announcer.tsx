import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

/** What the keyboard can land on, in the order Tab reaches it. */
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/**
 * The first thing the keyboard can use at the address's anchor (the element itself, or the first
 * inside it), as the next Tab after a full load of that address reaches it.
 */
function firstAtAnchor(hash: string): HTMLElement | null {
  if (hash.length < 2) return null;
  let target: HTMLElement | null = null;
  try {
    target = document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null; // a malformed escape in the address
  }
  if (!target) return null;
  const candidates = [target, ...target.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.matches(FOCUSABLE));
  return candidates.find((element) => element.checkVisibility?.() ?? element.getClientRects().length > 0) ?? null;
}

/** Whether any of the element shows in the window (the scroll of the new page has been made by now). */
function inView(element: HTMLElement): boolean {
  const box = element.getBoundingClientRect();
  if (box.width === 0 && box.height === 0) return false;
  return box.bottom > 0 && box.top < window.innerHeight && box.right > 0 && box.left < window.innerWidth;
}

/**
 * A page opened inside the site (a link followed with JavaScript on) says so, as a page the browser
 * loads does: its title is read out (a polite live region), and the keyboard starts at the top of
 * its main content (or at the address's anchor) rather than on a link of the menu it came from, on a
 * link the new page left out of sight, or on nothing. Someone typing (the top bar's search box leads to /search) keeps the focus; the first load
 * leaves it to the browser.
 */
export function RouteAnnouncer() {
  const { pathname, hash } = useLocation();
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
    // A link the page kept (a formation's play list below the video on a phone) while the new page
    // opened at its top: the keyboard would stay out of sight, where the eyes no longer are.
    const unseen = active instanceof HTMLElement && !lost && !outside && !inView(active);
    // An address with an anchor (a re-test queue's row to its item's status form) starts the
    // keyboard there, where the page opened; otherwise at the top of the main content.
    if (main && !typing && (lost || outside || unseen)) (firstAtAnchor(hash) ?? main).focus({ preventScroll: true });
    return () => clearTimeout(timer);
  }, [pathname]);
  return (
    <div className="sr-only" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {message}
    </div>
  );
}

import { useEffect, useRef } from "react";
import { useLocation, useNavigation } from "react-router";
import { useHydrated } from "./use-hydrated";

// The path of the page on screen before the current render's commit (the app root records it, after
// its children's effects have run): an element arriving on the same path replaces a control of
// this page; on a new path it is part of a new page, which keeps the focus where the browser put it.
let shownPath: string | null = null;

/** Called once, by the app root: records the path each committed page shows. */
export function useShownPath() {
  const { pathname } = useLocation();
  useEffect(() => {
    shownPath = pathname;
  }, [pathname]);
}

/**
 * For an element that takes the place of the control just used (a confirmation that replaces its
 * button, a form rebuilt after its save): it takes the keyboard's focus when it appears on the same
 * page after it has loaded, and the focus was lost with the control it replaced (it fell to the
 * page). Never on a page's first load or on a newly opened page.
 */
export function useFocusOnArrival<T extends HTMLElement>(replacing = true) {
  const ref = useRef<T>(null);
  const afterLoad = useRef(useHydrated());
  // `replacing`: whether this arrival is the return of a control (false for one that arrives with new
  // content, a page of comments say, where the focus it finds lost was not its own).
  const returning = useRef(replacing);
  useEffect(() => {
    const lost = !document.activeElement || document.activeElement === document.body;
    if (afterLoad.current && returning.current && lost && shownPath === window.location.pathname) ref.current?.focus({ preventScroll: true });
  }, []);
  return ref;
}

/**
 * For a section whose controls can go with the action they run (a comment deleted, a scheme's
 * progress reset, a paging link on the last page): when one of its controls was used (`used`, on
 * the section's click and submit) and the keyboard's focus then fell to the page, it goes to the
 * section's heading (give it tabIndex -1), not the top of the page.
 */
export function useFocusWhenLost<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const { key, pathname } = useLocation();
  const usedHere = useRef(false);
  useEffect(() => {
    const lost = !document.activeElement || document.activeElement === document.body;
    if (usedHere.current && lost && shownPath === pathname) ref.current?.focus({ preventScroll: true });
    usedHere.current = false;
  }, [key, pathname]);
  // A form sent from the section, or one of its links or buttons pressed (not a click into a text box).
  const used = (event: React.SyntheticEvent) => {
    if (event.type === "submit" || (event.target instanceof Element && event.target.closest("a, button"))) usedHere.current = true;
  };
  return { ref, used };
}

/**
 * For a list whose entry loses the control just used with its save (a 'Mark as read' gone once
 * read, a queue row gone once verified): `aim` names, when the form is sent, the ids of the
 * elements to take the keyboard's focus once the page is read again, in order of preference; the
 * first one there takes it, when the focus fell to the page.
 */
export function useFocusAfterSave() {
  const aimed = useRef<string[] | null>(null);
  const navigation = useNavigation();
  useEffect(() => {
    if (navigation.state !== "idle" || !aimed.current) return;
    const targets = aimed.current;
    aimed.current = null;
    // After the page's own effects of this commit (a form drawn anew may take the focus first).
    const timer = window.setTimeout(() => {
      const lost = !document.activeElement || document.activeElement === document.body;
      const target = targets.map((id) => document.getElementById(id)).find(Boolean);
      if (lost) target?.focus({ preventScroll: true });
    }, 0);
    return () => window.clearTimeout(timer);
  }, [navigation.state]);
  return (targets: string[]) => {
    aimed.current = targets;
  };
}

import { useEffect, useId, useRef } from "react";
import { Form, useLocation, useNavigate } from "react-router";
import { Link } from "~/components/link";
import { useHydrated } from "~/components/use-hydrated";

const FOCUSABLE = [
  "a[href]",
  "button:not([disabled])",
  'input:not([disabled]):not([type="hidden"])',
  "select:not([disabled])",
  "textarea:not([disabled])",
  '[tabindex]:not([tabindex="-1"])',
].join(",");

/** The controls Tab can reach inside an element, in order (hidden ones left out). */
function focusableIn(root: HTMLElement) {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.getClientRects().length > 0);
}

/**
 * Where focus goes back to when the dialog closes. The dialog opens through a navigation, so the
 * link that opened it is found again: the element that had focus when it opened if it is still in
 * the page, else a link to the address that opened it (the same row's link after a re-render), else
 * the heading of the section the dialog belongs to (its row was deleted, or the page was loaded with
 * the dialog open).
 */
function returnFocus(opener: Element | null, openedAt: string, section: Element | null) {
  if (opener instanceof HTMLElement && opener.isConnected) return opener.focus();
  const link = document.querySelector<HTMLElement>(`a[href="${CSS.escape(openedAt)}"]`);
  if (link) return link.focus();
  const headingId = section?.isConnected ? section.getAttribute("aria-labelledby") : null;
  const heading = headingId ? document.getElementById(headingId) : null;
  if (heading) {
    if (!heading.hasAttribute("tabindex")) heading.tabIndex = -1;
    heading.focus();
  }
}

/**
 * A modal dialog opened by the URL (`?dialog=...`) and closed by a link back to the list, so it works
 * without JavaScript. With JavaScript it behaves as a modal: focus moves in and stays in (Tab and
 * Shift+Tab cycle), Escape and a click on the backdrop close it, and focus returns to its opener.
 */
export function Dialog({ title, closeHref, children }: { title: string; closeHref: string; children: React.ReactNode }) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const pressedOnBackdrop = useRef(false);
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const location = useLocation();
  const openedAt = useRef(`${location.pathname}${location.search}${location.hash}`);
  // The listeners are set up once; closing always goes to the latest list address.
  const close = useRef(() => {});
  close.current = () => {
    navigate(closeHref, { preventScrollReset: true });
  };

  useEffect(() => {
    const dialog = panel.current!;
    const active = document.activeElement;
    const opener = active && active !== document.body && !dialog.contains(active) ? active : null;
    const section = dialog.closest("section[aria-labelledby]");
    (focusableIn(body.current!)[0] ?? dialog).focus();

    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape") {
        event.preventDefault();
        close.current();
        return;
      }
      if (event.key !== "Tab") return;
      const controls = focusableIn(dialog);
      const first = controls[0];
      const last = controls[controls.length - 1];
      const current = document.activeElement;
      const outside = !current || !dialog.contains(current);
      if (!first) {
        event.preventDefault();
        dialog.focus();
      } else if (event.shiftKey && (outside || current === first || current === dialog)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (outside || current === last)) {
        event.preventDefault();
        first.focus();
      }
    }
    // Focus that lands outside (a click on the page behind, a toast) is brought back in.
    function onFocusIn(event: FocusEvent) {
      if (event.target instanceof Node && !dialog.contains(event.target)) (focusableIn(dialog)[0] ?? dialog).focus();
    }
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("focusin", onFocusIn);
      returnFocus(opener, openedAt.current, section);
    };
  }, []);

  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/70 p-4"
      onMouseDown={(event) => {
        pressedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        // Only a click that starts and ends on the backdrop: not a text selection dragged out of the panel.
        if (pressedOnBackdrop.current && event.target === event.currentTarget) close.current();
        pressedOnBackdrop.current = false;
      }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        // Without JavaScript the browser gives it the keyboard as the page loads (its address has no
        // anchor), so Tab goes on to its controls, not to the page behind the backdrop.
        autoFocus={!hydrated}
        className="card max-h-[90vh] w-full max-w-lg overflow-y-auto p-6 shadow-2xl focus:outline-none"
      >
        <div className="flex items-start justify-between gap-4">
          <h3 id={titleId} className="text-xl font-bold text-white">{title}</h3>
          <Link to={closeHref} preventScrollReset className="rounded p-1 text-slate-400 hover:text-white" aria-label="Close dialog">✕</Link>
        </div>
        <div ref={body} className="mt-5">{children}</div>
      </div>
    </div>
  );
}

/**
 * Where a dialog's form posts: the dialog's own address, its tab's hash included. A refused answer
 * (4xx) stays on the address posted to, and without the hash the dashboard would show the role's
 * first tab, the dialog and what was typed in it out of sight. The server never sees the hash: the
 * page it draws posts without it (every tab is a section then), and the browser adds it once the
 * page is interactive (a dialog opened by a full load, a bookmark or a new tab, too).
 */
export function useDialogAction() {
  const { pathname, search, hash } = useLocation();
  return useHydrated() ? `${pathname}${search}${hash}` : `${pathname}${search}`;
}

/** The confirmation before a delete: the message, Cancel (back to the list) and Delete. */
export function ConfirmDelete({
  title,
  closeHref,
  intent,
  target,
  children,
}: {
  title: string;
  closeHref: string;
  intent: string;
  target: { name: string; value: string | number };
  children: React.ReactNode;
}) {
  const action = useDialogAction();
  return (
    <Dialog title={title} closeHref={closeHref}>
      {children}
      <Form method="post" action={action} className="mt-6 flex justify-end gap-3" preventScrollReset>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name={target.name} value={target.value} />
        <Link to={closeHref} preventScrollReset className="btn-secondary">Cancel</Link>
        <button type="submit" className="btn-danger">Delete</button>
      </Form>
    </Dialog>
  );
}

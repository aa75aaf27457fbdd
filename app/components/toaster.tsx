import { useEffect, useRef, useState, useSyncExternalStore } from "react";

export type ToastMessage = {
  kind: "success" | "error" | "info";
  title: string;
  description?: string;
};

const TOAST_DURATION = 5000;
const SWIPE_THRESHOLD = 50;

// One toast at a time: a new one replaces the current one.
let current: (ToastMessage & { id: number; quiet: boolean }) | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

const spaced = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * Whether an alert the page shows already says what the toast says (a refused form's message, drawn
 * by the same answer): the toast is then shown without being read out a second time.
 */
function echoesAlert(toast: ToastMessage): boolean {
  if (typeof document === "undefined") return false;
  const words = spaced(toast.description ?? toast.title);
  if (!words) return false;
  return [...document.querySelectorAll<HTMLElement>('[role="alert"]')].some(
    (alert) => (alert.checkVisibility?.() ?? alert.getClientRects().length > 0) && spaced(alert.textContent ?? "").includes(words),
  );
}

export function showToast(toast: ToastMessage) {
  current = { ...toast, id: nextId++, quiet: echoesAlert(toast) };
  emit();
}

export function dismissToast() {
  current = null;
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const KIND_STYLES = {
  success: "border-turf/60",
  error: "border-red-500/70",
  info: "border-sky-400/60",
} as const;

/**
 * Renders the flash toast that came with the page (visible without JavaScript, fading after 5 s
 * through CSS) and, once hydrated, any toast raised in the browser.
 */
export function Toaster({ flash }: { flash: ToastMessage | null }) {
  const hydrated = useSyncExternalStore(subscribe, () => true, () => false);
  const live = useSyncExternalStore(subscribe, () => current, () => null);
  const lastFlash = useRef<ToastMessage | null>(null);

  useEffect(() => {
    if (flash && flash !== lastFlash.current) {
      lastFlash.current = flash;
      showToast(flash);
    }
  }, [flash]);

  const toast = hydrated ? live : flash ? { ...flash, id: 0, quiet: false } : null;
  const card = toast ? <ToastCard key={toast.id} toast={toast} interactive={hydrated} /> : null;
  // The live region is always there (a region drawn with its text is not read out); a toast that
  // repeats the page's alert is drawn beside it, outside it.
  return (
    <div className="pointer-events-none fixed bottom-4 right-4 z-50 w-[min(24rem,calc(100vw-2rem))]">
      <div aria-live="polite" role="status">
        {toast && !toast.quiet ? card : null}
      </div>
      {toast?.quiet ? card : null}
    </div>
  );
}

function ToastCard({ toast, interactive }: { toast: ToastMessage; interactive: boolean }) {
  const [offset, setOffset] = useState(0);
  const start = useRef<number | null>(null);
  // Held while the pointer rests on it or the keyboard's focus is in it: it does not vanish from
  // under a reader or the focused 'Dismiss' (the focus would fall to the page). Let go, it gets its
  // five seconds again.
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const held = hovered || focused;
  // Where the keyboard's focus came from (the toast sits last on the page): 'Dismiss' gives it back
  // there, or to the page's main content, instead of letting it fall to the top of the page.
  const cameFrom = useRef<HTMLElement | null>(null);
  const dismissFromButton = () => {
    const back = cameFrom.current?.isConnected ? cameFrom.current : document.getElementById("main");
    dismissToast();
    back?.focus({ preventScroll: true });
  };

  useEffect(() => {
    if (!interactive || held) return;
    const timer = setTimeout(dismissToast, TOAST_DURATION);
    return () => clearTimeout(timer);
  }, [interactive, held]);

  // The toast never covers what has the keyboard's focus (on a phone it spans the screen's bottom,
  // where a 'Move down' just pressed can sit): the page scrolls it clear, now and on each move.
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!interactive) return;
    const clear = () => {
      const active = document.activeElement;
      const own = card.current;
      if (!own || !(active instanceof HTMLElement) || active === document.body || own.contains(active)) return;
      // The keyboard's focus only: a tap or click focuses what it presses, and a scroll between its
      // press and its release would take the click off the control.
      if (!active.matches(":focus-visible")) return;
      const focus = active.getBoundingClientRect();
      const toast = own.getBoundingClientRect();
      // A control under it, or just below the screen's edge (one that moved down with its play);
      // not a region (the page's main content takes the focus after a navigation).
      const control = focus.height <= toast.height * 2;
      const covered = control && focus.bottom > toast.top && focus.top < window.innerHeight * 1.5 && focus.right > toast.left && focus.left < toast.right;
      if (covered) window.scrollBy({ top: focus.bottom - toast.top + 12 });
    };
    clear();
    document.addEventListener("focusin", clear);
    return () => document.removeEventListener("focusin", clear);
  }, [interactive]);

  return (
    <div
      ref={card}
      className={`pointer-events-auto touch-pan-y rounded-xl border-l-4 ${KIND_STYLES[toast.kind]} border border-field-600 bg-field-800 p-4 shadow-2xl ${interactive ? "" : "toast-expiring"}`}
      style={offset ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.2, 1 - offset / 200) } : undefined}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={(event) => {
        setFocused(true);
        if (event.relatedTarget instanceof HTMLElement && !event.currentTarget.contains(event.relatedTarget)) cameFrom.current = event.relatedTarget;
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onPointerDown={(event) => {
        start.current = event.clientX;
      }}
      onPointerMove={(event) => {
        if (start.current !== null) setOffset(Math.max(0, event.clientX - start.current));
      }}
      onPointerUp={() => {
        if (offset > SWIPE_THRESHOLD) dismissToast();
        else setOffset(0);
        start.current = null;
      }}
      onPointerCancel={() => {
        setOffset(0);
        start.current = null;
      }}
    >
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <p className="font-bold text-white">{toast.title}</p>
          {toast.description ? <p className="mt-1 text-sm text-slate-300">{toast.description}</p> : null}
        </div>
        {interactive ? (
          <button type="button" onClick={dismissFromButton} className="rounded p-1 text-slate-400 hover:text-white" aria-label="Dismiss notification">
            <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true" fill="currentColor">
              <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
            </svg>
          </button>
        ) : null}
      </div>
    </div>
  );
}

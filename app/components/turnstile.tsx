import { useEffect, useRef } from "react";

const SCRIPT_URL = "https://challenges.cloudflare.com/turnstile/v0/api.js";

type TurnstileApi = { render: (element: HTMLElement, options: Record<string, unknown>) => string; remove: (id: string) => void };

/**
 * The Turnstile widget inside a form (it adds the cf-turnstile-response field). Rendered only when
 * the site key is configured; the script comes from Cloudflare's CDN, which the CSP then allows.
 */
export function Turnstile({ siteKey }: { siteKey: string | null }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!siteKey || !box.current) return;
    const element = box.current;
    let widget: string | undefined;
    const render = () => {
      const api = (window as unknown as { turnstile?: TurnstileApi }).turnstile;
      if (api && !widget && !element.childElementCount) widget = api.render(element, { sitekey: siteKey, theme: "dark" });
    };
    let script = document.querySelector<HTMLScriptElement>(`script[src^="${SCRIPT_URL}"]`);
    if (!script) {
      script = document.createElement("script");
      script.src = `${SCRIPT_URL}?render=explicit`;
      script.async = true;
      document.head.appendChild(script);
    }
    script.addEventListener("load", render);
    render();
    return () => {
      script?.removeEventListener("load", render);
      if (widget) (window as unknown as { turnstile?: TurnstileApi }).turnstile?.remove(widget);
    };
  }, [siteKey]);
  if (!siteKey) return null;
  return (
    <div>
      <div ref={box} className="min-h-16" />
      <noscript>
        <p className="text-sm text-slate-400">This form needs JavaScript for its security check.</p>
      </noscript>
    </div>
  );
}

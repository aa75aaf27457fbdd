import { useEffect, useState } from "react";
import { useHydrated } from "~/components/use-hydrated";

/** A "Copied!" state that clears itself two seconds after it was set. */
export function useCopiedFlag() {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return [copied, setCopied] as const;
}

/** A copy-link button with JavaScript; without it, the link in a field to copy by hand. */
export function CopyLink({ url }: { url: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useCopiedFlag();

  if (!hydrated) {
    return (
      <div className="flex flex-col gap-1">
        <label htmlFor="share-link" className="text-xs font-semibold text-slate-400">Link to this post</label>
        <input id="share-link" readOnly value={url} className="input max-w-md text-base sm:text-sm" />
      </div>
    );
  }
  return (
    <button
      type="button"
      className="btn-secondary"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(url);
          setCopied(true);
        } catch {
          window.prompt("Copy this link:", url);
        }
      }}
    >
      {copied ? "Link copied!" : "Copy link"}
    </button>
  );
}

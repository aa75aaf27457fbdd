export function LogoMark({ className = "h-8 w-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#a3e635" />
      <path d="M14 40c6-16 30-22 38-16-4 12-26 22-38 16Z" fill="#05080f" />
      <path d="M24 36l14-8M27 39l2-3.5M31 37l2-3.5M35 35l2-3.5" stroke="#a3e635" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

export function Logo({ siteName, inBar = false }: { siteName: string; inBar?: boolean }) {
  return (
    <span className="flex items-center gap-2 min-[400px]:gap-2.5">
      <LogoMark />
      {/* In the top bar: smaller on phones, and only the mark below 360 px, so that search, the bell and 'Menu' keep their place beside it. */}
      <span
        className={`whitespace-nowrap font-display font-black uppercase tracking-tight text-white min-[400px]:text-lg ${inBar ? "hidden text-sm min-[360px]:inline" : "text-base"}`}
      >
        {siteName.split(" ")[0]}
        <span className="text-turf"> {siteName.split(" ").slice(1).join(" ")}</span>
      </span>
    </span>
  );
}

export function LogoMark({ className = "h-8 w-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#a3e635" />
      <path d="M14 40c6-16 30-22 38-16-4 12-26 22-38 16Z" fill="#05080f" />
      <path d="M24 36l14-8M27 39l2-3.5M31 37l2-3.5M35 35l2-3.5" stroke="#a3e635" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

export function Logo({ siteName }: { siteName: string }) {
  return (
    <span className="flex items-center gap-2 min-[400px]:gap-2.5">
      <LogoMark />
      {/* Smaller on narrow phones, so the bell and 'Menu' keep their place beside it down to 320 px. */}
      <span className="whitespace-nowrap font-display text-sm font-black uppercase tracking-tight text-white min-[360px]:text-base min-[400px]:text-lg">
        {siteName.split(" ")[0]}
        <span className="text-turf"> {siteName.split(" ").slice(1).join(" ")}</span>
      </span>
    </span>
  );
}

import { Link } from "~/components/link";
import { ProgressBar } from "~/components/library/progress-bar";
import { GAME_LABELS } from "~/lib/format";
import type { StartedScheme } from "~/server/progress.server";

/** /home's 'Continue where you left off': the member's most recently touched unfinished schemes, each leading to its next play. */
export function ContinueRow({ schemes }: { schemes: Pick<StartedScheme, "slug" | "title" | "game" | "thumbnailUrl" | "progress" | "next">[] }) {
  return (
    <section aria-labelledby="continue-title" className="mt-10">
      <h2 id="continue-title" className="text-xl font-bold text-white">Continue where you left off</h2>
      <ul className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {schemes.map((scheme) => (
          <li key={scheme.slug} className="card flex flex-col p-4">
            <div className="flex items-start gap-3">
              {scheme.thumbnailUrl ? (
                <img src={scheme.thumbnailUrl} alt="" width={96} height={54} loading="lazy" className="aspect-video w-24 shrink-0 rounded-lg object-cover" />
              ) : null}
              <div className="min-w-0">
                <p className="text-xs font-semibold uppercase tracking-wider text-slate-400">{GAME_LABELS[scheme.game]}</p>
                <h3 className="font-bold leading-snug text-white">
                  <Link to={`/content/${scheme.slug}`} className="hover:text-turf">{scheme.title}</Link>
                </h3>
              </div>
            </div>
            <ProgressBar progress={scheme.progress} compact />
            {scheme.next ? (
              <Link to={scheme.next.href} className="btn-primary btn-sm mt-4 self-start">
                Next: {scheme.next.title}
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

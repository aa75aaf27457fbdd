import { isRouteErrorResponse } from "react-router";
import { Link } from "~/components/link";
import { ErrorBoundary as SiteErrorBoundary } from "~/root";

/**
 * The gameplan pages' error screen. A gameplan that is not there (deleted, a second tap on 'Yes,
 * delete gameplan', another member's id) says so and leads back to the member's gameplans; the
 * site's '404 Page Not Found' is for paths the site does not have. Anything else: the site's screen.
 */
export function GameplanErrorBoundary({ error }: { error: unknown }) {
  if (!isRouteErrorResponse(error) || error.status !== 404) return <SiteErrorBoundary error={error} params={{}} />;
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <title>Gameplan not found | Gridiron Playbook</title>
      <h1 className="font-display text-3xl font-black text-white">Gameplan not found</h1>
      <p className="mt-4 text-slate-300">This gameplan was deleted, or it is not one of yours.</p>
      <Link to="/gameplans" className="btn-primary mt-8">
        Your gameplans
      </Link>
    </section>
  );
}

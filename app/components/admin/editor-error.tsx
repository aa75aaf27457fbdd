import { isRouteErrorResponse } from "react-router";
import { Link } from "~/components/link";

/**
 * A staff editor's error page: its own 404 (the item deleted or never there, rather than the
 * unknown-path page), 403 with the server's words, anything else with the editor's own message.
 */
export function EditorError({
  error,
  notFound,
  failed,
  back,
}: {
  error: unknown;
  notFound: { heading: string; message: string };
  /** What to say when the editor could not load ('We could not load the blog editor...'). */
  failed: string;
  /** The dashboard tab to go back to. */
  back: string;
}) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const heading = status === 404 ? notFound.heading : status === 403 ? "Access denied" : "Something went wrong";
  const message =
    status === 404 ? notFound.message : status === 403 && isRouteErrorResponse(error) && typeof error.data === "string" && error.data ? error.data : failed;
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <title>{`${heading} | Gridiron Playbook`}</title>
      <h1 className="font-display text-3xl font-black text-white">{heading}</h1>
      <p className="mt-4 text-slate-300">{message}</p>
      <Link to={status === 403 ? "/" : back} className="btn-primary mt-8">
        {status === 403 ? "Back to the home page" : "Back to Dashboard"}
      </Link>
    </section>
  );
}

import { Link } from "~/components/link";

/** The content page's answer when the item is not there (or not for this viewer), or its read failed. */
export function ContentError({ notFound, title }: { notFound: boolean; title: string }) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="font-display text-3xl font-black text-white">{notFound ? title : "Something went wrong"}</h1>
      <p className="mt-4 text-slate-300">
        {notFound ? "This item does not exist or is not published yet." : "We could not load this page. Please try again in a moment."}
      </p>
      <div className="mt-8 flex justify-center gap-3">
        <Link to="/college" className="btn-secondary">College Football 26</Link>
        <Link to="/madden" className="btn-secondary">Madden NFL 26</Link>
      </div>
    </section>
  );
}

import { Link } from "react-router";

export default function Landing() {
  return (
    <section className="relative overflow-hidden">
      <div className="mx-auto max-w-7xl px-4 py-24 sm:px-6 lg:py-32">
        <p className="text-sm font-bold uppercase tracking-[0.2em] text-turf">College Football 26 · Madden NFL 26</p>
        <h1 className="mt-4 max-w-3xl font-display text-5xl font-black uppercase leading-none text-white sm:text-6xl">
          Stop guessing. Start dominating.
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-slate-300">
          Pro schemes broken into formations and plays, with the reads that win games online.
        </p>
        <div className="mt-10 flex flex-wrap gap-4">
          <Link to="/subscribe" className="btn-primary px-6 py-3 text-base">Start Dominating Now</Link>
          <Link to="/college" className="btn-secondary px-6 py-3 text-base">View College Schemes</Link>
        </div>
      </div>
    </section>
  );
}

import { Link } from "~/components/link";
import type { Route } from "./+types/landing";
import { BlogCard } from "~/components/blog-card";
import { HeroVideo } from "~/components/hero-video";
import { ContentCard, TypeBadge } from "~/components/content-card";
import { PricingCards } from "~/components/pricing-cards";
import { Stars } from "~/components/stars";
import { GAME_LABELS } from "~/lib/format";
import { pageMeta } from "~/lib/seo";
import { latestPostsQuery, toBlogCard } from "~/server/blog.server";
import { latestPremiumQuery, latestSchemeWithRatingQuery, toCard } from "~/server/content.server";
import { getApp } from "~/server/context.server";
import { readPage } from "~/server/page-read.server";
import { getOptionalUser } from "~/server/guards.server";
import { testimonialsQuery } from "~/server/testimonials.server";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    matches,
    title: "Gridiron Playbook - Win more in College Football 26 and Madden NFL 26",
    description: "Pro schemes broken into formations and plays, pro tips, gameplay and lab sessions for College Football 26 and Madden NFL 26.",
    path: "/",
  });
}

export async function loader({ context }: Route.LoaderArgs) {
  const app = getApp(context);
  const { db } = app;
  const [viewer, { schemes, testimonials, college, madden, posts }] = await Promise.all([
    getOptionalUser(context),
    readPage(app, () => ({
      schemes: latestSchemeWithRatingQuery(db),
      testimonials: testimonialsQuery(db),
      college: latestPremiumQuery(db, "college"),
      madden: latestPremiumQuery(db, "madden"),
      posts: latestPostsQuery(db, 3),
    })),
  ]);
  const scheme = schemes[0];
  return {
    latestScheme: scheme
      ? {
          ...toCard(scheme, viewer),
          averageRating: scheme.averageRating === null ? null : Math.round(Number(scheme.averageRating) * 100) / 100,
          ratingCount: Number(scheme.ratingCount),
        }
      : null,
    featuredTestimonial: testimonials.length ? testimonials[Math.floor(Math.random() * testimonials.length)] : null,
    testimonials: testimonials.slice(0, 3),
    previews: [...college, ...madden].map((row) => toCard(row, viewer)),
    posts: posts.map(toBlogCard),
  };
}

const FEATURES = [
  { title: "Schemes, not random plays", text: "Every scheme is broken into formations and plays that work together, with the reads that make them go." },
  { title: "Video for every play", text: "Watch each play run at full speed, then study the diagram and the write-up behind it." },
  { title: "Lab-tested answers", text: "We rep concepts in practice mode against every coverage so you know what beats what before you play." },
  { title: "Updated every week", text: "New pro tips, gameplay breakdowns and adjustments as the meta and the patches change." },
];

export default function Landing({ loaderData }: Route.ComponentProps) {
  const { latestScheme, featuredTestimonial, testimonials, previews, posts } = loaderData;
  return (
    <>
      <section className="relative isolate overflow-hidden border-b border-field-700">
        <HeroVideo />
        <div className="absolute inset-0 -z-10 bg-gradient-to-r from-field-950 via-field-950/90 to-field-950/60" aria-hidden="true" />
        <div className="mx-auto max-w-7xl px-4 py-24 sm:px-6 lg:py-32">
          <p className="text-sm font-bold uppercase tracking-[0.2em] text-turf">College Football 26 · Madden NFL 26</p>
          <h1 className="mt-4 max-w-3xl font-display text-4xl font-black uppercase leading-none text-white min-[420px]:text-5xl sm:text-6xl">
            Stop guessing. Start dominating.
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-slate-300">
            Pro schemes broken into formations and plays, with the reads, videos and write-ups that win games online.
          </p>
          <div className="mt-10 flex flex-wrap gap-4">
            <Link to="/subscribe" className="btn-primary px-6 py-3 text-base">Start Dominating Now</Link>
            <Link to="/college" className="btn-secondary px-6 py-3 text-base">View College Schemes</Link>
          </div>
        </div>
      </section>

      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <section aria-labelledby="latest-scheme" className="mt-16 grid gap-6 lg:grid-cols-[2fr_1fr]">
          <div>
            <h2 id="latest-scheme" className="text-sm font-bold uppercase tracking-wider text-turf">Latest Pro Scheme</h2>
            {latestScheme ? (
              <Link
                to={latestScheme.locked ? `/scheme/${latestScheme.slug}` : `/content/${latestScheme.slug}`}
                className="card mt-3 grid overflow-hidden transition-colors hover:border-turf/60 sm:grid-cols-2"
              >
                {latestScheme.thumbnailUrl ? (
                  <img src={latestScheme.thumbnailUrl} alt="" width={640} height={360} className="aspect-video h-full w-full object-cover" />
                ) : null}
                <div className="p-5">
                  <div className="flex items-center gap-2">
                    <TypeBadge type={latestScheme.type} />
                    <span className="text-xs font-semibold text-slate-400">{GAME_LABELS[latestScheme.game]}</span>
                  </div>
                  <h3 className="mt-3 text-xl font-bold text-white">{latestScheme.title}</h3>
                  <p className="mt-2 line-clamp-3 text-sm text-slate-400">{latestScheme.description}</p>
                  <p className="mt-4 flex items-center gap-2 text-sm text-slate-300">
                    {latestScheme.ratingCount ? (
                      <>
                        <Stars rating={latestScheme.averageRating ?? 0} />
                        <span className="font-bold text-white">{latestScheme.averageRating?.toFixed(2)}</span>
                        <span>({latestScheme.ratingCount} {latestScheme.ratingCount === 1 ? "rating" : "ratings"})</span>
                      </>
                    ) : (
                      "No ratings yet"
                    )}
                  </p>
                </div>
              </Link>
            ) : (
              <p className="mt-3 text-slate-400">No premium content available yet. Check back soon!</p>
            )}
          </div>
          {featuredTestimonial ? (
            <figure className="card flex flex-col justify-center p-6">
              <Stars rating={featuredTestimonial.rating} />
              <blockquote className="mt-3 text-lg text-slate-200">“{featuredTestimonial.content}”</blockquote>
              <figcaption className="mt-4 text-sm">
                <span className="font-bold text-white">{featuredTestimonial.name}</span>
                {featuredTestimonial.title ? <span className="text-slate-400"> · {featuredTestimonial.title}</span> : null}
              </figcaption>
            </figure>
          ) : null}
        </section>

        <section aria-labelledby="features" className="mt-20">
          <h2 id="features" className="font-display text-3xl font-black text-white">Why players win with us</h2>
          <div className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {FEATURES.map((feature) => (
              <div key={feature.title} className="card p-6">
                <h3 className="text-lg font-bold text-white">{feature.title}</h3>
                <p className="mt-2 text-sm text-slate-400">{feature.text}</p>
              </div>
            ))}
          </div>
        </section>

        <section aria-labelledby="previews" className="mt-20">
          <h2 id="previews" className="font-display text-3xl font-black text-white">Latest premium breakdowns</h2>
          {previews.length === 0 ? (
            <p className="mt-6 text-slate-400">No premium content available yet. Check back soon!</p>
          ) : (
            <div className="mt-8 grid gap-5 md:grid-cols-2">
              {previews.map((item) => (
                <ContentCard key={item.slug} item={item} />
              ))}
            </div>
          )}
        </section>

        {testimonials.length ? (
          <section aria-labelledby="champions" className="mt-20">
            <h2 id="champions" className="font-display text-3xl font-black text-white">What Champions Are Saying</h2>
            <div className="mt-8 grid gap-5 md:grid-cols-3">
              {testimonials.map((testimonial) => (
                <figure key={testimonial.id} className="card flex flex-col p-6">
                  <Stars rating={testimonial.rating} />
                  <blockquote className="mt-3 flex-1 text-slate-200">“{testimonial.content}”</blockquote>
                  <figcaption className="mt-4 text-sm">
                    <span className="font-bold text-white">{testimonial.name}</span>
                    {testimonial.title ? <span className="block text-slate-400">{testimonial.title}</span> : null}
                  </figcaption>
                </figure>
              ))}
            </div>
          </section>
        ) : null}

        <section aria-labelledby="pricing" className="mt-20">
          <h2 id="pricing" className="font-display text-3xl font-black text-white">Simple pricing</h2>
          <p className="mt-2 text-slate-400">One membership, both games, every scheme.</p>
          <div className="mt-8">
            <PricingCards />
          </div>
        </section>

        {posts.length ? (
          <section aria-labelledby="blog" className="mt-20">
            <div className="flex items-baseline justify-between gap-4">
              <h2 id="blog" className="font-display text-3xl font-black text-white">From the Blog</h2>
              <Link to="/blog" className="text-sm font-semibold text-turf hover:underline">View all posts</Link>
            </div>
            <div className="mt-8 grid gap-5 md:grid-cols-3">
              {posts.map((post) => (
                <BlogCard key={post.slug} post={post} />
              ))}
            </div>
          </section>
        ) : null}
      </div>
    </>
  );
}

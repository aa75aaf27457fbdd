import { useRef } from "react";

/**
 * The landing page's looping background video, with the way to stop it that WCAG 2.2.2 asks of
 * moving content that plays by itself: a checkbox 'Pause background video'. Without JavaScript the
 * checkbox hides the video (CSS), leaving its poster; with it the video is paused too. People who
 * prefer reduced motion get no video source at all, and no checkbox. For a `relative isolate`
 * section: the video sits behind its content.
 */
export function HeroVideo() {
  const video = useRef<HTMLVideoElement>(null);
  return (
    <>
      <input
        id="hero-video-paused"
        type="checkbox"
        autoComplete="off"
        className="peer sr-only motion-reduce:hidden"
        onChange={(event) => {
          if (event.currentTarget.checked) video.current?.pause();
          else void video.current?.play().catch(() => {});
        }}
      />
      <div className="absolute inset-0 -z-20 bg-[url(/hero-poster.png)] bg-cover bg-center peer-checked:[&>video]:invisible" aria-hidden="true">
        <video
          ref={video}
          className="h-full w-full object-cover"
          autoPlay
          muted
          loop
          playsInline
          poster="/hero-poster.png"
          aria-hidden="true"
          tabIndex={-1}
        >
          <source src="/hero.mp4" type="video/mp4" media="(prefers-reduced-motion: no-preference)" />
        </video>
      </div>
      <label
        htmlFor="hero-video-paused"
        className="absolute bottom-3 right-3 z-10 inline-flex cursor-pointer items-center gap-2 rounded-md border border-field-600 bg-field-950/80 px-3 py-1.5 text-xs font-semibold text-slate-200 hover:bg-field-800 peer-checked:border-turf peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-turf motion-reduce:hidden sm:right-6"
      >
        <span aria-hidden="true" className="text-[0.6rem]">
          ❚❚
        </span>
        Pause background video
      </label>
    </>
  );
}

import { useCallback, useEffect, useRef, useState } from "react";
import { formatPosition, POSITION_SAVE_EVERY_MS, WATCHED_SHARE } from "~/lib/progress";
import type { VideoSource } from "~/lib/video";

/** A self-hosted play whose place the member's player keeps (the install tracker). */
export type TrackedPlay = { playId: number; resumeFrom: number | null; onWatched?: () => void };

const SKIP_SECONDS = 10;
const HIDE_CONTROLS_AFTER = 3000;
/** Slower to read a route's break or a defender's drop; faster through the setup. */
const SPEEDS = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2];

function formatTime(seconds: number) {
  if (!Number.isFinite(seconds)) return "0:00";
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/**
 * Plays a video: YouTube/Vimeo through their embeds (with a plain link underneath), our own
 * files with a custom player. Without JavaScript the browser's native controls remain.
 */
/**
 * play() returns a promise that rejects when a pause() (or a new source) interrupts it, or when the
 * browser refuses playback; neither is an error for the member, and the element's own pause/play
 * events already keep the controls right, so the rejection is consumed here instead of surfacing as an
 * unhandled rejection.
 */
function startPlaying(element: HTMLVideoElement) {
  element.play().catch(() => undefined);
}

export function VideoPlayer({
  source,
  title,
  poster,
  onFirstPlay,
  track,
}: {
  source: VideoSource;
  title: string;
  poster?: string | null;
  onFirstPlay?: () => void;
  track?: TrackedPlay | null;
}) {
  if (source.kind === "youtube" || source.kind === "vimeo") {
    return (
      <figure>
        <div className="aspect-video overflow-hidden rounded-2xl border border-field-700 bg-black">
          <iframe
            src={source.embedUrl}
            title={title}
            className="h-full w-full"
            loading="lazy"
            allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
            referrerPolicy="strict-origin-when-cross-origin"
          />
        </div>
        <figcaption className="mt-2 text-xs text-slate-400">
          Video not loading?{" "}
          <a href={source.watchUrl} target="_blank" rel="noopener noreferrer" className="text-link">
            Watch on {source.kind === "youtube" ? "YouTube" : "Vimeo"}
          </a>
        </figcaption>
      </figure>
    );
  }
  if (source.kind === "link") {
    return (
      <p className="rounded-2xl border border-field-700 bg-field-900 p-6 text-sm text-slate-300">
        <a href={source.url} target="_blank" rel="noopener noreferrer" className="text-link">
          Watch the video
        </a>
      </p>
    );
  }
  return <FilePlayer src={source.src} title={title} poster={poster} onFirstPlay={onFirstPlay} track={track ?? null} />;
}

/**
 * Sends where the member is in the video to /progress/position: every 10 seconds while it plays
 * (the first 10 seconds after it starts, not at once: a save at the start would only make the
 * server drop a pause a few seconds later), on pause, when the page is hidden (navigator.sendBeacon,
 * which outlives the page) and when the player goes away inside the site (another play), once the
 * video is played past 90% or skipped to its end (then with fetch, so the page can show 'Watched'
 * when it lands), and at its end, so that the next visit starts from the top.
 */
function usePositionSaver(video: React.RefObject<HTMLVideoElement | null>, track: TrackedPlay | null) {
  const lastSaved = useRef(0);
  const watchedSent = useRef(false);
  const onWatched = useRef(track?.onWatched);
  onWatched.current = track?.onWatched;
  const playId = track?.playId ?? null;

  const body = useCallback(
    (element = video.current) => {
      if (playId === null || !element || !Number.isFinite(element.duration) || element.duration <= 0) return null;
      return new URLSearchParams({ play: String(playId), position: element.currentTime.toFixed(2), duration: element.duration.toFixed(2) });
    },
    [video, playId],
  );

  const save = useCallback((element = video.current) => {
    const form = body(element);
    if (!form) return;
    lastSaved.current = Date.now();
    if (!navigator.sendBeacon?.("/progress/position", form)) {
      void fetch("/progress/position", { method: "POST", body: form, keepalive: true, credentials: "same-origin" }).catch(() => {});
    }
  }, [body, video]);

  /** The save that marks the play 'Watched' (sent once per visit). */
  const sendWatched = useCallback(() => {
    const element = video.current;
    if (watchedSent.current || !element) return;
    const form = body(element);
    if (!form) return;
    watchedSent.current = true;
    lastSaved.current = Date.now();
    void fetch("/progress/position", { method: "POST", body: form, keepalive: true, credentials: "same-origin" })
      .then((response) => {
        if (response.ok) onWatched.current?.();
      })
      .catch(() => {});
  }, [body, video]);

  // Another play inside the site unmounts this player (no pagehide): its place is saved then.
  useEffect(() => {
    const element = video.current;
    if (playId === null || !element) return;
    return () => {
      if (element.currentTime > 0 && !element.ended && Date.now() - lastSaved.current > 1000) save(element);
    };
  }, [playId, save, video]);

  useEffect(() => {
    if (playId === null) return;
    const onHidden = () => {
      if (document.visibilityState === "hidden" && video.current && !video.current.paused) save();
    };
    const onPageHide = () => {
      if (video.current && video.current.currentTime > 0) save();
    };
    document.addEventListener("visibilitychange", onHidden);
    window.addEventListener("pagehide", onPageHide);
    return () => {
      document.removeEventListener("visibilitychange", onHidden);
      window.removeEventListener("pagehide", onPageHide);
    };
  }, [playId, save, video]);

  const onTimeUpdate = useCallback(() => {
    const element = video.current;
    if (playId === null || !element || element.paused) return;
    if (!watchedSent.current && element.duration > 0 && element.currentTime >= element.duration * WATCHED_SHARE) {
      sendWatched();
      return;
    }
    if (Date.now() - lastSaved.current >= POSITION_SAVE_EVERY_MS) save();
  }, [playId, save, sendWatched, video]);

  const onPlay = useCallback(() => {
    // The first periodic save comes 10 seconds after the start.
    if (lastSaved.current === 0) lastSaved.current = Date.now();
  }, []);

  const onPause = useCallback(() => {
    if (playId !== null && video.current && !video.current.ended) save();
  }, [playId, save, video]);

  /** Played (or skipped) to the end: 'Watched' if that save was not sent yet, else the end, so the next visit starts from the top. */
  const onEnded = useCallback(() => {
    if (playId === null) return;
    if (!watchedSent.current) sendWatched();
    else save();
  }, [playId, save, sendWatched]);

  return { onTimeUpdate, onPlay, onPause, onEnded };
}

function FilePlayer({ src, title, poster, onFirstPlay, track }: { src: string; title: string; poster?: string | null; onFirstPlay?: () => void; track: TrackedPlay | null }) {
  const video = useRef<HTMLVideoElement>(null);
  const saver = usePositionSaver(video, track);
  const [resumeFrom, setResumeFrom] = useState(track?.resumeFrom ?? null);
  const [enhanced, setEnhanced] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [controlsVisible, setControlsVisible] = useState(true);
  const [speed, setSpeed] = useState(1);
  const [fullScreen, setFullScreen] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const controls = useRef<HTMLDivElement>(null);
  const playButton = useRef<HTMLButtonElement>(null);
  const played = useRef(false);

  // Native controls stay until JavaScript takes over. The browser may have read the video's
  // length (preload="metadata") before the page's script ran, so 'loadedmetadata' has been missed.
  useEffect(() => {
    setEnhanced(true);
    const element = video.current;
    if (element && element.readyState >= HTMLMediaElement.HAVE_METADATA && Number.isFinite(element.duration)) setDuration(element.duration);
  }, []);

  /** How the last press on the video was made ('touch', 'mouse', 'pen'). */
  const pointerType = useRef("mouse");
  const showControls = useCallback(() => {
    setControlsVisible(true);
    if (hideTimer.current) clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => {
      // A keyboard user's focus in the bar keeps it on screen: nobody should tab onto an invisible
      // button. (A mouse click also focuses a button, but not visibly: that bar still fades.)
      if (!video.current?.paused && !controls.current?.querySelector(":focus-visible")) setControlsVisible(false);
    }, HIDE_CONTROLS_AFTER);
  }, []);

  useEffect(() => () => {
    if (hideTimer.current) clearTimeout(hideTimer.current);
  }, []);

  useEffect(() => {
    const follow = () => setFullScreen(Boolean(frame.current) && document.fullscreenElement === frame.current);
    document.addEventListener("fullscreenchange", follow);
    return () => document.removeEventListener("fullscreenchange", follow);
  }, []);

  const togglePlay = () => {
    const element = video.current;
    if (!element) return;
    if (element.paused) startPlaying(element);
    else element.pause();
  };
  const toggleMute = () => {
    const element = video.current;
    if (!element) return;
    element.muted = !element.muted;
    setMuted(element.muted);
  };
  const skip = (seconds: number) => {
    const element = video.current;
    if (!element) return;
    element.currentTime = Math.min(Math.max(0, element.currentTime + seconds), element.duration || element.currentTime + seconds);
    showControls();
  };
  const seekTo = (seconds: number) => {
    const element = video.current;
    if (!element || !Number.isFinite(seconds)) return;
    element.currentTime = Math.min(Math.max(0, seconds), element.duration || seconds);
    setTime(element.currentTime);
  };
  const toggleFullScreen = () => {
    const element = video.current as (HTMLVideoElement & { webkitEnterFullscreen?: () => void }) | null;
    if (document.fullscreenElement) document.exitFullscreen().catch(() => undefined);
    else if (frame.current?.requestFullscreen) frame.current.requestFullscreen().catch(() => undefined);
    // iPhone Safari puts only a video element full screen, with its own controls.
    else element?.webkitEnterFullscreen?.();
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    const keys: Record<string, () => void> = {
      " ": togglePlay,
      k: togglePlay,
      m: toggleMute,
      ArrowLeft: () => skip(-SKIP_SECONDS),
      j: () => skip(-SKIP_SECONDS),
      ArrowRight: () => skip(SKIP_SECONDS),
      l: () => skip(SKIP_SECONDS),
      f: toggleFullScreen,
    };
    const handler = keys[event.key];
    const target = event.target as HTMLElement;
    // The position slider and the speed list read their own keys (arrows, Home, End).
    if (target.tagName === "INPUT" || target.tagName === "SELECT") return;
    if (!handler || (target.tagName === "BUTTON" && (event.key === " " || event.key === "Enter"))) return;
    event.preventDefault();
    handler();
    showControls();
  };

  const button = "rounded-md p-2 text-white hover:bg-white/20 focus-visible:bg-white/20 max-[359px]:p-1.5";
  return (
    <div
      ref={frame}
      className={`group relative overflow-hidden bg-black ${fullScreen ? "flex items-center" : "rounded-2xl border border-field-700"}`}
      onMouseMove={showControls}
      onKeyDown={enhanced ? onKeyDown : undefined}
      role={enhanced ? "region" : undefined}
      aria-label={enhanced ? `Video player: ${title}` : undefined}
      tabIndex={enhanced ? 0 : undefined}
      data-testid="video-player"
      data-play-id={track?.playId}
    >
      <video
        ref={video}
        src={src}
        poster={poster ?? undefined}
        controls={!enhanced}
        preload="metadata"
        playsInline
        className={fullScreen ? "h-full w-full" : "aspect-video w-full"}
        onPointerDown={(event) => {
          pointerType.current = event.pointerType;
        }}
        onClick={
          enhanced
            ? () => {
                // A phone has no mouse to bring the faded bar back: a tap on a playing video shows it first.
                if (pointerType.current === "touch" && !controlsVisible) showControls();
                else togglePlay();
              }
            : undefined
        }
        onPlay={() => {
          setPlaying(true);
          showControls();
          saver.onPlay();
          if (!played.current) {
            played.current = true;
            onFirstPlay?.();
          }
        }}
        onPause={() => {
          setPlaying(false);
          setControlsVisible(true);
          saver.onPause();
        }}
        onTimeUpdate={(event) => {
          setTime(event.currentTarget.currentTime);
          saver.onTimeUpdate();
        }}
        onEnded={saver.onEnded}
        onLoadedMetadata={(event) => setDuration(event.currentTarget.duration)}
        onDurationChange={(event) => setDuration(event.currentTarget.duration)}
        onVolumeChange={(event) => setMuted(event.currentTarget.muted)}
        onRateChange={(event) => setSpeed(event.currentTarget.playbackRate)}
      >
        <a href={src}>Download the video</a>
      </video>
      {resumeFrom !== null && !playing && time < 0.5 ? (
        <div className="absolute inset-x-0 top-3 flex justify-center">
          {enhanced ? (
            <button
              type="button"
              className="btn-primary btn-sm shadow-lg"
              onClick={() => {
                const element = video.current;
                if (!element) return;
                element.currentTime = resumeFrom;
                setResumeFrom(null);
                startPlaying(element);
                // The button goes as the video plays: the keyboard moves to 'Pause' in its place.
                playButton.current?.focus({ preventScroll: true });
              }}
            >
              Resume from {formatPosition(resumeFrom)}
            </button>
          ) : (
            // Without JavaScript: the browser's own player opens the file at that point (a media fragment).
            <a href={`${src}#t=${resumeFrom}`} className="btn-primary btn-sm shadow-lg">
              Resume from {formatPosition(resumeFrom)}
            </a>
          )}
        </div>
      ) : null}
      {enhanced ? (
        <div
          ref={controls}
          onFocus={showControls}
          // The bar covers the video's lower part (most of it on a phone): a tap on its bare
          // background plays or pauses, as a tap on the video does. Its controls keep their own.
          onClick={(event) => {
            if (!(event.target instanceof Element) || !event.target.closest("button, input, select, label")) togglePlay();
          }}
          className={`absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/90 to-transparent px-3 pb-2 pt-8 transition-opacity ${
            controlsVisible ? "opacity-100" : "pointer-events-none opacity-0"
          }`}
          data-testid="video-controls"
          data-visible={controlsVisible}
        >
          <input
            type="range"
            min={0}
            max={duration || 0}
            step="any"
            value={Math.min(time, duration || 0)}
            disabled={!duration}
            onChange={(event) => {
              seekTo(Number(event.currentTarget.value));
              showControls();
            }}
            aria-label="Position in the video"
            aria-valuetext={`${formatTime(time)} of ${formatTime(duration)}`}
            className="block h-6 w-full cursor-pointer accent-turf"
          />
          <div className="flex flex-wrap items-center gap-0.5 sm:gap-1">
            <button ref={playButton} type="button" className={button} onClick={togglePlay} aria-label={playing ? "Pause" : "Play"}>
              {playing ? (
                <svg viewBox="0 0 24 24" className="h-6 w-6" fill="currentColor" aria-hidden="true"><path d="M7 5h4v14H7zM13 5h4v14h-4z" /></svg>
              ) : (
                <svg viewBox="0 0 24 24" className="h-6 w-6" fill="currentColor" aria-hidden="true"><path d="M8 5v14l11-7z" /></svg>
              )}
            </button>
            <button type="button" className={button} onClick={() => skip(-SKIP_SECONDS)}>
              <span className="text-xs font-bold" aria-hidden="true">-10s</span>
              <span className="sr-only">Back 10 seconds</span>
            </button>
            <button type="button" className={button} onClick={() => skip(SKIP_SECONDS)}>
              <span className="text-xs font-bold" aria-hidden="true">+10s</span>
              <span className="sr-only">Forward 10 seconds</span>
            </button>
            <button type="button" className={button} onClick={toggleMute} aria-label={muted ? "Unmute" : "Mute"}>
              {muted ? (
                <svg viewBox="0 0 24 24" className="h-6 w-6" fill="currentColor" aria-hidden="true"><path d="M4 9v6h4l5 5V4L8 9H4zm12.6 3 2.7-2.7-1.4-1.4-2.7 2.7-2.7-2.7-1.4 1.4 2.7 2.7-2.7 2.7 1.4 1.4 2.7-2.7 2.7 2.7 1.4-1.4z" /></svg>
              ) : (
                <svg viewBox="0 0 24 24" className="h-6 w-6" fill="currentColor" aria-hidden="true"><path d="M4 9v6h4l5 5V4L8 9H4zm12.5 3A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4z" /></svg>
              )}
            </button>
            {/* Under 420 px the time takes a line of its own above the buttons, so that every button fits. */}
            <span className="ml-auto whitespace-nowrap px-1 text-xs tabular-nums text-slate-200 max-[419px]:order-first max-[419px]:basis-full max-[419px]:text-right" aria-live="off">
              {formatTime(time)} / {formatTime(duration)}
            </span>
            <select
              value={speed}
              onChange={(event) => {
                if (video.current) video.current.playbackRate = Number(event.currentTarget.value);
              }}
              aria-label="Playback speed"
              className="cursor-pointer appearance-none rounded-md border-0 bg-transparent px-2 py-2 text-base font-bold sm:text-xs text-white hover:bg-white/20 focus-visible:bg-white/20 max-[419px]:ml-auto max-[359px]:px-1.5"
            >
              {SPEEDS.map((value) => (
                <option key={value} value={value} className="bg-field-900">
                  {value}x
                </option>
              ))}
            </select>
            <button type="button" className={button} onClick={toggleFullScreen} aria-label={fullScreen ? "Exit full screen" : "Full screen"}>
              {fullScreen ? (
                <svg viewBox="0 0 24 24" className="h-6 w-6" fill="currentColor" aria-hidden="true"><path d="M5 16h3v3h2v-5H5v2zm3-8H5v2h5V5H8v3zm6 11h2v-3h3v-2h-5v5zm2-11V5h-2v5h5V8h-3z" /></svg>
              ) : (
                <svg viewBox="0 0 24 24" className="h-6 w-6" fill="currentColor" aria-hidden="true"><path d="M7 14H5v5h5v-2H7v-3zm-2-4h2V7h3V5H5v5zm12 7h-3v2h5v-5h-2v3zM14 5v2h3v3h2V5h-5z" /></svg>
              )}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

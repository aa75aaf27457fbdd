import type { Route } from "./+types/progress-position";
import { contentRights } from "~/lib/access";
import { checkPosition, isAtEnd, stageAfterPlayback } from "~/lib/progress";
import { getApp } from "~/server/context.server";
import { writeWhileBusy } from "~/server/db.server";
import { getOptionalUser } from "~/server/guards.server";
import { none, readPage } from "~/server/page-read.server";
import { playByIdQuery, savePlayPosition } from "~/server/progress.server";
import { recentSave, rememberSave } from "~/server/recent-saves.server";
import { plainText } from "~/server/http.server";

// Where the member stopped in a play's self-hosted video, sent by the player with
// navigator.sendBeacon every 10 seconds while it plays, on pause and when the page is hidden
// (app/components/video-player.tsx). Fields: play (its id), position and duration (seconds). The
// session and the play are read in one round trip; a save within 5 seconds of the last one for
// the same play is dropped quietly (204 all the same): when this isolate sent that last save itself
// it knows so without D1 (recent-saves.server.ts), so a flood costs no round trip at all.


export async function loader() {
  return plainText("Method not allowed.", 405);
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  if (request.method !== "POST") return plainText("Method not allowed.", 405);
  const form = await request.formData().catch(() => null);
  const playId = Number(form?.get("play"));
  if (!form || !Number.isSafeInteger(playId) || playId <= 0) return plainText("A play id is required.", 400);

  const stored = await app.storedSession();
  const recent = stored ? recentSave(stored, playId) : null;
  if (recent) {
    const check = checkPosition(form.get("position"), form.get("duration"), recent.runtime);
    if (!check.ok) return plainText(check.error, 400);
    // Within the interval only the save that marks a not-started play 'Watched' and the first one at
    // the video's end go on to D1 (a short video's end comes less than 5 s after its 90%).
    const ending = isAtEnd(check.position, check.duration) && !recent.ended;
    if (stageAfterPlayback(recent.stage, check.position, check.duration) === recent.stage && !ending) return new Response(null, { status: 204 });
  }

  const [viewer, { play }] = await Promise.all([
    getOptionalUser(context),
    readPage(app, (userId) => ({ play: userId ? playByIdQuery(app.db, playId, userId) : none })),
  ]);
  if (!viewer) return plainText("Log in to save your place in a video.", 401);
  const target = play?.[0];
  const rights = target ? contentRights(viewer, target) : null;
  if (!target || !rights?.see) return plainText("Play not found.", 404);
  if (!rights.trackProgress) return plainText("You may not open this play.", 403);
  if (target.videoProvider !== "custom") return plainText("Only a self-hosted video saves its position.", 400);

  const check = checkPosition(form.get("position"), form.get("duration"), target.runtime);
  if (!check.ok) return plainText(check.error, 400);
  const watched = stageAfterPlayback(target.stage ?? "not-started", check.position, check.duration) === "watched";
  const ended = isAtEnd(check.position, check.duration);
  const save = writeWhileBusy(() => savePlayPosition(app.db, { userId: viewer.id, playId: target.playId, contentId: target.contentId }, check.position, watched, Date.now(), ended));
  if (stored && stored.userId === viewer.id) rememberSave(stored, playId, { runtime: target.runtime, stage: watched ? "watched" : target.stage ?? "not-started", ended });
  // The save that marks the play watched lands before the answer (the page shows 'Watched' when it
  // comes back); a routine save is written after it, so the player's request costs one round trip.
  if (watched) await save;
  else app.executionContext.waitUntil(save.catch((error) => console.error("Position save", error)));
  return new Response(null, { status: 204 });
}

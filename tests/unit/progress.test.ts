import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { content, contentPlays, contentSections, playProgress, playStatuses } from "../../db/schema";
import {
  checkPosition,
  formatPosition,
  isAtEnd,
  isFinished,
  isInProgress,
  isProgressStage,
  nextPlayToLearn,
  progressSummaryText,
  resumePoint,
  runtimeSeconds,
  stageAfterPlayback,
  summarizeProgress,
} from "~/lib/progress";
import { createDatabase } from "~/server/db.server";
import {
  resetSchemeProgress,
  savePlayPosition,
  schemeBarsQuery,
  setPlayStage,
  startedSchemeProgress,
  startedSchemesQuery,
  toSchemeBars,
  toStartedSchemes,
} from "~/server/progress.server";
import { insertUser } from "./helpers";

// The install tracker's rules (pure) and its reads and writes against this file's migrated D1.

const db = createDatabase(env.DB);

describe("stage rules", () => {
  it("knows the four stages and nothing else", () => {
    for (const stage of ["not-started", "watched", "practised", "game-ready"]) expect(isProgressStage(stage)).toBe(true);
    for (const value of ["", "Watched", "done", null, undefined, 3, "game-ready "]) expect(isProgressStage(value)).toBe(false);
  });

  it("marks a play watched past 90% of its video only when it was not started", () => {
    expect(stageAfterPlayback("not-started", 6.3, 7)).toBe("watched");
    expect(stageAfterPlayback("not-started", 6.29, 7)).toBe("not-started");
    expect(stageAfterPlayback("not-started", 100, 0)).toBe("not-started");
    expect(stageAfterPlayback("practised", 7, 7)).toBe("practised");
    expect(stageAfterPlayback("game-ready", 7, 7)).toBe("game-ready");
    expect(stageAfterPlayback("watched", 1, 7)).toBe("watched");
  });

  it("reads a play's runtime", () => {
    expect(runtimeSeconds("0:07")).toBe(7);
    expect(runtimeSeconds("3:12")).toBe(192);
    expect(runtimeSeconds("1:02:03")).toBe(3723);
    expect(runtimeSeconds("45")).toBe(45);
    for (const value of [null, undefined, "", "soon", "3:75", "1:2"]) expect(runtimeSeconds(value)).toBeNull();
  });

  it("accepts a position from 0 to the video's length, never past the play's runtime", () => {
    expect(checkPosition("3.5", "7", "0:07")).toEqual({ ok: true, position: 3.5, duration: 7 });
    expect(checkPosition("0", "7", null)).toEqual({ ok: true, position: 0, duration: 7 });
    expect(checkPosition("7", "7", "0:07").ok).toBe(true);
    expect(checkPosition("-0.1", "7", null)).toEqual({ ok: false, error: "The position cannot be below 0." });
    expect(checkPosition("7.5", "7", null)).toEqual({ ok: false, error: "The position is beyond the video's length." });
    // A forged length does not stretch a play with a stated runtime.
    expect(checkPosition("30", "60", "0:07")).toEqual({ ok: false, error: "The position is beyond the video's length." });
    expect(checkPosition("12", "12", "0:07")).toEqual({ ok: false, error: "The position is beyond the video's length." });
    // A file may run a second past its whole-second runtime, and 2% past a long one's.
    expect(checkPosition("8", "8", "0:07").ok).toBe(true);
    expect(checkPosition("9", "9", "0:07").ok).toBe(false);
    expect(checkPosition("610", "612", "10:00").ok).toBe(true);
    expect(checkPosition("613", "615", "10:00").ok).toBe(false);
    // A length beyond any video here says so, not that it is no number.
    expect(checkPosition("30", "99999", null)).toEqual({ ok: false, error: "The video's length can be at most 4 hours." });
    expect(checkPosition("30", "abc", null)).toEqual({ ok: false, error: "The video's length must be a number of seconds." });
    // Decimal seconds only.
    expect(checkPosition("0x3", "7", null).ok).toBe(false);
    expect(checkPosition("3", "1e1", null).ok).toBe(false);
    for (const [position, duration] of [["abc", "7"], ["", "7"], [null, "7"], ["3", "0"], ["3", "NaN"], ["3", "Infinity"], ["3", String(5 * 3600)], ["3", null]]) {
      expect(checkPosition(position, duration, null).ok, `${position}/${duration}`).toBe(false);
    }
  });

  it("offers to resume past the first second and before the last one", () => {
    expect(resumePoint(192, "18:42")).toBe(192);
    expect(resumePoint(6, "0:07")).toBe(6);
    expect(resumePoint(7, "0:07")).toBeNull();
    expect(resumePoint(0, "0:07")).toBeNull();
    expect(resumePoint(null, "0:07")).toBeNull();
    expect(resumePoint(500, null)).toBe(500);
    expect(formatPosition(192)).toBe("3:12");
    expect(formatPosition(4.9)).toBe("0:04");
    expect(formatPosition(3723)).toBe("1:02:03");
  });

  it("sums a scheme's bar: a later stage counts for the earlier ones", () => {
    const progress = summarizeProgress(9, ["watched", "practised", "game-ready", "game-ready", "not-started"]);
    expect(progress).toEqual({ total: 9, watched: 4, practised: 3, gameReady: 2 });
    expect(progressSummaryText(progress)).toBe("2 of 9 plays game-ready");
    expect(progressSummaryText(summarizeProgress(1, ["game-ready"]))).toBe("1 of 1 play game-ready");
    expect(isInProgress(progress)).toBe(true);
    expect(isFinished(progress)).toBe(false);
    const done = summarizeProgress(2, ["game-ready", "game-ready"]);
    expect(isInProgress(done)).toBe(false);
    expect(isFinished(done)).toBe(true);
    expect(isInProgress(summarizeProgress(3, ["not-started"]))).toBe(false);
  });

  it("picks the first play in order that is not game-ready as the next to learn", () => {
    const plays = [
      { slug: "a", stage: "game-ready" as const },
      { slug: "b", stage: "watched" as const },
      { slug: "c", stage: null },
    ];
    expect(nextPlayToLearn(plays)?.slug).toBe("b");
    expect(nextPlayToLearn([{ slug: "a", stage: "game-ready" as const }])).toBeNull();
    expect(nextPlayToLearn([{ slug: "x", stage: null }])?.slug).toBe("x");
    // A nerfed play is learnt last.
    const nerfed = [{ slug: "a", stage: null, status: "nerfed" }, { slug: "b", stage: "watched" as const, status: "verified" }];
    expect(nextPlayToLearn(nerfed)?.slug).toBe("b");
    expect(nextPlayToLearn(nerfed.slice(0, 1))?.slug).toBe("a");
  });
});

describe("progress in D1", () => {
  let userId: string;
  let otherId: string;
  const plays: number[] = [];
  let schemeId: number;

  beforeAll(async () => {
    userId = await insertUser(db);
    otherId = await insertUser(db);
    const [scheme] = await db.insert(content).values({ slug: "progress-scheme", title: "Progress Scheme", type: "meta-scheme", requiredTier: "free" }).returning({ id: content.id });
    schemeId = scheme.id;
    for (const [position, slug] of ["trips", "bunch"].entries()) {
      const [section] = await db.insert(contentSections).values({ contentId: schemeId, slug, title: slug, position }).returning({ id: contentSections.id });
      for (let index = 0; index < 3; index += 1) {
        const [play] = await db
          .insert(contentPlays)
          .values({ sectionId: section.id, slug: `${slug}-${index}`, title: `${slug} ${index}`, position: index, videoProvider: "custom", runtime: "0:07" })
          .returning({ id: contentPlays.id });
        plays.push(play.id);
      }
    }
  });

  const target = (index: number, user = userId) => ({ userId: user, playId: plays[index], contentId: schemeId });
  const row = async (index: number, user = userId) =>
    (await db.select().from(playProgress).where(and(eq(playProgress.userId, user), eq(playProgress.playId, plays[index]))))[0] ?? null;

  it("sets a stage once per play (an upsert), keeping when the member started", async () => {
    await setPlayStage(db, target(0), "watched", 1_000);
    await setPlayStage(db, target(0), "game-ready", 2_000);
    expect(await row(0)).toMatchObject({ stage: "game-ready", startedAt: new Date(1_000), updatedAt: new Date(2_000) });
    expect(await db.select().from(playProgress).where(eq(playProgress.userId, userId))).toHaveLength(1);
  });

  it("writes a position at most once in 5 seconds per play, but always the save that marks it watched", async () => {
    expect(await savePlayPosition(db, target(1), 2.7, false, 10_000)).toBe(true);
    expect(await savePlayPosition(db, target(1), 3, false, 14_999)).toBe(false);
    expect(await row(1)).toMatchObject({ positionSeconds: 2, stage: "not-started", startedAt: null });
    expect(await savePlayPosition(db, target(1), 6.5, true, 15_000)).toBe(true);
    expect(await row(1)).toMatchObject({ positionSeconds: 6, stage: "watched", startedAt: new Date(15_000) });
    expect(await savePlayPosition(db, target(1), 1, false, 16_000)).toBe(false);
    expect(await savePlayPosition(db, target(1), 1, false, 20_000)).toBe(true);
    expect(await row(1)).toMatchObject({ positionSeconds: 1, stage: "watched" });
    // Another member's flood is theirs alone.
    expect(await savePlayPosition(db, target(1, otherId), 4, false, 16_000)).toBe(true);
  });

  it("always writes the first save at the video's end (a short video ends less than 5 s after its 90%), never twice", async () => {
    // A member of its own: the tests below count this scheme's rows.
    const viewer = await insertUser(db);
    expect(await savePlayPosition(db, target(2, viewer), 6.39, true, 30_000)).toBe(true);
    expect(await savePlayPosition(db, target(2, viewer), 7, false, 30_600, true)).toBe(true);
    expect(await row(2, viewer)).toMatchObject({ positionSeconds: 7, stage: "watched" });
    // No resume from there; a second end save within the interval writes nothing.
    expect(resumePoint(7, "0:07")).toBeNull();
    expect(await savePlayPosition(db, target(2, viewer), 7, false, 31_000, true)).toBe(false);
    // Whole seconds, as stored: 6.5 s of 7 is stored as 6, from which a resume would be offered.
    expect(isAtEnd(7, 7)).toBe(true);
    expect(isAtEnd(6.5, 7)).toBe(false);
    expect(isAtEnd(6.5, 6.8)).toBe(true);
  });

  it("adds up each started scheme in one read: its bar and the next play to learn", async () => {
    await setPlayStage(db, target(3), "practised", 30_000);
    const [started] = toStartedSchemes(await startedSchemesQuery(db, userId, 10));
    expect(started).toMatchObject({
      slug: "progress-scheme",
      progress: { total: 6, watched: 3, practised: 2, gameReady: 1 },
      next: { href: "/content/progress-scheme/section/trips/play/trips-1", title: "trips 1" },
      touchedAt: 30_000,
    });
    const bars = toSchemeBars(await schemeBarsQuery(db, userId));
    expect(bars.get(schemeId)).toEqual({ total: 6, watched: 3, practised: 2, gameReady: 1 });
    expect(startedSchemeProgress(6, [{ stage: "game-ready", plays: 1 }, { stage: "watched", plays: 1 }])).toEqual({ total: 6, watched: 2, practised: 1, gameReady: 1 });
    expect(startedSchemeProgress(6, [{ stage: "not-started", plays: 2 }])).toBeNull();
    // The other member has a position only: nothing started.
    expect(await startedSchemesQuery(db, otherId, 10)).toEqual([]);
    // Nerfed on the current update, the next play is passed over for the one after it; back, it leads again.
    await db.update(playStatuses).set({ status: "nerfed" }).where(eq(playStatuses.playId, plays[1]));
    expect(toStartedSchemes(await startedSchemesQuery(db, userId, 10))[0].next?.title).toBe("trips 2");
    await db.update(playStatuses).set({ status: "verified" }).where(eq(playStatuses.playId, plays[1]));
    expect(toStartedSchemes(await startedSchemesQuery(db, userId, 10))[0].next?.title).toBe("trips 1");
  });

  it("a finished scheme has no next play", async () => {
    const finisher = await insertUser(db);
    for (let index = 0; index < plays.length; index += 1) await setPlayStage(db, target(index, finisher), "game-ready", 40_000 + index);
    const [finished] = toStartedSchemes(await startedSchemesQuery(db, finisher, 10));
    expect(finished.next).toBeNull();
    expect(isFinished(finished.progress)).toBe(true);
  });

  it("resets one scheme of one member only", async () => {
    expect(await resetSchemeProgress(db, userId, schemeId)).toBe(3);
    expect(await db.select().from(playProgress).where(eq(playProgress.userId, userId))).toEqual([]);
    expect(await row(1, otherId)).not.toBeNull();
    expect(await resetSchemeProgress(db, userId, schemeId)).toBe(0);
  });
});

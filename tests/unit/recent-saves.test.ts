import { describe, expect, it } from "vitest";
import { POSITION_SAVE_INTERVAL_MS } from "../../app/lib/progress";
import { forgetRecentSaves, recentSave, recentSaveCount, rememberSave } from "../../app/server/recent-saves.server";

const session = (id: string, userId: string) => ({ id, userId });

describe("the position saves an isolate remembers", () => {
  it("answers for the same session and play within the interval only", () => {
    const now = 1_000_000;
    const mine = session("s-1", "u-1");
    rememberSave(mine, 7, { runtime: "0:07", stage: "not-started" }, now);
    expect(recentSave(mine, 7, now + 1_000)).toMatchObject({ runtime: "0:07", stage: "not-started" });
    // Another play, another session of the same member, another member: nothing remembered.
    expect(recentSave(mine, 8, now + 1_000)).toBeNull();
    expect(recentSave(session("s-2", "u-1"), 7, now + 1_000)).toBeNull();
    expect(recentSave(session("s-1", "u-2"), 7, now + 1_000)).toBeNull();
    // At the interval's end the entry is gone.
    expect(recentSave(mine, 7, now + POSITION_SAVE_INTERVAL_MS)).toBeNull();
    expect(recentSave(mine, 7, now + 1_000)).toBeNull();
  });

  it("forgets a member's saves when their stage changes, and no one else's", () => {
    const now = 2_000_000;
    rememberSave(session("a", "u-10"), 1, { runtime: null, stage: "watched" }, now);
    rememberSave(session("a", "u-10"), 2, { runtime: null, stage: "watched" }, now);
    rememberSave(session("b", "u-100"), 1, { runtime: null, stage: "watched" }, now);
    forgetRecentSaves("u-10");
    expect(recentSave(session("a", "u-10"), 1, now)).toBeNull();
    expect(recentSave(session("a", "u-10"), 2, now)).toBeNull();
    expect(recentSave(session("b", "u-100"), 1, now)).not.toBeNull();
  });

  it("never holds more than 5,000 saves, dropping the oldest first", () => {
    const now = 3_000_000;
    for (let play = 0; play < 6_000; play += 1) rememberSave(session("flood", "u-flood"), play, { runtime: null, stage: "watched" }, now);
    expect(recentSaveCount()).toBe(5_000);
    expect(recentSave(session("flood", "u-flood"), 0, now)).toBeNull();
    expect(recentSave(session("flood", "u-flood"), 5_999, now)).not.toBeNull();
  });
});

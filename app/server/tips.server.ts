import { desc, eq, sql } from "drizzle-orm";
import { userTips } from "../../db/schema.ts";
import type { Database } from "./db.server.ts";

/** A tip as staff review it and as its author exports it. */
export const tipColumns = {
  id: userTips.id,
  formationName: userTips.formationName,
  playName: userTips.playName,
  playbook: userTips.playbook,
  gameType: userTips.gameType,
  tipDescription: userTips.tipDescription,
  status: userTips.status,
  adminNotes: userTips.adminNotes,
  createdAt: userTips.createdAt,
  updatedAt: userTips.updatedAt,
};

export function listTipsOfUser(db: Database, userId: string) {
  return db.select().from(userTips).where(eq(userTips.userId, userId)).orderBy(desc(userTips.createdAt)).limit(100);
}

/** The same tip sent again by the same member within this time (a double tap, a resent form) is the same tip. */
export const DUPLICATE_TIP_MS = 2 * 60 * 1000;

/**
 * Stores a member's tip, pending review. The very same tip sent again within two minutes is not
 * stored twice: the one statement inserts only when no such tip exists.
 */
export async function createTip(
  db: Database,
  userId: string,
  tip: { formationName: string; playName: string; playbook: string; gameType: "madden" | "college"; tipDescription: string },
  now = Date.now(),
) {
  await db.run(sql`
    INSERT INTO user_tips (user_id, formation_name, play_name, playbook, game_type, tip_description, status, created_at, updated_at)
    SELECT ${userId}, ${tip.formationName}, ${tip.playName}, ${tip.playbook}, ${tip.gameType}, ${tip.tipDescription}, 'pending', ${now}, ${now}
    WHERE NOT EXISTS (
      SELECT 1 FROM user_tips WHERE user_id = ${userId} AND created_at > ${now - DUPLICATE_TIP_MS}
        AND tip_description = ${tip.tipDescription} AND play_name = ${tip.playName} AND formation_name = ${tip.formationName}
        AND playbook = ${tip.playbook} AND game_type = ${tip.gameType}
    )`);
}

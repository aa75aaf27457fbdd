import { desc, eq } from "drizzle-orm";
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

export async function createTip(
  db: Database,
  userId: string,
  tip: { formationName: string; playName: string; playbook: string; gameType: "madden" | "college"; tipDescription: string },
) {
  await db.insert(userTips).values({ ...tip, userId, status: "pending" });
}

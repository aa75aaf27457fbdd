import { desc, eq } from "drizzle-orm";
import { userTips } from "../../db/schema.ts";
import type { Database } from "./db.server.ts";

export function listTipsOfUser(db: Database, userId: string) {
  return db.select().from(userTips).where(eq(userTips.userId, userId)).orderBy(desc(userTips.createdAt)).limit(100);
}

import { inArray } from "drizzle-orm";
import { counters } from "../../db/schema.ts";
import { type Database, reusableSelect, type Param } from "./db.server.ts";

// Exact counts kept by triggers in D1 (migrations/0001_counters.sql).

export function countersQuery(db: Database, names: string[]) {
  return countersByName(db, ...names);
}

// Built once per number of names (see reusableSelect).
const countersByName = reusableSelect((db: Database, ...names: Param<string>[]) => db.select().from(counters).where(inArray(counters.name, names)));

export function toCounterMap(rows: { name: string; value: number }[], names: string[]) {
  const map = Object.fromEntries(names.map((name) => [name, 0])) as Record<string, number>;
  for (const row of rows) map[row.name] = Math.max(0, row.value);
  return map;
}

export async function readCounters(db: Database, names: string[]) {
  return toCounterMap(await countersQuery(db, names), names);
}

import { users } from "../../db/schema";
import type { Database } from "~/server/db.server";

/** A valid 1x1 PNG, for tests that need image bytes without the file system. */
export function tinyPng(): Uint8Array {
  const base64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
  return Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
}

/** Seeds the demo data into this test file's D1 and R2 (a cheap stand-in hash: nobody signs in). */
export async function seedDemoData() {
  const { env } = await import("cloudflare:workers");
  const { seedDatabase } = await import("../../db/seed");
  await seedDatabase({
    d1: env.DB,
    media: env.MEDIA,
    hashPassword: async (password) => `unit-test:${password.length}`,
    readImage: async () => tinyPng(),
    now: new Date("2026-11-01T12:00:00Z"),
  });
}

/** Inserts a confirmed member (no password unless given) and returns its id. */
export async function insertUser(db: Database, overrides: Partial<typeof users.$inferInsert> = {}) {
  const id = crypto.randomUUID();
  await db.insert(users).values({
    id,
    email: `${id}@example.com`,
    firstName: "Unit",
    lastName: "Tester",
    role: "user",
    emailConfirmedAt: new Date(),
    ...overrides,
  });
  return id;
}

/**
 * Brings this file's empty migration database (MIGRATION_DB) to just before the migration whose
 * name starts with `prefix`; the test stores rows as they were then, and `migrateRest` applies the
 * rest, that migration included.
 */
export async function migrateToBefore(prefix: string) {
  const { applyD1Migrations } = await import("cloudflare:test");
  const { env } = await import("cloudflare:workers");
  const index = env.TEST_MIGRATIONS.findIndex((migration) => migration.name.startsWith(prefix));
  if (index <= 0) throw new Error(`No migration after the first starts with ${prefix}`);
  await applyD1Migrations(env.MIGRATION_DB, env.TEST_MIGRATIONS.slice(0, index));
  return { migrateRest: () => applyD1Migrations(env.MIGRATION_DB, env.TEST_MIGRATIONS) };
}

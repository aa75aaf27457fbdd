// `npm run db:migrate` applies migrations and seeds an empty database;
// `npm run db:reset` wipes the local D1, R2 and KV state first.
import { DEFAULT_STATE_DIR, prepareLocalState } from "./local-state.ts";

const reset = process.argv.includes("--reset");
const { seeded } = await prepareLocalState(DEFAULT_STATE_DIR, { reset });
console.log(
  reset
    ? "Local D1, R2 and KV state wiped, migrations applied and demo data seeded."
    : `Migrations applied${seeded ? "; demo data seeded" : "; database already seeded"}.`,
);

// `npm start`: migrations + seed, production build, then wrangler serving it on http://localhost:8787.
// `npm run dev`: the same state, served by the Vite dev server with hot reload.
import { DEFAULT_STATE_DIR, binPath, prepareLocalState, run } from "./local-state.ts";

const dev = process.argv.includes("--dev");
const port = process.env.PORT || "8787";

const { seeded } = await prepareLocalState(DEFAULT_STATE_DIR);
console.log(seeded ? "Local database migrated and seeded with demo data." : "Local database migrated.");

if (dev) {
  await run(process.execPath, [binPath("react-router"), "dev", "--port", port, "--strictPort"]);
} else {
  await run(process.execPath, [binPath("react-router"), "build"]);
  console.log(`\nServing the production build on http://localhost:${port}\n`);
  await run(process.execPath, [
    binPath("wrangler"),
    "dev",
    "--port",
    port,
    "--ip",
    "localhost",
    "--persist-to",
    DEFAULT_STATE_DIR,
    "--show-interactive-dev-session=false",
    // Links in e-mails and canonical URLs follow the port actually served.
    "--var",
    `SITE_URL:http://localhost:${port}`,
  ]);
}

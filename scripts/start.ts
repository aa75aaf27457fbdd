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
  console.log(`\nStarting the production build on http://localhost:${port} ...\n`);
  // wrangler's own 'Ready' line is hidden with its other logs (WRANGLER_LOG=warn, local-state.ts):
  // say when the site answers.
  void announceWhenReady(`http://localhost:${port}/`);
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

async function announceWhenReady(url: string) {
  for (let tries = 0; tries < 600; tries += 1) {
    try {
      await (await fetch(url, { redirect: "manual" })).body?.cancel();
      console.log(`\nReady: open ${url} (demo accounts in README.md). The worker's own logs show with WRANGLER_LOG=info npm start.\n`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

// After `npm install`: generate the Env type from wrangler.toml and React Router's route types.
import { binPath, run } from "./local-state.ts";

await run(process.execPath, [binPath("wrangler"), "types", "--strict-vars=false"], { quiet: true });
await run(process.execPath, [binPath("react-router"), "typegen"], { quiet: true });

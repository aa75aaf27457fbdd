import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// One id per build: visitors' pages in the edge cache are keyed by it (app/server/edge-cache.server.ts).
const BUILD_ID = Date.now().toString(36);

export default defineConfig(({ command }) => ({
  define: { "import.meta.env.BUILD_ID": JSON.stringify(BUILD_ID) },
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      // Another local state for a second dev server (e.g. VITE_PERSIST_PATH=.wrangler/dev-2; v3 is added).
      ...(process.env.VITE_PERSIST_PATH ? { persistState: { path: process.env.VITE_PERSIST_PATH } } : {}),
      // wrangler.toml sends every path but the built files to the Worker first (docs/decisions/0018).
      // Under `npm run dev` Vite itself serves the app's modules (/@vite/client, /app/...): those
      // requests must reach Vite, so the dev server keeps the default (files first, then the Worker).
      ...(command === "serve"
        ? {
            config: (config) => {
              if (config.assets) delete config.assets.run_worker_first;
            },
          }
        : {}),
    }),
    tailwindcss(),
    reactRouter(),
  ],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
}));

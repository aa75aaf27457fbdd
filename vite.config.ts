import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      // Another local state for a second dev server (e.g. VITE_PERSIST_PATH=.wrangler/dev-2; v3 is added).
      ...(process.env.VITE_PERSIST_PATH ? { persistState: { path: process.env.VITE_PERSIST_PATH } } : {}),
    }),
    tailwindcss(),
    reactRouter(),
  ],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
});

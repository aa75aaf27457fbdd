import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const app = fileURLToPath(new URL("./app", import.meta.url));

// Three layers: unit tests inside workerd with a migrated D1; HTTP tests against the built worker
// served by wrangler; browser tests driving Debian's Chromium. `npm test` (scripts/test.ts) builds
// and serves the worker once for the last two.
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias: { "~": app } },
        plugins: [
          cloudflareTest(async () => ({
            miniflare: {
              compatibilityDate: "2026-10-01",
              compatibilityFlags: ["nodejs_compat"],
              // `import module from "x.wasm?module"` (argon2) gives a compiled WebAssembly.Module, as in the build.
              modulesRules: [{ type: "CompiledWasm", include: ["**/*.wasm", "**/*.wasm?module"] }],
              // MIGRATION_DB stays empty: tests/unit/play-status-migration.test.ts migrates it step by step.
              d1Databases: ["DB", "MIGRATION_DB"],
              r2Buckets: ["MEDIA"],
              kvNamespaces: ["KV"],
              bindings: {
                TEST_MIGRATIONS: await readD1Migrations("migrations"),
                SITE_URL: "http://localhost:8787",
                SITE_NAME: "Gridiron Playbook",
                SUPPORT_EMAIL: "support@example.com",
                DISCORD_INVITE_URL: "https://discord.gg/example",
                EMAIL_FROM: "Gridiron Playbook <no-reply@example.com>",
                STRIPE_PRICE_MONTHLY: "price_monthly_local",
                STRIPE_PRICE_YEARLY: "price_yearly_local",
              },
            },
          })),
        ],
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          // Password hashing is deliberately slow; a loaded 2-core machine needs headroom.
          testTimeout: 30_000,
          setupFiles: ["tests/unit/apply-migrations.ts"],
          // xss is CommonJS whose named exports workerd's module loader cannot see: pre-bundle it.
          deps: { optimizer: { ssr: { enabled: true, include: ["xss"] } } },
        },
      },
      {
        resolve: { alias: { "~": app } },
        test: {
          name: "http",
          include: ["tests/http/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias: { "~": app } },
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          // A browser test gets a second try. On a loaded two-core machine a click on the dashboard's
          // Edit link (user edit dialog) twice never landed in about 2,000 browser test runs; a product
          // fault fails both tries.
          retry: 1,
          environment: "node",
          globalSetup: ["tests/support/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});

// Secrets are not in wrangler.toml, so `wrangler types` cannot see them: they are declared here.
// All are optional; without them the app runs in its local modes (see .dev.vars.example).
interface AppSecrets {
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  EMAIL_API_KEY?: string;
  EMAIL_API_URL?: string;
  DISCORD_CLIENT_ID?: string;
  DISCORD_CLIENT_SECRET?: string;
  /** Discord role sync (app/server/discord.server.ts): the bot's token, the guild, the members' role. */
  DISCORD_BOT_TOKEN?: string;
  DISCORD_GUILD_ID?: string;
  DISCORD_MEMBER_ROLE_ID?: string;
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  /** Signs the links in e-mails that work without a session (one-click unsubscribe). */
  LINK_SIGNING_SECRET?: string;
  /** Tests only: a base URL that stands in for the OAuth providers' hosts. */
  OAUTH_ENDPOINT_OVERRIDE?: string;
  /** Tests only: a base URL standing in for Discord's REST API (https://discord.com/api/v10). */
  DISCORD_API_OVERRIDE?: string;
  /** Tests only: a base URL standing in for api.stripe.com. */
  STRIPE_API_BASE?: string;
  /** "off" serves every visitor's page from the Worker, never the edge cache (the main test server). */
  EDGE_CACHE?: string;
  /** Cloudflare Turnstile on register, forgot password and contact (both, or the check is off). */
  TURNSTILE_SITE_KEY?: string;
  TURNSTILE_SECRET_KEY?: string;
  /** Tests only: a URL standing in for Turnstile's siteverify. */
  TURNSTILE_ENDPOINT_OVERRIDE?: string;
  /** Tests and the soak only: "on" lets a request ask for an injected D1, KV or R2 failure (X-Fault-Inject). */
  FAULT_INJECTION?: string;
  /** `npm run bench` only: "on" serves the bench's probe of a signed-in page's I/O (bench-probe.server.ts). */
  BENCH_PROBES?: string;
}

declare namespace Cloudflare {
  interface Env extends AppSecrets {}
}

interface Env extends AppSecrets {}

interface ImportMetaEnv {
  /** Set once per build in vite.config.ts; the edge cache keys visitors' pages by it. */
  readonly BUILD_ID?: string;
}

// WebAssembly imported as a compiled module (Workers' CompiledWasm modules).
declare module "*.wasm?module" {
  const module: WebAssembly.Module;
  export default module;
}

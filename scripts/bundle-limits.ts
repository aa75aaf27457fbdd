// Cloudflare's published size limit for a Worker on the paid plan: 10 MiB after compression (the
// free plan: 3 MiB). `npm run bench` reports the bundle against it; tests/http/bundle-size.test.ts
// fails past 80% of it.
export const PAID_PLAN_LIMIT_KIB = 10 * 1024;

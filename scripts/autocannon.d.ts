// The part of autocannon's API the benchmark uses (the package ships no types).
declare module "autocannon" {
  namespace autocannon {
    type Histogram = { average: number; p50: number; p99: number; total: number };
    type Result = { requests: Histogram; latency: Histogram; errors: number; non2xx: number };
    type Options = { url: string; connections?: number; duration?: number; headers?: Record<string, string>; method?: string; body?: string };
  }
  function autocannon(options: autocannon.Options, callback: (error: Error | null, result: autocannon.Result) => void): unknown;
  export default autocannon;
}

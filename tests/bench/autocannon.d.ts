/* The part of autocannon's API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p99: number;
    total: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    '2xx': number;
    non2xx: number;
    errors: number;
    timeouts: number;
    duration: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    headers?: Record<string, string>;
    /** Per-request changes: `setupRequest` returns the request to send (e.g. another path). */
    requests?: { setupRequest?: (req: { path: string; [key: string]: unknown }) => { path: string; [key: string]: unknown } }[];
  }
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}

/* The part of autocannon's API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p99: number;
    total: number;
  }
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    '2xx': number;
    non2xx: number;
    errors: number;
    timeouts: number;
    duration: number;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    headers?: Record<string, string>;
    /** Requests per second of all connections together (a fixed rate instead of as many as answer). */
    overallRate?: number;
    /** The requests each connection sends in turn: a path and headers of their own, `setupRequest`
     *  returning the request to send (e.g. another path), `onResponse` seeing each answer's headers. */
    requests?: {
      path?: string;
      headers?: Record<string, string>;
      setupRequest?: (req: { path: string; [key: string]: unknown }) => { path: string; [key: string]: unknown };
      onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string | string[]>) => void;
    }[];
  }
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}

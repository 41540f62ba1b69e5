import http from 'node:http';

/* Requests at a steady rate, as many independent fans send them: request i is due at
 * start + i/rate and leaves then whatever the earlier ones are doing (an open loop), on its own
 * keep-alive connection when the others are busy, so a slow answer never holds a later request
 * back. Its latency counts from when it left; how late the generator itself sent it (its own
 * timers and garbage collection, on the same cores as the server) is reported apart, as `lateP99`.
 * autocannon's `overallRate` is not this: each connection sends back to back until it has made
 * its share of the second, then waits for the next one, so "500/s on 20 connections" is a burst of
 * 20 at a time for the first part of every second and nothing after (ADR 062). */

export interface SteadyLoad {
  rate: number;
  /** Answers per second over the run. */
  rps: number;
  requests: number;
  p50: number;
  p99: number;
  max: number;
  /** How late the generator sent its requests, p99 in ms (0: each when it was due). */
  lateP99: number;
  /** Requests that got no answer (a refused or dropped connection, a timeout). */
  errors: number;
  non2xx: number;
}

/** GET `url` at `rate` requests/s for `seconds`; every answer read to its end. */
export async function steadyLoad(
  url: string,
  { rate, seconds, headers = {} }: { rate: number; seconds: number; headers?: Record<string, string> },
): Promise<SteadyLoad> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  const late: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const one = (due: number) =>
    new Promise<void>((resolve) => {
      const sent = performance.now();
      late.push(sent - due);
      const req = http.get(url, { agent, headers, timeout: 10_000 }, (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(performance.now() - sent);
          if (res.statusCode === undefined || res.statusCode < 200 || res.statusCode >= 300) non2xx++;
          resolve();
        });
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        errors++;
        resolve();
      });
    });
  const start = performance.now();
  const sent: Promise<void>[] = [];
  for (let i = 0; i < total;) {
    const now = performance.now();
    // Every request that is due leaves now (the timer's granularity makes some leave late).
    for (; i < total && start + (i * 1000) / rate <= now; i++) sent.push(one(start + (i * 1000) / rate));
    if (i < total) await new Promise((r) => setTimeout(r, Math.max(0, start + (i * 1000) / rate - performance.now())));
  }
  await Promise.all(sent);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  const at = (values: number[], q: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * 10) / 10 : 0;
  };
  return {
    rate,
    rps: Math.round(latencies.length / elapsed),
    requests: total,
    p50: at(latencies, 0.5),
    p99: at(latencies, 0.99),
    max: at(latencies, 1),
    lateP99: at(late, 0.99),
    errors,
    non2xx,
  };
}

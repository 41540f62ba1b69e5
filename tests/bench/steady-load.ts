import http from 'node:http';

/* Requests at a steady rate, as many independent fans send them: request i leaves at start + i/rate
 * whatever the earlier ones are doing (an open loop), on as many keep-alive connections as are
 * busy, and its latency counts from the moment it was due — so a slow answer that delays the
 * generator itself still counts, not only the time on the wire (no coordinated omission).
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
  let errors = 0;
  let non2xx = 0;
  const one = (due: number) =>
    new Promise<void>((resolve) => {
      const req = http.get(url, { agent, headers, timeout: 10_000 }, (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(performance.now() - due);
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
    // Every request that is due leaves now; the timer's granularity only makes some leave late,
    // which their latency (from when they were due) includes.
    for (; i < total && start + (i * 1000) / rate <= now; i++) sent.push(one(start + (i * 1000) / rate));
    if (i < total) await new Promise((r) => setTimeout(r, Math.max(0, start + (i * 1000) / rate - performance.now())));
  }
  await Promise.all(sent);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => (latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] * 10) / 10 : 0);
  return { rate, rps: Math.round(latencies.length / elapsed), requests: total, p50: at(0.5), p99: at(0.99), max: at(1), errors, non2xx };
}

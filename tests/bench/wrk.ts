import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/* wrk (Debian's package; `npm test` installs it beside nginx) as the load generator for what can
 * answer faster than one autocannon thread asks: the proxy's cached pages. autocannon tops out
 * near 3,000–3,800 req/s on two cores, so it measured itself rather than nginx (the proxy read
 * 0.84–1.14× one web server); wrk, written in C, asks about ten times as fast for the same CPU. */

export interface WrkLoad {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** Answers that were not 2xx or 3xx. */
  non2xx: number;
  /** Connect, read, write errors and timeouts. */
  errors: number;
}

const run = promisify(execFile);

/** Whether wrk is on this machine. */
export async function hasWrk(): Promise<boolean> {
  return run('wrk', ['--version']).then(
    () => true,
    // wrk --version prints its version and exits 1.
    (error: { stdout?: string; stderr?: string }) => /^wrk /m.test(`${error.stdout ?? ''}${error.stderr ?? ''}`),
  );
}

/** Milliseconds from wrk's "621.00us", "2.05ms" or "1.20s". */
function ms(value: string): number {
  const [, n, unit] = /^([\d.]+)(us|ms|s|m)$/.exec(value) ?? [];
  const factor = { us: 0.001, ms: 1, s: 1_000, m: 60_000 }[unit as 'us' | 'ms' | 's' | 'm'];
  if (factor === undefined) throw new Error(`wrk: not a duration: ${value}`);
  return Math.round(Number(n) * factor * 100) / 100;
}

/** GET `url` on `connections` keep-alive connections, two threads, for `seconds`. */
export async function wrkLoad(
  url: string,
  { seconds, connections = 20, headers = {} }: { seconds: number; connections?: number; headers?: Record<string, string> },
): Promise<WrkLoad> {
  const args = ['-t2', `-c${connections}`, `-d${seconds}s`, '--latency', ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]), url];
  const { stdout } = await run('wrk', args, { maxBuffer: 1 << 20 });
  const field = (re: RegExp) => re.exec(stdout)?.[1];
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
  return {
    rps: Math.round(Number(field(/Requests\/sec:\s+([\d.]+)/))),
    p50: ms(field(/^\s+50%\s+(\S+)/m) ?? ''),
    p99: ms(field(/^\s+99%\s+(\S+)/m) ?? ''),
    requests: Number(field(/(\d+) requests in/)),
    non2xx: Number(field(/Non-2xx or 3xx responses: (\d+)/) ?? 0),
    errors: socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
  };
}

import autocannon from 'autocannon';
import { processCpuMs } from './cpu.ts';

/* One page measured two ways, A against B (French against English, analytics on against off), for
   `npm run bench`: rounds of the same load on A then on B, B then A the next round (six rounds, so
   each goes first as often), each turn counting the serving process's CPU (from /proc) and the
   requests answered. The figure is A's CPU per request over B's, over all the turns. This shared
   machine's speed drifts by up to 2× within a minute (CPU per request as much as requests/s), and
   the second turn of a round cost up to 1.5× the first; two turns side by side meet the same drift,
   and the balanced order cancels the rest. The best of two turns each in requests/s, as before,
   once had French 1.12× faster than English. */

const CONNECTIONS = 20;
const ROUNDS = 6;

/** One side of a pair: where to send the load, what to send, and the process that answers. */
export interface PairSide {
  url: string;
  pid: number | undefined;
  headers?: Record<string, string>;
}

export interface SideFigures {
  /** Over all the turns. */
  rps: number;
  /** Over all the turns; null where /proc cannot be read. */
  cpuMsPerRequest: number | null;
}

export interface PairFigures {
  a: SideFigures;
  b: SideFigures;
  /** A's CPU per request over B's (≥ 0.95: B costs at most ~5 % more); where /proc cannot be read,
   *  B's requests/s over A's. */
  ratio: number;
  /** B's requests/s over A's, as the load generator saw them. */
  rpsRatio: number;
}

interface Turn {
  requests: number;
  seconds: number;
  cpuMs: number | null;
}

async function turn(side: PairSide, seconds: number, fresh: boolean): Promise<Turn> {
  let n = 0;
  const cpuBefore = processCpuMs(side.pid);
  const result = await autocannon({
    url: side.url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { 'accept-encoding': 'gzip, deflate, br', ...side.headers },
    // A new query each request: every one is rendered (the microcache keys on the query).
    requests: fresh ? [{ setupRequest: (req) => ({ ...req, path: `${new URL(side.url).pathname}?bench=${n++}` }) }] : undefined,
  });
  const cpuAfter = processCpuMs(side.pid);
  if (result.non2xx || result.errors) console.warn(`  ${side.url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { requests: result.requests.total, seconds, cpuMs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore };
}

function sideOf(turns: Turn[]): SideFigures {
  const requests = turns.reduce((n, t) => n + t.requests, 0);
  const seconds = turns.reduce((n, t) => n + t.seconds, 0);
  const cpu = turns.every((t) => t.cpuMs !== null) ? turns.reduce((n, t) => n + (t.cpuMs ?? 0), 0) : null;
  return { rps: Math.round(requests / seconds), cpuMsPerRequest: cpu === null || requests === 0 ? null : Number((cpu / requests).toFixed(3)) };
}

/** Rounds of A and B side by side, A first then B first, so a busy moment of the machine meets both alike. */
export async function measurePair(a: PairSide, b: PairSide, opts: { seconds: number; fresh: boolean }): Promise<PairFigures> {
  // A turn each first, not counted: the server's first renders of a page compile its code.
  for (const side of [a, b]) await turn(side, Math.min(opts.seconds, 3), opts.fresh);
  const seconds = Math.max(2, Math.round(opts.seconds / 2));
  const rounds: { a: Turn; b: Turn }[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    if (i % 2 === 0) {
      const ta = await turn(a, seconds, opts.fresh);
      rounds.push({ a: ta, b: await turn(b, seconds, opts.fresh) });
    } else {
      const tb = await turn(b, seconds, opts.fresh);
      rounds.push({ a: await turn(a, seconds, opts.fresh), b: tb });
    }
  }
  if (process.env.BENCH_DEBUG) console.log('  rounds', JSON.stringify(rounds));
  const [sideA, sideB] = [sideOf(rounds.map((r) => r.a)), sideOf(rounds.map((r) => r.b))];
  const rpsRatio = Number((sideB.rps / sideA.rps).toFixed(3));
  const ratio = sideA.cpuMsPerRequest !== null && sideB.cpuMsPerRequest ? Number((sideA.cpuMsPerRequest / sideB.cpuMsPerRequest).toFixed(3)) : rpsRatio;
  return { a: sideA, b: sideB, ratio, rpsRatio };
}

/** A bench row's value: "0.97 (CPU 9.8 / 9.5 ms a page; 92 / 97 req/s, …)", B before A. */
export function pairText(p: PairFigures): string {
  const cpu = p.a.cpuMsPerRequest !== null && p.b.cpuMsPerRequest !== null ? `CPU ${p.b.cpuMsPerRequest} / ${p.a.cpuMsPerRequest} ms a page; ` : '';
  return `${p.ratio} (${cpu}${p.b.rps} / ${p.a.rps} req/s, ${ROUNDS} rounds)`;
}

import autocannon from 'autocannon';
import { processCpuMs } from './cpu.ts';
import { median } from './median.ts';

/* One page measured two ways, A against B (French against English, analytics on against off), for
   `npm run bench`: rounds of the same load on A then on B (B then A the next round), each turn
   giving the serving process's CPU per request (from /proc) beside requests/s. The figure is the
   median over the rounds of A's CPU per request over B's. This shared machine's speed drifts by up
   to 2× within a minute (its CPU per request as much as its requests/s), and two turns side by side
   meet the same drift; the best or the median of each side on its own did not (French once came
   out 1.12× faster than English, in requests/s). */

const CONNECTIONS = 20;
const ROUNDS = 5;

/** One side of a pair: where to send the load, what to send, and the process that answers. */
export interface PairSide {
  url: string;
  pid: number | undefined;
  headers?: Record<string, string>;
}

export interface SideFigures {
  /** Median over the turns. */
  rps: number;
  /** Median over the turns; null where /proc cannot be read. */
  cpuMsPerRequest: number | null;
}

export interface PairFigures {
  a: SideFigures;
  b: SideFigures;
  /** The median over rounds of A's CPU per request over B's (≥ 0.95: B costs at most ~5 % more); where
   *  /proc cannot be read, of B's requests/s over A's. */
  ratio: number;
  /** The same median of B's requests/s over A's, as the load generator saw them. */
  rpsRatio: number;
}

interface Turn {
  rps: number;
  cpuMsPerRequest: number | null;
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
  const answered = result.requests.total;
  const cpuMsPerRequest = cpuBefore === null || cpuAfter === null || answered === 0 ? null : (cpuAfter - cpuBefore) / answered;
  return { rps: result.requests.average, cpuMsPerRequest };
}

function sideOf(turns: Turn[]): SideFigures {
  const cpu = turns.map((t) => t.cpuMsPerRequest);
  return {
    rps: Math.round(median(turns.map((t) => t.rps))),
    cpuMsPerRequest: cpu.every((c): c is number => c !== null) ? Number(median(cpu).toFixed(2)) : null,
  };
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
  const rpsRatio = Number(median(rounds.map((r) => r.b.rps / r.a.rps)).toFixed(3));
  const cpuRatios = rounds.flatMap((r) => (r.a.cpuMsPerRequest !== null && r.b.cpuMsPerRequest ? [r.a.cpuMsPerRequest / r.b.cpuMsPerRequest] : []));
  const ratio = cpuRatios.length === rounds.length ? Number(median(cpuRatios).toFixed(3)) : rpsRatio;
  return { a: sideOf(rounds.map((r) => r.a)), b: sideOf(rounds.map((r) => r.b)), ratio, rpsRatio };
}

/** A bench row's value: "0.97 (CPU 9.8 / 9.5 ms a page; 92 / 97 req/s, …)", B before A. */
export function pairText(p: PairFigures): string {
  const cpu = p.a.cpuMsPerRequest !== null && p.b.cpuMsPerRequest !== null ? `CPU ${p.b.cpuMsPerRequest} / ${p.a.cpuMsPerRequest} ms a page; ` : '';
  return `${p.ratio} (${cpu}${p.b.rps} / ${p.a.rps} req/s, medians of ${ROUNDS} rounds)`;
}

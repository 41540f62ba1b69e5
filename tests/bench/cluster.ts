/* `npm run bench -- cluster` (issue 37, after `npm run build`): the cluster's figures, not
   pass/fail. run.ts dispatches here; it starts the cluster as the cluster tests do
   (tests/cluster/support/cluster.ts: `npm run start:cluster` on a fresh data dir with the machine's
   demo media; run.ts gives it ports and a data dir of its own) and measures with autocannon, every
   request with a browser's Accept-Encoding:
   1. anonymous `/`, `/upcoming` and a finished game's `/watch/{id}` (also with the X-Forwarded-For
      of a public address, which the proxy turns into a region and caches per region) through the
      proxy against one web server directly: requests/s, p99, their ratio, what the cache did —
      with wrk (wrk.ts), since one autocannon thread asks slower than the proxy answers;
   2. the channel API's `GET /events` with a visitor's api key (the query /upcoming sends), at a
      steady 500 requests/s (steady-load.ts: one every 2 ms, each on a free connection), three
      runs: p50, p99 (their median and range), errors, non-2xx; the channel API's `/healthz` (one
      `select 1`) at the same rate, the floor of what this machine's cores, shared by the
      generator, the channel API and PostgreSQL, allow; and autocannon's `overallRate` 500 on 20
      connections, which sends each second's 500 in bursts of 20 at once (ADR 062);
   3. a signed-in fan's `/profile` and `/watch/{id}` through the proxy: requests/s, p99, errors and
      how they split between web-1 and web-2 (X-Served-By);
   4. a soak: anonymous (a visitor in the US on the watch page) and signed-in pages mixed at a fixed rate well below capacity
      (BENCH_SOAK_RATE, default 40/s) for BENCH_SOAK_SECONDS (default 600), each process's resident
      memory (VmRSS) at its start and end, and its errors.
   Writes the `cluster` key of tests/bench/results.json (the other keys kept) and prints a table. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Options, type Result } from 'autocannon';
import { processCpuMs } from './cpu.ts';
import { median } from './median.ts';
import { steadyLoad, type SteadyLoad } from './steady-load.ts';
import { hasWrk, wrkLoad, type WrkLoad } from './wrk.ts';
import { addressOf, CLUSTER_DATA, clusterSite, pidOf, PROXY_URL, startCluster, type ProcessName } from '../cluster/support/cluster.ts';
import { createVerifiedUser, sessionCookieFor } from '../e2e/support/accounts.ts';
import { finishedEvent, newApiKey } from '../e2e/support/channel.ts';

const CONNECTIONS = 20;
/** What every current browser sends. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };
/** A public address (a visitor in the US): the proxy sets the region from it and keys its cache by it. */
const PUBLIC_VISITOR = { 'x-forwarded-for': '8.8.8.8' };
const EVENTS_RATE = 500;
const SOAK_RATE = Number(process.env.BENCH_SOAK_RATE ?? 40);
const PROCESSES: ProcessName[] = ['web-1', 'web-2', 'api', 'worker-1', 'worker-2', 'nginx'];

interface Load {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
  timeouts: number;
  /** How many answers each instance gave (X-Served-By). */
  servedBy: Record<string, number>;
  /** What the proxy's cache did (X-Cache-Status), through the proxy. */
  cache: Record<string, number>;
  /** The cluster's CPU time per request in ms (every process of it: clusterCpuMs), which the load
   *  generator sharing the cores blurs less than requests/s. */
  cpuMs: number;
}

type Step = { path?: string; headers?: Record<string, string> };

/** autocannon on `base`, cycling through `steps` on each connection (one step: `pathname`). */
async function load(base: string, steps: Step[], opts: Partial<Pick<Options, 'connections' | 'duration' | 'overallRate'>>): Promise<Load> {
  const servedBy: Record<string, number> = {};
  const cache: Record<string, number> = {};
  const count = (into: Record<string, number>, value: string | string[] | undefined) => {
    if (typeof value === 'string') into[value] = (into[value] ?? 0) + 1;
  };
  const cpuBefore = clusterCpuMs();
  const result: Result = await autocannon({
    url: base,
    connections: opts.connections ?? CONNECTIONS,
    duration: opts.duration,
    overallRate: opts.overallRate,
    headers: BROWSER,
    requests: steps.map((step) => ({
      ...step,
      headers: { ...BROWSER, ...step.headers },
      onResponse: (_status, _body, _context, headers) => {
        const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
        count(servedBy, lower['x-served-by']);
        count(cache, lower['x-cache-status']);
      },
    })),
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors,
    non2xx: result.non2xx,
    timeouts: result.timeouts,
    servedBy,
    cache,
    cpuMs: Number(((clusterCpuMs() - cpuBefore) / Math.max(1, result.requests.total)).toFixed(3)),
  };
}

type PageLoad = WrkLoad & {
  /** The cluster's CPU time per request in ms (clusterCpuMs). */
  cpuMs: number;
  /** What the proxy's cache said of one more request after the run (X-Cache-Status), if anything. */
  cache: string | null;
};

/** wrk on `base` for one page: what one web server or the proxy can answer. */
async function pageLoad(base: string, step: Step, seconds: number): Promise<PageLoad> {
  const url = new URL(step.path ?? '/', base).toString();
  const headers = { ...BROWSER, ...step.headers };
  const cpuBefore = clusterCpuMs();
  const result = await wrkLoad(url, { seconds, connections: CONNECTIONS, headers });
  const cpuMs = Number(((clusterCpuMs() - cpuBefore) / Math.max(1, result.requests)).toFixed(3));
  const after = await fetch(url, { headers });
  await after.arrayBuffer();
  return { ...result, cpuMs, cache: after.headers.get('x-cache-status') };
}

/** Resident memory of a process in KB (VmRSS, and its peak VmHWM), from /proc; null once it is gone. */
function memoryOf(pid: number): { rssKb: number; peakKb: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rssKb: kb('VmRSS'), peakKb: kb('VmHWM') };
  } catch {
    return null;
  }
}

/** The pids whose parent is `pid` (nginx's workers, PostgreSQL's backends). */
function childrenOf(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return Number(fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** PostgreSQL's postmaster: the first line of its postmaster.pid. */
const postmasterPid = () => Number(fs.readFileSync(path.join(CLUSTER_DATA, 'cluster', 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);

/** The CPU time so far of every process of the cluster, nginx's workers and PostgreSQL's backends
 *  with them, in ms. */
function clusterCpuMs(): number {
  const roots = [...PROCESSES.map(pidOf), postmasterPid()];
  return roots.flatMap((pid) => [pid, ...childrenOf(pid)]).reduce((sum, pid) => sum + (processCpuMs(pid) ?? 0), 0);
}

interface Sample {
  pid: number;
  rssKb: number | null;
  /** With its children: nginx's workers, PostgreSQL's backends (their shared buffers counted in each). */
  withChildrenKb: number | null;
}

function sampleMemory(): Record<string, Sample> {
  const pids: [string, number][] = [...PROCESSES.map((name): [string, number] => [name, pidOf(name)]), ['postgres', postmasterPid()]];
  return Object.fromEntries(
    pids.map(([name, pid]) => {
      const own = memoryOf(pid)?.rssKb ?? null;
      const children = childrenOf(pid).map((child) => memoryOf(child)?.rssKb ?? 0);
      return [name, { pid, rssKb: own, withChildrenKb: own === null ? null : own + children.reduce((a, b) => a + b, 0) }];
    }),
  );
}

export interface ClusterFigures {
  date: string;
  machine: { cpus: number; node: string };
  load: { connections: number; durationSeconds: number; acceptEncoding: string };
  eventId: number;
  /** Per page: through the proxy, to web-1 directly, and the ratio of their requests/s. */
  anonymous: Record<string, { proxy: PageLoad; oneWebServer: PageLoad; proxyToOne: number; proxyCpuToOne: number }>;
  /** `steady`: three runs of 500 requests/s, one every 2 ms; `healthz`: the same for /healthz;
   *  `bursts`: autocannon's overallRate (20 at a time). */
  events: { query: string; rate: number; steady: SteadyLoad[]; healthz: SteadyLoad; bursts: Load };
  signedIn: Record<string, Load>;
  soak: {
    seconds: number;
    rate: number;
    load: Load;
    memory: Record<string, { start: Sample; end: Sample; growthKb: number | null }>;
  };
  targets: Record<string, string>;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const ratio = (a: number, b: number) => Number((a / b).toFixed(2));
const fmt = (l: Pick<Load, 'rps' | 'p50' | 'p99' | 'cpuMs'>) => `${l.rps} req/s (p50 ${l.p50} ms, p99 ${l.p99} ms, ${l.cpuMs} ms CPU/req)`;
const faults = (l: Pick<Load, 'errors' | 'non2xx' | 'timeouts'>) =>
  l.errors || l.non2xx || l.timeouts ? `; ${l.errors} errors, ${l.non2xx} non-2xx, ${l.timeouts} timeouts` : '; 0 errors';
const split = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
const mb = (kb: number | null) => (kb === null ? '—' : `${(kb / 1024).toFixed(1)} MB`);

function rows(f: ClusterFigures): [string, string, string][] {
  const out: [string, string, string][] = [];
  for (const [url, p] of Object.entries(f.anonymous)) {
    out.push(
      [
        `${url} anonymous, through the proxy`,
        `${fmt(p.proxy)} = ${p.proxyToOne}× one web server, ${p.proxyCpuToOne}× its CPU/req; cache ${p.proxy.cache ?? '—'}${faults({ ...p.proxy, timeouts: 0 })}`,
        '≥ 1.5× one',
      ],
      [`${url} anonymous, web-1 directly`, `${fmt(p.oneWebServer)}${faults({ ...p.oneWebServer, timeouts: 0 })}`, ''],
    );
  }
  const { steady, healthz, bursts } = f.events;
  const p99s = steady.map((r) => r.p99);
  out.push(
    [
      `channel API GET /events at a steady ${f.events.rate}/s (PostgreSQL), ${steady.length} runs`,
      `${steady.map((r) => r.rps).join(', ')} of ${f.events.rate} req/s, p50 ${median(steady.map((r) => r.p50))} ms, p99 median ${median(p99s)} ms (${Math.min(...p99s)}–${Math.max(...p99s)}), max ${Math.max(...steady.map((r) => r.max))} ms${faults({ errors: sum(steady.map((r) => r.errors)), non2xx: sum(steady.map((r) => r.non2xx)), timeouts: 0 })}`,
      'p99 ≤ 20 ms, 0 errors',
    ],
    [
      `channel API /healthz at a steady ${healthz.rate}/s (the floor)`,
      `p50 ${healthz.p50} ms, p99 ${healthz.p99} ms, max ${healthz.max} ms${faults({ ...healthz, timeouts: 0 })}`,
      '',
    ],
    [
      `channel API GET /events, ${f.events.rate}/s in bursts of ${CONNECTIONS} (autocannon)`,
      `${bursts.rps} of ${f.events.rate} req/s, p50 ${bursts.p50} ms, p99 ${bursts.p99} ms, ${bursts.cpuMs} ms CPU/req${faults(bursts)}`,
      '',
    ],
  );
  for (const [url, l] of Object.entries(f.signedIn)) out.push([`${url} signed-in, through the proxy`, `${fmt(l)}${faults(l)}; ${split(l.servedBy)}`, '']);
  out.push([
    `soak: ${f.soak.rate} req/s mixed for ${f.soak.seconds} s`,
    `${f.soak.load.requests} requests, p99 ${f.soak.load.p99} ms${faults(f.soak.load)}`,
    '0 errors',
  ]);
  for (const [name, m] of Object.entries(f.soak.memory)) {
    const children =
      name === 'nginx' || name === 'postgres'
        ? ` (with ${name === 'nginx' ? 'workers' : 'backends'} ${mb(m.start.withChildrenKb)} → ${mb(m.end.withChildrenKb)})`
        : '';
    out.push([
      `soak memory: ${name}`,
      `${mb(m.start.rssKb)} → ${mb(m.end.rssKb)} (${m.growthKb === null ? '—' : `${m.growthKb >= 0 ? '+' : ''}${mb(m.growthKb)}`})${children}`,
      '',
    ]);
  }
  return out;
}

/** Runs the cluster bench; the exit code. */
export async function clusterBench({ seconds, soakSeconds }: { seconds: number; soakSeconds: number }): Promise<number> {
  // Every request of the bench comes from one address: the per-address page limit is not measured here.
  process.env.RATE_LIMIT_PER_MINUTE ??= '1000000';
  process.env.SENTRY_DSN = '';
  if (!(await hasWrk())) {
    console.error('The cluster bench needs wrk: `apt-get install wrk` (npm test installs it).');
    return 1;
  }
  console.log(`Starting the cluster (npm run start:cluster) on ${PROXY_URL}, data in ${CLUSTER_DATA} …`);
  const running = await startCluster();
  const stopping = () => running.stop();
  process.once('SIGINT', () => void stopping().then(() => process.exit(130)));
  try {
    const site = clusterSite();
    const web1 = addressOf('web-1');
    const { id: eventId } = await finishedEvent('free', site);
    const watch = `/watch/${eventId}`;

    console.log('Anonymous pages: through the proxy against web-1 directly …');
    const anonymous: ClusterFigures['anonymous'] = {};
    const variants: [string, Step][] = [
      ['/', { path: '/' }],
      ['/upcoming', { path: '/upcoming' }],
      [watch, { path: watch }],
      [`${watch} (a visitor in the US)`, { path: watch, headers: PUBLIC_VISITOR }],
    ];
    for (const [label, step] of variants) {
      // Warm-up: the proxy's cache and each web server's microcache, the JIT.
      for (const base of [PROXY_URL, web1]) await pageLoad(base, step, Math.min(2, seconds));
      const proxy = await pageLoad(PROXY_URL, step, seconds);
      const oneWebServer = await pageLoad(web1, step, seconds);
      anonymous[label] = { proxy, oneWebServer, proxyToOne: ratio(proxy.rps, oneWebServer.rps), proxyCpuToOne: ratio(proxy.cpuMs, oneWebServer.cpuMs) };
      console.log(`  ${label}: proxy ${fmt(proxy)}, web-1 ${fmt(oneWebServer)}`);
    }

    console.log(`The channel API: GET /events at ${EVENTS_RATE}/s …`);
    const apiKey = await newApiKey(site);
    const query = `/events?stream_status=upcoming&sort_field=event_utc_ts&sort_direction=asc&offset=0&limit=12&api_key=${apiKey}`;
    await load(addressOf('api'), [{ path: query }], { connections: 4, duration: Math.min(2, seconds) });
    const events = {
      query: query.replace(apiKey, '<visitor key>'),
      rate: EVENTS_RATE,
      steady: [] as SteadyLoad[],
      healthz: await steadyLoad(`${addressOf('api')}/healthz`, { rate: EVENTS_RATE, seconds: Math.max(seconds, 10) }),
      bursts: await load(addressOf('api'), [{ path: query }], { duration: seconds, overallRate: EVENTS_RATE }),
    };

    for (let run = 0; run < 3; run++) {
      events.steady.push(await steadyLoad(`${addressOf('api')}${query}`, { rate: EVENTS_RATE, seconds: Math.max(seconds, 10), headers: BROWSER }));
    }
    console.log('Signed-in pages through the proxy …');
    const fan = await createVerifiedUser({}, site);
    const { name, value } = await sessionCookieFor(fan, site);
    const signedInHeaders = { cookie: `${name}=${value}` };
    const signedIn: ClusterFigures['signedIn'] = {};
    for (const url of ['/profile', watch]) {
      await load(PROXY_URL, [{ path: url, headers: signedInHeaders }], { connections: 4, duration: Math.min(2, seconds) });
      signedIn[url] = await load(PROXY_URL, [{ path: url, headers: signedInHeaders }], { duration: seconds });
    }

    console.log(`Soak: ${SOAK_RATE} req/s of anonymous and signed-in pages for ${soakSeconds} s …`);
    // A watch page as a visitor with a known region asks it (the proxy keeps it): one of unknown
    // region is private and waits on the proxy's cache lock (measured in 1.), which is no soak.
    const mix: Step[] = [
      { path: '/' },
      { path: '/upcoming' },
      { path: watch, headers: PUBLIC_VISITOR },
      { path: '/profile', headers: signedInHeaders },
      { path: watch, headers: signedInHeaders },
    ];
    const start = sampleMemory();
    const soakLoad = await load(PROXY_URL, mix, { connections: 10, duration: soakSeconds, overallRate: SOAK_RATE });
    const end = sampleMemory();
    const memory = Object.fromEntries(
      Object.keys(start).map((key) => {
        const [a, b] = [start[key], end[key]];
        // A process started again in between (a crash) has another pid: its growth means nothing.
        const growthKb = a.pid === b.pid && a.rssKb !== null && b.rssKb !== null ? b.rssKb - a.rssKb : null;
        return [key, { start: a, end: b, growthKb }];
      }),
    );

    const figures: ClusterFigures = {
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, node: process.version },
      load: { connections: CONNECTIONS, durationSeconds: seconds, acceptEncoding: BROWSER['accept-encoding'] },
      eventId,
      anonymous,
      events,
      signedIn,
      soak: { seconds: soakSeconds, rate: SOAK_RATE, load: soakLoad, memory },
      targets: { anonymousProxyToOne: '>= 1.5', eventsP99Ms: '<= 20 at 500/s, 0 errors' },
    };
    const file = path.join(import.meta.dirname, 'results.json');
    const previous = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
    fs.writeFileSync(file, JSON.stringify({ ...previous, cluster: figures }, null, 2) + '\n');

    const table = rows(figures);
    const w = Math.max(...table.map((r) => r[0].length));
    const v = Math.max(...table.map((r) => r[1].length));
    console.log(`\n${'measure'.padEnd(w)}  ${'value'.padEnd(v)}  target`);
    for (const [a, b, c] of table) console.log(`${a.padEnd(w)}  ${b.padEnd(v)}  ${c}`);
    console.log('\nWritten to the `cluster` key of tests/bench/results.json');
    return 0;
  } catch (error) {
    console.error(`bench cluster: ${(error as Error).stack ?? error}\n(the cluster's logs: ${CLUSTER_DATA}/cluster/*.log)`);
    return 1;
  } finally {
    console.log('Stopping the cluster …');
    await stopping();
  }
}

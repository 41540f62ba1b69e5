/* The cluster the cluster tests run against: `npm run start:cluster` (scripts/cluster.ts, ADR 059)
   as an operator starts it — PostgreSQL, two web servers, the channel API, two workers, nginx in
   front — on its own data dir and ports, and what a test does to its processes: kill one as a
   crash would, freeze one, stop and start PostgreSQL. The launcher starts a killed process again,
   as an orchestrator does. */
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { E2E_SESSION_SECRET } from '../../e2e/support/accounts.ts';
import type { Site } from '../../e2e/support/site.ts';
import { linkSharedMedia } from '../../support/media-cache.ts';

const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
export const PROXY_PORT = 3500 + offset;
const PG_PORT = 3550 + offset;
/** What fans use: the proxy. */
export const PROXY_URL = `http://127.0.0.1:${PROXY_PORT}`;
/** The cluster's DATA_DIR: media, clips, the outbox, and cluster/ (pids, logs, PostgreSQL);
 *  CLUSTER_DATA_DIR moves it (`npm run bench -- cluster` runs one beside the tests'). */
export const CLUSTER_DATA = path.resolve(process.env.CLUSTER_DATA_DIR ?? '.cache/cluster-data');
const clusterDir = path.join(CLUSTER_DATA, 'cluster');

export type ProcessName = 'web-1' | 'web-2' | 'api' | 'worker-1' | 'worker-2' | 'nginx';
export const WEB_SERVERS = ['web-1', 'web-2'] as const;

/** Every process's address, as the launcher printed them (written by startCluster). */
const ADDRESSES_FILE = path.join(CLUSTER_DATA, 'addresses.json');

export function addressOf(name: Exclude<ProcessName, 'nginx'>): string {
  const addresses = JSON.parse(fs.readFileSync(ADDRESSES_FILE, 'utf8')) as Record<string, string>;
  return `http://${addresses[name]}`;
}

/** The cluster as the e2e helpers that make fans and buy know a site: the proxy, the channel API
 *  behind it, the shared outbox. */
export function clusterSite(): Site {
  return { url: PROXY_URL, channelApiUrl: addressOf('api'), outbox: path.join(CLUSTER_DATA, 'outbox') };
}

/** The channel API's PostgreSQL, for what a test reads from the data itself. */
export const CLUSTER_DATABASE_URL = `postgres://postgres@127.0.0.1:${PG_PORT}/fieldhouse`;

export function pidOf(name: ProcessName): number {
  return Number(fs.readFileSync(path.join(clusterDir, `${name}.pid`), 'utf8').trim());
}

/** Kills a process as a crash would (SIGKILL), and its children with it; its old pid. */
export function crash(name: ProcessName): number {
  const pid = pidOf(name);
  process.kill(-pid, 'SIGKILL');
  return pid;
}

/** Freezes (SIGSTOP) or thaws (SIGCONT) a process: it keeps its connections and answers nothing. */
export function freeze(name: ProcessName, frozen: boolean): void {
  process.kill(pidOf(name), frozen ? 'SIGSTOP' : 'SIGCONT');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function answers(url: string): Promise<boolean> {
  return fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
    (res) => res.ok,
    () => false,
  );
}

/** Waits until the launcher has started `name` again after `oldPid` died, and it answers. */
export async function startedAgain(name: Exclude<ProcessName, 'nginx'>, oldPid: number, timeoutMs = 60_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pid = fs.existsSync(path.join(clusterDir, `${name}.pid`)) ? pidOf(name) : oldPid;
    if (pid !== oldPid && (await answers(`${addressOf(name)}/healthz`))) return pid;
    if (Date.now() > deadline) throw new Error(`${name} was not started again within ${timeoutMs / 1000} s (see ${clusterDir}/${name}.log)`);
    await sleep(200);
  }
}

/** `npm run cluster:pg -- stop|start`, as the README tells an operator. */
export async function clusterPostgres(action: 'stop' | 'start'): Promise<void> {
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/cluster-pg.ts', action], { env: { ...process.env, DATA_DIR: CLUSTER_DATA } });
}

/** The web servers with a request to the channel API waiting unread in the (frozen) API's socket:
 *  those holding a request in flight (a fan's, or a batch of analytics). From the kernel's sockets
 *  (ss, iproute2). */
export function webServersWaitingOn(apiPort: number): Set<ProcessName> {
  const sockets = (filter: string) =>
    execFileSync('ss', ['-tnpH', 'state', 'established', filter])
      .toString()
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => line.trim().split(/\s+/));
  const waiting = new Set<ProcessName>();
  for (const [recvQ, , , peer] of sockets(`( sport = :${apiPort} )`)) {
    if (Number(recvQ) === 0) continue;
    const peerPort = peer.slice(peer.lastIndexOf(':') + 1);
    for (const columns of sockets(`( sport = :${peerPort} )`)) {
      const pid = Number(/pid=(\d+)/.exec(columns.join(' '))?.[1]);
      const name = WEB_SERVERS.find((web) => pidOf(web) === pid);
      if (name) waiting.add(name);
    }
  }
  return waiting;
}

/** Starts the cluster on a fresh data dir (the machine's demo media linked in, as the e2e run's
 *  channel API has it) and resolves once the launcher says it runs; stop() stops it as Ctrl-C does. */
export async function startCluster(): Promise<{ stop(): Promise<void> }> {
  if (fs.existsSync(path.join(clusterDir, 'launcher.pid'))) {
    // A run that died left its cluster: stop it first (its PostgreSQL holds the port).
    const old = Number(fs.readFileSync(path.join(clusterDir, 'launcher.pid'), 'utf8'));
    try {
      process.kill(old, 'SIGTERM');
      while (fs.existsSync(`/proc/${old}`)) await sleep(200);
    } catch {
      // Gone already.
    }
  }
  fs.rmSync(CLUSTER_DATA, { recursive: true, force: true });
  fs.mkdirSync(clusterDir, { recursive: true });
  await linkSharedMedia(CLUSTER_DATA);
  // The session secret the e2e helpers sign fans in with (signIn writes the real, encrypted cookie).
  fs.writeFileSync(path.join(clusterDir, 'session-secret'), E2E_SESSION_SECRET);

  const log = fs.openSync(path.join(CLUSTER_DATA, 'launcher.log'), 'a');
  const launcher: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/cluster.ts'], {
    env: { ...process.env, PORT: String(PROXY_PORT), CLUSTER_PG_PORT: String(PG_PORT), DATA_DIR: CLUSTER_DATA, SENTRY_DSN: '' },
    stdio: ['ignore', 'pipe', log],
  });
  fs.writeFileSync(path.join(clusterDir, 'launcher.pid'), String(launcher.pid));
  const exited = new Promise<void>((resolve) => launcher.once('exit', () => resolve()));
  const addresses: Record<string, string> = {};
  const running = new Promise<void>((resolve, reject) => {
    let text = '';
    launcher.stdout!.on('data', (chunk: Buffer) => {
      fs.writeSync(log, chunk);
      text += chunk.toString();
      for (const [, name, address] of text.matchAll(/^\s+(api|worker-\d|web-\d)\s+(127\.0\.0\.1:\d+)/gm)) addresses[name] = address;
      if (text.includes('Fieldhouse cluster is running at') && addresses['web-2']) resolve();
    });
    void exited.then(() => reject(new Error(`the cluster did not start: see ${CLUSTER_DATA}/launcher.log and ${clusterDir}/*.log`)));
  });
  await running;
  fs.writeFileSync(ADDRESSES_FILE, JSON.stringify(addresses));
  return {
    async stop() {
      launcher.kill('SIGTERM');
      await exited;
      fs.closeSync(log);
      fs.rmSync(path.join(clusterDir, 'launcher.pid'), { force: true });
    },
  };
}

import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { nginxConfig } from './cluster/nginx-config.ts';
import { databaseUrlOf, initPostgres, PORT_FILE, startPostgres, stopPostgres, type ClusterPostgres } from './cluster/postgres.ts';
import { clusterProcesses, publicUrlOf, WEB_SERVERS, type ClusterProcess } from './cluster/processes.ts';

/* `npm run start:cluster` (issue 37, ADR 059): the production layout as plain processes on this
 * machine — PostgreSQL, the one-shot prepare step, the channel API (WORK_JOBS=false), two queue
 * workers, two web servers and nginx in front on PORT — with what an orchestrator does: each
 * process that exits on its own is started again after a second (`restart: unless-stopped`), and
 * SIGINT/SIGTERM stops them all gracefully. Pids and logs: data/cluster/<name>.pid, <name>.log. */

const root = process.cwd();
// DATA_DIR moves it (the cluster tests run one on their own data dir).
const dataDir = path.resolve(process.env.DATA_DIR ?? 'data');
const clusterDir = path.join(dataDir, 'cluster');
const NGINX = '/usr/sbin/nginx';
const GEOIP2_MODULE = '/usr/lib/nginx/modules/ngx_http_geoip2_module.so';
const RESTART_DELAY_MS = 1_000;
/** How long a stop waits for a process (its requests, then its jobs) before it is killed. */
const STOP_WAIT_MS = (Number(process.env.SHUTDOWN_TIMEOUT_SECONDS ?? 10) + Number(process.env.JOB_STOP_TIMEOUT_SECONDS ?? 30) + 5) * 1000;

const proxyPort = Number(process.env.PORT ?? 3000);
const pg: ClusterPostgres = { dir: clusterDir, port: Number(process.env.CLUSTER_PG_PORT ?? 5433) };

if (!fs.existsSync('build/index.js')) fail('No build: run `npm ci && npm run build` first.');
if (!fs.existsSync(NGINX)) fail(`${NGINX} not found (apt-get install nginx libnginx-mod-http-geoip2).`);
fs.mkdirSync(clusterDir, { recursive: true });

/** A free loopback port, chosen once: a process started again gets the same one. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

/** The session secret every web server shares, made on the first start and kept. */
function sessionSecret(): string {
  const file = path.join(clusterDir, 'session-secret');
  if (!fs.existsSync(file)) fs.writeFileSync(file, crypto.randomBytes(32).toString('base64url'), { mode: 0o600 });
  return fs.readFileSync(file, 'utf8').trim();
}

function fail(message: string): never {
  console.error(`cluster: ${message}`);
  process.exit(1);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForHealth(name: string, url: string, child: () => ChildProcess | null, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`${name} did not answer ${url} with 200 (last: ${status || 'no answer'}); see data/cluster/${name}.log`);
    if (child() === null && stopping) throw new Error('stopping');
    await sleep(250);
  }
}

// ------------------------------------------------------------------ supervising the processes
interface Supervised {
  spec: ClusterProcess;
  child: ChildProcess | null;
  /** Resolves when the current child has exited. */
  exited: Promise<void>;
  /** How it is asked to stop (SIGQUIT: nginx's graceful stop). */
  stopSignal: NodeJS.Signals;
}
const supervised: Supervised[] = [];
let stopping = false;

function start(entry: Supervised): void {
  const { spec } = entry;
  const log = fs.openSync(path.join(clusterDir, `${spec.name}.log`), 'a');
  fs.writeSync(log, `\n--- ${new Date().toISOString()} cluster: starting ${spec.name}\n`);
  // A process group of its own: a Ctrl-C in the terminal reaches the launcher only, which stops
  // each in turn; a killed process's leftovers (nginx's workers, a worker's ffmpeg) go with it.
  const child = spawn(spec.command, spec.args, { cwd: root, env: { ...process.env, ...spec.env }, stdio: ['ignore', log, log], detached: true });
  fs.closeSync(log);
  entry.child = child;
  fs.writeFileSync(path.join(clusterDir, `${spec.name}.pid`), `${child.pid}\n`);
  entry.exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      entry.child = null;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // The group is empty.
      }
      resolve();
      if (stopping) return;
      console.log(`cluster: ${spec.name} exited (${signal ?? `code ${code}`}); starting it again in ${RESTART_DELAY_MS / 1000} s`);
      setTimeout(() => {
        if (!stopping) start(entry);
      }, RESTART_DELAY_MS);
    });
  });
}

function supervise(spec: ClusterProcess, stopSignal: NodeJS.Signals = 'SIGTERM'): Supervised {
  const entry: Supervised = { spec, child: null, exited: Promise.resolve(), stopSignal };
  supervised.push(entry);
  start(entry);
  return entry;
}

async function stop(entry: Supervised): Promise<void> {
  const child = entry.child;
  if (!child) return;
  child.kill(entry.stopSignal);
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_WAIT_MS);
  await entry.exited;
  clearTimeout(timer);
  fs.rmSync(path.join(clusterDir, `${entry.spec.name}.pid`), { force: true });
}

/** Stops in the order requests flow: the proxy, the web servers, the channel API, the workers
 *  (their running jobs finish), then PostgreSQL. */
async function stopAll(signal: string, exitCode = 0): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`cluster: ${signal}: stopping`);
  const byName = (names: readonly string[]) => supervised.filter((entry) => names.includes(entry.spec.name));
  await Promise.all(byName(['nginx']).map(stop));
  await Promise.all(byName(WEB_SERVERS).map(stop));
  await Promise.all(byName(['api']).map(stop));
  await Promise.all(supervised.map(stop));
  try {
    stopPostgres(pg);
  } catch (error) {
    console.error(`cluster: PostgreSQL did not stop: ${(error as Error).message}`);
  }
  console.log('cluster: stopped');
  process.exit(exitCode);
}
process.on('SIGINT', () => void stopAll('SIGINT'));
process.on('SIGTERM', () => void stopAll('SIGTERM'));

// ------------------------------------------------------------------ the start
try {
  initPostgres(pg);
  await startPostgres(pg);
  fs.writeFileSync(path.join(clusterDir, PORT_FILE), String(pg.port));
  console.log(`cluster: PostgreSQL on 127.0.0.1:${pg.port} (data/cluster/pg)`);

  const setup = {
    root,
    dataDir,
    clusterDir,
    databaseUrl: databaseUrlOf(pg),
    sessionSecret: sessionSecret(),
    proxyPort,
    ports: { api: await freePort(), 'worker-1': await freePort(), 'worker-2': await freePort(), 'web-1': await freePort(), 'web-2': await freePort() },
    node: process.execPath,
  };
  const processes = clusterProcesses(setup);

  // The one-shot prepare step: migrations, the demo channel, the job queue, the demo media.
  console.log('cluster: npm run prepare:channel (log: data/cluster/prepare.log)');
  const prepareLog = fs.openSync(path.join(clusterDir, 'prepare.log'), 'a');
  const prepare = spawn(process.execPath, ['--import', 'tsx', 'channel-api/prepare.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: setup.databaseUrl, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', prepareLog],
  });
  prepare.stdout?.on('data', (chunk: Buffer) => {
    fs.writeSync(prepareLog, chunk);
    process.stdout.write(chunk);
  });
  const prepared = await new Promise<number | null>((resolve) => prepare.once('exit', resolve));
  fs.closeSync(prepareLog);
  if (prepared !== 0) throw new Error('prepare:channel failed: see data/cluster/prepare.log');

  const [api, ...rest] = processes.map((spec) => supervise(spec));
  await waitForHealth('api', api.spec.healthUrl, () => api.child);
  await Promise.all(rest.map((entry) => waitForHealth(entry.spec.name, entry.spec.healthUrl, () => entry.child)));

  // The proxy, its configuration written from the same function as deploy/nginx.conf.
  const geoip = fs.existsSync(GEOIP2_MODULE)
    ? { module: GEOIP2_MODULE, database: path.resolve('node_modules/@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb') }
    : null;
  if (!geoip) console.log(`cluster: ${GEOIP2_MODULE} is absent (apt-get install libnginx-mod-http-geoip2): the region header goes empty`);
  const conf = path.join(clusterDir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    nginxConfig({
      listen: `127.0.0.1:${proxyPort}`,
      webServers: WEB_SERVERS.map((name) => `127.0.0.1:${setup.ports[name]}`),
      prefix: clusterDir,
      logs: clusterDir,
      regionHeader: process.env.REGION_HEADER || 'CF-IPCountry',
      geoip,
      trustForwardedFrom: ['127.0.0.1', '::1'],
      workerProcesses: 1,
    }),
  );
  // nginx's workers run as nobody when the launcher is root: they must reach the cache directory.
  fs.chmodSync(clusterDir, 0o755);
  const nginx = supervise(
    {
      name: 'nginx',
      command: NGINX,
      args: ['-p', clusterDir, '-c', conf, '-e', path.join(clusterDir, 'nginx-error.log'), '-g', 'daemon off;'],
      env: {},
      port: proxyPort,
      healthUrl: `http://127.0.0.1:${proxyPort}/healthz`,
    },
    'SIGQUIT',
  );
  await waitForHealth('nginx', nginx.spec.healthUrl, () => nginx.child);

  console.log(`Fieldhouse cluster is running at ${publicUrlOf(setup)}`);
  for (const { spec } of supervised)
    console.log(`  ${spec.name.padEnd(9)} 127.0.0.1:${spec.port}  pid file data/cluster/${spec.name}.pid, log data/cluster/${spec.name}.log`);
  console.log(`  postgres  127.0.0.1:${pg.port}  data/cluster/pg (npm run cluster:pg -- stop|start)`);
} catch (error) {
  if (!stopping) {
    console.error(`cluster: ${(error as Error).message}`);
    await stopAll('a failed start', 1);
  }
}

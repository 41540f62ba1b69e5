/* The cluster's process table (ADR 059), in one place: who runs, with which command, port and
 * environment. Pure: scripts/cluster.ts gives it the ports and the paths and runs what it says.
 * Compose (compose.yaml) runs the same processes with the same variables. */

export interface ClusterSetup {
  /** The clone's root: every command runs there. */
  root: string;
  /** The clone's data/: media, clips and the mail outbox shared by every process. */
  dataDir: string;
  /** data/cluster: pid files, logs, the proxy's configuration and cache. */
  clusterDir: string;
  databaseUrl: string;
  sessionSecret: string;
  /** The proxy's port (PORT): the address fans use. */
  proxyPort: number;
  /** A free loopback port for each process with a name below. */
  ports: Record<'api' | 'worker-1' | 'worker-2' | 'web-1' | 'web-2', number>;
  /** The node binary (process.execPath). */
  node: string;
}

export interface ClusterProcess {
  name: string;
  command: string;
  args: string[];
  env: Record<string, string>;
  port: number;
  /** What answers 200 when the process is ready. */
  healthUrl: string;
}

export const WEB_SERVERS = ['web-1', 'web-2'] as const;
export const WORKERS = ['worker-1', 'worker-2'] as const;

export const publicUrlOf = (setup: Pick<ClusterSetup, 'proxyPort'>) => `http://localhost:${setup.proxyPort}`;
const loopback = (port: number) => `http://127.0.0.1:${port}`;

/** The channel API, the workers and the web servers, in the order they start. */
export function clusterProcesses(setup: ClusterSetup): ClusterProcess[] {
  const tsx = ['--import', 'tsx'];
  const shared = { DATABASE_URL: setup.databaseUrl, DATA_DIR: setup.dataDir, PUBLIC_URL: publicUrlOf(setup) };
  const api: ClusterProcess = {
    name: 'api',
    command: setup.node,
    args: [...tsx, 'channel-api/main.ts'],
    env: { ...shared, INSTANCE_NAME: 'api', CHANNEL_API_HOST: '127.0.0.1', CHANNEL_API_PORT: String(setup.ports.api), WORK_JOBS: 'false' },
    port: setup.ports.api,
    healthUrl: `${loopback(setup.ports.api)}/healthz`,
  };
  const workers = WORKERS.map((name): ClusterProcess => ({
    name,
    command: setup.node,
    args: [...tsx, 'channel-api/worker.ts'],
    env: { ...shared, INSTANCE_NAME: name, CHANNEL_API_HOST: '127.0.0.1', WORKER_PORT: String(setup.ports[name]) },
    port: setup.ports[name],
    healthUrl: `${loopback(setup.ports[name])}/healthz`,
  }));
  // As `npm start` runs the web server (package.json).
  const web = WEB_SERVERS.map((name): ClusterProcess => ({
    name,
    command: setup.node,
    args: ['--max-semi-space-size=64', ...tsx, '--import', './instrument.server.mjs', 'server.ts'],
    env: {
      ...shared,
      NODE_ENV: 'production',
      INSTANCE_NAME: name,
      HOST: '127.0.0.1',
      PORT: String(setup.ports[name]),
      CHANNEL_API_URL: loopback(setup.ports.api),
      SESSION_SECRET: setup.sessionSecret,
      TRUST_PROXY: 'loopback',
    },
    port: setup.ports[name],
    healthUrl: `${loopback(setup.ports[name])}/healthz`,
  }));
  return [api, ...workers, ...web];
}

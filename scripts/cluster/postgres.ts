import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/* The cluster's PostgreSQL (ADR 059): Debian's binaries, as scripts/with-postgres.sh finds them,
 * a data directory kept under data/cluster/pg (initdb on the first start), loopback only, trust
 * authentication. PostgreSQL refuses to run as root: as root it runs as the `postgres` user. */

export const DATABASE = 'fieldhouse';

export interface ClusterPostgres {
  /** data/cluster: the port file and the log live here; the data directory is `pg/`. */
  dir: string;
  port: number;
}

const dataDirOf = (pg: ClusterPostgres) => path.join(pg.dir, 'pg');
const socketDirOf = (pg: ClusterPostgres) => path.join(pg.dir, 'pg-socket');
const logOf = (pg: ClusterPostgres) => path.join(pg.dir, 'postgres.log');
export const databaseUrlOf = (pg: ClusterPostgres) => `postgres://postgres@127.0.0.1:${pg.port}/${DATABASE}`;

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb'))) : [];
  const latest = versions.sort((a, b) => Number(a) - Number(b)).at(-1);
  if (!latest) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql (apt-get install postgresql-15).');
  return path.join(root, latest, 'bin');
}

const isRoot = () => process.getuid?.() === 0;

/** The command line that runs a PostgreSQL binary as the user the cluster belongs to. */
function asPostgres(bin: string, args: string[]): [string, string[]] {
  const file = path.join(binDir(), bin);
  return isRoot() ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
}

function run(bin: string, args: string[]): string {
  const [file, argv] = asPostgres(bin, args);
  return execFileSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Makes the data directory on the first start (owned by `postgres` when run as root). */
export function initPostgres(pg: ClusterPostgres): void {
  fs.mkdirSync(pg.dir, { recursive: true });
  for (const dir of [dataDirOf(pg), socketDirOf(pg)]) fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (!fs.existsSync(logOf(pg))) fs.writeFileSync(logOf(pg), '');
  if (isRoot()) {
    try {
      execFileSync('id', ['postgres'], { stdio: 'ignore' });
    } catch {
      execFileSync('useradd', ['--system', '--home-dir', '/var/lib/postgresql', '--shell', '/bin/bash', 'postgres']);
    }
    // The user must reach data/cluster from the clone: every directory above it must be traversable.
    fs.chmodSync(pg.dir, 0o755);
    execFileSync('chown', ['-R', 'postgres', dataDirOf(pg), socketDirOf(pg), logOf(pg)]);
  }
  if (fs.existsSync(path.join(dataDirOf(pg), 'PG_VERSION'))) return;
  console.log(`cluster: initdb ${dataDirOf(pg)}`);
  run('initdb', ['-D', dataDirOf(pg), '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-locale']);
}

export function postgresRunning(pg: ClusterPostgres): boolean {
  try {
    run('pg_ctl', ['-D', dataDirOf(pg), 'status']);
    return true;
  } catch {
    return false;
  }
}

/** Starts the server (in a session of its own: a Ctrl-C in the terminal is the launcher's to
 *  handle, not PostgreSQL's) and makes the database when it is missing. */
export async function startPostgres(pg: ClusterPostgres): Promise<void> {
  if (!postgresRunning(pg)) {
    const [file, argv] = asPostgres('pg_ctl', [
      '-D',
      dataDirOf(pg),
      '-l',
      logOf(pg),
      '-w',
      '-t',
      '60',
      '-o',
      `-p ${pg.port} -k ${socketDirOf(pg)} -c listen_addresses=127.0.0.1`,
      'start',
    ]);
    const child = spawn(file, argv, { detached: true, stdio: 'ignore' });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`PostgreSQL did not start (see ${logOf(pg)}):\n${fs.readFileSync(logOf(pg), 'utf8').split('\n').slice(-10).join('\n')}`);
  }
  const exists = run('psql', [
    '-h',
    '127.0.0.1',
    '-p',
    String(pg.port),
    '-U',
    'postgres',
    '-d',
    'postgres',
    '-tAc',
    `select 1 from pg_database where datname = '${DATABASE}'`,
  ]);
  if (exists.trim() !== '1') run('psql', ['-h', '127.0.0.1', '-p', String(pg.port), '-U', 'postgres', '-d', 'postgres', '-qc', `create database ${DATABASE}`]);
}

/** Stops the server in fast mode (open sessions are ended, nothing is lost). */
export function stopPostgres(pg: ClusterPostgres): void {
  if (postgresRunning(pg)) run('pg_ctl', ['-D', dataDirOf(pg), '-m', 'fast', '-w', 'stop']);
}

/** The port the running cluster chose (written by scripts/cluster.ts), for `npm run cluster:pg`. */
export const PORT_FILE = 'pg-port';

/* e2e only: runs the reference channel API (`channel-api/main.ts`) as a child process and lets a
   test stop and start it, to see the 'Whoops!' screen and the recovery for real.
   Control (loopback only): POST /stop, POST /start, GET /status on CONTROL_PORT, and
   POST /create-user?email=… which runs the operator command (`channel-api/create-user.ts`)
   while the API is stopped (PGlite takes one process) and answers the temporary password, and
   POST /import?file=… which runs `npm run import:channel` on a description the same way.
   One child at a time: PGlite's data dir takes one process. The data dir is emptied when the
   supervisor starts, so every e2e run begins on a freshly seeded demo channel; its demo media is
   the machine's shared copy (tests/support/media-cache.ts), made by ffmpeg only the first time. */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { linkSharedMedia } from '../../support/media-cache.ts';

const apiPort = Number(process.env.CHANNEL_API_PORT ?? 4300);
const controlPort = Number(process.env.CONTROL_PORT ?? 4301);
const dataDir = path.resolve(process.env.DATA_DIR ?? '.cache/e2e-data');

fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
await linkSharedMedia(dataDir);

let child: ChildProcess | null = null;

async function isUp(): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${apiPort}/channels/demo.json`, { signal: AbortSignal.timeout(2_000) });
    return res.ok;
  } catch {
    return false;
  }
}

async function start(): Promise<void> {
  if (child) return;
  const proc = spawn(process.execPath, ['--import', 'tsx', 'channel-api/main.ts'], {
    env: { ...process.env, CHANNEL_API_PORT: String(apiPort), CHANNEL_API_HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: 'inherit',
  });
  child = proc;
  proc.on('exit', (code, signal) => {
    if (child === proc) child = null;
    console.log(`[supervisor] channel API exited (${signal ?? code})`);
  });
  // First start prepares the demo media with ffmpeg: allow a few minutes.
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child !== proc) throw new Error('channel API exited while starting');
    if (await isUp()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('channel API did not start in time');
}

async function stop(): Promise<void> {
  const proc = child;
  if (!proc) return;
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  proc.kill('SIGTERM');
  const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** The operator command, run for real; its output names the temporary password once. */
async function createUser(email: string): Promise<{ email: string; password: string }> {
  await stop();
  try {
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        ['--import', 'tsx', 'channel-api/create-user.ts', '--email', email, '--first-name', 'Casey', '--last-name', 'Temp'],
        { env: { ...process.env, DATA_DIR: dataDir } },
        (error, out, err) => (error ? reject(new Error(`create-user failed: ${err || error.message}`)) : resolve(out)),
      ),
    );
    const password = /Temporary password[^:]*:\s*(\S+)/.exec(stdout)?.[1];
    if (!password) throw new Error(`create-user printed no password: ${stdout}`);
    return { email, password };
  } finally {
    await start();
  }
}

/** The operator's import (`npm run import:channel -- file`), run for real while the API is stopped:
 *  the e2e channel gets what a description declares (its pre-rolls, ADR 050). */
async function importChannel(file: string): Promise<{ imported: string; output: string }> {
  await stop();
  try {
    const output = await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        ['--import', 'tsx', 'channel-api/import-channel.ts', file],
        { env: { ...process.env, DATA_DIR: dataDir } },
        (error, out, err) => (error ? reject(new Error(`import failed: ${err || error.message}`)) : resolve(out)),
      ),
    );
    // What the command printed: the operators' temporary passwords among it.
    return { imported: file, output };
  } finally {
    await start();
  }
}

// Control operations run one at a time.
let queue: Promise<unknown> = Promise.resolve();
const serial = <T>(op: () => Promise<T>): Promise<T> => {
  const run = queue.then(op, op);
  queue = run.catch(() => undefined);
  return run;
};

const control = http.createServer((req, res) => {
  const reply = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const url = new URL(req.url ?? '/', 'http://control');
  if (req.method === 'POST' && url.pathname === '/create-user') {
    const email = url.searchParams.get('email') ?? '';
    serial(() => createUser(email)).then(
      (user) => reply(200, user),
      (error: Error) => reply(500, { message: error.message }),
    );
    return;
  }
  if (req.method === 'POST' && url.pathname === '/import') {
    const file = url.searchParams.get('file') ?? '';
    serial(() => importChannel(file)).then(
      (done) => reply(200, done),
      (error: Error) => reply(500, { message: error.message }),
    );
    return;
  }
  const action = req.method === 'POST' && req.url === '/stop' ? stop : req.method === 'POST' && req.url === '/start' ? start : null;
  if (req.method === 'GET' && req.url === '/status') return reply(200, { running: Boolean(child) });
  if (!action) return reply(404, { message: 'POST /stop, POST /start, POST /create-user?email=, POST /import?file= or GET /status' });
  serial(action).then(
    () => reply(200, { running: Boolean(child) }),
    (error: Error) => reply(500, { message: error.message }),
  );
});

let shuttingDown = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (shuttingDown) return;
    shuttingDown = true;
    control.close();
    void stop().finally(() => process.exit(0));
  });
}

control.on('error', (error) => {
  console.error(`[supervisor] control port ${controlPort}: ${error.message}`);
  void stop().finally(() => process.exit(1));
});
control.listen(controlPort, '127.0.0.1', () => console.log(`[supervisor] control on http://127.0.0.1:${controlPort}`));
await start();
console.log(`[supervisor] channel API on http://127.0.0.1:${apiPort}`);

/* A second Fieldhouse site for the specs that need channel settings the demo leaves off (the
   Google tag, the cookie notice: ADR 051) or a monitoring DSN: its own web server with the
   embedded channel API on a fresh data dir, the demo channel imported with `npm run
   import:channel` and those settings changed. The shared e2e site keeps the demo's settings. It is
   a Site (site.ts) for the helpers that make fans and buy, and shares the e2e web server's session
   secret, so `signIn` works on it too. */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { E2E_SESSION_SECRET } from './accounts.ts';
import type { Site } from './site.ts';
import { freePort } from '../../support/free-port.ts';
import { linkSharedMedia } from '../../support/media-cache.ts';
import { SERVER_NODE_ARGS } from '../../support/server-command.ts';

export interface SecondSite extends Site {
  dataDir: string;
  /** What the import printed: the temporary password of each operator the description names. */
  importOutput: string;
  sessionSecret: string;
  close(): Promise<void>;
}

/** `settings` are merged into the demo description's; `describe` may change any other part of it
    (custom forms, slides, blackouts…) before it is imported. */
export async function startSecondSite(opts: {
  settings?: Record<string, unknown>;
  describe?: (description: Record<string, unknown>) => void;
  env?: Record<string, string>;
}): Promise<SecondSite> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldhouse-second-site-'));
  await linkSharedMedia(dataDir);
  const description = JSON.parse(fs.readFileSync('channel-api/seed/demo-channel.example.json', 'utf8')) as { settings: Record<string, unknown> };
  description.settings = { ...description.settings, ...opts.settings };
  opts.describe?.(description);
  const file = path.join(dataDir, 'channel.json');
  fs.writeFileSync(file, JSON.stringify(description));
  const base: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete base.CHANNEL_API_URL;
  delete base.DATABASE_URL;
  const { stdout: importOutput } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'channel-api/import-channel.ts', file], { env: base });

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const sessionSecret = E2E_SESSION_SECRET;
  const child: ChildProcess = spawn(process.execPath, SERVER_NODE_ARGS, {
    env: {
      ...base,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      SESSION_SECRET: sessionSecret,
      CONTENT_TTL_SECONDS: '2',
      BOOTSTRAP_TTL_SECONDS: '2',
      SENTRY_DSN: '',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let channelApiUrl = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    channelApiUrl ||= /Channel API \(embedded\) at (\S+)/.exec(chunk.toString())?.[1] ?? '';
  });
  const close = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the second site exited with ${child.exitCode}`);
    if (Date.now() > deadline) {
      await close();
      throw new Error('the second site did not start in time');
    }
    const up = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up && channelApiUrl) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, channelApiUrl, outbox: path.join(dataDir, 'outbox'), dataDir, importOutput, sessionSecret, close };
}

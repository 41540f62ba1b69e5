import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { measurePair, pairText, type PairFigures } from './page-pair.ts';
import { linkSharedMedia } from '../support/media-cache.ts';
import { SERVER_NODE_ARGS } from '../support/server-command.ts';

/* The French figure of `npm run bench` (issue 36, ADR 055), called by run.ts: a page rendered in
   French against the same page in English, on one web server whose channel has multilanguage on
   (the demo description imported with it, as an operator would). `/upcoming?…` and `/watch/{id}?…`
   with a new query each request, so every one is rendered (no microcache); the language by the
   form's cookie. English and French in turn (page-pair.ts): the figure is the CPU per page. */

const root = path.resolve(import.meta.dirname, '../..');

export interface FrenchFigures {
  /** Per page: A is English, B French. */
  pages: ({ path: string } & PairFigures)[];
}

export async function frenchBench(opts: { seconds: number; port: number }): Promise<FrenchFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldhouse-bench-french-'));
  await linkSharedMedia(dataDir);
  const description = JSON.parse(fs.readFileSync(path.join(root, 'channel-api/seed/demo-channel.example.json'), 'utf8')) as {
    settings: Record<string, unknown>;
  };
  description.settings.multilanguage = true;
  const file = path.join(dataDir, 'channel.json');
  fs.writeFileSync(file, JSON.stringify(description));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.CHANNEL_API_URL;
  delete env.DATABASE_URL;
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'channel-api/import-channel.ts', file], { cwd: root, env });
  const base = `http://127.0.0.1:${opts.port}`;
  const proc = spawn(process.execPath, SERVER_NODE_ARGS, {
    cwd: root,
    env: { ...env, NODE_ENV: 'production', PORT: String(opts.port), HOST: '127.0.0.1', SENTRY_DSN: '', RATE_LIMIT_PER_MINUTE: '1000000' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (proc.exitCode === null) {
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + 120_000;
    while (
      !(await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (proc.exitCode !== null || Date.now() > deadline) throw new Error('the French bench server did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
    const home = await (await fetch(`${base}/`, { headers: { cookie: '__lang=fr' } })).text();
    if (!home.includes('<html lang="fr"')) throw new Error('the French bench server did not write French');
    const watchId = /href="\/watch\/(\d+)"/.exec(home)?.[1] ?? '1';
    const pages: FrenchFigures['pages'] = [];
    for (const pagePath of ['/upcoming', `/watch/${watchId}`]) {
      const side = (lang: 'en' | 'fr') => ({ url: `${base}${pagePath}`, pid: proc.pid, headers: { cookie: `__lang=${lang}` } });
      pages.push({ path: pagePath, ...(await measurePair(side('en'), side('fr'), { seconds: opts.seconds, fresh: true })) });
    }
    return { pages };
  } finally {
    await stop();
  }
}

export function frenchRows(f: FrenchFigures): [string, string, string][] {
  return f.pages.map((p) => [`${p.path.replace(/\d+$/, '{id}')} rendered in French / English (multilanguage on)`, pairText(p), '≥ 0.95']);
}

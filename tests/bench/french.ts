import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { linkSharedMedia } from '../support/media-cache.ts';
import { SERVER_NODE_ARGS } from '../support/server-command.ts';

/* The French figure of `npm run bench` (issue 36, ADR 055), called by run.ts: a page rendered in
   French against the same page in English, on one web server whose channel has multilanguage on
   (the demo description imported with it, as an operator would). `/upcoming?…` and `/watch/{id}?…`
   with a new query each request, so every one is rendered (no microcache); the language by the
   form's cookie. The best of two turns each, alternating. */

const CONNECTIONS = 20;
const root = path.resolve(import.meta.dirname, '../..');

export interface FrenchFigures {
  pages: { path: string; enRps: number; frRps: number; ratio: number; enMs: number; frMs: number }[];
}

async function rps(url: string, lang: 'en' | 'fr', seconds: number): Promise<{ rps: number; ms: number }> {
  let n = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { 'accept-encoding': 'gzip, deflate, br', cookie: `__lang=${lang}` },
    requests: [{ setupRequest: (req) => ({ ...req, path: `${new URL(url).pathname}?bench=${n++}` }) }],
  });
  if (result.non2xx || result.errors) console.warn(`  ${url} (${lang}): ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, ms: result.latency.average };
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
      let [en, fr] = [
        { rps: 0, ms: 0 },
        { rps: 0, ms: 0 },
      ];
      for (let turn = 0; turn < 2; turn++) {
        const e = await rps(`${base}${pagePath}`, 'en', opts.seconds);
        const f = await rps(`${base}${pagePath}`, 'fr', opts.seconds);
        if (e.rps > en.rps) en = e;
        if (f.rps > fr.rps) fr = f;
      }
      pages.push({
        path: pagePath,
        enRps: Math.round(en.rps),
        frRps: Math.round(fr.rps),
        ratio: Number((fr.rps / en.rps).toFixed(3)),
        enMs: en.ms,
        frMs: fr.ms,
      });
    }
    return { pages };
  } finally {
    await stop();
  }
}

export function frenchRows(f: FrenchFigures): [string, string, string][] {
  return f.pages.map((p) => [
    `${p.path.replace(/\d+$/, '{id}')} rendered in French / English (multilanguage on)`,
    `${p.ratio} (${p.frRps} / ${p.enRps} req/s; ${p.frMs.toFixed(1)} / ${p.enMs.toFixed(1)} ms)`,
    '≥ 0.95',
  ]);
}

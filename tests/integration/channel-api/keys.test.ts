import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NO_KEY_MESSAGE } from '#contract';
import { openDatabase } from '../../../channel-api/db/client.ts';
import { apiForThisFile } from '../support/channel-api.ts';
import { forThisFile } from '../support/fixture.ts';
import { copySeededPglite } from '../support/pglite-template.ts';

/* Api keys expire (here after 1 s); a PGlite data dir is never opened by two processes. */

const { http } = apiForThisFile({ apiKeyTtlSeconds: 1 });

describe('api keys', () => {
  it('issues a key for the channel key, which works until it expires, then a fresh one works', async () => {
    const config = await http.request('GET', '/channels/demo.json');
    expect(config.json.name).toBe('Lakeshore Athletic Conference');
    const issued = await http.request('POST', '/get_api_key', { body: { channel_key: config.json.channel_key } });
    expect(issued.status).toBe(200);
    const { api_key, expires_at } = issued.json.data;
    expect(new Date(expires_at).getTime() - Date.now()).toBeLessThanOrEqual(1000);

    expect((await http.request('GET', '/geo', { query: { api_key } })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1300));
    const expired = await http.request('GET', '/geo', { query: { api_key } });
    expect(expired.status).toBe(403);
    expect(expired.json).toEqual({ code: 'no_key', message: NO_KEY_MESSAGE, errors: { api_key: [NO_KEY_MESSAGE] } });

    const fresh = await http.apiKey();
    expect(fresh).not.toBe(api_key);
    expect((await http.request('GET', '/geo', { query: { api_key: fresh } })).status).toBe(200);
  });

  it('answers a wrong channel key with 403 and errors.channel_key', async () => {
    const res = await http.request('POST', '/get_api_key', { body: { channel_key: 'not-the-key' } });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ code: 'no_key', message: NO_KEY_MESSAGE, errors: { channel_key: [NO_KEY_MESSAGE] } });
  });
});

// Each test opens PGlite (a WebAssembly PostgreSQL) up to three times: seconds on a quiet machine,
// over 30 on a loaded one. A copy of the run's seeded database spares the first opening's initdb.
describe('PGlite data dir lock', { timeout: 120_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldhouse-lock-'));
  forThisFile(async () => {
    await copySeededPglite(dataDir);
    return { close: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  });

  it('refuses a second opening of the same data dir with a clear message, and frees it on close', async () => {
    const first = await openDatabase({ dataDir });
    const lockFile = path.join(dataDir, 'pglite.lock');
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    await expect(openDatabase({ dataDir })).rejects.toThrow(`is in use by pid ${process.pid}`);
    await first.close();
    expect(fs.existsSync(lockFile)).toBe(false);
    const again = await openDatabase({ dataDir });
    await again.close();
  });

  it('takes over a stale lock whose process is gone', async () => {
    const lockFile = path.join(dataDir, 'pglite.lock');
    fs.writeFileSync(lockFile, '999999999'); // no such pid
    const db = await openDatabase({ dataDir });
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    await db.close();
  });
});

import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { exampleJson, examplePath } from '../../../channel-api/seed/export-demo.ts';
import { startApi, testData } from '../support/channel-api.ts';
import { forThisFile } from '../support/fixture.ts';

/* The operator command replaces the channel with a JSON description, through the seed's own loader. */

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
/** A data dir with the demo media and no database yet (on PostgreSQL, an empty one): the first start seeds the demo. */
const data = forThisFile(() => testData({ media: true }));

/** Writes the description to file, imports it, and returns the command's failure (undefined if it succeeded). */
function failedImport(file: string, description: unknown): Promise<{ code: number; stderr: string } | undefined> {
  fs.writeFileSync(file, JSON.stringify(description));
  return importChannel(file).then(
    () => undefined,
    (error: { code: number; stderr: string }) => error,
  );
}

function importChannel(file: string) {
  const env = { ...process.env, DATA_DIR: data.dataDir, DATABASE_URL: data.databaseUrl ?? '' };
  return run(process.execPath, ['--import', 'tsx', 'channel-api/import-channel.ts', file], { cwd: root, env });
}
async function channelName(): Promise<{ name: string; events: number }> {
  const { server: api, http } = await startApi({ data });
  try {
    const key = await http.apiKey();
    const events = await http.request('GET', '/events', { query: { api_key: key } });
    return { name: (await http.request('GET', '/channels/demo.json')).json.name, events: events.json.meta.total };
  } finally {
    await api.close();
  }
}

// Each test starts processes (the import command, the channel API on a fresh PGlite): on a busy
// 2-core machine one has taken over 30 s.
describe('npm run import:channel', { timeout: 90_000 }, () => {
  it('keeps the committed example in sync with the demo seed', () => {
    expect(fs.readFileSync(examplePath, 'utf8')).toBe(exampleJson());
  });

  it('replaces the demo channel with the described one', async () => {
    expect((await channelName()).name).toBe('Lakeshore Athletic Conference'); // first start seeds the demo
    const description = JSON.parse(exampleJson());
    description.name = 'Imported Test League';
    description.events = description.events.slice(0, 5);
    const file = path.join(data.dataDir, 'channel.json');
    fs.writeFileSync(file, JSON.stringify(description));
    const { stdout } = await importChannel(file);
    expect(stdout).toContain('imported');
    expect(await channelName()).toEqual({ name: 'Imported Test League', events: 5 });
  });

  it('refuses an invalid description, says why, and leaves the channel as it was', async () => {
    const file = path.join(data.dataDir, 'broken.json');
    const description = JSON.parse(exampleJson());
    description.color_settings.primary = 'red';
    description.events[0].participants = ['no-such-team'];
    const failed = await failedImport(file, description);
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain('color_settings.primary: colour must be #rrggbb');
    expect((await channelName()).name).toBe('Imported Test League');
  });

  it('rolls back when the description refers to something it does not define', async () => {
    const file = path.join(data.dataDir, 'dangling.json');
    const description = JSON.parse(exampleJson());
    description.name = 'Never Imported';
    description.events[0].participants = ['no-such-team'];
    const failed = await failedImport(file, description);
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain("unknown participant 'no-such-team'");
    expect((await channelName()).name).toBe('Imported Test League');
  });
  it('makes the operators it names, each with a temporary password printed once, who read the report', async () => {
    const description = JSON.parse(exampleJson());
    description.operators = ['Ops@Example.test'];
    description.settings['yare-analytics'] = 'lakeshore-main';
    const file = path.join(data.dataDir, 'operators.json');
    fs.writeFileSync(file, JSON.stringify(description));
    const { stdout } = await importChannel(file);
    const password = /operator ops@example\.test: temporary password \(shown only now\) (\S+)/.exec(stdout)?.[1];
    expect(password, stdout).toMatch(/^[A-Za-z0-9]{16}$/);
    const { server: api, http } = await startApi({ data });
    try {
      const login = await http.request('POST', '/v2/auth/login', { body: { email: 'ops@example.test', password, api_key: await http.apiKey() } });
      expect(login.status, login.text).toBe(200);
      expect(login.json.data.user).toMatchObject({ role: 'operator', temporary_password: true, email_verified: true });
      const report = await http.request('GET', '/operator/report', { query: { from: '2026-01-01', to: '2026-01-07', api_key: login.json.data.api_key } });
      expect(report.status, report.text).toBe(200);
      // The analytics stream the description names heads the report.
      expect(report.json.data.stream).toBe('lakeshore-main');
    } finally {
      await api.close();
    }
    // The next import without it: the account goes with the channel it replaced.
    const without = path.join(data.dataDir, 'without-operators.json');
    fs.writeFileSync(without, exampleJson());
    await importChannel(without);
    const { server: after, http: afterHttp } = await startApi({ data });
    try {
      const login = await afterHttp.request('POST', '/v2/auth/login', { body: { email: 'ops@example.test', password, api_key: await afterHttp.apiKey() } });
      expect(login.status).not.toBe(200);
    } finally {
      await after.close();
    }
  });
});

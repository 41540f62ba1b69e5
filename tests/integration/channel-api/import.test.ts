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
});

import { spawn, type ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { connectionRefused, uploadInTwoParts } from '../../support/slow-upload.ts';
import { onPostgres, testData } from '../support/channel-api.ts';
import { forThisFile } from '../support/fixture.ts';

/* A graceful stop of the real process (`npm run start:channel-api`, channel-api/main.ts; ADR 058):
   on SIGTERM it stops accepting, lets the request in flight finish, stops its job queue (running
   jobs finish: job-queue.test.ts), closes the database and exits 0. The request in flight is an
   upload still arriving when the signal comes. */

const INSTANCE = 'channel-api-stop-test';

/** Starts channel-api/main.ts on the data; resolves with its address once it listens. */
async function startProcess(data: { dataDir: string; databaseUrl?: string }) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'channel-api/main.ts'], {
    env: {
      ...process.env,
      CHANNEL_API_PORT: '0',
      CHANNEL_API_HOST: '127.0.0.1',
      DATA_DIR: data.dataDir,
      DATABASE_URL: data.databaseUrl ?? '',
      INSTANCE_NAME: INSTANCE,
      SHUTDOWN_TIMEOUT_SECONDS: '30',
      SENTRY_DSN: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /channel-api: listening on (http:\/\/\S+)/.exec(output);
      if (found) resolve(found[1]);
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    void exited.then((code) => reject(new Error(`channel-api exited with ${code} before listening:\n${output}`)));
  });
  return { child, url, exited, output: () => output };
}

describe(`the channel API process on SIGTERM (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  const data = forThisFile(() => testData({ seeded: true, media: true }));

  it('finishes the request in flight, refuses new connections, and exits 0', async () => {
    const api = await startProcess(data);
    try {
      const config = (await (await fetch(`${api.url}/channels/demo.json`)).json()) as { channel_key: string };
      const upload = await uploadInTwoParts(api.url, '/get_api_key', JSON.stringify({ channel_key: config.channel_key }));
      // The server has the request's head and half its body: in flight.
      await new Promise((resolve) => setTimeout(resolve, 300));
      api.child.kill('SIGTERM');
      await expect.poll(() => connectionRefused(api.url), { timeout: 10_000 }).toBe(true);
      expect(api.child.exitCode).toBeNull();

      const { status, answer } = await upload.finish();
      expect(status).toBe(200);
      expect(answer).toContain(`X-Served-By: ${INSTANCE}`);
      expect(answer).toMatch(/"api_key":"[^"]+"/);
      expect(await api.exited).toBe(0);
    } finally {
      if (api.child.exitCode === null) api.child.kill('SIGKILL');
    }
  }, 240_000);
});

/* The web server as an operator runs it behind a load balancer (ADR 058), on a process of its own
   (the build, started as `npm start` does, against the e2e channel API): every answer names the
   instance in X-Served-By, a shared page stays shared (the header is in no Vary) and comes from
   the microcache with the name too; /healthz answers 503 with a reason while its PostgreSQL
   (DATABASE_URL) does not answer, and the rate limits keep counting in memory meanwhile; on
   SIGTERM it stops accepting, finishes the request in flight and exits 0. Over HTTP only: no page
   is rendered in a browser. */
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../support/free-port.ts';
import { SERVER_NODE_ARGS } from '../../support/server-command.ts';
import { connectionRefused, uploadInTwoParts } from '../../support/slow-upload.ts';
import { expect, test } from '../support/fixtures.ts';
import { CHANNEL_API_URL } from '../support/urls.ts';

async function startWebServer(instance: string) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, SERVER_NODE_ARGS, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      CHANNEL_API_URL,
      PUBLIC_URL: url,
      SESSION_SECRET: 'web-operations-secret',
      SENTRY_DSN: '',
      ANALYTICS: 'off',
      INSTANCE_NAME: instance,
      // A PostgreSQL that is not there: nothing listens on this port.
      DATABASE_URL: `postgres://fieldhouse@127.0.0.1:${await freePort()}/fieldhouse`,
      SHUTDOWN_TIMEOUT_SECONDS: '30',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 60_000;
  while (!/Fieldhouse is running/.test(output)) {
    if (child.exitCode !== null) throw new Error(`the web server exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the web server did not start in time:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, child, exited, output: () => output };
}

test('a web server names itself, reports its database, and stops gracefully', async ({ request }, testInfo) => {
  const instance = `web-ops-${testInfo.project.name}`;
  const web = await startWebServer(instance);
  try {
    // A shared page: public, the name on it, not in Vary; the second answer from the microcache.
    const first = await request.get(`${web.url}/`);
    expect(first.status()).toBe(200);
    expect(first.headers()['x-served-by']).toBe(instance);
    expect(first.headers()['cache-control']).toMatch(/^public/);
    expect(first.headers()['vary']).not.toMatch(/served-by/i);
    await expect
      .poll(async () => {
        const again = await request.get(`${web.url}/`);
        return [again.headers()['x-microcache'], again.headers()['x-served-by']];
      })
      .toEqual(['hit', instance]);

    // The database does not answer: 503 and why, never cached.
    const health = await request.get(`${web.url}/healthz`);
    expect(health.status()).toBe(503);
    expect(health.headers()['cache-control']).toBe('no-store');
    expect(health.headers()['x-served-by']).toBe(instance);
    expect(await health.json()).toMatchObject({ ok: false, reason: 'the database did not answer (ECONNREFUSED)' });

    // Meanwhile pages and forms still answer (the rate limits count in memory).
    expect((await request.get(`${web.url}/login`)).status()).toBe(200);

    // A form post in flight (half its body sent) when SIGTERM comes: it is answered in full.
    const upload = await uploadInTwoParts(web.url, '/login', 'email=someone%40example.test&password=not-this-one', {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: web.url,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    web.child.kill('SIGTERM');
    await expect.poll(() => connectionRefused(web.url), { timeout: 10_000 }).toBe(true);
    expect(web.child.exitCode).toBeNull();
    const { status, answer } = await upload.finish();
    expect(status).toBeGreaterThanOrEqual(200);
    expect(status).toBeLessThan(500);
    expect(answer).toContain(`X-Served-By: ${instance}`);
    expect(await web.exited).toBe(0);
    expect(web.output()).toContain('SIGTERM: shutting down');
  } finally {
    if (web.child.exitCode === null) web.child.kill('SIGKILL');
  }
});

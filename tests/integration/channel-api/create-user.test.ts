import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { SERVER_MSG } from '#contract';
import { linkSharedMedia } from '../../support/media-cache.ts';
import { startApi, testData } from '../support/channel-api.ts';
import { forThisFile } from '../support/fixture.ts';

/* `npm run user:create`: the operator command, run as a process against a data dir (or a
 * PostgreSQL database), then the channel API started on that data to sign in with the password. */

const run = promisify(execFile);
/** An empty data dir (and, on PostgreSQL, an empty database): the command makes the first user. */
const data = forThisFile(() => testData());

async function createUser(...args: string[]) {
  const env = { ...process.env, DATA_DIR: data.dataDir, DATABASE_URL: data.databaseUrl ?? '' };
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'channel-api/create-user.ts', ...args], { env, cwd: process.cwd() });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('user:create', () => {
  it('creates a verified user with a temporary password printed once, and refuses the address again', async () => {
    const created = await createUser('--email', 'Coach@Example.test', '--first-name', 'Pat', '--last-name', 'Kim');
    expect(created.code, created.stderr).toBe(0);
    const password = /Temporary password \(shown only now\): (\S+)/.exec(created.stdout)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);

    const again = await createUser('--email', 'coach@example.test');
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('A user with the email address coach@example.test already exists');
    expect(again.stdout).not.toContain('Temporary password');

    expect((await createUser('--email', 'not an address')).code).toBe(2);
    // An operator; an existing fan made one, and a role that is none.
    const operator = await createUser('--email', 'ops@example.test', '--role', 'operator');
    expect(operator.code, operator.stderr).toBe(0);
    expect(operator.stdout).toContain('Created operator ops@example.test');
    const promoted = await createUser('--email', 'coach@example.test', '--role', 'operator');
    expect(promoted.code, promoted.stderr).toBe(0);
    expect(promoted.stdout).toContain('coach@example.test');
    expect(promoted.stdout).toContain('is now an operator');
    expect(promoted.stdout).not.toContain('Temporary password');
    const bogus = await createUser('--email', 'boss@example.test', '--role', 'admin');
    expect(bogus.code).toBe(2);
    expect(bogus.stderr).toContain('--role is fan or operator');
    expect((await createUser()).code).toBe(2);

    // The channel API on the same data: the password signs in and is marked temporary.
    await linkSharedMedia(data.dataDir);
    const { server, http } = await startApi({ data });
    try {
      const res = await http.request('POST', '/v2/auth/login', { body: { email: 'coach@example.test', password, api_key: await http.apiKey() } });
      expect(res.status, res.text).toBe(200);
      expect(res.json.data.user).toMatchObject({ first_name: 'Pat', last_name: 'Kim', temporary_password: true, email_verified: true, role: 'operator' });
      const wrong = await http.request('POST', '/v2/auth/login', {
        body: { email: 'coach@example.test', password: 'guess guess', api_key: await http.apiKey() },
      });
      expect(wrong.json.message).toBe(SERVER_MSG.wrongAuth);
    } finally {
      await server.close();
    }
  }, 120_000);
});

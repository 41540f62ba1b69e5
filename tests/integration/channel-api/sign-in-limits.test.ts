import { describe, expect, it } from 'vitest';
import { SERVER_MSG } from '#contract';
import { signInFailures } from '../../../channel-api/db/schema.ts';
import { tokenFrom, waitForMail } from '../../support/outbox.ts';
import { PASSWORD, uniqueEmail } from '../../support/registration.ts';
import { apiForThisFile, onPostgres } from '../support/channel-api.ts';

/* POST /v2/auth/login is limited per account, whatever addresses the guesses come from, and per
 * address (services/sign-in-limits.ts, ADR 028). The fan's address arrives as X-Forwarded-For from
 * our web server on loopback, as these requests send it. Small limits, so the test stays short. */

const LIMITS = { windowSeconds: 60, accountFailures: 3, addressFailures: 5 };
const { server, http, acc } = apiForThisFile({ signInLimits: LIMITS });

let lastAddress = 0;
/** A client address no other test uses (TEST-NET-2). */
const newAddress = () => `198.51.100.${++lastAddress}`;

async function login(email: string, password: string, address?: string) {
  return http.request('POST', '/v2/auth/login', {
    body: { email, password, api_key: await http.apiKey() },
    headers: address ? { 'X-Forwarded-For': address } : {},
  });
}

/** As if the window had passed since every failure so far. */
const windowPassed = () => server.db.update(signInFailures).set({ failedAt: new Date(Date.now() - (LIMITS.windowSeconds + 1) * 1000) });

function expectThrottled(res: Awaited<ReturnType<typeof login>>) {
  expect(res.status, res.text).toBe(429);
  expect(res.json).toEqual({ code: 'throttled', message: SERVER_MSG.signInThrottled });
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(LIMITS.windowSeconds);
}

describe(`sign-in limits (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('refuses an account after its failures from many addresses, even the right password, until the window passes', async () => {
    const fan = await acc.signUp();
    const other = await acc.signUp();
    for (let i = 0; i < LIMITS.accountFailures; i++) expect((await login(fan.email, `guess ${i}`, newAddress())).status).toBe(422);
    // Another address, another guess, in any letter case: the same account.
    expectThrottled(await login(fan.email.toUpperCase(), 'one guess more', newAddress()));
    expectThrottled(await login(fan.email, PASSWORD, newAddress()));
    // Another account, from an address that tried the first: unaffected.
    expect((await login(other.email, PASSWORD, `198.51.100.${lastAddress}`)).status).toBe(200);

    await windowPassed();
    const res = await login(fan.email, PASSWORD, newAddress());
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.user.email).toBe(fan.email);
  });

  it('limits an address that does not exist the same way (no hint which addresses have accounts)', async () => {
    const nobody = uniqueEmail('nobody');
    for (let i = 0; i < LIMITS.accountFailures; i++) expect((await login(nobody, `guess ${i}`, newAddress())).status).toBe(422);
    expectThrottled(await login(nobody, 'one guess more', newAddress()));
  });

  it('does not lock the fan out where they signed in before: that address counts only its own failures', async () => {
    const fan = await acc.signUp();
    const home = newAddress();
    expect((await login(fan.email, PASSWORD, home)).status).toBe(200);
    for (let i = 0; i < LIMITS.accountFailures; i++) expect((await login(fan.email, `guess ${i}`, newAddress())).status).toBe(422);
    expectThrottled(await login(fan.email, PASSWORD, newAddress()));
    expect((await login(fan.email, PASSWORD, home)).status).toBe(200);
    // Its own guesses still stop it.
    for (let i = 0; i < LIMITS.accountFailures; i++) expect((await login(fan.email, `typo ${i}`, home)).status).toBe(422);
    expectThrottled(await login(fan.email, PASSWORD, home));
  });

  it('limits one address over many accounts; loopback (a web server that forwards no address) is not', async () => {
    const address = newAddress();
    for (let i = 0; i < LIMITS.addressFailures; i++) expect((await login(uniqueEmail('spray'), 'password1', address)).status).toBe(422);
    const fan = await acc.signUp();
    expectThrottled(await login(fan.email, PASSWORD, address));
    expect((await login(fan.email, PASSWORD, newAddress())).status).toBe(200);

    for (let i = 0; i <= LIMITS.addressFailures; i++) expect((await login(uniqueEmail('local'), 'password1')).status).toBe(422);
  });

  it('lets no more than the limit through when the guesses come all at once', async () => {
    const fan = await acc.signUp();
    const key = await http.apiKey();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        http.request('POST', '/v2/auth/login', {
          body: { email: fan.email, password: `guess ${i}`, api_key: key },
          headers: { 'X-Forwarded-For': newAddress() },
        }),
      ),
    );
    const statuses = answers.map((res) => res.status);
    expect(
      statuses.every((status) => status === 422 || status === 429),
      statuses.join(),
    ).toBe(true);
    const checked = statuses.filter((status) => status === 422).length;
    expect(checked, statuses.join()).toBeLessThanOrEqual(LIMITS.accountFailures);
    // Each guess counts every other one in flight, so a burst may be refused whole before any
    // password is checked (seen on PostgreSQL): then nothing failed and the owner still gets in.
    // Once the limit of guesses was checked, the account waits.
    const owner = await login(fan.email, PASSWORD, newAddress());
    if (checked === LIMITS.accountFailures) expectThrottled(owner);
    else expect(owner.status, statuses.join()).toBe(200);
  });

  it('a password reset from the mailed link lets the owner back in at once', async () => {
    const fan = await acc.signUp();
    for (let i = 0; i < LIMITS.accountFailures; i++) await login(fan.email, `guess ${i}`, newAddress());
    expectThrottled(await login(fan.email, PASSWORD, newAddress()));
    const after = Date.now();
    expect((await acc.post('/auth/password-reset-request', { email: fan.email, api_key: await http.apiKey() })).status).toBe(200);
    const token = tokenFrom(await waitForMail(server.outbox, { to: fan.email, subject: 'Reset', after }), '/password-reset');
    const password = 'a brand new password';
    expect((await acc.post('/auth/password-reset', { token, password, password_confirmation: password, api_key: await http.apiKey() })).status).toBe(200);
    expect((await login(fan.email, password, newAddress())).status).toBe(200);
  });
});

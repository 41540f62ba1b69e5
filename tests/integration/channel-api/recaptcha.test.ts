import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { SERVER_MSG } from '#contract';
import { registration, uniqueEmail } from '../../support/registration.ts';
import { startApi } from '../support/channel-api.ts';
import { forThisFile } from '../support/fixture.ts';

/* reCAPTCHA on register, login and password-reset-request, with a small local stand-in for
 * Google's siteverify (the real one is on the internet): it accepts one token for our secret. */

const SECRET = 'test-recaptcha-secret';
const HUMAN = 'token-of-a-human';
const seen: URLSearchParams[] = [];

/** The stand-in for Google's siteverify, on loopback: records each form it is sent. */
async function startSiteverify() {
  const siteverify = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      seen.push(form);
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify(
          form.get('secret') === SECRET && form.get('response') === HUMAN ? { success: true } : { success: false, 'error-codes': ['invalid-input-response'] },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => siteverify.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(siteverify.address() as AddressInfo).port}/recaptcha/api/siteverify`,
    close: () => new Promise((r) => siteverify.close(r)),
  };
}

const { http: httpClient, acc } = forThisFile(async () => {
  const siteverify = await startSiteverify();
  const api = await startApi({ recaptchaSecret: SECRET, recaptchaVerifyUrl: siteverify.url }).catch(async (error) => {
    await siteverify.close();
    throw error;
  });
  return {
    ...api,
    close: async () => {
      await api.close();
      await siteverify.close();
    },
  };
});

describe('reCAPTCHA', () => {
  const calls = (email: string) =>
    [
      ['/v2/auth/register', registration(email)],
      ['/v2/auth/login', { email, password: 'whatever password' }],
      ['/auth/password-reset-request', { email }],
    ] as const;

  it('a missing token → Google recaptcha token required; a rejected one → ... look like a robot', async () => {
    const email = uniqueEmail();
    for (const [path, body] of calls(email)) {
      const key = await httpClient.apiKey();
      const missing = await acc.post(path, { ...body, api_key: key });
      expect(missing.status, `${path} ${missing.text}`).toBe(400);
      expect(missing.json).toEqual({
        code: 'recaptcha_required',
        message: SERVER_MSG.recaptchaRequired,
        errors: { recaptcha_token: [SERVER_MSG.recaptchaRequired] },
      });
      const robot = await acc.post(path, { ...body, recaptcha_token: 'made-up', api_key: key });
      expect(robot.status, `${path} ${robot.text}`).toBe(400);
      expect(robot.json).toEqual({
        code: 'recaptcha_invalid',
        message: SERVER_MSG.recaptchaInvalid,
        errors: { recaptcha_token: [SERVER_MSG.recaptchaInvalid] },
      });
    }
    expect(seen.at(-1)?.get('secret')).toBe(SECRET);
    expect(seen.at(-1)?.get('response')).toBe('made-up');
  });

  it('a token siteverify accepts lets the call through', async () => {
    const email = uniqueEmail();
    const [register, login, reset] = calls(email);
    expect((await acc.post(register[0], { ...register[1], recaptcha_token: HUMAN, api_key: await httpClient.apiKey() })).status).toBe(200);
    // Past the robot check, the call answers for itself: not verified yet, and a reset link mailed.
    const signIn = await acc.post(login[0], { ...login[1], recaptcha_token: HUMAN, api_key: await httpClient.apiKey() });
    expect(signIn.json.message).toBe(SERVER_MSG.wrongAuth);
    expect((await acc.post(reset[0], { ...reset[1], recaptcha_token: HUMAN, api_key: await httpClient.apiKey() })).status).toBe(200);
  });
});

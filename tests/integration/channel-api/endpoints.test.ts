import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, errorBody, NO_KEY_MESSAGE, type Endpoint, type EndpointName } from '#contract';
import { client, onPostgres, startTestChannelApi, type TestChannelApi } from '../helpers/channel-api.ts';
import { cases, type Ids, type Req } from './cases.ts';
import { accounts, uniqueEmail } from '../helpers/accounts.ts';
import { mintIdToken, startOidcProvider, type TestOidcProvider } from '../../support/oidc-provider.ts';
import { tokenFrom, waitForMail } from '../../support/outbox.ts';

/* Every endpoint of the contract, against the real server: its happy path parses with the
 * contract's response schema, bad input gets a 4xx with a reason, and api-key endpoints refuse a
 * missing or unknown key. */

let server: TestChannelApi;
let http: ReturnType<typeof client>;
let apiKey: string;
let ids: Ids;

const oidcClient = { client_id: 'endpoints-web', client_secret: 'endpoints-client-secret', redirect_uris: ['http://127.0.0.1:3300/auth/google/callback'] };
let provider: TestOidcProvider;

beforeAll(async () => {
  provider = await startOidcProvider({ client: oidcClient });
  server = await startTestChannelApi({ social: { google: { issuer: provider.issuer, clientId: oidcClient.client_id }, facebook: null } });
  http = client(server.url);
  const acc = accounts(server, http);
  apiKey = await http.apiKey();
  const config = await http.request('GET', '/channels/demo.json');
  const withKey = { api_key: apiKey };
  const [pages, events, vod] = await Promise.all([
    http.request('GET', '/pages'),
    http.request('GET', '/events', { query: { ...withKey, stream_status: 'finished', limit: '1' } }),
    http.request('GET', '/vod-media-items', { query: { ...withKey, limit: '1' } }),
  ]);
  const mailed = async (email: string, subject: string, pathname: string, after: number) => tokenFrom(await waitForMail(server.outbox, { to: email, subject, after }), pathname);
  const fresh: Ids['fresh'] = {
    signUp: () => acc.signUp(),
    verifyToken: () => acc.register(uniqueEmail()),
    sessionCode: async () => (await acc.post('/auth/email-verify', { token: await acc.register(uniqueEmail()), api_key: apiKey })).json.data.code,
    resetToken: async (email) => {
      const after = Date.now();
      await acc.post('/auth/password-reset-request', { email, api_key: apiKey });
      return mailed(email, 'Reset', '/password-reset', after);
    },
    deleteToken: async () => {
      const fan = await acc.signUp();
      const after = Date.now();
      await acc.post('/delete-account-confirm', { api_key: fan.key });
      return mailed(fan.email, 'deletion', '/confirm-account-deletion', after);
    },
    idToken: (email) => mintIdToken({ issuer: provider.issuer, client: oidcClient, login: email }),
  };
  const user = await acc.signUp();
  ids = { channelKey: config.json.channel_key, pageId: pages.json.data[0].id, eventId: events.json.data[0].id, vodId: vod.json.data[0].id, user, fresh };
});
afterAll(async () => {
  await server?.close();
  await provider?.close();
});

function send(ep: Endpoint, req: Req, key: string | undefined) {
  const path = req.path ?? ep.path;
  if (ep.method === 'POST') {
    const body = typeof req.body === 'object' && req.body !== null && !Array.isArray(req.body) && key ? { ...req.body, api_key: key } : (req.body ?? (key ? { api_key: key } : {}));
    return http.request('POST', path, { body });
  }
  const query = Object.fromEntries(Object.entries(req.query ?? {}).filter((e): e is [string, string] => e[1] !== undefined));
  return http.request(ep.method, path, { query: { ...query, ...(key ? { api_key: key } : {}) } });
}

const entries = Object.entries(api) as [EndpointName, Endpoint][];

describe(`channel API endpoints (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('has a test case for every endpoint of the contract', () => {
    expect(Object.keys(cases).sort()).toEqual(Object.keys(api).sort());
  });

  describe.each(entries)('%s', (name, ep) => {
    const keyFor = (req: Req) => req.key ?? (ep.auth === 'apiKey' ? apiKey : undefined);

    it('answers the happy path with a body that parses with the contract', async () => {
      const happy = await cases[name].happy(ids);
      const res = await send(ep, happy, keyFor(happy));
      expect(res.status, res.text).toBe(200);
      const parsed = ep.response.safeParse(res.json);
      expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues.slice(0, 3))).toBe(true);
    });

    it('answers bad input with a 4xx and a reason', async () => {
      for (const bad of cases[name].bad(ids)) {
        const res = await send(ep, bad, keyFor(bad));
        expect(res.status, `${JSON.stringify(bad)} → ${res.text}`).toBe(bad.status);
        const body = errorBody.parse(res.json);
        expect(body.message.length).toBeGreaterThan(0);
        if (bad.field) expect(Object.keys(body.errors ?? {}), res.text).toContain(bad.field);
      }
    });

    if (ep.auth === 'apiKey') {
      it('refuses a missing or unknown api key with 403 and errors.api_key', async () => {
        for (const key of [undefined, 'not-a-real-key']) {
          const res = await send(ep, await cases[name].happy(ids), key);
          expect(res.status).toBe(403);
          expect(res.json).toEqual({ message: NO_KEY_MESSAGE, errors: { api_key: [NO_KEY_MESSAGE] } });
        }
      });
    }
  });
});

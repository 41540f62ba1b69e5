import { describe, expect, it } from 'vitest';
import { api, errorBody, NO_KEY_MESSAGE, type Endpoint, type EndpointName } from '#contract';
import { onPostgres } from '../support/channel-api.ts';
import { cases, type Ids, type Req } from '../support/endpoint-cases.ts';
import { startEndpointWorld } from '../support/endpoint-world.ts';
import { forThisFile } from '../support/fixture.ts';

/* Every endpoint of the contract, against the real server: its happy path parses with the
 * contract's response schema, bad input gets a 4xx with a reason, and api-key endpoints refuse a
 * missing or unknown key. */

let apiKey: string;
let ids: Ids;
const { http } = forThisFile(() => startEndpointWorld(), {
  arrange: async (world) => {
    ({ apiKey, ids } = world);
  },
});

function send(ep: Endpoint, req: Req, key: string | undefined) {
  const path = req.path ?? ep.path;
  if (ep.method === 'POST') {
    const body =
      typeof req.body === 'object' && req.body !== null && !Array.isArray(req.body) && key
        ? { ...req.body, api_key: key }
        : (req.body ?? (key ? { api_key: key } : {}));
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
        if (bad.code) expect(body.code, res.text).toBe(bad.code);
      }
    });

    if (ep.auth === 'apiKey') {
      it('refuses a missing or unknown api key with 403 and errors.api_key', async () => {
        for (const key of [undefined, 'not-a-real-key']) {
          const res = await send(ep, await cases[name].happy(ids), key);
          expect(res.status).toBe(403);
          expect(res.json).toEqual({ code: 'no_key', message: NO_KEY_MESSAGE, errors: { api_key: [NO_KEY_MESSAGE] } });
        }
      });
    }
  });
});

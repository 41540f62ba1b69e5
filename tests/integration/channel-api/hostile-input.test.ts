import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import express from 'express';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { errorHandler } from '../../../channel-api/http/errors.ts';
import { freePort } from '../../support/free-port.ts';
import { cleanBody } from '../../support/leaks.ts';
import { apiForThisFile } from '../support/channel-api.ts';

/* Issue 7's reproductions on the channel API: each used to answer 500. Now a 400 that names the
 * field (or a 403 for a key that cannot be a key), and nothing in the body but the reason. (The
 * generated variants of every endpoint: fuzz.test.ts.) */

let key: string;
const { server, http } = apiForThisFile({}, async ({ http }) => {
  key = await http.apiKey();
});

const get = (path: string, query: Record<string, string> = {}) => http.request('GET', path, { query: { ...query, api_key: key } });

describe('integers beyond what the database holds', () => {
  it.each([
    ['/events', { category: '2147483648' }, 'category'],
    ['/events', { participant: '9007199254740991' }, 'participant'],
    ['/events', { location: '99999999999999999999' }, 'location'],
    ['/events', { offset: '2147483648' }, 'offset'],
    ['/events', { start_date: '99999999999999999999' }, 'start_date'],
    ['/events', { end_date: '9007199254740991' }, 'end_date'],
    ['/participants', { participant_group_id: '2147483648' }, 'participant_group_id'],
    ['/vod-media-items', { category: '2147483648' }, 'category'],
    ['/vod-media/search', { offset: '1e400' }, 'offset'],
    ['/events/2147483648', {}, 'id'],
    ['/pages/9007199254740991', {}, 'id'],
    ['/vod-media-items/99999999999999999999', {}, 'id'],
  ])('%s %j: 400 naming %s', async (path, query, field) => {
    const res = await get(path, query);
    expect(res.status, res.text).toBe(400);
    expect(Object.keys(res.json.errors)).toContain(field);
  });

  it('the largest id the database holds is still an id (404: no such event)', async () => {
    expect((await get('/events/2147483647')).status).toBe(404);
  });
});

describe('NUL and control characters', () => {
  it('in a search, a title or a slug: 400 naming the field', async () => {
    for (const [path, query, field] of [
      ['/events', { search: 'a\u0000b' }, 'search'],
      ['/vod-media/search', { title: 'a\u0000b' }, 'title'],
      ['/vod-media/search', { title: 'a\u001bb' }, 'title'],
    ] as const) {
      const res = await get(path, query);
      expect(res.status, res.text).toBe(400);
      expect(res.json.errors[field]).toEqual(['must not contain control characters']);
    }
  });

  it('in an api key: no key (403), never a lookup', async () => {
    const res = await http.request('GET', '/events', { query: { api_key: 'a\u0000b' } });
    expect(res.status).toBe(403);
    expect(Object.keys(res.json.errors)).toEqual(['api_key']);
  });

  it('in a channel key or a name: 400, and no account is made', async () => {
    const keyRes = await http.request('POST', '/get_api_key', { body: { channel_key: 'a\u0000b' } });
    expect(keyRes.status).toBe(400);
    expect(Object.keys(keyRes.json.errors)).toEqual(['channel_key']);
    const email = `nul-${Date.now()}@example.test`;
    const reg = await http.request('POST', '/v2/auth/register', {
      body: { api_key: key, first_name: 'A\u0000', last_name: 'B', email, password: 'long enough pw', password_confirmation: 'long enough pw', terms: true },
    });
    expect(reg.status).toBe(400);
    expect(Object.keys(reg.json.errors)).toEqual(['first_name']);
    expect((await http.request('POST', '/auth/password-reset-request', { body: { api_key: key, email } })).status).toBe(404);
  });
});

describe('parameter names that are built-in object properties', () => {
  it.each(['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'])('?%s= is an unknown parameter (400)', async (name) => {
    const res = await get('/events', { [name]: 'x' });
    expect(res.status, res.text).toBe(400);
    expect(res.json).toEqual({
      code: 'invalid_params',
      message: `${name}: ${name} is not a known parameter`,
      errors: { [name]: [`${name} is not a known parameter`] },
    });
  });

  it('in a JSON body, __proto__ and constructor are unknown parameters too', async () => {
    const proto = await http.request('POST', '/get_api_key', { body: '{"channel_key":"x","__proto__":{"a":1}}' });
    expect(proto.status).toBe(400);
    expect(Object.keys(proto.json.errors)).toEqual(['__proto__']);
    const ctor = await http.request('POST', '/get_api_key', { body: { constructor: 1 } });
    expect(ctor.status).toBe(400);
    expect(Object.keys(ctor.json.errors).sort()).toEqual(['channel_key', 'constructor']);
  });
});

describe('query strings and bodies of the wrong shape', () => {
  it('duplicated and nested parameters: 400', async () => {
    for (const qs of ['limit=1&limit=2', 'limit[a]=1', 'category[]=1', 'a[__proto__][b]=1', 'search[toString]=x']) {
      const res = await fetch(`${server.url}/events?${qs}&api_key=${key}`);
      expect(res.status, qs).toBe(400);
    }
  });

  it('a POST body that is not a JSON object: 4xx with a reason', async () => {
    for (const [type, body] of [
      ['application/json', '[1,2]'],
      ['application/json', '"x"'],
      ['application/json', 'null'],
      ['application/json', '{"channel_key":'],
      ['application/json', ''],
      ['text/plain', '{"channel_key":"x"}'],
      ['application/x-www-form-urlencoded', 'channel_key=x'],
      ['multipart/form-data; boundary=x', '--x\r\nbroken'],
      ['application/json; charset=utf-16', '{}'],
    ]) {
      const res = await fetch(`${server.url}/get_api_key`, { method: 'POST', headers: { 'content-type': type }, body });
      expect(res.status, `${type} ${body}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${type} ${body}`).toBeLessThan(500);
      expect(((await res.json()) as { message: string }).message.length).toBeGreaterThan(0);
    }
  });
});

describe('media paths', () => {
  it('traversal, NUL and odd names under /media: 4xx, never a file outside the media area', async () => {
    for (const path of [
      '/media/images/a%00b.svg',
      '/media/images/..%2f..%2fetc%2fpasswd.svg',
      '/media/vod/game-1/..%2f..%2fchannel.json',
      '/media/vod/%2e%2e/master.m3u8',
      '/media/live/live/v/99999999999999999999.ts',
      '/media/vod/game-1/%00.m3u8',
    ]) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
  });
});

describe('the health probe', () => {
  it('answers its one shape whatever it is asked, never caches, and carries no error or path', async () => {
    for (const [method, path] of [
      ['GET', '/healthz'],
      ['GET', '/healthz?api_key=%00&__proto__[x]=1&media=1'],
      ['GET', `/healthz?${'a'.repeat(4_000)}=1`],
      ['HEAD', '/healthz'],
    ] as const) {
      const res = await fetch(`${server.url}${path}`, { method });
      expect(res.status, `${method} ${path.slice(0, 80)}`).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      if (method === 'GET') {
        const body = await res.text();
        expect(cleanBody(body)).toEqual([]);
        expect(JSON.parse(body)).toMatchObject({ ok: true, media: { ready: expect.any(Boolean) } });
      }
    }
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const res = await fetch(`${server.url}/healthz`, { method, headers: { 'content-type': 'application/json' }, body: '{"ok":false}' });
      expect(res.status, method).toBeGreaterThanOrEqual(400);
      expect(res.status, method).toBeLessThan(500);
      expect(cleanBody(await res.text())).toEqual([]);
    }
  });
});

describe('a value the database refuses anyway', () => {
  it('is a 400 with a plain reason, logged for a contract bound, and no SQL in the answer', async () => {
    const warnings: string[] = [];
    const app = express();
    app.get('/boom', (_req, _res, next) =>
      next(
        Object.assign(new Error('Failed query: select … where id = $1'), {
          cause: Object.assign(new Error('value "2147483648" is out of range for type integer'), { code: '22003' }),
        }),
      ),
    );
    app.use(
      errorHandler(
        () => undefined,
        (message) => warnings.push(message),
      ),
    );
    const listening = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => listening.once('listening', () => resolve()));
    try {
      const res = await fetch(`http://127.0.0.1:${(listening.address() as AddressInfo).port}/boom`);
      const text = await res.text();
      expect(res.status).toBe(400);
      expect(JSON.parse(text)).toEqual({ code: 'invalid_params', message: 'A parameter is out of range or holds characters that cannot be stored' });
      expect(cleanBody(text)).toEqual([]);
      expect(warnings).toEqual(['channel-api: GET /boom: the database refused a value (SQLSTATE 22003); the contract should bound it']);
    } finally {
      await new Promise((resolve) => listening.close(resolve));
    }
  });
});

describe('a database that does not answer (PostgreSQL stopped or restarting)', () => {
  it('is a 503 with Retry-After and a plain reason, never a 500', async () => {
    const warnings: string[] = [];
    const pool = new pg.Pool({ connectionString: `postgres://nobody@127.0.0.1:${await freePort()}/none` });
    const app = express();
    app.get('/follows', (_req, res, next) => void pool.query('select 1').then(() => res.json({}), next));
    app.use(
      errorHandler(
        () => warnings.push('logged as a bug'),
        (message) => warnings.push(message),
      ),
    );
    const listening = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => listening.once('listening', () => resolve()));
    try {
      const res = await fetch(`http://127.0.0.1:${(listening.address() as AddressInfo).port}/follows`);
      const text = await res.text();
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(JSON.parse(text)).toEqual({ code: 'service_unavailable', message: 'The service is not answering for a moment. Please try again.' });
      expect(cleanBody(text)).toEqual([]);
      expect(warnings).toEqual(['channel-api: GET /follows: the database did not answer; 503']);
    } finally {
      await new Promise((resolve) => listening.close(resolve));
      await pool.end();
    }
  });
});

describe('the datalake (issue 35): what a visitor or a server could send', () => {
  const post = (path: string, body: Record<string, unknown>) => http.request('POST', path, { body: { ...body, api_key: key } });
  const stored = async () =>
    (await server.db.execute(sql`select (select count(*) from analytics_events)::int + (select count(*) from video_views)::int as n`)).rows[0];

  it.each([
    ['/datalake/video/viewing/', { stream_id: 'live/live-1', seconds: 30, source: 'player', event_id: 2147483648 }, 'event_id'],
    ['/datalake/video/viewing/', { stream_id: 'live/live-1', seconds: 1e20, source: 'player' }, 'seconds'],
    ['/datalake/video/viewing/', { stream_id: 'live/live-1\u0000', seconds: 30, source: 'player' }, 'stream_id'],
    ['/datalake/video/event/', { name: 'play', stream_id: 'vod/game-1', position: 9007199254740991 }, 'position'],
    ['/datalake/event/', { name: 'page_view', path: '/watch/1\u0000' }, 'path'],
    ['/datalake/event/', { name: 'page_view', user_agent: 'Agent\u0007/1' }, 'user_agent'],
    ['/datalake/event/', { name: 'page_view', ip: ['127.0.0.1'] }, 'ip'],
    ['/datalake/event/', { name: 'preroll_click', props: { 'Not A Word': 'y' } }, 'props'],
    ['/datalake/events/', { events: [{ name: 'page_view' }, { name: 'page_view', product_id: -1 }] }, 'events.1.product_id'],
    ['/datalake/session/', { trk: '<script>' }, 'trk'],
  ])('POST %s %j: 400 naming %s, nothing stored', async (path, body, field) => {
    const before = await stored();
    const res = await post(path, body);
    expect(res.status, res.text).toBe(400);
    expect(res.json.code).toBe('invalid_params');
    expect(Object.keys(res.json.errors)).toContain(field);
    expect(cleanBody(res.text)).toEqual([]);
    expect(await stored()).toEqual(before);
  });

  it('a GET of a call with a query array or nested object is a 400; a prototype key is dropped, never a 500', async () => {
    const asked = (query: Record<string, string>) => http.request('GET', '/datalake/event/', { query: { ...query, api_key: key } });
    for (const query of [{ 'ip[]': '1.2.3.4', name: 'page_view' }, { 'name[a]': 'b' }] as Record<string, string>[])
      expect((await asked(query)).status).toBe(400);
    const proto = await asked({ 'props[__proto__][x]': 'y', name: 'page_view' });
    expect(proto.status, proto.text).toBe(200);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

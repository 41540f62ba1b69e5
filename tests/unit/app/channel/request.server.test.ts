import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api, endpoint, envelope } from '#contract';
import { ChannelError } from '~/channel/errors.server';
import { refusalOf } from '~/channel/refusal.server';
import { createChannelCore, type ChannelCoreOptions } from '~/channel/request.server';
import { NO_KEY, captureLog, memoryStore, startTestChannel, type TestChannel } from '../../support/test-channel-server';

/* Spec section 8 against a real HTTP server. */

/** A POST that sends the api key in its body. */
const postCall = endpoint({
  name: 'post',
  method: 'POST',
  path: '/favorite',
  auth: 'apiKey',
  params: z.object({ favoritable_id: z.number() }),
  response: envelope(z.object({ ok: z.boolean() })),
});

let channel: TestChannel;
beforeEach(async () => {
  channel = await startTestChannel();
});
afterEach(async () => {
  await channel.close();
});

function core(overrides: Partial<ChannelCoreOptions> = {}) {
  const store = memoryStore();
  const log = captureLog();
  const c = createChannelCore({
    baseUrl: channel.url,
    configUrl: `${channel.url}/channels/demo.json`,
    channelKeys: {},
    store,
    log,
    retryDelayMs: 50,
    ...overrides,
  });
  return { c, store: (overrides.store as ReturnType<typeof memoryStore>) ?? store, log };
}

const caught = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );

describe('api key', () => {
  it('fetches channel key then api key, and sends it as a query parameter with the client IP', async () => {
    const { c, store } = core({ clientIp: '203.0.113.7' });
    const res = await c.call(api.geo);
    expect(res.data.ip).toBe('203.0.113.7');
    expect(channel.hits.map((h) => `${h.method} ${h.path}`)).toEqual(['GET /channels/demo.json', 'POST /get_api_key', 'GET /geo']);
    expect(channel.on('/get_api_key')[0].body).toEqual({ channel_key: 'channel-key-1' });
    expect(channel.on('/geo')[0].query.get('api_key')).toBe('api-key-1');
    expect(store.state.apiKey?.key).toBe('api-key-1');
  });

  it('sends the api key as a body field on POST', async () => {
    channel.route('POST /favorite', () => ({ body: { data: { ok: true } } }));
    const { c } = core({ store: memoryStore({ key: 'stored-key' }) });
    await c.call(postCall, { favoritable_id: 5 });
    const hit = channel.on('/favorite')[0];
    expect(hit.body).toEqual({ favoritable_id: 5, api_key: 'stored-key' });
    expect(hit.query.has('api_key')).toBe(false);
  });

  it('on errors.api_key clears the key, fetches a new one and retries once after the delay (1 s by default)', async () => {
    channel.route('GET /events', (_hit, nth) => (nth === 1 ? { status: 403, body: NO_KEY } : { body: { data: [], meta: { total: 7, offset: 0, limit: 20 } } }));
    const { c, store } = core({ store: memoryStore({ key: 'old-key' }), retryDelayMs: undefined });
    const res = await c.call(api.events, {});
    expect(res.meta.total).toBe(7);
    const tries = channel.on('/events');
    expect(tries.map((h) => h.query.get('api_key'))).toEqual(['old-key', 'api-key-1']);
    expect(tries[1].at - tries[0].at).toBeGreaterThanOrEqual(950);
    expect(store.state.apiKey?.key).toBe('api-key-1');
  });

  it('retries only once: a second key error reaches the caller', async () => {
    channel.route('GET /events', () => ({ status: 403, body: NO_KEY }));
    const { c } = core();
    const error = await caught(c.call(api.events, {}));
    expect(error).toBeInstanceOf(ChannelError);
    expect((error as ChannelError).status).toBe(403);
    expect((error as ChannelError).errors.api_key).toEqual(['No chanel or api key found']);
    expect(channel.on('/events')).toHaveLength(2);
  });

  it('on errors.channel_key fetches the channel config again', async () => {
    const keys = { key: 'stale-channel-key' };
    const { c } = core({ channelKeys: keys });
    await c.call(api.geo);
    expect(channel.on('/get_api_key').map((h) => h.body?.channel_key)).toEqual(['stale-channel-key', 'channel-key-1']);
    expect(channel.on('/channels/demo.json')).toHaveLength(1);
    expect(keys.key).toBe('channel-key-1');
  });

  it('renews a stored key that has expired without spending a call on it', async () => {
    const { c } = core({ store: memoryStore({ key: 'expired', expiresAt: new Date(Date.now() - 1000).toISOString() }) });
    await c.call(api.geo);
    expect(channel.on('/geo').map((h) => h.query.get('api_key'))).toEqual(['api-key-1']);
  });

  it('shares one key fetch between parallel calls', async () => {
    const { c } = core();
    await Promise.all([c.call(api.geo), c.call(api.events, {}), c.call(api.geo)]);
    expect(channel.on('/get_api_key')).toHaveLength(1);
  });
});

describe('status codes', () => {
  it('401 clears the user snapshot and rejects with an unauthenticated ChannelError', async () => {
    channel.route('GET /geo', () => ({ status: 401, body: { message: 'Unauthenticated.' } }));
    const { c, store, log } = core();
    const error = (await caught(c.call(api.geo))) as ChannelError;
    expect(error.status).toBe(401);
    expect(error.kind).toBe('unauthenticated');
    expect(store.state.user).toBeUndefined();
    expect(log.lines.some((l) => l.includes('401'))).toBe(true);
  });

  it('401 with tolerate401 still clears the user but logs nothing', async () => {
    channel.route('GET /geo', () => ({ status: 401, body: { message: 'Unauthenticated.' } }));
    const { c, store, log } = core();
    await caught(c.call(api.geo, undefined, { tolerate401: true }));
    expect(store.state.user).toBeUndefined();
    expect(log.lines).toEqual([]);
  });

  it('429 throws a 429 Response for the throttling screen', async () => {
    channel.route('GET /geo', () => ({ status: 429, body: { message: 'Too Many Attempts.' }, headers: { 'Retry-After': '12' } }));
    const { c } = core();
    const error = await caught(c.call(api.geo));
    expect(error).toBeInstanceOf(Response);
    const res = error as Response;
    expect(res.status).toBe(429);
    expect(res.headers.get('Retry-After')).toBe('12');
    expect(await res.json()).toEqual({ screen: 'throttled', retryAfterSeconds: 12 });
  });

  it('429 to a caller that answers it in its form (sign-in limits) rejects with a ChannelError and the wait', async () => {
    channel.route('POST /v2/auth/login', () => ({
      status: 429,
      body: { message: 'Too many sign-in attempts. Please wait before you try again.' },
      headers: { 'Retry-After': '840' },
    }));
    const { c } = core();
    const error = (await caught(c.call(api.login, { email: 'fan@example.test', password: 'guess' }, { handles429: true }))) as ChannelError;
    expect(error).toBeInstanceOf(ChannelError);
    expect(error.status).toBe(429);
    expect(error.retryAfterSeconds).toBe(840);
    expect(error.message).toBe('Too many sign-in attempts. Please wait before you try again.');
  });

  it('5xx rejects with a ChannelError carrying status and message', async () => {
    channel.route('GET /geo', () => ({ status: 500, body: { message: 'Server Error' } }));
    const { c, log } = core();
    const error = (await caught(c.call(api.geo))) as ChannelError;
    expect(error).toBeInstanceOf(ChannelError);
    expect(error.status).toBe(500);
    expect(error.message).toBe('Server Error');
    expect(refusalOf(error).kind).toBe('outage');
    expect(error.code).toBe('internal_error');
    expect(log.lines.some((l) => l.startsWith('error') && l.includes('/geo'))).toBe(true);
  });

  it('other 4xx carry the body message and field errors, for actions to map', async () => {
    channel.route('GET /events', () => ({ status: 422, body: { message: 'The given data was invalid.', errors: { limit: ['limit must be at most 100'] } } }));
    const { c } = core();
    const error = (await caught(c.call(api.events, { limit: 500 }))) as ChannelError;
    expect(error.status).toBe(422);
    expect(error.message).toBe('The given data was invalid.');
    expect(error.errors).toEqual({ limit: ['limit must be at most 100'] });
    expect(refusalOf(error).kind).not.toBe('outage');
  });

  it('a refusal carries the channel’s code; one without a known code gets its status’s', async () => {
    channel.route('POST /v2/auth/login', () => ({ status: 422, body: { code: 'wrong_credentials', message: 'Wrong auth data' } }));
    const { c } = core();
    const coded = (await caught(c.call(api.login, { email: 'fan@example.test', password: 'guess' }))) as ChannelError;
    expect([coded.status, coded.code, coded.message]).toEqual([422, 'wrong_credentials', 'Wrong auth data']);
    expect(refusalOf(coded).kind).toBe('invalid');
    channel.route('GET /geo', () => ({ status: 404, body: { code: 'no_such_code', message: 'Gone' } }));
    const uncoded = (await caught(c.call(api.geo))) as ChannelError;
    expect([uncoded.code, uncoded.message]).toEqual(['not_found', 'Gone']);
    expect(refusalOf(uncoded).kind).toBe('not-found');
  });

  it('an unreachable channel is a 502 network ChannelError', async () => {
    const { c } = core();
    await channel.close();
    const error = (await caught(c.call(api.geo))) as ChannelError;
    expect(error.status).toBe(502);
    expect(error.kind).toBe('network');
    channel = await startTestChannel(); // for afterEach
  });

  it('a GET whose connection is dropped before the answer goes once more; a POST does not', async () => {
    const geo = { country: 'Canada', country_code: 'CA', ip: '203.0.113.9', is_geo_blocked: false };
    channel.route('GET /geo', (_hit, nth) => (nth === 1 ? { reset: true } : { body: { data: geo } }));
    const { c, log } = core({ clientIp: '203.0.113.9' });
    const res = await c.call(api.geo);
    expect(res.data.ip).toBe('203.0.113.9');
    expect(channel.on('/geo')).toHaveLength(2);
    expect(log.lines.filter((l) => l.includes('GET /geo'))).toEqual(['warn [channel] GET /geo: UND_ERR_SOCKET, trying once more']);

    channel.route('POST /favorite', () => ({ reset: true }));
    const error = (await caught(c.call(postCall, { favoritable_id: 5 }))) as ChannelError;
    expect(error.status).toBe(502);
    expect(error.kind).toBe('network');
    expect(channel.on('/favorite')).toHaveLength(1);
  });

  it('a GET dropped twice is a 502 network ChannelError', async () => {
    channel.route('GET /geo', () => ({ reset: true }));
    const { c } = core();
    const error = (await caught(c.call(api.geo))) as ChannelError;
    expect(error.status).toBe(502);
    expect(error.kind).toBe('network');
    expect(channel.on('/geo')).toHaveLength(2);
  });

  it('a slow answer times out as a 504 ChannelError', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    let answered = false;
    channel.route('GET /geo', async () => {
      await held; // the channel has not answered when the call gives up
      answered = true;
      return { body: {} };
    });
    const { c } = core({ store: memoryStore({ key: 'k' }), timeoutMs: 150 });
    const error = (await caught(c.call(api.geo))) as ChannelError;
    expect(answered).toBe(false);
    expect(error.status).toBe(504);
    expect(error.kind).toBe('timeout');
    release();
  });

  it('a cancelled call rejects with the AbortError and logs nothing', async () => {
    channel.route('GET /geo', () => ({ delayMs: 1000, body: {} }));
    const { c, log } = core({ store: memoryStore({ key: 'k' }) });
    const controller = new AbortController();
    const pending = caught(c.call(api.geo, undefined, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 50);
    const error = (await pending) as Error;
    expect(error.name).toBe('AbortError');
    expect(error).not.toBeInstanceOf(ChannelError);
    expect(log.lines).toEqual([]);
  });

  it('an answer that does not match the contract is a 502 with a log line naming the field', async () => {
    channel.route('GET /geo', () => ({ body: { data: { country: 'Canada', country_code: 'CA', ip: '1.2.3.4', is_geo_blocked: 'no' } } }));
    const { c, log } = core({ store: memoryStore({ key: 'k' }) });
    const error = (await caught(c.call(api.geo))) as ChannelError;
    expect(error.status).toBe(502);
    expect(error.kind).toBe('schema');
    expect(log.lines.join('\n')).toMatch(/GET \/geo answer does not match the contract: data\.is_geo_blocked/);
  });
});

describe('request shape', () => {
  it('serialises nested params in bracket notation and fills path params', async () => {
    channel.route('GET /events/42', () => ({ status: 404, body: { message: 'Event not found' } }));
    const { c } = core({ store: memoryStore({ key: 'k' }) });
    await c.call(api.channelBootstrapData, { 'color-settings': { client_interface: 'web' }, slides: { client_interface: 'web' } });
    expect(channel.on('/channel-bootstrap-data')[0].rawUrl).toBe('/channel-bootstrap-data?color-settings[client_interface]=web&slides[client_interface]=web');
    const error = (await caught(c.call(api.event, { id: 42 }))) as ChannelError;
    expect(error.status).toBe(404);
    expect(channel.on('/events/42')[0].query.get('api_key')).toBe('k');
  });

  it('public calls carry no api key', async () => {
    const { c } = core();
    await c.call(api.channelBootstrapData, { 'color-settings': { client_interface: 'web' }, slides: { client_interface: 'web' } });
    expect(channel.hits.map((h) => h.path)).toEqual(['/channel-bootstrap-data']);
  });
});

import type { AppLoadContext } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import { api } from '#contract';
import { CLIENT_IP_HEADER } from '~/http/request-headers';
import { channelForThisFile, type TestChannel } from '../../support/test-channel-server';

/* The request context (session + channel client) and loadBootstrapOrWhoops as loaders use them:
   an anonymous visitor's calls carry the server's own key and start no session; a fan's key
   travels in the signed cookie session, never in clear; a channel that is down
   becomes the 'Whoops!' 503. What the server does after a route (server/remix-handler.ts) is
   `session.commitTo(response)`: `setCookie` below does the same. */

let channel: TestChannel;
let client: typeof import('~/channel/client.server');
let contexts: typeof import('~/http/request-context.server');
let bootstrap: typeof import('~/channel/bootstrap.server');
let regions: typeof import('~/channel/region.server');

// The modules below read the environment at import: channelForThisFile imports them afresh.
channelForThisFile(async (started) => {
  channel = started;
  client = await import('~/channel/client.server');
  contexts = await import('~/http/request-context.server');
  bootstrap = await import('~/channel/bootstrap.server');
  regions = await import('~/channel/region.server');
});

/** The context of one loader or action of a new HTTP request, and the Set-Cookie the server
 *  would add to `response` afterwards. */
function open(url: string, init?: RequestInit) {
  const ctx = contexts.requestContext({ request: new Request(url, init), context: {} as AppLoadContext });
  const setCookie = async (response = new Response()) => (await ctx.session.commitTo(response)).headers.get('Set-Cookie');
  return { ...ctx, call: ctx.channel.call, setCookie };
}

describe('requestContext', () => {
  it("carries the server's key for anonymous visitors: no cookie, and the next visitor reuses the key", async () => {
    const first = open('http://app.test/', { headers: { [CLIENT_IP_HEADER]: '198.51.100.9' } });
    const geo = await first.call(api.geo);
    // The visitor's address still travels, so region rules are the visitor's.
    expect(geo.data.ip).toBe('198.51.100.9');
    expect(await first.setCookie()).toBeNull();

    const second = open('http://app.test/', { headers: { [CLIENT_IP_HEADER]: '203.0.113.4' } });
    expect((await second.call(api.geo)).data.ip).toBe('203.0.113.4');
    expect(await second.setCookie()).toBeNull();
    expect(channel.on('/get_api_key')).toHaveLength(1);
    expect(channel.on('/geo').map((h) => h.query.get('api_key'))).toEqual(['api-key-1', 'api-key-1']);
  });

  it("remembers a visitor's region per address: the page is marked as per region, not per viewer, and the next page from that address asks nothing", async () => {
    const address = '192.0.2.77';
    const page = () => {
      const context = {} as AppLoadContext;
      const ctx = contexts.requestContext({ request: new Request('http://app.test/watch/1', { headers: { [CLIENT_IP_HEADER]: address } }), context });
      return { context, region: ctx.channel.region };
    };
    const first = page();
    expect((await first.region()).ip).toBe(address);
    expect(first.context).toEqual({ session: expect.anything(), region: 'CA' });
    const second = page();
    expect((await second.region()).country_code).toBe('CA');
    expect(second.context.region).toBe('CA');
    expect(channel.on('/geo').filter((h) => h.headers['x-forwarded-for'] === address)).toHaveLength(1);
    expect(regions.knownRegion(address)?.country_code).toBe('CA');
  });

  it('a document without a form ends a session that holds nothing but its id; a page with a form, or a data request, keeps it', async () => {
    const form = open('http://app.test/login');
    await form.session.csrfToken();
    const cookie = (await form.setCookie())!.split(';')[0];
    expect(cookie).toMatch(/^__session=./);

    const again = open('http://app.test/login', { headers: { Cookie: cookie } });
    await again.session.csrfToken();
    expect(await again.setCookie()).toBeNull();

    // The root's data fetched on its own (client navigation, a form's revalidation) keeps it.
    const data = open('http://app.test/login', { headers: { Cookie: cookie } });
    expect(await data.session.user()).toBeNull();
    expect(await data.setCookie()).toBeNull();

    const page = open('http://app.test/faq', { headers: { Cookie: cookie } });
    expect(await page.session.user()).toBeNull();
    expect((await page.session.commitTo(new Response(), { endLeftover: true })).headers.get('Set-Cookie')).toMatch(/^__session=; .*Expires=Thu, 01 Jan 1970/);
  });

  it('counts the loader request as the signal: an aborted page request cancels its calls', async () => {
    channel.route('GET /geo', () => ({ delayMs: 500, body: {} }));
    const controller = new AbortController();
    const ch = open('http://app.test/', { signal: controller.signal });
    const pending = ch.call(api.geo).catch((e: Error) => e);
    setTimeout(() => controller.abort(), 20);
    expect(((await pending) as Error).name).toBe('AbortError');
  });
});

describe('requestContext when the channel is down', () => {
  it('turns a 5xx into the Whoops 503 for a page (GET), and leaves the ChannelError to an action (POST)', async () => {
    channel.route('GET /geo', () => ({ status: 502, body: { message: 'Bad gateway' } }));
    const page = open('http://app.test/watch/1');
    const thrown = await page.call(api.geo).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(503);
    expect(await (thrown as Response).json()).toEqual({ screen: 'whoops' });

    const action = open('http://app.test/watch/1', { method: 'POST' });
    const error = await action.call(api.geo).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(client.ChannelError);
    expect((error as InstanceType<typeof client.ChannelError>).status).toBe(502);
  });

  it('sends a page (GET) whose call the channel refuses (404, 400) to /404, keeping the session it started', async () => {
    for (const status of [404, 400]) {
      channel.route('GET /geo', () => ({ status, body: { message: 'Refused', errors: { id: ['id must be at most 2147483647'] } } }));
      const page = open('http://app.test/watch/1');
      const thrown = await page.call(api.geo).catch((e: unknown) => e);
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(302);
      expect((thrown as Response).headers.get('Location')).toBe('/404');
      // An anonymous visitor's page starts no session, redirected or not.
      expect(await page.setCookie(thrown as Response)).toBeNull();
    }
  });

  it('leaves a 4xx to a page that explains it itself (handles4xx), to an action, and a 401 to the caller', async () => {
    channel.route('GET /geo', () => ({ status: 404, body: { message: 'Not found' } }));
    const page = open('http://app.test/confirm-account-deletion');
    const own = await page.call(api.geo, {}, { handles4xx: true }).catch((e: unknown) => e);
    expect(own).toBeInstanceOf(client.ChannelError);
    expect((own as InstanceType<typeof client.ChannelError>).status).toBe(404);

    const action = open('http://app.test/watch/1', { method: 'POST' });
    const error = await action.call(api.geo).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(client.ChannelError);

    channel.route('GET /geo', () => ({ status: 401, body: { message: 'Unauthenticated.' } }));
    const unauthenticated = await page.call(api.geo, {}, { tolerate401: true }).catch((e: unknown) => e);
    expect((unauthenticated as InstanceType<typeof client.ChannelError>).status).toBe(401);
  });
});

describe('requestContext shared content', () => {
  it('shares viewer-independent answers between visitors, and costs a first visitor no key or cookie', async () => {
    const before = channel.on('/events').length;
    const a = open('http://app.test/upcoming');
    const b = open('http://app.test/upcoming');
    await a.channel.shared(api.events, { stream_status: 'upcoming', limit: 12 });
    await b.channel.shared(api.events, { stream_status: 'upcoming', limit: 12 });
    expect(channel.on('/events').length - before).toBe(1);
    expect(await a.setCookie()).toBeNull();
    expect(await b.setCookie()).toBeNull();
  });
});

describe('loadBootstrapOrWhoops', () => {
  it('returns the bootstrap data and serves the next call from the cache (the 503 case: bootstrap.server.whoops.test.ts)', async () => {
    expect((await bootstrap.loadBootstrapOrWhoops()).settings.name).toBe('Test Channel');
    expect(bootstrap.bootstrapCacheStats().upstreamCalls).toBe(1);
    await bootstrap.loadBootstrapOrWhoops();
    expect(bootstrap.bootstrapCacheStats().upstreamCalls).toBe(1);
  });
});

const authSession = (key: string) => ({
  api_key: key,
  expires_at: new Date(Date.now() + 3_600_000).toISOString(),
  user: {
    id: 7,
    email: 'fan@example.test',
    first_name: 'Jo',
    last_name: 'Lee',
    trial_period_used: false,
    temporary_password: false,
    is_geo_blocked: false,
    capabilities: ['watch'],
    featureCount: { clips: 0, downloads: 0 },
    news_opt_in: false,
    email_verified: true,
    has_password: true,
    role: 'fan' as const,
  },
});

describe('requestContext sign-in and sign-out', () => {
  const next = (setCookie: string | null, url = 'http://app.test/') => open(url, { headers: { Cookie: (setCookie ?? '').split(';')[0] } });

  it('signs in with the user key (a new session, encrypted with the key in it), and a key error later signs the fan out', async () => {
    channel.route('GET /geo', () => ({ body: { data: { country: 'US', country_code: 'US', ip: '127.0.0.1', is_geo_blocked: false } } }));
    const page = open('http://app.test/login', { method: 'POST' });
    await page.session.signIn(authSession('user-key-1'));
    const cookie = (await page.setCookie()) ?? '';
    expect(cookie).toMatch(/^__session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    // The cookie is encrypted: not even the decoded cookie shows the key (nor the field's name).
    const decoded = Buffer.from(decodeURIComponent(cookie.split(';')[0].slice('__session='.length)), 'base64url').toString();
    expect(decoded).not.toContain('apiKey');
    expect(decoded).not.toContain('user-key-1');
    const signedIn = next(cookie);
    expect(await signedIn.session.user()).toMatchObject({ id: 7, first_name: 'Jo' });
    await signedIn.call(api.geo);
    expect(channel.on('/geo').at(-1)?.query.get('api_key')).toBe('user-key-1');

    // The channel no longer knows the key (it expired): a visitor key replaces it, and the user goes.
    channel.route('GET /geo', (hit) =>
      hit.query.get('api_key') === 'user-key-1'
        ? { status: 403, body: { message: 'No chanel or api key found', errors: { api_key: ['No chanel or api key found'] } } }
        : { body: { data: { country: 'US', country_code: 'US', ip: '127.0.0.1', is_geo_blocked: false } } },
    );
    await signedIn.call(api.geo);
    expect(await signedIn.session.user()).toBeNull();
    expect(channel.on('/geo').at(-1)?.query.get('api_key')).toMatch(/^api-key-/);
  });

  it("signs out: no user and no key; the next call carries the server's key", async () => {
    const page = open('http://app.test/login', { method: 'POST' });
    await page.session.signIn(authSession('user-key-2'));
    const signedIn = next(await page.setCookie());
    await signedIn.session.signOut();
    const after = next(await signedIn.setCookie());
    expect(await after.session.user()).toBeNull();
    channel.route('GET /geo', () => ({ body: { data: { country: 'US', country_code: 'US', ip: '127.0.0.1', is_geo_blocked: false } } }));
    await after.call(api.geo);
    expect(channel.on('/geo').at(-1)?.query.get('api_key')).toMatch(/^api-key-/);
    expect((await after.session.keyStore()).getApiKey()).toBeNull();
  });
});

describe('one request, one session', () => {
  it('gives the action and the loaders of one request the same session: their changes add up in one cookie', async () => {
    channel.route('GET /geo', () => ({ body: { data: { country: 'US', country_code: 'US', ip: '127.0.0.1', is_geo_blocked: false } } }));
    const request = new Request('http://app.test/');
    const context = {} as AppLoadContext;
    const root = contexts.requestContext({ request, context });
    const route = contexts.requestContext({ request, context });
    expect(root.session).toBe(route.session);

    await Promise.all([root.channel.call(api.geo), route.channel.call(api.geo)]);
    await root.session.toast({ text: 'Saved', type: 'success' });
    await route.session.updateUser({ ...authSession('unused').user, first_name: 'Sam' });

    const cookie = (await route.session.commitTo(new Response())).headers.get('Set-Cookie') ?? '';
    const next = open('http://app.test/', { headers: { Cookie: cookie.split(';')[0] } });
    expect(await next.session.takeToast()).toEqual({ text: 'Saved', type: 'success' });
    expect(await next.session.user()).toMatchObject({ first_name: 'Sam' });
  });
});

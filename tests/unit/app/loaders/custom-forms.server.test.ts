import type { AppLoadContext } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import { bootstrapData, type BootstrapData } from '#contract';
import { bootstrapBody, channelForThisFile, type TestChannel } from '../../support/test-channel-server';

/* The gates as the root loader applies them (ADR 053), against a fake channel: what is asked of
   the channel for a signed-in fan's page, and the spec's section 8 on the form's call: a 404 is
   "no form", a 5xx is the 'Whoops!' reload screen. */

let channel: TestChannel;
let contexts: typeof import('~/http/request-context.server');
let forms: typeof import('~/loaders/custom-forms.server');

channelForThisFile(async (started) => {
  channel = started;
  contexts = await import('~/http/request-context.server');
  forms = await import('~/loaders/custom-forms.server');
});

const boot = (settings: { basic_pass?: boolean; custom_forms?: { alias: string; title: string; required: boolean }[] }): BootstrapData =>
  bootstrapData.parse({ ...bootstrapBody.data, settings: { ...bootstrapBody.data.settings, ...settings } });
const required = boot({ custom_forms: [{ alias: 'passes', title: 'About you', required: true }] });

const form = (answers: { name: string; value: string | boolean }[] | null) => ({
  body: {
    data: {
      alias: 'passes',
      title: 'About you',
      required: true,
      fields: [{ name: 'school', label: 'School', type: 'text', required: true, options: [] }],
      answers,
      answered_at: answers ? '2026-11-01T10:00:00.000Z' : null,
    },
  },
});

/** A signed-in fan's GET of `path`: the gate's answer (or what it threw), and the calls it made. */
async function gateOf(path: string, bootstrap: BootstrapData, method = 'GET') {
  const signIn = contexts.requestContext({ request: new Request('http://app.test/login', { method: 'POST' }), context: {} as AppLoadContext });
  await signIn.session.signIn({
    api_key: 'user-key-1',
    expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    user: {
      id: 7,
      email: 'fan@example.test',
      first_name: 'Jo',
      last_name: 'Lee',
      trial_period_used: false,
      temporary_password: false,
      is_geo_blocked: false,
      capabilities: [],
      featureCount: { clips: 0, downloads: 0 },
      news_opt_in: false,
      email_verified: true,
      has_password: true,
      role: 'fan',
    },
  });
  const cookie = ((await signIn.session.commitTo(new Response())).headers.get('Set-Cookie') ?? '').split(';')[0];
  const request = new Request(`http://app.test${path}`, { method, headers: { Cookie: cookie } });
  const { channel: client } = contexts.requestContext({ request, context: {} as AppLoadContext });
  const before = channel.hits.length;
  const result = await forms.gateDetourFor(request, client, bootstrap).catch((thrown: unknown) => thrown);
  return { result, asked: channel.hits.slice(before).map((h) => `${h.method} ${h.path}`) };
}

describe('the gates in the root loader', () => {
  it("send a fan who has not answered the required form to it, with the fan's own key", async () => {
    channel.route('GET /custom-forms/passes', () => form(null));
    const { result, asked } = await gateOf('/upcoming?view=list', required);
    expect(result).toBe('/forms/passes?redirectTo=%2Fupcoming%3Fview%3Dlist');
    expect(asked).toEqual(['GET /custom-forms/passes']);
    expect(channel.on('/custom-forms/passes').at(-1)?.query.get('api_key')).toBe('user-key-1');
  });

  it('let an answered fan through, and ask nothing on an open page, on a post, or when no gate is on', async () => {
    channel.route('GET /custom-forms/passes', () => form([{ name: 'school', value: 'Lakeview' }]));
    expect((await gateOf('/upcoming', required)).result).toBeNull();
    for (const [path, bootstrap, method] of [
      ['/profile', required, 'GET'],
      ['/buy', required, 'GET'],
      ['/upcoming', required, 'POST'],
      ['/upcoming', boot({}), 'GET'],
    ] as const)
      expect(await gateOf(path, bootstrap, method), `${method} ${path}`).toEqual({ result: null, asked: [] });
  });

  it("read the form call's 404 as no form (no gate), and its 5xx as the 'Whoops!' reload screen (spec section 8)", async () => {
    channel.route('GET /custom-forms/passes', () => ({ status: 404, body: { code: 'not_found', message: 'There is no such form' } }));
    expect((await gateOf('/upcoming', required)).result).toBeNull();
    channel.route('GET /custom-forms/passes', () => ({ status: 500, body: { code: 'internal_error', message: 'boom' } }));
    const { result } = await gateOf('/upcoming', required);
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).status).toBe(503);
    expect(await (result as Response).json()).toEqual({ screen: 'whoops' });
  });

  it('send a fan who holds no basic pass to /packages, asking GET /user/access', async () => {
    const basicPass = boot({ basic_pass: true });
    const access = (has: boolean) => () => ({
      body: { data: { capabilities: [], featureCount: { clips: 0, downloads: 0 }, trial_period_used: false, has_basic_pass: has } },
    });
    channel.route('GET /user/access', access(false));
    expect(await gateOf('/', basicPass)).toEqual({ result: '/packages', asked: ['GET /user/access'] });
    expect(await gateOf('/terms_conditions', basicPass)).toEqual({ result: null, asked: [] });
    channel.route('GET /user/access', access(true));
    expect((await gateOf('/', basicPass)).result).toBeNull();
  });
});

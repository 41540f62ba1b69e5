import { api, type Endpoint, type Geo, type ParamsOf, type ResponseOf } from '#contract';
import { chooseLocale, LOCALE_PARAM, type Locale } from '#contract/locale';
import { channelApiUrl, channelConfigUrl, env } from '~/config/env.server';
import { notFound } from '~/http/not-found.server';
import { CLIENT_COUNTRY_HEADER, CLIENT_IP_HEADER } from '~/http/request-headers';
import { ChannelError, whoopsResponse } from './errors.server';
import { refusalOf } from './refusal.server';
import { regionKey, regionOf } from './region.server';
import { createChannelCore, type CallOptions, type ChannelCore, type KeyStore } from './request.server';
import { keysFor } from './server-key.server';
import { processSharedContent, type SharedContent } from './shared.server';

export { ChannelError } from './errors.server';
export type { CallOptions } from './request.server';

/** The channel as a loader or action talks to it: calls carry the fan's api key (the server's
 *  for an anonymous visitor, server-key.server.ts) and the visitor's IP.
 *  It only talks to the channel; the visitor's session is the request session's
 *  (http/request-session.server.ts), which it reads and renews the api key in. */
export interface ChannelClient {
  call<E extends Endpoint>(endpoint: E, params?: ParamsOf<E>, opts?: CallOptions): Promise<ResponseOf<E>>;
  /** For answers that are the same for every viewer: served from the process's shared content
   *  cache (shared.server.ts), fetched with the server's own key. Never for access or geo. */
  shared: SharedContent['call'];
  /** The visitor's region (GET /geo for their address, remembered per address: region.server.ts). */
  region(): Promise<Geo>;
}

/** Where the client finds the visitor's api key: the request session. */
export interface KeySource {
  keyStore(): Promise<KeyStore>;
}

/** One channel core per request session: the loaders of a page share one api key fetch. */
const cores = new WeakMap<KeySource, Promise<ChannelCore>>();

function coreFor(request: Request, keys: KeySource): Promise<ChannelCore> {
  let core = cores.get(keys);
  if (!core) {
    core = keys.keyStore().then((store) =>
      createChannelCore({
        baseUrl: channelApiUrl,
        configUrl: channelConfigUrl,
        store: keysFor(store),
        clientIp: clientIp(request),
        locale: localeHint(request),
        clientCountry: clientCountry(request),
      }),
    );
    cores.set(keys, core);
  }
  return core;
}

/** The language this visitor's page would be in on a multilanguage channel: named on every call, so
 *  a mail the call causes is in it when the channel has multilanguage on (ADR 055). */
function localeHint(request: Request): Locale {
  return chooseLocale({
    multilanguage: true,
    param: new URL(request.url).searchParams.get(LOCALE_PARAM),
    cookieHeader: request.headers.get('Cookie'),
    acceptLanguage: request.headers.get('Accept-Language'),
  });
}

/** What the visitor's region is remembered by (region.server.ts), or null: not remembered. */
function regionKeyOf(request: Request): string | null {
  const ip = clientIp(request);
  return ip ? regionKey(ip, clientCountry(request)) : null;
}

function clientIp(request: Request): string | null {
  const fromServer = request.headers.get(CLIENT_IP_HEADER);
  if (fromServer) return fromServer;
  // Outside server.ts (no header): trust the proxy's header only when told to.
  return env.TRUST_PROXY ? (request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() ?? null) : null;
}

/** The country a trusted proxy gave for the visitor (server.ts: REGION_HEADER from a proxy
 *  TRUST_PROXY names), or null. */
function clientCountry(request: Request): string | null {
  if (request.headers.get(CLIENT_IP_HEADER)) return request.headers.get(CLIENT_COUNTRY_HEADER);
  // Outside server.ts: the proxy's header only when told to trust it.
  return env.TRUST_PROXY ? request.headers.get(env.REGION_HEADER) : null;
}

/** The channel client for one loader's or action's request (http/request-context.server.ts). */
export function channelClient(request: Request, keys: KeySource): ChannelClient {
  // What a page (GET) shows when its channel call fails, decided here for every route alike
  // (actions, POST, get the ChannelError and answer in their own form):
  // - the channel is down, or will not take our keys: the 'Whoops!' reload screen (spec section 8);
  // - any other refusal (no such id, a value out of range): that page does not exist, /404
  //   (spec section 2), unless the caller explains the refusal itself (`handles4xx`);
  // - a 401 is the caller's (channel.asUser sends the fan to log in).
  const onPageError = (error: unknown, opts: CallOptions = {}): never => {
    if (request.method !== 'GET' || !(error instanceof ChannelError)) throw error;
    const { kind } = refusalOf(error);
    if (kind === 'outage') throw whoopsResponse();
    if (kind !== 'signed-out' && !opts.handles4xx) throw notFound();
    throw error;
  };
  return {
    // Calls end with the page request: a visitor who navigates away cancels them quietly.
    call: async (endpoint, params, opts = {}) =>
      (await coreFor(request, keys)).call(endpoint, params, { ...opts, signal: opts.signal ?? request.signal }).catch((error) => onPageError(error, opts)),
    shared: (endpoint, params) =>
      processSharedContent()
        .call(endpoint, params)
        .catch((error) => onPageError(error)),
    region: () =>
      regionOf(regionKeyOf(request), async () => (await (await coreFor(request, keys)).call(api.geo, undefined, { signal: request.signal })).data).catch(
        (error) => onPageError(error),
      ),
  };
}

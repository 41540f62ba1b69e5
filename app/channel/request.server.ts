import { api, errorBody, fillPath, isRefusalCode, type Endpoint, type ErrorBody, type ParamsOf, type ResponseOf } from '#contract';
import { VIEWER_COUNTRY_HEADER } from '#contract/regions';
import { ChannelError, isAbortError, throttledResponse } from './errors.server';
import { toQueryString } from './query.server';

/* The one HTTP function for the channel (spec section 8). Plain: it knows nothing of Remix, so
   tests drive it with a real HTTP server and an in-memory key store. */

export const DEFAULT_TIMEOUT_MS = 30_000;
export const RETRY_DELAY_MS = 1_000;

/** Where a visitor's api key and user snapshot live (the cookie session in the app). */
export interface KeyStore {
  getApiKey(): { key: string; expiresAt?: string } | null;
  setApiKey(key: string, expiresAt: string): void;
  clearApiKey(): void;
  clearUser(): void;
}

/** A key we know has lapsed (or will within 5 s) is renewed instead of spending a call on the 403. */
export const isLapsed = (stored: { expiresAt?: string }, now = Date.now()) => Boolean(stored.expiresAt && Date.parse(stored.expiresAt) <= now + 5_000);

/** An api key held in memory: the server's own key (server-key.server.ts), and tests'. */
export function memoryKeyStore(): KeyStore {
  let stored: { key: string; expiresAt?: string } | null = null;
  return {
    getApiKey: () => stored,
    setApiKey: (key, expiresAt) => void (stored = { key, expiresAt }),
    clearApiKey: () => void (stored = null),
    clearUser: () => undefined,
  };
}

/** The channel key, shared by every visitor of this process; cleared on a channel_key error. */
export interface ChannelKeyCache {
  key?: string;
  pending?: Promise<string>;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** A 401 is expected here (e.g. /profile for an anonymous visitor): no warning is logged. */
  tolerate401?: boolean;
  /** A page that explains the channel's 4xx itself (a bad mailed link): it gets the ChannelError
   *  instead of the /404 page (client.server.ts). */
  handles4xx?: boolean;
  /** A 429 is answered in the caller's form (the sign-in limits: ADR 028) instead of the
   *  throttling screen: it gets a ChannelError with `retryAfterSeconds`. */
  handles429?: boolean;
}

export interface ChannelCoreOptions {
  baseUrl: string | (() => string);
  configUrl: string | (() => string);
  /** Required for api-key calls; public calls need none. */
  store?: KeyStore;
  channelKeys?: ChannelKeyCache;
  /** Sent as X-Forwarded-For so the channel's /geo sees the visitor, not this server. */
  clientIp?: string | null;
  /** The fan's language (Accept-Language on every call): the channel's mails follow it (ADR 055). */
  locale?: string;
  /** The trusted proxy's country for the visitor (ADR 054), sent as VIEWER_COUNTRY_HEADER. */
  clientCountry?: string | null;
  timeoutMs?: number;
  retryDelayMs?: number;
  log?: Pick<Console, 'warn' | 'error'>;
}

export interface ChannelCore {
  call<E extends Endpoint>(endpoint: E, params?: ParamsOf<E>, opts?: CallOptions): Promise<ResponseOf<E>>;
}

const processChannelKeys: ChannelKeyCache = {};
/* Counted on globalThis: the Remix build and server.ts (GET /healthz) hold separate module copies. */
const COUNTER = Symbol.for('fieldhouse.channelCalls');
const counter = ((globalThis as Record<symbol, unknown>)[COUNTER] ??= { calls: 0 }) as { calls: number };

/** HTTP exchanges with the channel made by this process (benchmark: calls per page view). */
export function channelCallCount(): number {
  return counter.calls;
}
const resolve = (v: string | (() => string)) => (typeof v === 'function' ? v() : v);

export function createChannelCore(options: ChannelCoreOptions): ChannelCore {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const retryDelayMs = options.retryDelayMs ?? RETRY_DELAY_MS;
  const log = options.log ?? console;
  const channelKeys = options.channelKeys ?? processChannelKeys;
  // Several loaders of one page share a key fetch instead of minting one each.
  let pendingApiKey: Promise<string> | null = null;

  /** One HTTP exchange; `url` overrides the endpoint's path (the channel config lives elsewhere). */
  async function send<E extends Endpoint>(endpoint: E, params: Record<string, unknown>, apiKey: string | undefined, signal?: AbortSignal, url?: string) {
    const { path, rest } = url ? { path: '', rest: params } : fillPath(endpoint.path, params);
    const method = endpoint.method;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (options.clientIp) headers['X-Forwarded-For'] = options.clientIp;
    if (options.locale) headers['Accept-Language'] = options.locale;
    if (options.clientCountry) headers[VIEWER_COUNTRY_HEADER] = options.clientCountry;
    let body: string | undefined;
    const query = method === 'POST' ? rest : apiKey ? { ...rest, api_key: apiKey } : rest;
    if (method === 'POST') {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(apiKey ? { ...rest, api_key: apiKey } : rest);
    }
    const qs = method === 'POST' ? '' : toQueryString(query);
    const target = url || `${resolve(options.baseUrl)}${path}${qs ? `?${qs}` : ''}`;
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const label = `${method} ${url ? new URL(url).pathname : endpoint.path}`;
    try {
      try {
        return await exchange(target, { method, headers, body, signal: combined });
      } catch (error) {
        // A kept-alive connection the channel closed just as it was reused: a GET changes
        // nothing, so it goes once more on a new connection instead of failing the page.
        if (method !== 'GET' || combined.aborted || !CLOSED_UNDER_US.has(networkCode(error) ?? '')) throw error;
        log.warn(`[channel] ${label}: ${networkCode(error)}, trying once more`);
        return await exchange(target, { method, headers, body, signal: combined });
      }
    } catch (error) {
      if (signal?.aborted) throw signal.reason ?? error; // cancelled by the caller: pass quietly
      if (timeout.aborted) {
        log.error(`[channel] ${label} timed out after ${timeoutMs} ms`);
        throw new ChannelError({ status: 504, kind: 'timeout', message: `The channel did not answer within ${timeoutMs} ms`, endpoint: endpoint.name });
      }
      if (isAbortError(error)) throw error;
      const reason = networkCode(error) ?? (error as Error).message;
      log.error(`[channel] ${label} failed: ${reason}`);
      throw new ChannelError({ status: 502, kind: 'network', message: `The channel is unreachable (${reason})`, endpoint: endpoint.name });
    }
  }

  /** Turn an answer into data, or throw what section 8 says. */
  function settle<E extends Endpoint>(endpoint: E, res: Response, text: string, opts: CallOptions): ResponseOf<E> {
    const label = `${endpoint.method} ${endpoint.path}`;
    const json = parseJson(text);
    if (res.ok) {
      const parsed = endpoint.response.safeParse(json);
      if (parsed.success) return parsed.data;
      const issues =
        json === undefined
          ? 'body is not JSON'
          : parsed.error.issues
              .slice(0, 5)
              .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
              .join('; ');
      log.error(`[channel] ${label} answer does not match the contract: ${issues}`);
      throw new ChannelError({ status: 502, kind: 'schema', message: `Unexpected answer from the channel for ${endpoint.name}`, endpoint: endpoint.name });
    }
    // The message and field reasons are read even from a body without a known code (an older
    // channel, a proxy's answer): the code then is the status's (ChannelError).
    const body: Partial<ErrorBody> = errorBody.omit({ code: true }).safeParse(json).success ? (json as ErrorBody) : {};
    const message = body.message ?? `The channel answered ${res.status}`;
    const code = isRefusalCode(body.code) ? body.code : undefined;
    if (res.status === 429) {
      const header = Number(res.headers.get('Retry-After'));
      const retryAfterSeconds = Number.isFinite(header) && header > 0 ? Math.ceil(header) : undefined;
      log.warn(`[channel] ${label} throttled (429)`);
      if (!opts.handles429) throw throttledResponse(retryAfterSeconds);
      throw new ChannelError({ status: 429, code, message, errors: body.errors, endpoint: endpoint.name, retryAfterSeconds });
    }
    if (res.status === 401) {
      options.store?.clearUser();
      if (!opts.tolerate401) log.warn(`[channel] ${label} 401: the user was signed out`);
      throw new ChannelError({ status: 401, kind: 'unauthenticated', code, message, errors: body.errors, endpoint: endpoint.name });
    }
    if (res.status >= 500) log.error(`[channel] ${label} ${res.status}: ${message}`);
    throw new ChannelError({ status: res.status, code, message, errors: body.errors, endpoint: endpoint.name });
  }

  // Key fetches are shared between callers, so no single caller's signal may cancel them.
  async function channelKey(): Promise<string> {
    if (channelKeys.key) return channelKeys.key;
    channelKeys.pending ??= (async () => {
      const { res, text } = await send(api.channelConfig, {}, undefined, undefined, resolve(options.configUrl));
      return settle(api.channelConfig, res, text, {}).channel_key;
    })()
      .then((key) => (channelKeys.key = key))
      .finally(() => (channelKeys.pending = undefined));
    return channelKeys.pending;
  }

  async function apiKey(): Promise<string> {
    const store = options.store;
    if (!store) throw new Error('this channel has no key store: api-key calls need one');
    const stored = store.getApiKey();
    if (stored && !isLapsed(stored)) return stored.key;
    pendingApiKey ??= (async () => {
      const key = await channelKey();
      const { res, text } = await send(api.getApiKey, { channel_key: key }, undefined);
      const { data } = settle(api.getApiKey, res, text, {});
      store.setApiKey(data.api_key, data.expires_at);
      return data.api_key;
    })().finally(() => (pendingApiKey = null));
    return pendingApiKey;
  }

  async function attempt<E extends Endpoint>(endpoint: E, params: ParamsOf<E> | undefined, opts: CallOptions, retried: boolean): Promise<ResponseOf<E>> {
    try {
      const key = endpoint.auth === 'apiKey' ? await apiKey() : undefined;
      const { res, text } = await send(endpoint, (params ?? {}) as Record<string, unknown>, key, opts.signal);
      return settle(endpoint, res, text, opts);
    } catch (error) {
      if (retried || !isKeyError(error)) throw error;
      // Section 8: clear the stored keys, wait 1 s, fetch a new api key and retry once.
      log.warn(`[channel] ${endpoint.name}: ${(error as ChannelError).message}; renewing the keys`);
      if (Object.hasOwn((error as ChannelError).errors, 'channel_key')) channelKeys.key = undefined;
      options.store?.clearApiKey();
      await sleep(retryDelayMs, opts.signal);
      return attempt(endpoint, params, opts, true);
    }
  }

  return {
    call: (endpoint, params, opts = {}) => attempt(endpoint, params, opts, false),
  };
}

/** One request to the channel, read to the end (each one counts as a channel call). */
async function exchange(target: string, init: RequestInit): Promise<{ res: Response; text: string }> {
  counter.calls += 1;
  const res = await fetch(target, init);
  return { res, text: await res.text() };
}

/** Network errors where the channel closed a kept-alive connection before answering. */
const CLOSED_UNDER_US = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/** The system or undici code of a failed fetch (`fetch failed` carries it as its cause). */
function networkCode(error: unknown): string | undefined {
  return (error as { cause?: { code?: string } }).cause?.code;
}

function isKeyError(error: unknown): boolean {
  return error instanceof ChannelError && error.isKeyError;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

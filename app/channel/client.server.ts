import { redirect } from '@remix-run/node';
import type { AuthSession, Endpoint, ParamsOf, ResponseOf } from '#contract';
import { channelApiUrl, channelConfigUrl, env } from '~/env.server';
import {
  commitSession,
  getSession,
  openSecret,
  renewSessionId,
  sealSecret,
  sessionUser,
  setToast,
  toSessionUser,
  type AppSession,
  type SessionUser,
  type Toast,
} from '~/session.server';
import { CLIENT_IP_HEADER } from '~/http/request-headers';
import { ChannelError, whoopsResponse } from './errors.server';
import { createChannelCore, type CallOptions, type ChannelCore, type KeyStore } from './request.server';
import { processSharedContent, type SharedContent } from './shared.server';

export { ChannelError, isChannelError, isAbortError, whoopsResponse, throttledResponse } from './errors.server';
export type { CallOptions } from './request.server';

/** The channel as a loader or action sees it: calls carry the visitor's api key and IP. */
export interface Channel {
  call<E extends Endpoint>(endpoint: E, params?: ParamsOf<E>, opts?: CallOptions): Promise<ResponseOf<E>>;
  /** For answers that are the same for every viewer: served from the process's shared content
   *  cache (shared.server.ts), fetched with the server's own key. Never for access or geo. */
  shared: SharedContent['call'];
  /** The signed-in user of this request (after any call that reset it), or null. */
  user(): Promise<SessionUser | null>;
  /** After login, social sign-in or add_session: the fan's own api key replaces the visitor's,
   *  so a session starts with a new key (the cookie session's "new session id"). */
  signIn(auth: AuthSession): Promise<void>;
  /** After logout or account deletion: forget the user and the key; the next call mints a
   *  fresh visitor key. */
  signOut(): Promise<void>;
  /** Refresh the user snapshot (after a profile update). */
  updateUser(user: SessionUser): Promise<void>;
  /** Any other change to the viewer's session (e.g. a pending social sign-in), committed with
   *  it by headers(): one `__session` cookie per response. */
  updateSession(change: (session: AppSession) => void): Promise<void>;
  /** A flash toast for the next page, committed with the session by headers(). */
  toast(toast: Toast): Promise<void>;
  /** `Set-Cookie` when the session changed (a new api key, a cleared user, a toast); else empty. */
  headers(): Promise<Headers>;
}

export { CLIENT_IP_HEADER } from '~/http/request-headers';

/** A key store over the cookie session that remembers whether it changed. */
export function sessionKeyStore(session: AppSession): KeyStore & { changed: boolean } {
  const store = {
    changed: false,
    getApiKey() {
      const sealed = session.get('apiKey');
      const key = sealed ? openSecret(sealed) : null;
      return key ? { key, expiresAt: session.get('apiKeyExpiresAt') } : null;
    },
    setApiKey(key: string, expiresAt: string) {
      session.set('apiKey', sealSecret(key));
      session.set('apiKeyExpiresAt', expiresAt);
      store.changed = true;
    },
    clearApiKey() {
      session.unset('apiKey');
      session.unset('apiKeyExpiresAt');
      // A user's key is their session: the key that replaces it is a visitor's.
      session.unset('user');
      store.changed = true;
    },
    clearUser() {
      if (session.has('user')) {
        session.unset('user');
        store.changed = true;
      }
    },
  };
  return store;
}

function clientIp(request: Request): string | null {
  const fromServer = request.headers.get(CLIENT_IP_HEADER);
  if (fromServer) return fromServer;
  // Outside server.ts (no header): trust the proxy's header only when told to.
  return env.TRUST_PROXY ? (request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() ?? null) : null;
}

export async function channelFor(request: Request): Promise<Channel> {
  // The session is read on the first per-viewer call only: a page of shared content (home)
  // skips the cookie's signature check and the api key's decryption altogether.
  let viewer: Promise<{ session: AppSession; store: ReturnType<typeof sessionKeyStore>; core: ChannelCore }> | null = null;
  const viewerCore = () =>
    (viewer ??= getSession(request).then((session) => {
      const store = sessionKeyStore(session);
      const core = createChannelCore({ baseUrl: channelApiUrl, configUrl: channelConfigUrl, store, clientIp: clientIp(request) });
      return { session, store, core };
    }));
  // What a page (GET) shows when its channel call fails, decided here for every route alike
  // (actions, POST, get the ChannelError and answer in their own form):
  // - the channel is down, or will not take our keys: the 'Whoops!' reload screen (spec section 8);
  // - any other refusal (no such id, a value out of range): that page does not exist, /404
  //   (spec section 2), unless the caller explains the refusal itself (`handles4xx`);
  // - a 401 is the caller's (callAsUser sends the fan to log in).
  const onPageError = async (error: unknown, opts: CallOptions = {}): Promise<never> => {
    if (request.method !== 'GET' || !(error instanceof ChannelError)) throw error;
    if (error.isOutage || error.isKeyError) throw whoopsResponse();
    if (error.status !== 401 && !opts.handles4xx) throw redirect('/404', { headers: await channel.headers() });
    throw error;
  };
  const channel: Channel = {
    // Calls end with the page request: a visitor who navigates away cancels them quietly.
    call: async (endpoint, params, opts = {}) =>
      (await viewerCore()).core.call(endpoint, params, { ...opts, signal: opts.signal ?? request.signal }).catch((error) => onPageError(error, opts)),
    shared: (endpoint, params) => processSharedContent().call(endpoint, params).catch((error) => onPageError(error)),
    user: async () => sessionUser((await viewerCore()).session),
    async signIn(auth) {
      const { session, store } = await viewerCore();
      store.setApiKey(auth.api_key, auth.expires_at);
      session.set('user', toSessionUser(auth.user));
      session.unset('pendingSocial');
      // A new session id: forms (CSRF tokens) from before the sign-in stop working.
      renewSessionId(session);
    },
    async signOut() {
      const { session, store } = await viewerCore();
      store.clearApiKey();
      session.unset('pendingSocial');
      renewSessionId(session);
    },
    async updateUser(user) {
      const { session, store } = await viewerCore();
      session.set('user', toSessionUser(user));
      store.changed = true;
    },
    async updateSession(change) {
      const { session, store } = await viewerCore();
      change(session);
      store.changed = true;
    },
    async toast(toast) {
      const { session, store } = await viewerCore();
      setToast(session, toast);
      store.changed = true;
    },
    async headers() {
      const headers = new Headers();
      if (!viewer) return headers;
      const { session, store } = await viewer;
      if (store.changed) headers.append('Set-Cookie', await commitSession(session, request));
      return headers;
    },
  };
  return channel;
}

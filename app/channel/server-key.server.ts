import { isLapsed, memoryKeyStore, type KeyStore } from './request.server';

/* Whose api key a channel call carries. Anonymous visitors all read with the server's own key,
   held in this process: a first visit mints nothing and stores nothing, so a public page sets no
   cookie and is the same for every anonymous visitor (their address still travels as
   X-Forwarded-For, so region rules hold). A fan's own key is minted by signing in and lives in
   their cookie session. */

/** The server's own api key: shared content and anonymous visitors' calls. */
export const serverKeys: KeyStore = memoryKeyStore();

/** The session's key when it holds one that is still good, else the server's. A fan's key that
 *  has lapsed ends their session (the key is their session); keys minted on the way are the
 *  server's, never written into a visitor's cookie. */
export function keysFor(session: KeyStore): KeyStore {
  const own = () => {
    const stored = session.getApiKey();
    if (stored && isLapsed(stored)) {
      session.clearApiKey();
      return null;
    }
    return stored;
  };
  return {
    getApiKey: () => own() ?? serverKeys.getApiKey(),
    setApiKey: (key, expiresAt) => serverKeys.setApiKey(key, expiresAt),
    clearApiKey: () => (session.getApiKey() ? session.clearApiKey() : serverKeys.clearApiKey()),
    clearUser: () => session.clearUser(),
  };
}

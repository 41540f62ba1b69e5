import type { AuthSession } from '#contract';
import type { KeyStore } from '~/channel/request.server';
import { hasSessionCookie } from '~/http/cache-policy';
import { csrfToken } from '~/http/csrf.server';
import { editHeaders } from '~/http/edit-headers';
import {
  commitSession,
  endSession,
  getSession,
  getToast,
  holdsOnlyItsId,
  renewSessionId,
  sessionUser,
  setToast,
  toSessionUser,
  type AppSession,
  type SessionUser,
  type Toast,
} from '~/http/session-cookie.server';

/* The visitor's cookie session for one HTTP request. The action and every loader of the request
   share this one object (request-context.server.ts), so their changes add up instead of racing,
   and the server commits it once, after the response is known (server/remix-handler.ts): no
   route writes a session cookie itself, so none can forget to. */

export class RequestSession {
  readonly #request: Request;
  #session: Promise<AppSession> | null = null;
  #changed = false;
  #csrfAsked = false;

  constructor(request: Request) {
    this.#request = request;
  }

  /** The cookie session, read on first use: a page of shared content never opens it. */
  read(): Promise<AppSession> {
    return (this.#session ??= getSession(this.#request));
  }

  /** Any change to the session; committed with the response. */
  async change(edit: (session: AppSession) => void): Promise<void> {
    edit(await this.read());
    this.#changed = true;
  }

  /** The signed-in fan, or null (also after a 401 from the channel in this request). */
  async user(): Promise<SessionUser | null> {
    return sessionUser(await this.read());
  }

  /** After login, social sign-in or add_session: the fan's own api key replaces the visitor's,
   *  and the session gets a new id (forms from before the sign-in stop working). */
  signIn(auth: AuthSession): Promise<void> {
    return this.change((session) => {
      session.set('apiKey', auth.api_key);
      session.set('apiKeyExpiresAt', auth.expires_at);
      session.set('user', toSessionUser(auth.user));
      session.unset('pendingSocial');
      renewSessionId(session);
    });
  }

  /** After logout or account deletion: forget the user and the key (the next call mints a fresh
   *  visitor key), with a new session id. */
  signOut(): Promise<void> {
    return this.change((session) => {
      forgetKey(session);
      session.unset('pendingSocial');
      renewSessionId(session);
    });
  }

  /** Refresh the user snapshot (after a profile update). */
  updateUser(user: SessionUser): Promise<void> {
    return this.change((session) => session.set('user', toSessionUser(user)));
  }

  /** A flash message for the next page. */
  toast(toast: Toast): Promise<void> {
    return this.change((session) => setToast(session, toast));
  }

  /** The flash message for this page, consumed (it does not come back on reload). */
  async takeToast(): Promise<Toast | null> {
    const toast = getToast(await this.read());
    if (toast) this.#changed = true;
    return toast;
  }

  /** The CSRF token for this session's forms (a new visitor's session gets its id now). */
  async csrfToken(): Promise<string> {
    this.#csrfAsked = true;
    const { token, isNew } = csrfToken(await this.read());
    if (isNew) this.#changed = true;
    return token;
  }

  /** Where the channel client keeps the visitor's api key (in the encrypted session). */
  async keyStore(): Promise<KeyStore> {
    const session = await this.read();
    const changed = () => void (this.#changed = true);
    return {
      getApiKey() {
        const key = session.get('apiKey');
        return typeof key === 'string' && key ? { key, expiresAt: session.get('apiKeyExpiresAt') } : null;
      },
      setApiKey(key, expiresAt) {
        session.set('apiKey', key);
        session.set('apiKeyExpiresAt', expiresAt);
        changed();
      },
      clearApiKey() {
        forgetKey(session);
        changed();
      },
      clearUser() {
        if (!session.has('user')) return;
        session.unset('user');
        changed();
      },
    };
  }

  /** The response with this session's Set-Cookie added when the request changed the session.
   *  `endLeftover` (a page loaded as a document): a page without a form that finds the session
   *  holding nothing but its id ends it, so the visitor's next pages are the shared ones again
   *  (issue: the first screen). Never on a data request: with JavaScript, the root's data is
   *  fetched on its own, beside a form page's. */
  async commitTo(response: Response, opts: { endLeftover?: boolean } = {}): Promise<Response> {
    if (!this.#session) return response;
    if (opts.endLeftover && !this.#csrfAsked && hasSessionCookie(this.#request.headers.get('Cookie')) && holdsOnlyItsId(await this.#session)) {
      const ended = await endSession(await this.#session);
      return editHeaders(response, (headers) => headers.append('Set-Cookie', ended));
    }
    if (!this.#changed) return response;
    const cookie = await commitSession(await this.#session);
    return editHeaders(response, (headers) => headers.append('Set-Cookie', cookie));
  }
}

/** A user's key is their session: the key that replaces it is a visitor's. */
function forgetKey(session: AppSession): void {
  session.unset('apiKey');
  session.unset('apiKeyExpiresAt');
  session.unset('user');
}

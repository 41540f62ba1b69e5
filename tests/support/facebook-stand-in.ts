import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { appSecretProof, FACEBOOK_GRAPH_VERSION } from '../../contract/facebook.ts';

/* A local stand-in for Facebook's OAuth endpoints (ADR 056), on one loopback port that is both the
 * FACEBOOK_AUTH_URL and the FACEBOOK_GRAPH_URL of a test:
 * - GET /{version}/dialog/oauth: the login dialog, a plain form (it works without JavaScript): the
 *   address and name to sign in as, whether to share the address, Continue, and a Cancel link
 *   that returns as Facebook does (`error=access_denied&error_reason=user_denied`);
 * - GET /{version}/oauth/access_token: the code (once, for its app and redirect URI, with the
 *   app's secret) for a user access token, answered as Graph answers;
 * - GET /{version}/me?fields=…&access_token=…&appsecret_proof=…: the profile, refused (as Graph
 *   refuses) for an unknown token or a proof that is not the token's app's.
 * Refusals are Graph's `{ error: { message, type, code } }` with status 400. */

export interface FacebookApp {
  appId: string;
  appSecret: string;
  redirectUris: string[];
}

export interface FacebookPerson {
  email: string | null;
  name: string;
}

export interface FacebookStandIn {
  /** Its origin: the FACEBOOK_AUTH_URL and FACEBOOK_GRAPH_URL of a test. */
  url: string;
  /** A user access token as Facebook would issue it to `appId` (another app's, to test refusals). */
  issueToken(person: FacebookPerson, appId?: string): string;
  close(): Promise<void>;
}

/** The id Facebook gives a person: here, one per address (or name, when the address is withheld). */
const personId = (p: FacebookPerson) =>
  `fb-${createHash('sha256')
    .update(p.email ?? p.name)
    .digest('hex')
    .slice(0, 24)}`;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title></head><body><main>${body}</main></body></html>`;
}

export async function startFacebookStandIn(opts: { port?: number; app: FacebookApp }): Promise<FacebookStandIn> {
  const { app } = opts;
  const codes = new Map<string, { person: FacebookPerson; redirectUri: string }>();
  const tokens = new Map<string, { person: FacebookPerson; appId: string }>();
  const base = `/${FACEBOOK_GRAPH_VERSION}`;

  const issueToken = (person: FacebookPerson, appId = app.appId) => {
    const token = `EAAT${randomBytes(24).toString('base64url')}`;
    tokens.set(token, { person, appId });
    return token;
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const q = url.searchParams;
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    const graphError = (message: string, type: string, code: number) => json(400, { error: { message, type, code, fbtrace_id: 'stand-in' } });
    const html = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(body);
    };

    if (req.method === 'GET' && url.pathname === `${base}/dialog/oauth`) {
      const redirectUri = q.get('redirect_uri') ?? '';
      if (q.get('client_id') !== app.appId || !app.redirectUris.includes(redirectUri))
        return html(400, page('Error', '<h1>Error</h1><p>URL blocked: this redirect URI is not allowed for this app.</p>'));
      const state = q.get('state') ?? '';
      const cancel = new URL(redirectUri);
      cancel.search = new URLSearchParams({
        error: 'access_denied',
        error_code: '200',
        error_description: 'Permissions error',
        error_reason: 'user_denied',
        state,
      }).toString();
      return html(
        200,
        page(
          'Log in with Facebook',
          `<h1>Log in with Facebook</h1>
<form method="post" action="${base}/dialog/oauth/confirm">
<input type="hidden" name="redirect_uri" value="${escape(redirectUri)}"><input type="hidden" name="state" value="${escape(state)}">
<p><label for="email">Email address</label> <input id="email" name="email" type="email" required></p>
<p><label for="name">Name</label> <input id="name" name="name" value="Facebook Fan" required></p>
<p><input id="share" name="share_email" type="checkbox" value="yes" checked> <label for="share">Share my email address</label></p>
<p><button type="submit">Continue</button> <a href="${escape(cancel.href)}">Cancel</a></p>
</form>`,
        ),
      );
    }

    if (req.method === 'POST' && url.pathname === `${base}/dialog/oauth/confirm`) {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        const redirectUri = form.get('redirect_uri') ?? '';
        if (!app.redirectUris.includes(redirectUri)) return html(400, page('Error', '<h1>Error</h1><p>Unknown redirect URI.</p>'));
        const person = { email: form.get('share_email') === 'yes' ? (form.get('email') ?? '').trim() || null : null, name: form.get('name') ?? '' };
        const code = randomBytes(24).toString('base64url');
        codes.set(code, { person, redirectUri });
        const back = new URL(redirectUri);
        back.search = new URLSearchParams({ code, state: form.get('state') ?? '' }).toString();
        res.writeHead(302, { location: back.href });
        res.end();
      });
      return;
    }

    if (req.method === 'GET' && url.pathname === `${base}/oauth/access_token`) {
      const code = codes.get(q.get('code') ?? '');
      codes.delete(q.get('code') ?? '');
      if (q.get('client_id') !== app.appId || q.get('client_secret') !== app.appSecret)
        return graphError('Error validating client secret.', 'OAuthException', 1);
      if (!code || code.redirectUri !== q.get('redirect_uri')) return graphError('Invalid verification code format.', 'OAuthException', 100);
      return json(200, { access_token: issueToken(code.person), token_type: 'bearer', expires_in: 5_183_944 });
    }

    if (req.method === 'GET' && url.pathname === `${base}/me`) {
      const token = q.get('access_token') ?? '';
      const held = tokens.get(token);
      if (!held) return graphError('Invalid OAuth access token - Cannot parse access token', 'OAuthException', 190);
      // The proof is checked against the secret of the app the token was issued to.
      const secretOfItsApp = held.appId === app.appId ? app.appSecret : `secret-of-${held.appId}`;
      if (q.get('appsecret_proof') !== appSecretProof(secretOfItsApp, token))
        return graphError('Invalid appsecret_proof provided in the API argument', 'GraphMethodException', 100);
      const [first = '', ...rest] = held.person.name.split(' ');
      const all: Record<string, string | null> = {
        id: personId(held.person),
        name: held.person.name,
        email: held.person.email,
        first_name: first,
        last_name: rest.join(' '),
      };
      const fields = (q.get('fields') ?? 'id,name').split(',');
      return json(200, Object.fromEntries(fields.filter((f) => all[f] !== undefined && all[f] !== null).map((f) => [f, all[f]])));
    }

    json(404, { error: { message: 'Unknown path components', type: 'OAuthException', code: 2500 } });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    issueToken,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

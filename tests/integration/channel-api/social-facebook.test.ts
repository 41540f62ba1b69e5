import { describe, expect, it } from 'vitest';
import { api, SERVER_MSG } from '#contract';
import { EMAIL_NOT_SHARED } from '../../../channel-api/auth/facebook.ts';
import { startFacebookStandIn } from '../../support/facebook-stand-in.ts';
import { uniqueEmail } from '../../support/registration.ts';
import { userRow } from '../support/accounts.ts';
import { onPostgres, startApi } from '../support/channel-api.ts';
import { forThisFile } from '../support/fixture.ts';

/* Facebook sign-in on the channel API (ADR 056): the fan's user access token, checked against a
   local stand-in of the Graph API (tests/support/facebook-stand-in.ts) with the app's proof. */

const app = { appId: 'fieldhouse-facebook-app', appSecret: 'a-facebook-app-secret-for-tests', redirectUris: ['http://127.0.0.1:3300/auth/facebook/callback'] };

async function startWithFacebook() {
  const facebook = await startFacebookStandIn({ app });
  try {
    const started = await startApi({ social: { google: null, facebook: { appId: app.appId, appSecret: app.appSecret, graphUrl: facebook.url } } });
    return {
      ...started,
      facebook,
      close: async () => {
        await started.close();
        await facebook.close();
      },
    };
  } catch (error) {
    await facebook.close();
    throw error;
  }
}

const { facebook, server, http, acc } = forThisFile(startWithFacebook, { timeout: 120_000 });

const social = async (body: Record<string, unknown>, key?: string) => acc.post('/v2/auth/social/facebook', { ...body, api_key: key ?? (await http.apiKey()) });

describe(`Facebook sign-in (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('an unknown address needs the terms; with them the account is made from the Graph profile, verified, and linked', async () => {
    const email = uniqueEmail('facebook');
    const token = facebook.issueToken({ email, name: 'Robin Q Fan' });
    const refused = await social({ access_token: token });
    expect(refused.status).toBe(422);
    expect(refused.json).toEqual({ code: 'not_registered', message: SERVER_MSG.notRegistered, errors: { terms: [SERVER_MSG.notRegistered] } });
    expect(await userRow(server.db, email)).toBeUndefined();

    const res = await social({ access_token: token, terms: true });
    expect(res.status, res.text).toBe(200);
    const session = api.social.response.parse(res.json).data;
    expect(session.user).toMatchObject({ email, first_name: 'Robin', last_name: 'Q Fan', email_verified: true, has_password: false });

    // The identity is linked: a new token of the same person signs in without the terms.
    const again = await social({ access_token: facebook.issueToken({ email, name: 'Robin Q Fan' }) });
    expect(again.status, again.text).toBe(200);
    expect(again.json.data.user.id).toBe(session.user.id);
  });

  it('signs in an existing fan with the same address', async () => {
    const fan = await acc.signUp();
    const res = await social({ access_token: facebook.issueToken({ email: fan.email, name: 'Existing Fan' }) });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.user).toMatchObject({ id: fan.user.id, has_password: true });
  });

  it("refuses a made-up token and another app's token; no account is made", async () => {
    const email = uniqueEmail('fb-forged');
    for (const token of ['EAATmade-up', facebook.issueToken({ email, name: 'Other App' }, 'another-app')]) {
      const res = await social({ access_token: token, terms: true });
      expect(res.status, res.text).toBe(400);
      expect(res.json).toEqual({ code: 'wrong_credentials', message: SERVER_MSG.wrongAuth, errors: { access_token: ['The sign-in token is not valid.'] } });
    }
    expect(await userRow(server.db, email)).toBeUndefined();
  });

  it('a person who withheld the address is told why, with a stable code', async () => {
    const res = await social({ access_token: facebook.issueToken({ email: null, name: 'Private Person' }), terms: true });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ code: 'email_not_shared', message: EMAIL_NOT_SHARED, errors: { access_token: [EMAIL_NOT_SHARED] } });
  });

  it('asks each provider for its own token: an ID token is no Facebook credential; Google is off here', async () => {
    const idToken = await social({ id_token: 'a.b.c', terms: true });
    expect(idToken.status).toBe(400);
    expect(Object.keys(idToken.json.errors).sort()).toEqual(['access_token', 'id_token']);
    const google = await acc.post('/v2/auth/social/google', { id_token: 'a.b.c', api_key: await http.apiKey() });
    expect(google.status).toBe(400);
    expect(google.json.errors).toEqual({ provider: ['Sign-in with Google is not configured on this channel.'] });
  });

  it('Facebook out of reach is a 503 with its code, never a 500', async () => {
    const gone = await startFacebookStandIn({ app });
    await gone.close();
    const api2 = await startApi({ social: { facebook: { appId: app.appId, appSecret: app.appSecret, graphUrl: gone.url } } });
    try {
      const res = await api2.acc.post('/v2/auth/social/facebook', { access_token: 'EAATanything', api_key: await api2.http.apiKey() });
      expect(res.status).toBe(503);
      expect(res.json.code).toBe('service_unavailable');
    } finally {
      await api2.close();
    }
  });
});

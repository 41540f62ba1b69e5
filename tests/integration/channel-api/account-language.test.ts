import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api } from '#contract';
import { channels, events, follows } from '../../../channel-api/db/schema.ts';
import { waitForMail } from '../../support/outbox.ts';
import { PASSWORD, registration, uniqueEmail } from '../../support/registration.ts';
import { userRow } from '../support/accounts.ts';
import { apiForThisFile, onPostgres } from '../support/channel-api.ts';
import { CARD, commerce } from '../support/commerce.ts';

/* A fan's language kept on their account (issue 36, ADR 055): on a multilanguage channel the
   language they register, sign in or choose with the language form in (POST /profile/language) is
   stored, and the mails sent outside their request — the receipt after the payment, an alert —
   are written in it. With multilanguage off nothing is kept and every mail stays English. */

const PUBLIC_URL = 'http://web.test';

const { server, http, acc } = apiForThisFile({ publicUrl: PUBLIC_URL, alertLeadMinutes: 60, jobs: { pollSeconds: 0.5 } });
const shop = commerce(http);

async function multilanguage(on: boolean) {
  const [channel] = await server.db.select().from(channels).limit(1);
  await server.db
    .update(channels)
    .set({ settings: { ...channel.settings, multilanguage: on } })
    .where(eq(channels.id, channel.id));
}

const inFrench = { 'accept-language': 'fr' };
const post = (path: string, body: Record<string, unknown>, headers: Record<string, string> = {}) => http.request('POST', path, { body, headers });
const setLanguage = (key: string, language: unknown, headers: Record<string, string> = {}) => post('/profile/language', { api_key: key, language }, headers);

/** Buys the demo's paid finished game as this fan and pays: the receipt mailed. */
async function buyAndPay(key: string, email: string) {
  const { event, ticket } = await shop.paidEvent();
  const after = Date.now();
  const started = await shop.buy(key, { event_id: event.id, package_id: ticket.id });
  expect(started.status, started.text).toBe(200);
  // The payment comes back from the provider's page, with no fan's call and no language on it.
  expect((await shop.pay(started.json.data.redirect_url, CARD.ok)).status).toBe(303);
  return waitForMail(server.outbox, { to: email, subject: /receipt|reçu/, after });
}

describe(`a fan's language on their account (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('keeps the language a fan registers, signs in and chooses in; the receipt after their payment is in it', async () => {
    await multilanguage(true);
    // Registered in French: kept, and the verification mail is French (the call's language).
    const email = uniqueEmail('langue');
    const registered = await post('/v2/auth/register', { ...registration(email), api_key: await http.apiKey() }, inFrench);
    expect(registered.status, registered.text).toBe(200);
    expect((await userRow(server.db, email)).locale).toBe('fr');

    // A fan who signs in with their browser in English now: English is kept.
    const fan = await acc.signUp();
    expect((await userRow(server.db, fan.email)).locale).toBe('en');
    const signedIn = await post('/v2/auth/login', { email: fan.email, password: PASSWORD, api_key: await http.apiKey() }, inFrench);
    expect(signedIn.status, signedIn.text).toBe(200);
    expect((await userRow(server.db, fan.email)).locale).toBe('fr');

    // The language form: English, then French again; the answer is the mails' language.
    const english = await setLanguage(fan.key, 'en');
    expect(english.status, english.text).toBe(200);
    expect(api.setLanguage.response.parse(english.json).data).toEqual({ language: 'en' });
    expect((await userRow(server.db, fan.email)).locale).toBe('en');
    expect(api.setLanguage.response.parse((await setLanguage(fan.key, 'fr')).json).data).toEqual({ language: 'fr' });

    // The receipt, mailed when the payment is confirmed: French, with fr-FR amounts and '$'.
    const receipt = await buyAndPay(fan.key, fan.email);
    expect(receipt.subject).toMatch(/^Votre reçu .+ FH-\d+$/);
    expect(receipt.text).toMatch(/^Bonjour Ann,\n\nMerci pour votre achat\. Voici votre reçu FH-\d+, payé le /);
    expect(receipt.text.replace(/[\u202f\u00a0]/g, ' ')).toContain('Total payé : 7,99 $');
    expect(receipt.html).toContain('<html lang="fr">');
  });

  it('writes an alert in the language kept on the account', async () => {
    await multilanguage(true);
    const fan = await acc.signUp();
    expect((await setLanguage(fan.key, 'fr')).status).toBe(200);
    const game = (await server.db.select().from(events).where(eq(events.type, 'free')).orderBy(events.id)).find((e) => !e.alwaysLive)!;
    await server.db
      .update(events)
      .set({ eventUtcTs: Math.floor(Date.now() / 1000) + 30 * 60 })
      .where(eq(events.id, game.id));
    const followed = await acc.post('/favorite', { favoritable_id: game.id, favoritable_type: 'favorite_event', api_key: fan.key });
    expect(followed.status, followed.text).toBe(200);
    // The reminder is late (the game starts in 30 minutes): its job sends it at once.
    const set = await acc.post('/favorites/alerts', { alerts: [{ id: followed.json.data.id, go_live: false, reminder: true }], api_key: fan.key });
    expect(set.status, set.text).toBe(200);
    const mail = await waitForMail(server.outbox, { to: fan.email, subject: 'Bientôt sur' }, 20_000);
    expect(mail.text).toMatch(/^Bonjour Ann,/);
    expect(mail.text).toContain('et avez choisi d’être prévenu une heure avant son début.');
    expect(mail.text).toContain('Ne plus recevoir ces e-mails :');
    expect(mail.html).toContain('<html lang="fr">');
    await server.db.delete(follows).where(eq(follows.id, followed.json.data.id as number));
  });

  it('keeps nothing with multilanguage off, answers English, and mails English to a fan who chose French before', async () => {
    await multilanguage(true);
    const fan = await acc.signUp();
    expect((await setLanguage(fan.key, 'fr')).status).toBe(200);
    await multilanguage(false);
    const other = await acc.signUp();
    const refused = await setLanguage(other.key, 'fr', inFrench);
    expect(refused.status, refused.text).toBe(200);
    expect(api.setLanguage.response.parse(refused.json).data).toEqual({ language: 'en' });
    expect((await userRow(server.db, other.email)).locale).toBeNull();
    // Signing in with a French browser keeps nothing either.
    expect((await post('/v2/auth/login', { email: other.email, password: PASSWORD, api_key: await http.apiKey() }, inFrench)).status).toBe(200);
    expect((await userRow(server.db, other.email)).locale).toBeNull();
    // The fan who chose French when it was on: kept, but the channel is English now.
    expect((await userRow(server.db, fan.email)).locale).toBe('fr');
    const receipt = await buyAndPay(fan.key, fan.email);
    expect(receipt.subject).toMatch(/^Your .+ receipt FH-\d+$/);
    expect(receipt.html).toContain('<html lang="en">');
  });

  it('refuses a language it does not have, a visitor, and a stray field, changing nothing', async () => {
    await multilanguage(true);
    const fan = await acc.signUp();
    for (const [body, field] of [
      [{ language: 'de' }, 'language'],
      [{}, 'language'],
      [{ language: 'fr', locale: 'fr' }, 'locale'],
    ] as const) {
      const res = await post('/profile/language', { ...body, api_key: fan.key });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json.errors)).toContain(field);
    }
    expect((await setLanguage(await http.apiKey(), 'fr')).status).toBe(401);
    expect((await userRow(server.db, fan.email)).locale).toBe('en');
  });
});

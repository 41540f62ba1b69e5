import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, RETURN_MSG, type Subscription } from '#contract';
import { channels, sandboxSessions } from '../../../channel-api/db/schema.ts';
import { LINK_TTL_MS, linkToken, type LinkPurpose } from '../../../channel-api/payments/sandbox-links.ts';
import { signingFrom } from '../../../channel-api/signing.ts';
import type { accounts } from '../support/accounts.ts';
import { onPostgres } from '../support/channel-api.ts';
import { CARD, shopForThisFile } from '../support/commerce.ts';

/* The sandbox's signed links (issue 21, ADR 029): the billing portal and "Add a card" open only with
   a link the server signed with its own secret, for one page, one fan and an hour, whose return
   address is a page of the web app's allow-list; the channel key, which anyone can read, signs
   nothing. And every address the sandbox sends a fan to is a path on the origin they are on. */

const PUBLIC_URL = 'http://fieldhouse.test';
const SECRET = 'sandbox-links-test-secret';
/** The server's own signing, as its CHANNEL_API_SECRET gives it: for links the API would not make. */
const signing = signingFrom([SECRET]);

let monthly: Subscription;
let channelId: number;

const { server, http, acc, shop } = shopForThisFile({ publicUrl: PUBLIC_URL, secret: SECRET }, async ({ http, server }) => {
  monthly = api.subscriptions.response.parse((await http.request('GET', '/subscriptions')).json).data.find((s) => s.period === 'month')!;
  [{ id: channelId }] = await server.db.select({ id: channels.id }).from(channels);
});

type Fan = Awaited<ReturnType<ReturnType<typeof accounts>['signUp']>>;

const CARD_FORM = { card_number: CARD.ok, card_expiry: '12 / 34', card_cvc: '123' };

const portalLink = async (fan: Fan, query: Record<string, string> = {}) =>
  (await acc.get('/stripe/customer-portal', { api_key: fan.key, ...query })).json.data.url as string;
const addCardLink = async (fan: Fan) => (await http.request('POST', '/stripe/setup-intent', { body: { api_key: fan.key } })).json.data.redirect_url as string;
const tokenOf = (path: string) => path.split('/').at(-1)!;
const open = async (path: string) => {
  const res = await fetch(new URL(path, server.url), { redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location'), text: await res.text() };
};
const renewing = async (fan: Fan, orderId: number) => api.orderDetail.response.parse((await shop.order(fan.key, orderId)).json).data.auto_renew;

/** A fan with a renewing monthly subscription, paid with 4242 (the card is saved with it). */
async function subscriber(): Promise<{ fan: Fan; orderId: number; subscription: string }> {
  const fan = await acc.signUp();
  const started = await shop.buy(fan.key, { subscription_id: monthly.id });
  expect(started.status, started.text).toBe(200);
  expect((await shop.pay(started.json.data.redirect_url, CARD.ok)).status).toBe(303);
  const page = await open(await portalLink(fan));
  return { fan, orderId: started.json.data.order_id, subscription: /name="subscription" value="([^"]+)"/.exec(page.text)![1] };
}

/** A link as the sandbox signed them before issue 21: HMAC with the channel key, which
 *  GET /channels/{slug}.json hands to anyone. */
async function signedWithTheChannelKey(purpose: LinkPurpose, userId: number, returnUrl: string): Promise<string> {
  const config = await http.request('GET', '/channels/demo.json');
  const channelKey = config.json.channel_key as string;
  expect(channelKey).toMatch(/\S/);
  const payload = Buffer.from(JSON.stringify({ c: channelId, u: userId, r: returnUrl, e: Date.now() + LINK_TTL_MS, p: purpose }), 'utf8').toString('base64url');
  return `${payload}.${createHmac('sha256', channelKey).update(payload).digest('base64url')}`;
}

describe(`the sandbox's signed links (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('a link forged with the public channel key opens nothing: no cards shown, no renewal cancelled, no card saved', async () => {
    const { fan, orderId, subscription } = await subscriber();
    const cardsBefore = await shop.cards(fan.key);
    const portal = `/sandbox/portal/${await signedWithTheChannelKey('portal', fan.user.id, `${PUBLIC_URL}/profile`)}`;
    const shown = await open(portal);
    expect(shown.status).toBe(404);
    expect(shown.text).not.toContain('4242');
    expect(shown.text).not.toContain(monthly.name);
    expect((await shop.postForm(portal, { action: 'cancel', subscription })).status).toBe(404);
    expect(await renewing(fan, orderId)).toBe(true);

    const addCard = `/sandbox/add-card/${await signedWithTheChannelKey('add-card', fan.user.id, 'https://evil.example/')}`;
    expect((await open(addCard)).status).toBe(404);
    const posted = await shop.postForm(addCard, { ...CARD_FORM, card_number: CARD.insufficient });
    expect([posted.status, posted.location]).toEqual([404, null]);
    expect(await shop.cards(fan.key)).toEqual(cardsBefore);
  });

  it('a link of one purpose does not open the other page', async () => {
    const { fan, orderId, subscription } = await subscriber();
    const portalToken = tokenOf(await portalLink(fan));
    const addCardToken = tokenOf(await addCardLink(fan));
    expect((await open(`/sandbox/portal/${portalToken}`)).status).toBe(200);
    expect((await open(`/sandbox/add-card/${addCardToken}`)).status).toBe(200);

    expect((await open(`/sandbox/add-card/${portalToken}`)).status).toBe(404);
    expect((await shop.postForm(`/sandbox/add-card/${portalToken}`, CARD_FORM)).status).toBe(404);
    expect((await shop.cards(fan.key)).map((c) => c.last4)).toEqual(['4242']);
    expect((await open(`/sandbox/portal/${addCardToken}`)).status).toBe(404);
    expect((await shop.postForm(`/sandbox/portal/${addCardToken}`, { action: 'cancel', subscription })).status).toBe(404);
    expect(await renewing(fan, orderId)).toBe(true);
  });

  it('an expired link is refused; the same link a minute before its hour is up still opens', async () => {
    const { fan, orderId, subscription } = await subscriber();
    const link = (purpose: LinkPurpose, returnPath: string, madeAgo: number) =>
      linkToken(signing, { purpose, channelId, customerId: fan.user.id, returnPath }, new Date(Date.now() - madeAgo));
    expect((await open(`/sandbox/portal/${link('portal', '/profile', LINK_TTL_MS - 60_000)}`)).status).toBe(200);
    expect((await open(`/sandbox/add-card/${link('add-card', '/profile/payment-methods', LINK_TTL_MS - 60_000)}`)).status).toBe(200);

    const expiredPortal = `/sandbox/portal/${link('portal', '/profile', LINK_TTL_MS + 1000)}`;
    const shown = await open(expiredPortal);
    expect(shown.status).toBe(404);
    expect(shown.text).toContain('This link has expired');
    expect(shown.text).not.toContain('4242');
    expect((await shop.postForm(expiredPortal, { action: 'cancel', subscription })).status).toBe(404);
    expect(await renewing(fan, orderId)).toBe(true);
    const expiredAddCard = `/sandbox/add-card/${link('add-card', '/profile/payment-methods', LINK_TTL_MS + 1000)}`;
    expect((await open(expiredAddCard)).status).toBe(404);
    expect((await shop.postForm(expiredAddCard, CARD_FORM)).status).toBe(404);
    expect((await shop.cards(fan.key)).map((c) => c.last4)).toEqual(['4242']);
  });

  it("fan A's link shows A's cards and subscriptions only, changes only A's, and cannot be altered to name fan B", async () => {
    const a = await subscriber();
    const b = await acc.signUp();
    await shop.saveCard(b.key, CARD.insufficient);
    const aPage = await open(await portalLink(a.fan));
    expect(aPage.text).toContain('ending in 4242');
    expect(aPage.text).toContain(monthly.name);
    expect(aPage.text).not.toContain('9995');
    const bPath = await portalLink(b);
    const bPage = await open(bPath);
    expect(bPage.text).toContain('ending in 9995');
    expect(bPage.text).toContain('You have no subscriptions.');
    expect(bPage.text).not.toContain('4242');
    // B's link cannot cancel A's renewal.
    const other = await shop.postForm(bPath, { action: 'cancel', subscription: a.subscription });
    expect(other.status).toBe(400);
    expect(await renewing(a.fan, a.orderId)).toBe(true);

    // B's link altered to name A: the signature no longer matches.
    const [payload, mac] = tokenOf(bPath).split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const altered = `${Buffer.from(JSON.stringify({ ...claims, u: a.fan.user.id })).toString('base64url')}.${mac}`;
    const tampered = await open(`/sandbox/portal/${altered}`);
    expect(tampered.status).toBe(404);
    expect(tampered.text).not.toContain('4242');

    // B's add-card link saves B's card, never A's.
    const aCards = await shop.cards(a.fan.key);
    expect((await shop.postForm(await addCardLink(b), CARD_FORM)).status).toBe(303);
    expect(await shop.cards(a.fan.key)).toEqual(aCards);
    expect((await shop.cards(b.key)).map((c) => c.last4)).toEqual(['4242', '9995']);
  });

  it('the endpoints refuse a return address off the allow-list (400, the reason on return_url); the pages return to an allowed one', async () => {
    const fan = await acc.signUp();
    const hostile = [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      `${PUBLIC_URL}/profile`,
      '/profile/../login',
      '/%2F%2Fevil.example',
      '/login',
      'javascript:alert(1)',
      ' /profile',
      '/profile?x=1',
      '/orders/0',
      '',
    ];
    for (const bad of [...hostile, '/profile/payment-methods']) {
      const res = await acc.get('/stripe/customer-portal', { api_key: fan.key, return_url: bad });
      expect([res.status, res.json.errors?.return_url], bad).toEqual([400, [RETURN_MSG]]);
    }
    for (const bad of [...hostile, '/profile', '/orders/12']) {
      const res = await http.request('POST', '/stripe/setup-intent', { body: { api_key: fan.key, return_url: bad } });
      expect([res.status, res.json.errors?.return_url], bad).toEqual([400, [RETURN_MSG]]);
    }

    const fromOrder = await open(await portalLink(fan, { return_url: '/orders/12' }));
    expect(fromOrder.text).toContain('<a href="/orders/12">Return to');
    expect((await open(await portalLink(fan))).text).toContain('<a href="/profile">Return to');
    const setup = await http.request('POST', '/stripe/setup-intent', { body: { api_key: fan.key, return_url: '/profile/payment-methods' } });
    expect(setup.status, setup.text).toBe(200);
    const saved = await shop.postForm(setup.json.data.redirect_url, CARD_FORM);
    expect([saved.status, saved.location]).toEqual([303, '/profile/payment-methods']);

    // Even a token the server signed opens nothing once its return address is off the list.
    for (const r of ['https://evil.example/', '//evil.example', '/login']) {
      const token = signing.token('sandbox-link', { p: 'add-card', c: channelId, u: fan.user.id, r, e: Date.now() + LINK_TTL_MS });
      const posted = await shop.postForm(`/sandbox/add-card/${token}`, CARD_FORM);
      expect([posted.status, posted.location], r).toEqual([404, null]);
    }
  });

  it('the sandbox pages only ever redirect and link to paths on the origin the fan is on', async () => {
    const sent: string[] = [];
    const hrefs = (html: string) => [...html.matchAll(/(?:href|action)="([^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
    const keep = (r: { location: string | null; text: string }) => {
      if (r.location) sent.push(r.location);
      sent.push(...hrefs(r.text));
      return r;
    };

    // A checkout: its page, paying, and the page of the ended checkout.
    const fan = await acc.signUp();
    const { event, ticket } = await shop.paidEvent(3);
    const started = (await shop.buy(fan.key, { event_id: event.id, package_id: ticket.id })).json.data;
    expect(keep(await open(started.redirect_url)).text).toContain(`<a href="/watch/${event.id}">Back to`);
    const paid = keep(await shop.pay(started.redirect_url, CARD.ok));
    expect(paid.location).toMatch(new RegExp(`^/orders/${started.order_id}\\?session_id=cs_test_`));
    keep(await open(started.redirect_url));

    // The bank's page of a checkout, and of a saved card's payment; the portal; Add a card.
    const other = await shop.paidEvent(4);
    const asked = (await shop.buy(fan.key, { event_id: other.event.id, package_id: other.ticket.id })).json.data;
    keep(await shop.pay(asked.redirect_url, CARD.authenticate));
    keep(await open(`${asked.redirect_url}/authenticate`));
    expect(keep(await shop.authenticate(asked.redirect_url, 'complete')).location).toMatch(/^\/orders\/\d+\?session_id=/);
    const card = await shop.saveCard(fan.key, CARD.authenticate);
    const third = await shop.paidEvent(5);
    const charged = (await shop.buy(fan.key, { event_id: third.event.id, package_id: third.ticket.id, payment_method_id: card })).json.data;
    keep(await open(charged.redirect_url));
    expect(keep(await shop.authenticatePayment(charged.redirect_url, 'complete')).location).toMatch(/^\/orders\/\d+\?payment_intent=pi_test_/);
    const sub = await subscriber();
    const portal = await portalLink(sub.fan);
    keep(await open(portal));
    expect(keep(await shop.postForm(portal, { action: 'cancel', subscription: sub.subscription })).location).toBe(portal);
    const addCard = await addCardLink(fan);
    keep(await open(addCard));
    keep(await shop.postForm(addCard, { ...CARD_FORM, card_number: '4242' }));
    expect(keep(await shop.postForm(addCard, CARD_FORM)).location).toBe('/profile/payment-methods');

    // Checkouts kept with addresses of another kind (an older one's absolute PUBLIC_URL, or
    // anything else): the fan is still sent to a path here.
    for (const [successUrl, cancelUrl, expected] of [
      [`${PUBLIC_URL}/orders/1?session_id={CHECKOUT_SESSION_ID}`, `${PUBLIC_URL}/packages`, /^\/orders\/1\?session_id=cs_test_/],
      ['//evil.example/orders/2?session_id={CHECKOUT_SESSION_ID}', 'https://evil.example/packages', /^\/orders\/2\?session_id=cs_test_/],
      ['http://evil.example//evil.example', '/\\evil.example', /^\/$/],
    ] as const) {
      const next = await shop.paidEvent(6);
      const buyer = await acc.signUp();
      const made = (await shop.buy(buyer.key, { event_id: next.event.id, package_id: next.ticket.id })).json.data;
      await server.db
        .update(sandboxSessions)
        .set({ successUrl, cancelUrl })
        .where(eq(sandboxSessions.id, tokenOf(made.redirect_url)));
      keep(await open(made.redirect_url));
      expect(keep(await shop.pay(made.redirect_url, CARD.ok)).location, successUrl).toMatch(expected);
    }

    expect(sent.length).toBeGreaterThan(20);
    for (const address of sent) {
      expect(address, address).toMatch(/^\/(?![/\\])/);
      expect(new URL(address, 'http://our.example').origin, address).toBe('http://our.example');
    }
  });
});

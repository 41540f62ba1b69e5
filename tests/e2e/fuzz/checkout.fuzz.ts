/* Property-based fuzz of the sandbox payment provider's hosted checkout, through the web server's
   proxy (issue 10; the forms of its card page and its bank page; issue 11: its "Add a card" page
   and the bank page of a payment on a saved card; issue 21: its links forged with the public
   channel key, or made for the other page): fields replaced with hostile
   values, dropped, duplicated, prototype-named fields, other content types, another site's
   headers, hostile session ids. Every answer must be below 500 and carry no stack trace, SQL or
   secret, and a refused post (4xx) must leave the order as it was: still waiting for its payment.
   Seeded: the same cases every run. */
import { createHmac } from 'node:crypto';
import { expect, request as playwrightRequest, test } from '@playwright/test';
import fc from 'fast-check';
import { hostileString, NESTED_KEYS, PROTOTYPE_KEYS } from '../../support/hostile.ts';
import { cleanBody } from '../../support/leaks.ts';
import { createVerifiedUser, sessionCookieFor } from '../support/accounts.ts';
import { channelKey } from '../support/channel.ts';
import { cardsOf, CARDS, ordersOf, paidEvent, saveCard } from '../support/commerce.ts';
import { API_KEY_SHAPE } from '../support/fixtures.ts';
import { CHANNEL_API_URL, WEB_URL } from '../support/urls.ts';

const RUNS = 60;
const SEED = 20261125;

/** A fan with a purchase waiting on the sandbox checkout: its path and the fan's api key. */
async function openCheckout(): Promise<{ path: string; apiKey: string; orderId: number }> {
  const { apiKey } = await sessionCookieFor(await createVerifiedUser());
  const { event, ticket } = await paidEvent();
  const res = await fetch(`${CHANNEL_API_URL}/stripe/buy`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      api_key: apiKey,
      event_id: event.id,
      package_id: ticket.id,
      idempotency_key: `fuzz-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    }),
  });
  const { data } = (await res.json()) as { data: { order_id: number; redirect_url: string } };
  return { path: data.redirect_url, apiKey, orderId: data.order_id };
}

const FIELDS = ['card_number', 'card_expiry', 'card_cvc', 'result'];
const mutationsArb = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constant('set' as const), field: fc.constantFrom(...FIELDS), value: hostileString(5_000) }),
    fc.record({ kind: fc.constant('drop' as const), field: fc.constantFrom(...FIELDS) }),
    fc.record({ kind: fc.constant('extra' as const), field: fc.constantFrom(...PROTOTYPE_KEYS, ...NESTED_KEYS), value: hostileString(200) }),
  ),
  { minLength: 1, maxLength: 3 },
);
const caseArb = fc.record({
  page: fc.constantFrom('card', 'card', 'bank'),
  values: fc.record({
    card_number: fc.constantFrom(CARDS.success, CARDS.authentication, '4242'),
    card_expiry: fc.constant('12 / 34'),
    card_cvc: fc.constant('123'),
  }),
  mutations: mutationsArb,
  transport: fc.constantFrom('form', 'form', 'form', 'json', 'multipart', 'text'),
  origin: fc.constantFrom(WEB_URL, WEB_URL, WEB_URL, 'http://evil.example', 'null'),
  session: fc.constantFrom('own', 'own', 'own', 'cs_test_%2e%2e', `cs_test_${'Z'.repeat(70)}`, 'cs_live_abc', '..%2F..%2Fchannels'),
});

test('the sandbox checkout takes hostile posts: no 5xx, no leak, a refused post leaves the order waiting (60 cases)', async () => {
  test.setTimeout(240_000);
  const key = await channelKey();
  const api = await playwrightRequest.newContext({ baseURL: WEB_URL });
  let checkout = await openCheckout();
  const statuses: Record<string, number> = {};
  try {
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        const entries: [string, string][] = Object.entries(c.values);
        if (c.page === 'bank') entries.push(['result', 'fail']);
        for (const m of c.mutations) {
          if (m.kind === 'drop') for (let i = entries.length - 1; i >= 0; i--) if (entries[i][0] === m.field) entries.splice(i, 1);
          if (m.kind === 'set') entries.push([m.field, m.value]);
          if (m.kind === 'extra') entries.push([m.field, m.value]);
        }
        const session = c.session === 'own' ? checkout.path : `/sandbox/checkout/${c.session}`;
        const url = c.page === 'bank' ? `${session}/authenticate` : session;
        const clean = (v: string) => v.replace(/[\ud800-\udfff]/g, '\ufffd');
        const bodies = {
          form: ['application/x-www-form-urlencoded', entries.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(clean(v))}`).join('&')],
          json: ['application/json', JSON.stringify(Object.fromEntries(entries))],
          multipart: ['multipart/form-data; boundary=fz', `--fz\r\nContent-Disposition: form-data; name="card_number"\r\n\r\n4242\r\n--fz--\r\n`],
          text: ['text/plain', entries.map(([k, v]) => `${k}=${v}`).join('\n')],
        } as const;
        const [type, data] = bodies[c.transport as keyof typeof bodies];
        const res = await api.post(url, {
          headers: { 'Content-Type': type, Origin: c.origin },
          data,
          maxRedirects: 0,
          failOnStatusCode: false,
          timeout: 30_000,
        });
        const status = res.status();
        statuses[status] = (statuses[status] ?? 0) + 1;
        const body = await res.text();
        const label = `${JSON.stringify(c).slice(0, 300)} → ${status}`;
        expect(status, label).toBeLessThan(500);
        expect(cleanBody(body), label).toEqual([]);
        expect(body.includes(key), `${label}: the channel key`).toBe(false);
        expect(API_KEY_SHAPE.test(body), `${label}: an api key`).toBe(false);
        const order = (await ordersOf(checkout.apiKey)).find((o) => o.id === checkout.orderId);
        if (status >= 400) expect(order?.status, `${label}: a refused post changed the order`).toBe('created');
        // Accepted (a card or the bank answered): that checkout is over; the next case gets a new one.
        if (status < 400 && order?.status !== 'created') checkout = await openCheckout();
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  } finally {
    await api.dispose();
    console.log(`[fuzz] sandbox checkout: ${RUNS} posts, answers ${JSON.stringify(statuses)}`);
  }
});

/* Saved cards (ADR 018): the sandbox's "Add a card" page (a signed link) and the bank page of a
   payment on a saved card, through the same proxy. A refused post saves no card and leaves the
   payment waiting for the bank. */

/** A fan with a saved 3155 card and a payment on it waiting for the bank; their add-card link; the
 *  token of their portal link (made for the other page); and their add-card link's claims signed
 *  with the channel key, as the sandbox signed links before issue 21 (anyone can read that key). */
async function waitingPayment(
  channelKey: string,
): Promise<{ bankPath: string; addCardPath: string; apiKey: string; orderId: number; portal: string; forged: string }> {
  const { apiKey } = await sessionCookieFor(await createVerifiedUser());
  const card = await saveCard(apiKey, CARDS.authentication);
  const { event, ticket } = await paidEvent();
  const post = async (path: string, body: Record<string, unknown>) =>
    (await (
      await fetch(`${CHANNEL_API_URL}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ api_key: apiKey, ...body }),
      })
    ).json()) as { data: { order_id: number; redirect_url: string } };
  const bought = await post('/stripe/buy', {
    event_id: event.id,
    package_id: ticket.id,
    payment_method_id: card,
    idempotency_key: `fuzz-${Date.now()}-${Math.random().toString(36).slice(2)}`,
  });
  const setup = await post('/stripe/setup-intent', {});
  const portal = (await (await fetch(`${CHANNEL_API_URL}/stripe/customer-portal?api_key=${encodeURIComponent(apiKey)}`)).json()) as { data: { url: string } };
  const [payload] = setup.data.redirect_url.split('/').at(-1)!.split('.');
  return {
    bankPath: bought.data.redirect_url,
    addCardPath: setup.data.redirect_url,
    apiKey,
    orderId: bought.data.order_id,
    portal: portal.data.url.split('/').at(-1)!,
    forged: `${payload}.${createHmac('sha256', channelKey).update(payload).digest('base64url')}`,
  };
}

const savedCaseArb = fc.record({
  page: fc.constantFrom('add-card', 'bank'),
  values: fc.record({ card_number: fc.constantFrom(CARDS.success, CARDS.declined, '4242'), card_expiry: fc.constant('12 / 34'), card_cvc: fc.constant('123') }),
  mutations: mutationsArb,
  transport: fc.constantFrom('form', 'form', 'form', 'json', 'text'),
  origin: fc.constantFrom(WEB_URL, WEB_URL, 'http://evil.example'),
  target: fc.constantFrom(
    'own',
    'own',
    'own',
    'forged',
    'portal',
    'pi_test_%2e%2e',
    `pi_test_${'Z'.repeat(70)}`,
    `${'a'.repeat(20)}.${'b'.repeat(43)}`,
    'bnVsbA.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    '..%2F..%2Fsandbox%2Fclock',
  ),
});

test('the saved-card pages take hostile posts: no 5xx, no leak, a refused post saves nothing and leaves the payment waiting (60 cases)', async () => {
  test.setTimeout(240_000);
  const key = await channelKey();
  const api = await playwrightRequest.newContext({ baseURL: WEB_URL });
  let fan = await waitingPayment(key);
  const statuses: Record<string, number> = {};
  try {
    await fc.assert(
      fc.asyncProperty(savedCaseArb, async (c) => {
        const entries: [string, string][] = c.page === 'bank' ? [['result', 'fail']] : Object.entries(c.values);
        for (const m of c.mutations) {
          if (m.kind === 'drop') for (let i = entries.length - 1; i >= 0; i--) if (entries[i][0] === m.field) entries.splice(i, 1);
          if (m.kind === 'set' || m.kind === 'extra') entries.push([m.field, m.value]);
        }
        const own = c.page === 'bank' ? fan.bankPath : fan.addCardPath;
        const target = c.target === 'forged' ? fan.forged : c.target === 'portal' ? fan.portal : c.target;
        const url = c.target === 'own' ? own : c.page === 'bank' ? `/sandbox/payment/${target}/authenticate` : `/sandbox/add-card/${target}`;
        const clean = (v: string) => v.replace(/[\ud800-\udfff]/g, '\ufffd');
        const bodies = {
          form: ['application/x-www-form-urlencoded', entries.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(clean(v))}`).join('&')],
          json: ['application/json', JSON.stringify(Object.fromEntries(entries))],
          text: ['text/plain', entries.map(([k, v]) => `${k}=${v}`).join('\n')],
        } as const;
        const [type, data] = bodies[c.transport as keyof typeof bodies];
        const cardsBefore = await cardsOf(fan.apiKey);
        const res = await api.post(url, {
          headers: { 'Content-Type': type, Origin: c.origin },
          data,
          maxRedirects: 0,
          failOnStatusCode: false,
          timeout: 30_000,
        });
        const status = res.status();
        statuses[status] = (statuses[status] ?? 0) + 1;
        const body = await res.text();
        const label = `${JSON.stringify(c).slice(0, 300)} → ${status}`;
        expect(status, label).toBeLessThan(500);
        expect(cleanBody(body), label).toEqual([]);
        expect(body.includes(key), `${label}: the channel key`).toBe(false);
        expect(API_KEY_SHAPE.test(body), `${label}: an api key`).toBe(false);
        // A link signed with the channel key, or made for the portal, opens nothing: a 404 from the
        // page, or the proxy's own refusal of a post it never forwards (another site's, not a form).
        if (c.target === 'forged' || c.target === 'portal') expect(status >= 400 && status < 500, `${label}: opened`).toBe(true);
        const order = (await ordersOf(fan.apiKey)).find((o) => o.id === fan.orderId);
        if (status >= 400) {
          expect(order?.status, `${label}: a refused post changed the order`).toBe('created');
          expect(await cardsOf(fan.apiKey), `${label}: a refused post changed the cards`).toEqual(cardsBefore);
        }
        // The bank answered: that payment is over; the next case gets a new one.
        if (status < 400 && order?.status !== 'created') fan = await waitingPayment(key);
      }),
      { seed: SEED + 1, numRuns: RUNS, endOnFailure: true },
    );
  } finally {
    await api.dispose();
    console.log(`[fuzz] saved-card pages: ${RUNS} posts, answers ${JSON.stringify(statuses)}`);
  }
});

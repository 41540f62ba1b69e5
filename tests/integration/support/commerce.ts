import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { api, SANDBOX_CARDS, type Event, type Package } from '#contract';
import { startApi, type client, type TestChannelApi } from './channel-api.ts';
import { forThisFile } from './fixture.ts';
import { gifts, orders } from '../../../channel-api/db/schema.ts';
import { startFakeStripe, type FakeStripe } from '../../support/fake-stripe.ts';

/* Buying things the way the web app does (ids and an idempotency key), and paying on the sandbox
   provider's checkout page the way a fan's browser does (plain form posts). */

type Http = ReturnType<typeof client>;

/** A channel API to shop on, with the helpers every commerce test uses: the sandbox provider, or
 *  (with `stripeWebhookSecret`) the Stripe provider against a local fake of Stripe's API; `secret`
 *  is its signing secret (CHANNEL_API_SECRET), for tests that sign as the server does. */
export async function startShop(opts: { publicUrl: string; stripeWebhookSecret?: string; secret?: string }) {
  const fake: FakeStripe | undefined = opts.stripeWebhookSecret ? await startFakeStripe() : undefined;
  const stripe = fake ? { secretKey: fake.secretKey, webhookSecret: opts.stripeWebhookSecret as string, apiUrl: fake.url } : null;
  try {
    const api = await startApi({ publicUrl: opts.publicUrl, stripe, ...(opts.secret ? { secret: opts.secret } : {}) });
    return {
      ...api,
      shop: commerce(api.http),
      /** The fake Stripe (with `stripeWebhookSecret` only). */
      fake: fake as FakeStripe,
      close: async () => {
        await api.close();
        await fake?.close();
      },
    };
  } catch (error) {
    await fake?.close();
    throw error;
  }
}

/** The shop of a test file (or of a describe block): started before its first test, closed after
 *  its last; `arrange` looks up what its tests read (forThisFile). */
export const shopForThisFile = (opts: Parameters<typeof startShop>[0], arrange?: (started: Awaited<ReturnType<typeof startShop>>) => Promise<void>) =>
  forThisFile(() => startShop(opts), { arrange });

/** As if the gift behind the buyer's order was last mailed two minutes ago: it may be mailed
 *  again (POST /gifts/resend allows one mail a minute). */
export async function giftMailedAWhileAgo(db: TestChannelApi['db'], orderId: number): Promise<void> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  await db
    .update(gifts)
    .set({ mailedAt: new Date(Date.now() - 120_000) })
    .where(eq(gifts.purchaseId, order.purchaseId!));
}

export const idempotencyKey = () => randomBytes(16).toString('hex');

export const CARD = {
  ok: SANDBOX_CARDS.success,
  declined: SANDBOX_CARDS.declined,
  insufficient: SANDBOX_CARDS.insufficientFunds,
  authenticate: SANDBOX_CARDS.authentication,
};

export function commerce(http: Http) {
  const catalogue = async () => {
    const key = await http.apiKey();
    const packages = api.packages.response.parse((await http.request('GET', '/packages')).json).data;
    const events = api.events.response.parse((await http.request('GET', '/events', { query: { api_key: key, limit: '100' } })).json).data;
    return { packages, events };
  };

  /** A paid event that has finished (it plays once bought), its single-event package, and another paid event. */
  async function paidEvent(pick = 0): Promise<{ event: Event; ticket: Package; packages: Package[]; events: Event[] }> {
    const { packages, events } = await catalogue();
    const paid = events.filter((e) => e.type === 'paid' && e.stream_status === 'finished');
    const event = paid[pick % paid.length];
    const ticket = packages.find((p) => p.type === 'event' && p.event_categories.some((c) => event.event_categories.some((ec) => ec.id === c)));
    if (!ticket) throw new Error(`no single-event package for event ${event.id}`);
    return { event, ticket, packages, events };
  }

  const buy = (key: string, params: Record<string, unknown>) =>
    http.request('POST', '/stripe/buy', { body: { idempotency_key: idempotencyKey(), ...params, api_key: key } });
  const buyBundle = (key: string, params: Record<string, unknown>) =>
    http.request('POST', '/stripe/buy_bundle', { body: { idempotency_key: idempotencyKey(), ...params, api_key: key } });
  const order = (key: string, id: number) => http.request('GET', `/orders/${id}`, { query: { api_key: key } });
  const event = (key: string, id: number) => http.request('GET', `/events/${id}`, { query: { api_key: key } });

  /** The path of a redirect_url: the sandbox names its pages by their paths (/sandbox/checkout/cs_test_…). */
  const checkoutPath = (redirectUrl: string) => new URL(redirectUrl, http.baseUrl).pathname;

  /** Submits the card form of a sandbox checkout, as a browser without JavaScript does. */
  async function pay(redirectUrl: string, number: string, extra: { expiry?: string; cvc?: string } = {}) {
    return postForm(checkoutPath(redirectUrl), { card_number: number, card_expiry: extra.expiry ?? '12 / 34', card_cvc: extra.cvc ?? '123' });
  }

  async function postForm(pathname: string, form: Record<string, string>) {
    const res = await fetch(new URL(pathname, http.baseUrl), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    return { status: res.status, location: res.headers.get('location'), text: await res.text() };
  }

  /** The bank's answer on the authentication page of 4000 0025 0000 3155. */
  const authenticate = (redirectUrl: string, result: 'complete' | 'fail') => postForm(`${checkoutPath(redirectUrl)}/authenticate`, { result });

  /** Saves a card without paying, as the fan does from their profile: setup-intent, then the
   *  sandbox's "Add a card" page. Answers the saved card's id. */
  async function saveCard(key: string, number: string = CARD.ok): Promise<string> {
    const before = new Set((await cards(key)).map((c) => c.id));
    const setup = await http.request('POST', '/stripe/setup-intent', { body: { api_key: key } });
    if (setup.status !== 200) throw new Error(`setup-intent: ${setup.status} ${setup.text}`);
    const saved = await postForm(checkoutPath(setup.json.data.redirect_url), { card_number: number, card_expiry: '12 / 34', card_cvc: '123' });
    if (saved.status !== 303) throw new Error(`add-card: ${saved.status} ${saved.text}`);
    const added = (await cards(key)).find((c) => !before.has(c.id));
    if (!added) throw new Error('the card was not saved');
    return added.id;
  }

  const cards = async (key: string) => api.listCards.response.parse((await http.request('GET', '/stripe/list-cards', { query: { api_key: key } })).json).data;

  /** The bank's answer on the page of a payment on a saved card that needs authentication. */
  const authenticatePayment = (redirectUrl: string, result: 'complete' | 'fail') => postForm(checkoutPath(redirectUrl), { result });

  return { catalogue, paidEvent, buy, buyBundle, order, event, pay, postForm, authenticate, checkoutPath, saveCard, cards, authenticatePayment };
}

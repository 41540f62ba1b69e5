import type { AppLoadContext } from '@remix-run/node';
import { describe, expect, it, vi } from 'vitest';
import type { Package, Subscription } from '#contract';
import { bootstrapBody, channelForThisFile, type TestChannel } from '../../support/test-channel-server';

/* /packages against a channel that speaks the wire: amounts come in the currency's minor units
   (ADR 043) and the page reads them as a fan does; the web app formats, it computes nothing. */

let channel: TestChannel;
let packages: typeof import('~/routes/packages');

const product = { description: '', image: null, weight: 0, capabilities: ['watch' as const] };
const monthly: Subscription = {
  ...product,
  id: 7,
  name: 'Monthly subscription',
  type: 'subscription',
  price: 1299,
  base_price: 1199,
  service_fee: 100,
  offer: 'monthly',
  period: 'month',
  trial_period: 7,
  event_categories: [10],
};
const season: Package = {
  ...product,
  id: 1,
  name: 'Basketball season pass',
  type: 'package',
  pass_type: 'paid',
  kind: 'regular',
  parent_pass_id: null,
  event_category_id: null,
  event_categories: [10],
  is_team_pass: false,
  participants: [],
  period: 'season',
  price: 4999,
  base_price: 4799,
  service_fee: 0,
};

/** The channel's catalogue in `currency`, and the loader's answer for an anonymous visitor. */
async function page(currency: string, catalogue: { subscriptions: unknown[]; packages: unknown[] }) {
  const data = { ...bootstrapBody.data, settings: { ...bootstrapBody.data.settings, currency }, ...catalogue };
  channel.route('GET /channel-bootstrap-data', () => ({ body: { data } }));
  vi.resetModules(); // the bootstrap is cached per process: a fresh one reads this channel's
  packages = await import('~/routes/packages');
  const res = await packages.loader({ request: new Request('http://app.test/packages'), params: {}, context: {} as AppLoadContext });
  return res.json();
}

channelForThisFile((started) => {
  channel = started;
});

describe('/packages', () => {
  it('reads prices and service fees sent in cents as dollars and cents', async () => {
    const { subscriptions, passes } = await page('USD', { subscriptions: [monthly], packages: [season] });
    expect(subscriptions).toEqual([expect.objectContaining({ name: 'Monthly subscription', priceTitle: '$11.99/month', serviceFee: '$1.00' })]);
    expect(passes).toEqual([expect.objectContaining({ name: 'Basketball season pass', priceTitle: '$47.99/season', serviceFee: null })]);
  });

  it('writes a channel’s currency with its own minor unit: whole yen', async () => {
    const { subscriptions } = await page('JPY', { subscriptions: [{ ...monthly, price: 1600, base_price: 1500, service_fee: 100 }], packages: [] });
    expect(subscriptions).toEqual([expect.objectContaining({ priceTitle: '¥1,500/month', serviceFee: '¥100' })]);
  });

  it('refuses a channel that still sends decimal amounts (the contract before ADR 043) rather than misread them', async () => {
    const thrown = await page('USD', { subscriptions: [{ ...monthly, base_price: 11.99 }], packages: [] }).then(
      () => null,
      (error: unknown) => error,
    );
    // The 'Whoops!' screen: no '$0.12/month' and no '$11.99/month' guessed from a decimal.
    expect(thrown).toBeInstanceOf(Response);
    expect([(thrown as Response).status, await (thrown as Response).json()]).toEqual([503, { screen: 'whoops' }]);
  });
});

import { describe, expect, it } from 'vitest';
import { demoChannel } from '../../../../channel-api/seed/demo-channel.ts';
import { channelDescription } from '../../../../channel-api/seed/description.ts';

/* A channel description's prices are decimals of its currency (seed/prices.ts): one its currency
   cannot hold is refused at import, where the operator reads the path and the reason. */

const demo = demoChannel();
const issuesOf = (input: unknown) => {
  const parsed = channelDescription.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('a channel description’s prices', () => {
  it('the demo’s fit its currency, USD', () => {
    expect(demo.settings.currency).toBe('USD');
    expect(issuesOf(demo)).toEqual([]);
  });

  it('refuses a price finer than a cent in USD, naming the field', () => {
    const packages = demo.packages!.map((p, i) => (i === 1 ? { ...p, service_fee: 1.999 } : p));
    const coupons = demo.coupons!.map((c, i) => (i === 0 ? { ...c, minimum_amount: 19.995 } : c));
    expect(issuesOf({ ...demo, packages, coupons })).toEqual([
      'packages.1.service_fee: a price in USD has at most 2 decimals',
      'coupons.0.minimum_amount: a price in USD has at most 2 decimals',
    ]);
  });

  it('reads the prices in the channel’s own currency: whole yen for JPY', () => {
    const settings = { ...demo.settings, currency: 'JPY' };
    const yen = demo.subscriptions!.map((s) => ({ ...s, price: 1500, base_price: 1400, service_fee: 100 }));
    const issues = issuesOf({ ...demo, settings, subscriptions: yen });
    expect(issues).toContain('packages.0.base_price: a price in JPY has no decimals');
    expect(issues.filter((i) => i.startsWith('subscriptions.'))).toEqual([]);
  });
});

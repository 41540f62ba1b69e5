import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { ORDER_MSG } from '#contract';
import { cardLabel } from '~/domain/payment-cards';
import { buyFormSchema, buySchema } from '~/forms/purchase';
import { paymentRedirect } from '~/http/payment-redirect';
import { sandboxPath } from '../../../server/payment-proxy.ts';

/* Saved cards on the web side (ADR 018): how a card is named, "Pay with" on /buy, and the only new
   pages a purchase or "Add a card" may send the fan to. */

const form = (pairs: [string, string][]) => {
  const f = new FormData();
  for (const [k, v] of pairs) f.append(k, v);
  return f;
};
const purchase: [string, string][] = [
  ['event', '45'],
  ['package', '5'],
  ['idempotency_key', 'a'.repeat(20)],
];
const pi = `pi_test_${'Ab1'.repeat(10)}`;
const token = `${'a'.repeat(20)}.${'b'.repeat(43)}`;

describe('cardLabel', () => {
  it('names a card as the fan knows it', () => {
    expect(cardLabel({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 })).toBe('Visa ending 4242, expires 12/34');
    expect(cardLabel({ brand: 'mastercard', last4: '4444', exp_month: 3, exp_year: 2031 })).toBe('Mastercard ending 4444, expires 03/31');
    expect(cardLabel({ brand: 'unionpay', last4: '0005', exp_month: 1, exp_year: 2030 })).toBe('Unionpay ending 0005, expires 01/30');
  });
});

describe('"Pay with" on /buy', () => {
  it('asked and left empty: the spec’s message on the group, on the server and in the browser', () => {
    for (const schema of [buySchema, buyFormSchema]) {
      const s = parseWithZod(form([...purchase, ['intent', 'buy'], ['choose_card', '1']]), { schema });
      expect(s.status === 'error' && s.error?.payment_method).toEqual([ORDER_MSG.selectCard]);
    }
  });

  it('a card or a new card is a choice; something else is no choice', () => {
    for (const choice of ['new', 'pm_sbx_abc123']) {
      expect(parseWithZod(form([...purchase, ['choose_card', '1'], ['payment_method', choice]]), { schema: buySchema }).status, choice).toBe('success');
    }
    for (const choice of ['', 'pm_', 'card-1', 'new ', `pm_${'a'.repeat(101)}`]) {
      const s = parseWithZod(form([...purchase, ['choose_card', '1'], ['payment_method', choice]]), { schema: buySchema });
      expect(s.status === 'error' && s.error?.payment_method, choice).toEqual([ORDER_MSG.selectCard]);
    }
  });

  it('not asked (no saved cards), or applying a code: no choice needed', () => {
    expect(parseWithZod(form(purchase), { schema: buySchema }).status).toBe('success');
    const apply = parseWithZod(form([...purchase, ['intent', 'apply-coupon'], ['choose_card', '1'], ['code', 'WELCOME10']]), { schema: buyFormSchema });
    expect(apply.status).toBe('success');
  });
});

describe('where saved cards may send the fan', () => {
  const site = 'https://watch.example.com';
  it('the sandbox’s add-card page and a saved card’s bank page, as paths; the order page with payment_intent', () => {
    expect(paymentRedirect(`${site}/sandbox/add-card/${token}`, site)).toBe(`/sandbox/add-card/${token}`);
    expect(paymentRedirect(`${site}/sandbox/payment/${pi}/authenticate`, site)).toBe(`/sandbox/payment/${pi}/authenticate`);
    expect(paymentRedirect(`${site}/orders/7?payment_intent=${pi}`, site)).toBe(`/orders/7?payment_intent=${pi}`);
    expect(paymentRedirect(`https://hooks.stripe.com/3d_secure_2/hosted?payment_intent=pi_1`, site)).toBe(
      'https://hooks.stripe.com/3d_secure_2/hosted?payment_intent=pi_1',
    );
    for (const bad of [`${site}/sandbox/payment/${pi}`, `${site}/sandbox/payment/pi_live_${'a'.repeat(30)}/authenticate`, `${site}/sandbox/add-card/x.y`]) {
      expect(paymentRedirect(bad, site), bad).toBeNull();
    }
  });

  it('the proxy forwards exactly those pages of the sandbox', () => {
    expect(sandboxPath(`/add-card/${token}?x=1`)).toBe(`/add-card/${token}`);
    expect(sandboxPath(`/payment/${pi}/authenticate`)).toBe(`/payment/${pi}/authenticate`);
    for (const bad of [`/payment/${pi}`, `/payment/${pi}/authenticate/..`, '/add-card/..%2Fclock', '/clock', `/payment/pi_test_%2e%2e/authenticate`]) {
      expect(sandboxPath(bad), bad).toBeNull();
    }
  });
});

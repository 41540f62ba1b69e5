import { describe, expect, it } from 'vitest';
import { cardLabel } from '~/domain/payment-cards';

/* Saved cards on the web side (ADR 018): how a card is named ("Pay with" on /buy: forms/purchase.saved-cards.test.ts;
   the pages a purchase or "Add a card" may send the fan to: http/payment-redirect.saved-cards.test.ts). */

describe('cardLabel', () => {
  it('names a card as the fan knows it', () => {
    expect(cardLabel({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 })).toBe('Visa ending 4242, expires 12/34');
    expect(cardLabel({ brand: 'mastercard', last4: '4444', exp_month: 3, exp_year: 2031 })).toBe('Mastercard ending 4444, expires 03/31');
    expect(cardLabel({ brand: 'unionpay', last4: '0005', exp_month: 1, exp_year: 2030 })).toBe('Unionpay ending 0005, expires 01/30');
  });
});

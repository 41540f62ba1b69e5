import { describe, expect, it } from 'vitest';
import { SANDBOX_CARDS } from '#contract';
import { CARD_MSG, checkCard } from '../../../../channel-api/payments/sandbox.ts';

describe('the sandbox’s card form', () => {
  const now = new Date('2026-11-25T00:00:00Z');
  const card = (number: string, expiry = '12 / 34', cvc = '123') => checkCard({ number, expiry, cvc }, now);
  it('gives Stripe’s test cards Stripe’s outcomes', () => {
    expect(card('4242 4242 4242 4242')).toEqual({ outcome: { kind: 'succeeds' } });
    expect(card(SANDBOX_CARDS.declined)).toEqual({ outcome: { kind: 'declined', code: 'card_declined' } });
    expect(card('4000-0000-0000-9995')).toEqual({ outcome: { kind: 'declined', code: 'insufficient_funds' } });
    expect(card(SANDBOX_CARDS.authentication)).toEqual({ outcome: { kind: 'authenticate' } });
  });

  it('answers mistakes with Stripe’s words', () => {
    expect(card('')).toEqual({ errors: { number: CARD_MSG.numberIncomplete } });
    expect(card('4242 4242 4242 4241')).toEqual({ errors: { number: CARD_MSG.numberInvalid } });
    expect(card('4242abcd')).toEqual({ errors: { number: CARD_MSG.numberInvalid } });
    expect(card('5555 5555 5555 4444')).toEqual({ errors: { number: CARD_MSG.notATestCard } });
    expect(card(SANDBOX_CARDS.success, '10 / 26', '12')).toEqual({ errors: { expiry: CARD_MSG.expiryPast, cvc: CARD_MSG.cvcIncomplete } });
    expect(card(SANDBOX_CARDS.success, '13/30')).toEqual({ errors: { expiry: CARD_MSG.expiryIncomplete } });
    expect(card(SANDBOX_CARDS.success, '11/26')).toEqual({ outcome: { kind: 'succeeds' } });
  });
});

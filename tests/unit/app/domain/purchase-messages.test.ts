import { describe, expect, it } from 'vitest';
import { ORDER_MSG } from '#contract';
import { purchaseMessage } from '~/domain/purchase-messages';

describe('purchaseMessage', () => {
  it('shows the spec’s and the channel’s purchase words, and hides anything else', () => {
    expect(purchaseMessage(ORDER_MSG.alreadyBought('package'), 409)).toBe('You already bought this package.');
    expect(purchaseMessage(ORDER_MSG.passNotFound, 404)).toBe('Pass not found');
    expect(purchaseMessage('idempotency_key: must be 16 to 64 letters', 400)).toBe('Something went wrong. Please try again or contact technical support');
    expect(purchaseMessage(ORDER_MSG.providerUnavailable, 502)).toBe(ORDER_MSG.providerUnavailable);
    expect(purchaseMessage('Internal server error', 500)).toBe('Apologies! Our service is currently experiencing technical difficulties.');
  });
});

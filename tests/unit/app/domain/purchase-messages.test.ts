import { describe, expect, it } from 'vitest';
import { ORDER_MSG } from '#contract';
import { purchaseMessage } from '~/domain/purchase-messages';
import { refused } from '../../support/refusals.ts';

describe('purchaseMessage', () => {
  it('shows the spec’s and the channel’s purchase words, and hides anything else', () => {
    expect(purchaseMessage(refused(409, 'already_bought', ORDER_MSG.alreadyBought('package')))).toBe('You already bought this package.');
    expect(purchaseMessage(refused(404, 'not_found', ORDER_MSG.passNotFound))).toBe('Pass not found');
    expect(purchaseMessage(refused(400, 'invalid_params', 'idempotency_key: must be 16 to 64 letters'))).toBe(
      'Something went wrong. Please try again or contact technical support',
    );
    expect(purchaseMessage(refused(502, 'payment_provider_unavailable', ORDER_MSG.providerUnavailable))).toBe(ORDER_MSG.providerUnavailable);
    expect(purchaseMessage(refused(500, 'internal_error', 'Internal server error'))).toBe(
      'Apologies! Our service is currently experiencing technical difficulties.',
    );
  });
});

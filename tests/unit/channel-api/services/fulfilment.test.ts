import { describe, expect, it } from 'vitest';
import { DECLINE_MSG } from '#contract';
import { outcomeOf } from '../../../../channel-api/services/fulfilment.ts';

describe('what a checkout’s state means for its purchase', () => {
  const state = (s: Partial<Parameters<typeof outcomeOf>[0]>) => ({
    sessionId: 'cs',
    purchaseId: 1,
    status: 'open' as const,
    paymentStatus: 'unpaid' as const,
    declineCode: null,
    subscriptionId: null,
    ...s,
  });
  it('paid when complete and paid (or nothing to pay: a trial); failed when expired or declined; else nothing yet', () => {
    expect(outcomeOf(state({ status: 'complete', paymentStatus: 'paid' }))).toEqual({ status: 'paid' });
    expect(outcomeOf(state({ status: 'complete', paymentStatus: 'no_payment_required' }))).toEqual({ status: 'paid' });
    expect(outcomeOf(state({ status: 'expired' }))).toEqual({ status: 'failed', reason: DECLINE_MSG.expired });
    expect(outcomeOf(state({ status: 'complete', declineCode: 'insufficient_funds' }))).toEqual({ status: 'failed', reason: DECLINE_MSG.insufficient_funds });
    expect(outcomeOf(state({ status: 'complete' }))).toBeNull();
    expect(outcomeOf(state({}))).toBeNull();
  });
});

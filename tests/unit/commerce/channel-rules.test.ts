import { describe, expect, it } from 'vitest';
import { DECLINE_MSG, SANDBOX_CARDS } from '#contract';
import { capabilitiesOf, covers, hasAccess, hasVodAccess, ownsSubscription, trialOpen, watchable, type Entitlement } from '../../../channel-api/access.ts';
import { CARD_MSG, checkCard } from '../../../channel-api/payments/sandbox.ts';
import { accessUntil, periodEnd, recurringOf } from '../../../channel-api/services/billing.ts';
import { outcomeOf } from '../../../channel-api/services/fulfilment.ts';

const ent = (e: Partial<Entitlement>): Entitlement => ({
  type: 'package',
  productId: 1,
  eventId: null,
  eventCategoryId: null,
  participantId: null,
  categories: [],
  ...e,
});
const game = { id: 45, type: 'paid', categoryIds: [12, 10], participantIds: [200, 100] };

describe('access (a pass counts when its order is paid and active: the entitlements)', () => {
  it('a ticket covers its event, a package its category (or a parent of the event’s), a team pass its team, a subscription its categories', () => {
    expect(covers(ent({ type: 'event', eventId: 45 }), game)).toBe(true);
    expect(covers(ent({ type: 'event', eventId: 46 }), game)).toBe(false);
    expect(covers(ent({ eventCategoryId: 12 }), game)).toBe(true);
    expect(covers(ent({ eventCategoryId: 10 }), game)).toBe(true);
    expect(covers(ent({ eventCategoryId: 11 }), game)).toBe(false);
    expect(covers(ent({ participantId: 100 }), game)).toBe(true);
    expect(covers(ent({ participantId: 101 }), game)).toBe(false);
    expect(covers(ent({ type: 'subscription', categories: [10, 20] }), game)).toBe(true);
    expect(covers(ent({ type: 'subscription', categories: [20] }), game)).toBe(false);
  });

  it('an event as access sees it; a subscription is owned through a paid, active order of it; its trial is open once per account', () => {
    expect(watchable({ id: 45, type: 'paid', event_categories: [{ id: 12 }, { id: 10 }], participants: [{ id: 200 }, { id: 100 }] })).toEqual(game);
    expect(ownsSubscription([ent({ type: 'subscription', productId: 2 })], 2)).toBe(true);
    expect(ownsSubscription([ent({ type: 'package', productId: 2 })], 2)).toBe(false);
    expect(ownsSubscription([], 2)).toBe(false);
    expect(trialOpen({ trial_period: 7 }, null)).toBe(true);
    expect(trialOpen({ trial_period: 7 }, { trialPeriodUsed: false })).toBe(true);
    expect(trialOpen({ trial_period: 7 }, { trialPeriodUsed: true })).toBe(false);
    expect(trialOpen({ trial_period: null }, { trialPeriodUsed: false })).toBe(false);
  });

  it('free events play for everyone; paid ones need a covering entitlement', () => {
    expect(hasAccess({ ...game, type: 'free' }, { userId: null, entitlements: [] })).toBe(true);
    expect(hasAccess(game, { userId: 7, entitlements: [] })).toBe(false);
    expect(hasAccess(game, { userId: 7, entitlements: [ent({ eventCategoryId: 11 }), ent({ participantId: 100 })] })).toBe(true);
  });

  it('register events play for any signed-in fan, and for no visitor', () => {
    const fansOnly = { ...game, type: 'register' };
    expect(hasAccess(fansOnly, { userId: null, entitlements: [] })).toBe(false);
    expect(hasAccess(fansOnly, { userId: 7, entitlements: [] })).toBe(true);
  });

  it('pay-per-view events need a ticket for that very event: no pass or subscription covers them', () => {
    const ppv = { ...game, type: 'ppv' };
    expect(hasAccess(ppv, { userId: 7, entitlements: [ent({ eventCategoryId: 12 }), ent({ participantId: 100 })] })).toBe(false);
    expect(hasAccess(ppv, { userId: 7, entitlements: [ent({ type: 'subscription', categories: [10] })] })).toBe(false);
    expect(hasAccess(ppv, { userId: 7, entitlements: [ent({ type: 'event', eventId: 46 })] })).toBe(false);
    expect(hasAccess(ppv, { userId: 7, entitlements: [ent({ type: 'event', eventId: 45 })] })).toBe(true);
  });

  it('an access type it does not know is taken as paid, never as free', () => {
    for (const type of ['', 'Free', 'premium', 'other']) {
      expect(hasAccess({ ...game, type }, { userId: null, entitlements: [] })).toBe(false);
      expect(hasAccess({ ...game, type }, { userId: 7, entitlements: [ent({ eventCategoryId: 12 })] })).toBe(true);
    }
  });

  it('capabilities: the account’s own, plus what each kind of purchase gives; the paid library needs a subscription', () => {
    const user = { capabilities: ['WATCH'] };
    expect(capabilitiesOf(user, [])).toEqual(['watch']);
    expect(capabilitiesOf(user, [ent({ type: 'event' })]).sort()).toEqual(['watch']);
    expect(capabilitiesOf(user, [ent({})]).sort()).toEqual(['clipping', 'download_clip', 'watch']);
    expect(capabilitiesOf({ capabilities: [] }, [ent({ type: 'subscription' })]).sort()).toEqual([
      'clipping',
      'download',
      'download_clip',
      'no_ads',
      'vod_media_access',
      'watch',
    ]);
    const fan = { capabilities: ['watch'] } as Parameters<typeof hasVodAccess>[1]['user'];
    expect(hasVodAccess({ type: 'paid' }, { user: fan, entitlements: [ent({})] })).toBe(false);
    expect(hasVodAccess({ type: 'paid' }, { user: fan, entitlements: [ent({ type: 'subscription' })] })).toBe(true);
    expect(hasVodAccess({ type: 'paid' }, { user: null, entitlements: [] })).toBe(false);
    expect(hasVodAccess({ type: 'free' }, { user: null, entitlements: [] })).toBe(true);
    expect(hasVodAccess({ type: 'register' }, { user: null, entitlements: [] })).toBe(false);
    expect(hasVodAccess({ type: 'register' }, { user: fan, entitlements: [] })).toBe(true);
    expect(hasVodAccess({ type: 'ppv' }, { user: fan, entitlements: [ent({})] })).toBe(false);
    expect(hasVodAccess({ type: 'unknown' }, { user: null, entitlements: [] })).toBe(false);
  });
});

describe('billing periods (spec: 30 days for a month, 12 months for a year)', () => {
  it('ends a month 30 days on, a year on the same day next year (29 February: 28 February)', () => {
    expect(periodEnd('month', new Date('2026-01-31T10:00:00Z')).toISOString()).toBe('2026-03-02T10:00:00.000Z');
    expect(periodEnd('annual', new Date('2026-11-25T10:00:00Z')).toISOString()).toBe('2027-11-25T10:00:00.000Z');
    expect(periodEnd('annual', new Date('2028-02-29T10:00:00Z')).toISOString()).toBe('2029-02-28T10:00:00.000Z');
    expect(accessUntil({ type: 'event' }, null, new Date())).toBeNull();
    expect(accessUntil({ type: 'subscription' }, 'month', new Date('2026-01-01T00:00:00Z'))?.toISOString()).toBe('2026-01-31T00:00:00.000Z');
    expect(recurringOf('month')).toEqual({ interval: 'day', intervalCount: 30 });
    expect(recurringOf('annual')).toEqual({ interval: 'year', intervalCount: 1 });
  });
});

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

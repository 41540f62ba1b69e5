import { describe, expect, it } from 'vitest';
import { capabilitiesOf, covers, hasAccess, hasVodAccess, ownsSubscription, trialOpen, watchable, type Entitlement } from '../../../channel-api/access.ts';

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

import { describe, expect, it } from 'vitest';
import {
  capabilitiesOf,
  covers,
  featuresOf,
  hasAccess,
  hasVodAccess,
  ownsSubscription,
  trialOpen,
  watchable,
  type Entitlement,
} from '../../../channel-api/access.ts';
import type { UserRow } from '../../../channel-api/repo/users.ts';

const ent = (e: Partial<Entitlement>): Entitlement => ({
  type: 'package',
  productId: 1,
  eventId: null,
  eventCategoryId: null,
  participantId: null,
  categories: [],
  capabilities: ['watch', 'clipping'],
  ...e,
});
const ALL = ['watch', 'download', 'clipping', 'download_clip', 'no_ads', 'vod_media_access'];
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

  it('a product that does not grant watch covers its games but opens none of them', () => {
    const noWatch = ['clipping', 'download'];
    expect(hasAccess(game, { userId: 7, entitlements: [ent({ eventCategoryId: 12, capabilities: noWatch })] })).toBe(false);
    expect(hasAccess(game, { userId: 7, entitlements: [ent({ type: 'subscription', categories: [10], capabilities: noWatch })] })).toBe(false);
    expect(hasAccess({ ...game, type: 'ppv' }, { userId: 7, entitlements: [ent({ type: 'event', eventId: 45, capabilities: [] })] })).toBe(false);
    // Another product that does grant it, and covers the game, opens it.
    expect(
      hasAccess(game, { userId: 7, entitlements: [ent({ eventCategoryId: 12, capabilities: noWatch }), ent({ participantId: 100, capabilities: ['watch'] })] }),
    ).toBe(true);
    // Free and fans-only games need no product at all.
    expect(hasAccess({ ...game, type: 'free' }, { userId: 7, entitlements: [ent({ eventCategoryId: 12, capabilities: noWatch })] })).toBe(true);
    expect(hasAccess({ ...game, type: 'register' }, { userId: 7, entitlements: [] })).toBe(true);
  });

  it('capabilities: the account’s own, plus what each active product grants (the channel’s data, not the kind of purchase)', () => {
    const user = { capabilities: ['WATCH'] };
    expect(capabilitiesOf(user, [])).toEqual(['watch']);
    expect(capabilitiesOf(user, [ent({ type: 'event', capabilities: ['watch'] })]).sort()).toEqual(['watch']);
    expect(capabilitiesOf(user, [ent({})]).sort()).toEqual(['clipping', 'watch']);
    // A channel may sell a single game with downloads, and a subscription without them.
    expect(capabilitiesOf({ capabilities: [] }, [ent({ type: 'event', capabilities: ['watch', 'download'] })]).sort()).toEqual(['download', 'watch']);
    expect(capabilitiesOf({ capabilities: [] }, [ent({ type: 'subscription', capabilities: ['watch', 'no_ads'] })]).sort()).toEqual(['no_ads', 'watch']);
    expect(capabilitiesOf({ capabilities: [] }, [ent({ type: 'subscription', capabilities: ALL })]).sort()).toEqual([...ALL].sort());
    expect(capabilitiesOf({ capabilities: ['download'] }, [ent({ capabilities: ['Clipping'] })]).sort()).toEqual(['clipping', 'download']);
    const fan = { capabilities: ['watch'] } as Parameters<typeof hasVodAccess>[1]['user'];
    expect(hasVodAccess({ type: 'paid' }, { user: fan, entitlements: [ent({})] })).toBe(false);
    expect(hasVodAccess({ type: 'paid' }, { user: fan, entitlements: [ent({ type: 'subscription', capabilities: ALL })] })).toBe(true);
    expect(hasVodAccess({ type: 'paid' }, { user: fan, entitlements: [ent({ type: 'subscription', capabilities: ['watch'] })] })).toBe(false);
    expect(hasVodAccess({ type: 'paid' }, { user: null, entitlements: [] })).toBe(false);
    expect(hasVodAccess({ type: 'free' }, { user: null, entitlements: [] })).toBe(true);
    expect(hasVodAccess({ type: 'register' }, { user: null, entitlements: [] })).toBe(false);
    expect(hasVodAccess({ type: 'register' }, { user: fan, entitlements: [] })).toBe(true);
    expect(hasVodAccess({ type: 'ppv' }, { user: fan, entitlements: [ent({})] })).toBe(false);
    expect(hasVodAccess({ type: 'unknown' }, { user: null, entitlements: [] })).toBe(false);
  });
});

describe('featuresOf (what a viewer may do with a game beyond watching it, and if not, why)', () => {
  const fan = { capabilities: ['watch'] } as UserRow;
  const finished = { stream_status: 'finished' as const };
  const states = (event: Parameters<typeof featuresOf>[0], viewer: Parameters<typeof featuresOf>[1], access: boolean, downloadable?: boolean) => {
    const f = featuresOf(event, viewer, access, downloadable);
    return { clip: f.clip.state, download: f.download.state };
  };
  const subscriber = { user: fan, entitlements: [ent({ type: 'subscription', categories: [10], capabilities: ALL })] };
  const passHolder = { user: fan, entitlements: [ent({ eventCategoryId: 12 })] };

  it('names the capability each takes', () => {
    const f = featuresOf(finished, subscriber, true);
    expect([f.clip.capability, f.download.capability]).toEqual(['clipping', 'download']);
  });

  it('a visitor is asked to sign in, a fan who may not watch the game to get it first', () => {
    expect(states(finished, { user: null, entitlements: [] }, true)).toEqual({ clip: 'sign_in', download: 'sign_in' });
    expect(states(finished, { user: fan, entitlements: [] }, false)).toEqual({ clip: 'no_access', download: 'no_access' });
  });

  it('nothing to clip before a game starts; a download once it has finished and has a file', () => {
    expect(states({ stream_status: 'upcoming' }, subscriber, true)).toEqual({ clip: 'unavailable', download: 'unavailable' });
    expect(states({ stream_status: 'live' }, subscriber, true)).toEqual({ clip: 'allowed', download: 'unavailable' });
    expect(states(finished, subscriber, true)).toEqual({ clip: 'allowed', download: 'allowed' });
    expect(states(finished, subscriber, true, false)).toEqual({ clip: 'allowed', download: 'unavailable' });
  });

  it('a pass that clips but does not download; the account’s own capabilities count too', () => {
    expect(states(finished, passHolder, true)).toEqual({ clip: 'allowed', download: 'no_capability' });
    expect(states(finished, { user: fan, entitlements: [ent({ type: 'event', eventId: 45, capabilities: ['watch'] })] }, true)).toEqual({
      clip: 'no_capability',
      download: 'no_capability',
    });
    expect(states(finished, { user: { ...fan, capabilities: ['watch', 'download'] }, entitlements: [] }, true)).toEqual({
      clip: 'no_capability',
      download: 'allowed',
    });
  });
});

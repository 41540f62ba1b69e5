import { describe, expect, it } from 'vitest';
import type { Package, Subscription } from '#contract';
import { offersFor } from '~/domain/offers';

const base = { description: '', image: null, weight: 0, price: 0, base_price: 0, service_fee: 0, capabilities: [] };
const pkg = (p: Partial<Package> & Pick<Package, 'id' | 'name'>): Package => ({
  ...base,
  type: 'package',
  pass_type: 'paid',
  kind: 'regular',
  parent_pass_id: null,
  event_category_id: null,
  event_categories: [],
  is_team_pass: false,
  participants: [],
  period: 'season',
  ...p,
});
const sub = (s: Partial<Subscription> & Pick<Subscription, 'id' | 'name'>): Subscription => ({
  ...base,
  type: 'subscription',
  offer: 'monthly',
  period: 'month',
  trial_period: null,
  event_categories: [],
  ...s,
});

const catalogue = {
  packages: [
    pkg({ id: 1, name: 'Basketball season pass', base_price: 4799, event_categories: [11, 12] }),
    pkg({ id: 2, name: 'Soccer season pass', base_price: 4799, event_categories: [21, 22] }),
    pkg({ id: 3, name: 'Harbor Point team pass', base_price: 3849, is_team_pass: true, participants: [100, 101] }),
    pkg({ id: 4, name: 'Playoffs add-on', base_price: 949, kind: 'additional', parent_pass_id: 1, event_categories: [11, 12] }),
    pkg({ id: 5, name: 'Single basketball game', type: 'event', pass_type: 'ppv', base_price: 749, price: 799, period: null, event_categories: [10] }),
    pkg({ id: 6, name: 'Single soccer game', type: 'event', pass_type: 'ppv', base_price: 749, period: null, event_categories: [20] }),
  ],
  subscriptions: [
    sub({ id: 7, name: 'Monthly', base_price: 1199, event_categories: [10, 20] }),
    sub({ id: 8, name: 'Soccer only', base_price: 500, event_categories: [20] }),
  ],
};

// Girls basketball (12, under basketball 10), Harbor Point's team 100 at home.
const game = { id: 45, type: 'paid', categoryIds: [12, 10], participantIds: [200, 100] };

describe('offersFor', () => {
  it('offers the single game, the passes that cover its category or a team (that choice preselected), and covering subscriptions', () => {
    expect(offersFor(game, catalogue, 'USD')).toEqual([
      { kind: 'event', title: 'Buy this game', price: '$7.49', href: '/buy?event=45&package=5' },
      { kind: 'pass', title: 'Basketball season pass', price: '$47.99/season', href: '/select-package/1?choose=12' },
      { kind: 'pass', title: 'Harbor Point team pass', price: '$38.49/season', href: '/select-package/3?choose=100' },
      { kind: 'subscription', title: 'Monthly', price: '$11.99/month', href: '/buy?subscription=7' },
    ]);
  });

  it('offers nothing for a free event, and no add-on (it comes with its regular pass)', () => {
    expect(offersFor({ ...game, type: 'free' }, catalogue, 'USD')).toEqual([]);
    expect(offersFor(game, catalogue, 'USD').map((o) => o.title)).not.toContain('Playoffs add-on');
  });

  it('has nothing to offer when nothing covers the event', () => {
    expect(offersFor({ id: 9, type: 'paid', categoryIds: [30], participantIds: [] }, catalogue, 'USD')).toEqual([]);
  });
});

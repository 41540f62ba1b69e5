import { describe, expect, it } from 'vitest';
import type { FeatureState, Package, Subscription } from '#contract';
import { featureOffers, featureOffersOf } from '~/domain/feature-offers';

const base = { description: '', image: null, weight: 0, price: 0, service_fee: 0 };
const pkg = (p: Partial<Package> & Pick<Package, 'id' | 'name' | 'base_price'>): Package => ({
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
  capabilities: ['watch', 'clipping'],
  ...p,
});
const sub = (s: Partial<Subscription> & Pick<Subscription, 'id' | 'name' | 'base_price'>): Subscription => ({
  ...base,
  type: 'subscription',
  offer: 'monthly',
  period: 'month',
  trial_period: null,
  event_categories: [],
  capabilities: ['watch', 'download', 'clipping', 'download_clip', 'no_ads', 'vod_media_access'],
  ...s,
});

const catalogue = {
  packages: [
    pkg({ id: 1, name: 'Basketball season pass', base_price: 4799, event_categories: [11, 12] }),
    pkg({ id: 3, name: 'Harbor Point team pass', base_price: 3849, is_team_pass: true, participants: [100], capabilities: ['watch', 'clipping', 'download'] }),
    pkg({ id: 4, name: 'Playoffs add-on', base_price: 949, kind: 'additional', event_categories: [12], capabilities: ['watch', 'download'] }),
    pkg({
      id: 5,
      name: 'Single basketball game',
      type: 'event',
      pass_type: 'ppv',
      base_price: 749,
      period: null,
      event_categories: [10],
      capabilities: ['watch'],
    }),
    pkg({ id: 6, name: 'Soccer season pass', base_price: 2000, event_categories: [21], capabilities: ['watch', 'download'] }),
  ],
  subscriptions: [
    sub({ id: 7, name: 'Annual subscription', base_price: 9599, period: 'annual', offer: 'annual', event_categories: [10, 20] }),
    sub({ id: 8, name: 'Monthly subscription', base_price: 1199, event_categories: [10, 20] }),
    sub({ id: 9, name: 'Ad-free', base_price: 200, event_categories: [10], capabilities: ['watch', 'no_ads'] }),
  ],
};
// Girls basketball (12, under basketball 10), Harbor Point's team 100 at home.
const game = { id: 45, type: 'paid', categoryIds: [12, 10], participantIds: [200, 100] };
const titles = (offers: { title: string }[]) => offers.map((o) => o.title);

describe('featureOffers', () => {
  it('the products that grant the capability and cover this game, cheapest first; no add-on, nothing of another sport', () => {
    expect(featureOffers(game, catalogue, 'USD', 'download', true)).toEqual([
      { kind: 'subscription', title: 'Monthly subscription', price: '$11.99/month', href: '/buy?subscription=8' },
      { kind: 'pass', title: 'Harbor Point team pass', price: '$38.49/season', href: '/select-package/3?choose=100' },
      { kind: 'subscription', title: 'Annual subscription', price: '$95.99/year', href: '/buy?subscription=7' },
    ]);
    expect(titles(featureOffers(game, catalogue, 'USD', 'clipping', true))).toEqual([
      'Monthly subscription',
      'Harbor Point team pass',
      'Basketball season pass',
      'Annual subscription',
    ]);
    expect(titles(featureOffers({ ...game, categoryIds: [30], participantIds: [] }, catalogue, 'USD', 'download', true))).toEqual([]);
  });

  it('a fan who may not watch the game is offered only what also opens it; a pay-per-view game only its own ticket', () => {
    const watchOnly = {
      packages: catalogue.packages,
      subscriptions: [sub({ id: 10, name: 'Downloads only', base_price: 100, event_categories: [10], capabilities: ['download'] })],
    };
    expect(titles(featureOffers(game, watchOnly, 'USD', 'download', false))).toEqual(['Harbor Point team pass']);
    expect(titles(featureOffers(game, watchOnly, 'USD', 'download', true))).toEqual(['Downloads only', 'Harbor Point team pass']);
    const ppv = { ...game, type: 'ppv' };
    expect(titles(featureOffers(ppv, catalogue, 'USD', 'watch', false))).toEqual(['Buy this game']);
    expect(titles(featureOffers(ppv, catalogue, 'USD', 'download', false))).toEqual([]);
    // Holding the ticket, a product that grants downloads makes the game downloadable: its ticket is not sold again.
    expect(titles(featureOffers(ppv, catalogue, 'USD', 'download', true))).toEqual(['Monthly subscription', 'Harbor Point team pass', 'Annual subscription']);
  });

  it('offers for the game’s features only where buying would help', () => {
    const state = (s: FeatureState['state'], capability: string): FeatureState => ({ state: s, capability });
    const offers = featureOffersOf(game, { clip: state('allowed', 'clipping'), download: state('no_capability', 'download') }, catalogue, 'USD');
    expect(offers.clip).toEqual([]);
    expect(titles(offers.download)).toEqual(['Monthly subscription', 'Harbor Point team pass', 'Annual subscription']);
    for (const s of ['sign_in', 'unavailable', 'allowed'] as const) {
      expect(featureOffersOf(game, { clip: state(s, 'clipping'), download: state(s, 'download') }, catalogue, 'USD')).toEqual({ clip: [], download: [] });
    }
    expect(
      titles(featureOffersOf(game, { clip: state('no_access', 'clipping'), download: state('no_access', 'download') }, catalogue, 'USD').download),
    ).toEqual(['Monthly subscription', 'Harbor Point team pass', 'Annual subscription']);
  });
});

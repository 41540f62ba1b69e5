import { describe, expect, it } from 'vitest';
import { PREROLL_DISMISS_SECONDS, prerollFor, prerollMatches, stillDismissed, stitchedUrl, type StoredPreroll } from '../../../contract/prerolls.ts';

const NOW = 1_800_000_000;
const ad = (over: Partial<StoredPreroll> = {}): StoredPreroll => ({
  id: 1,
  ad: 'ad-0123456789abcdef',
  duration: 8,
  location_ids: [],
  category_ids: [],
  skip_after_seconds: 5,
  link: null,
  starts: null,
  ends: null,
  ...over,
});
const game = { location_id: 7, category_ids: [3, 1] };
const visitor = { capabilities: [], dismissed: {} };

describe('who sees a pre-roll (prerollFor)', () => {
  it('plays everywhere when it names no location and no category', () => {
    expect(prerollFor([ad()], game, visitor, NOW)?.id).toBe(1);
    expect(prerollFor([ad()], { location_id: null, category_ids: [] }, visitor, NOW)?.id).toBe(1);
  });

  it('plays only where its location and its category both match', () => {
    expect(prerollMatches(ad({ location_ids: [7] }), game, NOW)).toBe(true);
    expect(prerollMatches(ad({ location_ids: [8] }), game, NOW)).toBe(false);
    expect(prerollMatches(ad({ location_ids: [7] }), { location_id: null, category_ids: [3] }, NOW)).toBe(false);
    expect(prerollMatches(ad({ category_ids: [1] }), game, NOW)).toBe(true);
    expect(prerollMatches(ad({ category_ids: [9] }), game, NOW)).toBe(false);
    expect(prerollMatches(ad({ location_ids: [7], category_ids: [9] }), game, NOW)).toBe(false);
  });

  it('plays within its dates, both ends included', () => {
    expect(prerollMatches(ad({ starts: NOW }), game, NOW)).toBe(true);
    expect(prerollMatches(ad({ starts: NOW + 1 }), game, NOW)).toBe(false);
    expect(prerollMatches(ad({ ends: NOW }), game, NOW)).toBe(true);
    expect(prerollMatches(ad({ ends: NOW - 1 }), game, NOW)).toBe(false);
  });

  it('the first that matches plays', () => {
    const list = [ad({ id: 1, location_ids: [8] }), ad({ id: 2 }), ad({ id: 3 })];
    expect(prerollFor(list, game, visitor, NOW)?.id).toBe(2);
  });

  it('never plays for a fan whose products grant no_ads', () => {
    expect(prerollFor([ad()], game, { capabilities: ['watch', 'no_ads'], dismissed: {} }, NOW)).toBeNull();
    expect(prerollFor([ad()], game, { capabilities: ['watch'], dismissed: {} }, NOW)?.id).toBe(1);
  });

  it('stays away for an hour after it was skipped or finished, then plays again', () => {
    const viewer = (at: number) => ({ capabilities: [], dismissed: { 1: at } });
    expect(prerollFor([ad()], game, viewer(NOW), NOW)).toBeNull();
    expect(prerollFor([ad()], game, viewer(NOW - PREROLL_DISMISS_SECONDS + 1), NOW)).toBeNull();
    expect(prerollFor([ad()], game, viewer(NOW - PREROLL_DISMISS_SECONDS), NOW)?.id).toBe(1);
    // Another pre-roll's dismissal is not this one's.
    expect(prerollFor([ad({ id: 2 })], game, viewer(NOW), NOW)?.id).toBe(2);
    // A dismissed ad is not replaced by the next in the list.
    expect(prerollFor([ad({ id: 1 }), ad({ id: 2 })], game, viewer(NOW), NOW)).toBeNull();
  });

  it('a dismissal from the future (a wrong clock) does not hold', () => {
    expect(stillDismissed(NOW + 10, NOW)).toBe(false);
    expect(stillDismissed(undefined, NOW)).toBe(false);
  });
});

describe('stitched URLs', () => {
  it('name the preroll-<id> directory beside the file, so they keep the asset scope', () => {
    expect(stitchedUrl('/media/vod/game-1/master.m3u8', 3)).toBe('/media/vod/game-1/preroll-3/master.m3u8');
    expect(stitchedUrl('/media/vod/game-1/captions.vtt', 3)).toBe('/media/vod/game-1/preroll-3/captions.vtt');
    expect(stitchedUrl('/media/live/live/1790000000-7200/kickoff.m3u8', 12)).toBe('/media/live/live/1790000000-7200/preroll-12/kickoff.m3u8');
  });
});

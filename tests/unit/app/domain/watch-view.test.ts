import { describe, expect, it } from 'vitest';
import type { EventDetail, Participant } from '#contract';
import { watchState } from '~/domain/watch-state';
import { showsDownload, signInFeatures, watchViewData } from '~/domain/watch-view';

const event: EventDetail = {
  id: 45,
  name: 'Girls Basketball',
  description: 'Riverbend visit Bayside.\n\nTip-off at seven.',
  type: 'free',
  participants: [
    { id: 50, name: 'Riverbend Otters', short_name: 'Riverbend', images: { logo: '/media/images/logo-riverbend.svg', banner: null }, color: '#8D2B0B' },
    { id: 42, name: 'Bayside Mariners', short_name: 'Bayside', images: { logo: null, banner: null }, color: '#00574B' },
  ],
  home_team_id: 42,
  event_utc_ts: 1_793_877_167,
  duration: 7200,
  time_zone: 'America/Chicago',
  stream_status: 'finished',
  location_id: 5,
  event_category_id: 3,
  event_categories: [
    { id: 3, name: 'Girls Basketball', alias: 'basketball-girls' },
    { id: 1, name: 'Basketball', alias: 'basketball' },
  ],
  image: '/media/images/poster-basketball.svg',
  weight: 0,
  has_access: true,
  url: '/media/vod/game-3/master.m3u8',
  mp4_url: '/media/vod/game-3/video.mp4',
  captions: [],
  media_grant: null,
  preparing: false,
  features: { clip: { state: 'sign_in', capability: 'clipping' }, download: { state: 'sign_in', capability: 'download' } },
  preroll: null,
  blackout_countries: [],
};

const school = (id: number, alias: string, children: Participant[] = []): Participant => ({
  id,
  name: alias,
  short_name: alias,
  alias,
  images: { logo: null, banner: null },
  color: '#000000',
  participant_group_id: null,
  parent_id: null,
  properties: {},
  children,
});
// Bayside (42) is a school of the channel's; Riverbend's team (50) is a team of its school (49).
const participants = [school(42, 'bayside'), school(49, 'riverbend', [{ ...school(50, 'riverbend-girls-basketball'), parent_id: 49 }])];

describe('watchViewData', () => {
  const location = { id: 5, name: 'Riverbend High School Gym', address: '230 Mill Street', city: 'Riverbend' };
  const view = watchViewData(event, {
    location,
    participants,
    state: watchState(event, null),
    serverNow: 1,
    embedUrl: 'http://localhost/watch_embed/45',
    offers: [],
    featureOffers: { clip: [], download: [] },
    timeZone: 'America/Chicago',
  });

  it('says what the screen shows, in the words it shows', () => {
    expect(view).toMatchObject({
      id: 45,
      title: 'Riverbend Otters @ Bayside Mariners',
      statusLabel: 'On demand',
      free: true,
      place: { text: 'Riverbend High School Gym, Riverbend', href: '/venues/riverbend-high-school-gym-5' },
      sports: [
        { name: 'Girls Basketball', href: '/sports/basketball-girls' },
        { name: 'Basketball', href: '/sports/basketball' },
      ],
      poster: '/media/images/poster-basketball.svg',
      about: ['Riverbend visit Bayside.', 'Tip-off at seven.'],
    });
    expect(view.participants).toEqual([
      { id: 50, name: 'Riverbend Otters', logo: '/media/images/logo-riverbend.svg', home: false, href: '/teams/riverbend-girls-basketball' },
      { id: 42, name: 'Bayside Mariners', logo: null, home: true, href: '/schools/bayside' },
    ]);
    expect(view.when).toMatch(/2026/);
  });

  it("carries nothing the screen does not render: no copy of the channel's event", () => {
    expect(Object.keys(view)).not.toContain('event');
    expect(JSON.stringify(view)).not.toMatch(/short_name|weight|location_id|has_access|#8D2B0B|230 Mill Street/);
    // The stream's addresses travel once, in the playback state.
    expect(JSON.stringify(view).split('/media/vod/game-3/master.m3u8')).toHaveLength(2);
  });

  it('links no page for a participant the channel does not list', () => {
    const alone = watchViewData(event, {
      location,
      participants: [],
      state: watchState(event, null),
      serverNow: 1,
      embedUrl: '',
      offers: [],
      featureOffers: { clip: [], download: [] },
      timeZone: 'America/Chicago',
    });
    expect(alone.participants.map((p) => p.href)).toEqual([null, null]);
  });

  it('has no place when the channel names none', () => {
    expect(
      watchViewData(event, {
        location: null,
        participants,
        state: { kind: 'no-access', need: 'pass' },
        serverNow: 1,
        embedUrl: '',
        offers: [],
        featureOffers: { clip: [], download: [] },
        timeZone: 'America/Chicago',
      }).place,
    ).toBeNull();
  });
});

describe("the sections under the player: Download, and a visitor's one Log in notice", () => {
  const feature = (state: 'allowed' | 'sign_in' | 'no_access' | 'no_capability' | 'unavailable') => ({
    clip: { state, capability: 'clipping' },
    download: { state, capability: 'download' },
  });
  const page = (status: EventDetail['stream_status'], state: ReturnType<typeof feature>['clip']['state'], geoBlocked = false) => ({
    status,
    features: feature(state),
    state: geoBlocked ? ({ kind: 'geo-blocked' } as const) : watchState({ ...event, stream_status: status }, null),
  });

  it('shows Download for a finished game only, not to a fan who may not watch it, nor in a blocked region', () => {
    expect(showsDownload(page('finished', 'allowed'))).toBe(true);
    expect(showsDownload(page('finished', 'no_capability'))).toBe(true);
    expect(showsDownload(page('live', 'allowed'))).toBe(false);
    expect(showsDownload(page('finished', 'no_access'))).toBe(false);
    expect(showsDownload(page('finished', 'allowed', true))).toBe(false);
  });

  it('asks a visitor once to log in for clipping, and for downloading where Download shows', () => {
    expect(signInFeatures(page('finished', 'sign_in'))).toEqual(['clip', 'download']);
    expect(signInFeatures(page('live', 'sign_in'))).toEqual(['clip']);
    expect(signInFeatures(page('upcoming', 'sign_in'))).toEqual(['clip']);
    expect(signInFeatures(page('finished', 'sign_in', true))).toEqual(['clip']);
  });

  it('asks a signed-in fan nothing: each feature says its own reason', () => {
    for (const state of ['allowed', 'no_access', 'no_capability', 'unavailable'] as const) expect(signInFeatures(page('finished', state))).toEqual([]);
  });
});

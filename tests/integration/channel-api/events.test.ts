import { describe, expect, it } from 'vitest';
import { api, type Event, type EventDetail } from '#contract';
import { apiForThisFile } from '../support/channel-api.ts';

/* What the demo channel's events hold, and what the filters, paging and access rules return. */

let key: string;
const { http } = apiForThisFile({}, async ({ http }) => {
  key = await http.apiKey();
});

async function events(query: Record<string, string> = {}) {
  const res = await http.request('GET', '/events', { query: { api_key: key, limit: '100', ...query } });
  expect(res.status, res.text).toBe(200);
  return api.events.response.parse(res.json);
}
async function event(id: number): Promise<EventDetail> {
  const res = await http.request('GET', `/events/${id}`, { query: { api_key: key } });
  expect(res.status, res.text).toBe(200);
  return api.event.response.parse(res.json).data;
}

describe('events of the demo channel', () => {
  it('holds 40+ events over live, upcoming and finished, some free and some paid in each', async () => {
    const all = await events();
    expect(all.meta.total).toBeGreaterThanOrEqual(40);
    const now = Date.now() / 1000;
    const by = (s: string) => all.data.filter((e) => e.stream_status === s);
    expect(by('live').length).toBeGreaterThanOrEqual(2);
    expect(by('upcoming').length).toBeGreaterThanOrEqual(15);
    expect(by('finished').length).toBeGreaterThanOrEqual(15);
    for (const s of ['live', 'upcoming', 'finished']) {
      expect(
        by(s).some((e) => e.type === 'free'),
        s,
      ).toBe(true);
      expect(
        by(s).some((e) => e.type === 'paid'),
        s,
      ).toBe(true);
    }
    // The status agrees with the clock.
    for (const e of by('live')) expect(e.event_utc_ts <= now && now <= e.event_utc_ts + e.duration).toBe(true);
    for (const e of by('upcoming')) expect(e.event_utc_ts).toBeGreaterThan(now);
    for (const e of by('finished')) expect(e.event_utc_ts + e.duration).toBeLessThan(now);
    // Two participants, the home team among them.
    for (const e of all.data) {
      expect(e.participants).toHaveLength(2);
      expect(e.participants.map((p) => p.id)).toContain(e.home_team_id);
    }
  });

  it('filters by stream status, one or several', async () => {
    const live = await events({ stream_status: 'live' });
    expect(live.data.every((e) => e.stream_status === 'live')).toBe(true);
    const mixed = await events({ stream_status: 'upcoming,finished' });
    expect(mixed.data.every((e) => e.stream_status !== 'live')).toBe(true);
    expect(mixed.meta.total + live.meta.total).toBe((await events()).meta.total);
  });

  it('filters by sport (including its boys/girls categories), by school (including its teams) and by location', async () => {
    const cats = api.eventsCategories.response.parse((await http.request('GET', '/events-categories', { query: { api_key: key } })).json).data;
    const basketball = cats.find((c) => c.alias === 'basketball');
    expect(basketball?.children?.map((c) => c.alias).sort()).toEqual(['basketball-boys', 'basketball-girls']);
    const byCategory = await events({ category: String(basketball?.id) });
    expect(byCategory.meta.total).toBeGreaterThan(0);
    const childIds = basketball?.children?.map((c) => c.id) ?? [];
    expect(byCategory.data.every((e) => e.event_categories.some((c) => c.alias === 'basketball') && childIds.includes(e.event_category_id ?? 0))).toBe(true);

    const schools = api.participants.response.parse((await http.request('GET', '/participants', { query: { no_limit: '1' } })).json).data;
    const harbor = schools.find((s) => s.alias === 'harbor-point');
    expect(harbor).toBeDefined();
    const teamIds = harbor?.children?.map((t) => t.id) ?? [];
    const byParticipant = await events({ participant: String(harbor?.id) });
    expect(byParticipant.meta.total).toBeGreaterThan(0);
    expect(byParticipant.data.every((e) => e.participants.some((p) => teamIds.includes(p.id)))).toBe(true);

    const locations = (await http.request('GET', '/events-locations')).json.data as { id: number }[];
    const byLocation = await events({ location: String(locations[0].id) });
    expect(byLocation.meta.total).toBeGreaterThan(0);
    expect(byLocation.data.every((e) => e.location_id === locations[0].id)).toBe(true);
  });

  it('filters by division (participant_group): the games of its schools and their teams', async () => {
    const groups = api.participantGroups.response.parse((await http.request('GET', '/participant-groups')).json).data;
    const north = groups.find((g) => g.alias === 'north');
    expect(north).toBeDefined();
    const schools = api.participants.response.parse((await http.request('GET', '/participants', { query: { no_limit: '1' } })).json).data;
    const northSchools = schools.filter((s) => s.participant_group_id === north?.id);
    expect(northSchools.length).toBeGreaterThan(1);
    const northIds = new Set(northSchools.flatMap((s) => [s.id, ...(s.children ?? []).map((t) => t.id)]));

    const byGroup = await events({ participant_group: String(north?.id) });
    expect(byGroup.meta.total).toBeGreaterThan(0);
    expect(byGroup.data.every((e) => e.participants.some((p) => northIds.has(p.id)))).toBe(true);
    // Exactly the games of its schools, each once: the union of the schools' own lists.
    const union = new Set<number>();
    for (const school of northSchools) for (const e of (await events({ participant: String(school.id) })).data) union.add(e.id);
    expect(byGroup.data.map((e) => e.id).sort((a, b) => a - b)).toEqual([...union].sort((a, b) => a - b));
    expect(byGroup.meta.total).toBeLessThan((await events()).meta.total);

    // With another filter, both apply.
    const live = await events({ participant_group: String(north?.id), stream_status: 'live' });
    expect(live.data.every((e) => e.stream_status === 'live' && e.participants.some((p) => northIds.has(p.id)))).toBe(true);
    // A group of no channel's has no games; a bad id is the contract's 400.
    expect((await events({ participant_group: '999999' })).meta.total).toBe(0);
    const bad = await http.request('GET', '/events', { query: { api_key: key, participant_group: 'north' } });
    expect(bad.status).toBe(400);
  });

  it('filters by date range (inclusive, epoch seconds) and by name', async () => {
    const now = Math.floor(Date.now() / 1000);
    const nextWeek = await events({ start_date: String(now), end_date: String(now + 7 * 86400) });
    expect(nextWeek.meta.total).toBeGreaterThan(0);
    expect(nextWeek.data.every((e) => e.event_utc_ts >= now && e.event_utc_ts <= now + 7 * 86400)).toBe(true);
    const search = await events({ search: 'GIRLS VOLLEYBALL' });
    expect(search.meta.total).toBeGreaterThan(0);
    expect(search.data.every((e) => e.name.toLowerCase().includes('girls volleyball'))).toBe(true);
    expect((await events({ search: '%' })).meta.total).toBe(0);
  });

  it('pages with offset/limit and reports the total; sorts by the requested field', async () => {
    const all = await events({ sort_field: 'event_utc_ts', sort_direction: 'asc' });
    const page = await events({ offset: '5', limit: '5', sort_field: 'event_utc_ts', sort_direction: 'asc' });
    expect(page.meta).toEqual({ total: all.meta.total, offset: 5, limit: 5 });
    expect(page.data.map((e) => e.id)).toEqual(all.data.slice(5, 10).map((e) => e.id));
    const ts = all.data.map((e) => e.event_utc_ts);
    expect(ts).toEqual([...ts].sort((a, b) => a - b));
    const byName = (await events({ sort_field: 'name', sort_direction: 'desc' })).data.map((e) => e.name);
    expect(byName).toEqual([...byName].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    const defaults = api.events.response.parse((await http.request('GET', '/events', { query: { api_key: key } })).json);
    expect(defaults.meta.limit).toBe(20);
    expect(defaults.data).toHaveLength(20);
  });

  it('gives free finished events the VOD media with captions, free live events the live stream', async () => {
    const all = (await events()).data;
    const pick = (status: string, type: string) => all.find((e) => e.stream_status === status && e.type === type) as Event;
    const finished = await event(pick('finished', 'free').id);
    expect(finished.has_access).toBe(true);
    expect(finished.url).toMatch(/^\/media\/vod\/game-[123]\/master\.m3u8$/);
    const asset = finished.url?.split('/')[3];
    expect(finished.mp4_url).toBe(`/media/vod/${asset}/video.mp4`);
    expect(finished.captions).toEqual([{ label: 'English', srclang: 'en', url: `/media/vod/${asset}/captions.vtt` }]);

    const live = await event(pick('live', 'free').id);
    // The live stream from the kick-off of its current airing (a DVR playlist, ADR 040).
    expect(live).toMatchObject({ has_access: true, url: `/media/live/live/${live.event_utc_ts}-${live.duration}/master.m3u8`, mp4_url: null, captions: [] });
    const upcoming = await event(pick('upcoming', 'free').id);
    expect(upcoming).toMatchObject({ has_access: true, url: null, mp4_url: null, captions: [] });
  });

  it('withholds media of paid events (no one has bought anything yet)', async () => {
    const all = (await events()).data;
    for (const status of ['live', 'finished']) {
      const paid = await event((all.find((e) => e.stream_status === status && e.type === 'paid') as Event).id);
      expect(paid).toMatchObject({ has_access: false, url: null, mp4_url: null, captions: [] });
    }
  });

  it('lists live, upcoming and finished events for the home page', async () => {
    const res = await http.request('GET', '/events-for-homepage', { query: { api_key: key } });
    const data = api.eventsForHomepage.response.parse(res.json).data;
    expect(data.live.length).toBeGreaterThanOrEqual(2);
    expect(data.upcoming.length).toBeGreaterThan(0);
    expect(data.finished.length).toBeGreaterThan(0);
    expect(data.upcoming.every((e) => e.stream_status === 'upcoming')).toBe(true);
    // Finished: most recent first.
    const ts = data.finished.map((e) => e.event_utc_ts);
    expect(ts).toEqual([...ts].sort((a, b) => b - a));
  });

  it('answers for the home page exactly what the three matching /events lists answer', async () => {
    const res = await http.request('GET', '/events-for-homepage', { query: { api_key: key } });
    const home = api.eventsForHomepage.response.parse(res.json).data;
    const list = async (stream_status: string, limit: string, sort_direction: string) =>
      (await events({ stream_status, limit, sort_field: 'event_utc_ts', sort_direction })).data;
    expect(home.live).toEqual(await list('live', '20', 'asc'));
    expect(home.upcoming).toEqual(await list('upcoming', '12', 'asc'));
    expect(home.finished).toEqual(await list('finished', '12', 'desc'));
  });
});

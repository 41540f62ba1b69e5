import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, FAVORITABLE_TYPES, FOLLOW_MSG, type FavoritableType } from '#contract';
import { follows } from '../../../channel-api/db/schema.ts';
import { apiForThisFile, onPostgres } from '../support/channel-api.ts';

/* What a fan follows (the spec's favorites, sections 3, 5, 7): follow each of the five kinds, list, unfollow — one's
   own only —, and the games of everything followed, each once, matching the event list's own
   filters (a school has its teams' games, a sport its children's). */

let visitorKey: string;

interface Demo {
  school: { id: number; alias: string };
  team: { id: number; parent_id: number };
  sport: { id: number; children: { id: number }[] };
  division: { id: number };
  divisionSchools: number[];
  venue: { id: number };
  game: { id: number };
}
let demo: Demo;

const { server, http, acc } = apiForThisFile({}, async ({ http }) => {
  visitorKey = await http.apiKey();
  const withKey = { api_key: visitorKey };
  const [participants, groups, categories, locations, games] = await Promise.all([
    http.request('GET', '/participants', { query: { no_limit: '1' } }),
    http.request('GET', '/participant-groups'),
    http.request('GET', '/events-categories', { query: withKey }),
    http.request('GET', '/events-locations'),
    http.request('GET', '/events', { query: { ...withKey, stream_status: 'finished', limit: '1' } }),
  ]);
  type P = { id: number; alias: string; parent_id?: number | null; children?: { id: number; parent_id: number }[]; participant_group_id?: number | null };
  const schools = (participants.json.data as P[]).filter((p) => (p.children ?? []).length > 0);
  const group = groups.json.data[0] as { id: number };
  const inGroup = await http.request('GET', '/participants', { query: { no_limit: '1', participant_group_id: String(group.id) } });
  demo = {
    school: schools[0] as Demo['school'],
    team: schools[0].children![0],
    sport: (categories.json.data as Demo['sport'][]).find((c) => c.children.length > 0)!,
    division: group,
    divisionSchools: (inGroup.json.data as P[]).map((p) => p.id),
    venue: locations.json.data[0],
    game: games.json.data[0],
  };
});

const follow = (key: string, type: unknown, id: unknown) => acc.post('/favorite', { favoritable_id: id, favoritable_type: type, api_key: key });
const unfollow = (key: string, id: number) => http.request('DELETE', `/favorite/${id}`, { query: { api_key: key } });
const list = async (key: string) => api.follows.response.parse((await acc.get('/favorites', { api_key: key })).json).data;
/** Every game of a list call, all pages. */
async function allGames(pathname: string, query: Record<string, string>): Promise<number[]> {
  const ids: number[] = [];
  for (let offset = 0; ; offset += 100) {
    const res = await http.request('GET', pathname, { query: { ...query, limit: '100', offset: String(offset) } });
    expect(res.status, res.text).toBe(200);
    const page = api.events.response.parse(res.json);
    ids.push(...page.data.map((e) => e.id));
    if (offset + 100 >= page.meta.total) return ids;
  }
}
const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

describe(`follows (the spec's favorites, ${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it("answers a visitor 401 'user must be logged in' on every follow call, and writes nothing", async () => {
    const before = await server.db.select().from(follows);
    const calls = [
      acc.get('/favorites', { api_key: visitorKey }),
      follow(visitorKey, 'participant', demo.school.id),
      unfollow(visitorKey, 1),
      acc.get('/events/favorite', { api_key: visitorKey }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status, res.text).toBe(401);
      expect(res.json).toEqual({ code: 'unauthenticated', message: FOLLOW_MSG.loggedIn });
    }
    expect(await server.db.select().from(follows)).toEqual(before);
  });

  it('follows each of the five kinds, lists them with their names, and following again changes nothing', async () => {
    const fan = await acc.signUp();
    const things: [FavoritableType, number][] = [
      ['participant', demo.school.id],
      ['participant', demo.team.id],
      ['participant_group', demo.division.id],
      ['event_category', demo.sport.id],
      ['favorite_event', demo.game.id],
      ['event_location', demo.venue.id],
    ];
    const added = [];
    for (const [type, id] of things) {
      const res = await follow(fan.key, type, id);
      expect(res.status, res.text).toBe(200);
      added.push(api.addFollow.response.parse(res.json).data);
    }
    expect(new Set(added.map((f) => f.favoritable_type))).toEqual(new Set(FAVORITABLE_TYPES));
    const listed = await list(fan.key);
    expect(listed).toEqual(added);
    expect(listed.every((f) => f.name.length > 0)).toBe(true);
    expect(listed[0]).toMatchObject({ favoritable_type: 'participant', favoritable_id: demo.school.id, alias: demo.school.alias });
    // What each is, as a fan calls it: a school and its team read apart.
    expect(listed.map((f) => f.kind)).toEqual(['school', 'team', 'division', 'sport', 'game', 'venue']);
    // Again, and ten times at once (two clicks, a retry): the same follow, one row.
    const again = await Promise.all(Array.from({ length: 10 }, () => follow(fan.key, 'participant', demo.school.id)));
    for (const res of again) expect(res.json.data.id).toBe(added[0].id);
    expect(await list(fan.key)).toEqual(added);
  });

  it('refuses a type that is not one of the five, or not a string, and a thing the channel does not have', async () => {
    const fan = await acc.signUp();
    for (const type of ['team', 'school', '', 'Participant', 42, ['participant'], null]) {
      const res = await follow(fan.key, type, demo.school.id);
      expect(res.status, JSON.stringify(type)).toBe(400);
      expect(res.json.errors.favoritable_type).toEqual([FOLLOW_MSG.type]);
    }
    const missing = await follow(fan.key, 'event_location', 2_000_000_000);
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ code: 'not_found', message: FOLLOW_MSG.itemNotFound });
    expect(await list(fan.key)).toEqual([]);
  });

  it("unfollows one's own follow; another fan's is not found and stays theirs", async () => {
    const [fan, other] = [await acc.signUp(), await acc.signUp()];
    const theirs = (await follow(other.key, 'participant', demo.school.id)).json.data.id as number;
    const mine = (await follow(fan.key, 'participant', demo.school.id)).json.data.id as number;
    const refused = await unfollow(fan.key, theirs);
    expect(refused.status).toBe(404);
    expect(refused.json).toEqual({ code: 'not_found', message: FOLLOW_MSG.notFound });
    expect((await list(other.key)).map((f) => f.id)).toEqual([theirs]);
    const gone = await unfollow(fan.key, mine);
    expect(gone.status, gone.text).toBe(200);
    expect(gone.json.data).toMatchObject({ id: mine, favoritable_type: 'participant', favoritable_id: demo.school.id });
    expect(await list(fan.key)).toEqual([]);
    expect((await unfollow(fan.key, mine)).status, 'already gone').toBe(404);
    const rows = await server.db
      .select()
      .from(follows)
      .where(and(eq(follows.favoritableType, 'participant'), eq(follows.favoritableId, demo.school.id)));
    expect(rows.map((r) => r.id)).toContain(theirs);
    expect(rows.map((r) => r.id)).not.toContain(mine);
  });

  it('lists the games of each kind as the event list filters them: a school with its teams, a sport with its children', async () => {
    const withKey = { api_key: visitorKey };
    const expected: [FavoritableType, number, number[]][] = [
      ['participant', demo.school.id, await allGames('/events', { ...withKey, participant: String(demo.school.id) })],
      ['participant', demo.team.id, await allGames('/events', { ...withKey, participant: String(demo.team.id) })],
      ['event_category', demo.sport.id, await allGames('/events', { ...withKey, category: String(demo.sport.id) })],
      ['event_location', demo.venue.id, await allGames('/events', { ...withKey, location: String(demo.venue.id) })],
      ['favorite_event', demo.game.id, [demo.game.id]],
    ];
    const division = new Set<number>();
    for (const school of demo.divisionSchools) for (const id of await allGames('/events', { ...withKey, participant: String(school) })) division.add(id);
    expected.push(['participant_group', demo.division.id, [...division]]);
    for (const [type, id, games] of expected) {
      const fan = await acc.signUp();
      expect((await follow(fan.key, type, id)).status).toBe(200);
      expect(games.length, `${type} ${id} has games in the demo`).toBeGreaterThan(0);
      expect(sorted(await allGames('/events/favorite', { api_key: fan.key })), `${type} ${id}`).toEqual(sorted(games));
    }
    // Everything at once: each game once.
    const fan = await acc.signUp();
    for (const [type, id] of expected) await follow(fan.key, type, id);
    const union = new Set(expected.flatMap(([, , games]) => games));
    const all = await allGames('/events/favorite', { api_key: fan.key });
    expect(all.length, 'no game twice').toBe(new Set(all).size);
    expect(sorted(all)).toEqual(sorted(union));
  });

  it('filters, pages and sorts the followed games as GET /events does', async () => {
    const fan = await acc.signUp();
    await follow(fan.key, 'event_category', demo.sport.id);
    const same = { stream_status: 'finished', sort_field: 'event_utc_ts', sort_direction: 'desc', limit: '3', offset: '1' };
    const followed = await acc.get('/events/favorite', { api_key: fan.key, ...same });
    const listed = await acc.get('/events', { api_key: visitorKey, category: String(demo.sport.id), ...same });
    expect(followed.status, followed.text).toBe(200);
    expect(followed.json).toEqual(listed.json);
    expect(followed.json.data.every((e: { stream_status: string }) => e.stream_status === 'finished')).toBe(true);
    const none = await acc.get('/events/favorite', { api_key: (await acc.signUp()).key });
    expect(none.json).toEqual({ data: [], meta: { total: 0, offset: 0, limit: 20 } });
  });
});

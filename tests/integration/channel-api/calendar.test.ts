import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, CALENDAR_FEED_PAST_DAYS, CALENDAR_MSG, type CalendarGame } from '#contract';
import { calendarFeeds, events } from '../../../channel-api/db/schema.ts';
import { signingFrom } from '../../../channel-api/signing.ts';
import { userRow } from '../support/accounts.ts';
import { apiForThisFile, onPostgres } from '../support/channel-api.ts';

/* A fan's calendar feed (issue 24, ADR 035, 045): make, see (its address again), reset and stop it; a token's games are the
   fan's followed games, each once; SEQUENCE and DTSTAMP move only when a game changes. */

const PUBLIC_URL = 'https://fans.example.test';
let visitorKey: string;
let school: { id: number };

// Two signing secrets, as during a key rotation: the first signs, both verify.
const { server, http, acc } = apiForThisFile({ publicUrl: PUBLIC_URL, secret: 'calendar-new-secret,calendar-old-secret' }, async ({ http }) => {
  visitorKey = await http.apiKey();
  const participants = await http.request('GET', '/participants', { query: { no_limit: '1' } });
  school = (participants.json.data as { id: number; children?: unknown[] }[]).find((p) => (p.children ?? []).length > 0)!;
});

const follow = (key: string, type: string, id: number) => acc.post('/favorite', { favoritable_id: id, favoritable_type: type, api_key: key });
const feedState = async (key: string) => api.calendarFeed.response.parse((await acc.get('/calendar-feed', { api_key: key })).json).data;
async function makeFeed(key: string): Promise<string> {
  const res = await acc.post('/calendar-feed', { api_key: key });
  expect(res.status, res.text).toBe(200);
  return api.makeCalendarFeed.response.parse(res.json).data.token;
}
/** A token's feed as the web app fetches it: with its own (visitor's) key. */
const fetchFeed = (token: string) => http.request('GET', `/calendar-feed/${token}`, { query: { api_key: visitorKey } });
async function feedGames(token: string): Promise<CalendarGame[]> {
  const res = await fetchFeed(token);
  expect(res.status, res.text).toBe(200);
  return api.calendarFeedGames.response.parse(res.json).data.games;
}
/** Every game GET /events/favorite lists for this fan, all pages. */
async function followedGames(key: string) {
  const games = [];
  for (let offset = 0; ; offset += 100) {
    const page = api.followedEvents.response.parse((await acc.get('/events/favorite', { api_key: key, limit: '100', offset: String(offset) })).json);
    games.push(...page.data);
    if (offset + 100 >= page.meta.total) return games;
  }
}
const expectGone = async (token: string) => {
  const res = await fetchFeed(token);
  expect(res.status).toBe(404);
  expect(res.json).toEqual({ code: 'not_found', message: CALENDAR_MSG.notFound });
};

describe(`calendar feed (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it("answers a visitor 401 on the fan's own calls, and writes nothing", async () => {
    const calls = [
      acc.get('/calendar-feed', { api_key: visitorKey }),
      acc.post('/calendar-feed', { api_key: visitorKey }),
      http.request('DELETE', '/calendar-feed', { query: { api_key: visitorKey } }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status, res.text).toBe(401);
      expect(res.json.code).toBe('unauthenticated');
    }
    expect(await server.db.select().from(calendarFeeds)).toEqual([]);
  });

  it('makes a feed: a 128-bit token, kept hashed and sealed (never in clear), answered again to its owner on every visit', async () => {
    const fan = await acc.signUp();
    expect(await feedState(fan.key)).toEqual({ created_at: null, token: null });
    const token = await makeFeed(fan.key);
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const state = await feedState(fan.key);
    expect(Date.now() - Date.parse(state.created_at!)).toBeLessThan(60_000);
    // Shown again, the same, every time the fan asks (a second device gets the same address).
    expect(state.token).toBe(token);
    expect((await feedState(fan.key)).token).toBe(token);
    const rows = await server.db.select().from(calendarFeeds);
    expect(rows.some((r) => r.tokenHash.includes(token) || r.tokenSealed?.includes(token))).toBe(false);
    const [row] = rows.filter((r) => r.createdAt.toISOString() === state.created_at);
    expect(signingFrom(['calendar-new-secret']).unseal('calendar-feed', row.tokenSealed!)).toBe(token);
    expect(signingFrom(['another-secret']).unseal('calendar-feed', row.tokenSealed!), 'another key cannot read it').toBeNull();
    // Changed in the table by someone without the key: not shown (a reset makes a new one).
    const tampered = `${row.tokenSealed!.slice(0, -2)}${row.tokenSealed!.endsWith('AA') ? 'BB' : 'AA'}`;
    await server.db.update(calendarFeeds).set({ tokenSealed: tampered }).where(eq(calendarFeeds.userId, row.userId));
    expect((await feedState(fan.key)).token).toBeNull();
  });

  it("lists exactly the fan's followed games from 30 days ago on, each once, with the watch page's address", async () => {
    const fan = await acc.signUp();
    // A school and one of its teams: the team's games are the school's too, listed once.
    const teams = (await http.request('GET', '/participants', { query: { no_limit: '1' } })).json.data.find((p: { id: number }) => p.id === school.id).children;
    expect((await follow(fan.key, 'participant', school.id)).status).toBe(200);
    expect((await follow(fan.key, 'participant', teams[0].id)).status).toBe(200);
    const from = Date.now() / 1000 - CALENDAR_FEED_PAST_DAYS * 86_400;
    const expected = (await followedGames(fan.key)).filter((e) => e.event_utc_ts + e.duration >= from);
    expect(expected.length, 'the demo school has games in the window').toBeGreaterThan(0);
    const games = await feedGames(await makeFeed(fan.key));
    expect(games.map((g) => g.id).sort((a, b) => a - b)).toEqual(expected.map((e) => e.id).sort((a, b) => a - b));
    expect(new Set(games.map((g) => g.uid)).size).toBe(games.length);
    const first = expected.find((e) => e.id === games[0].id)!;
    expect(games[0]).toMatchObject({
      uid: `event-${first.id}@fans.example.test`,
      name: first.name,
      starts_at: new Date(first.event_utc_ts * 1000).toISOString(),
      ends_at: new Date((first.event_utc_ts + first.duration) * 1000).toISOString(),
      url: `${PUBLIC_URL}/watch/${first.id}`,
    });
    const starts = games.map((g) => Date.parse(g.starts_at));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    // A fan who follows nothing has an empty feed, not a refusal.
    expect(await feedGames(await makeFeed((await acc.signUp()).key))).toEqual([]);
  });

  it('resets the link: the old token is not found at once, the new one works', async () => {
    const fan = await acc.signUp();
    await follow(fan.key, 'participant', school.id);
    const old = await makeFeed(fan.key);
    const before = await feedGames(old);
    const fresh = await makeFeed(fan.key);
    expect(fresh).not.toBe(old);
    expect((await feedState(fan.key)).token, 'the page shows the new address').toBe(fresh);
    await expectGone(old);
    expect((await feedGames(fresh)).map((g) => g.id)).toEqual(before.map((g) => g.id));
  });

  it("stops the feed; another fan can neither see, stop nor read a fan's feed", async () => {
    const [fan, other] = [await acc.signUp(), await acc.signUp()];
    await follow(fan.key, 'participant', school.id);
    const token = await makeFeed(fan.key);
    expect(await feedState(other.key)).toEqual({ created_at: null, token: null });
    const theirs = await http.request('DELETE', '/calendar-feed', { query: { api_key: other.key } });
    expect(theirs.json).toEqual({ data: { created_at: null, token: null } });
    expect((await feedGames(token)).length).toBeGreaterThan(0);
    // The other fan's own feed lists their games (none), not the fan's.
    expect(await feedGames(await makeFeed(other.key))).toEqual([]);
    const stopped = await http.request('DELETE', '/calendar-feed', { query: { api_key: fan.key } });
    expect(stopped.status, stopped.text).toBe(200);
    expect(await feedState(fan.key)).toEqual({ created_at: null, token: null });
    await expectGone(token);
  });

  it('keeps a feed made under the previous signing key working after a key rotation', async () => {
    const fan = await acc.signUp();
    await follow(fan.key, 'participant', school.id);
    const token = 'madeBeforeTheRotation_';
    const [oldHash] = signingFrom(['calendar-old-secret']).hashes('calendar-feed', token);
    const sealed = signingFrom(['calendar-old-secret']).seal('calendar-feed', token);
    await server.db.insert(calendarFeeds).values({ userId: (await userRow(server.db, fan.email)).id, tokenHash: oldHash, tokenSealed: sealed });
    expect((await feedGames(token)).length).toBeGreaterThan(0);
    expect((await feedState(fan.key)).token, 'sealed with the older key, still shown').toBe(token);
    // A new link is hashed with the current key.
    const fresh = await makeFeed(fan.key);
    const [row] = await server.db
      .select()
      .from(calendarFeeds)
      .where(eq(calendarFeeds.userId, (await userRow(server.db, fan.email)).id));
    expect(row.tokenHash).toBe(signingFrom(['calendar-new-secret']).hashes('calendar-feed', fresh)[0]);
    await expectGone(token);
  });

  it('shows no address for a feed made before tokens were kept (it still works; a reset shows one)', async () => {
    const fan = await acc.signUp();
    await follow(fan.key, 'participant', school.id);
    const token = 'madeBeforeTokensKept_A';
    const [hash] = signingFrom(['calendar-new-secret']).hashes('calendar-feed', token);
    await server.db.insert(calendarFeeds).values({ userId: (await userRow(server.db, fan.email)).id, tokenHash: hash });
    const state = await feedState(fan.key);
    expect(state.created_at).not.toBeNull();
    expect(state.token).toBeNull();
    expect((await feedGames(token)).length).toBeGreaterThan(0);
    const fresh = await makeFeed(fan.key);
    expect((await feedState(fan.key)).token).toBe(fresh);
  });

  it('refuses a token of no feed, or not a token at all, as not found', async () => {
    for (const token of ['A'.repeat(22), 'short', 'A'.repeat(23)]) await expectGone(token);
  });

  it("keeps a game's SEQUENCE and DTSTAMP across fetches, and bumps them once when its start time changes", async () => {
    const fan = await acc.signUp();
    await follow(fan.key, 'participant', school.id);
    const token = await makeFeed(fan.key);
    const first = await feedGames(token);
    const second = await feedGames(token);
    expect(second.map((g) => [g.id, g.sequence, g.changed_at])).toEqual(first.map((g) => [g.id, g.sequence, g.changed_at]));
    // The last game, so a later start keeps it in the window.
    const game = first[first.length - 1];
    const [row] = await server.db.select().from(events).where(eq(events.id, game.id));
    await server.db
      .update(events)
      .set({ eventUtcTs: row.eventUtcTs + 3600 })
      .where(eq(events.id, game.id));
    // Several calendar apps at once: one change, one bump.
    const after = await Promise.all(Array.from({ length: 4 }, () => feedGames(token)));
    for (const games of after) {
      const moved = games.find((g) => g.id === game.id)!;
      expect(moved.sequence).toBe(game.sequence + 1);
      expect(Date.parse(moved.changed_at)).toBeGreaterThan(Date.parse(game.changed_at));
      expect(moved.starts_at).toBe(new Date((row.eventUtcTs + 3600) * 1000).toISOString());
      const others = games.filter((g) => g.id !== game.id).map((g) => [g.id, g.sequence, g.changed_at]);
      expect(others).toEqual(first.filter((g) => g.id !== game.id).map((g) => [g.id, g.sequence, g.changed_at]));
    }
  });
});

import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api } from '#contract';
import * as t from '../../../channel-api/db/schema.ts';
import { nextChange, nowSeconds } from '../../../channel-api/repo/event-status.ts';
import { catalogueNextChange } from '../../../channel-api/repo/events.ts';
import { apiForThisFile, onPostgres } from '../support/channel-api.ts';

/* The game lists' kept answers (ADR 062) against the real database: the triggers that bump the
   catalogue version, the SQL twin of nextChange, and GET /events never answering from before a
   change — a write, or a game's second. */

let key: string;
const { http, server } = apiForThisFile({}, async ({ http }) => {
  key = await http.apiKey();
});

const version = async () => (await server.db.select({ v: t.channels.catalogueVersion }).from(t.channels))[0].v;
async function list(query: Record<string, string>) {
  const res = await http.request('GET', '/events', { query: { api_key: key, limit: '100', ...query } });
  expect(res.status, res.text).toBe(200);
  return api.events.response.parse(res.json);
}

describe(`the catalogue version (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('goes up with every write to the games, their teams and sports, in the writing transaction, and with nothing else', async () => {
    const [game] = await server.db.select().from(t.events).limit(1);
    const writes: [string, () => Promise<unknown>][] = [
      ['events', () => server.db.update(t.events).set({ weight: game.weight }).where(eq(t.events.id, game.id))],
      ['participants', () => server.db.update(t.participants).set({ color: sql`${t.participants.color}` })],
      ['event_participants', () => server.db.update(t.eventParticipants).set({ position: sql`${t.eventParticipants.position}` })],
      ['event_categories', () => server.db.update(t.eventCategories).set({ name: sql`${t.eventCategories.name}` })],
    ];
    for (const [table, write] of writes) {
      const before = await version();
      await write();
      expect(await version(), table).toBeGreaterThan(before);
    }
    // Another table: no change.
    const before = await version();
    await server.db.update(t.channels).set({ name: sql`${t.channels.name}` });
    await server.db.execute(sql`update event_locations set name = name`);
    expect(await version()).toBe(before);
    // A write rolled back takes its bump with it.
    await server.db
      .transaction(async (tx) => {
        await tx.update(t.events).set({ weight: game.weight }).where(eq(t.events.id, game.id));
        tx.rollback();
      })
      .catch(() => undefined);
    expect(await version()).toBe(before);
  });
});

describe('catalogueNextChange', () => {
  it("is the soonest of the channel's games' next changes, as nextChange says, at any moment", async () => {
    const rows = await server.db.select().from(t.events);
    const [{ channelId }] = rows;
    const moments = [...rows.flatMap((r) => [r.eventUtcTs - 1, r.eventUtcTs, r.eventUtcTs + r.duration, r.eventUtcTs + r.duration + 1]), nowSeconds()];
    for (const now of moments) {
      const soonest = rows.map((r) => nextChange(r, now)).reduce<number | null>((a, b) => (b === null ? a : a === null ? b : Math.min(a, b)), null);
      expect(await catalogueNextChange(server.db, channelId, now), `at ${now}`).toBe(soonest);
    }
  });
});

describe('GET /events from kept answers', () => {
  it('answers a change written straight into the database on the next call', async () => {
    const first = await list({ stream_status: 'upcoming' });
    const game = first.data[0];
    await list({ stream_status: 'upcoming' });
    await server.db.update(t.events).set({ description: 'Moved to the main court' }).where(eq(t.events.id, game.id));
    expect((await list({ stream_status: 'upcoming' })).data.find((e) => e.id === game.id)?.description).toBe('Moved to the main court');
  });

  it('lists a game as live from the second it starts', async () => {
    const [game] = (await list({ stream_status: 'upcoming' })).data;
    const start = nowSeconds() + 2;
    await server.db.update(t.events).set({ eventUtcTs: start }).where(eq(t.events.id, game.id));
    // Kept as upcoming while it is.
    expect((await list({ stream_status: 'live' })).data.map((e) => e.id)).not.toContain(game.id);
    expect((await list({ stream_status: 'upcoming' })).data.map((e) => e.id)).toContain(game.id);
    await new Promise((r) => setTimeout(r, start * 1000 - Date.now()));
    const live = await list({ stream_status: 'live' });
    expect(live.data.find((e) => e.id === game.id)?.stream_status).toBe('live');
    expect((await list({ stream_status: 'upcoming' })).data.map((e) => e.id)).not.toContain(game.id);
  });
});

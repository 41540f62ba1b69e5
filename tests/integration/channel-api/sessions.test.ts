import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as t from '../../../channel-api/db/schema.ts';
import { sessionByApiKey } from '../../../channel-api/repo/sessions.ts';
import { apiForThisFile, onPostgres } from '../support/channel-api.ts';

/* A key's lookup reads the channel's row version and keeps the row per version (repo/sessions.ts):
   a call sees every change of the channel at once, and an unchanged channel is not read again. */

let key: string;
const { server } = apiForThisFile({}, async ({ http }) => {
  key = await http.apiKey();
});

const channelOf = async () => (await sessionByApiKey(server.db, key))!.channel;
const rename = (name: string) => server.db.update(t.channels).set({ name });

describe(`a key's channel (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('is the same row while the channel does not change, and the new one from the first call after a change', async () => {
    const first = await channelOf();
    expect(await channelOf()).toBe(first);
    await rename('Renamed Conference');
    const renamed = await channelOf();
    expect(renamed.name).toBe('Renamed Conference');
    expect(renamed.id).toBe(first.id);
    await rename(first.name);
    expect((await channelOf()).name).toBe(first.name);
  });

  it('is the last of several changes in one transaction, and none of a rolled back one', async () => {
    const before = await channelOf();
    await server.db.transaction(async (tx) => {
      await tx.update(t.channels).set({ name: 'First' }).where(eq(t.channels.id, before.id));
      await tx.update(t.channels).set({ name: 'Second' }).where(eq(t.channels.id, before.id));
    });
    expect((await channelOf()).name).toBe('Second');
    await server.db
      .transaction(async (tx) => {
        await tx.update(t.channels).set({ name: 'Never' }).where(eq(t.channels.id, before.id));
        tx.rollback();
      })
      .catch(() => undefined);
    expect((await channelOf()).name).toBe('Second');
    await rename(before.name);
  });

  it('is no session for a key that does not exist', async () => {
    expect(await sessionByApiKey(server.db, 'x'.repeat(32))).toBeUndefined();
  });
});

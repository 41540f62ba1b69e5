import { randomBytes } from 'node:crypto';
import { asc, eq, lt } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.ts';
import { apiKeys, channels } from '../db/schema.ts';

export type ChannelRow = typeof channels.$inferSelect;

export async function channelBySlug(db: Db, slug: string): Promise<ChannelRow | undefined> {
  const [row] = await db.select().from(channels).where(eq(channels.slug, slug)).limit(1);
  return row;
}

export async function channelById(db: Db, id: number): Promise<ChannelRow | undefined> {
  const [row] = await db.select().from(channels).where(eq(channels.id, id)).limit(1);
  return row;
}

export async function channelByKey(db: Db, channelKey: string): Promise<ChannelRow | undefined> {
  const [row] = await db.select().from(channels).where(eq(channels.channelKey, channelKey)).limit(1);
  return row;
}

/** Public calls carry no key: they answer for the server's (first) channel. */
export async function defaultChannel(db: Db): Promise<ChannelRow | undefined> {
  const [row] = await db.select().from(channels).orderBy(asc(channels.id)).limit(1);
  return row;
}

/** A visitor's key, or with `userId` a signed-in session's key. */
export async function issueApiKey(db: Executor, channelId: number, ttlSeconds: number, now = new Date(), userId: number | null = null) {
  // Forget keys that expired a day ago, so the table does not grow without bound.
  await db.delete(apiKeys).where(lt(apiKeys.expiresAt, new Date(now.getTime() - 86_400_000)));
  const key = randomBytes(24).toString('base64url');
  const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
  await db.insert(apiKeys).values({ channelId, key, expiresAt, userId });
  return { api_key: key, expires_at: expiresAt.toISOString() };
}

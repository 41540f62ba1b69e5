import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { ChannelRow } from './channels.ts';
import type { UserRow } from './users.ts';
import type { Db, Executor } from '../db/client.ts';
import { apiKeys, channels, users } from '../db/schema.ts';

/* An api key is a session: a visitor's (user_id NULL) or a signed-in user's. */

export interface Session {
  channel: ChannelRow;
  /** The signed-in user, or null for a visitor's key. */
  user: UserRow | null;
  apiKey: string;
}

/** A row's version: the transaction that wrote it and its command in that transaction. Every
 *  UPDATE writes a new row version with a new pair, so a row kept under its version is never stale. */
const rowVersion = (table: typeof channels) => sql<string>`${table}.xmin::text || '.' || ${table}.cmin::text`;

/** The one query every call with a key makes, built once per database (and prepared once per
 *  connection on PostgreSQL): building it anew was a fifth of a cached list call's time (ADR 062).
 *  It reads the channel's row version, not its row: the row (four JSON columns) is kept per version
 *  below, and parsing it on every call was about a tenth of a kept list call's CPU. */
const sessionQueries = new WeakMap<Db, ReturnType<typeof sessionQuery>>();
const sessionQuery = (db: Db) =>
  db
    .select({ channelId: channels.id, channelVersion: rowVersion(channels), user: users })
    .from(apiKeys)
    .innerJoin(channels, eq(channels.id, apiKeys.channelId))
    .leftJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.key, sql.placeholder('key')), gt(apiKeys.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('session_by_api_key');

/** Channel rows by id and row version, per database: shared objects nobody changes. */
const keptChannels = new WeakMap<Db, LRUCache<string, Promise<ChannelRow | undefined>>>();

/** The channel's row as of `version` (or later): kept, or read with its own version. */
function channelAt(db: Db, id: number, version: string): Promise<ChannelRow | undefined> {
  let kept = keptChannels.get(db);
  if (!kept) keptChannels.set(db, (kept = new LRUCache({ max: 100 })));
  const key = `${id}@${version}`;
  let found = kept.get(key);
  if (!found) {
    found = db
      .select({ row: channels, version: rowVersion(channels) })
      .from(channels)
      .where(eq(channels.id, id))
      .then(([read]) => {
        // Kept under the version it was read at; a later version than asked for is fresher, never stale.
        if (read && read.version !== version) kept.set(`${id}@${read.version}`, Promise.resolve(read.row));
        return read?.row;
      });
    kept.set(key, found);
    found.catch(() => kept.delete(key));
  }
  return found;
}

export async function sessionByApiKey(db: Db, apiKey: string, now = new Date()): Promise<Session | undefined> {
  let query = sessionQueries.get(db);
  if (!query) sessionQueries.set(db, (query = sessionQuery(db)));
  const [row] = await query.execute({ key: apiKey, now });
  const channel = row ? await channelAt(db, row.channelId, row.channelVersion) : undefined;
  return row && channel ? { channel, user: row.user, apiKey } : undefined;
}

export async function endSession(db: Executor, apiKey: string): Promise<void> {
  await db.delete(apiKeys).where(eq(apiKeys.key, apiKey));
}

/** Signs the user out everywhere, or everywhere but the session making the change. */
export async function endUserSessions(db: Executor, userId: number, except?: string): Promise<void> {
  await db.delete(apiKeys).where(except ? and(eq(apiKeys.userId, userId), ne(apiKeys.key, except)) : eq(apiKeys.userId, userId));
}

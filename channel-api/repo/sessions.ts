import { and, eq, gt, ne, sql } from 'drizzle-orm';
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

/** The one query every call with a key makes, built once per database (and prepared once per
 *  connection on PostgreSQL): building it anew was a fifth of a cached list call's time (ADR 062). */
const sessionQueries = new WeakMap<Db, ReturnType<typeof sessionQuery>>();
const sessionQuery = (db: Db) =>
  db
    .select({ channel: channels, user: users })
    .from(apiKeys)
    .innerJoin(channels, eq(channels.id, apiKeys.channelId))
    .leftJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.key, sql.placeholder('key')), gt(apiKeys.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('session_by_api_key');

export async function sessionByApiKey(db: Db, apiKey: string, now = new Date()): Promise<Session | undefined> {
  let query = sessionQueries.get(db);
  if (!query) sessionQueries.set(db, (query = sessionQuery(db)));
  const [row] = await query.execute({ key: apiKey, now });
  return row ? { channel: row.channel, user: row.user, apiKey } : undefined;
}

export async function endSession(db: Executor, apiKey: string): Promise<void> {
  await db.delete(apiKeys).where(eq(apiKeys.key, apiKey));
}

/** Signs the user out everywhere, or everywhere but the session making the change. */
export async function endUserSessions(db: Executor, userId: number, except?: string): Promise<void> {
  await db.delete(apiKeys).where(except ? and(eq(apiKeys.userId, userId), ne(apiKeys.key, except)) : eq(apiKeys.userId, userId));
}

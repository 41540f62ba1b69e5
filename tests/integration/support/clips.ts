import { and, eq, like, lt, sql } from 'drizzle-orm';
import type { accounts } from './accounts.ts';
import type { Db } from '../../../channel-api/db/client.ts';
import { events, users } from '../../../channel-api/db/schema.ts';

/* What the clip tests start from: a game a clip can be cut from, and a fan whose pass allows it. */

/** A free game that is over and plays a demo game's media (not the always-live loop). */
export async function finishedGameId(db: Db): Promise<number> {
  const now = Math.floor(Date.now() / 1000);
  const [finished] = await db
    .select()
    .from(events)
    .where(and(eq(events.type, 'free'), like(events.asset, 'game-%'), eq(events.alwaysLive, false), lt(sql`${events.eventUtcTs} + ${events.duration}`, now)));
  return finished.id;
}

/** A new fan whose pass allows watching and clipping. */
export async function clipper(acc: ReturnType<typeof accounts>, db: Db) {
  const fan = await acc.signUp();
  await db
    .update(users)
    .set({ capabilities: ['watch', 'clipping'] })
    .where(eq(users.id, fan.user.id));
  return fan;
}

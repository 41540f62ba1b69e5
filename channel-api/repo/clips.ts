import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import { gameNamesOf } from './events.ts';
import { UNNAMED_GAME } from '../../contract/game-name.ts';
import type { Db, Executor, Tx } from '../db/client.ts';
import { clips, events, users } from '../db/schema.ts';

/* Fans' clips (issue 25): every query a fan's call makes names the fan, so no call reaches another
 * fan's clip; the job and the share link read a clip by id (and uuid). */

export type ClipRow = typeof clips.$inferSelect;
export type ClipWithEvent = { clip: ClipRow; eventName: string; asset: string | null; blackout: string[] };

const withEvent = { clip: clips, asset: events.asset, blackout: events.blackoutCountries };

/** Each clip with its game's one name (contract/game-name.ts). */
async function named(db: Db, rows: Omit<ClipWithEvent, 'eventName'>[]): Promise<ClipWithEvent[]> {
  const names = await gameNamesOf(
    db,
    rows.map((r) => r.clip.eventId),
  );
  return rows.map((r) => ({ ...r, eventName: names.get(r.clip.eventId) ?? UNNAMED_GAME }));
}

/** The fan's clips, newest first; of one game when `eventId` is given. */
export async function clipsOfUser(db: Db, userId: number, eventId?: number): Promise<ClipWithEvent[]> {
  const rows = await db
    .select(withEvent)
    .from(clips)
    .innerJoin(events, eq(events.id, clips.eventId))
    .where(eventId === undefined ? eq(clips.userId, userId) : and(eq(clips.userId, userId), eq(clips.eventId, eventId)))
    .orderBy(desc(clips.createdAt), desc(clips.id));
  return named(db, rows);
}

/** One clip of the fan's (undefined: none, or another fan's). */
export async function clipOfUser(db: Db, userId: number, id: number): Promise<ClipWithEvent | undefined> {
  const [row] = await db
    .select(withEvent)
    .from(clips)
    .innerJoin(events, eq(events.id, clips.eventId))
    .where(and(eq(clips.id, id), eq(clips.userId, userId)));
  return row && (await named(db, [row]))[0];
}

/** Renames the fan's clip; false when it is not theirs (or gone). */
export async function renameClipOfUser(db: Db, userId: number, id: number, name: string): Promise<boolean> {
  const renamed = await db
    .update(clips)
    .set({ name })
    .where(and(eq(clips.id, id), eq(clips.userId, userId)))
    .returning({ id: clips.id });
  return renamed.length > 0;
}

/** A clip by its share link: both its id and its uuid must match. */
export async function clipByShareLink(db: Db, id: number, uuid: string): Promise<ClipWithEvent | undefined> {
  const [row] = await db
    .select(withEvent)
    .from(clips)
    .innerJoin(events, eq(events.id, clips.eventId))
    .where(and(eq(clips.id, id), eq(clips.uuid, uuid)));
  return row && (await named(db, [row]))[0];
}

export async function clipById(db: Executor, id: number): Promise<ClipRow | undefined> {
  const [row] = await db.select().from(clips).where(eq(clips.id, id));
  return row;
}

export type NewClip = Pick<typeof clips.$inferInsert, 'userId' | 'eventId' | 'name' | 'startTime' | 'duration' | 'tags' | 'eventMediaId'>;

/** Inserts a queued clip and counts it on the fan (featureCount.clips), then `also` (the job's
 *  send) in the same transaction: all three happen, or none. */
export async function insertClip(db: Db, clip: NewClip, also: (tx: Tx, row: ClipRow) => Promise<void>): Promise<ClipRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(clips).values(clip).returning();
    await tx
      .update(users)
      .set({ clipsCount: sql`${users.clipsCount} + 1` })
      .where(eq(users.id, clip.userId));
    await also(tx, row);
    return row;
  });
}

/** Progress of a clip still queued (never lowers it, never touches a finished one). */
export async function setClipProgress(db: Db, id: number, progress: number): Promise<void> {
  await db
    .update(clips)
    .set({ progress })
    .where(and(eq(clips.id, id), eq(clips.status, 'queued'), lt(clips.progress, progress)));
}

/** Marks a queued clip processed; false when it is gone (deleted) or no longer queued. */
export async function markClipProcessed(db: Db, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(clips)
    .set({ status: 'processed', progress: 100, processedAt: at, error: null })
    .where(and(eq(clips.id, id), eq(clips.status, 'queued')))
    .returning({ id: clips.id });
  return rows.length > 0;
}

export async function markClipFailed(db: Db, id: number, error: string): Promise<void> {
  await db
    .update(clips)
    .set({ status: 'failed', error })
    .where(and(eq(clips.id, id), eq(clips.status, 'queued')));
}

/** Fails the fan's clips queued longer than `seconds`: their job died with its worker (or expired
 *  twice) and will not finish them. */
export async function failStaleClips(db: Db, userId: number, seconds: number, error: string): Promise<void> {
  await db
    .update(clips)
    .set({ status: 'failed', error })
    .where(and(eq(clips.userId, userId), eq(clips.status, 'queued'), lt(clips.createdAt, sql`now() - make_interval(secs => ${seconds})`)));
}

/** Deletes the fan's clip; its uuid (its files' name), or undefined when it is not theirs. */
export async function deleteClipOfUser(db: Db, userId: number, id: number): Promise<string | undefined> {
  const [row] = await db
    .delete(clips)
    .where(and(eq(clips.id, id), eq(clips.userId, userId)))
    .returning({ uuid: clips.uuid });
  return row?.uuid;
}

/** The games the fan has clips of, with how many, latest game first. */
export async function eventsWithClipsOf(db: Db, userId: number) {
  const rows = await db
    .select({ id: events.id, event_utc_ts: events.eventUtcTs, image: events.image, clips: count(clips.id) })
    .from(clips)
    .innerJoin(events, eq(events.id, clips.eventId))
    .where(eq(clips.userId, userId))
    .groupBy(events.id)
    .orderBy(desc(events.eventUtcTs), desc(events.id));
  const names = await gameNamesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map(({ id, ...r }) => ({ id, name: names.get(id) ?? UNNAMED_GAME, ...r }));
}

/** The blackout of the game a clip's files (by their uuid) are of; undefined for no such clip. */
export async function clipBlackoutByUuid(db: Db, uuid: string): Promise<string[] | undefined> {
  const [row] = await db.select({ blackout: events.blackoutCountries }).from(clips).innerJoin(events, eq(events.id, clips.eventId)).where(eq(clips.uuid, uuid));
  return row?.blackout;
}

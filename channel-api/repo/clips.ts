import { and, asc, count, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
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
 *  send, told how many of the fan's clips were in progress before this one) in the same
 *  transaction: all three happen, or none. Null, and nothing written, when the fan already has
 *  `limit` clips queued or being made. The fan's row is locked first, so two requests of one fan
 *  at once (on PostgreSQL, where each counts in its own transaction) are counted one after the
 *  other: the second sees the first's clip. */
export async function insertClip(
  db: Db,
  clip: NewClip,
  limit: number,
  also: (tx: Tx, row: ClipRow, inProgress: number) => Promise<void>,
): Promise<ClipRow | null> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, clip.userId)).for('update');
    const [{ inProgress }] = await tx
      .select({ inProgress: count() })
      .from(clips)
      .where(and(eq(clips.userId, clip.userId), eq(clips.status, 'queued')));
    if (inProgress >= limit) return null;
    const [row] = await tx.insert(clips).values(clip).returning();
    await tx
      .update(users)
      .set({ clipsCount: sql`${users.clipsCount} + 1` })
      .where(eq(users.id, clip.userId));
    await also(tx, row, inProgress);
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

/** Marks a queued clip processed and ends its lease; false when it is gone (deleted) or no longer
 *  queued. */
export async function markClipProcessed(db: Db, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(clips)
    .set({ status: 'processed', progress: 100, processedAt: at, error: null, workedUntil: null, workedBy: null })
    .where(and(eq(clips.id, id), eq(clips.status, 'queued')))
    .returning({ id: clips.id });
  return rows.length > 0;
}

export async function markClipFailed(db: Executor, id: number, error: string): Promise<void> {
  await db
    .update(clips)
    .set({ status: 'failed', error, workedUntil: null, workedBy: null })
    .where(and(eq(clips.id, id), eq(clips.status, 'queued')));
}

/* The lease (ADR 060): a worker making a clip holds it for `seconds` and renews it while ffmpeg
 * runs; a queued clip whose lease ran out belongs to a dead worker, and a reaper takes it back. */

const leaseUntil = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

/** Takes the clip's lease for `holder` if the clip is still queued (in one statement: a clip made,
 *  failed or deleted meanwhile is not taken), over whatever lease an earlier try left; the clip, or
 *  undefined when there is nothing to make. */
export async function takeClipLease(db: Db, id: number, holder: string, seconds: number): Promise<ClipRow | undefined> {
  const [row] = await db
    .update(clips)
    .set({ workedUntil: leaseUntil(seconds), workedBy: holder })
    .where(and(eq(clips.id, id), eq(clips.status, 'queued')))
    .returning();
  return row;
}

/** Extends `holder`'s lease; false when it holds it no longer (reaped, taken over by a later try,
 *  or the clip finished or deleted). */
export async function renewClipLease(db: Db, id: number, holder: string, seconds: number): Promise<boolean> {
  const rows = await db
    .update(clips)
    .set({ workedUntil: leaseUntil(seconds) })
    .where(and(eq(clips.id, id), eq(clips.status, 'queued'), eq(clips.workedBy, holder)))
    .returning({ id: clips.id });
  return rows.length > 0;
}

/** Ends `holder`'s lease (its try ended without finishing the clip: a retry follows). */
export async function endClipLease(db: Db, id: number, holder: string): Promise<void> {
  await db
    .update(clips)
    .set({ workedUntil: null, workedBy: null })
    .where(and(eq(clips.id, id), eq(clips.workedBy, holder)));
}

/** Clips a reaper takes back at once at most: a few workers' worth. */
const REAP_BATCH = 20;

/** Takes back the queued clips whose lease ran out: locks and clears their lease (two reapers at
 *  once skip each other's rows: each clip is won by one), then, in the same transaction, `reap`
 *  fails the clip's job; when it answers with an error (that was the clip's last try) the clip is
 *  failed with it. The clips taken back, with the holder each was lost by. */
export async function reapClipLeases(db: Db, reap: (tx: Tx, id: number) => Promise<string | null>): Promise<{ id: number; holder: string | null }[]> {
  return db.transaction(async (tx) => {
    const taken = await tx
      .select({ id: clips.id, holder: clips.workedBy })
      .from(clips)
      .where(and(eq(clips.status, 'queued'), isNotNull(clips.workedUntil), lt(clips.workedUntil, sql`now()`)))
      .orderBy(asc(clips.workedUntil))
      .limit(REAP_BATCH)
      .for('update', { skipLocked: true });
    if (taken.length === 0) return [];
    await tx
      .update(clips)
      .set({ workedUntil: null, workedBy: null })
      .where(
        inArray(
          clips.id,
          taken.map((clip) => clip.id),
        ),
      );
    for (const clip of taken) {
      const error = await reap(tx, clip.id);
      if (error) await markClipFailed(tx, clip.id, error);
    }
    return taken;
  });
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

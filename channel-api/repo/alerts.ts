import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { coverage } from './follows.ts';
import type { AlertKind } from '../../contract/index.ts';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema.ts';

/* Alert mails (issue 24): which games are due a go-live or reminder mail for which fan, by the
   favorites with that alert on (the coverage rule of GET /events/favorite), and the alert_mails
   row that lets one mail go per game, kind and fan. */

/** A game due an alert mail of one kind for one fan, and the fan's follows that cover it with
 *  that alert on. */
export interface DueAlert {
  userId: number;
  eventId: number;
  kind: AlertKind;
  /** The game's start (epoch seconds) and length (seconds). */
  start: number;
  duration: number;
  followIds: number[];
}

export interface DueFilter {
  /** Games starting in this range (epoch seconds, both ends included). */
  startFrom?: number;
  startTo?: number;
  userId?: number;
  eventId?: number;
  followId?: number;
  kind?: AlertKind;
}

const column: Record<AlertKind, SQL> = { 'go-live': sql`f.alert_go_live`, reminder: sql`f.alert_reminder` };

/** Alerts due for games of the filter, for verified fans of the game's channel. Demo broadcasts
 *  that are always live are never due: they have no start to announce. */
export async function alertsDue(db: Db, q: DueFilter): Promise<DueAlert[]> {
  const kinds = q.kind ? [q.kind] : (['go-live', 'reminder'] as const);
  const out: DueAlert[] = [];
  for (const kind of kinds) {
    const which = sql.join(
      [
        column[kind],
        q.userId !== undefined ? sql`f.user_id = ${q.userId}` : undefined,
        q.followId !== undefined ? sql`f.id = ${q.followId}` : undefined,
      ].filter((c): c is SQL => c !== undefined),
      sql` AND `,
    );
    const games = sql.join(
      [
        sql`NOT e.always_live`,
        q.eventId !== undefined ? sql`e.id = ${q.eventId}` : undefined,
        q.startFrom !== undefined ? sql`e.event_utc_ts >= ${q.startFrom}` : undefined,
        q.startTo !== undefined ? sql`e.event_utc_ts <= ${q.startTo}` : undefined,
      ].filter((c): c is SQL => c !== undefined),
      sql` AND `,
    );
    const result = await db.execute<{ user_id: number; event_id: number; start: string | number; duration: number; follow_ids: number[] }>(sql`
      SELECT c.user_id, e.id AS event_id, e.event_utc_ts AS start, e.duration, array_agg(c.follow_id ORDER BY c.follow_id) AS follow_ids
        FROM (${coverage(which, sql`, f.id AS follow_id, f.user_id`)}) c
        JOIN events e ON e.id = c.event_id
        JOIN users u ON u.id = c.user_id AND u.channel_id = e.channel_id AND u.email_verified_at IS NOT NULL
       WHERE ${games}
       GROUP BY c.user_id, e.id, e.event_utc_ts, e.duration
       ORDER BY e.event_utc_ts, e.id, c.user_id`);
    for (const r of result.rows)
      out.push({
        userId: Number(r.user_id),
        eventId: Number(r.event_id),
        kind,
        start: Number(r.start),
        duration: Number(r.duration),
        followIds: r.follow_ids.map(Number),
      });
  }
  return out;
}

/** Claims the mail of this game, kind and fan: true for the one caller that inserts its row,
 *  false for any other, before or at the same time, on any server. */
export async function claimAlertMail(db: Db, userId: number, eventId: number, kind: AlertKind): Promise<boolean> {
  const claimed = await db.insert(t.alertMails).values({ userId, eventId, kind }).onConflictDoNothing().returning({ userId: t.alertMails.userId });
  return claimed.length > 0;
}

const mail = (userId: number, eventId: number, kind: AlertKind) =>
  and(eq(t.alertMails.userId, userId), eq(t.alertMails.eventId, eventId), eq(t.alertMails.kind, kind));

export async function markAlertMailSent(db: Db, userId: number, eventId: number, kind: AlertKind): Promise<void> {
  await db
    .update(t.alertMails)
    .set({ sentAt: new Date() })
    .where(mail(userId, eventId, kind));
}

/** Gives a claim back when its mail could not be handed over, so the job's retry may send it. */
export async function releaseAlertMail(db: Db, userId: number, eventId: number, kind: AlertKind): Promise<void> {
  await db.delete(t.alertMails).where(and(mail(userId, eventId, kind), isNull(t.alertMails.sentAt)));
}

/** Turns one kind of alert off on these follows of the fan (those still there). */
export async function turnAlertOff(db: Db, userId: number, followIds: number[], kind: AlertKind): Promise<void> {
  if (followIds.length === 0) return;
  await db
    .update(t.follows)
    .set(kind === 'go-live' ? { alertGoLive: false } : { alertReminder: false })
    .where(and(eq(t.follows.userId, userId), inArray(t.follows.id, followIds)));
}

import { sql, type SQL } from 'drizzle-orm';
import type { StreamStatus } from '../../contract/index.ts';
import { events } from '../db/schema.ts';

/*
 * Stream status comes from the clock: upcoming before the start, live during
 * [start, start + duration], finished after. A demo event flagged `always_live` re-airs back to
 * back from its first start, so it is live at any later moment and its reported start is the
 * start of the current airing. The SQL twins below must agree with the JS functions: the SQL
 * ones filter and sort, the JS ones shape the answer.
 */

export interface Timed {
  eventUtcTs: number;
  duration: number;
  alwaysLive: boolean;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export function airingStart(e: Timed, now: number): number {
  if (!e.alwaysLive || now < e.eventUtcTs || e.duration <= 0) return e.eventUtcTs;
  return e.eventUtcTs + Math.floor((now - e.eventUtcTs) / e.duration) * e.duration;
}

export function streamStatus(e: Timed, now: number): StreamStatus {
  const start = airingStart(e, now);
  if (now < start) return 'upcoming';
  return e.alwaysLive || now <= start + e.duration ? 'live' : 'finished';
}

const nowParam = (now: number) => sql`CAST(${now} AS bigint)`;

export function airingStartSql(now: number): SQL<number> {
  const n = nowParam(now);
  return sql<number>`(CASE WHEN ${events.alwaysLive} AND ${n} >= ${events.eventUtcTs} AND ${events.duration} > 0
    THEN ${events.eventUtcTs} + ((${n} - ${events.eventUtcTs}) / ${events.duration}) * ${events.duration}
    ELSE ${events.eventUtcTs} END)`;
}

export function streamStatusSql(now: number): SQL<StreamStatus> {
  const n = nowParam(now);
  return sql<StreamStatus>`(CASE WHEN ${n} < ${events.eventUtcTs} THEN 'upcoming'
    WHEN ${events.alwaysLive} OR ${n} <= ${events.eventUtcTs} + ${events.duration} THEN 'live'
    ELSE 'finished' END)`;
}

/** The first second after `now` at which this game's status or reported start differs from the
 *  one at `now`, or null when it never will (a finished game). What a list of games says at
 *  `now` holds, unchanged, until the soonest of its games' (services/catalogue-answers.ts). */
export function nextChange(e: Timed, now: number): number | null {
  if (now < e.eventUtcTs) return e.eventUtcTs;
  if (e.alwaysLive) return e.duration > 0 ? airingStart(e, now) + e.duration : null;
  return now <= e.eventUtcTs + e.duration ? e.eventUtcTs + e.duration + 1 : null;
}

/** nextChange in SQL (null for a game that no longer changes). */
export function nextChangeSql(now: number): SQL<number | null> {
  const n = nowParam(now);
  return sql<number | null>`(CASE WHEN ${n} < ${events.eventUtcTs} THEN ${events.eventUtcTs}
    WHEN ${events.alwaysLive} THEN (CASE WHEN ${events.duration} > 0 THEN ${airingStartSql(now)} + ${events.duration} END)
    WHEN ${n} <= ${events.eventUtcTs} + ${events.duration} THEN ${events.eventUtcTs} + ${events.duration} + 1
    END)`;
}

import { and, asc, desc, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { airingStart, airingStartSql, nextChangeSql, nowSeconds, streamStatus, streamStatusSql } from './event-status.ts';
import { gameName } from '../../contract/game-name.ts';
import type { eventsQuery } from '../../contract/index.ts';
import type { Db, Executor } from '../db/client.ts';
import * as t from '../db/schema.ts';

type EventRow = typeof t.events.$inferSelect;
/** The contract's query after parsing (defaults applied). */
export type EventFilters = z.output<typeof eventsQuery>;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function conditions(channelId: number, q: Partial<EventFilters>, now: number): SQL | undefined {
  const start = airingStartSql(now);
  const statuses = q.stream_status?.split(',');
  return and(
    eq(t.events.channelId, channelId),
    statuses ? inArray(streamStatusSql(now), statuses) : undefined,
    // A sport includes its boys/girls children.
    q.category ? sql`${t.events.eventCategoryId} IN (SELECT id FROM ${t.eventCategories} WHERE id = ${q.category} OR parent_id = ${q.category})` : undefined,
    // A school includes its teams.
    q.participant
      ? sql`EXISTS (SELECT 1 FROM ${t.eventParticipants} ep JOIN ${t.participants} p ON p.id = ep.participant_id
          WHERE ep.event_id = ${t.events.id} AND (p.id = ${q.participant} OR p.parent_id = ${q.participant}))`
      : undefined,
    // A division includes its schools and their teams (a team counts by its own group or its school's).
    q.participant_group
      ? sql`EXISTS (SELECT 1 FROM ${t.eventParticipants} ep JOIN ${t.participants} p ON p.id = ep.participant_id
          LEFT JOIN ${t.participants} school ON school.id = p.parent_id
          WHERE ep.event_id = ${t.events.id} AND (p.participant_group_id = ${q.participant_group} OR school.participant_group_id = ${q.participant_group}))`
      : undefined,
    q.location ? eq(t.events.locationId, q.location) : undefined,
    q.start_date !== undefined ? sql`${start} >= ${q.start_date}` : undefined,
    q.end_date !== undefined ? sql`${start} <= ${q.end_date}` : undefined,
    q.search ? ilike(t.events.name, `%${escapeLike(q.search)}%`) : undefined,
  );
}

/** A page of the channel's games by these filters, and `also` (another condition on events: the
 *  games a fan follows, repo/follows.ts). */
export async function listEvents(db: Db, channelId: number, q: EventFilters, now: number, also?: SQL) {
  const where = and(conditions(channelId, q, now), also);
  const dir = q.sort_direction === 'desc' ? desc : asc;
  const sortColumn = q.sort_field === 'name' ? t.events.name : q.sort_field === 'weight' ? t.events.weight : airingStartSql(now);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(t.events).where(where).orderBy(dir(sortColumn), dir(t.events.id)).limit(q.limit).offset(q.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(t.events)
      .where(where),
  ]);
  return { data: await present(db, rows, now), meta: { total: Number(total), offset: q.offset, limit: q.limit } };
}

/** The first second after `now` at which any of the channel's games changes its status or reported
 *  start (event-status.ts nextChange), or null when none ever will: until then every list of the
 *  channel's games says what it says at `now` (services/catalogue-answers.ts). */
export async function catalogueNextChange(db: Db, channelId: number, now: number): Promise<number | null> {
  const [row] = await db
    .select({ at: sql<string | number | null>`min(${nextChangeSql(now)})` })
    .from(t.events)
    .where(eq(t.events.channelId, channelId));
  return row?.at === null || row?.at === undefined ? null : Number(row.at);
}

export async function eventById(db: Db, channelId: number, id: number, now: number) {
  const [row] = await db
    .select()
    .from(t.events)
    .where(and(eq(t.events.channelId, channelId), eq(t.events.id, id)));
  if (!row) return undefined;
  const [out] = await present(db, [row], now);
  return { out, asset: row.asset, blackout: row.blackoutCountries };
}

/** The name fans read for each of these games (contract/game-name.ts), by id: for the rows that
 *  name a game without the wire event (a clip, a follow, a calendar feed). A game of another
 *  channel is never asked for: the ids come from the caller's own channel's rows. */
export async function gameNamesOf(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(t.events).where(inArray(t.events.id, unique));
  const games = await present(db, rows, nowSeconds());
  return new Map(games.map((g) => [g.id, gameName(g)]));
}

/** Adds participants and categories and the clock-derived fields to event rows. */
async function present(db: Executor, rows: EventRow[], now: number) {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const people = await db
    .select({ eventId: t.eventParticipants.eventId, p: t.participants })
    .from(t.eventParticipants)
    .innerJoin(t.participants, eq(t.participants.id, t.eventParticipants.participantId))
    .where(inArray(t.eventParticipants.eventId, ids))
    .orderBy(asc(t.eventParticipants.position));
  const categoryIds = [...new Set(rows.flatMap((r) => (r.eventCategoryId ? [r.eventCategoryId] : [])))];
  const cats = categoryIds.length
    ? await db
        .select()
        .from(t.eventCategories)
        .where(
          or(
            inArray(t.eventCategories.id, categoryIds),
            sql`${t.eventCategories.id} IN (SELECT parent_id FROM ${t.eventCategories} WHERE id IN ${categoryIds})`,
          ),
        )
    : [];
  const catById = new Map(cats.map((c) => [c.id, c]));
  return rows.map((r) => {
    const cat = r.eventCategoryId ? catById.get(r.eventCategoryId) : undefined;
    const parent = cat?.parentId ? catById.get(cat.parentId) : undefined;
    return {
      id: r.id,
      name: r.name,
      description: r.description,
      type: r.type,
      participants: people
        .filter((x) => x.eventId === r.id)
        .map(({ p }) => ({ id: p.id, name: p.name, short_name: p.shortName, images: { logo: p.logo, banner: p.banner }, color: p.color })),
      home_team_id: r.homeTeamId,
      event_utc_ts: airingStart(r, now),
      duration: r.duration,
      time_zone: r.timeZone,
      stream_status: streamStatus(r, now),
      location_id: r.locationId,
      event_category_id: r.eventCategoryId,
      event_categories: [cat, parent].flatMap((c) => (c ? [{ id: c.id, name: c.name, alias: c.alias }] : [])),
      image: r.image,
      weight: r.weight,
    };
  });
}

/** How many of each status the home page shows. */
export const HOMEPAGE_LIMITS = { live: 20, upcoming: 12, finished: 12 } as const;

/** Live now, next up, and most recent, for the home page: the same rows as three listEvents
 *  calls (live and upcoming soonest first, finished latest first), but in one ranked query plus
 *  one shared `present` (3 queries in all instead of 12). PGlite runs in this process, so every
 *  query is event-loop time of the web server that embeds it. */
export async function eventsForHomepage(db: Db, channelId: number, now: number) {
  const status = streamStatusSql(now);
  const start = airingStartSql(now);
  const finished = sql`${status} = 'finished'`;
  const rank = sql<number>`row_number() OVER (PARTITION BY ${status}
    ORDER BY CASE WHEN ${finished} THEN -${start} ELSE ${start} END, CASE WHEN ${finished} THEN -${t.events.id} ELSE ${t.events.id} END)`;
  const ranked = db
    .select({ ...getTableColumns(t.events), status: sql<string>`${status}`.as('status'), rank: rank.as('rank') })
    .from(t.events)
    .where(eq(t.events.channelId, channelId))
    .as('ranked');
  const within = Object.entries(HOMEPAGE_LIMITS).map(([s, limit]) => sql`(${ranked.status} = ${s} AND ${ranked.rank} <= ${limit})`);
  const picked = await db
    .select()
    .from(ranked)
    .where(or(...within))
    .orderBy(asc(ranked.rank));
  const rows: EventRow[] = picked.map(({ status: _status, rank: _rank, ...row }) => row);
  const presented = await present(db, rows, now);
  const of = (s: string) => presented.filter((_, i) => picked[i].status === s);
  return { live: of('live'), upcoming: of('upcoming'), finished: of('finished') };
}

import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { gameNamesOf } from './events.ts';
import { followKindOf, type FavoritableType, type Follow } from '../../contract/index.ts';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema.ts';

/* What a fan follows, and which games that makes theirs (GET /events/favorite). A follow names a
   row of another table by the spec's type and id; only a row of the fan's channel can be
   followed, and a follow whose row is gone is left out of every answer. The list cannot grow
   past the channel's own schools, teams, sports, divisions, venues and games: one follow per
   thing and fan (a unique index). */

/** The name, alias and picture of the thing each follow names, in the fan's channel. */
const item = {
  name: sql<
    string | null
  >`coalesce(${t.participants.name}, ${t.participantGroups.name}, ${t.eventCategories.name}, ${t.events.name}, ${t.eventLocations.name})`,
  alias: sql<string | null>`coalesce(${t.participants.alias}, ${t.participantGroups.alias}, ${t.eventCategories.alias})`,
  image: sql<string | null>`coalesce(${t.participants.logo}, ${t.participantGroups.image}, ${t.events.image})`,
  /** A participant with a parent is a team (its parent the school). */
  hasParent: sql<boolean>`(${t.participants.parentId} IS NOT NULL)`,
};

const names = (type: FavoritableType) => sql`${t.follows.favoritableType} = ${type} AND`;

function followsWithItems(db: Db, channelId: number, where: SQL | undefined) {
  const f = t.follows;
  return db
    .select({ id: f.id, type: f.favoritableType, itemId: f.favoritableId, createdAt: f.createdAt, goLive: f.alertGoLive, reminder: f.alertReminder, ...item })
    .from(f)
    .leftJoin(t.participants, sql`${names('participant')} ${t.participants.id} = ${f.favoritableId} AND ${t.participants.channelId} = ${channelId}`)
    .leftJoin(
      t.participantGroups,
      sql`${names('participant_group')} ${t.participantGroups.id} = ${f.favoritableId} AND ${t.participantGroups.channelId} = ${channelId}`,
    )
    .leftJoin(t.eventCategories, sql`${names('event_category')} ${t.eventCategories.id} = ${f.favoritableId} AND ${t.eventCategories.channelId} = ${channelId}`)
    .leftJoin(t.events, sql`${names('favorite_event')} ${t.events.id} = ${f.favoritableId} AND ${t.events.channelId} = ${channelId}`)
    .leftJoin(t.eventLocations, sql`${names('event_location')} ${t.eventLocations.id} = ${f.favoritableId} AND ${t.eventLocations.channelId} = ${channelId}`)
    .where(where)
    .orderBy(asc(f.id));
}

type Row = Awaited<ReturnType<typeof followsWithItems>>[number];

const followOf = (r: Row): Follow => ({
  id: r.id,
  favoritable_id: r.itemId,
  favoritable_type: r.type as FavoritableType,
  kind: followKindOf(r.type as FavoritableType, r.hasParent),
  name: r.name ?? '',
  alias: r.alias,
  image: r.image,
  created_at: r.createdAt.toISOString(),
  alert_go_live: r.goLive,
  alert_reminder: r.reminder,
});

/** A followed game is named as everywhere else (contract/game-name.ts), not by its stored name. */
async function named(db: Db, follows: Follow[]): Promise<Follow[]> {
  const games = follows.filter((f) => f.favoritable_type === 'favorite_event').map((f) => f.favoritable_id);
  if (games.length === 0) return follows;
  const names = await gameNamesOf(db, games);
  return follows.map((f) => (f.favoritable_type === 'favorite_event' ? { ...f, name: names.get(f.favoritable_id) ?? f.name } : f));
}

/** Follows whose thing is still in the channel. */
const present = (db: Db, rows: Row[]): Promise<Follow[]> => named(db, rows.filter((r) => r.name !== null).map(followOf));

/** The fan's follows whose thing is still there, oldest first. */
export async function followsOf(db: Db, channelId: number, userId: number): Promise<Follow[]> {
  return present(db, await followsWithItems(db, channelId, eq(t.follows.userId, userId)));
}

/** Whether the channel has this thing to follow. */
export async function followable(db: Db, channelId: number, type: FavoritableType, id: number): Promise<boolean> {
  const table = {
    participant: t.participants,
    participant_group: t.participantGroups,
    event_category: t.eventCategories,
    favorite_event: t.events,
    event_location: t.eventLocations,
  }[type];
  const [found] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), eq(table.channelId, channelId)));
  return found !== undefined;
}

/** The fan's follow of this thing, added unless it is there already; null when the thing is
 *  not in the channel (any more). */
export async function insertFollow(db: Db, channelId: number, userId: number, type: FavoritableType, id: number): Promise<Follow | null> {
  // Two clicks at once insert one row: the second finds the first.
  await db.insert(t.follows).values({ userId, favoritableType: type, favoritableId: id }).onConflictDoNothing();
  const rows = await followsWithItems(db, channelId, and(eq(t.follows.userId, userId), eq(t.follows.favoritableType, type), eq(t.follows.favoritableId, id)));
  return (await present(db, rows))[0] ?? null;
}

/** Sets the alert opt-ins of those of the named follows that are the fan's own, in one
 *  transaction; answers them (their thing still there), oldest first. Another's id changes nothing. */
export async function setFollowAlerts(db: Db, channelId: number, userId: number, alerts: readonly { id: number; goLive: boolean; reminder: boolean }[]) {
  const ids = await db.transaction(async (tx) => {
    const saved: number[] = [];
    for (const a of alerts) {
      const mine = and(eq(t.follows.userId, userId), eq(t.follows.id, a.id));
      const updated = await tx.update(t.follows).set({ alertGoLive: a.goLive, alertReminder: a.reminder }).where(mine).returning({ id: t.follows.id });
      saved.push(...updated.map((u) => u.id));
    }
    return saved;
  });
  if (ids.length === 0) return [];
  return present(db, await followsWithItems(db, channelId, and(eq(t.follows.userId, userId), inArray(t.follows.id, ids))));
}

/** Unfollows one of the fan's own follows (its thing there or gone); null when the fan has no
 *  follow with this id. */
export async function deleteFollow(db: Db, channelId: number, userId: number, id: number): Promise<Follow | null> {
  const mine = and(eq(t.follows.userId, userId), eq(t.follows.id, id));
  const [found] = await followsWithItems(db, channelId, mine);
  if (!found) return null;
  const deleted = await db.delete(t.follows).where(mine).returning({ id: t.follows.id });
  return deleted.length > 0 ? ((await named(db, [followOf(found)]))[0] ?? null) : null;
}

/** The games of everything the fan follows, as a condition on `events`: a game followed itself, at
 *  a followed venue, of a followed sport or its parent, with a followed school or team (a school
 *  has its teams' games), or with a school or team of a followed division. Each game once. */
export function followedBy(userId: number): SQL {
  return sql`${t.events.id} IN (${coverage(sql`f.user_id = ${userId}`, sql``)})`;
}

/** Which games the follows that pass `which` (a condition on `follows f`) cover, by the one
 *  rule of followedBy: rows of `event_id`, then the `columns` (of `f`, each after a comma). The
 *  alert mails (repo/alerts.ts) plan from it, so "a game of a followed thing" means the same there. */
export function coverage(which: SQL, columns: SQL): SQL {
  const f = sql`follows f`;
  return sql`SELECT f.favoritable_id AS event_id${columns} FROM ${f} WHERE ${which} AND f.favoritable_type = 'favorite_event'
    UNION SELECT e.id${columns} FROM events e JOIN ${f} ON f.favoritable_type = 'event_location' AND f.favoritable_id = e.location_id
      WHERE ${which}
    UNION SELECT e.id${columns} FROM events e JOIN event_categories c ON c.id = e.event_category_id
      JOIN ${f} ON f.favoritable_type = 'event_category' AND f.favoritable_id IN (c.id, c.parent_id) WHERE ${which}
    UNION SELECT ep.event_id${columns} FROM event_participants ep JOIN participants p ON p.id = ep.participant_id
      JOIN ${f} ON f.favoritable_type = 'participant' AND f.favoritable_id IN (p.id, p.parent_id) WHERE ${which}
    UNION SELECT ep.event_id${columns} FROM event_participants ep JOIN participants p ON p.id = ep.participant_id
      LEFT JOIN participants school ON school.id = p.parent_id
      JOIN ${f} ON f.favoritable_type = 'participant_group' AND f.favoritable_id IN (p.participant_group_id, school.participant_group_id)
      WHERE ${which}`;
}

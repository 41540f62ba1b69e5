import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { channelOrder } from './ordering.ts';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema.ts';

type VodRow = typeof t.vodItems.$inferSelect;

export const vodItemOut = (v: VodRow) => ({
  id: v.id,
  title: v.title,
  description: v.description,
  date: v.date.toISOString(),
  duration: v.duration,
  vod_media_category_id: v.categoryId,
  assets: v.image ? [{ type: 'image' as const, path: v.image }] : [],
});

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface VodQuery {
  category?: number;
  title?: string;
  offset: number;
  limit: number;
  sort_field?: 'date' | 'title';
  sort_direction?: 'asc' | 'desc';
}

/** Items of the channel, optionally by category and title (case-insensitive contains), paged. */
export async function listVod(db: Db, channelId: number, q: VodQuery) {
  const where: SQL | undefined = and(
    eq(t.vodItems.channelId, channelId),
    q.category ? eq(t.vodItems.categoryId, q.category) : undefined,
    q.title ? ilike(t.vodItems.title, `%${escapeLike(q.title)}%`) : undefined,
  );
  const dir = q.sort_direction === 'asc' ? asc : desc;
  const column = q.sort_field === 'title' ? t.vodItems.title : t.vodItems.date;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(t.vodItems).where(where).orderBy(dir(column), dir(t.vodItems.id)).limit(q.limit).offset(q.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(t.vodItems)
      .where(where),
  ]);
  return { data: rows.map(vodItemOut), meta: { total: Number(total), offset: q.offset, limit: q.limit } };
}

export async function vodById(db: Db, channelId: number, id: number) {
  const [row] = await db
    .select()
    .from(t.vodItems)
    .where(and(eq(t.vodItems.channelId, channelId), eq(t.vodItems.id, id)));
  return row;
}

export async function vodCategoriesOf(db: Db, channelId: number) {
  const rows = await db
    .select()
    .from(t.vodCategories)
    .where(eq(t.vodCategories.channelId, channelId))
    .orderBy(...channelOrder(t.vodCategories));
  return rows.map((c) => ({ id: c.id, name: c.name, alias: c.alias }));
}

export async function vodRailsOf(db: Db, channelId: number) {
  const rails = await db
    .select()
    .from(t.vodRails)
    .where(eq(t.vodRails.channelId, channelId))
    .orderBy(...channelOrder(t.vodRails));
  if (rails.length === 0) return [];
  const items = await db
    .select({ railId: t.vodRailItems.railId, item: t.vodItems })
    .from(t.vodRailItems)
    .innerJoin(t.vodItems, eq(t.vodItems.id, t.vodRailItems.itemId))
    .where(
      inArray(
        t.vodRailItems.railId,
        rails.map((r) => r.id),
      ),
    )
    .orderBy(asc(t.vodRailItems.position));
  // Two queries in all, whatever the number of rails (no query per rail).
  const byRail = new Map<number, ReturnType<typeof vodItemOut>[]>();
  for (const { railId, item } of items) byRail.set(railId, [...(byRail.get(railId) ?? []), vodItemOut(item)]);
  return rails.map((r) => ({ id: r.id, title: r.title, vod_media_items: byRail.get(r.id) ?? [] }));
}

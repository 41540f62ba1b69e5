import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/* The operator's report read from the analytics tables and the orders (ADR 052), one statement per
   table. Days are the channel's: a range's bounds are its zone's midnights, and each row falls on
   its local day. */

export interface ReportScope {
  channelId: number;
  /** YYYY-MM-DD, both included. */
  from: string;
  to: string;
  timeZone: string;
}

const rowsOf = async <T>(db: Db, query: SQL) => (await db.execute(query)).rows as T[];

/** The range's instants: [lo, hi). */
const bounds = (s: ReportScope) => sql`
  bounds AS (
    SELECT (${s.from}::date)::timestamp AT TIME ZONE ${s.timeZone} AS lo,
           ((${s.to}::date + 1)::timestamp) AT TIME ZONE ${s.timeZone} AS hi
  )`;

/** The views that overlap the range, each with its end (its last report, or its start plus what
 *  it watched when a single report started and ended it). */
const overlapping = (s: ReportScope) => sql`
  viewed AS (
    SELECT w.visitor, w.event_id, w.started_at, w.watched_seconds,
           GREATEST(w.last_seen_at, w.started_at + w.watched_seconds * interval '1 second') AS ended_at
    FROM video_views w, bounds
    WHERE w.channel_id = ${s.channelId} AND w.watched_seconds > 0 AND w.started_at < bounds.hi
      AND GREATEST(w.last_seen_at, w.started_at + w.watched_seconds * interval '1 second') >= bounds.lo
  )`;

export interface DayRow {
  day: string;
  page_views: number;
  visitors: number;
  views: number;
  viewers: number;
  minutes: number;
  peak_viewers: number;
}

/** Per day: page views and visitors; views, viewers and minutes of the views that started that
 *  day; the most viewers watching at once that day (a running count over the views' starts and
 *  ends). Every day of the range has a row. */
export function reportDays(db: Db, s: ReportScope): Promise<DayRow[]> {
  const tz = s.timeZone;
  return rowsOf<DayRow>(
    db,
    sql`
    WITH ${bounds(s)}, ${overlapping(s)},
    days AS (SELECT d::date AS day FROM generate_series(${s.from}::date, ${s.to}::date, interval '1 day') AS d),
    pages AS (
      SELECT (e.at AT TIME ZONE ${tz})::date AS day, sum(e.count)::int AS page_views, count(DISTINCT e.visitor)::int AS visitors
      FROM analytics_events e, bounds
      WHERE e.channel_id = ${s.channelId} AND e.name = 'page_view' AND e.at >= bounds.lo AND e.at < bounds.hi
      GROUP BY 1
    ),
    watched AS (
      SELECT (v.started_at AT TIME ZONE ${tz})::date AS day, count(*)::int AS views, count(DISTINCT v.visitor)::int AS viewers,
             round(sum(v.watched_seconds) / 60.0)::int AS minutes
      FROM viewed v, bounds
      WHERE v.started_at >= bounds.lo
      GROUP BY 1
    ),
    moments AS (
      SELECT started_at AS t, 1 AS d FROM viewed
      UNION ALL SELECT ended_at, -1 FROM viewed
    ),
    running AS (SELECT t, sum(d) OVER (ORDER BY t, d ROWS UNBOUNDED PRECEDING) AS watching FROM moments),
    peaks AS (
      SELECT (r.t AT TIME ZONE ${tz})::date AS day, max(r.watching)::int AS peak_viewers
      FROM running r, bounds WHERE r.t >= bounds.lo AND r.t < bounds.hi GROUP BY 1
    )
    SELECT to_char(days.day, 'YYYY-MM-DD') AS day,
           COALESCE(pages.page_views, 0) AS page_views, COALESCE(pages.visitors, 0) AS visitors,
           COALESCE(watched.views, 0) AS views, COALESCE(watched.viewers, 0) AS viewers, COALESCE(watched.minutes, 0) AS minutes,
           COALESCE(peaks.peak_viewers, 0) AS peak_viewers
    FROM days
    LEFT JOIN pages ON pages.day = days.day
    LEFT JOIN watched ON watched.day = days.day
    LEFT JOIN peaks ON peaks.day = days.day
    ORDER BY days.day`,
  );
}

export interface GameRow {
  event_id: number;
  views: number;
  viewers: number;
  minutes: number;
  peak_viewers: number;
}

/** Per game watched in the range (views that started in it), most minutes first. */
export function reportGames(db: Db, s: ReportScope): Promise<GameRow[]> {
  return rowsOf<GameRow>(
    db,
    sql`
    WITH ${bounds(s)}, ${overlapping(s)},
    games AS (SELECT * FROM viewed WHERE event_id IS NOT NULL),
    moments AS (
      SELECT event_id, started_at AS t, 1 AS d FROM games
      UNION ALL SELECT event_id, ended_at, -1 FROM games
    ),
    running AS (SELECT event_id, sum(d) OVER (PARTITION BY event_id ORDER BY t, d ROWS UNBOUNDED PRECEDING) AS watching FROM moments),
    peaks AS (SELECT event_id, max(watching)::int AS peak_viewers FROM running GROUP BY 1)
    SELECT g.event_id, count(*)::int AS views, count(DISTINCT g.visitor)::int AS viewers,
           round(sum(g.watched_seconds) / 60.0)::int AS minutes, max(peaks.peak_viewers) AS peak_viewers
    FROM games g JOIN peaks USING (event_id), bounds
    WHERE g.started_at >= bounds.lo
    GROUP BY g.event_id
    ORDER BY minutes DESC, views DESC, g.event_id`,
  );
}

export interface ProductRow {
  product: string;
  type: string;
  currency: string;
  purchases: number;
  revenue: number;
}

/** Charges paid in the range (a purchase, a new subscription, a renewal; not a gift's redemption),
 *  per product as it was sold: how many and how much. */
export function reportProducts(db: Db, s: ReportScope): Promise<ProductRow[]> {
  return rowsOf<ProductRow>(
    db,
    sql`
    WITH ${bounds(s)}
    SELECT o.product->>'name' AS product, o.type, t.currency, count(*)::int AS purchases, sum(t.amount_cents)::int AS revenue
    FROM transactions t JOIN orders o ON o.id = t.order_id, bounds
    WHERE o.channel_id = ${s.channelId} AND t.status = 'paid' AND t.label <> 'Gift' AND t.created_at >= bounds.lo AND t.created_at < bounds.hi
    GROUP BY 1, 2, 3
    ORDER BY revenue DESC, purchases DESC, product`,
  );
}

export interface CodeRow {
  trk: string;
  visitors: number;
  views: number;
  purchases: number;
  currency: string | null;
  revenue: number;
}

/** Per tracking code: the visitors whose visits began in the range with it, the views those
 *  visitors started in the range, and the charges paid in the range on orders it led to. */
export function reportCodes(db: Db, s: ReportScope): Promise<CodeRow[]> {
  return rowsOf<CodeRow>(
    db,
    sql`
    WITH ${bounds(s)},
    coded AS (
      SELECT a.trk, a.visitor FROM analytics_sessions a, bounds
      WHERE a.channel_id = ${s.channelId} AND a.trk IS NOT NULL AND a.started_at >= bounds.lo AND a.started_at < bounds.hi
    ),
    visits AS (
      SELECT c.trk, count(DISTINCT c.visitor)::int AS visitors,
             (SELECT count(*)::int FROM video_views w, bounds
              WHERE w.channel_id = ${s.channelId} AND w.watched_seconds > 0 AND w.started_at >= bounds.lo AND w.started_at < bounds.hi
                AND w.visitor IN (SELECT visitor FROM coded WHERE coded.trk = c.trk)) AS views
      FROM coded c
      GROUP BY 1
    ),
    sales AS (
      SELECT o.trk, max(t.currency) AS currency, count(*)::int AS purchases, sum(t.amount_cents)::int AS revenue
      FROM transactions t JOIN orders o ON o.id = t.order_id, bounds
      WHERE o.channel_id = ${s.channelId} AND o.trk IS NOT NULL AND t.status = 'paid' AND t.label <> 'Gift'
        AND t.created_at >= bounds.lo AND t.created_at < bounds.hi
      GROUP BY 1
    )
    SELECT COALESCE(visits.trk, sales.trk) AS trk, COALESCE(visits.visitors, 0) AS visitors, COALESCE(visits.views, 0) AS views,
           COALESCE(sales.purchases, 0) AS purchases,
           sales.currency, COALESCE(sales.revenue, 0) AS revenue
    FROM visits FULL OUTER JOIN sales ON sales.trk = visits.trk
    ORDER BY revenue DESC, visitors DESC, trk`,
  );
}

export interface FunnelRow {
  event_page: number;
  offer: number;
  checkout: number;
  paid: number;
}

/** The funnel: visitors who read a game's page, an offer (a package, a pass, a subscription), went
 *  to a checkout; and the orders first paid in the range (a gift's redemption is not a sale). Each
 *  step counts its own visitors: a visitor may reach an offer from the home page. */
export async function reportFunnel(db: Db, s: ReportScope): Promise<FunnelRow> {
  const [row] = await rowsOf<FunnelRow>(
    db,
    sql`
    WITH ${bounds(s)},
    steps AS (
      SELECT count(DISTINCT e.visitor) FILTER (WHERE e.name = 'page_view' AND e.page_kind = 'event')::int AS event_page,
             count(DISTINCT e.visitor) FILTER (WHERE e.name = 'page_view' AND e.page_kind = 'offer')::int AS offer,
             count(DISTINCT e.visitor) FILTER (WHERE e.name = 'checkout')::int AS checkout
      FROM analytics_events e, bounds
      WHERE e.channel_id = ${s.channelId} AND e.at >= bounds.lo AND e.at < bounds.hi AND e.visitor <> ''
    )
    SELECT steps.*, (
      SELECT count(*)::int FROM orders o, bounds
      WHERE o.channel_id = ${s.channelId} AND o.paid_at >= bounds.lo AND o.paid_at < bounds.hi
        AND EXISTS (SELECT 1 FROM transactions t WHERE t.order_id = o.id AND t.status = 'paid' AND t.label <> 'Gift')
    ) AS paid
    FROM steps`,
  );
  return row;
}

export interface PrerollRow {
  preroll_id: number;
  impressions: number;
  completions: number;
  skips: number;
  clicks: number;
}

/** Per pre-roll (props.preroll): impressions, completions, skips and clicks in the range. */
export function reportPrerolls(db: Db, s: ReportScope): Promise<PrerollRow[]> {
  return rowsOf<PrerollRow>(
    db,
    sql`
    WITH ${bounds(s)}
    SELECT (e.props->>'preroll')::int AS preroll_id,
           COALESCE(sum(e.count) FILTER (WHERE e.name = 'preroll_impression'), 0)::int AS impressions,
           COALESCE(sum(e.count) FILTER (WHERE e.name = 'preroll_complete'), 0)::int AS completions,
           COALESCE(sum(e.count) FILTER (WHERE e.name = 'preroll_skip'), 0)::int AS skips,
           COALESCE(sum(e.count) FILTER (WHERE e.name = 'preroll_click'), 0)::int AS clicks
    FROM analytics_events e, bounds
    WHERE e.channel_id = ${s.channelId} AND e.name LIKE 'preroll\\_%' AND e.props->>'preroll' ~ '^[0-9]{1,9}$'
      AND e.at >= bounds.lo AND e.at < bounds.hi
    GROUP BY 1
    ORDER BY 1`,
  );
}

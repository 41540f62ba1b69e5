import { z } from 'zod';
import { endpoint, envelope } from './http.ts';

/* The operator's report (issue 35, ADR 052): what the channel's analytics tables and orders say
   about a range of days in the channel's zone. Only an operator's key gets it (anyone else: 404);
   the web app draws it at /operator/report and writes each table as CSV. */

/** At most a year and a day in one report. */
export const REPORT_MAX_DAYS = 366;
/** A report without a range covers the last four weeks, today included. */
export const REPORT_DEFAULT_DAYS = 28;

/** A calendar date, YYYY-MM-DD, that exists. */
export const reportDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === d && d >= '2000-01-01';
  }, 'must be a date from 2000 on');

export const REPORT_MSG = {
  order: 'The first day must not be after the last.',
  span: `A report covers at most ${REPORT_MAX_DAYS} days.`,
} as const;

/** The days between two dates, both counted. */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

export const reportRange = z
  .object({ from: reportDay, to: reportDay })
  .strict()
  .refine((r) => r.from <= r.to, { message: REPORT_MSG.order, path: ['from'] })
  .refine((r) => r.from > r.to || daysBetween(r.from, r.to) <= REPORT_MAX_DAYS, { message: REPORT_MSG.span, path: ['to'] });
export type ReportRange = z.infer<typeof reportRange>;

const count = z.number().int().nonnegative();

/** Viewing of one day or one game: views (a visitor watching a stream, gaps under 5 minutes),
 *  unique viewers, minutes watched, and the most viewers watching at once. */
const viewing = {
  views: count,
  viewers: count,
  minutes: count,
  peak_viewers: count,
};

export const report = z.object({
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  /** The channel's analytics stream (settings `yare-analytics`), when it names one. */
  stream: z.string().nullable(),
  days: z.array(z.object({ day: z.string(), page_views: count, visitors: count, ...viewing })),
  games: z.array(z.object({ event_id: z.number().int(), name: z.string(), ...viewing })),
  /** Charges paid in the range (renewals too), per product; revenue in the currency's minor units. */
  products: z.array(z.object({ product: z.string(), type: z.string(), currency: z.string(), purchases: count, revenue: count })),
  /** Per tracking code (`?trk=`): visitors who came with it, the video views they made, and what
   *  the orders it led to paid. */
  codes: z.array(z.object({ trk: z.string(), visitors: count, views: count, purchases: count, currency: z.string().nullable(), revenue: count })),
  /** Visitors at each step (each counted once per step), and the orders paid. */
  funnel: z.object({ event_page: count, offer: count, checkout: count, paid: count }),
  prerolls: z.array(z.object({ preroll_id: z.number().int(), label: z.string(), impressions: count, completions: count, skips: count, clicks: count })),
});
export type Report = z.infer<typeof report>;

/** The report of a range of days: an operator's only; 404 for anyone else. */
export const operatorReport = endpoint({
  name: 'operatorReport',
  method: 'GET',
  path: '/operator/report',
  auth: 'apiKey',
  params: reportRange,
  response: envelope(report),
});

import { z } from 'zod';
import * as e from './entities.ts';
import { apiGet, endpoint, epochSeconds, id, limit, line, offset, pagedEnvelope } from './http.ts';

/* Games (spec section 7, events): lists, one game, categories, the home page's rows, and a
   finished game's download. Need the api key. */

/** What every list of games takes: its statuses, dates, page and order (GET /events, GET /events/favorite). */
export const eventListFields = z.object({
  /** One status or a comma-separated list. */
  stream_status: z
    .string()
    .regex(/^(live|upcoming|finished)(,(live|upcoming|finished))*$/, 'stream_status must be live, upcoming or finished')
    .optional(),
  /** Epoch seconds, inclusive. */
  start_date: epochSeconds.optional(),
  end_date: epochSeconds.optional(),
  offset,
  limit: limit(100, 20),
  sort_field: z.enum(['event_utc_ts', 'name', 'weight']).default('event_utc_ts'),
  sort_direction: z.enum(['asc', 'desc']).default('asc'),
});

/** A list's dates in order. */
export const datesInOrder = <T extends { start_date?: number; end_date?: number }>(q: T) =>
  q.start_date === undefined || q.end_date === undefined || q.start_date <= q.end_date;

export const DATES_IN_ORDER = { message: 'start_date must not be after end_date', path: ['end_date'] };

export const eventsQuery = eventListFields
  .extend({
    category: id.optional(),
    participant: id.optional(),
    /** A division: its schools and their teams. */
    participant_group: id.optional(),
    location: id.optional(),
    search: line(100).optional(),
  })
  .strict()
  .refine(datesInOrder, DATES_IN_ORDER);

export type EventsQuery = z.input<typeof eventsQuery>;

export const events = endpoint({ name: 'events', method: 'GET', path: '/events', auth: 'apiKey', params: eventsQuery, response: pagedEnvelope(e.event) });

export const event = apiGet('event', '/events/:id', e.eventDetail, z.object({ id }).strict());

export const eventsCategories = apiGet('eventsCategories', '/events-categories', z.array(e.eventCategory));

export const eventsForHomepage = apiGet(
  'eventsForHomepage',
  '/events-for-homepage',
  z.object({ live: z.array(e.event), upcoming: z.array(e.event), finished: z.array(e.event) }),
);

/** Spec: GET download-event/{id} — a finished game the fan may watch, with download, as an MP4. */
export const downloadEvent = apiGet('downloadEvent', '/download-event/:id', e.download, z.object({ id }).strict());

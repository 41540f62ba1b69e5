import { z } from 'zod';
import * as e from './entities.ts';
import { endpoint, envelope, epochSeconds, id, limit, line, noParams, offset, pagedEnvelope } from './http.ts';

/* Content calls (spec section 7): need the api key. */

export const page = endpoint({
  name: 'page',
  method: 'GET',
  path: '/pages/:id',
  auth: 'apiKey',
  params: z.object({ id }).strict(),
  response: envelope(e.pageDetail),
});

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
export const event = endpoint({
  name: 'event',
  method: 'GET',
  path: '/events/:id',
  auth: 'apiKey',
  params: z.object({ id }).strict(),
  response: envelope(e.eventDetail),
});
export const eventsCategories = endpoint({
  name: 'eventsCategories',
  method: 'GET',
  path: '/events-categories',
  auth: 'apiKey',
  params: noParams,
  response: envelope(z.array(e.eventCategory)),
});
export const eventsForHomepage = endpoint({
  name: 'eventsForHomepage',
  method: 'GET',
  path: '/events-for-homepage',
  auth: 'apiKey',
  params: noParams,
  response: envelope(z.object({ live: z.array(e.event), upcoming: z.array(e.event), finished: z.array(e.event) })),
});
export const participantGroupProperties = endpoint({
  name: 'participantGroupProperties',
  method: 'GET',
  path: '/participant-group-properties',
  auth: 'apiKey',
  params: noParams,
  response: envelope(z.array(e.participantGroupProperty)),
});
/** Client IP comes from the connection (X-Forwarded-For from a trusted proxy). */
export const geo = endpoint({ name: 'geo', method: 'GET', path: '/geo', auth: 'apiKey', params: noParams, response: envelope(e.geo) });

export const vodMediaItems = endpoint({
  name: 'vodMediaItems',
  method: 'GET',
  path: '/vod-media-items',
  auth: 'apiKey',
  params: z.object({ category: id.optional(), offset, limit: limit(100, 20) }).strict(),
  response: pagedEnvelope(e.vodMediaItem),
});
export const vodMediaItem = endpoint({
  name: 'vodMediaItem',
  method: 'GET',
  path: '/vod-media-items/:id',
  auth: 'apiKey',
  params: z.object({ id }).strict(),
  response: envelope(e.vodMediaDetail),
});
export const vodMediaCategories = endpoint({
  name: 'vodMediaCategories',
  method: 'GET',
  path: '/vod-media-categories',
  auth: 'apiKey',
  params: noParams,
  response: envelope(z.array(e.vodMediaCategory)),
});
export const vodMediaSearch = endpoint({
  name: 'vodMediaSearch',
  method: 'GET',
  path: '/vod-media/search',
  auth: 'apiKey',
  params: z
    .object({
      title: line(100).default(''),
      category: id.optional(),
      offset,
      limit: limit(100, 10),
      sort_field: z.enum(['date', 'title']).default('date'),
      sort_direction: z.enum(['asc', 'desc']).default('desc'),
    })
    .strict(),
  response: pagedEnvelope(e.vodMediaItem),
});
export const vodMediaRails = endpoint({
  name: 'vodMediaRails',
  method: 'GET',
  path: '/vod-media-rails',
  auth: 'apiKey',
  params: noParams,
  response: envelope(z.array(e.vodRail)),
});

import { z } from 'zod';
import * as e from './entities.ts';
import { endpoint, envelope, id, limit, line, noParams, offset, pagedEnvelope } from './http.ts';

/* Video on demand (spec section 7): need the api key. */

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

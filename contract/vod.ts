import { z } from 'zod';
import * as e from './entities.ts';
import { apiGet, endpoint, id, limit, line, offset, pagedEnvelope } from './http.ts';

/* Video on demand (spec section 7): need the api key. */

export const vodMediaItems = endpoint({
  name: 'vodMediaItems',
  method: 'GET',
  path: '/vod-media-items',
  auth: 'apiKey',
  params: z.object({ category: id.optional(), offset, limit: limit(100, 20) }).strict(),
  response: pagedEnvelope(e.vodMediaItem),
});

export const vodMediaItem = apiGet('vodMediaItem', '/vod-media-items/:id', e.vodMediaDetail, z.object({ id }).strict());

export const vodMediaCategories = apiGet('vodMediaCategories', '/vod-media-categories', z.array(e.vodMediaCategory));

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

export const vodMediaRails = apiGet('vodMediaRails', '/vod-media-rails', z.array(e.vodRail));

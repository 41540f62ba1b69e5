import { z } from 'zod';
import * as e from './entities.ts';
import { endpoint, envelope, id, noParams } from './http.ts';

/* Content calls (spec section 7): need the api key. */

export const page = endpoint({
  name: 'page',
  method: 'GET',
  path: '/pages/:id',
  auth: 'apiKey',
  params: z.object({ id }).strict(),
  response: envelope(e.pageDetail),
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

import { z } from 'zod';
import * as e from './entities.ts';
import { apiGet, id } from './http.ts';

/* Content calls (spec section 7): need the api key. */

export const page = apiGet('page', '/pages/:id', e.pageDetail, z.object({ id }).strict());

export const participantGroupProperties = apiGet('participantGroupProperties', '/participant-group-properties', z.array(e.participantGroupProperty));
/** Client IP comes from the connection (X-Forwarded-For from a trusted proxy). */
export const geo = apiGet('geo', '/geo', e.geo);

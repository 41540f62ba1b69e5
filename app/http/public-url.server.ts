import { env } from '~/config/env.server';
import { absoluteOn, originOf } from './public-url';

/** A path of this site as an absolute address on PUBLIC_URL (app/http/public-url.ts). */
export const publicUrl = (path: string): string => absoluteOn(env.PUBLIC_URL, path);

/** This site's public origin, from PUBLIC_URL. */
export const publicOrigin = (): string => originOf(env.PUBLIC_URL);

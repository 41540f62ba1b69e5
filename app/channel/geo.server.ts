import { api } from '#contract';
import type { Channel } from './client.server';

/** Country of the visitor (the channel reads X-Forwarded-For) and whether it is blocked.
 *  Per viewer: never shared. */
export async function getGeo(ch: Channel) {
  return (await ch.call(api.geo)).data;
}

import type { Endpoint, ParamsOf, ResponseOf } from '#contract';
import { channelApiUrl, channelConfigUrl } from '~/config/env.server';
import { createChannelCore, type CallOptions, type ChannelCore } from './request.server';
import { serverKeys } from './server-key.server';

/* A call the server makes on nobody's behalf: with its own api key, uncached, and no session read
   or written. For a request that carries its own proof instead of a fan's cookie (a calendar app
   fetching a feed: its token). Anything a page asks goes through requestContext's channel. */

let core: ChannelCore | null = null;

export function serverCall<E extends Endpoint>(endpoint: E, params: ParamsOf<E>, opts?: CallOptions): Promise<ResponseOf<E>> {
  core ??= createChannelCore({ baseUrl: channelApiUrl, configUrl: channelConfigUrl, store: serverKeys });
  return core.call(endpoint, params, opts);
}

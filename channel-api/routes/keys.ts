import type { Router } from 'express';
import { api } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { notFound, noKey } from '../http/errors.ts';
import { mount } from '../http/route.ts';
import { channelByKey, channelBySlug, issueApiKey } from '../repo/channels.ts';

/** Where a client starts: the channel config (channel key), then an api key for that channel key. */
export function keyRoutes(router: Router, deps: Deps) {
  mount(router, deps, api.channelConfig, async ({ params }) => {
    const channel = await channelBySlug(deps.db, params.slug);
    if (!channel) throw notFound(`No channel named ${params.slug}`);
    return { channel_key: channel.channelKey, name: channel.name };
  });
  mount(router, deps, api.getApiKey, async ({ params }) => {
    const channel = await channelByKey(deps.db, params.channel_key);
    if (!channel) throw noKey('channel_key');
    return { data: await issueApiKey(deps.db, channel.id, deps.apiKeyTtlSeconds) };
  });
}

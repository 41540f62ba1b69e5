import type { Router } from 'express';
import { api } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { mount } from '../http/route.ts';
import { apiKeyFor, channelConfig } from '../services/keys.ts';

/** Where a client starts: the channel config (channel key), then an api key for that channel key. */
export function keyRoutes(router: Router, deps: Deps) {
  mount(router, deps, api.channelConfig, async ({ params }) => channelConfig(deps, params.slug));
  mount(router, deps, api.getApiKey, async ({ params }) => ({ data: await apiKeyFor(deps, params.channel_key) }));
}

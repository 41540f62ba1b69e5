import type { Deps } from '../deps.ts';
import { notFound, noKey } from '../http/errors.ts';
import { channelByKey, channelBySlug, issueApiKey } from '../repo/channels.ts';

/* Where a client starts (spec section 7): the channel config names the channel key, and the channel
 * key buys an api key (a visitor's, until they sign in). */

export async function channelConfig(deps: Deps, slug: string) {
  const channel = await channelBySlug(deps.db, slug);
  if (!channel) throw notFound(`No channel named ${slug}`);
  return { channel_key: channel.channelKey, name: channel.name };
}

export async function apiKeyFor(deps: Deps, channelKey: string) {
  const channel = await channelByKey(deps.db, channelKey);
  if (!channel) throw noKey('channel_key');
  return issueApiKey(deps.db, channel.id, deps.apiKeyTtlSeconds);
}

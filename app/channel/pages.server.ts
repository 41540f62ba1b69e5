import { api } from '#contract';
import type { Channel } from './client.server';

/** A custom page's body: the same for every viewer, so shared (cached per process). */
export async function getPage(ch: Channel, id: number | string) {
  return (await ch.shared(api.page, { id: Number(id) })).data;
}

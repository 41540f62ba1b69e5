import { api } from '#contract';
import type { Channel } from './client.server';

export async function getPage(ch: Channel, id: number | string) {
  return (await ch.call(api.page, { id: Number(id) })).data;
}

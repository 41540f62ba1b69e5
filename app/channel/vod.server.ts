import { api } from '#contract';
import type { Channel } from './client.server';

export interface VodSearch {
  title?: string;
  category?: number | string;
  offset?: number | string;
  limit?: number | string;
}

export async function vodRails(ch: Channel) {
  return (await ch.call(api.vodMediaRails)).data;
}

export async function vodCategories(ch: Channel) {
  return (await ch.call(api.vodMediaCategories)).data;
}

export async function searchVod(ch: Channel, { title, category, offset, limit }: VodSearch) {
  const num = (v: number | string | undefined) => (v === undefined || v === '' ? undefined : Number(v));
  const { data, meta } = await ch.call(api.vodMediaSearch, { title, category: num(category), offset: num(offset), limit: num(limit) });
  return { items: data, total: meta.total };
}

export async function getVodItem(ch: Channel, id: number | string) {
  return (await ch.call(api.vodMediaItem, { id: Number(id) })).data;
}

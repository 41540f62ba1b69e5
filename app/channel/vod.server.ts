import { api } from '#contract';
import type { Channel } from './client.server';

/* Shared (`ch.shared`, the same for every viewer, cached per process): rails, categories,
   search and lists. Per viewer (`ch.call`): one item, which carries the viewer's access. */

export interface VodSearch {
  title?: string;
  category?: number | string;
  offset?: number | string;
  limit?: number | string;
}

const num = (v: number | string | undefined) => (v === undefined || v === '' ? undefined : Number(v));

export async function vodRails(ch: Channel) {
  return (await ch.shared(api.vodMediaRails)).data;
}

export async function vodCategories(ch: Channel) {
  return (await ch.shared(api.vodMediaCategories)).data;
}

export async function searchVod(ch: Channel, { title, category, offset, limit }: VodSearch) {
  const { data, meta } = await ch.shared(api.vodMediaSearch, { title, category: num(category), offset: num(offset), limit: num(limit) });
  return { items: data, total: meta.total };
}

export async function listVod(ch: Channel, { category, offset, limit }: Omit<VodSearch, 'title'>) {
  const { data, meta } = await ch.shared(api.vodMediaItems, { category: num(category), offset: num(offset), limit: num(limit) });
  return { items: data, total: meta.total };
}

export async function getVodItem(ch: Channel, id: number | string) {
  return (await ch.call(api.vodMediaItem, { id: Number(id) })).data;
}

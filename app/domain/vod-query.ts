/* The on-demand library's query string (/vod_library?title=&category=&page=), read and written
 * with the same helpers as the events list (list-query.ts). */
import { pageParam, pageWindow, positiveInt, searchOf, searchText } from './list-query.ts';

/** Spec: vod-media/search defaults to 10 per page. */
export const VOD_PAGE_SIZE = 10;

export interface VodQuery {
  title: string;
  category: number | null;
  page: number;
}

export function parseVodQuery(search: URLSearchParams): VodQuery {
  return { title: searchText(search.get('title')), category: positiveInt(search.get('category')), page: pageParam(search) };
}

/** A search shows results; without one the library shows its rails. */
export const isSearch = (q: VodQuery) => q.title !== '' || q.category !== null;

/** Parameters of the channel's GET vod-media/search for this query. */
export function vodSearchFor(q: VodQuery) {
  return { title: q.title, ...(q.category ? { category: q.category } : {}), ...pageWindow(q.page, VOD_PAGE_SIZE) };
}

/** The library's address with some values changed; defaults are left out. */
export function vodHref(q: VodQuery, change: Partial<VodQuery> = {}): string {
  const next = { ...q, ...change };
  return `/vod_library${searchOf({ title: next.title, category: next.category, page: next.page > 1 && next.page })}`;
}

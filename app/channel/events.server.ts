import { api, type EventsQuery } from '#contract';
import type { Channel } from './client.server';

export type { EventsQuery };

/* Shared (`ch.shared`, the same for every viewer, cached per process): lists, the home page's
   events, categories. Per viewer (`ch.call`): one event, which carries the viewer's access. */

export async function listEvents(ch: Channel, query: EventsQuery) {
  const { data, meta } = await ch.shared(api.events, query);
  return { items: data, total: meta.total };
}

export async function getEvent(ch: Channel, id: number | string) {
  return (await ch.call(api.event, { id: Number(id) })).data;
}

export async function homepageEvents(ch: Channel) {
  return (await ch.shared(api.eventsForHomepage)).data;
}

export async function eventCategories(ch: Channel) {
  return (await ch.shared(api.eventsCategories)).data;
}

import { api, type EventsQuery } from '#contract';
import type { CallOptions, Channel } from './client.server';

export type { EventsQuery };

export async function listEvents(ch: Channel, query: EventsQuery, opts?: CallOptions) {
  const { data, meta } = await ch.call(api.events, query, opts);
  return { items: data, total: meta.total };
}

export async function getEvent(ch: Channel, id: number | string) {
  return (await ch.call(api.event, { id: Number(id) })).data;
}

export async function homepageEvents(ch: Channel) {
  return (await ch.call(api.eventsForHomepage)).data;
}

export async function eventCategories(ch: Channel) {
  return (await ch.call(api.eventsCategories)).data;
}

/* Reads the demo channel's data straight from the channel API the e2e web server uses (or a second
   site's, where a helper takes one: site.ts), so the specs pick real events (a finished free one, a
   paid one) instead of hard-coding ids. */
import { E2E_SITE, type Site } from './site.ts';
import type { Event, Page, Participant, ParticipantGroup } from '../../../contract/entities.ts';
import { gameName } from '../../../contract/game-name.ts';

async function getJson<T>(path: string, init?: RequestInit, site: Site = E2E_SITE): Promise<T> {
  const res = await fetch(`${site.channelApiUrl}${path}`, init);
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${path} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export async function channelKey(site: Site = E2E_SITE): Promise<string> {
  return (await getJson<{ channel_key: string }>('/channels/demo.json', undefined, site)).channel_key;
}

/** A fresh api key (never the one the web server holds). */
export async function newApiKey(site: Site = E2E_SITE): Promise<string> {
  const body = JSON.stringify({ channel_key: await channelKey(site) });
  const res = await getJson<{ data: { api_key: string } }>(
    '/get_api_key',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    },
    site,
  );
  return res.data.api_key;
}

/** Whether the channel still takes this api key (an expired one is refused with a 403). */
export async function keyWorks(apiKey: string): Promise<boolean> {
  return (await fetch(`${E2E_SITE.channelApiUrl}/geo?api_key=${encodeURIComponent(apiKey)}`)).ok;
}

export async function listEvents(query: Record<string, string | number>, site: Site = E2E_SITE): Promise<{ items: Event[]; total: number }> {
  const key = await newApiKey(site);
  const qs = new URLSearchParams({ ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), api_key: key });
  const res = await getJson<{ data: Event[]; meta: { total: number } }>(`/events?${qs}`, undefined, site);
  return { items: res.data, total: res.meta.total };
}

/** The one name a fan reads for the game (contract/game-name.ts, unit-tested there). */
export function eventTitle(e: Event): string {
  return gameName(e);
}

export async function finishedEvent(type: 'free' | 'paid', site: Site = E2E_SITE): Promise<Event> {
  const { items } = await listEvents({ stream_status: 'finished', limit: 100 }, site);
  const found = items.find((e) => e.type === type);
  if (!found) throw new Error(`the demo channel has no finished ${type} event`);
  return found;
}

export async function customPages(): Promise<Page[]> {
  return (await getJson<{ data: Page[] }>('/pages')).data;
}

export async function channelName(): Promise<string> {
  return (await getJson<{ data: { name: string } }>('/settings')).data.name;
}

/** The channel's schools with their teams (GET /participants?no_limit=1). */
export async function schoolsWithTeams(): Promise<Participant[]> {
  return (await getJson<{ data: Participant[] }>('/participants?no_limit=1')).data;
}

/** The channel's divisions (GET /participant-groups). */
export async function divisions(): Promise<ParticipantGroup[]> {
  return (await getJson<{ data: ParticipantGroup[] }>('/participant-groups')).data;
}

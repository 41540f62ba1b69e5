import { useRouteLoaderData } from '@remix-run/react';
import type { loader as rootLoader } from '~/loaders/root.server';

/** The channel's time zone in a component (the root loader's `channelZone` of the settings, ADR
 *  045): a component that writes a time passes it to contract/dates, so the server's HTML and the
 *  browser's render agree. UTC only outside the root's data (an error screen). */
export function useChannelZone(): string {
  return useRouteLoaderData<typeof rootLoader>('root')?.settings.time_zone ?? 'UTC';
}

import type { MetaDescriptor } from '@remix-run/node';
import { documentTitle } from '~/domain/page-text';

interface RootMatchData {
  settings?: { name?: string };
}

type Matches = ReadonlyArray<{ id: string; data?: unknown } | undefined>;

/** The channel's name from the root loader's data, as route `meta` functions see it. */
export function channelNameFrom(matches: Matches): string | undefined {
  const root = matches.find((m) => m?.id === 'root')?.data as RootMatchData | undefined;
  return root?.settings?.name;
}

/** `<title>` '<page> | <channel name>' and the page's meta description (every page has one:
 *  search results and link previews show it). */
export function pageMeta(matches: Matches, page: string, description: string): MetaDescriptor[] {
  return [{ title: documentTitle(page, channelNameFrom(matches)) }, { name: 'description', content: description }];
}

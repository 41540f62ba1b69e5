/* A page's document title and meta description, the same form on every page. */
import type { MetaDescriptor } from '@remix-run/node';

/** '<page> | <channel name>', the document title on every page. */
export function documentTitle(page: string | null | undefined, channelName: string | null | undefined): string {
  const channel = channelName?.trim() || 'Fieldhouse';
  const p = page?.trim();
  return p && p !== channel ? `${p} | ${channel}` : channel;
}

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

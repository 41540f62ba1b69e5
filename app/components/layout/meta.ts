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

/** `<title>` '<page> | <channel name>' for a route's meta function. */
export function pageMeta(matches: Matches, page: string, description?: string): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [{ title: documentTitle(page, channelNameFrom(matches)) }];
  if (description) tags.push({ name: 'description', content: description });
  return tags;
}

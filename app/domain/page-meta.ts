/* A page's document title and meta description, the same form on every page. */
import type { MetaDescriptor } from '@remix-run/node';
import type { Locale } from '#contract/locale';
import { appTranslator, type AppTranslator } from '~/i18n/english';

/** '<page> | <channel name>', the document title on every page. */
export function documentTitle(page: string | null | undefined, channelName: string | null | undefined): string {
  const channel = channelName?.trim() || 'Fieldhouse';
  const p = page?.trim();
  return p && p !== channel ? `${p} | ${channel}` : channel;
}

interface RootMatchData {
  settings?: { name?: string; time_zone?: string };
  locale?: Locale;
}

type Matches = ReadonlyArray<{ id: string; data?: unknown } | undefined>;

/** The channel's name from the root loader's data, as route `meta` functions see it. */
export function channelNameFrom(matches: Matches): string | undefined {
  const root = matches.find((m) => m?.id === 'root')?.data as RootMatchData | undefined;
  return root?.settings?.name;
}

/** The fan's language in a route's `meta` (the root loader's locale; English without it). */
export function i18nFrom(matches: Matches): AppTranslator {
  const root = matches.find((m) => m?.id === 'root')?.data as RootMatchData | undefined;
  return appTranslator(root?.locale ?? 'en', root?.settings?.time_zone ?? 'UTC');
}

/** `<title>` '<page> | <channel name>' and the page's meta description (every page has one:
 *  search results and link previews show it), in the fan's language: the English words a route
 *  passes are found in the `meta` catalogue by their wording (contract/i18n `sentence`). */
export function pageMeta(matches: Matches, page: string, description: string): MetaDescriptor[] {
  const { sentence } = i18nFrom(matches);
  return [{ title: documentTitle(sentence(page), channelNameFrom(matches)) }, { name: 'description', content: sentence(description) }];
}

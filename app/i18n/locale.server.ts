import { channelZone } from '#contract/dates';
import { chooseLocale, LOCALE_PARAM, type Locale } from '#contract/locale';
import { loadBootstrapOrWhoops } from '~/channel/bootstrap.server';
import type { RouteArgs } from '~/http/request-context.server';
import { appTranslator, type AppTranslator } from './english';

declare module '@remix-run/server-runtime' {
  interface AppLoadContext {
    /** Set by the root loader when the channel has multilanguage on: a shared page then varies on
     *  Accept-Language too (server/remix-handler.ts). */
    multilanguage?: boolean;
  }
}

/* The fan's language in a loader or an action (issue 36, ADR 055):
   `const { t, locale } = await i18nOf(args)`. The channel's `settings.multilanguage` decides
   whether anything but English is ever chosen (contract/locale.ts chooseLocale). */

/** The locale of this request (English unless the channel has multilanguage on). */
export async function localeOf({ request, context }: Pick<RouteArgs, 'request'> & Partial<Pick<RouteArgs, 'context'>>): Promise<Locale> {
  const { settings } = await loadBootstrapOrWhoops();
  if (context && settings.multilanguage) context.multilanguage = true;
  return chooseLocale({
    multilanguage: settings.multilanguage,
    param: new URL(request.url).searchParams.get(LOCALE_PARAM),
    cookieHeader: request.headers.get('Cookie'),
    acceptLanguage: request.headers.get('Accept-Language'),
  });
}

/** This request's translator, with the channel's zone. */
export async function i18nOf(args: Pick<RouteArgs, 'request'> & Partial<Pick<RouteArgs, 'context'>>): Promise<AppTranslator> {
  const [locale, { settings }] = await Promise.all([localeOf(args), loadBootstrapOrWhoops()]);
  return appTranslator(locale, channelZone(settings));
}

import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { isLocale, localeCookie } from '#contract/locale';
import { seeOther } from '~/http/redirects.server';
import { requestContext } from '~/http/request-context.server';
import { safeRedirect } from '~/http/safe-redirect';
import { readForm, refused } from '~/http/security.server';

/* POST /language: the footer's language form (issue 36, ADR 055). The choice is kept in a cookie
   for a year without an account, then back to the page it was used on (our own paths only). A
   channel with multilanguage off stores nothing. A GET changes nothing. */

export const LANGUAGE_REFUSED = 'Choose a language.';

export const loader = () => redirect('/');

export async function action(args: ActionFunctionArgs) {
  const form = await readForm(args, { preference: true });
  const lang = form.get('lang');
  if (!isLocale(lang)) throw refused(400, LANGUAGE_REFUSED);
  const { settings } = await requestContext(args).channel.bootstrap();
  const https = new URL(args.request.url).protocol === 'https:';
  const headers = settings.multilanguage ? { 'Set-Cookie': localeCookie(lang, https) } : undefined;
  return seeOther(safeRedirect(form.get('redirectTo')), { headers });
}

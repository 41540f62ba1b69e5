import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { api } from '#contract';
import { isLocale, localeCookie } from '#contract/locale';
import { seeOther } from '~/http/redirects.server';
import { requestContext } from '~/http/request-context.server';
import { safeRedirect } from '~/http/safe-redirect';
import { readForm, refused } from '~/http/security.server';

/* POST /language: the footer's language form (issue 36, ADR 055). The choice is kept in a cookie
   for a year without an account, then back to the page it was used on (our own paths only); a
   signed-in fan's account keeps it too, for the mails sent outside their requests (receipts,
   alerts). A channel with multilanguage off stores nothing. A GET changes nothing. Like the data
   saver it carries no CSRF token: our own origin is its proof, and it changes only a language. */

export const LANGUAGE_REFUSED = 'Choose a language.';

export const loader = () => redirect('/');

export async function action(args: ActionFunctionArgs) {
  const form = await readForm(args, { preference: true });
  const lang = form.get('lang');
  if (!isLocale(lang)) throw refused(400, LANGUAGE_REFUSED);
  const { channel, session } = requestContext(args);
  const { settings } = await channel.bootstrap();
  const https = new URL(args.request.url).protocol === 'https:';
  const headers = settings.multilanguage ? { 'Set-Cookie': localeCookie(lang, https) } : undefined;
  // The cookie is the page's answer; the account's copy is for later mails, so a channel that does
  // not answer now leaves it as it was (the next sign-in keeps the language again).
  if (settings.multilanguage && (await session.user())) await channel.asUser(api.setLanguage, { language: lang }).catch(() => undefined);
  return seeOther(safeRedirect(form.get('redirectTo')), { headers });
}

import { json, redirect, type ActionFunctionArgs } from '@remix-run/node';
import { choiceOfAnswer, consentCookie } from '~/http/consent';
import { seeOther } from '~/http/redirects.server';
import { requestContext } from '~/http/request-context.server';
import { safeRedirect } from '~/http/safe-redirect';
import { readForm, refused } from '~/http/security.server';

/* POST /consent: the cookie notice's Accept and Reject (ADR 051), kept in a cookie for a year
   without an account, then back to the page it was used on (our own paths only). A channel with
   the notice off stores nothing. With JavaScript (a fetcher) the answer is the choice itself, so
   the page stays where it is. A GET changes nothing. */

export const CONSENT_REFUSED = 'Choose Accept or Reject.';

export const loader = () => redirect('/');

export async function action(args: ActionFunctionArgs) {
  const form = await readForm(args, { preference: true });
  const choice = choiceOfAnswer(form.get('answer'));
  if (!choice) throw refused(400, CONSENT_REFUSED);
  const { settings } = await requestContext(args).channel.bootstrap();
  const url = new URL(args.request.url);
  const headers = settings.cookie_notice ? { 'Set-Cookie': consentCookie(choice, url.protocol === 'https:') } : undefined;
  if (url.searchParams.has('_data')) return json({ consent: settings.cookie_notice ? choice : null }, { headers });
  return seeOther(safeRedirect(form.get('redirectTo')), { headers });
}

import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { dataSaverCookie } from '~/http/data-saver';
import { seeOther } from '~/http/redirects.server';
import { safeRedirect } from '~/http/safe-redirect';
import { readForm, refused } from '~/http/security.server';

/* POST /data-saver: the footer's switch for the data saver (http/data-saver.ts), kept in a cookie
   without an account. Back to the page it was used on. A GET changes nothing. */

export const DATA_SAVER_REFUSED = 'Choose whether the data saver is on or off.';

export const loader = () => redirect('/');

export async function action(args: ActionFunctionArgs) {
  const form = await readForm(args, { preference: true });
  const mode = form.get('mode');
  if (mode !== 'on' && mode !== 'off') throw refused(400, DATA_SAVER_REFUSED);
  const https = new URL(args.request.url).protocol === 'https:';
  return seeOther(safeRedirect(form.get('redirectTo')), { headers: { 'Set-Cookie': dataSaverCookie(mode, https) } });
}

import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { api } from '#contract';
import { prerollDismissal } from '#contract/prerolls';
import { skipWaitSeconds } from '~/domain/preroll';
import { idParamOr404 } from '~/http/not-found.server';
import { dismissalCookie } from '~/http/preroll-cookie.server';
import { seeOther } from '~/http/redirects.server';
import { requestContext } from '~/http/request-context.server';
import { safeRedirect } from '~/http/safe-redirect';
import { readForm, refused } from '~/http/security.server';

/* /ad/{id} (ADR 050): a pre-roll's click-through and its Skip.
   GET follows the ad's link: a plain link on the watch page (rel="sponsored noopener", opened by
   the viewer's own click) comes here, the channel counts the click (preroll_click) and answers
   where it goes; a 302 takes the viewer there.
   POST is the Skip (reason=skip) and, with JavaScript, the end of the ad (reason=complete): too
   soon for a Skip, back to the page with ?skip_wait=<seconds> (the page says how long); else the
   dismissal is kept for an hour (a fan's by the channel, a visitor's in a cookie set only here)
   and back to the page, which then plays the game without the ad. */

export const SKIP_REFUSED = 'This is not a pre-roll of this channel.';

export async function loader(args: LoaderFunctionArgs) {
  const id = idParamOr404(args.params.id);
  const { channel } = requestContext(args);
  const { data } = await channel.call(api.prerollClick, { id });
  // The channel's own data, checked at import; never anything but a web address.
  if (!/^https?:\/\//i.test(data.link)) throw refused(404, 'This pre-roll has no link.');
  return redirect(data.link, { headers: { 'Cache-Control': 'no-store' } });
}

export async function action(args: ActionFunctionArgs) {
  const id = idParamOr404(args.params.id);
  const form = await readForm(args, { preference: true });
  const reason = prerollDismissal.safeParse(form.get('reason'));
  if (!reason.success) throw refused(400, SKIP_REFUSED);
  const back = safeRedirect(form.get('redirectTo'), '/');
  const { channel, session } = requestContext(args);
  const preroll = (await channel.bootstrap()).settings.prerolls.find((p) => p.id === id);
  if (!preroll) throw refused(404, SKIP_REFUSED);
  const now = Date.now();
  if (reason.data === 'skip') {
    const shownAt = Number(form.get('shown_at'));
    const wait = skipWaitSeconds(preroll.skip_after_seconds, Number.isFinite(shownAt) && shownAt > 0 ? shownAt : null, now);
    if (wait > 0) return seeOther(withQuery(back, 'skip_wait', String(wait)));
  }
  await channel.call(api.dismissPreroll, { id, reason: reason.data });
  // A fan's dismissal is the channel's; a visitor's is this cookie.
  if (await session.user()) return seeOther(back);
  return seeOther(back, { headers: { 'Set-Cookie': await dismissalCookie(args.request, id, Math.floor(now / 1000)) } });
}

function withQuery(path: string, name: string, value: string): string {
  const url = new URL(path, 'http://x');
  url.searchParams.set(name, value);
  return url.pathname + url.search;
}

import type { LoaderFunctionArgs } from '@remix-run/node';
import { api } from '#contract';
import { refusalOf } from '~/channel/refusal.server';
import { featureRefusalMessage } from '~/domain/feature-messages';
import { refusalToast } from '~/forms/reply.server';
import { idParamOr404, notFound } from '~/http/not-found.server';
import { seeOther } from '~/http/redirects.server';
import { requestContext } from '~/http/request-context.server';

/* GET /watch/{id}/download: the watch page's "Download" link (issue 25). It asks the channel for
   the game's download as the fan (GET /download-event/{id}: it checks what they may do and counts
   the download, once per game) and sends the browser to the signed link it answers, which our
   /media proxy serves as an attachment: the browser saves the file and stays on the watch page.
   Refused, it goes back to the watch page and says why (a toast), with or without JavaScript.
   A link, not a form: what it changes (a count, once per game) is the same however often it is
   followed. */

/** Where the channel's signed download links live (channel-api/media/downloads.ts), on our origin. */
const DOWNLOAD_LINK = /^\/media\/downloads\/[A-Za-z0-9._-]+$/;

export async function loader(args: LoaderFunctionArgs) {
  const id = idParamOr404(args.params.id);
  const watchPage = `/watch/${id}`;
  const { session, channel } = requestContext(args);
  // A visitor logs in and comes back to the game, not to a file.
  if (!(await session.user())) return seeOther(`/login?${new URLSearchParams({ redirectTo: watchPage })}`);
  // In a region the game is not shown in, the channel refuses (geo_blocked): the toast says so.
  try {
    const { data } = await channel.asUser(api.downloadEvent, { id }, { handles4xx: true });
    // Only ever our own media path: a redirect stays on our origin.
    if (!DOWNLOAD_LINK.test(data.url)) throw new Error(`download link off our media path: ${data.url}`);
    return seeOther(data.url);
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal.kind === 'not-found') throw notFound();
    return refusalToast(session, watchPage, refusal, { message: featureRefusalMessage });
  }
}

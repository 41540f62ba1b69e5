import type { LoaderFunctionArgs } from '@remix-run/node';
import { api } from '#contract';
import { refusalOf } from '~/channel/refusal.server';
import { featureRefusalMessage } from '~/domain/feature-messages';
import { refusalToast } from '~/forms/reply.server';
import { seeOther } from '~/http/redirects.server';
import { requestContext } from '~/http/request-context.server';
import { ownClip } from '~/loaders/own-clip.server';

/* GET /watch_library/{id}/download: the fan's clip as an MP4 file. The channel signs a short-lived
   link to it (GET /clip/download/{id}, with download_clip); this answers a 303 to that link, which
   is path-absolute on our origin (/media/downloads/…, proxied with its Content-Disposition). */

export async function loader(args: LoaderFunctionArgs) {
  const clip = await ownClip(args);
  const { channel, session } = requestContext(args);
  try {
    const { data } = await channel.asUser(api.clipDownload, { id: clip.id }, { handles4xx: true });
    // Only a path of ours: never send the browser elsewhere.
    if (!data.url.startsWith('/') || data.url.startsWith('//')) throw new Error(`clip download link is not a path: ${data.url}`);
    return seeOther(data.url);
  } catch (error) {
    // The channel's reason, as a game's download shows it: what grants download_clip, or not ready yet.
    return refusalToast(session, `/watch_library/${clip.id}`, refusalOf(error), { message: featureRefusalMessage });
  }
}

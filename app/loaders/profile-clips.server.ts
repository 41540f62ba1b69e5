import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { api, type Clip } from '#contract';
import { formatDate } from '#contract/dates';
import { formatDuration } from '#contract/durations';
import { requireUser } from '~/auth/sign-in.server';
import { CLIPS_POLL_SECONDS, clipStatusText } from '~/domain/clips';
import { pollWhilePending } from '~/http/polling.server';
import { publicUrl } from '~/http/public-url.server';
import { requestContext } from '~/http/request-context.server';
import { i18nOf } from '~/i18n/locale.server';
import { canDownloadClips } from './own-clip.server';

/* /profile/clips: the fan's clips with their state. While one is being made the page asks again
   every CLIPS_POLL_SECONDS (app/http/polling.server.ts: without JavaScript, this loader answers
   a refresh once a clip changed, its progress too). It stops after 5 minutes (the longest a clip
   may take) with a link to look again. */

const stateOf = (clips: Clip[]) => clips.map((c) => `${c.id}:${c.status}:${c.progress}`).join(',');

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const { channel } = requestContext(args);
  const [canDownload, { value: clips, pending, refresh }, timeZone] = await Promise.all([
    canDownloadClips(args),
    pollWhilePending(
      args.request,
      { path: '/profile/clips', everySeconds: CLIPS_POLL_SECONDS, pending: (list: Clip[]) => list.some((c) => c.status === 'queued'), state: stateOf },
      async () => (await channel.asUser(api.clipsUser, {})).data,
    ),
    channel.timeZone(),
  ]);
  const { sentence, locale } = await i18nOf(args);
  return json({
    clips: clips.map((c) => ({
      id: c.id,
      name: c.name,
      status: c.status,
      statusText: sentence(clipStatusText(c)),
      progress: c.progress,
      eventId: c.event_id,
      eventName: c.event_name,
      length: formatDuration(c.duration),
      tags: c.tags,
      madeIso: c.created_at,
      made: formatDate(c.created_at, timeZone, locale),
      shareUrl: publicUrl(`/share/${c.id}/${c.uuid}`),
      poster: c.media ? { src: c.media.poster, width: c.media.width, height: c.media.height } : null,
    })),
    canDownload,
    polling: pending,
    refresh,
  });
}

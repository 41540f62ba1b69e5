import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { api, type Clip } from '#contract';
import { formatDate, RECORD_ZONE } from '#contract/dates';
import { formatDuration } from '#contract/durations';
import { requireUser } from '~/auth/sign-in.server';
import { CLIPS_POLL_SECONDS, clipStatusText } from '~/domain/clips';
import { requestContext } from '~/http/request-context.server';
import { canDownloadClips } from './own-clip.server';

/* /profile/clips: the fan's clips with their state. While one is being made the page asks again
   every CLIPS_POLL_SECONDS: with JavaScript a revalidation; without, a `<meta http-equiv=refresh>`
   with no delay to `?poll=N`, which this loader answers once a clip changed or CLIPS_POLL_SECONDS
   passed (a timed refresh would fail WCAG 2.2.1, axe meta-refresh: as on /orders/{id}). It stops
   after 5 minutes (the longest a clip may take) with a link to look again. */

const MAX_POLLS = (5 * 60) / CLIPS_POLL_SECONDS;

const stateOf = (clips: Clip[]) => clips.map((c) => `${c.id}:${c.status}:${c.progress}`).join(',');

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const { channel } = requestContext(args);
  const url = new URL(args.request.url);
  const poll = Math.min(MAX_POLLS, Math.max(0, Number.parseInt(url.searchParams.get('poll') ?? '0', 10) || 0));
  const [canDownload, first] = await Promise.all([canDownloadClips(args), channel.asUser(api.clipsUser, {})]);
  let clips = first.data;
  // A refresh without JavaScript: wait here for a change, up to the poll interval.
  const until = Date.now() + CLIPS_POLL_SECONDS * 1000;
  while (poll > 0 && clips.some((c) => c.status === 'queued') && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const next = (await channel.asUser(api.clipsUser, {})).data;
    const changed = stateOf(next) !== stateOf(clips);
    clips = next;
    if (changed) break;
  }
  const queued = clips.some((c) => c.status === 'queued');
  return json({
    clips: clips.map((c) => ({
      id: c.id,
      name: c.name,
      status: c.status,
      statusText: clipStatusText(c),
      progress: c.progress,
      eventId: c.event_id,
      eventName: c.event_name,
      length: formatDuration(c.duration),
      tags: c.tags,
      madeIso: c.created_at,
      made: formatDate(c.created_at, RECORD_ZONE),
      shareUrl: new URL(`/share/${c.id}/${c.uuid}`, url).href,
      poster: c.media?.poster ?? null,
    })),
    canDownload,
    polling: queued,
    refresh: queued && poll < MAX_POLLS ? `/profile/clips?poll=${poll + 1}` : null,
  });
}

import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { api } from '#contract';
import { formatLongDate } from '#contract/dates';
import { Playback } from '~/components/player/Playback';
import { pageMeta } from '~/domain/page-meta';
import { vodImage } from '~/domain/vod-card';
import { describeDuration, watchState } from '~/domain/watch-state';
import { mediaGrantHeaders } from '~/http/media-grant.server';
import { idParamOr404 } from '~/http/not-found.server';
import { requestContext } from '~/http/request-context.server';

export async function loader(args: LoaderFunctionArgs) {
  const id = idParamOr404(args.params.id);
  const { channel } = requestContext(args);
  const [detail, geo, timeZone] = await Promise.all([channel.asViewer(api.vodMediaItem, { id }).then((r) => r.data), channel.region(), channel.timeZone()]);
  // A VOD item is always 'finished': it plays, or asks for a pass, or is geo-blocked.
  const state = watchState({ ...detail, stream_status: 'finished' }, geo);
  // The grant to paid media is a cookie, never part of the page.
  const { media_grant, ...item } = detail;
  return json({ item, state, serverNow: Date.now(), timeZone }, { headers: mediaGrantHeaders(media_grant) });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, data?.item.title ?? 'On demand', data?.item.description.split('\n')[0] || `Watch ${data?.item.title ?? 'this video'} on demand.`);

export default function VodItemRoute() {
  const { item, state, serverNow, timeZone } = useLoaderData<typeof loader>();
  const date = new Date(item.date);
  return (
    <article className="watch">
      <p className="watch-back">
        <Link to="/vod_library">Back to On demand</Link>
      </p>
      <header className="watch-head">
        <h1>{item.title}</h1>
        <ul className="watch-facts">
          {Number.isNaN(date.getTime()) ? null : (
            <li>
              <time dateTime={item.date}>{formatLongDate(date, timeZone)}</time>
            </li>
          )}
          {item.duration > 0 ? <li>{describeDuration(item.duration)}</li> : null}
        </ul>
      </header>
      <div className="watch-stage">
        <Playback mediaId={`vod-${item.id}`} state={state} title={item.title} poster={vodImage(item)} serverNow={serverNow} />
      </div>
      {item.description ? (
        <section className="watch-about" aria-labelledby="vod-about-title">
          <h2 id="vod-about-title">About this video</h2>
          {item.description
            .split(/\n\s*\n/)
            .filter(Boolean)
            .map((para, i) => (
              <p key={i}>{para}</p>
            ))}
        </section>
      ) : null}
    </article>
  );
}

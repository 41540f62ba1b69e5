import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { ClipView } from '~/components/clips/ClipView';
import { CopyField } from '~/components/CopyField';
import { clipViewData } from '~/domain/clip-view';
import { pageMeta } from '~/domain/page-meta';
import { canDownloadClips, ownClip } from '~/loaders/own-clip.server';
import clipsCss from '~/styles/clips.css';
import copyFieldCss from '~/styles/copy-field.css';
import formsCss from '~/styles/forms.css';

/* /watch_library/{id}: the fan's own clip in the player, with its share link, its download (with
   download_clip) and Delete. Private: another fan's clip is the not-found page. */

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: formsCss },
  { rel: 'stylesheet', href: copyFieldCss },
  { rel: 'stylesheet', href: clipsCss },
];

export async function loader(args: LoaderFunctionArgs) {
  const [clip, canDownload] = await Promise.all([ownClip(args), canDownloadClips(args)]);
  return json({
    clip: clipViewData(clip),
    ready: clip.status === 'processed',
    shareUrl: new URL(`/share/${clip.id}/${clip.uuid}`, args.request.url).href,
    canDownload,
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, data?.clip.name ?? 'Clip', data ? `Your clip of ${data.clip.eventName}.` : 'Your clip.');

export default function ClipRoute() {
  const { clip, ready, shareUrl, canDownload } = useLoaderData<typeof loader>();
  return (
    <ClipView clip={clip}>
      <section className="clip-share" aria-labelledby="clip-share-title">
        <h2 id="clip-share-title">Share and keep</h2>
        {ready ? <CopyField id="clip-share" label="Share link" hint="Anyone with this link can watch the clip." value={shareUrl} /> : null}
        <p className="clip-card__actions">
          {ready && canDownload ? (
            <a className="button" href={`/watch_library/${clip.id}/download`}>
              Download
            </a>
          ) : null}
          <Link className="button button--quiet" to={`/watch_library/${clip.id}/delete`}>
            Delete
          </Link>
          <Link to="/profile/clips">All your clips</Link>
        </p>
      </section>
    </ClipView>
  );
}

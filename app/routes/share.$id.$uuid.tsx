import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { api } from '#contract';
import { ClipView } from '~/components/clips/ClipView';
import { clipViewData } from '~/domain/clip-view';
import { pageMeta } from '~/domain/page-meta';
import { shareMeta } from '~/domain/share-meta';
import { idParamOr404, notFound } from '~/http/not-found.server';
import { requestContext } from '~/http/request-context.server';
import clipsCss from '~/styles/clips.css';

/* /share/{id}/{uuid}: a fan's clip for anyone with its link, even of a paid game (the clip is the
   fan's to share; the game stays locked). Public: the same for every visitor, no cookie, cacheable
   like the other anonymous pages (ADR 012); a wrong uuid is the not-found page. */

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: clipsCss }];

export async function loader(args: LoaderFunctionArgs) {
  const id = idParamOr404(args.params.id);
  const uuid = z.string().uuid().safeParse(args.params.uuid);
  if (!uuid.success) throw notFound();
  const { data: clip } = await requestContext(args).channel.shared(api.sharedClip, { id, uuid: uuid.data });
  const url = new URL(args.request.url);
  const absolute = (path: string) => new URL(path, url.origin).href;
  return json({
    clip: clipViewData(clip),
    preview: {
      title: clip.name,
      description: `A clip of ${clip.event_name}.`,
      url: absolute(url.pathname),
      media:
        clip.status === 'processed' && clip.media
          ? { image: absolute(clip.media.preview), video: absolute(clip.media.video), width: clip.media.width, height: clip.media.height }
          : null,
    },
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data ? [...pageMeta(matches, data.preview.title, data.preview.description), ...shareMeta(data.preview)] : pageMeta(matches, 'Clip', 'A shared clip.');

export default function SharedClipRoute() {
  const { clip } = useLoaderData<typeof loader>();
  return <ClipView clip={clip} />;
}

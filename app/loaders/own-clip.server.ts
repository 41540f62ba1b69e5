import { api, type Clip } from '#contract';
import { requireUser } from '~/auth/sign-in.server';
import { idParamOr404, notFound } from '~/http/not-found.server';
import { requestContext, type RouteArgs } from '~/http/request-context.server';

/** The signed-in fan's clip named by the URL's `id` (/watch_library/{id} and its download and
 *  delete): another fan's, or none, is the not-found page. */
export async function ownClip(args: RouteArgs & { params: { id?: string } }): Promise<Clip> {
  await requireUser(args);
  const id = idParamOr404(args.params.id);
  const { data } = await requestContext(args).channel.asUser(api.clipsUser, {});
  const clip = data.find((c) => c.id === id);
  if (!clip) throw notFound();
  return clip;
}

/** Whether the signed-in fan may download their clips (capability download_clip). */
export async function canDownloadClips(args: RouteArgs): Promise<boolean> {
  const { data } = await requestContext(args).channel.asUser(api.profile);
  return data.capabilities.some((c) => c.toLowerCase() === 'download_clip');
}

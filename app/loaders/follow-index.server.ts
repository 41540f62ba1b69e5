/* The loaders of /schools and /sports (issue 24): every school by division, every sport, from what
 * every visitor shares (the bootstrap data and the participants list, as the follow pages read
 * them: ADR 033). The Follow buttons' state is the signed-in fan's own (followsOf). */
import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { api } from '#contract';
import { schoolsIndex, sportsIndex, type FollowIndexData } from '~/domain/follow-index';
import { requestContext } from '~/http/request-context.server';
import { followsOf } from '~/loaders/follows.server';

export async function schoolsIndexPage(args: LoaderFunctionArgs) {
  const { channel } = requestContext(args);
  const [boot, participants] = await Promise.all([channel.bootstrap(), channel.shared(api.participants, { no_limit: 1 })]);
  const data: FollowIndexData = {
    title: 'Schools',
    intro: 'Every school on the channel, with its teams. Follow a school or a team to find its games in My games.',
    groups: schoolsIndex(boot['participant-groups'], participants.data),
    follows: await followsOf(args),
  };
  return json(data);
}

export async function sportsIndexPage(args: LoaderFunctionArgs) {
  const { channel } = requestContext(args);
  const boot = await channel.bootstrap();
  const data: FollowIndexData = {
    title: 'Sports',
    intro: 'Every sport on the channel. Follow a sport to find its games in My games.',
    groups: sportsIndex(boot['events-categories']),
    follows: await followsOf(args),
  };
  return json(data);
}

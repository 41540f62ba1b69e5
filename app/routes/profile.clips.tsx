import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { api } from '#contract';
import { requireUser } from '~/auth/sign-in.server';
import { RecordsTab } from '~/components/profile/RecordsTab';
import { clipStatusWord } from '~/domain/account-records';
import { formatDate } from '~/domain/dates';
import { pageMeta } from '~/domain/page-meta';
import { formatDuration } from '~/domain/watch-state';
import { requestContext } from '~/http/request-context.server';

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Clips', 'The clips you made from games.');

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const { data } = await requestContext(args).channel.asUser(api.clipsUser, {});
  const clips = data.map((c) => ({
    id: c.id,
    name: c.name,
    ready: c.status === 'processed',
    status: clipStatusWord(c.status),
    eventId: c.event_id,
    eventName: c.event_name,
    length: formatDuration(c.duration),
    tags: c.tags.join(', '),
    madeIso: c.created_at,
    made: formatDate(c.created_at),
  }));
  return json({ clips });
}

export default function Clips() {
  const { clips } = useLoaderData<typeof loader>();
  return (
    <RecordsTab
      title="Clips"
      caption="Your clips, newest first"
      columns={['Clip', 'Game', 'Length', 'Tags', 'Status', 'Made on']}
      empty={
        <>
          <p>You have no clips yet.</p>
          <p>
            To make one, open a game on its watch page and use the clip button under the player: pick the start and end, give it a name and a tag.{' '}
            <Link to="/vod_library">Find a game in the on-demand library</Link>
          </p>
        </>
      }
      rows={clips.map((c) => (
        <tr key={c.id}>
          <th scope="row">{c.name}</th>
          <td>
            <Link to={`/watch/${c.eventId}`}>{c.eventName}</Link>
          </td>
          <td>{c.length}</td>
          <td>{c.tags}</td>
          <td>{c.status}</td>
          <td>
            <time dateTime={c.madeIso}>{c.made}</time>
          </td>
        </tr>
      ))}
    />
  );
}

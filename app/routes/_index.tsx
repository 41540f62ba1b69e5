import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { loadBootstrapOrWhoops } from '~/channel/bootstrap.server';
import { channelFor } from '~/channel/client.server';
import { ChannelError, whoopsResponse } from '~/channel/errors.server';
import { homepageEvents } from '~/channel/events.server';
import { vodRails } from '~/channel/vod.server';
import { EventList } from '~/components/EventList';
import { Rail } from '~/components/Rail';
import { Slides } from '~/components/Slides';
import { pageMeta } from '~/components/layout/meta';

export async function loader({ request }: LoaderFunctionArgs) {
  const boot = await loadBootstrapOrWhoops();
  const ch = await channelFor(request);
  try {
    const [events, rails] = await Promise.all([homepageEvents(ch), vodRails(ch)]);
    return json(
      { channelName: boot.settings.name, slides: boot.slides, pages: boot.pages, events, rails },
      { headers: await ch.headers() },
    );
  } catch (error) {
    if (error instanceof ChannelError && error.isOutage) throw whoopsResponse();
    throw error;
  }
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Home');

export default function Home() {
  const { channelName, slides, pages, events, rails } = useLoaderData<typeof loader>();
  return (
    <div className="page page--home">
      <div className="hero">
        <h1>{channelName}</h1>
        <p className="hero__lead">Live games, what's coming up and every replay in one place.</p>
      </div>
      <Slides slides={slides} pages={pages} />

      <section className="home-section" aria-labelledby="live-now">
        <h2 id="live-now">Live now</h2>
        <EventList
          events={events.live}
          eagerCount={3}
          empty={
            <p>
              Nothing is live right now. See <Link to="/schedule">the schedule</Link> for what's next.
            </p>
          }
        />
      </section>

      <section className="home-section" aria-labelledby="upcoming">
        <div className="section-head">
          <h2 id="upcoming">Upcoming</h2>
          <Link to="/upcoming?status=upcoming" className="section-head__more">
            Full schedule
          </Link>
        </div>
        <EventList events={events.upcoming} empty={<p>No upcoming events are scheduled yet.</p>} />
      </section>

      <section className="home-section" aria-labelledby="on-demand">
        <div className="section-head">
          <h2 id="on-demand">On demand</h2>
          <Link to="/upcoming?status=finished" className="section-head__more">
            All past games
          </Link>
        </div>
        <EventList events={events.finished} empty={<p>Replays of finished games will appear here.</p>} />
      </section>

      {rails
        .filter((rail) => rail.vod_media_items.length > 0)
        .map((rail) => (
          <Rail key={rail.id} rail={rail} />
        ))}
    </div>
  );
}

import type { MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { EventTiles } from '~/components/EventTiles';
import { Slides } from '~/components/Slides';
import { StaticRail } from '~/components/StaticRail';
import type { loader } from '~/loaders/home.server';

export { loader } from '~/loaders/home.server';

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.title }, { name: 'description', content: `Watch ${data.channelName}: live games, what is coming up, and replays on demand.` }] : [];

export default function Home() {
  const { channelName, slides, live, upcoming, finished, rails } = useLoaderData<typeof loader>();
  return (
    <div className="page page--home">
      <div className="hero">
        <h1>{channelName}</h1>
        <p className="hero__lead">Live games, what's coming up and every replay in one place.</p>
      </div>
      <Slides slides={slides} />

      <section className="home-section" aria-labelledby="live-now">
        <div className="section-head">
          <h2 id="live-now">Live now</h2>
          {live.more ? (
            <Link to="/upcoming?status=live" className="section-head__more">
              All live games
            </Link>
          ) : null}
        </div>
        <EventTiles
          cards={live.cards}
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
        <EventTiles cards={upcoming.cards} empty={<p>No upcoming events are scheduled yet.</p>} />
      </section>

      <section className="home-section" aria-labelledby="on-demand">
        <div className="section-head">
          <h2 id="on-demand">On demand</h2>
          <Link to="/upcoming?status=finished" className="section-head__more">
            All past games
          </Link>
        </div>
        <EventTiles cards={finished.cards} empty={<p>Replays of finished games will appear here.</p>} />
      </section>

      {rails.map((rail) => (
        <StaticRail key={rail.id} rail={rail} />
      ))}
    </div>
  );
}
